package adapters

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// The microbench adapter imports the finished results of benchmark
// harnesses: `go test -bench`, hyperfine, pytest-benchmark, Google
// Benchmark, JMH and Criterion. They report after the fact, without
// timestamps per sample, so it serves `import` only.
//
// It never invents data. What the tool measured sample by sample (a `-count`
// line, a hyperfine run, a pytest round, a repetition, a JMH iteration, a
// Criterion sample) becomes a latency histogram per benchmark; the figures
// the tool computed (its mean, median, error, bytes per op) are kept as
// gauges, exactly as printed, so the run shows the tool's own numbers.

// Suite is implemented by adapters whose labelled series are the
// benchmarks of a suite (a Go package's, a JMH run's): each is a measurement
// of its own, so their union is no figure of the run and gets no aggregate,
// and the result file bounds their number, so none is folded
// (histogram.Bounds).
type Suite interface {
	Suite()
}

// Registered here rather than in the registry's literal, beside the
// adapter it names.
func init() { registry["microbench"] = newMicrobench }

// BenchResult is one benchmark of a finished result file.
type BenchResult struct {
	// Labels tell the benchmarks apart: benchmark=NAME, and what the tool
	// adds (Go's pkg, pytest's group).
	Labels map[string]string
	// Samples are times the tool measured one by one.
	Samples []BenchSamples
	// Figures are the tool's own numbers.
	Figures []BenchFigure
	// AtMs is when the file says the benchmarks ran; 0 when it does not
	// (the file's modification time is used).
	AtMs int64
}

// BenchSamples is one metric's samples, in nanoseconds.
type BenchSamples struct {
	Name string
	Ns   []float64
	// N, when set, counts the occurrences of each of Ns (a JMH histogram).
	N []int64
}

// BenchFigure is one figure the tool printed, each value a gauge observation
// (Go prints one per -count line; most tools one per benchmark).
type BenchFigure struct {
	Name, Unit string
	Values     []float64
}

func (r *BenchResult) samples(name string, ns ...float64) {
	for i := range r.Samples {
		if r.Samples[i].Name == name {
			r.Samples[i].Ns = append(r.Samples[i].Ns, ns...)
			return
		}
	}
	r.Samples = append(r.Samples, BenchSamples{Name: name, Ns: ns})
}

func (r *BenchResult) figure(name, unit string, v ...float64) {
	for i := range r.Figures {
		if f := &r.Figures[i]; f.Name == name && f.Unit == unit {
			f.Values = append(f.Values, v...)
			return
		}
	}
	r.Figures = append(r.Figures, BenchFigure{Name: name, Unit: unit, Values: v})
}

// benchFormat reads one format. sniff looks at a file's first bytes;
// parse reads a whole file (path locates the files that go with it:
// Criterion's sample.json beside estimates.json).
type benchFormat struct {
	name  string
	sniff func(head []byte) bool
	parse func(data []byte, path string) ([]BenchResult, error)
}

// benchFormats in sniffing order: the JSON formats by their keys, Go's text
// last.
var benchFormats = []benchFormat{
	{"hyperfine", sniffHyperfine, func(d []byte, _ string) ([]BenchResult, error) { return ParseHyperfine(d) }},
	{"pytest-benchmark", sniffPytestBenchmark, func(d []byte, _ string) ([]BenchResult, error) { return ParsePytestBenchmark(d) }},
	{"google-benchmark", sniffGoogleBenchmark, func(d []byte, _ string) ([]BenchResult, error) { return ParseGoogleBenchmark(d) }},
	{"jmh", sniffJMH, func(d []byte, _ string) ([]BenchResult, error) { return ParseJMH(d) }},
	{"criterion", sniffCriterion, parseCriterionFile},
	{"gotest", sniffGoTest, func(d []byte, _ string) ([]BenchResult, error) { return ParseGoTest(d) }},
}

// SniffBench names the microbench format of a file's first bytes, or "".
func SniffBench(head []byte) string {
	for _, f := range benchFormats {
		if f.sniff(head) {
			return f.name
		}
	}
	return ""
}

// maxBenchFile bounds what one result file may take in memory, and
// maxBenchmarks the series an import makes: a result file names its
// benchmarks, so they are not folded (see Suite), and this is the bound.
const (
	maxBenchFile  = 256 << 20
	maxBenchmarks = 10_000
)

type microbench struct {
	files  []string
	format string // forced by --adapter-opt format=; "" sniffs each file
}

func newMicrobench(o Options) (Adapter, error) {
	if o.Follow || len(o.Args) > 0 {
		return nil, fmt.Errorf("reads finished result files: use it with `import`")
	}
	f := o.Opts["format"]
	if f != "" && benchFormatNamed(f) == nil {
		return nil, fmt.Errorf("unknown format %q (known: %s)", f, strings.Join(BenchFormats(), ", "))
	}
	return &microbench{files: o.Files, format: f}, nil
}

// BenchFormats lists the formats --adapter-opt format= takes.
func BenchFormats() []string {
	names := make([]string, len(benchFormats))
	for i, f := range benchFormats {
		names[i] = f.name
	}
	return names
}

func benchFormatNamed(name string) *benchFormat {
	for i := range benchFormats {
		if benchFormats[i].name == name {
			return &benchFormats[i]
		}
	}
	return nil
}

func (a *microbench) Name() string { return "microbench" }

// suiteThroughput is what a suite's throughputSource says: its samples are
// repetitions of benchmarks, so their count per second is the harness's
// pace, not a throughput of the system (the web app shows none).
const suiteThroughput = "none: each sample is one repetition of a benchmark, not an operation of a stream"

func (a *microbench) Measurement() map[string]any {
	return map[string]any{"throughputSource": suiteThroughput}
}

// Suite: each labelled series is a benchmark of its own.
func (a *microbench) Suite() {}

func (a *microbench) Run(ctx context.Context, e Emitter) error {
	n := 0
	for _, p := range a.files {
		paths, err := benchPaths(p)
		if err != nil {
			return err
		}
		for _, path := range paths {
			if err := ctx.Err(); err != nil {
				return err
			}
			results, modMs, err := a.read(path)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if n += len(results); n > maxBenchmarks {
				return fmt.Errorf("more than %d benchmarks", maxBenchmarks)
			}
			for _, r := range results {
				at := r.AtMs
				if at <= 0 {
					at = modMs
				}
				emitBench(e, r, at)
			}
		}
	}
	return nil
}

// read parses one file in its format.
func (a *microbench) read(path string) ([]BenchResult, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(io.LimitReader(f, maxBenchFile+1))
	if err != nil {
		return nil, 0, err
	}
	if len(data) > maxBenchFile {
		return nil, 0, fmt.Errorf("larger than %d MiB", maxBenchFile>>20)
	}
	name := a.format
	if name == "" {
		if name = SniffBench(data[:min(len(data), 8<<10)]); name == "" {
			return nil, 0, fmt.Errorf("not a result file of %s", strings.Join(BenchFormats(), ", "))
		}
	}
	results, err := benchFormatNamed(name).parse(data, path)
	if err == nil && len(results) == 0 {
		err = fmt.Errorf("no benchmarks in it (read as %s)", name)
	}
	return results, fi.ModTime().UnixMilli(), err
}

// benchPaths expands a directory to the result files under it: Criterion
// keeps one estimates.json per benchmark under target/criterion, its latest
// run in new/.
func benchPaths(p string) ([]string, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []string{p}, nil
	}
	paths := criterionEstimates(p)
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: a directory without Criterion results (*/new/estimates.json)", p)
	}
	return paths, nil
}

// IsBenchDir says whether a directory holds Criterion results.
func IsBenchDir(dir string) bool { return len(criterionEstimates(dir)) > 0 }

// criterionEstimates lists the new/estimates.json files under dir, sorted.
func criterionEstimates(dir string) []string {
	var paths []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "estimates.json" && filepath.Base(filepath.Dir(p)) == "new" {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	return paths
}

// emitBench sends one benchmark's samples and figures, all at atMs: the
// tools do not say when each sample was taken.
func emitBench(e Emitter, r BenchResult, atMs int64) {
	for _, s := range r.Samples {
		unit, div := benchUnit(s.Ns)
		series := histogram.NewSeries(s.Name, histogram.Latency, unit, r.Labels)
		for i, v := range s.Ns {
			n := int64(1)
			if s.N != nil {
				n = s.N[i]
			}
			if v >= 0 && !math.IsInf(v, 0) && n > 0 {
				e.Latency(series, atMs, int64(math.Round(v/div)), n)
			}
		}
	}
	for _, f := range r.Figures {
		series := histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, r.Labels)
		for _, v := range f.Values {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				e.Value(series, atMs, v)
			}
		}
	}
}

// benchUnit picks integer nanoseconds, which keep the 3 significant digits
// of anything from 100 ns on, unless a sample exceeds what the histogram
// holds in them (3.6 s); then microseconds. It returns the unit and the
// divisor from ns.
func benchUnit(ns []float64) (string, float64) {
	for _, v := range ns {
		if v > histogram.HighestUs {
			return "us", 1e3
		}
	}
	return "ns", 1
}

// nsPer converts a time in unit to nanoseconds; ok is false for units that
// are not times.
func nsPer(unit string) (float64, bool) {
	switch unit {
	case "ns":
		return 1, true
	case "us", "µs", "μs":
		return 1e3, true
	case "ms":
		return 1e6, true
	case "s":
		return 1e9, true
	case "min":
		return 60e9, true
	}
	return 0, false
}

// metricName makes a tool's metric or unit name a series name, which the
// ingest API takes of letters, digits, space and _ . : / - (200 at most).
func metricName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || bytes.IndexByte([]byte("_.:/ -"), c) >= 0) {
			b[i] = '_'
		}
	}
	if len(b) > 200 {
		b = b[:200]
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// epochMs reads an RFC 3339 time (Google Benchmark's context.date,
// pytest-benchmark's datetime); 0 when it is not one.
func epochMs(s string) int64 {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil && t.Year() > 1970 {
			return t.UnixMilli()
		}
	}
	return 0
}
