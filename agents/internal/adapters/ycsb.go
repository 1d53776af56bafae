package adapters

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// ycsb reads YCSB (0.17, `-s` status and `measurementtype=hdrhistogram`):
//
//   - its HdrHistogram interval logs, one per operation, written with
//     `-p hdrhistogram.fileoutput=true` to `hdrhistogram.output.path` + OP +
//     ".hdr" (µs, the histograms YCSB takes its own percentiles from): each
//     interval → `latency{op}`. Under `run` the files are found from the
//     command's -p flags and tailed; under `import` named.
//   - its end-of-test text (stdout), `[READ], 95thPercentileLatency(us),
//     2253`: each figure a gauge as printed: `operations{op}`, `latency_avg`,
//     `latency_min`, `latency_max`, `latency_p95`, `latency_p99` (µs),
//     `latency_variance` (µs², measurementtype=histogram), `returns{op,
//     status}`; `[OVERALL]` `run_time` (ms), `throughput` (1/s); the JVM's
//     `[TOTAL_GC…]` as `jvm_gc_count`, `jvm_gc_time` (ms), `jvm_gc_time_pct`
//     {collector}.
//   - its status lines (stderr, `-s`), one per status.interval:
//     `current_ops_per_sec`, `status_operations` (cumulative), and per
//     operation `interval_count`, `interval_latency_min`, `_max`, `_avg`,
//     `_p90`, `_p99`, `_p99.9`, `_p99.99` (µs), at the line's time.
//
// The per-operation gauges are YCSB's figures per operation: they get no
// aggregate (GaugeFigures).
type ycsb struct {
	o Options
	// hdrDir and hdrPrefix locate the logs under `run`: YCSB names each
	// hdrhistogram.output.path + OP + ".hdr", the path being a prefix
	// ("out/" or "out/run1-"). hdrDir is "" without fileoutput.
	hdrDir, hdrPrefix string
}

func newYCSB(o Options) (Adapter, error) {
	a := &ycsb{o: o}
	if o.Follow {
		props := ycsbProps(o.Args)
		if props["hdrhistogram.fileoutput"] == "true" {
			dir, prefix := filepath.Split(props["hdrhistogram.output.path"])
			a.hdrDir, a.hdrPrefix = resolve(o.Dir, dir), prefix
			if a.hdrDir == "" {
				a.hdrDir = "."
			}
		}
	}
	return a, nil
}

func init() { registry["ycsb"] = newYCSB }

func (a *ycsb) Name() string { return "ycsb" }

// GaugeFigures: the gauges labelled op are YCSB's per-operation figures.
func (a *ycsb) GaugeFigures() {}

func (a *ycsb) Measurement() map[string]any {
	origin := "actual"
	switch ycsbProps(a.o.Args)["measurement.interval"] {
	case "intended":
		origin = "intended"
	case "both":
		origin = "both: op=Intended-… series are from intended start times"
	}
	return map[string]any{
		"latencySource": "YCSB HdrHistogram interval logs (hdrhistogram.fileoutput, µs) and its summary",
		"latencyOrigin": origin,
	}
}

// ycsbProps reads the command's `-p key=value` properties.
func ycsbProps(args []string) map[string]string {
	props := map[string]string{}
	for i, arg := range args {
		kv, ok := strings.CutPrefix(arg, "-p")
		if ok && kv == "" && i+1 < len(args) {
			kv = args[i+1]
		}
		if k, v, found := strings.Cut(kv, "="); ok && found {
			props[k] = v
		}
	}
	return props
}

func (a *ycsb) Run(ctx context.Context, e Emitter) error {
	if a.o.Follow {
		if a.hdrDir == "" {
			<-ctx.Done()
			return nil
		}
		return a.followLogs(ctx, e)
	}
	var errs []error
	for _, f := range a.o.Files {
		errs = append(errs, a.importFile(ctx, f, e))
	}
	return errors.Join(errs...)
}

// followLogs tails every OP.hdr that appears under the output path while
// YCSB runs (it opens one per operation type as the operation first occurs);
// files older than the run are a previous run's.
func (a *ycsb) followLogs(ctx context.Context, e Emitter) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	seen := map[string]bool{}
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
		}
		paths, _ := filepath.Glob(filepath.Join(a.hdrDir, a.hdrPrefix+"*.hdr"))
		for _, p := range paths {
			fi, err := os.Stat(p)
			if seen[p] || err != nil || fi.ModTime().UnixMilli() < a.o.StartMs-1000 {
				continue
			}
			seen[p] = true
			op := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), a.hdrPrefix), ".hdr")
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := a.followLog(ctx, p, op, true, e); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	return errors.Join(errs...)
}

// followLog reads one operation's interval log; its "#[Logging for: OP]"
// header names the operation when the file name does not.
func (a *ycsb) followLog(ctx context.Context, path, op string, follow bool, e Emitter) error {
	var p HdrLogParser
	return followFile(ctx, path, follow, func(line []byte) {
		if name, ok := bytes.CutPrefix(line, []byte("#[Logging for: ")); ok {
			op = string(bytes.TrimSuffix(bytes.TrimSpace(name), []byte("]")))
			return
		}
		ent, ok, err := p.Line(line)
		if err != nil || !ok {
			return
		}
		// As hdrlog: the interval's histogram at its end; YCSB records µs.
		atMs := int64(math.Round((p.AbsStartSec(ent) + ent.LenSec) * 1000))
		e.Histogram(histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"op": op}), atMs, ent.Hist, 1)
	})
}

// importFile reads an interval log (by its header) or a capture of YCSB's
// output, whose summary is placed at the file's time.
func (a *ycsb) importFile(ctx context.Context, path string, e Emitter) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	head := make([]byte, 64)
	if f, err := os.Open(path); err == nil {
		n, _ := f.Read(head)
		head = head[:n]
		f.Close()
	}
	if bytes.HasPrefix(head, []byte("#[Logging for: ")) {
		return a.followLog(ctx, path, strings.TrimSuffix(filepath.Base(path), ".hdr"), false, e)
	}
	atMs := fi.ModTime().UnixMilli()
	return followFile(ctx, path, false, func(line []byte) { a.emit(ParseYCSBLine(string(line), time.Local), atMs, e) })
}

func (a *ycsb) ParseOutput(line []byte, atMs int64, e Emitter) {
	r := ParseYCSBLine(string(line), time.Local)
	r.AtMs = 0 // under run, the line's arrival
	a.emit(r, atMs, e)
}

// emit sends a line's figures at the line's own time, else at atMs.
func (a *ycsb) emit(r YCSBLine, atMs int64, e Emitter) {
	if r.AtMs > 0 {
		atMs = r.AtMs
	}
	for _, f := range r.Figures {
		e.Value(histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, f.Labels), atMs, f.Value)
	}
}

// YCSBLine is what one line of YCSB's output holds.
type YCSBLine struct {
	Figures []LabelledFigure
	// AtMs is a status line's own time (0 for the summary).
	AtMs int64
}

var (
	ycsbSummary  = regexp.MustCompile(`^\[([^\]]+)\], ([A-Za-z0-9=_ -]+?)(?:\(([^)]*)\))?, (\S+)$`)
	ycsbStatus   = regexp.MustCompile(`^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d:\d{3}) \d+ sec: (\d+) operations; (\S+) current ops/sec;(.*)$`)
	ycsbOpBlock  = regexp.MustCompile(`\[([A-Za-z0-9_-]+): ([^\]]*)\]`)
	ycsbPctName  = regexp.MustCompile(`^(\d+)thPercentileLatency$`)
	ycsbGCPrefix = []struct{ prefix, name, unit string }{
		{"TOTAL_GC_TIME_%", "jvm_gc_time_pct", "%"}, {"TOTAL_GC_TIME", "jvm_gc_time", "ms"},
		{"TOTAL_GCS", "jvm_gc_count", "1"}, {"TOTAL_GCs", "jvm_gc_count", "1"},
	}
)

// ParseYCSBLine reads a summary or status line; other lines hold nothing.
// loc is the time zone of a status line's clock (YCSB prints local time).
func ParseYCSBLine(line string, loc *time.Location) YCSBLine {
	var r YCSBLine
	add := func(name, unit, text string, labels map[string]string) {
		if v, err := strconv.ParseFloat(text, 64); err == nil && v >= 0 && !math.IsInf(v, 0) {
			r.Figures = append(r.Figures, LabelledFigure{Figure{name, unit, v}, labels})
		}
	}
	if m := ycsbSummary.FindStringSubmatch(line); m != nil {
		section, metric, unit, value := m[1], m[2], m[3], m[4]
		for _, gc := range ycsbGCPrefix {
			if rest, ok := strings.CutPrefix(section, gc.prefix); ok {
				var labels map[string]string
				if c := strings.TrimPrefix(rest, "_"); c != "" {
					labels = map[string]string{"collector": c}
				}
				add(gc.name, gc.unit, value, labels)
				return r
			}
		}
		var labels map[string]string
		if section != "OVERALL" {
			labels = map[string]string{"op": section}
		}
		if status, ok := strings.CutPrefix(metric, "Return="); ok {
			add("returns", "1", value, map[string]string{"op": section, "status": status})
			return r
		}
		name, u := ycsbMetric(metric, unit)
		if name != "" {
			add(name, u, value, labels)
		}
		return r
	}
	m := ycsbStatus.FindStringSubmatch(line)
	if m == nil {
		return r
	}
	// "2026-11-26 20:27:44:432": milliseconds after a colon, which Go's
	// layouts do not read.
	stamp := m[1][:19] + "." + m[1][20:]
	if t, err := time.ParseInLocation("2006-01-02 15:04:05.000", stamp, loc); err == nil {
		r.AtMs = t.UnixMilli()
	}
	add("status_operations", "1", m[2], nil)
	add("current_ops_per_sec", "1/s", m[3], nil) // "∞" at 0 s is no figure
	for _, b := range ycsbOpBlock.FindAllStringSubmatch(m[4], -1) {
		labels := map[string]string{"op": b[1]}
		for _, kv := range strings.Split(b[2], ", ") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			switch {
			case k == "Count":
				add("interval_count", "1", v, labels)
			case k == "Max" || k == "Min" || k == "Avg":
				add("interval_latency_"+strings.ToLower(k), "us", v, labels)
			case strings.Trim(k, "0123456789.") == "":
				add("interval_latency_p"+k, "us", v, labels)
			}
		}
	}
	return r
}

// ycsbMetric names a summary metric and its unit: "95thPercentileLatency"
// "us" → latency_p95, us.
func ycsbMetric(metric, unit string) (string, string) {
	if m := ycsbPctName.FindStringSubmatch(metric); m != nil {
		return "latency_p" + m[1], unit
	}
	switch metric {
	case "Operations":
		return "operations", "1"
	case "AverageLatency":
		return "latency_avg", unit
	case "MinLatency":
		return "latency_min", unit
	case "MaxLatency":
		return "latency_max", unit
	case "LatencyVariance":
		return "latency_variance", unit + "2" // a variance of µs is in µs²
	case "RunTime":
		return "run_time", unit
	case "Throughput":
		return "throughput", "1/s" // ops/sec
	}
	return "", ""
}

// SniffYCSB tells YCSB's output or interval logs from their first bytes.
func SniffYCSB(head []byte) bool {
	return bytes.HasPrefix(head, []byte("#[Logging for: ")) || ycsbSniff.Match(head)
}

var ycsbSniff = regexp.MustCompile(`(?m)^(\[OVERALL\], RunTime\(ms\), |YCSB Client \d)`)
