package adapters

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// StatsDMetric is one metric of a StatsD / DogStatsD datagram:
//
//	name:value[:value...]|type[|@rate][|#tag:v,tag]
type StatsDMetric struct {
	Name   string
	Values []float64
	Type   string // ms, h, d, c, g, s
	Rate   float64
	Tags   map[string]string
	// Relative is set for gauges written as +N / -N.
	Relative bool
}

// ParseStatsD parses one line (a datagram may hold several, one per line).
func ParseStatsD(line []byte) (StatsDMetric, error) {
	m := StatsDMetric{Rate: 1}
	line = bytes.TrimSpace(line)
	if bytes.HasPrefix(line, []byte("_e{")) || bytes.HasPrefix(line, []byte("_sc|")) {
		return m, fmt.Errorf("statsd: events and service checks are not metrics")
	}
	parts := bytes.Split(line, []byte("|"))
	if len(parts) < 2 {
		return m, fmt.Errorf("statsd: no type in %q", line)
	}
	name, vals, ok := bytes.Cut(parts[0], []byte(":"))
	if !ok || len(name) == 0 || len(vals) == 0 {
		return m, fmt.Errorf("statsd: want name:value in %q", parts[0])
	}
	m.Name, m.Type = string(name), string(parts[1])
	switch m.Type {
	case "ms", "h", "d", "c", "g", "s":
	default:
		return m, fmt.Errorf("statsd: unknown type %q", m.Type)
	}
	for _, v := range bytes.Split(vals, []byte(":")) {
		if len(v) == 0 {
			return m, fmt.Errorf("statsd: empty value in %q", parts[0])
		}
		if m.Type == "s" {
			m.Values = append(m.Values, 1)
			continue
		}
		if m.Type == "g" && (v[0] == '+' || v[0] == '-') {
			m.Relative = true
		}
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return m, fmt.Errorf("statsd: bad value %q", v)
		}
		m.Values = append(m.Values, f)
	}
	for _, p := range parts[2:] {
		switch {
		case len(p) > 1 && p[0] == '@':
			r, err := strconv.ParseFloat(string(p[1:]), 64)
			if err != nil || !(r > 0 && r <= 1) {
				return m, fmt.Errorf("statsd: bad sample rate %q", p)
			}
			m.Rate = r
		case len(p) > 1 && p[0] == '#':
			m.Tags = map[string]string{}
			for _, t := range strings.Split(string(p[1:]), ",") {
				if t == "" {
					continue
				}
				k, v, _ := strings.Cut(t, ":")
				m.Tags[k] = v
			}
		}
		// Other DogStatsD fields (|c:container, |T timestamp) do not change values.
	}
	return m, nil
}

type statsd struct {
	o     Options
	addr  string
	scale float64 // timer unit to µs
	src   datagramSource

	mu     sync.Mutex
	gauges map[histogram.Series]float64 // last value, for relative gauges

	// Used by the one goroutine that reads the socket (or the import).
	targets  map[string]*statsdTarget
	recent   [1 << recentBits]*statsdTarget
	key      []byte
	prev     *statsdTarget   // the target of the last line recorded
	inOrder  int             // lines in a row whose target followed as before (follow)
	touched  []*statsdTarget // targets with pending latencies, in first-touched order
	npending int
	oldestMs int64 // receipt time of the oldest pending latency
	runs     []LatencyRun
}

// statsdTarget is what the non-value part of a line (name, type, rate,
// tags) resolves to. It is cached by that text, so a steady stream of
// samples costs a map lookup and a number parse rather than a full parse
// with its allocations: the agent's CPU budget is 1 % of a core at 100,000
// samples/s (docs/performance.md).
type statsdTarget struct {
	series histogram.Series
	// The line without its values: the name and what follows the values,
	// from the '|' on.
	name, rest string
	// name+":" and rest, for nextLine's comparisons.
	head, tail shortText
	kind       byte // statsdLatency, statsdCounter, statsdGauge
	rate       float64
	n          int64 // latencies: occurrences each value stands for (1/rate)
	// The target of the line that followed this one's last time (see
	// nextLine).
	next *statsdTarget
	// Latencies received since the last flush, in arrival order.
	pending []TimedLatency
}

const (
	statsdLatency = iota + 1
	statsdCounter
	statsdGauge
)

// maxTargets bounds the cache; lines beyond it take the slow path, so a
// harness with unbounded tag values cannot grow the agent without limit.
const maxTargets = 10_000

// Latencies wait in their target until flushAfterMs after the oldest of them
// arrived, or until flushSamples are pending (1 MB): each series' samples
// then go into its histogram together, under one lock, rather than a few per
// datagram interleaved with the other series (which, measured, left most
// histogram increments to miss the cache). The longer the wait, the more
// increments each cache line of a histogram gets while it is loaded: at the
// footprint benchmark's load, recording took a quarter less time with 500
// ms than with 250 (and the whole agent ~5 % less CPU, paired). Samples
// keep their arrival time, and intervals close one interval plus a second
// after their end, so the wait (with the listener's linger, at most 400 ms,
// recv_linux.go: 900 ms in all) moves nothing between intervals.
const (
	flushAfterMs = 500
	flushSamples = 65536
)

func newStatsD(o Options) (Adapter, error) {
	a := &statsd{o: o, addr: o.Opts["addr"], scale: 1000, gauges: map[histogram.Series]float64{}, targets: map[string]*statsdTarget{}}
	if a.addr == "" {
		a.addr = "127.0.0.1:8125"
	}
	switch o.Opts["unit"] {
	case "", "ms":
	case "us":
		a.scale = 1
	case "ns":
		a.scale = 1e-3
	default:
		return nil, fmt.Errorf("unit %q: want ms, us or ns", o.Opts["unit"])
	}
	if !o.Follow {
		return a, nil
	}
	ua, err := net.ResolveUDPAddr("udp", a.addr)
	if err != nil {
		return nil, fmt.Errorf("statsd address: %w", err)
	}
	if !ua.IP.IsLoopback() {
		return nil, fmt.Errorf("statsd listens on loopback only, not %s", a.addr)
	}
	// Listening here, before the tool starts, means no early datagram is lost.
	if a.src, err = listenUDP(ua); err != nil {
		return nil, fmt.Errorf("statsd listen: %w", err)
	}
	a.addr = a.src.addr()
	return a, nil
}

// datagramSource is the listener's socket (recv_linux.go, recv_other.go).
type datagramSource interface {
	// read waits a little (a fraction of a second) for datagrams and returns
	// how many it read, 0 when none came; draining takes what is queued.
	read(draining bool) (int, error)
	// datagram returns the i-th datagram of the last read and when it
	// arrived (unix ms).
	datagram(i int) ([]byte, int64)
	addr() string
	close() error
}

func (a *statsd) Name() string { return "statsd" }

// Addr is the address the listener is bound to.
func (a *statsd) Addr() string { return a.addr }

// Env points common StatsD clients at the listener.
func (a *statsd) Env() []string {
	host, port, _ := net.SplitHostPort(a.addr)
	return []string{"STATSD_HOST=" + host, "STATSD_PORT=" + port, "DD_AGENT_HOST=" + host, "DD_DOGSTATSD_PORT=" + port}
}

func (a *statsd) Measurement() map[string]any {
	return map[string]any{
		"latencySource":     "StatsD/DogStatsD timers, histograms and distributions reported by the harness",
		"latencyOriginNote": "not known to the agent: as measured by the harness; declare measurement.latencyOrigin",
	}
}

func (a *statsd) Run(ctx context.Context, e Emitter) error {
	if !a.o.Follow {
		var errs []error
		for _, f := range a.o.Files {
			// A captured stream: one metric per line, timestamped at the start.
			errs = append(errs, followFile(ctx, f, false, func(l []byte) {
				a.handle(l, a.o.StartMs, e)
				if a.npending >= flushSamples {
					a.flush(e)
				}
			}))
			a.flush(e)
		}
		return errors.Join(errs...)
	}
	defer a.src.close()
	defer a.flush(e)
	for {
		// Once the tool has exited, what is still queued is read, then the
		// listener stops.
		draining := ctx.Err() != nil
		n, err := a.src.read(draining)
		if err != nil {
			return fmt.Errorf("statsd read: %w", err)
		}
		if n == 0 {
			// Idle: nothing should wait for more traffic.
			a.flush(e)
			if draining {
				return nil
			}
			continue
		}
		var atMs int64
		for i := 0; i < n; i++ {
			var d []byte
			d, atMs = a.src.datagram(i)
			a.handle(d, atMs, e)
		}
		if a.npending >= flushSamples || atMs-a.oldestMs >= flushAfterMs {
			a.flush(e)
		}
	}
}

// Handle records one datagram (metrics separated by newlines) received at
// atMs, and hands what it holds to e.
func (a *statsd) Handle(datagram []byte, atMs int64, e Emitter) {
	a.handle(datagram, atMs, e)
	a.flush(e)
}

func (a *statsd) handle(datagram []byte, atMs int64, e Emitter) {
	for len(datagram) > 0 {
		end, ok := 0, false
		if a.inOrder >= guessAfter {
			end, ok = a.nextLine(datagram, atMs, e)
		}
		if !ok {
			if end = bytes.IndexByte(datagram, '\n'); end < 0 {
				end = len(datagram)
			}
			if line := datagram[:end]; !a.fastLine(line, atMs, e) {
				a.parseLine(line, atMs, e)
			}
		}
		if end == len(datagram) {
			return
		}
		datagram = datagram[end+1:]
	}
}

// flush hands the pending latencies over, one run per series.
func (a *statsd) flush(e Emitter) {
	if a.npending == 0 {
		return
	}
	runs := a.runs[:0]
	for _, t := range a.touched {
		runs = append(runs, LatencyRun{Series: t.series, N: t.n, Samples: t.pending})
	}
	emitRuns(e, runs)
	for _, t := range a.touched {
		t.pending = t.pending[:0]
	}
	clear(runs)
	clear(a.touched)
	a.runs, a.touched, a.npending = runs[:0], a.touched[:0], 0
}

// nextLine records the line at the start of datagram when it has the
// target that followed the previous line's the last time, and reports
// whether it did and where the line ends (its '\n', or the end of the
// datagram). Harnesses often send their metrics in the same order (per
// transaction, per series in turn), and then a line costs two comparisons
// and a number scan, where fastLine searches it twice and hashes it. handle
// calls it only after the last lines' targets were guessed right (or would
// have been, as follow counts: inOrder), so lines in no steady order take
// fastLine at the cost of a test.
//
// It compares the name, the ':', the rest and the line's end byte for byte
// with what parseLine resolved (a name without ':' or '\n', a rest without
// '\n'), so a line it accepts is one fastLine would accept with the same
// target.
func (a *statsd) nextLine(datagram []byte, atMs int64, e Emitter) (end int, ok bool) {
	// Not nil: inOrder counts only lines whose target a line has followed
	// before.
	t := a.prev.next
	if !t.head.prefixOf(datagram) {
		a.inOrder = 0
		return 0, false
	}
	colon := len(t.name)
	d, n := scanDecimal(datagram[colon+1:])
	pipe := colon + 1 + n
	if end = pipe + len(t.rest); !t.tail.prefixOf(datagram[pipe:]) || end < len(datagram) && datagram[end] != '\n' {
		a.inOrder = 0
		return 0, false
	}
	// The common line, a latency in whole microseconds, without calls.
	if us, ok := a.integerMicros(d); ok && t.kind == statsdLatency {
		a.pend(t, atMs, us)
	} else if !a.record(t, d, atMs, e) {
		a.inOrder = 0
		return 0, false
	}
	a.prev = t
	return end, true
}

// guessAfter is how many lines in a row must have had the target that
// followed the previous line's target the time before, for nextLine to
// guess the next line's.
const guessAfter = 2

// fastLine records the common line, name:value|rest with one plain decimal
// value and a target in the recent cache, with one search (its ':'; handle
// found its end) and one pass over the value, and reports whether it did.
// The cache compares the name and the rest byte for byte with what
// parseLine resolved: a name without ':' or '|', a line without surrounding
// space. So a line it accepts is one parseLine would split, trim and
// resolve the same way, and record the same (FuzzStatsDFastLine); a line it
// does not is left to parseLine whole.
func (a *statsd) fastLine(line []byte, atMs int64, e Emitter) bool {
	colon := bytes.IndexByte(line, ':')
	if colon <= 0 {
		return false
	}
	d, n := scanDecimal(line[colon+1:])
	pipe := colon + 1 + n
	if pipe >= len(line) || line[pipe] != '|' {
		return false
	}
	slot, ok := a.slot(line[:colon], line[pipe:])
	if !ok || !a.record(*slot, d, atMs, e) {
		return false
	}
	a.follow(*slot)
	return true
}

// follow notes that a line of target t came after the previous line, and
// counts the lines in a row whose target had followed the previous line's
// target before too (inOrder, for nextLine).
func (a *statsd) follow(t *statsdTarget) {
	if p := a.prev; p != nil {
		// Without a branch on the outcome, which lines in no steady order
		// would mispredict.
		n := min(a.inOrder+1, guessAfter)
		if p.next != t {
			n = 0
		}
		p.next, a.inOrder = t, n
	}
	a.prev = t
}

// record records the plain decimal value d of a line of target t, and
// reports whether it did: it leaves the values decimal.float does not
// convert to parseLine.
func (a *statsd) record(t *statsdTarget, d decimal, atMs int64, e Emitter) bool {
	if t.kind == statsdLatency {
		us, ok := a.microsOf(d)
		if ok {
			a.pend(t, atMs, us)
		}
		return ok
	}
	v, ok := d.float()
	if !ok {
		return false
	}
	if t.kind == statsdCounter {
		e.Value(t.series, atMs, v/t.rate)
	} else {
		a.gauge(t, atMs, v, false, e)
	}
	return true
}

// parseLine records any line: it trims it, splits it at its first '|' and
// the first ':' before that, resolves the target (caching it) and reads
// every value, as strconv.ParseFloat would.
func (a *statsd) parseLine(line []byte, atMs int64, e Emitter) {
	if n := len(line); n > 0 && (line[0] <= ' ' || line[0] >= utf8.RuneSelf || line[n-1] <= ' ' || line[n-1] >= utf8.RuneSelf) {
		line = bytes.TrimSpace(line)
	}
	pipe := bytes.IndexByte(line, '|')
	if pipe < 2 {
		return // not name:value|type (events, service checks, garbage)
	}
	colon := bytes.IndexByte(line[:pipe], ':')
	if colon <= 0 || pipe < colon+2 {
		return
	}
	t := a.lookup(line, colon, pipe)
	if t == nil {
		return
	}
	a.follow(t)
	var last float64
	relative := false
	for vals := line[colon+1 : pipe]; ; {
		raw := vals
		i := bytes.IndexByte(vals, ':')
		if i >= 0 {
			raw, vals = vals[:i], vals[i+1:]
		}
		if len(raw) == 0 {
			return // "x::1|c" is malformed; drop what is left of the line
		}
		if t.kind == statsdLatency {
			us, ok := a.micros(raw)
			if !ok {
				return
			}
			a.pend(t, atMs, us)
		} else {
			v, ok := parseValue(raw)
			if !ok {
				return
			}
			if t.kind == statsdCounter {
				e.Value(t.series, atMs, v/t.rate)
			} else {
				last = v
				relative = relative || raw[0] == '+' || raw[0] == '-'
			}
		}
		if i < 0 {
			break
		}
	}
	if t.kind == statsdGauge {
		a.gauge(t, atMs, last, relative, e)
	}
}

// pend keeps a latency for the next flush.
func (a *statsd) pend(t *statsdTarget, atMs, us int64) {
	if len(t.pending) == 0 {
		a.touched = append(a.touched, t)
	}
	if a.npending == 0 {
		a.oldestMs = atMs
	}
	a.npending++
	t.pending = append(t.pending, TimedLatency{AtMs: atMs, Us: us})
}

// gauge sets a gauge, or moves it by v when relative (+N / -N).
func (a *statsd) gauge(t *statsdTarget, atMs int64, v float64, relative bool, e Emitter) {
	a.mu.Lock()
	if relative {
		v += a.gauges[t.series]
	}
	a.gauges[t.series] = v
	a.mu.Unlock()
	e.Value(t.series, atMs, v)
}

// lookup returns the target of a line's non-value part (line[:colon] and
// line[pipe:]), resolving and caching it on first sight.
func (a *statsd) lookup(line []byte, colon, pipe int) *statsdTarget {
	name, rest := line[:colon], line[pipe:]
	slot, ok := a.slot(name, rest)
	if ok {
		return *slot
	}
	a.key = append(append(a.key[:0], name...), rest...)
	t := a.targets[string(a.key)]
	if t == nil {
		if t = a.resolve(line); t == nil {
			return nil
		}
		t.name, t.rest = string(name), string(rest)
		t.head, t.tail = newShortText(t.name+":"), newShortText(t.rest)
	}
	*slot = t
	return t
}

// slot returns the entry of a small direct-mapped cache in front of the
// targets map for a line's name and rest, and whether it holds their
// target. It is probed by a hash of those bytes and checked by comparing
// them in place, so most lines find their target without building the key
// and hashing it again for the map.
func (a *statsd) slot(name, rest []byte) (**statsdTarget, bool) {
	slot := &a.recent[keyHash(name, rest)>>(64-recentBits)]
	t := *slot
	return slot, t != nil && t.name == string(name) && t.rest == string(rest)
}

// recentBits sizes the cache in front of the targets map (256 entries).
const recentBits = 8

// keyHash mixes name and rest eight bytes at a time. It only picks a cache
// slot, so a poor spread costs a map lookup, never a wrong answer.
func keyHash(name, rest []byte) uint64 {
	h := uint64(len(name))<<32 ^ uint64(len(rest))
	h = mixBytes(h, name)
	return mixBytes(h, rest)
}

func mixBytes(h uint64, b []byte) uint64 {
	const k = 0x9E3779B97F4A7C15
	for ; len(b) >= 8; b = b[8:] {
		h = (h ^ binary.LittleEndian.Uint64(b)) * k
		h ^= h >> 32
	}
	if len(b) > 0 {
		var w uint64
		if cap(b) >= 8 {
			// The bytes after the piece belong to the same datagram buffer:
			// one load, masked to the piece.
			w = binary.LittleEndian.Uint64(b[:8]) & (1<<(8*len(b)) - 1)
		} else {
			for i, c := range b {
				w |= uint64(c) << (8 * i)
			}
		}
		h = (h ^ w) * k
		h ^= h >> 32
	}
	return h
}

// decimal is a number as StatsD clients write it: digits with at most one
// '.' among them. m is the digits' value as an integer when there are at
// most 19 of them (more overflow it, and every use checks digits first),
// frac the number of digits after the point.
type decimal struct {
	m            uint64
	digits, frac int
}

// scanDecimal reads the decimal at the start of b, up to the first byte
// that cannot continue it, and returns it with its length. The digits
// before the point and those after are two loops, rather than one that
// tests for the point at every byte: it runs once per line, at 100,000
// lines a second.
func scanDecimal(b []byte) (d decimal, n int) {
	d.m, n = scanDigits(b, 0)
	d.digits = n
	if n < len(b) && b[n] == '.' {
		d.m, d.frac = scanDigits(b[n+1:], d.m)
		d.digits += d.frac
		n += 1 + d.frac
	}
	return d, n
}

// scanDigits continues m with the digits at the start of b and returns it
// with their number.
func scanDigits(b []byte, m uint64) (uint64, int) {
	n := 0
	for n < len(b) && b[n]-'0' < 10 {
		m = m*10 + uint64(b[n]-'0')
		n++
	}
	return m, n
}

// micros converts a timer value to integer microseconds, as
// int64(math.Round(v*scale)) does.
func (a *statsd) micros(raw []byte) (int64, bool) {
	if d, n := scanDecimal(raw); n == len(raw) {
		if us, ok := a.microsOf(d); ok {
			return us, true
		}
	}
	v, ok := parseValueSlow(raw)
	if !ok {
		return 0, false
	}
	return int64(math.Round(v * a.scale)), true
}

// microsOf is micros for a plain decimal, without strconv; it reports false
// for the few it leaves to strconv (decimal.float).
func (a *statsd) microsOf(d decimal) (int64, bool) {
	if us, ok := a.integerMicros(d); ok {
		return us, true
	}
	v, ok := d.float()
	if !ok {
		return 0, false
	}
	return int64(math.Round(v * a.scale)), true
}

// integerMicros scales a value in ms (the default) with at most 3
// decimals, or in µs without any, the common cases, to µs in integers: the
// exact result, which the float computation also gives for them
// (FuzzStatsDValue). It reports false for any other value.
func (a *statsd) integerMicros(d decimal) (int64, bool) {
	if d.digits == 0 || d.digits > 15 {
		return 0, false
	}
	us := int64(d.m)
	switch {
	case a.scale == 1000 && d.frac <= 3:
		us *= [...]int64{1000, 100, 10, 1}[d.frac]
	case a.scale == 1 && d.frac == 0:
	default:
		return 0, false
	}
	// Below 2^50 the float path is off by at most a quarter before
	// rounding, so both give the same integer; larger values are clamped to
	// an hour anyway.
	return us, us < 1<<50
}

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// float returns d as strconv.ParseFloat would, when one division gives it:
// with fewer than 2^53 as the digits and at most 22 of them after the
// point, float64(m) / 10^frac divides two exact numbers once, which rounds
// correctly.
func (d decimal) float() (float64, bool) {
	if d.digits == 0 || d.digits > 19 || d.m >= 1<<53 || d.frac >= len(pow10) {
		return 0, false
	}
	f := float64(d.m)
	if d.frac > 0 {
		f /= pow10[d.frac]
	}
	return f, true
}

// parseValue is strconv.ParseFloat (finite values only) without the string
// conversion for the form StatsD clients write (decimal.float); other forms
// (signs, exponents, long numbers) go to ParseFloat.
func parseValue(b []byte) (float64, bool) {
	if d, n := scanDecimal(b); n == len(b) {
		if f, ok := d.float(); ok {
			return f, true
		}
	}
	return parseValueSlow(b)
}

func parseValueSlow(b []byte) (float64, bool) {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// resolve parses a line whose name, type, rate and tags are not cached yet.
func (a *statsd) resolve(line []byte) *statsdTarget {
	m, err := ParseStatsD(line)
	if err != nil {
		return nil
	}
	t := &statsdTarget{rate: m.Rate, n: int64(math.Round(1 / m.Rate))}
	switch m.Type {
	case "ms", "h", "d":
		t.kind, t.series = statsdLatency, histogram.NewSeries(m.Name, histogram.Latency, "us", m.Tags)
	case "c":
		t.kind, t.series = statsdCounter, histogram.NewSeries(m.Name, histogram.Counter, "", m.Tags)
	case "g":
		t.kind, t.series = statsdGauge, histogram.NewSeries(m.Name, histogram.Gauge, "", m.Tags)
	default:
		return nil // sets are parsed but not recorded
	}
	if a.targets == nil {
		a.targets = map[string]*statsdTarget{}
	}
	if len(a.targets) < maxTargets {
		a.targets[string(a.key)] = t
	}
	return t
}

// shortText is a string that nextLine looks for at the start of a line,
// with its first and last eight bytes as words when it has 8 to 16 (a
// common metric name, or "|ms" with a tag or two): two word comparisons
// then find it, where comparing strings spends a call and a few branches
// on the length.
type shortText struct {
	s      string
	lo, hi uint64
}

func newShortText(s string) shortText {
	t := shortText{s: s}
	if len(s) >= 8 && len(s) <= 16 {
		t.lo = binary.LittleEndian.Uint64([]byte(s[:8]))
		t.hi = binary.LittleEndian.Uint64([]byte(s[len(s)-8:]))
	}
	return t
}

// prefixOf reports whether b starts with the text.
func (t *shortText) prefixOf(b []byte) bool {
	n := len(t.s)
	if n < 8 || n > 16 {
		return len(b) >= n && string(b[:n]) == t.s
	}
	return len(b) >= n && binary.LittleEndian.Uint64(b) == t.lo && binary.LittleEndian.Uint64(b[n-8:]) == t.hi
}
