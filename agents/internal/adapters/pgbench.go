package adapters

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// PgbenchTxn is one line of pgbench's per-transaction log (--log):
//
//	client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]
//
// time is the latency in µs, or "skipped" / "failed" ("serialization" /
// "deadlock" with --failures-detailed); time_epoch.time_us is when the
// transaction ended.
type PgbenchTxn struct {
	Client, TxNo int64
	LatencyUs    int64
	Script       int64
	EndUs        int64 // unix µs
	LagUs        int64
	HasLag       bool
	Skipped      bool
	Failed       bool
}

var errNotPgbenchLog = errors.New("not a pgbench per-transaction log line")

// ParsePgbenchLogLine parses one log line. lagColumn says whether the 7th
// column is the schedule lag (pgbench --rate) rather than the retry count
// (--max-tries), which the line alone cannot tell.
func ParsePgbenchLogLine(line []byte, lagColumn bool) (PgbenchTxn, error) {
	var t PgbenchTxn
	// Split by hand into a fixed array: bytes.Fields allocates, and this
	// runs for every transaction of the benchmark the agent must not slow.
	var f [8][]byte
	n := 0
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
			j++
		}
		if j == i {
			break
		}
		if n == len(f) {
			return t, errNotPgbenchLog
		}
		f[n] = line[i:j]
		n++
		i = j
	}
	if n < 6 {
		return t, errNotPgbenchLog
	}
	ints := [5]*int64{&t.Client, &t.TxNo, &t.Script, nil, nil}
	for i, idx := range []int{0, 1, 3} {
		v, err := strconv.ParseInt(string(f[idx]), 10, 64)
		if err != nil || v < 0 {
			return t, errNotPgbenchLog
		}
		*ints[i] = v
	}
	sec, err1 := strconv.ParseInt(string(f[4]), 10, 64)
	us, err2 := strconv.ParseInt(string(f[5]), 10, 64)
	if err1 != nil || err2 != nil || sec < 0 || sec > 1<<40 || us < 0 || us >= 1_000_000 {
		return t, errNotPgbenchLog
	}
	t.EndUs = sec*1_000_000 + us
	switch string(f[2]) {
	case "skipped":
		t.Skipped = true
	case "failed", "serialization", "deadlock":
		t.Failed = true
	default:
		v, err := strconv.ParseInt(string(f[2]), 10, 64)
		if err != nil || v < 0 {
			return t, errNotPgbenchLog
		}
		t.LatencyUs = v
	}
	if n >= 7 && lagColumn {
		v, err := strconv.ParseInt(string(f[6]), 10, 64)
		if err != nil || v < 0 {
			return t, errNotPgbenchLog
		}
		t.LagUs, t.HasLag = v, true
	}
	return t, nil
}

// PgbenchProgress is one `--progress` line, e.g.
//
//	progress: 5.0 s, 1234.5 tps, lat 6.472 ms stddev 2.101, 0 failed, lag 0.133 ms, 3 skipped
type PgbenchProgress struct {
	ElapsedSec float64 // seconds since start, or unix seconds with --progress-timestamp
	TPS        float64
	LatMs      float64
	StddevMs   float64
	LagMs      float64
	HasLag     bool
	Failed     int64
	Skipped    int64
}

var progressRe = regexp.MustCompile(`^progress: ([0-9.]+) s, ([0-9.]+) tps, lat ([0-9.]+|NaN) ms stddev ([0-9.]+|NaN)(.*)$`)

// ParsePgbenchProgress parses one progress line; ok is false for other lines.
func ParsePgbenchProgress(line []byte) (p PgbenchProgress, ok bool) {
	m := progressRe.FindSubmatch(bytes.TrimSpace(line))
	if m == nil {
		return p, false
	}
	var err error
	num := func(b []byte) float64 {
		v, e := strconv.ParseFloat(string(b), 64)
		if e != nil {
			err = e
		}
		return v
	}
	p.ElapsedSec, p.TPS, p.LatMs, p.StddevMs = num(m[1]), num(m[2]), num(m[3]), num(m[4])
	for _, part := range strings.Split(string(m[5]), ",") {
		w := strings.Fields(part)
		switch {
		case len(w) == 2 && w[1] == "failed":
			p.Failed, _ = strconv.ParseInt(w[0], 10, 64)
		case len(w) == 2 && w[1] == "skipped":
			p.Skipped, _ = strconv.ParseInt(w[0], 10, 64)
		case len(w) == 3 && w[0] == "lag":
			p.LagMs, p.HasLag = num([]byte(w[1])), true
		}
	}
	return p, err == nil
}

type pgbench struct {
	o         Options
	prefix    string // log file prefix, resolved against the working directory
	log       bool
	lagColumn bool
	// threads is pgbench's -j: it writes one log per thread, and the
	// watermark waits until it has seen them all.
	threads int

	// Used by the one goroutine that reads the logs.
	scripts map[int64]*pgbenchSeries
	pending []LatencySample

	// watermark is the newest end time every followed log has reached
	// (Watermark); written by the reading goroutine, read by the agent's.
	watermark atomic.Int64

	// pid is the wrapped command's process id (Started), 0 until known;
	// awaitPid says it will be given, so no log is taken before.
	pid      atomic.Int64
	awaitPid bool
}

// Started tells the adapter the process id of the command it follows.
func (p *pgbench) Started(pid int) { p.pid.Store(int64(pid)) }

// ownLog reports whether a log named PREFIX.PID[.N], last written at modMs,
// is this run's: written by process root, or by one of its descendants
// (pgbench run through sudo or a script). Another pgbench in the same
// directory with the same prefix (several pgbench processes are a common
// way past one client's limit) writes logs of the same pattern, and the
// run before this one (a sweep's loop) may have written its last line
// within the second of slack the directory scan allows; taking either would
// mix its transactions into this run.
func ownLog(name, prefix string, modMs, startMs int64, root int) bool {
	rest := strings.TrimPrefix(name, prefix+".")
	pid, err := strconv.Atoi(strings.SplitN(rest, ".", 2)[0])
	if err != nil || pid == root {
		return true
	}
	if alive, mine := descends(pid, root); alive {
		return mine
	}
	// Its writer has exited (or there is no /proc to ask): a descendant
	// that ran between two scans wrote after this run started.
	return modMs >= startMs
}

// descends reports whether process pid is running and, going up /proc's
// parent links, whether root is among its ancestors; a chain broken by an
// ancestor exiting meanwhile counts as root's.
func descends(pid, root int) (alive, mine bool) {
	for i := 0; pid > 1; i++ {
		if pid == root {
			return true, true
		}
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return i > 0, true
		}
		// "pid (comm) state ppid …"; comm may hold spaces and parentheses.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) < 2 {
			return true, true
		}
		if pid, err = strconv.Atoi(f[1]); err != nil {
			return true, true
		}
	}
	return true, false
}

// watermarkSlack allows for a thread's log lines being a little out of order
// (pgbench reads its clock lazily within one pass over its clients): a file
// counts as past an instant once it shows a transaction this much later.
const watermarkSlack = 50

// Watermark is the instant before which every followed log has been read:
// each pgbench thread writes its own log in completion order, so once every
// file shows a transaction that ended after an instant, none of them will
// bring one from before it. pgbench writes its logs through stdio's block
// buffer, so a file moves on in steps of ~4 KB (about 120 transactions);
// closing by this watermark waits for those steps, not for a fixed second.
func (p *pgbench) Watermark() int64 { return p.watermark.Load() }

// lowestOf returns the smallest of the files' newest end times, 0 when fewer
// than want files were found or one has shown nothing yet (nothing is known
// about it then).
func lowestOf(newest map[string]int64, want int) int64 {
	if len(newest) < want {
		return 0
	}
	var low int64
	for _, ms := range newest {
		if ms == 0 {
			return 0
		}
		if low == 0 || ms < low {
			low = ms
		}
	}
	return low
}

// pgbenchSeries are one script's series, built once: building a Series
// (labels in canonical form) per transaction would cost more than recording it.
type pgbenchSeries struct {
	latency, lag, skipped, failed histogram.Series
}

func (p *pgbench) series(script int64) *pgbenchSeries {
	if s := p.scripts[script]; s != nil {
		return s
	}
	if p.scripts == nil {
		p.scripts = map[int64]*pgbenchSeries{}
	}
	labels := map[string]string{"script": strconv.FormatInt(script, 10)}
	s := &pgbenchSeries{
		latency: histogram.NewSeries("latency", histogram.Latency, "us", labels),
		lag:     histogram.NewSeries("schedule_lag", histogram.Latency, "us", labels),
		skipped: histogram.NewSeries("skipped", histogram.Counter, "", labels),
		failed:  histogram.NewSeries("failed", histogram.Counter, "", labels),
	}
	p.scripts[script] = s
	return s
}

// flush hands the latencies read so far to the emitter in one batch.
func (p *pgbench) flush(e Emitter) {
	emitLatencies(e, p.pending)
	p.pending = p.pending[:0]
}

func newPgbench(o Options) (Adapter, error) {
	p := &pgbench{o: o, awaitPid: o.AwaitPid}
	if o.Follow {
		if hasFlag(o.Args, "--aggregate-interval") {
			return nil, fmt.Errorf("--aggregate-interval replaces per-transaction latencies with aggregates; drop it so the agent can build exact histograms")
		}
		if hasFlag(o.Args, "--sampling-rate") {
			return nil, fmt.Errorf("--sampling-rate logs only a fraction of the transactions, so the stored counts and throughput would be that fraction of pgbench's; drop it so the agent sees every transaction")
		}
		p.log = hasFlag(o.Args, "--log", "-l")
		prefix, ok := flagValue(o.Args, "--log-prefix", "")
		if !ok {
			prefix = "pgbench_log"
		}
		p.prefix = resolve(o.Dir, prefix)
		_, p.lagColumn = flagValue(o.Args, "--rate", "-R")
		p.threads = 1
		if j, ok := flagValue(o.Args, "--jobs", "-j"); ok {
			if n, err := strconv.Atoi(j); err == nil && n > 1 {
				p.threads = n
			}
		}
		if !p.log {
			slog.Warn("pgbench runs without --log: only its --progress lines (if any) are recorded; add --log for per-transaction histograms")
		}
	} else {
		p.lagColumn = o.Opts["rate"] != "false"
	}
	return p, nil
}

func (p *pgbench) Name() string { return "pgbench" }

func (p *pgbench) Measurement() map[string]any {
	m := map[string]any{
		"throughputSource": "client-ack",
		"latencyEndPoint":  "complete",
		"latencySource":    "pgbench per-transaction log",
	}
	if p.lagColumn {
		// pgbench measures throttled transactions from their scheduled start,
		// so its logged latency already includes the schedule lag.
		m["latencyOrigin"] = "intended"
		m["coCorrection"] = "latency measured from the scheduled start (pgbench --rate)"
	} else {
		m["latencyOrigin"] = "actual"
		m["coCorrection"] = "none (closed loop: no --rate)"
	}
	return m
}

// emitTxn records one transaction; latencies wait in p.pending for flush.
func (p *pgbench) emitTxn(t PgbenchTxn, e Emitter) {
	atMs := t.EndUs / 1000
	s := p.series(t.Script)
	switch {
	case t.Skipped:
		e.Value(s.skipped, atMs, 1)
	case t.Failed:
		e.Value(s.failed, atMs, 1)
	default:
		p.pending = append(p.pending, LatencySample{Series: s.latency, AtMs: atMs, Us: t.LatencyUs, N: 1})
	}
	// pgbench's "rate limit schedule lag" averages successful transactions
	// only: a skipped one never started, a failed one is not in its stats.
	if t.HasLag && !t.Skipped && !t.Failed {
		p.pending = append(p.pending, LatencySample{Series: s.lag, AtMs: atMs, Us: t.LagUs, N: 1})
	}
	if len(p.pending) >= 4096 {
		p.flush(e)
	}
}

func (p *pgbench) ParseOutput(line []byte, atMs int64, e Emitter) {
	pr, ok := ParsePgbenchProgress(line)
	if !ok {
		return
	}
	p.emitProgress(pr, atMs, e)
}

func (p *pgbench) emitProgress(pr PgbenchProgress, atMs int64, e Emitter) {
	e.Value(histogram.NewSeries("progress_tps", histogram.Gauge, "1/s", nil), atMs, pr.TPS)
	// For an interval in which no transaction succeeded pgbench prints
	// "0.0 tps, lat 0.000 ms" (and lag 0.000): nothing was measured, and a
	// mean of 0 µs would pull the series' average and chart down to zero.
	if pr.TPS == 0 && pr.LatMs == 0 {
		return
	}
	e.Value(histogram.NewSeries("progress_latency_mean", histogram.Gauge, "us", nil), atMs, pr.LatMs*1000)
	if pr.HasLag {
		e.Value(histogram.NewSeries("progress_schedule_lag_mean", histogram.Gauge, "us", nil), atMs, pr.LagMs*1000)
	}
}

func (p *pgbench) Run(ctx context.Context, e Emitter) error {
	if !p.o.Follow {
		return p.importFiles(e)
	}
	if !p.log {
		<-ctx.Done()
		return nil
	}
	return p.follow(ctx, e)
}

// follow tails every log file the run's pgbench creates: PREFIX.PID for the
// first thread and PREFIX.PID.N for the others, found by polling the directory.
func (p *pgbench) follow(ctx context.Context, e Emitter) error {
	name := regexp.MustCompile(`^` + regexp.QuoteMeta(filepath.Base(p.prefix)) + `\.[0-9]+(\.[0-9]+)?$`)
	readers := map[string]*lineReader{}
	foreign := map[string]bool{} // logs of other processes, never read
	newest := map[string]int64{} // per file, the newest transaction end read (unix ms)
	emitter := func(file string) func([]byte) {
		return func(line []byte) {
			t, err := ParsePgbenchLogLine(line, p.lagColumn)
			if err != nil {
				return
			}
			p.emitTxn(t, e)
			newest[file] = max(newest[file], t.EndUs/1000)
		}
	}
	scan := func() error {
		root := int(p.pid.Load())
		if p.awaitPid && root == 0 {
			return nil
		}
		ents, err := os.ReadDir(filepath.Dir(p.prefix))
		if err != nil {
			return fmt.Errorf("watch pgbench logs: %w", err)
		}
		for _, de := range ents {
			if _, seen := readers[de.Name()]; seen || foreign[de.Name()] || !name.MatchString(de.Name()) {
				continue
			}
			// Logs left by earlier runs in the same directory are not ours.
			info, err := de.Info()
			if err != nil || info.ModTime().UnixMilli() < p.o.StartMs-1000 {
				continue
			}
			if root != 0 && !ownLog(de.Name(), filepath.Base(p.prefix), info.ModTime().UnixMilli(), p.o.StartMs, root) {
				slog.Warn("not reading another process's pgbench log", "file", de.Name())
				foreign[de.Name()] = true
				continue
			}
			lr, err := openLines(ctx, filepath.Join(filepath.Dir(p.prefix), de.Name()), true)
			if err != nil {
				return fmt.Errorf("open pgbench log: %w", err)
			}
			slog.Debug("following pgbench log", "file", lr.path)
			readers[de.Name()] = lr
			newest[de.Name()] = 0
		}
		return nil
	}
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		err := scan()
		for file, lr := range readers {
			err = errors.Join(err, lr.readAvailable(emitter(file)))
		}
		// Samples reach the pipeline before the watermark that lets their interval close.
		p.flush(e)
		if low := lowestOf(newest, p.threads); low > watermarkSlack {
			p.watermark.Store(low - watermarkSlack)
		}
		if err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			err := scan()
			for file, lr := range readers {
				err = errors.Join(err, lr.finish(emitter(file)))
			}
			p.flush(e)
			if len(readers) == 0 {
				err = errors.Join(err, fmt.Errorf("pgbench wrote no log file %s.<pid>", p.prefix))
			}
			return err
		case <-t.C:
		}
	}
}

// importFiles reads finished logs. Each thread's file is in completion
// order, so a k-way merge by end time yields the whole run in time order and
// the recorder can close intervals as it goes.
func (p *pgbench) importFiles(e Emitter) error {
	var h txnHeap
	for _, path := range p.o.Files {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("open %s: %w", path, err)
		}
		defer f.Close()
		c := &txnCursor{sc: bufio.NewScanner(f), lag: p.lagColumn, path: path}
		c.sc.Buffer(make([]byte, 4096), maxLine)
		if c.next() {
			h = append(h, c)
		}
		if c.err != nil {
			return c.err
		}
	}
	heap.Init(&h)
	defer p.flush(e)
	for h.Len() > 0 {
		c := h[0]
		p.emitTxn(c.cur, e)
		if c.next() {
			heap.Fix(&h, 0)
		} else {
			heap.Pop(&h)
		}
		if c.err != nil {
			return c.err
		}
	}
	return nil
}

type txnCursor struct {
	sc   *bufio.Scanner
	cur  PgbenchTxn
	lag  bool
	path string
	line int
	err  error
}

func (c *txnCursor) next() bool {
	for c.sc.Scan() {
		c.line++
		if len(bytes.TrimSpace(c.sc.Bytes())) == 0 {
			continue
		}
		t, err := ParsePgbenchLogLine(c.sc.Bytes(), c.lag)
		if err != nil {
			c.err = fmt.Errorf("%s:%d: %w", c.path, c.line, err)
			return false
		}
		c.cur = t
		return true
	}
	if err := c.sc.Err(); err != nil {
		c.err = fmt.Errorf("read %s: %w", c.path, err)
	}
	return false
}

type txnHeap []*txnCursor

func (h txnHeap) Len() int           { return len(h) }
func (h txnHeap) Less(i, j int) bool { return h[i].cur.EndUs < h[j].cur.EndUs }
func (h txnHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *txnHeap) Push(x any)        { *h = append(*h, x.(*txnCursor)) }
func (h *txnHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}
