package adapters

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// The fixtures under testdata/microbench were written by the real tools on
// this machine (Debian 12, Nov 2026), beside what each printed (*.stdout)
// and the benchmark it ran (*.txt): go 1.26 `go test -run X -bench .
// -benchmem -count 5 -benchtime 50ms`; hyperfine 1.15.0 `-N --warmup 2
// --runs 12 --export-json` and `-P n 1 2`; pytest-benchmark 5.3.1
// `--benchmark-json --benchmark-max-time=0.001 --benchmark-min-rounds=9`;
// Google Benchmark 1.7.1 `--benchmark_repetitions=4 --benchmark_min_time=0.05
// --benchmark_out_format=json`; JMH 1.37 on OpenJDK 17 `-f 2 -wi 1 -i 3 -rf
// json -prof gc`; Criterion 0.5 `cargo bench` (target/criterion).

// frameEmitter records every kind into a Recorder as `import` does, with the bounds
// the agent gives a Suite adapter.
type frameEmitter struct{ r *histogram.Recorder }

func (e frameEmitter) Latency(s histogram.Series, atMs, v, n int64) {
	e.r.Series(s).RecordN(atMs, v, n)
}
func (e frameEmitter) Value(s histogram.Series, atMs int64, v float64) { e.r.Series(s).Add(atMs, v) }
func (e frameEmitter) Histogram(s histogram.Series, atMs int64, h *hdr.Histogram, scale float64) {
	e.r.Series(s).Merge(atMs, h, scale)
}

// importBench reads files with the microbench adapter and returns the
// frames by series ("name{labels}"), all in one interval.
func importBench(t *testing.T, opts map[string]string, files ...string) map[string]histogram.Frame {
	t.Helper()
	a := mustNew(t, "microbench", Options{Files: files, Opts: opts})
	if _, ok := a.(Suite); !ok {
		t.Fatal("microbench is no Suite")
	}
	r := histogram.NewRecorder(0, 1<<50, 0)
	r.Bound(histogram.Bounds{MaxPerMetric: 1, Suite: true})
	if err := a.Run(context.Background(), frameEmitter{r}); err != nil {
		t.Fatal(err)
	}
	out := map[string]histogram.Frame{}
	for _, f := range r.CloseAll() {
		if f.Count > 0 {
			out[f.Series.String()] = f
		}
	}
	return out
}

func frameOf(t *testing.T, frames map[string]histogram.Frame, key string) histogram.Frame {
	t.Helper()
	f, ok := frames[key]
	if !ok {
		t.Fatalf("no series %s", key)
	}
	return f
}

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s: %v, the tool's %v (tolerance %v)", what, got, want, tol)
	}
}

const mb = "testdata/microbench/"

func TestMicrobenchGoTest(t *testing.T) {
	frames := importBench(t, nil, mb+"gotest_bench.txt")
	for name, lines := range map[string][]float64{
		// The ns/op of each -count line as go test printed it.
		"BenchmarkJoin/parts=4-2":  {218.7, 152.1, 159.6, 187.4, 233.9},
		"BenchmarkJoin/parts=64-2": {1249, 3258, 2227, 1916, 1767},
		"BenchmarkSprintf-2":       {705.4, 699.7, 783.8, 932.8, 1130},
		"BenchmarkAdd-2":           {3.738, 2.609, 3.489, 6.535, 6.271},
	} {
		labels := "{benchmark=" + name + ",pkg=example.com/gob}"
		mean, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
		for _, v := range lines {
			mean, lo, hi = mean+v/5, min(lo, v), max(hi, v)
		}
		lat := frameOf(t, frames, "time_per_op"+labels)
		if lat.Series.Unit != "ns" || lat.Count != 5 {
			t.Errorf("%s: %s, %d samples", name, lat.Series.Unit, lat.Count)
		}
		// Integer ns: each sample within half a nanosecond.
		near(t, name+" mean", lat.Mean, mean, 0.5)
		near(t, name+" min", lat.Min, lo, 0.5)
		near(t, name+" max", lat.Max, hi, 0.5)
		g := frameOf(t, frames, "ns/op"+labels)
		near(t, name+" ns/op gauge", g.Mean, mean, 1e-9*mean)
		near(t, name+" ns/op gauge min", g.Min, lo, 0)
	}
	sp := "{benchmark=BenchmarkSprintf-2,pkg=example.com/gob}"
	near(t, "MB/s", frameOf(t, frames, "MB/s"+sp).Mean, (11.34+11.43+10.21+8.58+7.08)/5, 1e-9)
	near(t, "widgets/op", frameOf(t, frames, "widgets/op"+sp).Mean, 1.5, 0)
	near(t, "B/op", frameOf(t, frames, "B/op"+sp).Mean, 8, 0)
	near(t, "allocs/op", frameOf(t, frames, "allocs/op"+sp).Mean, 1, 0)
	if f := frameOf(t, frames, "B/op"+sp); f.Series.Unit != "B/op" || f.Series.Kind != histogram.Gauge {
		t.Errorf("B/op: %+v", f.Series)
	}
	// Different benchmarks are not merged into one series.
	for key := range frames {
		if !strings.Contains(key, "{") {
			t.Errorf("an aggregate across benchmarks: %s", key)
		}
	}
}

func TestMicrobenchHyperfine(t *testing.T) {
	frames := importBench(t, nil, mb+"hyperfine.json")
	// hyperfine's own lines: "Time (mean ± σ): 26.6 ms ± 12.0 ms" and
	// "Range (min … max): 11.9 ms … 43.8 ms 12 runs".
	printed := printedHyperfine(t, mb+"hyperfine.stdout")
	for cmd, p := range printed {
		key := "{benchmark=" + cmd + "}"
		lat := frameOf(t, frames, "run_time"+key)
		if lat.Count != int64(p[4]) || lat.Series.Unit != "ns" {
			t.Errorf("%s: %d runs in %s, hyperfine %v", cmd, lat.Count, lat.Series.Unit, p[4])
		}
		for i, v := range []float64{lat.Mean, frameOf(t, frames, "stddev"+key).Mean * 1e9, lat.Min, lat.Max} {
			if got := fmt.Sprintf("%.1f", v/1e6); got != fmt.Sprintf("%.1f", p[i]) {
				t.Errorf("%s figure %d: %s ms, hyperfine printed %.1f", cmd, i, got, p[i])
			}
		}
		near(t, cmd+" mean gauge (s) against the histogram", frameOf(t, frames, "mean"+key).Mean*1e9, lat.Mean, 0.5)
	}
	if len(printed) != 2 {
		t.Fatalf("read %d commands from hyperfine's output", len(printed))
	}
	param := importBench(t, nil, mb+"hyperfine_param.json")
	near(t, "parameter scan", frameOf(t, param, "mean{benchmark=sleep 0.02}").Mean, 0.0227213718, 0)
}

// printedHyperfine reads mean, σ, min, max (ms) and runs per command from
// hyperfine's terminal output.
func printedHyperfine(t *testing.T, path string) map[string][5]float64 {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Benchmark \d+: (.+)\n\s+Time \(mean ± σ\):\s+([\d.]+) ms ±\s+([\d.]+) ms.*\n\s+Range \(min … max\):\s+([\d.]+) ms …\s+([\d.]+) ms\s+(\d+) runs`)
	out := map[string][5]float64{}
	for _, m := range re.FindAllStringSubmatch(string(raw), -1) {
		var v [5]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+2], 64)
		}
		out[m[1]] = v
	}
	return out
}

func TestMicrobenchPytestBenchmark(t *testing.T) {
	frames := importBench(t, nil, mb+"pytest_benchmark.json")
	// pytest-benchmark's table (ns): Min Max Mean StdDev Median IQR
	// Outliers OPS(Kops/s) Rounds Iterations, each figure with its ratio.
	raw, _ := os.ReadFile(mb + "pytest_benchmark.stdout")
	row := regexp.MustCompile(`(?m)^(test_\S+)\s+([\d,.]+) \(.*?\)\s+([\d,.]+) \(.*?\)\s+([\d,.]+) \(.*?\)\s+([\d,.]+) \(.*?\)\s+([\d,.]+) \(.*?\)\s+([\d,.]+) \(.*?\)\s+\S+\s+([\d,.]+) \(.*?\)\s+(\d+)\s+(\d+)$`)
	rows := row.FindAllStringSubmatch(string(raw), -1)
	if len(rows) != 4 {
		t.Fatalf("read %d rows of pytest-benchmark's table", len(rows))
	}
	for _, m := range rows {
		num := func(i int) float64 { v, _ := strconv.ParseFloat(strings.ReplaceAll(m[i], ",", ""), 64); return v }
		key := "{benchmark=test_b.py::" + m[1] + "}"
		lat := frameOf(t, frames, "time_per_op"+key)
		if lat.Count != int64(num(9)) {
			t.Errorf("%s: %d rounds, pytest-benchmark %v", m[1], lat.Count, num(9))
		}
		near(t, m[1]+" min", lat.Min, num(2), 0.5)
		near(t, m[1]+" max", lat.Max, num(3), 0.5)
		near(t, m[1]+" mean", lat.Mean, num(4), 0.5)
		for i, g := range []string{"min", "max", "mean", "stddev", "median", "iqr"} {
			if got := fmt.Sprintf("%.4f", frameOf(t, frames, g+key).Mean*1e9); got != fmt.Sprintf("%.4f", num(i+2)) {
				t.Errorf("%s %s: %s ns, printed %s", m[1], g, got, m[i+2])
			}
		}
		if got := fmt.Sprintf("%.4f", frameOf(t, frames, "ops"+key).Mean/1e3); got != fmt.Sprintf("%.4f", num(8)) {
			t.Errorf("%s ops: %s Kops/s, printed %s", m[1], got, m[8])
		}
		near(t, m[1]+" iterations", frameOf(t, frames, "iterations"+key).Mean, num(10), 0)
	}
}

func TestMicrobenchGoogleBenchmark(t *testing.T) {
	frames := importBench(t, nil, mb+"google_benchmark.json")
	// The console table printed beside the JSON: name, real time, CPU time
	// (value and unit, or "%" for cv), iterations.
	f, err := os.Open(mb + "google_benchmark.stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile(`^(BM_\S+?)(?:_(mean|median|stddev|cv))?\s+([\d.]+) (ns|us|%)\s+([\d.]+) (?:ns|us|%)\s+(\d+)`)
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := row.FindStringSubmatch(sc.Text())
		if m == nil || m[2] == "" {
			continue
		}
		key := "{benchmark=" + m[1] + "}"
		real, _ := strconv.ParseFloat(m[3], 64)
		cpu, _ := strconv.ParseFloat(m[5], 64)
		// The console rounds to 3 or 4 significant digits.
		for name, printed := range map[string]float64{"real_time_" + m[2]: real, "cpu_time_" + m[2]: cpu} {
			g := frameOf(t, frames, name+key)
			near(t, m[1]+" "+name, g.Mean, printed, 0.005*printed)
			if m[2] == "cv" && g.Series.Unit != "%" || m[2] != "cv" && g.Series.Unit != m[4] {
				t.Errorf("%s %s: unit %s, printed %s", m[1], name, g.Series.Unit, m[4])
			}
		}
		if m[2] == "mean" {
			// Four repetitions, each one sample; their mean is the tool's.
			scale, _ := nsPer(m[4])
			lat := frameOf(t, frames, "real_time"+key)
			if lat.Count != 4 || lat.Series.Unit != "ns" {
				t.Errorf("%s: %d repetitions in %s", m[1], lat.Count, lat.Series.Unit)
			}
			near(t, m[1]+" real_time mean", lat.Mean, frameOf(t, frames, "real_time_mean"+key).Mean*scale, 0.5)
		}
		checked++
	}
	if checked != 12 {
		t.Errorf("compared %d aggregate rows, want 12", checked)
	}
	near(t, "bytes_per_second", frameOf(t, frames, "bytes_per_second_mean{benchmark=BM_StringCopy/8}").Mean, 1.185465250067901e+09, 0)
	near(t, "user counter", float64(frameOf(t, frames, "elements{benchmark=BM_Sort/1000}").Count), 4, 0)
	single := importBench(t, nil, mb+"google_benchmark_single.json")
	if lat := frameOf(t, single, "cpu_time{benchmark=BM_Sort/1000}"); lat.Count != 1 {
		t.Errorf("one run without repetitions: %d samples", lat.Count)
	}
}

func TestMicrobenchJMH(t *testing.T) {
	frames := importBench(t, nil, mb+"jmh.json")
	// JMH's summary: Benchmark (size) Mode Cnt Score ± Error Units.
	raw, _ := os.ReadFile(mb + "jmh.stdout")
	row := regexp.MustCompile(`(?m)^MyBenchmark\.(\w+)\s+(\d+)\s+(\w+)\s+(\d+)\s+([\d.]+) ±\s+([\d.]+)\s+(\S+)$`)
	rows := row.FindAllStringSubmatch(string(raw), -1)
	if len(rows) != 6 {
		t.Fatalf("read %d rows of JMH's summary", len(rows))
	}
	for _, m := range rows {
		key := "{benchmark=org.sample.MyBenchmark." + m[1] + ",mode=" + m[3] + ",params=size=" + m[2] + "}"
		score, _ := strconv.ParseFloat(m[5], 64)
		scoreErr, _ := strconv.ParseFloat(m[6], 64)
		cnt, _ := strconv.ParseInt(m[4], 10, 64)
		near(t, key+" score", frameOf(t, frames, "score"+key).Mean, score, 0.0005)
		near(t, key+" error", frameOf(t, frames, "score_error"+key).Mean, scoreErr, 0.0005)
		if u := frameOf(t, frames, "score"+key).Series.Unit; u != m[7] {
			t.Errorf("%s: unit %s, JMH %s", key, u, m[7])
		}
		if m[3] == "thrpt" {
			g := frameOf(t, frames, "throughput"+key)
			if g.Count != cnt {
				t.Errorf("%s: %d iterations, JMH %d", key, g.Count, cnt)
			}
			near(t, key+" throughput", g.Mean, score, 0.0005)
			continue
		}
		scale, _ := nsPer(strings.TrimSuffix(m[7], "/op"))
		lat := frameOf(t, frames, "time_per_op"+key)
		if lat.Count != cnt {
			t.Errorf("%s: %d samples, JMH %d", key, lat.Count, cnt)
		}
		// Each sample within half a nanosecond; the printed score has 3 decimals.
		near(t, key+" mean", lat.Mean, score*scale, 0.5+0.0005*scale)
	}
	// Sample mode: the stored percentiles are JMH's (its p0.50, p0.90, p0.99
	// are sampled values; 3 significant digits).
	key := "{benchmark=org.sample.MyBenchmark.sampled,mode=sample,params=size=100}"
	lat := frameOf(t, frames, "time_per_op"+key)
	for _, p := range []struct {
		name string
		got  float64
	}{{"p0.50", lat.P50}, {"p0.90", lat.P90}, {"p0.99", lat.P99}} {
		jmh := frameOf(t, frames, p.name+key).Mean * 1e3
		near(t, "sample "+p.name, p.got, jmh, 0.001*jmh+0.5)
	}
	near(t, "gc.alloc.rate", frameOf(t, frames, "gc.alloc.rate{benchmark=org.sample.MyBenchmark.hash,mode=thrpt,params=size=10}").Mean, 368.0727079069577, 0)
}

func TestMicrobenchFormatForced(t *testing.T) {
	if _, err := New("microbench", Options{Opts: map[string]string{"format": "nope"}}); err == nil {
		t.Error("took an unknown format")
	}
	if _, err := New("microbench", Options{Args: []string{"go", "test"}, Opts: map[string]string{}}); err == nil {
		t.Error("took `run`")
	}
	// A Go benchmark log read as JMH is refused, not read as nothing.
	a := mustNew(t, "microbench", Options{Files: []string{mb + "gotest_bench.txt"}, Opts: map[string]string{"format": "jmh"}})
	if err := a.Run(context.Background(), newCollector()); err == nil {
		t.Error("read Go's output as JMH")
	}
	frames := importBench(t, map[string]string{"format": "gotest"}, mb+"gotest_bench.txt")
	if len(frames) == 0 {
		t.Error("format=gotest read nothing")
	}
}

func TestSniffBench(t *testing.T) {
	for file, want := range map[string]string{
		"gotest_bench.txt":             "gotest",
		"hyperfine.json":               "hyperfine",
		"pytest_benchmark.json":        "pytest-benchmark",
		"google_benchmark.json":        "google-benchmark",
		"google_benchmark_single.json": "google-benchmark",
		"jmh.json":                     "jmh",
	} {
		raw, _ := os.ReadFile(mb + file)
		if got := SniffBench(raw[:min(len(raw), 8<<10)]); got != want {
			t.Errorf("%s: %q", file, got)
		}
	}
	for _, other := range []string{"k6.json", "pgbench_plain.8839", "interval.hlog", "statsd.txt", "cockroach_histograms.json"} {
		raw, _ := os.ReadFile("testdata/" + other)
		if got := SniffBench(raw); got != "" {
			t.Errorf("%s sniffed as %s", other, got)
		}
	}
}

func TestMicrobenchCriterion(t *testing.T) {
	// The whole target/criterion directory, as `import target/criterion` reads it.
	frames := importBench(t, nil, mb+"criterion")
	// Criterion's line "fib_group/5  time: [45.866 ns 96.492 ns 146.62 ns]":
	// the slope's confidence interval and estimate (linear sampling), 5 digits.
	raw, _ := os.ReadFile(mb + "criterion.stdout")
	row := regexp.MustCompile(`(?m)^(.+?)\s+time:\s+\[([\d.]+) (ns|µs) ([\d.]+) (?:ns|µs) ([\d.]+) (?:ns|µs)\]$`)
	rows := row.FindAllStringSubmatch(string(raw), -1)
	if len(rows) != 3 {
		t.Fatalf("read %d lines of Criterion's output", len(rows))
	}
	for _, m := range rows {
		key := "{benchmark=" + m[1] + "}"
		scale := map[string]float64{"ns": 1, "µs": 1e3}[m[3]]
		for i, g := range map[int]string{2: "slope_lower_bound", 4: "slope", 5: "slope_upper_bound"} {
			printed, _ := strconv.ParseFloat(m[i], 64)
			near(t, m[1]+" "+g, frameOf(t, frames, g+key).Mean, printed*scale, 0.00005*printed*scale)
		}
		// Every sample's time per iteration: their mean is Criterion's mean.
		lat := frameOf(t, frames, "time_per_op"+key)
		if lat.Count != 20 || lat.Series.Unit != "ns" {
			t.Errorf("%s: %d samples in %s", m[1], lat.Count, lat.Series.Unit)
		}
		near(t, m[1]+" mean", lat.Mean, frameOf(t, frames, "mean"+key).Mean, 0.5)
	}
	// One benchmark's files name it too, whichever of them is given.
	one := importBench(t, nil, mb+"criterion/fib_group/5/new/sample.json")
	near(t, "median", frameOf(t, one, "median{benchmark=fib_group/5}").Mean, 24.01848276075136, 0)
}

func TestMicrobenchSaysItsSamplesAreNoThroughput(t *testing.T) {
	ad, err := New("microbench", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, ok := ad.(Describer)
	if !ok || !strings.HasPrefix(d.Measurement()["throughputSource"].(string), "none") {
		t.Errorf("a suite's measurement does not say its samples are no throughput: %v", ad)
	}
}
