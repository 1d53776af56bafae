package sink

import (
	"log/slog"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// Contract limits for one POST /frames: INGEST_LIMITS of
// packages/contracts/src/ingest.ts (limits_test.go holds them equal). They
// are mirrored here rather than read from the API's /openapi.json at start
// because batches are cut while the API may be away (they wait in the
// spool), and a start-up request would delay every run for a figure that
// changes with the contract only. An API with lower limits is still served:
// a batch it finds too large (413, or a 400 about the series or frames
// list as a whole) is split in halves and sent again. The byte limit is kept
// below the 1 MiB body limit so that JSON framing never tips a batch over.
const (
	maxBatchFrames = 5000
	maxBatchSeries = 1000
	maxBatchBytes  = 900 << 10
)

// Series is one series declaration of a batch.
type Series struct {
	Key    string            `json:"key"`
	Name   string            `json:"name"`
	Kind   string            `json:"kind"`
	Unit   string            `json:"unit"`
	Labels map[string]string `json:"labels"`
}

// Frame is one frame of a batch.
type Frame struct {
	Series    string  `json:"series"`
	Seq       int64   `json:"seq"`
	StartMs   int64   `json:"startMs"`
	EndMs     int64   `json:"endMs"`
	Warmup    bool    `json:"warmup"`
	Count     int64   `json:"count"`
	Min       float64 `json:"min"`
	Max       float64 `json:"max"`
	Mean      float64 `json:"mean"`
	P50       float64 `json:"p50"`
	P90       float64 `json:"p90"`
	P95       float64 `json:"p95"`
	P99       float64 `json:"p99"`
	P999      float64 `json:"p999"`
	Histogram string  `json:"histogram,omitempty"`
}

// Batch is the body of POST /v1/runs/{id}/frames.
type Batch struct {
	Series []Series `json:"series"`
	Frames []Frame  `json:"frames"`
}

// Bounds of the contract's SeriesDeclaration and FrameInput: a batch with
// one value outside them is refused whole, so the agent keeps within them.
const (
	maxSeriesName = 200
	maxLabelKey   = 64
	maxLabelValue = 256
	maxUnit       = 16
	maxValue      = 1e15
)

// badNameChar matches what a series name may not contain.
var badNameChar = regexp.MustCompile(`[^A-Za-z0-9_.:/ -]`)

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// wireSeries declares a series within the contract: names from StatsD or
// k6 may hold characters the API refuses, and those become "_".
func wireSeries(key string, s histogram.Series) Series {
	name := WireName(s.Name)
	unit := cut(s.Unit, maxUnit)
	if unit == "" {
		unit = histogram.DimensionlessUnit
	}
	labels := map[string]string{}
	for k, v := range s.Labels() {
		if k == "" {
			k = "_"
		}
		labels[cut(k, maxLabelKey)] = cut(v, maxLabelValue)
	}
	return Series{Key: key, Name: name, Kind: string(s.Kind), Unit: unit, Labels: labels}
}

// WireName is the name a series is declared with: within the contract's
// characters and length.
func WireName(name string) string {
	name = cut(badNameChar.ReplaceAllString(name, "_"), maxSeriesName)
	if strings.TrimSpace(name) == "" {
		return "unnamed"
	}
	return name
}

// wireValue keeps a summary number within the contract's bounds: ±1e15 for
// a gauge (a level may be below zero: a clock offset, a k6 Trend of plain
// numbers), [0, 1e15] for latencies and counters. It reports whether it had
// to change v.
func wireValue(v float64, gauge bool) (float64, bool) {
	switch {
	case math.IsNaN(v):
		return 0, true
	case v < -maxValue || (v < 0 && !gauge):
		if gauge {
			return -maxValue, true
		}
		return 0, true
	case v > maxValue:
		return maxValue, true
	}
	return v, false
}

// Batches converts closed frames into batches within the contract's limits.
func Batches(frames []histogram.Frame) []Batch {
	var out []Batch
	clamped := 0
	var cur Batch
	keys := map[histogram.Series]string{}
	size := 0
	flush := func() {
		if len(cur.Frames) > 0 {
			out = append(out, cur)
		}
		cur, keys, size = Batch{}, map[histogram.Series]string{}, 0
	}
	for _, f := range frames {
		wf := Frame{Seq: f.Seq, StartMs: f.StartMs, EndMs: f.EndMs, Warmup: f.Warmup, Count: max(f.Count, 0),
			Histogram: f.Histogram}
		for _, p := range []struct {
			dst *float64
			v   float64
		}{{&wf.Min, f.Min}, {&wf.Max, f.Max}, {&wf.Mean, f.Mean}, {&wf.P50, f.P50}, {&wf.P90, f.P90},
			{&wf.P95, f.P95}, {&wf.P99, f.P99}, {&wf.P999, f.P999}} {
			v, changed := wireValue(p.v, f.Series.Kind == histogram.Gauge)
			*p.dst = v
			if changed {
				clamped++
			}
		}
		// An estimate is enough to stay under the limit: the summary fields
		// take well under 400 bytes, the histogram dominates.
		need := 400 + len(f.Histogram)
		declaration := 200 + len(f.Series.String())
		_, declared := keys[f.Series]
		if !declared {
			need += declaration
		}
		if len(cur.Frames) == maxBatchFrames || (!declared && len(cur.Series) == maxBatchSeries) ||
			(size+need > maxBatchBytes && len(cur.Frames) > 0) {
			flush()
			if declared { // again, in the new batch
				need += declaration
			}
		}
		key, ok := keys[f.Series]
		if !ok {
			key = "s" + strconv.Itoa(len(cur.Series))
			keys[f.Series] = key
			cur.Series = append(cur.Series, wireSeries(key, f.Series))
		}
		wf.Series = key
		cur.Frames = append(cur.Frames, wf)
		size += need
	}
	flush()
	if clamped > 0 {
		slog.Warn("frame values outside the ingest contract's range [0, 1e15] were clamped", "values", clamped)
	}
	return out
}

// split halves a batch for a server that found it too large.
func split(b Batch) (Batch, Batch) {
	half := len(b.Frames) / 2
	return withSeries(b, b.Frames[:half]), withSeries(b, b.Frames[half:])
}

func withSeries(b Batch, frames []Frame) Batch {
	used := map[string]bool{}
	for _, f := range frames {
		used[f.Series] = true
	}
	out := Batch{Frames: frames}
	for _, s := range b.Series {
		if used[s.Key] {
			out.Series = append(out.Series, s)
		}
	}
	return out
}
