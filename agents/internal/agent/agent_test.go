package agent

import (
	"testing"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

func TestSniff(t *testing.T) {
	for file, want := range map[string]string{
		"pgbench_plain.8839":        "pgbench",
		"k6.json":                   "k6",
		"interval.hlog":             "hdrlog",
		"cockroach_histograms.json": "cockroach",
		"cockroach_tpcc.stdout":     "cockroach",
		"statsd.txt":                "statsd",
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
	p := newPipeline(0, 1000, 0)
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
	if n != 100_000 || all[0].StartMs != 1_763_800_000_000 {
		t.Fatalf("count %d start %d", n, all[0].StartMs)
	}
}
