package adapters

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// CockroachTick is one line of `cockroach workload run ... --histograms FILE`:
// the interval histogram of one operation, in nanoseconds.
type CockroachTick struct {
	Name    string
	Hist    *hdr.Snapshot
	Elapsed time.Duration
	Now     time.Time
}

// ParseCockroachTick decodes and validates one histograms line.
func ParseCockroachTick(line []byte) (CockroachTick, *hdr.Histogram, error) {
	var t CockroachTick
	if err := json.Unmarshal(line, &t); err != nil {
		return t, nil, fmt.Errorf("cockroach histograms line: %w", err)
	}
	if t.Name == "" || t.Hist == nil {
		return t, nil, fmt.Errorf("cockroach histograms line: missing Name or Hist")
	}
	s := t.Hist
	if err := histogram.CheckGeometry(s.LowestTrackableValue, s.HighestTrackableValue, s.SignificantFigures); err != nil {
		return t, nil, fmt.Errorf("cockroach histograms line: %w", err)
	}
	if err := s.Validate(); err != nil {
		return t, nil, fmt.Errorf("cockroach histograms line: %w", err)
	}
	return t, hdr.Import(s), nil
}

// CockroachRow is one row of workload's text output, named by the header
// line above it, e.g.
//
//	_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)
//	    1.0s        0         1234.5         1234.5      4.5      8.9     12.1     35.7 newOrder
//	_elapsed_______tpmC____efc__avg(ms)__p50(ms)__p90(ms)__p95(ms)__p99(ms)_pMax(ms)
//	  300.0s     1225.4  95.3%     38.2     35.7     52.4     60.8     83.9    151.0
type CockroachRow struct {
	Section    string // "tick", "total", "result" or "tpcc"
	ElapsedSec float64
	Op         string
	Values     map[string]float64 // column → value; (ms) columns converted to µs
}

// CockroachOutput parses workload's stdout; it remembers the last header.
type CockroachOutput struct {
	cols    []string
	section string
}

// Line parses one stdout line; ok is false for headers and other lines.
func (c *CockroachOutput) Line(line []byte) (r CockroachRow, ok bool) {
	s := strings.TrimSpace(string(line))
	if strings.HasPrefix(s, "_elapsed") {
		c.cols = nil
		for _, f := range strings.Split(s, "_") {
			if f != "" {
				c.cols = append(c.cols, f)
			}
		}
		c.section = "tick"
		switch last := c.cols[len(c.cols)-1]; last {
		case "total", "result":
			c.section, c.cols = last, c.cols[:len(c.cols)-1]
		}
		if len(c.cols) > 1 && c.cols[1] == "tpmC" {
			c.section = "tpcc"
		}
		return r, false
	}
	f := strings.Fields(s)
	if len(c.cols) < 2 || len(f) < len(c.cols) || len(f) > len(c.cols)+1 || !strings.HasSuffix(f[0], "s") {
		return r, false
	}
	el, err := strconv.ParseFloat(strings.TrimSuffix(f[0], "s"), 64)
	if err != nil {
		return r, false
	}
	r = CockroachRow{Section: c.section, ElapsedSec: el, Values: map[string]float64{}}
	if len(f) > len(c.cols) {
		r.Op = f[len(c.cols)]
	}
	for i, col := range c.cols[1:] {
		v, err := strconv.ParseFloat(strings.TrimSuffix(f[i+1], "%"), 64)
		if err != nil {
			return r, false
		}
		name, isMs := strings.CutSuffix(col, "(ms)")
		if isMs {
			v *= 1000
		}
		r.Values[seriesName(name)] = v
	}
	return r, true
}

// seriesName turns a column title such as "ops/sec(inst)" into "ops_per_sec_inst".
func seriesName(col string) string {
	r := strings.NewReplacer("/", "_per_", "(", "_", ")", "")
	return r.Replace(col)
}

type cockroach struct {
	o      Options
	files  []toolFile
	mu     sync.Mutex
	out    CockroachOutput
	baseMs int64
}

func newCockroach(o Options) (Adapter, error) {
	a := &cockroach{o: o, files: finishedFiles(o.Files), baseMs: o.StartMs}
	if o.Follow {
		if f, ok := flagValue(o.Args, "--histograms", ""); ok && f != "" {
			a.files = outputOfTool(resolve(o.Dir, f))
		} else {
			return nil, fmt.Errorf("cockroach workload needs --histograms FILE for per-interval latency histograms")
		}
	}
	return a, nil
}

func (a *cockroach) Name() string { return "cockroach" }

// GaugeFigures: the rows' gauges are workload's own per-operation figures.
func (a *cockroach) GaugeFigures() {}

func (a *cockroach) Measurement() map[string]any {
	return map[string]any{
		"latencySource": "cockroach workload --histograms (per-tick HdrHistograms, ns)",
		"latencyOrigin": "actual",
	}
}

func (a *cockroach) Run(ctx context.Context, e Emitter) error {
	var errs []error
	for _, f := range a.files {
		errs = append(errs, f.read(ctx, a.o.Follow, func(line []byte) {
			if bytes.HasPrefix(bytes.TrimSpace(line), []byte("{")) {
				a.tick(line, e)
			} else {
				// An imported capture of workload's stdout.
				a.ParseOutput(line, 0, e)
			}
		}))
	}
	return errors.Join(errs...)
}

func (a *cockroach) tick(line []byte, e Emitter) {
	t, h, err := ParseCockroachTick(line)
	if err != nil {
		return
	}
	e.Histogram(histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"op": t.Name}),
		t.Now.UnixMilli(), h, 1e-3)
}

// ParseOutput records workload's text rows as gauges. atMs 0 (import) places
// a row at the start plus its elapsed time.
func (a *cockroach) ParseOutput(line []byte, atMs int64, e Emitter) {
	a.mu.Lock()
	r, ok := a.out.Line(line)
	a.mu.Unlock()
	if !ok {
		return
	}
	if atMs == 0 {
		atMs = a.baseMs + int64(r.ElapsedSec*1000)
	}
	for name, v := range r.Values {
		unit := ""
		if strings.HasPrefix(name, "p") || name == "avg" {
			unit = "us"
		}
		labels := map[string]string{"section": r.Section}
		if r.Op != "" {
			labels["op"] = r.Op
		}
		e.Value(histogram.NewSeries(name, histogram.Gauge, unit, labels), atMs, v)
	}
}
