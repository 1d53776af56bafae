package agent

import (
	"testing"

	"github.com/levelfield/levelfield/agents/internal/adapters"
	"github.com/levelfield/levelfield/agents/internal/histogram"
)

func TestSniff(t *testing.T) {
	for file, want := range map[string]string{
		"pgbench_plain.8839":            "pgbench",
		"k6.json":                       "k6",
		"interval.hlog":                 "hdrlog",
		"cockroach_histograms.json":     "cockroach",
		"cockroach_tpcc.stdout":         "cockroach",
		"statsd.txt":                    "statsd",
		"microbench/gotest_bench.txt":   "microbench",
		"microbench/hyperfine.json":     "microbench",
		"microbench/jmh.json":           "microbench",
		"microbench/criterion":          "microbench",
		"wrk/wrk_latency.stdout":        "wrk",
		"sysbench/cpu_histogram.stdout": "sysbench",
		"sysbench/memory.stdout":        "sysbench",
		"ycsb/READ.hdr":                 "ycsb",
		"ycsb/ycsb_hdr.stdout":          "ycsb",
		"ycsb/ycsb_hdr.stderr":          "ycsb",
		"memtier/redis-pr-13900.stdout": "memtier",
		"tpcc-mysql/tpcc_start.stdout":  "tpcc-mysql",
	} {
		got, err := Sniff("../adapters/testdata/" + file)
		if err != nil || got != want {
			t.Errorf("%s: %q %v", file, got, err)
		}
	}
	if _, err := Sniff("agent.go"); err == nil {
		t.Error("guessed a format for Go source")
	}
}

func TestStatusFor(t *testing.T) {
	for code, want := range map[int]string{0: "succeeded", 1: "failed", 130: "cancelled", 143: "cancelled", 137: "failed"} {
		if got := statusFor(code); got != want {
			t.Errorf("%d: %s", code, got)
		}
	}
}

func TestImportPipelineClosesAsDataMoves(t *testing.T) {
	p := newPipeline(0, 1000, 0, histogram.Bounds{MaxPerMetric: DefaultMaxSeriesPerMetric})
	s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	for i := int64(0); i < 100_000; i++ {
		p.Latency(s, 1_763_800_000_500+i, 100, 1) // 100 s of data
	}
	if len(p.closed) == 0 {
		t.Fatal("an import kept every interval open")
	}
	rest, _ := p.close(0, true)
	all := append(p.closed, rest...)
	var n int64
	for i, f := range all {
		if f.Seq != int64(i) {
			t.Fatalf("seq %d at %d", f.Seq, i)
		}
		n += f.Count
	}
	// Intervals are whole seconds; the first starts with the first operation (histogram.Recorder).
	if n != 100_000 || all[0].StartMs != 1_763_800_000_500 || all[1].StartMs != 1_763_800_001_000 {
		t.Fatalf("count %d start %d", n, all[0].StartMs)
	}
}

// LatencyRuns (the StatsD listener's batches) records what Latency does,
// sample by sample.
func TestPipelineLatencyRunsMatchLatency(t *testing.T) {
	const start = 1_763_800_000_000
	bounds := histogram.Bounds{MaxPerMetric: DefaultMaxSeriesPerMetric}
	a, b := newPipeline(start, 1000, 0, bounds), newPipeline(start, 1000, 0, bounds)
	s1 := histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"series": "1"})
	s2 := histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"series": "2"})
	var r1, r2 []adapters.TimedLatency
	for i := int64(0); i < 5000; i++ {
		at, us := start+i, 100+i%977
		r1 = append(r1, adapters.TimedLatency{AtMs: at, Us: us})
		r2 = append(r2, adapters.TimedLatency{AtMs: at, Us: 2 * us})
		a.Latency(s1, at, us, 1)
		a.Latency(s2, at, 2*us, 3)
	}
	b.LatencyRuns([]adapters.LatencyRun{{Series: s1, N: 1, Samples: r1}, {Series: s2, N: 3, Samples: r2}})
	fa, _ := a.close(0, true)
	fb, _ := b.close(0, true)
	if len(fa) != 15 || len(fa) != len(fb) { // 5 intervals of two series and their aggregate
		t.Fatalf("frames %d and %d", len(fa), len(fb))
	}
	for i := range fa {
		if fa[i] != fb[i] {
			t.Fatalf("frame %d differs:\n%+v\n%+v", i, fa[i], fb[i])
		}
	}
}

func TestCloseWatermark(t *testing.T) {
	at := func(ms int64) func() int64 { return func() int64 { return ms } }
	for _, c := range []struct {
		name      string
		watermark func() int64
		want      int64
	}{
		{"no adapter watermark: the fixed lateness", nil, 8_000},
		{"adapter unsure (0): the fixed lateness", at(0), 8_000},
		{"adapter read past: its watermark", at(9_700), 9_700},
		{"never past now", at(12_000), 10_000},
	} {
		if got := closeWatermark(10_000, 2_000, c.watermark); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
}
