package adapters

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// HdrLogEntry is one interval line of an HdrHistogram interval log:
//
//	[Tag=NAME,]StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram
type HdrLogEntry struct {
	Tag      string
	StartSec float64
	LenSec   float64
	MaxMs    float64 // Interval_Max, conventionally in milliseconds
	Hist     *hdr.Histogram
}

// HdrLogParser keeps the header state (#[StartTime:], #[BaseTime:]) that
// turns an entry's timestamp into an absolute time.
type HdrLogParser struct {
	startSec, baseSec float64
	haveStart         bool
	haveBase          bool
}

// Line parses one line. It returns ok=false for header, legend and comment
// lines and an error for malformed interval lines.
func (p *HdrLogParser) Line(line []byte) (e HdrLogEntry, ok bool, err error) {
	line = bytes.TrimSpace(line)
	switch {
	case len(line) == 0:
		return e, false, nil
	case bytes.HasPrefix(line, []byte("#[StartTime: ")):
		if v, ok := firstNumber(line[len("#[StartTime: "):]); ok {
			p.startSec, p.haveStart = v, true
		}
		return e, false, nil
	case bytes.HasPrefix(line, []byte("#[BaseTime: ")):
		if v, ok := firstNumber(line[len("#[BaseTime: "):]); ok {
			p.baseSec, p.haveBase = v, true
		}
		return e, false, nil
	case line[0] == '#' || line[0] == '"':
		return e, false, nil
	}
	if rest, found := bytes.CutPrefix(line, []byte("Tag=")); found {
		tag, after, ok := bytes.Cut(rest, []byte(","))
		if !ok {
			return e, false, fmt.Errorf("hdr log: tag without fields")
		}
		e.Tag, line = string(tag), after
	}
	f := bytes.SplitN(line, []byte(","), 4)
	if len(f) != 4 {
		return e, false, fmt.Errorf("hdr log: want 4 fields, got %d", len(f))
	}
	nums := [3]float64{}
	for i := range nums {
		v, err := strconv.ParseFloat(string(f[i]), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return e, false, fmt.Errorf("hdr log: bad number %q", f[i])
		}
		nums[i] = v
	}
	e.StartSec, e.LenSec, e.MaxMs = nums[0], nums[1], nums[2]
	e.Hist, err = histogram.Decode(f[3])
	if err != nil {
		return e, false, fmt.Errorf("hdr log: %w", err)
	}
	return e, true, nil
}

// AbsStartSec resolves an entry's start to unix seconds the way
// HdrHistogram's log readers do: relative to BaseTime if given, else relative
// to StartTime when the stamp is clearly not absolute.
func (p *HdrLogParser) AbsStartSec(e HdrLogEntry) float64 {
	switch {
	case p.haveBase:
		return p.baseSec + e.StartSec
	case p.haveStart && e.StartSec < p.startSec-365*24*3600:
		return p.startSec + e.StartSec
	}
	return e.StartSec
}

func firstNumber(b []byte) (float64, bool) {
	f := bytes.Fields(b)
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(f[0]), 64)
	return v, err == nil
}

// unitScale returns the factor from the histogram's unit to µs: the unit
// option if given, else inferred from Interval_Max, which log writers record
// in milliseconds (nanosecond histograms with a 1e6 ratio, µs with 1e3).
func unitScale(opt string, e HdrLogEntry) (float64, error) {
	switch opt {
	case "ns":
		return 1e-3, nil
	case "us":
		return 1, nil
	case "ms":
		return 1e3, nil
	case "", "auto":
	default:
		return 0, fmt.Errorf("unit %q: want ns, us, ms or auto", opt)
	}
	if e.MaxMs <= 0 || e.Hist.TotalCount() == 0 {
		return 0, nil // unknown yet
	}
	ratio := float64(e.Hist.Max()) / e.MaxMs
	switch {
	case ratio > 3e5:
		return 1e-3, nil
	case ratio > 300:
		return 1, nil
	default:
		return 1e3, nil
	}
}

type hdrLog struct {
	o      Options
	files  []toolFile
	mu     sync.Mutex
	scale  float64
	parser HdrLogParser
}

func newHdrLog(o Options) (Adapter, error) {
	a := &hdrLog{o: o, files: finishedFiles(o.Files)}
	if o.Follow {
		f := o.Opts["file"]
		if f == "" {
			return nil, fmt.Errorf("pass --adapter-opt file=PATH: the interval log the tool writes")
		}
		a.files = outputOfTool(resolve(o.Dir, f))
	}
	if _, err := unitScale(o.Opts["unit"], HdrLogEntry{}); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *hdrLog) Name() string { return "hdrlog" }

func (a *hdrLog) Measurement() map[string]any {
	return map[string]any{
		"latencySource": "HdrHistogram interval log",
		// Whether the tool measured from intended start times (wrk2 does,
		// others only when configured) is not in the log: declare it.
		"latencyOriginNote": "not known to the agent: as recorded by the tool; declare measurement.latencyOrigin",
	}
}

func (a *hdrLog) Run(ctx context.Context, e Emitter) error {
	var errs []error
	for _, f := range a.files {
		a.parser = HdrLogParser{}
		errs = append(errs, f.read(ctx, a.o.Follow, func(line []byte) { a.line(line, e) }))
	}
	return errors.Join(errs...)
}

func (a *hdrLog) line(line []byte, e Emitter) {
	a.mu.Lock()
	defer a.mu.Unlock()
	ent, ok, err := a.parser.Line(line)
	if err != nil || !ok {
		return
	}
	scale := a.scale
	if scale == 0 {
		scale, _ = unitScale(a.o.Opts["unit"], ent) // the option was checked in newHdrLog
		a.scale = scale
		if scale == 0 {
			scale = 1 // an empty interval: nothing to scale yet
		}
	}
	var labels map[string]string
	if ent.Tag != "" {
		labels = map[string]string{"tag": ent.Tag}
	}
	// The interval's histogram is attributed to its end, like a sample that
	// completes when the interval does.
	atMs := int64(math.Round((a.parser.AbsStartSec(ent) + ent.LenSec) * 1000))
	e.Histogram(histogram.NewSeries("latency", histogram.Latency, "us", labels), atMs, ent.Hist, scale)
}
