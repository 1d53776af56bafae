package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/levelfield/levelfield/agents/internal/adapters"
	"github.com/levelfield/levelfield/agents/internal/histogram"
	"github.com/levelfield/levelfield/agents/internal/provenance"
	"github.com/levelfield/levelfield/agents/internal/runner"
	"github.com/levelfield/levelfield/agents/internal/sink"
)

// Config holds what `run` and `import` share.
type Config struct {
	Server, Token, Project string
	System                 string // NAME or NAME@VERSION
	Labels                 map[string]string
	Adapter                string // name or "auto"
	AdapterOpts            map[string]string
	Interval, Warmup       time.Duration
	DrainTimeout           time.Duration
	ProvenanceFile         string
	Name                   string // run name; the API makes one up when empty
	AgentVersion           string
	SpoolDir               string
	SpoolMaxBytes          int64
	NoCloud                bool
	// MaxSeriesPerMetric bounds the tag sets of one metric that get a
	// series of their own (histogram.Bounds); 0 means the default.
	MaxSeriesPerMetric int
	// AllowDataLoss keeps the benchmark's exit status when frames were
	// refused or lost, instead of ExitDataLoss.
	AllowDataLoss bool
	// TokenFrom says where the token came from, for the start line.
	TokenFrom string
	// Provenance overrides where collectors look (tests).
	Provenance provenance.Env
	// Stdout and Stderr are the agent's own streams; the child's output goes
	// to them unchanged, and the live line to Stderr.
	Stdout, Stderr io.Writer
}

func (c *Config) check() error {
	var missing []string
	if c.Server == "" {
		missing = append(missing, "--server (or LEVELFIELD_SERVER)")
	}
	if c.Token == "" {
		missing = append(missing, "a project API token ("+TokenEnv+" or --token-file PATH)")
	}
	if c.Project == "" {
		missing = append(missing, "--project (or LEVELFIELD_PROJECT)")
	}
	if len(missing) > 0 {
		return fmt.Errorf("missing %s", strings.Join(missing, ", "))
	}
	if _, err := sink.ParseServers(c.Server); err != nil {
		return err
	}
	if c.Interval < 10*time.Millisecond {
		return fmt.Errorf("--interval %v is too short", c.Interval)
	}
	if c.MaxSeriesPerMetric == 0 {
		c.MaxSeriesPerMetric = DefaultMaxSeriesPerMetric
	}
	if c.SpoolDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		c.SpoolDir = filepath.Join(base, "levelfield-agent", "spool")
	}
	return nil
}

// DefaultMaxSeriesPerMetric is --max-series-per-metric's default: more
// tag sets than this are ids in URLs, not dimensions anyone compares.
const DefaultMaxSeriesPerMetric = 100

// ExitDataLoss is the agent's exit status when the benchmark succeeded but
// the ingest API refused frames (kept in the quarantine) or frames were
// lost (a full spool), unless --allow-data-loss: sysexits' EX_TEMPFAIL, as
// what was kept can be sent again later.
const ExitDataLoss = 75

// ErrDataLoss is returned by Import when frames were refused or lost.
var ErrDataLoss = errors.New("the run lost frames")

// bounds are the series bounds of a run of adapter ad.
func bounds(cfg Config, ad adapters.Adapter) histogram.Bounds {
	_, figures := ad.(adapters.GaugeFigures)
	_, suite := ad.(adapters.Suite)
	return histogram.Bounds{MaxPerMetric: cfg.MaxSeriesPerMetric, NoGaugeAggregates: figures, Suite: suite}
}

// statusFor maps an exit status to the run's finish status: 130 and 143
// are the shell's codes for a run stopped by SIGINT / SIGTERM.
// endAtExit ends the interval the benchmark exited in at its exit: the tool measured nothing
// after it, and a whole interval's duration would put the run's throughput below the tool's own
// (a 12-second pgbench run read 7.7 % low with its last interval left whole).
func endAtExit(frames []histogram.Frame, exitMs int64) []histogram.Frame {
	for i := range frames {
		if f := &frames[i]; f.StartMs < exitMs && exitMs < f.EndMs {
			f.EndMs = exitMs
		}
	}
	return frames
}

func statusFor(code int) string {
	switch {
	case code == 0:
		return "succeeded"
	case code == 130 || code == 143:
		return "cancelled"
	default:
		return "failed"
	}
}

// Run wraps a benchmark command and returns the exit status the agent
// should exit with (the command's).
func Run(ctx context.Context, cfg Config, args []string) (int, error) {
	if err := cfg.check(); err != nil {
		return 2, err
	}
	name := cfg.Adapter
	if name == "" || name == "auto" {
		var err error
		if name, err = adapters.Auto(args); err != nil {
			return 2, err
		}
		fmt.Fprintf(cfg.Stderr, "levelfield-agent: adapter %s (chosen from the command name)\n", name)
	}
	dir, _ := os.Getwd()
	start := time.Now()
	ad, err := adapters.New(name, adapters.Options{Args: args, Dir: dir, Follow: true, StartMs: start.UnixMilli(), AwaitPid: true, Opts: cfg.AdapterOpts})
	if err != nil {
		return 2, err
	}
	create, err := buildCreate(ctx, cfg, ad, args, dir, start)
	if err != nil {
		return 2, err
	}
	startLine(cfg)
	status := newStatusLine(cfg.Stderr)
	client := newClient(cfg)
	// A move to the next server is said above the live line, as the log is.
	client.Log = status.Wrap(cfg.Stderr)
	snk, url, err := sink.Start(ctx, client, cfg.SpoolDir, cfg.SpoolMaxBytes, create)
	if err != nil {
		return 2, fmt.Errorf("cannot create the run: %w", err)
	}
	if url != "" {
		fmt.Fprintf(cfg.Stderr, "levelfield-agent: run %s\n", url)
	}

	pipe := newPipeline(start.UnixMilli(), cfg.Interval.Milliseconds(), cfg.Warmup.Milliseconds(), bounds(cfg, ad))
	actx, stopAdapter := context.WithCancel(context.Background())
	adDone := make(chan error, 1)
	go func() { adDone <- ad.Run(actx, pipe) }()

	stdout := cfg.Stdout
	if isTerminal(stdout) {
		stdout = status.Wrap(stdout)
	}
	if status.inPlace {
		// The agent's own log shares the terminal with the live line too.
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(status.Wrap(cfg.Stderr), &slog.HandlerOptions{Level: slog.LevelInfo})))
		defer slog.SetDefault(prev)
	}
	// The benchmark has no use for the agent's token.
	cmd := runner.Command{Args: args, Dir: dir, Stdout: stdout, Stderr: status.Wrap(cfg.Stderr), Hide: []string{TokenEnv}}
	if e, ok := ad.(adapters.Environ); ok {
		cmd.Env = e.Env()
	}
	if op, ok := ad.(adapters.OutputParser); ok {
		cmd.OnLine = func(_ int, line []byte, at time.Time) { op.ParseOutput(line, at.UnixMilli(), pipe) }
	}
	proc, err := runner.Start(cmd)
	if err != nil {
		stopAdapter()
		<-adDone
		_, _ = snk.Stop(sink.Finish{Status: "failed", EndedAt: time.Now().UnixMilli(), ExitCode: 127}, cfg.DrainTimeout)
		return 127, err
	}
	if w, ok := ad.(adapters.ProcessWatcher); ok {
		w.Started(proc.Pid())
	}
	exited := make(chan struct{})
	var code int
	var waitErr error
	var exitedAtMs int64
	go func() { code, waitErr = proc.Wait(); exitedAtMs = time.Now().UnixMilli(); close(exited) }()

	// Samples may reach the agent a little after their interval ends (tools
	// buffer their logs), so an interval closes one interval plus a second
	// late, or as soon as the adapter has read past its end (Watermarker):
	// checked every closeEvery, so a frame leaves within that of being complete.
	lateness := (cfg.Interval + time.Second).Milliseconds()
	var watermark func() int64
	if w, ok := ad.(adapters.Watermarker); ok {
		watermark = w.Watermark
	}
	tick := time.NewTicker(min(cfg.Interval, closeEvery))
	defer tick.Stop()
	var shown *histogram.Frame
	var shownAt time.Time
loop:
	for {
		select {
		case now := <-tick.C:
			frames, main := pipe.close(closeWatermark(now.UnixMilli(), lateness, watermark), false)
			// The status first: writing it is an ordinary system call,
			// during which the runtime hands the processor to another
			// thread if a goroutine is waiting, as the sender is once it
			// has frames (a thread wake-up a second, measured). It changes
			// with each main frame, and once an interval for the clock.
			if main != nil || now.Sub(shownAt) >= cfg.Interval {
				if main != nil {
					copied := *main
					shown = &copied
				}
				status.Set(liveLine(start, shown))
				shownAt = now
			}
			snk.Add(frames)
		case <-exited:
			break loop
		}
	}
	status.Done()
	stopAdapter()
	if err := <-adDone; err != nil {
		slog.Error("adapter", "adapter", name, "err", err)
	}
	frames, _ := pipe.close(0, true)
	snk.Add(endAtExit(frames, exitedAtMs))
	if late, clamped := pipe.stats(); late > 0 || clamped > 0 {
		slog.Info("samples outside their interval", "late", late, "clamped_to_1h", clamped)
	}
	folded := pipe.folded()
	reportFolded(cfg.Stderr, cfg.MaxSeriesPerMetric, folded)
	// A run the user stopped is cancelled whatever code the tool chose for that.
	outcome := statusFor(code)
	if proc.Stopped() {
		outcome = "cancelled"
	}
	res, err := snk.Stop(sink.Finish{Status: outcome, EndedAt: time.Now().UnixMilli(), ExitCode: code,
		SeriesFolded: seriesFolded(folded)}, cfg.DrainTimeout)
	report(cfg.Stderr, cfg.Server, res, err)
	if lost(res) && code == 0 && !cfg.AllowDataLoss {
		fmt.Fprintf(cfg.Stderr, "levelfield-agent: exiting with %d as the run lost frames (above); --allow-data-loss exits with the benchmark's status\n", ExitDataLoss)
		code = ExitDataLoss
	}
	if waitErr != nil {
		return code, waitErr
	}
	return code, nil
}

// closeEvery is how often the agent looks for intervals to close: well
// below a second, so a complete interval waits at most this long to be sent.
const closeEvery = 100 * time.Millisecond

// closeWatermark is the instant before which intervals close: the fixed
// lateness behind now, or the adapter's watermark when that is further on
// (never past now, so no interval closes before it has ended).
func closeWatermark(nowMs, latenessMs int64, watermark func() int64) int64 {
	wm := nowMs - latenessMs
	if watermark != nil {
		wm = max(wm, min(watermark(), nowMs))
	}
	return wm
}

// lost reports whether frames of the run were refused or could not be kept.
func lost(res sink.Result) bool { return res.Quarantined > 0 || res.Dropped > 0 }

func (p *pipeline) stats() (late, clamped int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rec == nil {
		return 0, 0
	}
	return p.rec.Stats()
}

func (p *pipeline) folded() []histogram.Folded {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rec == nil {
		return nil
	}
	return p.rec.Folded()
}

// reportFolded says once, at the end, which metrics had more tag sets than
// the bound: the samples are all kept, in the aggregate, but not per tag set.
func reportFolded(w io.Writer, max int, folded []histogram.Folded) {
	if len(folded) == 0 {
		return
	}
	var parts []string
	for _, f := range folded {
		n := fmt.Sprint(f.TagSets)
		if f.AtLeast {
			n = "at least " + n
		}
		parts = append(parts, fmt.Sprintf("%s %s", f.Metric.Name, n))
	}
	fmt.Fprintf(w, "levelfield-agent: tag sets beyond the first %d of a metric (--max-series-per-metric) went to its series {%s=%s}: %s more; every sample is in its metric's series without tags\n",
		max, histogram.OtherLabel, histogram.OtherValue, strings.Join(parts, ", "))
}

// seriesFolded is the finish's record of the folding, by series name as sent.
func seriesFolded(folded []histogram.Folded) map[string]int {
	if len(folded) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, f := range folded {
		out[sink.WireName(f.Metric.Name)] += f.TagSets
	}
	return out
}

// newClient speaks to cfg.Server's servers, saying on the agent's stderr
// when it moves from one to the next.
func newClient(cfg Config) *sink.Client {
	c := sink.NewClient(cfg.Server, cfg.Token)
	c.Log = cfg.Stderr
	return c
}

// startLine says where the run goes and where the token came from, never
// the token itself (nor a password in the server's URL).
func startLine(cfg Config) {
	from := cfg.TokenFrom
	if from == "" {
		from = "the caller"
	}
	fmt.Fprintf(cfg.Stderr, "levelfield-agent: sending to %s, project %s, token from %s\n", provenance.RedactString(cfg.Server), cfg.Project, from)
}

func report(w io.Writer, server string, res sink.Result, err error) {
	if err != nil {
		fmt.Fprintf(w, "levelfield-agent: sending stopped: %v\n", err)
	}
	if res.Dropped > 0 {
		fmt.Fprintf(w, "levelfield-agent: %d frames could not be kept (spool full or token refused)\n", res.Dropped)
	}
	if res.Quarantined > 0 {
		fmt.Fprintf(w, "levelfield-agent: %d frames of %d were refused by the ingest API and are kept in %s (%s);\n  send them again, once the API takes them, with: levelfield-agent upload --server %s %s\n",
			res.Quarantined, res.Frames, res.QuarantineFile, res.Reason, provenance.RedactString(server), res.QuarantineFile)
	}
	if res.Pending > 0 {
		// Refused for its token, the spool goes nowhere until a usable token comes with it.
		with := ""
		var refused *sink.APIError
		if errors.As(err, &refused) && sink.Classify(refused) == sink.Fatal {
			with = "LEVELFIELD_TOKEN=<a token of the project with the ingest scope> "
		}
		fmt.Fprintf(w, "levelfield-agent: %d requests not yet delivered are kept in %s\n  send them later with: %slevelfield-agent upload --server %s %s\n", res.Pending, res.SpoolDir, with, provenance.RedactString(server), res.SpoolDir)
	}
	if res.URL != "" {
		fmt.Fprintf(w, "levelfield-agent: run %s\n", res.URL)
	}
}

// liveLine is the compact status of one interval: elapsed, ops/s and the
// main series' p50/p99.
func liveLine(start time.Time, f *histogram.Frame) string {
	el := time.Since(start).Truncate(time.Second)
	if f == nil {
		return fmt.Sprintf("[levelfield] %v  waiting for samples", el)
	}
	secs := float64(f.EndMs-f.StartMs) / 1000
	switch f.Series.Kind {
	case histogram.Counter:
		return fmt.Sprintf("[levelfield] %v  %s %.0f/s", el, f.Series.Name, float64(f.Count)/secs)
	case histogram.Gauge:
		return fmt.Sprintf("[levelfield] %v  %s %.1f", el, f.Series.Name, f.Mean)
	}
	return fmt.Sprintf("[levelfield] %v  %.0f ops/s  p50 %s  p99 %s", el, float64(f.Count)/secs, us(f.P50), us(f.P99))
}

func us(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.2fs", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.2fms", v/1e3)
	}
	return fmt.Sprintf("%.0fµs", v)
}

// labelKey is the contract's RunLabels key pattern.
var labelKey = regexp.MustCompile(`^[A-Za-z0-9_.:/-]{1,64}$`)

func checkLabels(labels map[string]string) error {
	for k, v := range labels {
		if !labelKey.MatchString(k) {
			return fmt.Errorf("--label %s: names are 1-64 letters, digits and _ . : / -", k)
		}
		if len(v) > 256 {
			return fmt.Errorf("--label %s: value longer than 256 characters", k)
		}
	}
	return nil
}

// Described is a run's provenance and disclosure, as `env` prints them and
// the create-run request carries them.
type Described struct {
	Provenance *provenance.Doc `json:"provenance"`
	Disclosure map[string]any  `json:"disclosure"`
}

// describe captures the machine, lets add put in what the agent knows about
// the run (captured too), then merges the declared file, whose values win,
// and redacts. The declared file's disclosure is joined by the AI-assistance
// evidence from commit trailers.
func describe(ctx context.Context, penv provenance.Env, declaredFile string, add func(*provenance.Doc)) (Described, error) {
	var decl provenance.DeclaredFile
	if declaredFile != "" {
		var err error
		if decl, err = provenance.LoadDeclared(declaredFile); err != nil {
			return Described{}, err
		}
	}
	doc, evidence := provenance.Capture(ctx, penv)
	if add != nil {
		add(doc)
	}
	if err := doc.MergeDeclared(decl.Provenance); err != nil {
		return Described{}, err
	}
	disc, err := provenance.Disclosure(decl.Disclosure, evidence)
	if err != nil {
		return Described{}, err
	}
	doc.Sanitize()
	provenance.RedactDoc(doc)
	if disc != nil {
		disc = provenance.Redact(disc).(map[string]any)
	}
	return Described{Provenance: doc, Disclosure: disc}, nil
}

func captured(v any, source string) provenance.Field { return provenance.CapturedField(v, source) }

// buildCreate assembles the create-run body: captured and declared
// provenance (redacted), the measurement method, labels and disclosure.
// dir is where the tool runs (its script files are read from there).
func buildCreate(ctx context.Context, cfg Config, ad adapters.Adapter, args []string, dir string, start time.Time) (sink.CreateRun, error) {
	if err := checkLabels(cfg.Labels); err != nil {
		return sink.CreateRun{}, err
	}
	penv := cfg.Provenance
	penv.NoCloud = penv.NoCloud || cfg.NoCloud
	version := ""
	if len(args) > 0 {
		version = toolVersion(ctx, ad.Name(), args[0])
	}
	desc, err := describe(ctx, penv, cfg.ProvenanceFile, func(doc *provenance.Doc) {
		const agentSrc = "levelfield-agent"
		doc.Set("run.agent", captured("levelfield-agent "+cfg.AgentVersion, agentSrc))
		if len(args) == 0 {
			// An import: the machine importing is not the one that ran the
			// benchmark, so it is described as an auxiliary node.
			doc.Nodes[0].Role = "aux"
			doc.Set("run.agentMode", captured("import", agentSrc))
		} else {
			doc.Set("run.agentMode", captured("run", agentSrc))
		}
		doc.Set("run.benchmark", captured(ad.Name(), "adapter"))
		doc.Set("measurement.adapter", captured(ad.Name(), agentSrc))
		doc.Set("measurement.histogramFormat", captured("HdrHistogram V2 compressed, base64; integer µs from 1 µs to 1 h", agentSrc))
		doc.Set("measurement.precisionDigits", captured(histogram.Digits, agentSrc))
		doc.Set("measurement.intervalMs", captured(cfg.Interval.Milliseconds(), "--interval"))
		doc.Set("measurement.warmupMs", captured(cfg.Warmup.Milliseconds(), "--warmup"))
		doc.Set("measurement.maxSeriesPerMetric", captured(cfg.MaxSeriesPerMetric, "--max-series-per-metric"))
		if d, ok := ad.(adapters.Describer); ok {
			for k, v := range d.Measurement() {
				doc.Set("measurement."+k, captured(v, ad.Name()+" adapter"))
			}
		}
		if len(args) > 0 {
			doc.Set("workload.command", captured(provenance.RedactArgs(args), "command line"))
			for path, v := range adapters.ShapeOf(ad.Name(), args, dir) {
				doc.Set(path, captured(v, "command line"))
			}
		}
		if version != "" {
			doc.Set("run.benchmarkVersion", captured(version, args[0]+" version"))
			doc.Set("software.components", captured(map[string]any{ad.Name(): version}, args[0]+" version"))
		}
	})
	if err != nil {
		return sink.CreateRun{}, err
	}
	sys := sink.Component{Name: cfg.System}
	if n, v, ok := strings.Cut(cfg.System, "@"); ok {
		sys = sink.Component{Name: n, Version: v}
	}
	if sys.Name == "" {
		sys.Name = defaultSystem[ad.Name()]
	}
	// Labels are shown with the run, so they are redacted as values are.
	labels := provenance.RedactLabels(cfg.Labels)
	return sink.CreateRun{
		Project:    cfg.Project,
		System:     sys,
		Benchmark:  sink.Component{Name: ad.Name(), Version: version},
		Name:       cfg.Name,
		Labels:     labels,
		StartedAt:  start.UnixMilli(),
		WarmupMs:   cfg.Warmup.Milliseconds(),
		Provenance: desc.Provenance,
		Disclosure: desc.Disclosure,
	}, nil
}

// defaultSystem names the system under test when --system is not given and
// the tool implies it.
var defaultSystem = map[string]string{"pgbench": "postgresql", "cockroach": "cockroachdb", "k6": "http", "hdrlog": "unknown", "statsd": "unknown", "microbench": "unknown", "wrk": "http", "sysbench": "unknown", "ycsb": "unknown", "memtier": "unknown", "tpcc-mysql": "mysql"}

var versionRe = regexp.MustCompile(`v?[0-9]+\.[0-9]+(\.[0-9]+)?`)

// toolVersion asks the benchmark tool for its version, briefly.
func toolVersion(ctx context.Context, adapter, bin string) string {
	var args []string
	switch adapter {
	case "pgbench":
		args = []string{"--version"}
	case "k6", "cockroach":
		args = []string{"version"}
	case "sysbench":
		args = []string{"--version"}
	case "wrk":
		args = []string{"-v"}
	default:
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).Output()
	// wrk prints its version, then its usage, and exits 1.
	if err != nil && !(adapter == "wrk" && len(out) > 0) {
		return ""
	}
	return strings.TrimPrefix(versionRe.FindString(string(out)), "v")
}

// Import uploads finished tool output as a run.
func Import(ctx context.Context, cfg Config, files []string) (string, error) {
	if err := cfg.check(); err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", errors.New("import needs at least one FILE")
	}
	name := cfg.Adapter
	if name == "" || name == "auto" {
		var err error
		if name, err = Sniff(files[0]); err != nil {
			return "", err
		}
		fmt.Fprintf(cfg.Stderr, "levelfield-agent: %s looks like %s output\n", files[0], name)
	}
	fi, err := os.Stat(files[0])
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	ad, err := adapters.New(name, adapters.Options{Files: files, Opts: cfg.AdapterOpts, StartMs: fi.ModTime().UnixMilli()})
	if err != nil {
		return "", err
	}
	pipe := newPipeline(0, cfg.Interval.Milliseconds(), cfg.Warmup.Milliseconds(), bounds(cfg, ad))
	if err := ad.Run(ctx, pipe); err != nil {
		return "", fmt.Errorf("import %s: %w", name, err)
	}
	rest, _ := pipe.close(0, true)
	frames := append(pipe.closed, rest...)
	if len(frames) == 0 {
		return "", fmt.Errorf("import: no samples found in %s", strings.Join(files, ", "))
	}
	first, end := frames[0].StartMs, frames[0].EndMs
	for _, f := range frames {
		first, end = min(first, f.StartMs), max(end, f.EndMs)
	}
	start := time.UnixMilli(first)
	create, err := buildCreate(ctx, cfg, ad, nil, "", start)
	if err != nil {
		return "", err
	}
	create.Provenance.(*provenance.Doc).Set("run.importedFiles", captured(provenance.RedactArgs(baseNames(files)), "levelfield-agent import"))
	startLine(cfg)
	snk, _, err := sink.Start(ctx, newClient(cfg), cfg.SpoolDir, cfg.SpoolMaxBytes, create)
	if err != nil {
		return "", fmt.Errorf("cannot create the run: %w", err)
	}
	snk.Add(frames)
	folded := pipe.folded()
	reportFolded(cfg.Stderr, cfg.MaxSeriesPerMetric, folded)
	res, err := snk.Stop(sink.Finish{Status: "succeeded", EndedAt: end, ExitCode: 0, SeriesFolded: seriesFolded(folded)}, cfg.DrainTimeout)
	report(cfg.Stderr, cfg.Server, res, err)
	switch {
	case err != nil:
	case res.Pending > 0:
		err = fmt.Errorf("%d requests left in %s", res.Pending, res.SpoolDir)
	case lost(res) && !cfg.AllowDataLoss:
		err = fmt.Errorf("%w (--allow-data-loss exits 0 all the same)", ErrDataLoss)
	}
	return res.URL, err
}

var (
	pgbenchLine = regexp.MustCompile(`(?m)^[0-9]+ [0-9]+ ([0-9]+|skipped|failed) [0-9]+ [0-9]{9,} [0-9]+`)
	statsdLine  = regexp.MustCompile(`(?m)^[^:|\s]+:[^|]+\|(ms|h|d|c|g|s)\b`)
	// sysbench's banner, an interval line, or its summary's heading.
	sysbenchOutput = regexp.MustCompile(`(?m)^(sysbench \d|\[ *\d+s \] |General statistics:$)`)
	// memtier_benchmark's results table: its heading's first column.
	memtierTable = regexp.MustCompile(`(?m)^Type +Ops/sec +`)
)

// Sniff tells which adapter reads a file, from its first bytes, or a
// directory (Criterion's target/criterion), from the files under it.
func Sniff(path string) (string, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		if adapters.IsBenchDir(path) {
			return "microbench", nil
		}
		return "", fmt.Errorf("import: %s is a directory without Criterion results", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	defer f.Close()
	head := make([]byte, 8<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case bytes.Contains(head, []byte(`"type":"Metric"`)) || bytes.Contains(head, []byte(`"type":"Point"`)):
		return "k6", nil
	case bytes.Contains(head, []byte(`"Hist":`)) || bytes.Contains(head, []byte("_elapsed")):
		return "cockroach", nil
	case adapters.SniffYCSB(head):
		return "ycsb", nil
	case bytes.Contains(head, []byte("#[StartTime:")) || bytes.Contains(head, []byte(",HIST")):
		return "hdrlog", nil
	case adapters.SniffBench(head) != "":
		return "microbench", nil
	case bytes.Contains(head, []byte("Thread Stats")) && bytes.Contains(head, []byte("Req/Sec")):
		return "wrk", nil
	case sysbenchOutput.Match(head):
		return "sysbench", nil
	case memtierTable.Match(head):
		return "memtier", nil
	case bytes.Contains(head, []byte("TPC-C Load Generator")):
		return "tpcc-mysql", nil
	case pgbenchLine.Match(head):
		return "pgbench", nil
	case statsdLine.Match(head):
		return "statsd", nil
	}
	return "", fmt.Errorf("cannot tell what tool wrote %s: pass --adapter (one of %s)", path, strings.Join(adapters.Names(), ", "))
}

// Env returns what `env` prints: the captured provenance merged with the
// declared file, and the disclosure, redacted as they would be sent.
func Env(ctx context.Context, penv provenance.Env, declaredFile string) (Described, error) {
	d, err := describe(ctx, penv, declaredFile, nil)
	if d.Disclosure == nil {
		d.Disclosure = map[string]any{}
	}
	return d, err
}

func baseNames(files []string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Base(f)
	}
	return out
}
