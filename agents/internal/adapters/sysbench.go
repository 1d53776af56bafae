package adapters

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// sysbench (1.0) prints, on stdout:
//
//   - with --report-interval=N, a line per interval; each of its figures
//     becomes a gauge at that time, named as sysbench names it there:
//     `[ 1s ] thds: 2 eps: 1753.61 lat (ms,95%): 7.84` → thds, eps (1/s),
//     lat_p95 (ms); OLTP's tps, qps,
//     `(r/w/o: …)` → read_qps, write_qps, other_qps, err/s → err_per_sec,
//     reconn/s → reconn_per_sec; fileio's reads, writes (MiB/s), fsyncs;
//     memory's `3099.12 MiB/sec` → mib_per_sec;
//   - with --histogram, at the end, its latency histogram: each row's
//     count of events at the row's value (ms), which is what its
//     percentiles are taken from, goes to the latency `latency` (µs), so
//     the stored percentiles are sysbench's own;
//   - the end-of-test summary, each figure a gauge as printed: total_time
//     (s), total_events, latency_min, _avg, _max, _p95 (per --percentile),
//     _sum (ms), events_per_sec (cpu), transactions, transactions_per_sec,
//     queries, queries_per_sec, ignored_errors, reconnects (each with its
//     _per_sec); memory's total_operations,
//     operations_per_sec, mib_transferred, mib_transferred_per_sec;
//     fileio's reads_per_sec, writes_per_sec, fsyncs_per_sec (1/s),
//     read_mib_per_sec, written_mib_per_sec (MiB/s).
//
// The histogram and the summary carry no time: under `run` they are
// placed when sysbench printed them. Under `import` the interval lines are
// placed at the file's time plus their elapsed seconds, and what follows
// them at the last one's.
type sysbench struct {
	files  []string
	follow bool
	mu     sync.Mutex
	out    SysbenchOutput
	// elapsedMs is the last interval line's elapsed time (import).
	elapsedMs int64
}

func newSysbench(o Options) (Adapter, error) {
	return &sysbench{files: o.Files, follow: o.Follow}, nil
}

func init() { registry["sysbench"] = newSysbench }

func (a *sysbench) Name() string { return "sysbench" }

func (a *sysbench) Measurement() map[string]any {
	return map[string]any{
		"latencySource": "sysbench --histogram (its event latency histogram, ms) and its summary",
		"latencyOrigin": "actual",
	}
}

// Run reads captured output files (import); under `run` the lines come
// through ParseOutput.
func (a *sysbench) Run(ctx context.Context, e Emitter) error {
	return readCaptured(ctx, a.files, a.follow, func(line []byte, base int64) { a.parse(line, base, true, e) })
}

func (a *sysbench) ParseOutput(line []byte, atMs int64, e Emitter) { a.parse(line, atMs, false, e) }

// parse emits one line's figures; an imported line is placed at atMs plus
// the elapsed time of the last interval line.
func (a *sysbench) parse(line []byte, atMs int64, imported bool, e Emitter) {
	a.mu.Lock()
	r := a.out.Line(string(line))
	if imported {
		if r.ElapsedSec > 0 {
			a.elapsedMs = int64(r.ElapsedSec * 1000)
		}
		atMs += a.elapsedMs
	}
	a.mu.Unlock()
	if r.Count > 0 {
		e.Latency(histogram.NewSeries("latency", histogram.Latency, "us", nil), atMs, r.Us, r.Count)
	}
	for _, f := range r.Figures {
		e.Value(histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, nil), atMs, f.Value)
	}
}

// SysbenchOutput reads sysbench's stdout line by line; it remembers
// whether it is inside the histogram and which summary section it is in.
type SysbenchOutput struct {
	inHistogram bool
	section     string
}

// SysbenchLine is what one line holds: figures, a histogram row (Count
// events at Us µs), and for an interval line its elapsed time.
type SysbenchLine struct {
	Figures    []Figure
	Us, Count  int64
	ElapsedSec float64
}

var (
	sbInterval = regexp.MustCompile(`^\[ *(\d+(?:\.\d+)?)s \] (.*)$`)
	sbLatency  = regexp.MustCompile(`lat(?:ency)? \(ms,(\d+(?:\.\d+)?)%\): (\S+)`)
	sbRWO      = regexp.MustCompile(`\(r/w/o: ([^/\s]+)/([^/\s]+)/([^)\s]+)\)`)
	// fileio prints "fsyncs: 528.04/s": the rate's unit is glued to it.
	sbPair     = regexp.MustCompile(`([a-z]+(?:/s)?): ([^\s/]+)(?:/s| (MiB/s))?`)
	sbMemory   = regexp.MustCompile(`^(\S+) MiB/sec$`)
	sbHistRow  = regexp.MustCompile(`^\s+(\d+(?:\.\d+)?) \|\**\s+(\d+)$`)
	sbSummary  = regexp.MustCompile(`^\s+([a-z0-9][a-z0-9 ]*?):\s+(\d+(?:\.\d+)?)(s)?(?:\s+\((\d+(?:\.\d+)?) per sec\.\))?$`)
	sbMemTotal = regexp.MustCompile(`^Total operations: (\d+) \((\S+) per second\)$`)
	sbMemMiB   = regexp.MustCompile(`^(\S+) MiB transferred \((\S+) MiB/sec\)$`)
	sbFileOps  = regexp.MustCompile(`^\s+(reads|writes|fsyncs)/s:\s+(\S+)$`)
	sbFileMiB  = regexp.MustCompile(`^\s+(read|written), MiB/s:\s+(\S+)$`)
)

// Line reads one line.
func (o *SysbenchOutput) Line(line string) SysbenchLine {
	var r SysbenchLine
	add := func(name, unit, text string) {
		if v, err := strconv.ParseFloat(text, 64); err == nil && v >= 0 && !math.IsInf(v, 0) {
			r.Figures = append(r.Figures, Figure{name, unit, v})
		}
	}
	if o.inHistogram {
		if m := sbHistRow.FindStringSubmatch(line); m != nil {
			ms, err1 := strconv.ParseFloat(m[1], 64)
			n, err2 := strconv.ParseInt(m[2], 10, 64)
			if err1 == nil && err2 == nil && ms*1000 <= histogram.HighestUs {
				r.Us, r.Count = int64(math.Round(ms*1000)), n
			}
			return r
		}
		if !strings.Contains(line, "distribution") {
			o.inHistogram = false
		}
		return r
	}
	if strings.HasPrefix(line, "Latency histogram (values are in milliseconds)") {
		o.inHistogram = true
		return r
	}
	if m := sbInterval.FindStringSubmatch(line); m != nil {
		r.ElapsedSec, _ = strconv.ParseFloat(m[1], 64)
		rest := m[2]
		if mm := sbMemory.FindStringSubmatch(rest); mm != nil {
			add("mib_per_sec", "MiB/s", mm[1])
			return r
		}
		if mm := sbLatency.FindStringSubmatch(rest); mm != nil {
			add("lat_p"+mm[1], "ms", mm[2])
			rest = strings.Replace(rest, mm[0], "", 1)
		}
		if mm := sbRWO.FindStringSubmatch(rest); mm != nil {
			add("read_qps", "1/s", mm[1])
			add("write_qps", "1/s", mm[2])
			add("other_qps", "1/s", mm[3])
			rest = strings.Replace(rest, mm[0], "", 1)
		}
		for _, p := range sbPair.FindAllStringSubmatch(rest, -1) {
			name, unit := p[1], "1/s"
			switch {
			case name == "thds":
				unit = "1"
			case p[3] != "":
				unit = p[3]
			}
			add(strings.ReplaceAll(name, "/s", "_per_sec"), unit, p[2])
		}
		return r
	}
	if m := sbMemTotal.FindStringSubmatch(line); m != nil {
		add("total_operations", "1", m[1])
		add("operations_per_sec", "1/s", m[2])
		return r
	}
	if m := sbMemMiB.FindStringSubmatch(line); m != nil {
		add("mib_transferred", "MiB", m[1])
		add("mib_transferred_per_sec", "MiB/s", m[2])
		return r
	}
	// fileio's "File operations:" and "Throughput:" sections.
	if m := sbFileOps.FindStringSubmatch(line); m != nil {
		add(m[1]+"_per_sec", "1/s", m[2])
		return r
	}
	if m := sbFileMiB.FindStringSubmatch(line); m != nil {
		add(m[1]+"_mib_per_sec", "MiB/s", m[2])
		return r
	}
	if t := strings.TrimSpace(line); strings.HasSuffix(t, ":") && !strings.HasPrefix(line, " ") {
		o.section = strings.TrimSuffix(t, ":") // "General statistics", "Latency (ms)", "CPU speed"
		return r
	}
	m := sbSummary.FindStringSubmatch(line)
	if m == nil {
		return r
	}
	key, value := m[1], m[2]
	switch {
	case o.section == "Latency (ms)":
		name := key
		if p, ok := strings.CutSuffix(key, "th percentile"); ok {
			name = "p" + p
		}
		if strings.ContainsAny(name, " ") {
			return r
		}
		add("latency_"+name, "ms", value)
	case key == "total time" && m[3] == "s":
		add("total_time", "s", value)
	case key == "total number of events":
		add("total_events", "1", value)
	case key == "events per second":
		add("events_per_sec", "1/s", value)
	case key == "transactions" || key == "queries" || key == "ignored errors" || key == "reconnects":
		name := strings.ReplaceAll(key, " ", "_")
		add(name, "1", value)
		// Not "tps" / "qps": those are the interval lines' series, and the
		// run's rate among them would be read as one more interval.
		if m[4] != "" {
			add(name+"_per_sec", "1/s", m[4])
		}
	}
	return r
}
