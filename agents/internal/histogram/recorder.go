// Package histogram turns samples into closed interval frames: one HdrHistogram
// per series per interval for latencies, plain sums for counters and gauges.
package histogram

import (
	"hash/maphash"
	"math"
	"sort"
	"strings"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Geometry of every latency histogram the agent records: integer microseconds
// from 1 µs to one hour at 3 significant digits (±0.1 %), so that percentiles
// computed from merged frames agree with the tools' own within 1 %.
const (
	LowestUs  = 1
	HighestUs = 3_600_000_000
	Digits    = 3
)

// Kind is a series kind as defined by the ingest contract.
type Kind string

const (
	Latency Kind = "latency"
	Counter Kind = "counter"
	Gauge   Kind = "gauge"
)

// Series identifies one series. It is comparable so it can key maps; labels
// are kept in canonical form (sorted "k=v" joined by \x00) for that reason.
type Series struct {
	Name   string
	Kind   Kind
	Unit   string
	labels string
}

// DimensionlessUnit is UCUM's unit for plain counts and ratios; the ingest
// contract wants a unit on every series.
const DimensionlessUnit = "1"

// NewSeries builds a Series with its labels in canonical form. An empty unit
// becomes DimensionlessUnit.
func NewSeries(name string, kind Kind, unit string, labels map[string]string) Series {
	if unit == "" {
		unit = DimensionlessUnit
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(labels[k])
	}
	return Series{Name: name, Kind: kind, Unit: unit, labels: b.String()}
}

// Labels returns the series' labels as a fresh map.
func (s Series) Labels() map[string]string {
	m := map[string]string{}
	if s.labels == "" {
		return m
	}
	for _, kv := range strings.Split(s.labels, "\x00") {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// String renders the series for logs and the live line.
func (s Series) String() string {
	if s.labels == "" {
		return s.Name
	}
	return s.Name + "{" + strings.ReplaceAll(s.labels, "\x00", ",") + "}"
}

// Frame is one closed interval of one series, with the summary numbers the
// ingest API stores next to the encoded histogram (it does not decode them on
// its hot path).
type Frame struct {
	Series  Series
	Seq     int64
	StartMs int64
	EndMs   int64
	Warmup  bool
	Count   int64
	Min     float64
	Max     float64
	Mean    float64
	P50     float64
	P90     float64
	P95     float64
	P99     float64
	P999    float64
	// Histogram is the V2 compressed, base64 encoding; empty for counters and gauges.
	Histogram string
}

// bucket accumulates one interval of one series. Latencies keep exact
// integer min/max/sum next to the histogram (integer updates keep the hot path
// short); counters and gauges use the float fields.
type bucket struct {
	h                *counts // latency only
	count            int64
	imin, imax, isum int64
	sum, min, max    float64
}

func (b *bucket) addInt(us, n int64) {
	if us < b.imin {
		b.imin = us
	}
	if us > b.imax {
		b.imax = us
	}
	b.count += n
	b.isum += us * n
}

func (b *bucket) add(v float64, n int64) {
	if b.count == 0 || v < b.min {
		b.min = v
	}
	if b.count == 0 || v > b.max {
		b.max = v
	}
	b.count += n
	b.sum += v * float64(n)
}

// maxOpen bounds the intervals a series keeps open, so a sample with a wild
// timestamp cannot make the recorder allocate without limit; older intervals
// are closed early instead.
const maxOpen = 64

// SeriesRecorder records the samples of one series. Not safe for concurrent
// use: the Recorder that owns it is driven by one goroutine.
type SeriesRecorder struct {
	rec    *Recorder
	series Series
	next   int64     // seq of the oldest open interval
	open   []*bucket // open[i] holds interval next+i
	// fast path for the interval most recently recorded into
	cur           *bucket
	curStart      int64
	curEnd        int64
	started       bool
	late, clamped int64
	// agg is the aggregate this series' closed intervals are merged into
	// (Bounds); aggregate is set on the aggregate itself.
	agg       *SeriesRecorder
	aggregate bool
}

// Record adds one latency value (µs) observed at atMs. This is the hot path:
// a range check and an HdrHistogram increment.
func (s *SeriesRecorder) Record(atMs, us int64) {
	if atMs < s.curStart || atMs >= s.curEnd {
		s.cur = s.bucketFor(atMs)
	}
	if us < 0 {
		us = 0
	} else if us > HighestUs {
		us = HighestUs
		s.clamped++
	}
	s.cur.addInt(us, 1)
	s.cur.h.record(us, 1)
	s.rec.noteStart(atMs, us)
}

// RecordN adds n occurrences of one latency value, for sampled StatsD timers.
func (s *SeriesRecorder) RecordN(atMs, us, n int64) {
	if n <= 0 {
		return
	}
	b := s.bucketFor(atMs)
	if us < 0 {
		us = 0
	} else if us > HighestUs {
		us = HighestUs
		s.clamped++
	}
	b.addInt(us, n)
	b.h.record(us, n)
	s.rec.noteStart(atMs, us)
}

// Add records a counter increment or a gauge observation.
func (s *SeriesRecorder) Add(atMs int64, v float64) {
	s.bucketFor(atMs).add(v, 1)
}

// Merge adds a foreign histogram (from an HdrHistogram log or a CockroachDB
// tick) whose values are multiplied by scale to get microseconds. Each bucket
// is recorded at its highest equivalent value, as HdrHistogram reports
// percentiles, so the tool's own percentiles are kept.
func (s *SeriesRecorder) Merge(atMs int64, h *hdr.Histogram, scale float64) {
	b := s.bucketFor(atMs)
	for _, bar := range h.Distribution() {
		if bar.Count == 0 {
			continue
		}
		us := int64(math.Round(float64(bar.To) * scale))
		if us > HighestUs {
			us = HighestUs
			s.clamped += bar.Count
		}
		if us < 0 {
			us = 0
		}
		b.addInt(us, bar.Count)
		b.h.record(us, bar.Count)
	}
}

// Series is the series this recorder records.
func (s *SeriesRecorder) Series() Series { return s.series }

// Late is the number of samples that arrived after their interval had been
// closed; they were counted in the oldest open interval instead.
func (s *SeriesRecorder) Late() int64 { return s.late }

func (s *SeriesRecorder) bucketFor(atMs int64) *bucket {
	r := s.rec
	idx := floorDiv(atMs-r.startMs, r.intervalMs)
	if !s.started {
		s.started = true
		s.next = max(idx, 0)
	}
	if idx < s.next {
		s.late++
		idx = s.next
	}
	for idx-s.next >= maxOpen {
		s.closeOldest()
	}
	for int64(len(s.open)) <= idx-s.next {
		s.open = append(s.open, nil)
	}
	i := idx - s.next
	if s.open[i] == nil {
		s.open[i] = r.newBucket(s.series.Kind)
	}
	// The fast path's cache (Record) describes this bucket from now on,
	// whoever asked for it: RecordN first, then Record, used to find the
	// interval cached without its bucket.
	s.cur = s.open[i]
	s.curStart = r.startMs + idx*r.intervalMs
	s.curEnd = s.curStart + r.intervalMs
	return s.cur
}

func (s *SeriesRecorder) closeOldest() {
	var b *bucket
	if len(s.open) > 0 {
		b = s.open[0]
		s.open[0] = nil
		s.open = s.open[1:]
	}
	s.rec.pending = append(s.rec.pending, s.rec.frame(s.series, s.next, b))
	if b != nil {
		if s.agg != nil {
			s.mergeInto(s.next, b)
		}
		s.rec.release(b)
	}
	s.next++
	// The fast-path cache may point at the bucket just released.
	s.curStart, s.curEnd = 0, 0
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Recorder owns the series of one run and closes their intervals.
type Recorder struct {
	startMs    int64
	intervalMs int64
	warmupEnd  int64
	series     map[Series]*SeriesRecorder
	order      []*SeriesRecorder // first-seen order, so the first is the main series
	pending    []Frame
	free       []*counts
	enc        encoder
	quantiles  [5]int64
	// Under Bounds (bounds.go): the metrics by their aggregate series.
	bounds  *Bounds
	metrics map[Series]*metric
	seed    maphash.Seed
	// Under Relabel: how tag sets become labels, and the tag sets seen
	// whose labels changed, by the recorder they go to.
	relabel func(map[string]string) map[string]string
	aliases map[Series]*SeriesRecorder
	// firstMs is when the earliest timed operation started (its end less its
	// latency): the tool's measurement began then, not at the run's start.
	firstMs int64
}

// NewRecorder starts intervals at startMs (unix ms), each intervalMs long;
// intervals that start before startMs+warmupMs are marked as warm-up.
func NewRecorder(startMs, intervalMs, warmupMs int64) *Recorder {
	if intervalMs <= 0 {
		intervalMs = 1000
	}
	return &Recorder{
		startMs:    startMs,
		intervalMs: intervalMs,
		warmupEnd:  startMs + warmupMs,
		series:     map[Series]*SeriesRecorder{},
		seed:       maphash.MakeSeed(),
		firstMs:    math.MaxInt64,
	}
}

// Series returns the recorder a series' samples go to, creating it on
// first use: the series' own, or under Bounds the one its tag set is
// folded into.
func (r *Recorder) Series(s Series) *SeriesRecorder {
	if sr, ok := r.series[s]; ok {
		return sr
	}
	if r.relabel != nil && s.labels != "" {
		return r.relabeled(s)
	}
	return r.create(s)
}

// maxAliases bounds the tag sets remembered as relabeled: a tool may send a
// new one with every sample (a token per request), and each is relabeled
// again once forgotten rather than kept for the whole run.
const maxAliases = 1024

// Relabel makes the labels a tool gives into the labels a series is stored
// under (the agent redacts credentials there). Tag sets that relabel alike
// are one series. f must give back labels it is given again unchanged.
func (r *Recorder) Relabel(f func(map[string]string) map[string]string) {
	r.relabel = f
	r.aliases = map[Series]*SeriesRecorder{}
}

// relabeled returns the recorder of s's relabeled series. A tag set kept as
// it is is then found by Series; one relabeled or folded under Bounds is
// remembered here, so relabeling costs once per tag set, not per sample.
func (r *Recorder) relabeled(s Series) *SeriesRecorder {
	if sr, ok := r.aliases[s]; ok {
		return sr
	}
	to := NewSeries(s.Name, s.Kind, s.Unit, r.relabel(s.Labels()))
	sr, ok := r.series[to]
	if !ok {
		sr = r.create(to)
	}
	if r.series[s] != sr {
		if len(r.aliases) >= maxAliases {
			clear(r.aliases)
		}
		r.aliases[s] = sr
	}
	return sr
}

// create makes the recorder of a series not seen before.
func (r *Recorder) create(s Series) *SeriesRecorder {
	if r.bounds != nil && !r.bounds.Suite && s.labels != "" {
		return r.route(s)
	}
	return r.add(s, nil)
}

// add creates the recorder of a series whose closed intervals are merged
// into agg (nil: none).
func (r *Recorder) add(s Series, agg *SeriesRecorder) *SeriesRecorder {
	sr := &SeriesRecorder{rec: r, series: s, agg: agg}
	r.series[s] = sr
	r.order = append(r.order, sr)
	return sr
}

// Main returns the series the live line reports: the first latency series
// seen, else the first series, else nil.
func (r *Recorder) Main() *SeriesRecorder {
	for _, s := range r.order {
		if s.series.Kind == Latency {
			return s
		}
	}
	if len(r.order) > 0 {
		return r.order[0]
	}
	return nil
}

// Close closes every interval that ends at or before watermarkMs and returns
// the frames closed since the last call. A series gets a frame for every
// interval from its first sample on, empty ones included, so its seq numbers
// have no gaps.
func (r *Recorder) Close(watermarkMs int64) []Frame {
	// Aggregates last: their intervals are complete once every member's
	// are merged in.
	for _, aggregates := range []bool{false, true} {
		for _, s := range r.order {
			for s.aggregate == aggregates && s.started && r.startMs+(s.next+1)*r.intervalMs <= watermarkMs {
				s.closeOldest()
			}
		}
	}
	out := r.pending
	r.pending = nil
	return out
}

// CloseAll closes every open interval up to the last one any series has
// touched, for the end of a run or an import.
func (r *Recorder) CloseAll() []Frame {
	var last int64 = math.MinInt64
	for _, s := range r.order {
		if s.started {
			last = max(last, s.next+int64(len(s.open)))
		}
	}
	if last == math.MinInt64 {
		return r.Close(math.MinInt64)
	}
	return r.Close(r.startMs + last*r.intervalMs)
}

// Stats returns per-series counts of late and clamped samples, for the log.
func (r *Recorder) Stats() (late, clamped int64) {
	for _, s := range r.order {
		late += s.late
		clamped += s.clamped
	}
	return late, clamped
}

func (r *Recorder) newBucket(k Kind) *bucket {
	b := &bucket{imin: math.MaxInt64, imax: math.MinInt64}
	if k == Latency {
		if n := len(r.free); n > 0 {
			b.h = r.free[n-1]
			r.free = r.free[:n-1]
		} else {
			b.h = newCounts()
		}
	}
	return b
}

// release keeps histograms for reuse: a fresh one per series per interval
// would dominate the agent's own CPU cost (allocation, zeroing and the page
// faults of first touching ~95 KB). Every interval closes about one per
// series, so that many (plus a few) are kept: no more memory than the
// intervals about to open need anyway.
func (r *Recorder) release(b *bucket) {
	if b.h != nil && len(r.free) < len(r.order)+8 {
		b.h.reset()
		r.free = append(r.free, b.h)
	}
}

// noteStart notes when an operation that ended at atMs after us microseconds began.
func (r *Recorder) noteStart(atMs, us int64) {
	if start := atMs - us/1000; start < r.firstMs {
		r.firstMs = start
	}
}

func (r *Recorder) frame(s Series, seq int64, b *bucket) Frame {
	f := Frame{
		Series:  s,
		Seq:     seq,
		StartMs: r.startMs + seq*r.intervalMs,
		EndMs:   r.startMs + (seq+1)*r.intervalMs,
	}
	f.Warmup = f.StartMs < r.warmupEnd
	// A latency interval holding the first timed operation starts with it: the time before (the
	// tool connecting, pgbench's vacuum) measured nothing, and a whole interval would put the
	// run's throughput below the tool's own, which counts from its first operation (12-second
	// pgbench runs read 0.3 % low, README "Throughput counts from the tool's first operation").
	// Counters and gauges keep whole intervals: their events need not follow an operation.
	if s.Kind == Latency && f.StartMs < r.firstMs && r.firstMs < f.EndMs {
		f.StartMs = r.firstMs
	}
	if b != nil && b.count > 0 {
		f.Count = b.count
		f.Min, f.Max = b.min, b.max
		f.Mean = b.sum / float64(b.count)
		if s.Kind == Latency {
			f.Min, f.Max = float64(b.imin), float64(b.imax)
			f.Mean = float64(b.isum) / float64(b.count)
		}
	}
	if s.Kind == Counter && b != nil {
		// A counter's count is the number of events, which is the sum of the increments.
		f.Count = int64(math.Round(b.sum))
	}
	if s.Kind != Latency {
		return f
	}
	if b == nil || f.Count == 0 {
		f.Histogram = emptyEncoded
		return f
	}
	q := r.quantiles[:]
	b.h.percentiles(frameQuantiles, q)
	f.P50, f.P90, f.P95, f.P99, f.P999 = float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3]), float64(q[4])
	f.Histogram = r.enc.encode(b.h)
	return f
}

// frameQuantiles are the percentiles every latency frame carries, ascending.
var frameQuantiles = []float64{50, 90, 95, 99, 99.9}

// emptyEncoded is sent for intervals without samples, so every latency frame
// carries a histogram and merging frames needs no special case.
var emptyEncoded = new(encoder).encode(newCounts())

// Encode returns the V2 compressed base64 encoding of a library histogram
// (tests and tools; the recorder uses its own encoder). It writes to memory
// only, so an error would be a bug in the library; it yields "" then.
func Encode(h *hdr.Histogram) string {
	enc, err := h.Encode(hdr.V2CompressedEncodingCookieBase)
	if err != nil {
		return ""
	}
	return string(enc)
}
