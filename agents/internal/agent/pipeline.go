// Package agent runs the subcommands: it joins a tool's adapter, the
// interval recorder and the sink.
package agent

import (
	"sync"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/adapters"
	"github.com/levelfield/levelfield/agents/internal/histogram"
	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// pipeline is the Emitter adapters write to. One mutex serialises the
// adapters' goroutines and the interval flusher; the recorder behind it is
// single-threaded by design, which keeps its hot path free of atomics.
type pipeline struct {
	mu     sync.Mutex
	rec    *histogram.Recorder
	bounds histogram.Bounds
	// lazy start (import): the first sample fixes the interval grid.
	intervalMs, warmupMs int64
	maxAt                int64
	// importing: no start time up front, and intervals are closed by the
	// data's own clock; closed frames wait here until the run is created.
	importing  bool
	sinceClose int
	closed     []histogram.Frame
}

// newPipeline starts intervals at startMs; startMs 0 means an import, where
// the first sample fixes the interval grid. Its series are kept within b.
func newPipeline(startMs, intervalMs, warmupMs int64, b histogram.Bounds) *pipeline {
	p := &pipeline{intervalMs: intervalMs, warmupMs: warmupMs, importing: startMs == 0, bounds: b}
	if startMs > 0 {
		p.start(startMs)
	}
	return p
}

func (p *pipeline) start(startMs int64) {
	p.rec = histogram.NewRecorder(startMs, p.intervalMs, p.warmupMs)
	p.rec.Bound(p.bounds)
	// Tools put command lines and URLs in tags (hyperfine names a benchmark
	// by its command), and series labels are shown with the run.
	p.rec.Relabel(provenance.RedactLabels)
}

// recorder returns the recorder, creating it at the first sample's interval
// boundary when the start time was not known up front.
func (p *pipeline) recorder(atMs int64) *histogram.Recorder {
	if p.rec == nil {
		p.start(atMs - atMs%p.intervalMs)
	}
	if atMs > p.maxAt {
		p.maxAt = atMs
	}
	return p.rec
}

// importLateness is how far behind the newest sample an import keeps
// intervals open: files are nearly in time order, not exactly.
const importLateness = 10

func (p *pipeline) afterSample() { p.afterSamples(1) }

func (p *pipeline) afterSamples(n int) {
	if !p.importing {
		return
	}
	// During an import, close intervals as the data moves on, so memory stays
	// bounded by the open intervals, not by the length of the run.
	p.sinceClose += n
	if p.sinceClose >= 4096 {
		p.sinceClose = 0
		p.closed = append(p.closed, p.rec.Close(p.maxAt-importLateness*p.intervalMs)...)
	}
}

func (p *pipeline) Latency(s histogram.Series, atMs, us, n int64) {
	p.mu.Lock()
	sr := p.recorder(atMs).Series(s)
	if n == 1 {
		sr.Record(atMs, us)
	} else {
		sr.RecordN(atMs, us, n)
	}
	p.afterSample()
	p.mu.Unlock()
}

// Latencies records a batch under one lock; consecutive samples of the same
// series skip the series lookup.
func (p *pipeline) Latencies(samples []adapters.LatencySample) {
	if len(samples) == 0 {
		return
	}
	p.mu.Lock()
	var sr *histogram.SeriesRecorder
	var last histogram.Series // the series sr was looked up for (it may be folded into another)
	for i := range samples {
		s := &samples[i]
		rec := p.recorder(s.AtMs)
		if sr == nil || last != s.Series {
			sr, last = rec.Series(s.Series), s.Series
		}
		if s.N == 1 {
			sr.Record(s.AtMs, s.Us)
		} else {
			sr.RecordN(s.AtMs, s.Us, s.N)
		}
	}
	p.afterSample()
	p.mu.Unlock()
}

// LatencyRuns records runs of one series each under one lock: one series
// lookup per run, and one histogram's counts at a time.
func (p *pipeline) LatencyRuns(runs []adapters.LatencyRun) {
	p.mu.Lock()
	n := 0
	for _, r := range runs {
		if len(r.Samples) == 0 {
			continue
		}
		n += len(r.Samples)
		sr := p.recorder(r.Samples[0].AtMs).Series(r.Series)
		for _, s := range r.Samples {
			if s.AtMs > p.maxAt {
				p.maxAt = s.AtMs
			}
			if r.N == 1 {
				sr.Record(s.AtMs, s.Us)
			} else {
				sr.RecordN(s.AtMs, s.Us, r.N)
			}
		}
	}
	p.afterSamples(n)
	p.mu.Unlock()
}

func (p *pipeline) Value(s histogram.Series, atMs int64, v float64) {
	p.mu.Lock()
	p.recorder(atMs).Series(s).Add(atMs, v)
	p.afterSample()
	p.mu.Unlock()
}

func (p *pipeline) Histogram(s histogram.Series, atMs int64, h *hdr.Histogram, scale float64) {
	p.mu.Lock()
	p.recorder(atMs).Series(s).Merge(atMs, h, scale)
	p.afterSample()
	p.mu.Unlock()
}

// close returns the frames of intervals that ended before watermarkMs, and
// the main series' newest frame for the live line.
func (p *pipeline) close(watermarkMs int64, all bool) (frames []histogram.Frame, main *histogram.Frame) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rec == nil {
		return nil, nil
	}
	if all {
		frames = p.rec.CloseAll()
	} else {
		frames = p.rec.Close(watermarkMs)
	}
	if m := p.rec.Main(); m != nil {
		for i := len(frames) - 1; i >= 0; i-- {
			if frames[i].Series == m.Series() {
				main = &frames[i]
				break
			}
		}
	}
	return frames, main
}
