package adapters

import (
	"context"
	"testing"
)

// Fixtures under testdata/memtier are memtier_benchmark's tables as pasted
// in public threads (memtier does not install here): memtier 1.2's
// "ALL STATS" with one Latency column from
// https://github.com/redis/memtier_benchmark/issues/68 and
// https://github.com/redis/memtier_benchmark/issues/115, and the "BEST RUN
// RESULTS" of later versions with Avg./p50/p99/p99.9 Latency from
// https://github.com/redis/redis/pull/13900 and
// https://github.com/redis/redis/pull/11982.

func memtierGauges(t *testing.T, file string) map[string]float64 {
	t.Helper()
	a := mustNew(t, "memtier", Options{Files: []string{"testdata/memtier/" + file}})
	if _, ok := a.(GaugeFigures); !ok {
		t.Error("rows would get a mean over types")
	}
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for s, vs := range c.vals {
		if len(vs) != 1 {
			t.Errorf("%s: %v", s, vs)
		}
		out[s.String()+" "+s.Unit] = vs[0]
	}
	return out
}

func TestMemtierTables(t *testing.T) {
	got := memtierGauges(t, "redis-pr-13900.stdout")
	// "Gets  271630.91  1160.77  270470.14  1.19406  0.95900  4.70300  12.73500  11106.64"
	gets := "{section=BEST RUN RESULTS,type=Gets} "
	for key, want := range map[string]float64{
		"ops_per_sec" + gets + "1/s": 271630.91, "hits_per_sec" + gets + "1/s": 1160.77,
		"misses_per_sec" + gets + "1/s": 270470.14, "latency_avg" + gets + "ms": 1.19406,
		"latency_p50" + gets + "ms": 0.959, "latency_p99" + gets + "ms": 4.703, "latency_p99.9" + gets + "ms": 12.735,
		"kb_per_sec" + gets + "KB/s": 11106.64,
	} {
		if g, ok := got[key]; !ok || g != want {
			t.Errorf("%s = %v (%v), memtier printed %v", key, g, ok, want)
		}
	}
	// Sets: 6 figures ("---" for hits and misses); Waits: ops only; Gets and Totals: 8.
	if len(got) != 6+1+8+8 {
		t.Errorf("%d figures: %v", len(got), got)
	}
	// memtier 1.2: one Latency column, the average.
	got = memtierGauges(t, "memtier-issue-115.stdout")
	if g := got["latency_avg{section=ALL STATS,type=Gets} ms"]; g != 2164.046 {
		t.Errorf("latency %v", g)
	}
	if len(got) != 3+5+2+5 {
		t.Errorf("%d figures: %v", len(got), got)
	}
	got = memtierGauges(t, "memtier-issue-68.stdout")
	if g := got["ops_per_sec{section=ALL STATS,type=Totals} 1/s"]; g != 21536.09 {
		t.Errorf("ops %v", g)
	}
	got = memtierGauges(t, "redis-pr-11982.stdout")
	if g := got["latency_p99.9{section=BEST RUN RESULTS,type=Totals} ms"]; g != 29.951 {
		t.Errorf("p99.9 %v", g)
	}
}

func TestMemtierIgnoresOtherText(t *testing.T) {
	var o MemtierOutput
	// A row outside a table, and a table row of the wrong width.
	for _, line := range []string{"Sets 1.00 --- --- 0.2 1.0", "ALL STATS", "Type  Ops/sec  KB/sec", "---", "Sets 1 2 3"} {
		if f := o.Line(line); len(f) != 0 {
			t.Errorf("%q: %v", line, f)
		}
	}
	if f := o.Line("Sets 1.5 2.5"); len(f) != 2 || f[1].Unit != "KB/s" {
		t.Errorf("%+v", f)
	}
}

func FuzzMemtierLine(f *testing.F) {
	seedLines(f, "testdata/memtier/redis-pr-13900.stdout", 8)
	f.Fuzz(func(t *testing.T, line []byte) {
		var o MemtierOutput
		o.Line("BEST RUN RESULTS")
		o.Line("Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency     p99 Latency   p99.9 Latency       KB/sec")
		for _, l := range []string{string(line), string(line)} {
			for _, fig := range o.Line(l) {
				if !(fig.Value >= 0) || fig.Value > 1e308 || fig.Name == "" {
					t.Fatalf("%+v", fig)
				}
			}
		}
	})
}
