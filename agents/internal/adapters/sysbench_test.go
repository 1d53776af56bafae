package adapters

import (
	"context"
	"math"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// Fixtures under testdata/sysbench were printed by Debian's sysbench 1.0.20
// here: `sysbench cpu --threads=2 --time=3 --report-interval=1
// --histogram=on run` and `sysbench memory --threads=1 --time=2
// --report-interval=1 --histogram=on --percentile=99 run`, and after
// `sysbench fileio --file-total-size=64M --file-num=4 prepare`,
// `sysbench fileio --file-total-size=64M --file-num=4
// --file-test-mode=rndrw --time=3 --report-interval=1 --threads=2 run`.

// sysbenchImport imports a capture into a Recorder of 1-s intervals and
// returns the gauges' values by name, interval by interval, and the latency
// frames.
func sysbenchImport(t *testing.T, file string) (map[string][]float64, []histogram.Frame) {
	t.Helper()
	a := mustNew(t, "sysbench", Options{Files: []string{"testdata/sysbench/" + file}})
	r := histogram.NewRecorder(0, 1000, 0)
	if err := a.Run(context.Background(), frameEmitter{r}); err != nil {
		t.Fatal(err)
	}
	gauges := map[string][]float64{}
	var lat []histogram.Frame
	for _, f := range r.CloseAll() {
		switch {
		case f.Count == 0:
		case f.Series.Kind == histogram.Latency:
			lat = append(lat, f)
		default:
			gauges[f.Series.Name] = append(gauges[f.Series.Name], f.Mean)
		}
	}
	return gauges, lat
}

// checkGauges compares gauges with what sysbench printed, in order.
func checkGauges(t *testing.T, gauges, printed map[string][]float64) {
	t.Helper()
	for name, want := range printed {
		got := gauges[name]
		if len(got) != len(want) {
			t.Errorf("%s: %v, sysbench printed %v", name, got, want)
			continue
		}
		for i := range want {
			near(t, name, got[i], want[i], 1e-9)
		}
	}
}

// sysbenchHistogram decodes the one latency frame.
func sysbenchHistogram(t *testing.T, lat []histogram.Frame) *hdr.Histogram {
	t.Helper()
	if len(lat) != 1 || lat[0].Series.Unit != "us" {
		t.Fatalf("latency frames %+v", lat)
	}
	h, err := histogram.Decode([]byte(lat[0].Histogram))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestSysbenchCPU(t *testing.T) {
	gauges, lat := sysbenchImport(t, "cpu_histogram.stdout")
	checkGauges(t, gauges, map[string][]float64{
		// "[ 1s ] thds: 2 eps: 1753.61 lat (ms,95%): 7.84", then 1824.71 / 8.28, 1693.34 / 7.70,
		// one second apart; the summary's "95th percentile: 8.13".
		"eps": {1753.61, 1824.71, 1693.34}, "lat_p95": {7.84, 8.28, 7.70}, "thds": {2, 2, 1}, "latency_p95": {8.13},
		// The summary: total time 3.0318s, 5310 events, min 0.27, avg 1.13,
		// max 68.00, sum 5999.95 (ms), 1751.21 events/s.
		"total_time": {3.0318}, "total_events": {5310}, "latency_min": {0.27}, "latency_avg": {1.13},
		"latency_max": {68}, "latency_sum": {5999.95}, "events_per_sec": {1751.21},
	})
	// The histogram: every event at its row's value; its count and 95th
	// percentile (nearest rank over the rows) are sysbench's.
	h := sysbenchHistogram(t, lat)
	if h.TotalCount() != 5310 {
		t.Errorf("%d events in the histogram, sysbench counted 5310", h.TotalCount())
	}
	near(t, "p95", float64(h.ValueAtQuantile(95)), 8130, 0.001*8130)
	near(t, "mean", lat[0].Mean/1000, 1.13, 0.005)
	near(t, "min", lat[0].Min, 270, 0)
}

func TestSysbenchMemory(t *testing.T) {
	gauges, lat := sysbenchImport(t, "memory.stdout")
	// "[ 1s ] 3099.12 MiB/sec", "Total operations: 6292420 (3135288.63 per second)",
	// "6144.94 MiB transferred (3061.81 MiB/sec)", "max: 10.15", "99th percentile: 0.00".
	checkGauges(t, gauges, map[string][]float64{
		"mib_per_sec": {3099.12}, "mib_transferred_per_sec": {3061.81}, "total_operations": {6292420}, "operations_per_sec": {3135288.63},
		"mib_transferred": {6144.94}, "latency_p99": {0}, "latency_max": {10.15}, "total_events": {6292420},
	})
	h := sysbenchHistogram(t, lat)
	if h.TotalCount() != 6292420 {
		t.Errorf("%d events in the histogram, sysbench counted 6292420", h.TotalCount())
	}
	// Its 99th percentile row is 0.001 ms, printed as 0.00.
	if p := h.ValueAtQuantile(99); p != 1 {
		t.Errorf("p99 %d µs", p)
	}
}

func TestSysbenchFileio(t *testing.T) {
	gauges, _ := sysbenchImport(t, "fileio.stdout")
	checkGauges(t, gauges, map[string][]float64{
		// "[ 1s ] reads: 124.67 MiB/s writes: 83.14 MiB/s fsyncs: 528.04/s latency (ms,95%): 0.063", then
		// 116.82 / 77.84 / 499.69 / 0.010.
		"reads": {124.67, 116.82}, "writes": {83.14, 77.84}, "fsyncs": {528.04, 499.69}, "lat_p95": {0.063, 0.010},
		// "File operations:" reads/s 7798.11, writes/s 5198.74, fsyncs/s 522.20;
		// "Throughput:" read, MiB/s 121.85, written, MiB/s 81.23.
		"reads_per_sec": {7798.11}, "writes_per_sec": {5198.74}, "fsyncs_per_sec": {522.20},
		"read_mib_per_sec": {121.85}, "written_mib_per_sec": {81.23},
		"total_time": {3.0081}, "total_events": {40663}, "latency_avg": {0.15}, "latency_p95": {0.03}, "latency_sum": {5951.98},
	})
	var o SysbenchOutput
	for _, f := range o.Line("[ 1s ] reads: 124.67 MiB/s writes: 83.14 MiB/s fsyncs: 528.04/s latency (ms,95%): 0.063").Figures {
		if want := map[string]string{"reads": "MiB/s", "writes": "MiB/s", "fsyncs": "1/s", "lat_p95": "ms"}[f.Name]; f.Unit != want {
			t.Errorf("%s: unit %q, want %q", f.Name, f.Unit, want)
		}
	}
}

func TestSysbenchOLTPLines(t *testing.T) {
	// sysbench 1.1.0's oltp_read_only, as pasted in
	// https://github.com/akopytov/sysbench/issues/311 (no database here).
	var o SysbenchOutput
	r := o.Line("[ 117s ] thds: 1 tps: 258.32 qps: 4133.04 (r/w/o: 3616.41/0.00/516.63) lat (ms,95%): 4.10 err/s: 0.00 reconn/s: 0.00")
	want := map[string]float64{"thds": 1, "tps": 258.32, "qps": 4133.04, "read_qps": 3616.41, "write_qps": 0,
		"other_qps": 516.63, "lat_p95": 4.10, "err_per_sec": 0, "reconn_per_sec": 0}
	if len(r.Figures) != len(want) || r.ElapsedSec != 117 {
		t.Fatalf("%+v", r)
	}
	for _, f := range r.Figures {
		near(t, f.Name, f.Value, want[f.Name], 0)
	}
	o.Line("SQL statistics:")
	got := map[string]float64{}
	for _, line := range []string{
		"    transactions:                        31128  (259.39 per sec.)",
		"    queries:                             498035 (4150.16 per sec.)",
		"    ignored errors:                      0      (0.00 per sec.)",
	} {
		for _, f := range o.Line(line).Figures {
			got[f.Name] = f.Value
		}
	}
	for name, v := range map[string]float64{"transactions": 31128, "transactions_per_sec": 259.39, "queries": 498035, "queries_per_sec": 4150.16,
		"ignored_errors": 0, "ignored_errors_per_sec": 0} {
		if g, ok := got[name]; !ok || g != v {
			t.Errorf("%s: %v (%v), printed %v", name, g, ok, v)
		}
	}
}

func FuzzSysbenchLine(f *testing.F) {
	seedLines(f, "testdata/sysbench/cpu_histogram.stdout", 40)
	f.Add([]byte("[ 1e9s ] thds: -1 eps: NaN lat (ms,1e400%): Inf"))
	f.Add([]byte("       1e300 |***   9223372036854775807"))
	f.Fuzz(func(t *testing.T, line []byte) {
		var o SysbenchOutput
		o.Line("Latency histogram (values are in milliseconds)")
		for _, l := range []string{string(line), "General statistics:", string(line)} {
			r := o.Line(l)
			if r.Us < 0 || r.Us > histogram.HighestUs || r.Count < 0 {
				t.Fatalf("row %d × %d", r.Us, r.Count)
			}
			for _, fig := range r.Figures {
				if !(fig.Value >= 0) || math.IsInf(fig.Value, 0) {
					t.Fatalf("%s = %v", fig.Name, fig.Value)
				}
			}
		}
	})
}
