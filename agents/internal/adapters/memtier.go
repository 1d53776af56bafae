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

// memtier_benchmark prints its results as tables (stdout, or --out-file):
//
//	BEST RUN RESULTS
//	=====================================================================
//	Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency  …  KB/sec
//	---------------------------------------------------------------------
//	Sets       271636.14          ---          ---         1.19553         0.96700  …  150841.13
//
// The columns changed across versions (1.2's one "Latency", the average;
// 1.3's "Avg. Latency" and --print-percentiles' "pNN Latency"; cluster
// mode's MOVED/sec and ASK/sec), so they are read from the header. Each cell
// becomes a gauge as printed, labelled by its row (`type`: Sets, Gets,
// Waits, Totals, or the command) and its table (`section`: ALL STATS, BEST
// RUN RESULTS, WORST RUN RESULTS, AGGREGATED AVERAGE RESULTS …):
// ops_per_sec, hits_per_sec, misses_per_sec, moved_per_sec, ask_per_sec
// (1/s), latency_avg, latency_p50, latency_p99, latency_p99.9 (ms),
// kb_per_sec (KB/s); "---" is no figure. The tables carry no samples and no
// time: under `run` they are placed when printed, under `import` at the
// file's time. The per-operation latency histograms memtier can write
// (--hdr-file-prefix) are HdrHistogram logs: the hdrlog adapter reads them.
type memtier struct {
	files  []string
	follow bool
	mu     sync.Mutex
	out    MemtierOutput
}

func newMemtier(o Options) (Adapter, error) {
	return &memtier{files: o.Files, follow: o.Follow}, nil
}

func init() { registry["memtier"] = newMemtier }

func (a *memtier) Name() string { return "memtier" }

// GaugeFigures: each row's figures are memtier's own (Totals is its
// aggregate row).
func (a *memtier) GaugeFigures() {}

func (a *memtier) Run(ctx context.Context, e Emitter) error {
	return readCaptured(ctx, a.files, a.follow, func(line []byte, at int64) { a.ParseOutput(line, at, e) })
}

func (a *memtier) ParseOutput(line []byte, atMs int64, e Emitter) {
	a.mu.Lock()
	figures := a.out.Line(string(line))
	a.mu.Unlock()
	for _, f := range figures {
		e.Value(histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, f.Labels), atMs, f.Value)
	}
}

// MemtierOutput reads memtier's tables line by line: the heading names the
// table, the "Type" row its columns, and the rows after the dashes are
// figures until a blank line.
type MemtierOutput struct {
	section string
	columns []memtierColumn // nil outside a table
}

type memtierColumn struct{ name, unit string }

var (
	memtierSection = regexp.MustCompile(`^(ALL STATS|(?:BEST|WORST) RUN RESULTS|AGGREGATED AVERAGE RESULTS.*)\s*$`)
	memtierCells   = regexp.MustCompile(`\S+(?: \S+)?`) // header cells may hold one space: "Avg. Latency"
	memtierPct     = regexp.MustCompile(`^p(\d+(?:\.\d+)?) Latency$`)
)

// Line reads one line; it returns the figures of a table row.
func (o *MemtierOutput) Line(line string) []LabelledFigure {
	t := strings.TrimSpace(line)
	switch {
	case memtierSection.MatchString(t):
		o.section, o.columns = t, nil
		return nil
	case strings.HasPrefix(t, "Type ") && o.section != "":
		o.columns = nil
		for _, cell := range memtierCells.FindAllString(strings.TrimPrefix(t, "Type"), -1) {
			o.columns = append(o.columns, memtierColumnOf(cell))
		}
		return nil
	case t == "":
		o.columns = nil
		return nil
	case o.columns == nil || strings.Trim(t, "-=") == "":
		return nil
	}
	f := strings.Fields(t)
	if len(f) != len(o.columns)+1 {
		return nil
	}
	labels := map[string]string{"type": f[0], "section": o.section}
	var out []LabelledFigure
	for i, c := range o.columns {
		v, err := strconv.ParseFloat(f[i+1], 64)
		if c.name == "" || err != nil || !(v >= 0) || math.IsInf(v, 0) {
			continue // "---", or a column this adapter does not know
		}
		out = append(out, LabelledFigure{Figure{c.name, c.unit, v}, labels})
	}
	return out
}

// memtierColumnOf names a header cell; "" for one it does not know.
func memtierColumnOf(cell string) memtierColumn {
	if m := memtierPct.FindStringSubmatch(cell); m != nil {
		return memtierColumn{"latency_p" + m[1], "ms"}
	}
	switch cell {
	case "Latency", "Avg. Latency":
		return memtierColumn{"latency_avg", "ms"}
	case "KB/sec":
		return memtierColumn{"kb_per_sec", "KB/s"}
	}
	if name, ok := strings.CutSuffix(cell, "/sec"); ok && !strings.ContainsAny(name, " ") {
		return memtierColumn{strings.ToLower(name) + "_per_sec", "1/s"}
	}
	return memtierColumn{}
}
