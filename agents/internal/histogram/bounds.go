package histogram

import (
	"hash/maphash"
	"sort"
)

// Bounds keeps the series of a run few whatever the tool's tags hold. A
// script whose URLs carry ids gives one tag set per request: one series
// each made thousands of series a run, more than the ingest API takes in a
// batch, and no series for the metric as a whole, which is what the tool's
// own end-of-test summary reports.
//
// With Bounds, every metric (name, kind, unit) of a labelled series gets
// its aggregate series, without labels, holding every sample of every tag
// set; each tag set gets a series of its own up to MaxPerMetric per
// metric, and the samples of further tag sets go to one series labelled
// OtherLabel=OtherValue. A sample is recorded into exactly one of those
// series, and the aggregate is merged from them (and from samples sent
// without labels) when an interval closes: recording a sample twice would
// double the cost of the agent's hot path, while merging costs a pass
// over the histograms' written counts once an interval.
type Bounds struct {
	// MaxPerMetric is how many tag sets of one metric get a series of
	// their own; at least 1.
	MaxPerMetric int
	// NoGaugeAggregates leaves labelled gauges without an aggregate: set it
	// for tools whose labelled gauges are figures they computed per label
	// value (a p99 per operation), whose mean over the label values is no
	// figure of the run.
	NoGaugeAggregates bool
	// Suite leaves labelled series alone: each is a benchmark of a suite
	// read from a result file, which bounds their number, and the union of
	// different benchmarks is no figure of the run.
	Suite bool
}

// The label of the series holding a metric's tag sets beyond the bound.
const (
	OtherLabel = "tags"
	OtherValue = "__other__"
)

// countFolded bounds the distinct tag sets counted per folded metric, so a
// tool with unbounded tag values cannot grow the agent without limit
// either: beyond it the count says "at least".
const countFolded = 10_000

// metric is the state of one metric under Bounds.
type metric struct {
	agg    *SeriesRecorder // nil for gauges under NoGaugeAggregates
	own    int             // tag sets with a series of their own
	other  *SeriesRecorder // created at the first tag set beyond the bound
	folded map[uint64]struct{}
}

// Folded says how many tag sets of one metric went to its other series.
type Folded struct {
	// Metric is the aggregate series (no labels) of the metric.
	Metric Series
	// TagSets is the number of distinct tag sets folded, counted up to
	// 10,000; AtLeast is set when it reached that.
	TagSets int
	AtLeast bool
}

// Bound applies b to the series created from now on.
func (r *Recorder) Bound(b Bounds) {
	r.bounds = &b
	r.metrics = map[Series]*metric{}
}

// route returns the recorder a labelled series' samples go to under the
// bounds, creating the metric's aggregate and series as needed.
func (r *Recorder) route(s Series) *SeriesRecorder {
	whole := Series{Name: s.Name, Kind: s.Kind, Unit: s.Unit}
	m := r.metrics[whole]
	if m == nil {
		m = &metric{}
		if s.Kind != Gauge || !r.bounds.NoGaugeAggregates {
			// Samples sent without labels already have this series.
			m.agg = r.Series(whole)
			m.agg.aggregate = true
		}
		r.metrics[whole] = m
	}
	if m.own < r.bounds.MaxPerMetric {
		m.own++
		return r.add(s, m.agg)
	}
	if m.folded == nil {
		m.folded = map[uint64]struct{}{}
	}
	if len(m.folded) < countFolded {
		m.folded[maphash.String(r.seed, s.labels)] = struct{}{}
	}
	if m.other == nil {
		other := NewSeries(s.Name, s.Kind, s.Unit, map[string]string{OtherLabel: OtherValue})
		// A tool may have sent that very tag set among the first ones.
		if m.other = r.series[other]; m.other == nil {
			m.other = r.add(other, m.agg)
		}
	}
	// Not kept under s: the map would grow with every tag set folded.
	return m.other
}

// Folded lists the metrics whose tag sets went beyond the bound, by name.
func (r *Recorder) Folded() []Folded {
	var out []Folded
	for whole, m := range r.metrics {
		if len(m.folded) > 0 {
			out = append(out, Folded{Metric: whole, TagSets: len(m.folded), AtLeast: len(m.folded) >= countFolded})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Metric.String() < out[j].Metric.String() })
	return out
}

// mergeInto adds a member's closed interval seq to its aggregate.
func (s *SeriesRecorder) mergeInto(seq int64, b *bucket) {
	a := s.agg
	// The member counted its late samples already; one of its intervals
	// closing after the aggregate's is not more of them.
	late := a.late
	ab := a.bucketFor(s.rec.startMs + seq*s.rec.intervalMs)
	a.late = late
	ab.merge(b)
}

// merge adds another bucket of the same kind.
func (b *bucket) merge(o *bucket) {
	if o.count == 0 {
		return
	}
	if b.count == 0 || o.min < b.min {
		b.min = o.min
	}
	if b.count == 0 || o.max > b.max {
		b.max = o.max
	}
	b.imin, b.imax = min(b.imin, o.imin), max(b.imax, o.imax)
	b.count += o.count
	b.sum += o.sum
	b.isum += o.isum
	if o.h != nil {
		b.h.add(o.h)
	}
}

// add adds another histogram's counts.
func (h *counts) add(o *counts) {
	for i := o.lo; i <= o.hi; i++ {
		if n := o.at(i); n > 0 {
			// valueAt(i) is recorded at index i.
			h.record(valueAt(i), n)
		}
	}
}
