package adapters

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// Fixtures under testdata/ycsb were written by YCSB 0.17.0 (site.ycsb:core
// from Maven Central, its BasicDB with basicdb.simulatedelay=3, OpenJDK 17)
// here: `-t -s -threads 8 -p operationcount=12000 -p measurementtype=hdrhistogram
// -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=hdr/
// -p status.interval=1` (READ.hdr, UPDATE.hdr, CLEANUP.hdr, ycsb_hdr.stdout,
// ycsb_hdr.stderr) and the same with measurementtype=histogram and 6000
// operations (ycsb_histogram.stdout).

func TestYCSBImport(t *testing.T) {
	dir := "testdata/ycsb/"
	a := mustNew(t, "ycsb", Options{Files: []string{dir + "READ.hdr", dir + "UPDATE.hdr", dir + "CLEANUP.hdr",
		dir + "ycsb_hdr.stdout", dir + "ycsb_hdr.stderr"}})
	if _, ok := a.(GaugeFigures); !ok {
		t.Error("per-operation gauges would get a mean over operations")
	}
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	gauge := func(name string, labels map[string]string, unit string) []float64 {
		return c.vals[histogram.NewSeries(name, histogram.Gauge, unit, labels)]
	}
	read := map[string]string{"op": "READ"}
	// YCSB's summary: [READ] Operations 6070, AverageLatency(us) 1312.79…,
	// MaxLatency(us) 96127, 95thPercentileLatency(us) 2253, 99th… 6279.
	for _, op := range []struct {
		name               string
		count              int64
		avg, max, p95, p99 float64
	}{{"READ", 6070, 1312.7919275123559, 96127, 2253, 6279}, {"UPDATE", 5930, 1238.3424957841485, 78847, 2229, 5583}} {
		labels := map[string]string{"op": op.name}
		h := c.hist[histogram.NewSeries("latency", histogram.Latency, "us", labels)]
		if h == nil {
			t.Fatalf("no latency{op=%s}", op.name)
		}
		// The interval logs hold every operation; their percentiles are
		// YCSB's (the same histograms, the same rank rule).
		if h.TotalCount() != op.count {
			t.Errorf("%s: %d operations in the logs, YCSB counted %d", op.name, h.TotalCount(), op.count)
		}
		near(t, op.name+" p95", float64(h.ValueAtQuantile(95)), op.p95, 0.001*op.p95)
		near(t, op.name+" p99", float64(h.ValueAtQuantile(99)), op.p99, 0.001*op.p99)
		near(t, op.name+" max", float64(h.Max()), op.max, 0.001*op.max)
		near(t, op.name+" mean", h.Mean(), op.avg, 0.01*op.avg)
		for name, want := range map[string]float64{"latency_avg": op.avg, "latency_max": op.max, "latency_p95": op.p95, "latency_p99": op.p99} {
			if g := gauge(name, labels, "us"); len(g) != 1 || g[0] != want {
				t.Errorf("%s %s: %v, YCSB printed %v", op.name, name, g, want)
			}
		}
	}
	if g := gauge("returns", map[string]string{"op": "READ", "status": "OK"}, "1"); len(g) != 1 || g[0] != 6070 {
		t.Errorf("Return=OK: %v", g)
	}
	if g := gauge("throughput", nil, "1/s"); len(g) != 1 || g[0] != 4722.550177095632 {
		t.Errorf("throughput %v", g)
	}
	if g := gauge("jvm_gc_time", map[string]string{"collector": "G1_Young_Generation"}, "ms"); len(g) != 1 {
		t.Errorf("GC time %v", g)
	}
	// Status lines: "… 2 sec: 9337 operations; 6410.23 current ops/sec; … [READ: Count=3253, …, 99=4907, …]".
	ops := gauge("current_ops_per_sec", nil, "1/s")
	if len(ops) != 3 || ops[0] != 2714.14 || ops[1] != 6410.23 {
		t.Errorf("current ops/sec %v (the first line's ∞ is no figure)", ops)
	}
	if p := gauge("interval_latency_p99", read, "us"); len(p) != 4 || p[2] != 4907 {
		t.Errorf("interval p99 %v", p)
	}
	if p := gauge("interval_latency_p99.9", read, "us"); len(p) != 4 || p[0] != 31087 {
		t.Errorf("interval p99.9 %v", p)
	}
}

func TestYCSBStatusTime(t *testing.T) {
	r := ParseYCSBLine("2026-11-26 20:27:44:432 1 sec: 2946 operations; 2714.14 current ops/sec; est completion in 4 second [READ: Count=1326, Max=96127, Min=0, Avg=1481.04, 90=2257, 99=8519, 99.9=29983, 99.99=96127] ", time.UTC)
	if want := time.Date(2026, 11, 26, 20, 27, 44, 432e6, time.UTC).UnixMilli(); r.AtMs != want {
		t.Errorf("at %d, want %d", r.AtMs, want)
	}
	if len(r.Figures) != 2+8 {
		t.Errorf("%d figures: %+v", len(r.Figures), r.Figures)
	}
}

func TestYCSBHistogramMeasurement(t *testing.T) {
	a := mustNew(t, "ycsb", Options{Files: []string{"testdata/ycsb/ycsb_histogram.stdout"}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	// "[READ], LatencyVariance(us), 2860313.443553131", "[READ], 95thPercentileLatency(us), 2000".
	v := c.vals[histogram.NewSeries("latency_variance", histogram.Gauge, "us2", map[string]string{"op": "READ"})]
	p := c.vals[histogram.NewSeries("latency_p95", histogram.Gauge, "us", map[string]string{"op": "READ"})]
	if len(v) != 1 || v[0] != 2860313.443553131 || len(p) != 1 || p[0] != 2000 {
		t.Errorf("variance %v, p95 %v", v, p)
	}
}

func TestYCSBProps(t *testing.T) {
	a := mustNew(t, "ycsb", Options{Follow: true, Dir: "/w", Args: []string{"bin/ycsb", "run", "basic", "-P", "workloads/workloada",
		"-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=out/", "-p", "measurement.interval=intended"}})
	y := a.(*ycsb)
	if y.hdrDir != "/w/out" || y.hdrPrefix != "" {
		t.Errorf("hdr files %q + %q", y.hdrDir, y.hdrPrefix)
	}
	if y.Measurement()["latencyOrigin"] != "intended" {
		t.Errorf("%v", y.Measurement())
	}
}

func FuzzYCSBLine(f *testing.F) {
	seedLines(f, "testdata/ycsb/ycsb_hdr.stdout", 30)
	seedLines(f, "testdata/ycsb/ycsb_hdr.stderr", 10)
	f.Add([]byte("[TOTAL_GC_TIME_%], Time(%), NaN"))
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, fig := range ParseYCSBLine(string(line), time.UTC).Figures {
			if !(fig.Value >= 0) || math.IsInf(fig.Value, 0) {
				t.Fatalf("%s = %v", fig.Name, fig.Value)
			}
		}
	})
}
