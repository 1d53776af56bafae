package histogram

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// framesBySeries groups closed frames by series, checking that each
// series' seq numbers start at its first interval and have no gaps.
func framesBySeries(t *testing.T, frames []Frame) map[Series][]Frame {
	t.Helper()
	out := map[Series][]Frame{}
	for _, f := range frames {
		prev := out[f.Series]
		if len(prev) > 0 && f.Seq != prev[len(prev)-1].Seq+1 {
			t.Fatalf("%s: seq %d after %d", f.Series, f.Seq, prev[len(prev)-1].Seq)
		}
		out[f.Series] = append(prev, f)
	}
	return out
}

func total(frames []Frame) (n int64) {
	for _, f := range frames {
		n += f.Count
	}
	return n
}

func TestBoundsKeepEverySampleOnceInTheAggregate(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Bound(Bounds{MaxPerMetric: 3})
	plain := NewRecorder(t0, 1000, 0) // every sample in one series, for reference
	all := plain.Series(NewSeries("req", Latency, "us", nil))
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20_000; i++ {
		at, us := t0+int64(i)/4, int64(100+rng.ExpFloat64()*900)
		labels := map[string]string{"url": fmt.Sprintf("/item/%d", i%50)}
		if i%10 == 0 {
			labels = nil // some samples come without tags
		}
		r.Series(NewSeries("req", Latency, "us", labels)).Record(at, us)
		all.Record(at, us)
	}
	got := framesBySeries(t, r.CloseAll())
	want := plain.CloseAll()

	agg := got[NewSeries("req", Latency, "us", nil)]
	if len(agg) != len(want) {
		t.Fatalf("aggregate has %d frames, want %d", len(agg), len(want))
	}
	for i := range want {
		if agg[i].Count != want[i].Count || agg[i].Histogram != want[i].Histogram || agg[i].P99 != want[i].P99 ||
			agg[i].Min != want[i].Min || agg[i].Max != want[i].Max || agg[i].Mean != want[i].Mean {
			t.Fatalf("aggregate frame %d differs from one series of every sample:\n got %+v\nwant %+v", i, agg[i], want[i])
		}
	}
	// 45 tag sets (urls whose number is not a multiple of 10), 400 samples
	// each: 3 with a series of their own, 42 folded into one series; each
	// tagged sample in exactly one of them.
	if len(got) != 1+3+1 {
		t.Fatalf("%d series, want the aggregate, 3 tag sets and the other one: %v", len(got), keys(got))
	}
	other := got[NewSeries("req", Latency, "us", map[string]string{OtherLabel: OtherValue})]
	var tagged int64
	for s, fs := range got {
		if s.labels != "" {
			tagged += total(fs)
		}
	}
	if tagged != 18_000 || total(other) != 42*400 {
		t.Fatalf("tagged samples %d (want 18000), in the other series %d", tagged, total(other))
	}
	if f := r.Folded(); len(f) != 1 || f[0].Metric.Name != "req" || f[0].TagSets != 42 || f[0].AtLeast {
		t.Fatalf("folded: %+v", f)
	}
}

func TestBoundsAggregateCountersAndGauges(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Bound(Bounds{MaxPerMetric: 100})
	for i, host := range []string{"a", "b", "c"} {
		r.Series(NewSeries("errors", Counter, "", map[string]string{"host": host})).Add(t0+10, float64(i+1))
		r.Series(NewSeries("depth", Gauge, "", map[string]string{"queue": host})).Add(t0+10, float64(10*(i+1)))
	}
	got := framesBySeries(t, r.CloseAll())
	if f := got[NewSeries("errors", Counter, "", nil)]; len(f) != 1 || f[0].Count != 6 {
		t.Fatalf("counter aggregate: %+v", f)
	}
	if f := got[NewSeries("depth", Gauge, "", nil)]; len(f) != 1 || f[0].Count != 3 || f[0].Mean != 20 || f[0].Min != 10 || f[0].Max != 30 {
		t.Fatalf("gauge aggregate: %+v", f)
	}
	if len(r.Folded()) != 0 {
		t.Fatalf("nothing is over the bound: %+v", r.Folded())
	}
}

func TestBoundsWithoutGaugeAggregates(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Bound(Bounds{MaxPerMetric: 1, NoGaugeAggregates: true})
	for _, op := range []string{"read", "write", "scan"} {
		r.Series(NewSeries("p99", Gauge, "us", map[string]string{"op": op})).Add(t0, 5)
		r.Series(NewSeries("latency", Latency, "us", map[string]string{"op": op})).Record(t0, 5)
	}
	got := framesBySeries(t, r.CloseAll())
	if _, ok := got[NewSeries("p99", Gauge, "us", nil)]; ok {
		t.Fatalf("a gauge aggregate under NoGaugeAggregates: %v", keys(got))
	}
	if f := got[NewSeries("p99", Gauge, "us", map[string]string{OtherLabel: OtherValue})]; total(f) != 2 {
		t.Fatalf("gauges beyond the bound: %+v", f)
	}
	if f := got[NewSeries("latency", Latency, "us", nil)]; total(f) != 3 {
		t.Fatalf("latency aggregate: %+v", f)
	}
}

func TestBoundsAggregateIsTheMainSeries(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Bound(Bounds{MaxPerMetric: 10})
	r.Series(NewSeries("latency", Latency, "us", map[string]string{"script": "0"})).Record(t0, 5)
	if m := r.Main(); m == nil || m.Series() != NewSeries("latency", Latency, "us", nil) {
		t.Fatalf("main series %v, want the aggregate", m.Series())
	}
}

func TestFoldedTagSetsAreCountedUpToABound(t *testing.T) {
	r := NewRecorder(t0, 1000, 0)
	r.Bound(Bounds{MaxPerMetric: 1})
	for i := 0; i < countFolded+500; i++ {
		r.Series(NewSeries("req", Latency, "us", map[string]string{"id": fmt.Sprint(i)})).Record(t0, 1)
	}
	if f := r.Folded(); len(f) != 1 || f[0].TagSets != countFolded || !f[0].AtLeast {
		t.Fatalf("folded: %+v", f)
	}
	if n := len(r.series); n > 3 {
		t.Fatalf("the recorder keeps %d series for folded tag sets", n)
	}
}

func keys(m map[Series][]Frame) []string {
	var out []string
	for s := range m {
		out = append(out, s.String())
	}
	return out
}
