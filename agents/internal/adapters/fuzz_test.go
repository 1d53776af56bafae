package adapters

import (
	"bufio"
	"bytes"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// seedLines adds the first lines of a fixture to a fuzz corpus.
func seedLines(f *testing.F, path string, n int) {
	fh, err := os.Open(path)
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, maxLine)
	for i := 0; i < n && sc.Scan(); i++ {
		f.Add(append([]byte(nil), sc.Bytes()...))
	}
}

func FuzzPgbenchLogLine(f *testing.F) {
	seedLines(f, "testdata/pgbench_plain.8839", 3)
	seedLines(f, "testdata/pgbench_rated.8846", 3)
	f.Add([]byte("0 12 skipped 0 1763800000 5 100"))
	f.Add([]byte("3 7 failed 1 1763800000 999999 0 2"))
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, lag := range []bool{false, true} {
			tx, err := ParsePgbenchLogLine(line, lag)
			if err == nil && (tx.LatencyUs < 0 || tx.LagUs < 0 || tx.EndUs < 0) {
				t.Fatalf("negative value accepted: %+v", tx)
			}
		}
	})
}

func FuzzPgbenchProgress(f *testing.F) {
	seedLines(f, "testdata/pgbench_rated.stderr", 3)
	f.Add([]byte("progress: 3.0 s, 10.0 tps, lat 9.1 ms stddev 1.0, lag 2.0 ms, 4 skipped"))
	f.Fuzz(func(t *testing.T, line []byte) { ParsePgbenchProgress(line) })
}

func FuzzK6Line(f *testing.F) {
	seedLines(f, "testdata/k6.json", 16)
	f.Fuzz(func(t *testing.T, line []byte) {
		a := &k6{kinds: map[string]K6Line{}}
		c := newCollector()
		a.line([]byte(`{"type":"Metric","data":{"name":"m","type":"trend","contains":"time"},"metric":"m"}`), c)
		a.line(line, c)
	})
}

func FuzzHdrLogLine(f *testing.F) {
	seedLines(f, "testdata/interval.hlog", 8)
	f.Add([]byte("Tag=x,0.1,1.0,2.0,HISTFAAAACB42pNpmSzMwMDAzQABzFCaEUoz2X+AiAEAVq4DSA=="))
	f.Fuzz(func(t *testing.T, line []byte) {
		a := &hdrLog{o: Options{Opts: map[string]string{}}}
		a.line(line, newCollector())
	})
}

func FuzzCockroachTick(f *testing.F) {
	seedLines(f, "testdata/cockroach_histograms.json", 2)
	f.Add([]byte(`{"Name":"x","Hist":{"LowestTrackableValue":1,"HighestTrackableValue":9223372036854775807,"SignificantFigures":5,"Counts":[1]}}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		_, h, err := ParseCockroachTick(line)
		if err == nil {
			_ = h.ValueAtQuantile(99)
		}
	})
}

func FuzzCockroachOutput(f *testing.F) {
	seedLines(f, "testdata/cockroach_tpcc.stdout", 30)
	f.Fuzz(func(t *testing.T, in []byte) {
		var p CockroachOutput
		p.Line([]byte("_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)"))
		p.Line(in)
		p.Line([]byte("    1.0s        0            2.0            2.0     12.1     14.7     14.7     14.7 delivery"))
	})
}

func FuzzStatsD(f *testing.F) {
	seedLines(f, "testdata/statsd.txt", 10)
	f.Fuzz(func(t *testing.T, line []byte) {
		a := &statsd{scale: 1000, gauges: map[histogram.Series]float64{}}
		a.Handle(line, 0, newCollector())
	})
}

// FuzzStatsDFastLine checks that the listener's fast path records what the
// general parser does: a datagram handled twice (the second time every
// target is cached and guessed after the line it followed the first time,
// rightly or not, so fastLine takes what it can) against the same datagram
// given to parseLine alone, line by line.
func FuzzStatsDFastLine(f *testing.F) {
	seedLines(f, "testdata/statsd.txt", 10)
	for _, s := range []string{
		"bench.latency:1.234|ms|#series:s3\nbench.latency:0.2|ms|#series:s4\nbench.latency:17|ms|#series:s3",
		"a:1|c\na:2|c|@0.5\na:3|g\na:+3|g\na:1:2:3|ms", " a:1|ms\r\na:1|ms \n\ta:1|ms", "a:1.5e3|ms\na:-1|ms\na:.5|ms\na:5.|ms\na:.|ms",
		"a|b:1|ms\na:1|ms\na:|ms\n:1|ms\na:1|\na:1", "n\u00a0:1|ms\n\u00a0n:1|ms\nn:1|ms\u00a0", "x:12345678901234567890|ms\nx:1.0000000000000000000000001|c",
		"t:12.3456789|ms|@0.5\nt:0.000001|ms\nt:123456789012.5|ms",
		"a:1|ms\nb:2|ms\na:3|ms\nc:4|ms\na:5|ms|#t:1\nb:6|ms\nb:7|c\na:8|g\na:9|ms\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, datagram []byte) {
		for _, scale := range []float64{1000, 1} {
			fast, slow := newCollector(), newCollector()
			a := &statsd{scale: scale, gauges: map[histogram.Series]float64{}}
			b := &statsd{scale: scale, gauges: map[histogram.Series]float64{}}
			for range 2 {
				a.Handle(datagram, 7, fast)
				for _, line := range bytes.Split(datagram, []byte("\n")) {
					b.parseLine(line, 7, slow)
				}
				b.flush(slow)
			}
			if !sameLatencies(fast.lat, slow.lat) || !sameValues(fast.vals, slow.vals) {
				t.Fatalf("scale %v: fast path %v %v, parser %v %v", scale, fast.lat, fast.vals, slow.lat, slow.vals)
			}
		}
	})
}

func sameLatencies(x, y map[histogram.Series][]int64) bool {
	return maps.EqualFunc(x, y, slices.Equal)
}

// sameValues compares bit for bit: relative gauges can sum to NaN.
func sameValues(x, y map[histogram.Series][]float64) bool {
	return maps.EqualFunc(x, y, func(a, b []float64) bool {
		return slices.EqualFunc(a, b, func(v, w float64) bool { return math.Float64bits(v) == math.Float64bits(w) })
	})
}

// FuzzStatsDValue checks the listener's number parsing against what it
// replaces: strconv.ParseFloat, and math.Round(v*scale) for timers.
func FuzzStatsDValue(f *testing.F) {
	for _, s := range []string{"0", "1", "12.5", "0.001", "1.0005", ".5", "5.", ".", "", "-3", "+3", "1e3",
		"123456789012345678901234", "0.1234567890123456789012345", "9007199254740993", "NaN", "inf", "0x1p-2", "1_0", "3.6e9", "100000000000001"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		want, err := strconv.ParseFloat(string(raw), 64)
		wantOK := err == nil && !math.IsNaN(want) && !math.IsInf(want, 0)
		got, ok := parseValue(raw)
		if ok != wantOK || (ok && math.Float64bits(got) != math.Float64bits(want)) {
			t.Fatalf("parseValue(%q) = %v %v, ParseFloat %v %v", raw, got, ok, want, err)
		}
		for _, scale := range []float64{1000, 1, 1e-3} {
			a := &statsd{scale: scale}
			us, ok := a.micros(raw)
			if ok != wantOK || (ok && us != int64(math.Round(want*scale))) {
				t.Fatalf("micros(%q) at scale %v = %d %v, want %d", raw, scale, us, ok, int64(math.Round(want*scale)))
			}
		}
	})
}

// FuzzShortText checks nextLine's word comparisons against bytes.HasPrefix.
func FuzzShortText(f *testing.F) {
	f.Add("bench.latency:", []byte("bench.latency:1.5|ms"))
	f.Add("|ms|#series:s3", []byte("|ms|#series:s4\n"))
	f.Add("12345678", []byte("1234567"))
	f.Add("x:", []byte("x:1|c"))
	f.Fuzz(func(t *testing.T, s string, b []byte) {
		text := newShortText(s)
		if got, want := text.prefixOf(b), bytes.HasPrefix(b, []byte(s)); got != want {
			t.Fatalf("prefixOf(%q, %q) = %v, bytes.HasPrefix %v", s, b, got, want)
		}
	})
}
