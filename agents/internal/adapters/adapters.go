// Package adapters turns benchmark tools' output into samples.
//
// An adapter reads what a tool writes (per-transaction logs, JSON streams,
// interval histogram logs, StatsD packets, progress lines) and emits samples
// to an Emitter. The same adapter serves `run`, where files are tailed while
// the tool runs, and `import`, where finished files are read once.
package adapters

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// Emitter receives samples. Implementations must be safe for concurrent use:
// an adapter may emit from several goroutines (file tailers, output parsers).
type Emitter interface {
	// Latency records n occurrences of a latency of us microseconds observed at atMs (unix ms).
	Latency(s histogram.Series, atMs, us, n int64)
	// Value records a counter increment or a gauge observation.
	Value(s histogram.Series, atMs int64, v float64)
	// Histogram merges a tool's interval histogram whose values times scale are microseconds.
	Histogram(s histogram.Series, atMs int64, h *hdr.Histogram, scale float64)
}

// LatencySample is one latency of a batch: us microseconds observed at
// atMs, n occurrences.
type LatencySample struct {
	Series      histogram.Series
	AtMs, Us, N int64
}

// BatchEmitter is implemented by emitters that take many latencies at once,
// paying for their lock once per batch rather than once per sample.
type BatchEmitter interface {
	Latencies(samples []LatencySample)
}

// TimedLatency is one latency of a LatencyRun: us microseconds observed at atMs.
type TimedLatency struct {
	AtMs, Us int64
}

// LatencyRun is a batch of latencies of one series, each standing for N
// occurrences (sampled StatsD timers).
type LatencyRun struct {
	Series  histogram.Series
	N       int64
	Samples []TimedLatency
}

// RunEmitter is implemented by emitters that take batches grouped by
// series: one lock per batch, one series lookup per run, and each run
// recorded into one histogram at a time, which keeps its counts in cache.
type RunEmitter interface {
	LatencyRuns(runs []LatencyRun)
}

// emitRuns hands runs to e, in one call when e takes them.
func emitRuns(e Emitter, runs []LatencyRun) {
	if re, ok := e.(RunEmitter); ok {
		re.LatencyRuns(runs)
		return
	}
	for _, r := range runs {
		for _, s := range r.Samples {
			e.Latency(r.Series, s.AtMs, s.Us, r.N)
		}
	}
}

// emitLatencies hands a batch to e, in one call when e takes batches.
func emitLatencies(e Emitter, samples []LatencySample) {
	if be, ok := e.(BatchEmitter); ok {
		be.Latencies(samples)
		return
	}
	for _, s := range samples {
		e.Latency(s.Series, s.AtMs, s.Us, s.N)
	}
}

// Adapter reads one tool's output.
type Adapter interface {
	Name() string
	// Run emits samples from the sources the adapter owns (files, a socket).
	// In follow mode it keeps reading until ctx is cancelled (the tool has
	// exited), then reads what is left and returns; otherwise it reads its
	// files once.
	Run(ctx context.Context, e Emitter) error
}

// Watermarker is implemented by adapters that know how far the tool's output
// has been read: every sample that ended before Watermark() (unix ms; 0 while
// unknown) has been emitted. The agent then closes an interval as soon as the
// watermark passes its end, instead of waiting a fixed lateness that has to
// cover the slowest case (tools that buffer their logs) on every interval.
type Watermarker interface {
	Watermark() int64
}

// OutputParser is implemented by adapters that also read the tool's
// stdout/stderr lines (progress and summary lines).
type OutputParser interface {
	ParseOutput(line []byte, atMs int64, e Emitter)
}

// ProcessWatcher is implemented by adapters that tell the tool's own output
// files from other processes' by the process that wrote them; the agent
// calls Started with the tool's process id once it runs.
type ProcessWatcher interface {
	Started(pid int)
}

// Environ is implemented by adapters that tell the tool where to send data.
type Environ interface {
	Env() []string
}

// Describer is implemented by adapters that know how latencies were measured;
// the result goes into the run's measurement provenance.
type Describer interface {
	Measurement() map[string]any
}

// GaugeFigures is implemented by adapters whose labelled gauges are figures
// the tool computed for each label value (workload's p99 per operation and
// section): their mean over the label values is no figure of the run, so
// those gauges get no aggregate series (histogram.Bounds).
type GaugeFigures interface {
	GaugeFigures()
}

// Options configure an adapter.
type Options struct {
	// Args is the wrapped command (run) and tells adapters where the tool writes.
	Args []string
	// Dir is the tool's working directory, where relative output paths resolve.
	Dir string
	// Files are finished outputs to read (import).
	Files []string
	// Follow tails files while the tool runs instead of reading them once.
	Follow bool
	// StartMs is when the tool was started; files older than that are ignored when following.
	StartMs int64
	// AwaitPid says the agent will call ProcessWatcher.Started: files are
	// not taken as the tool's before its process id is known.
	AwaitPid bool
	// Opts holds adapter-specific key=value options (--adapter-opt).
	Opts map[string]string
}

type factory func(Options) (Adapter, error)

var registry = map[string]factory{
	"pgbench":   newPgbench,
	"k6":        newK6,
	"hdrlog":    newHdrLog,
	"cockroach": newCockroach,
	"statsd":    newStatsD,
}

// Names lists the adapters.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New builds the named adapter.
func New(name string, o Options) (Adapter, error) {
	f, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown adapter %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	a, err := f(o)
	if err != nil {
		return nil, fmt.Errorf("adapter %s: %w", name, err)
	}
	return a, nil
}

// Auto picks an adapter by the command's name. It refuses to guess for
// commands it does not know (shells, wrappers), so a run never silently
// measures nothing.
func Auto(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("no command")
	}
	switch filepath.Base(args[0]) {
	case "pgbench":
		return "pgbench", nil
	case "k6":
		return "k6", nil
	case "cockroach", "workload":
		return "cockroach", nil
	case "wrk":
		return "wrk", nil
	case "sysbench":
		return "sysbench", nil
	case "ycsb", "ycsb.sh":
		return "ycsb", nil
	case "memtier_benchmark":
		return "memtier", nil
	case "tpcc_start":
		return "tpcc-mysql", nil
	}
	return "", fmt.Errorf("cannot choose an adapter for %q: pass --adapter (one of %s)", filepath.Base(args[0]), strings.Join(Names(), ", "))
}

// flagValue returns the value of a command-line flag given as "--name=v",
// "--name v", or for short flags "-n v" / "-nv".
func flagValue(args []string, long, short string) (string, bool) {
	if vs := flagValues(args, long, short); len(vs) > 0 {
		return vs[0], true
	}
	return "", false
}

// flagValues returns every value of a flag, in order, given as `long V`,
// `long=V`, `short V` or `shortV` (an empty name is not looked for).
func flagValues(args []string, long, short string) []string {
	var vs []string
	for i, a := range args {
		switch {
		case long != "" && a == long && i+1 < len(args):
			vs = append(vs, args[i+1])
		case long != "" && strings.HasPrefix(a, long+"="):
			vs = append(vs, a[len(long)+1:])
		case short != "" && a == short && i+1 < len(args):
			vs = append(vs, args[i+1])
		case short != "" && len(a) > len(short) && strings.HasPrefix(a, short) && !strings.HasPrefix(a, "--"):
			vs = append(vs, a[len(short):])
		}
	}
	return vs
}

func hasFlag(args []string, names ...string) bool {
	for _, a := range args {
		for _, n := range names {
			if a == n || strings.HasPrefix(a, n+"=") {
				return true
			}
		}
	}
	return false
}

func resolve(dir, p string) string {
	if filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, p)
}
