package histogram

import (
	"math/rand/v2"
	"sort"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

const t0 = 1_763_800_000_000

func TestRecorderIntervalsAndSummary(t *testing.T) {
	r := NewRecorder(t0, 1000, 1000)
	lat := r.Series(NewSeries("latency", Latency, "us", map[string]string{"txn": "a"}))
	for i := int64(1); i <= 1000; i++ {
		lat.Record(t0+100, i) // interval 0
	}
	lat.Record(t0+2500, 7) // interval 2; interval 1 stays empty
	cnt := r.Series(NewSeries("errors", Counter, "", nil))
	cnt.Add(t0+10, 3)
	cnt.Add(t0+20, 2)

	frames := r.Close(t0 + 2000)
	if len(frames) != 4 { // latency 0,1 and errors 0,1
		t.Fatalf("got %d frames, want 4: %+v", len(frames), frames)
	}
	f := frames[0]
	if f.Seq != 0 || f.Count != 1000 || f.Min != 1 || f.Max != 1000 || !f.Warmup {
		t.Fatalf("frame 0: %+v", f)
	}
	if f.P50 != 500 || f.P99 != 990 || f.Mean != 500.5 {
		t.Fatalf("percentiles: %+v", f)
	}
	if frames[1].Seq != 1 || frames[1].Count != 0 || frames[1].Warmup || frames[1].Histogram == "" {
		t.Fatalf("empty frame: %+v", frames[1])
	}
	if frames[2].Series.Name != "errors" || frames[2].Count != 5 {
		t.Fatalf("counter frame: %+v", frames[2])
	}
	h, err := Decode([]byte(f.Histogram))
	if err != nil {
		t.Fatal(err)
	}
	if h.TotalCount() != 1000 || h.ValueAtQuantile(50) != 500 {
		t.Fatalf("decoded: count %d p50 %d", h.TotalCount(), h.ValueAtQuantile(50))
	}
	// Every series is closed up to the last interval any series touched.
	rest := r.CloseAll()
	if len(rest) != 2 || rest[0].Seq != 2 || rest[0].Count != 1 || rest[1].Seq != 2 || rest[1].Count != 0 {
		t.Fatalf("CloseAll: %+v", rest)
	}
}

func TestRecorderLateSamplesAreKept(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	s := r.Series(NewSeries("latency", Latency, "us", nil))
	s.Record(t0+10, 5)
	_ = r.Close(t0 + 1000)
	s.Record(t0+20, 6) // its interval is closed
	frames := r.CloseAll()
	if s.Late() != 1 || len(frames) != 1 || frames[0].Seq != 1 || frames[0].Count != 1 {
		t.Fatalf("late=%d frames=%+v", s.Late(), frames)
	}
}

func TestRecorderBoundsOpenIntervals(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	s := r.Series(NewSeries("latency", Latency, "us", nil))
	s.Record(t0, 1)
	s.Record(t0+1000*1000, 1) // far future: forces early closes
	frames := r.CloseAll()
	var total int64
	for i, f := range frames {
		if f.Seq != int64(i) {
			t.Fatalf("seq gap at %d: %d", i, f.Seq)
		}
		total += f.Count
	}
	if total != 2 || len(frames) != 1001 {
		t.Fatalf("total %d frames %d", total, len(frames))
	}
}

func TestMergedFramesMatchExactPercentiles(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	s := r.Series(NewSeries("latency", Latency, "us", nil))
	rng := rand.New(rand.NewPCG(1, 2))
	var all []int64
	for i := 0; i < 50_000; i++ {
		v := int64(200 + rng.ExpFloat64()*800)
		all = append(all, v)
		s.Record(t0+int64(i)/10, v)
	}
	merged := hdr.New(LowestUs, HighestUs, Digits)
	for _, f := range r.CloseAll() {
		h, err := Decode([]byte(f.Histogram))
		if err != nil {
			t.Fatal(err)
		}
		merged.Merge(h)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	for _, q := range []float64{50, 99} {
		exact := float64(all[int(q/100*float64(len(all)))-1])
		got := float64(merged.ValueAtQuantile(q))
		if d := (got - exact) / exact; d > 0.01 || d < -0.01 {
			t.Errorf("p%v: got %v exact %v", q, got, exact)
		}
	}
}

func TestMergeForeignScale(t *testing.T) {
	ns := hdr.New(1, 10_000_000_000, 3)
	for i := int64(1); i <= 100; i++ {
		_ = ns.RecordValue(i * 1_000_000) // 1..100 ms in ns
	}
	r := NewRecorder(t0, 1000, 0)
	r.Series(NewSeries("latency", Latency, "us", nil)).Merge(t0, ns, 1e-3)
	f := r.CloseAll()[0]
	if f.Count != 100 || f.P50 < 49_900 || f.P50 > 50_100 {
		t.Fatalf("%+v", f)
	}
}

func TestSeriesLabelsRoundTrip(t *testing.T) {
	s := NewSeries("x", Gauge, "", map[string]string{"b": "2", "a": "1=1"})
	if s.String() != "x{a=1=1,b=2}" {
		t.Fatal(s.String())
	}
	if l := s.Labels(); l["a"] != "1=1" || l["b"] != "2" || len(l) != 2 {
		t.Fatal(l)
	}
	if s != NewSeries("x", Gauge, "", map[string]string{"a": "1=1", "b": "2"}) {
		t.Fatal("label order changed identity")
	}
}

// BenchmarkRecord is the per-value cost on the hot path (target ≤ 10 ns).
func BenchmarkRecord(b *testing.B) {
	r := NewRecorder(t0, 1000, 0)
	s := r.Series(NewSeries("latency", Latency, "us", nil))
	vals := make([]int64, 1024)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range vals {
		vals[i] = int64(100 + rng.ExpFloat64()*1000)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Record(t0+500, vals[i&1023])
	}
}

// A series whose first samples come with a count (sysbench's histogram rows,
// sampled StatsD timers) and later ones alone: the single samples land in
// the same interval (they used to dereference an uncached bucket).
func TestRecordAfterRecordN(t *testing.T) {
	r := NewRecorder(0, 1000, 0)
	s := r.Series(NewSeries("latency", Latency, "us", nil))
	s.RecordN(10, 500, 3)
	s.Record(20, 700)
	f := r.CloseAll()[0]
	if f.Count != 4 || f.Max != 700 {
		t.Fatalf("%+v", f)
	}
}

// Relabeled tag sets: frames carry the relabeled labels, and tag sets that
// relabel alike are one series (two frames of one series and interval would
// collide at the ingest API).
func TestRecorderRelabel(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Relabel(func(l map[string]string) map[string]string {
		if l["url"] != "" {
			l["url"] = "hidden"
		}
		return l
	})
	r.Series(NewSeries("latency", Latency, "us", map[string]string{"url": "a"})).Record(t0, 10)
	r.Series(NewSeries("latency", Latency, "us", map[string]string{"url": "b"})).Record(t0, 20)
	r.Series(NewSeries("latency", Latency, "us", map[string]string{"url": "a"})).Record(t0, 30)
	r.Series(NewSeries("latency", Latency, "us", nil)).Record(t0, 40)
	frames := r.CloseAll()
	if len(frames) != 2 {
		t.Fatalf("%d frames, want 2: %v", len(frames), frames)
	}
	if got := frames[0].Series.String(); got != "latency{url=hidden}" || frames[0].Count != 3 {
		t.Errorf("first frame %s with %d samples, want latency{url=hidden} with 3", got, frames[0].Count)
	}
	if got := frames[1].Series.String(); got != "latency" || frames[1].Count != 1 {
		t.Errorf("second frame %s with %d samples, want latency with 1", got, frames[1].Count)
	}
}

// The interval of the first timed operation starts when that operation did (its end less its
// latency), for every latency series, so the run's throughput counts from the tool's first
// operation; counters keep whole intervals, and later intervals are untouched.
func TestFirstLatencyIntervalStartsAtFirstOperation(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	errs := r.Series(NewSeries("errors", Counter, "", nil))
	errs.Add(t0+1100, 1) // before any operation's start: does not move it
	lat := r.Series(NewSeries("latency", Latency, "us", nil))
	lat.Record(t0+1800, 50_000) // began at t0+1750
	lat.Record(t0+1700, 30_000) // began at t0+1670: the first operation
	lag := r.Series(NewSeries("lag", Latency, "us", nil))
	lag.Record(t0+1900, 10)
	lat.Record(t0+2300, 20_000)
	frames := r.CloseAll()
	starts := map[string][]int64{}
	for _, f := range frames {
		starts[f.Series.Name] = append(starts[f.Series.Name], f.StartMs, f.EndMs)
	}
	want := map[string][]int64{
		"latency": {t0 + 1670, t0 + 2000, t0 + 2000, t0 + 3000},
		"lag":     {t0 + 1670, t0 + 2000, t0 + 2000, t0 + 3000},
		"errors":  {t0 + 1000, t0 + 2000, t0 + 2000, t0 + 3000},
	}
	for name, w := range want {
		if got := starts[name]; len(got) != len(w) || got[0] != w[0] || got[1] != w[1] || got[2] != w[2] || got[3] != w[3] {
			t.Errorf("%s: frames %v, want %v", name, got, w)
		}
	}
}
