package adapters

import (
	"math"
	"os"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// fuzzBench feeds a result-file parser hostile bytes, seeded with the
// recorded fixtures: it must not panic, and whatever it returns must emit
// only non-negative latencies and finite gauges.
func fuzzBench(f *testing.F, parse func([]byte) ([]BenchResult, error), seeds ...string) {
	for _, s := range seeds {
		raw, err := os.ReadFile(mb + s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte{})
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		SniffBench(data)
		results, err := parse(data)
		if err != nil {
			return
		}
		for _, r := range results {
			emitBench(checkEmitter{t}, r, 1)
		}
	})
}

// checkEmitter fails on a negative latency or count and a gauge that is
// not finite; it keeps nothing (a count may be huge).
type checkEmitter struct{ t *testing.T }

func (c checkEmitter) Latency(s histogram.Series, _, v, n int64) {
	if v < 0 || n < 1 {
		c.t.Fatalf("%s: latency %d × %d", s, v, n)
	}
}

func (c checkEmitter) Value(s histogram.Series, _ int64, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		c.t.Fatalf("%s: gauge %v", s, v)
	}
}

func (c checkEmitter) Histogram(histogram.Series, int64, *hdr.Histogram, float64) {}

func FuzzGoTest(f *testing.F) {
	f.Add([]byte("BenchmarkX-8 10 NaN ns/op\nBenchmarkY 1 +Inf ns/op\nBenchmarkZ 5 -1 ns/op 3 B/op\n"))
	fuzzBench(f, ParseGoTest, "gotest_bench.txt")
}

func FuzzHyperfine(f *testing.F) {
	f.Add([]byte(`{"results":[{"command":"x","times":[1e300,-1,0],"mean":null}]}`))
	fuzzBench(f, ParseHyperfine, "hyperfine.json", "hyperfine_param.json")
}

func FuzzPytestBenchmark(f *testing.F) {
	f.Add([]byte(`{"datetime":"x","benchmarks":[{"fullname":"a","group":null,"stats":{"data":[1,"x",-2e9],"mean":"y"}}]}`))
	fuzzBench(f, ParsePytestBenchmark, "pytest_benchmark.json")
}

func FuzzGoogleBenchmark(f *testing.F) {
	f.Add([]byte(`{"benchmarks":[{"name":"a","run_type":"aggregate","aggregate_name":"cv","aggregate_unit":"percentage","real_time":1e308,"time_unit":"s"},{"name":"b","real_time":1,"time_unit":"parsec"}]}`))
	fuzzBench(f, ParseGoogleBenchmark, "google_benchmark.json", "google_benchmark_single.json")
}

func FuzzJMH(f *testing.F) {
	f.Add([]byte(`[{"benchmark":"b","mode":"sample","primaryMetric":{"score":"NaN","scoreUnit":"s/op","rawDataHistogram":[[[[1e300,1e300],[1],[-1,5]]]]}}]`))
	fuzzBench(f, ParseJMH, "jmh.json")
}

func FuzzCriterion(f *testing.F) {
	dir := mb + "criterion/fib_group/5/new/"
	read := func(name string) []byte {
		b, err := os.ReadFile(dir + name)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	f.Add(read("estimates.json"), read("sample.json"), read("benchmark.json"))
	f.Add([]byte(`{"slope":null,"mean":{}}`), []byte(`{"iters":[0,-1,1e-300],"times":[1,2,1e300]}`), []byte(`[]`))
	f.Fuzz(func(t *testing.T, estimates, sample, benchmark []byte) {
		if r, err := ParseCriterion(estimates, sample, benchmark); err == nil {
			emitBench(checkEmitter{t}, r, 1)
		}
	})
}
