package adapters

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

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
	conn  *net.UDPConn

	mu     sync.Mutex
	gauges map[histogram.Series]float64 // last value, for relative gauges

	// Used by the one goroutine that reads the socket (or the import).
	targets map[string]*statsdTarget
	key     []byte
	pending []LatencySample
}

// statsdTarget is what the non-value part of a line (name, type, rate,
// tags) resolves to. It is cached by that text, so a steady stream of
// samples costs a map lookup and a number parse rather than a full parse
// with its allocations: the agent's CPU budget is 1 % of a core at 100,000
// samples/s (performance-targets.md).
type statsdTarget struct {
	series histogram.Series
	typ    string
	rate   float64
	n      int64 // latencies: occurrences each value stands for (1/rate)
}

// maxTargets bounds the cache; lines beyond it take the slow path, so a
// harness with unbounded tag values cannot grow the agent without limit.
const maxTargets = 10_000

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
	if a.conn, err = net.ListenUDP("udp", ua); err != nil {
		return nil, fmt.Errorf("statsd listen: %w", err)
	}
	_ = a.conn.SetReadBuffer(4 << 20)
	a.addr = a.conn.LocalAddr().String()
	return a, nil
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
			errs = append(errs, followFile(ctx, f, false, func(l []byte) { a.handleLine(l, a.o.StartMs, e) }))
			a.flush(e)
		}
		return errors.Join(errs...)
	}
	defer a.conn.Close()
	buf := make([]byte, 64<<10)
	// The deadline only lets the loop notice that the tool has exited; it is
	// renewed every 100 ms rather than per datagram, which at thousands of
	// datagrams a second would be a measurable share of the agent's CPU.
	var deadline time.Time
	for {
		now := time.Now()
		switch {
		case ctx.Err() != nil:
			// The tool has exited: read what is still queued, then stop.
			_ = a.conn.SetReadDeadline(now.Add(20 * time.Millisecond))
		case deadline.Sub(now) < 100*time.Millisecond:
			deadline = now.Add(200 * time.Millisecond)
			_ = a.conn.SetReadDeadline(deadline)
		}
		// Read, not ReadFromUDP: the sender's address is not needed and
		// would be allocated for every datagram.
		n, err := a.conn.Read(buf)
		if n > 0 {
			a.Handle(buf[:n], time.Now().UnixMilli(), e)
		}
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				if ctx.Err() != nil {
					return nil
				}
				continue
			}
			return fmt.Errorf("statsd read: %w", err)
		}
	}
}

// Handle records one datagram (metrics separated by newlines) received at atMs.
func (a *statsd) Handle(datagram []byte, atMs int64, e Emitter) {
	for len(datagram) > 0 {
		line := datagram
		if i := bytes.IndexByte(datagram, '\n'); i >= 0 {
			line, datagram = datagram[:i], datagram[i+1:]
		} else {
			datagram = nil
		}
		a.handleLine(line, atMs, e)
	}
	a.flush(e)
}

// flush hands the buffered latencies over: one lock for a whole datagram.
func (a *statsd) flush(e Emitter) {
	emitLatencies(e, a.pending)
	a.pending = a.pending[:0]
}

func (a *statsd) handleLine(line []byte, atMs int64, e Emitter) {
	line = bytes.TrimSpace(line)
	colon, pipe := bytes.IndexByte(line, ':'), bytes.IndexByte(line, '|')
	if colon <= 0 || pipe < colon+2 {
		return // not name:value|type (events, service checks, garbage)
	}
	a.key = append(append(a.key[:0], line[:colon]...), line[pipe:]...)
	t := a.targets[string(a.key)]
	if t == nil {
		if t = a.resolve(line); t == nil {
			return
		}
	}
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
		v := 1.0 // sets count members
		if t.typ != "s" {
			f, err := strconv.ParseFloat(string(raw), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return
			}
			v = f
		}
		switch t.typ {
		case "ms", "h", "d":
			a.pending = append(a.pending, LatencySample{Series: t.series, AtMs: atMs, Us: int64(math.Round(v * a.scale)), N: t.n})
		case "c":
			e.Value(t.series, atMs, v/t.rate)
		case "g":
			last = v
			relative = relative || raw[0] == '+' || raw[0] == '-'
		}
		if i < 0 {
			break
		}
	}
	if t.typ == "g" {
		a.mu.Lock()
		if relative {
			last += a.gauges[t.series]
		}
		a.gauges[t.series] = last
		a.mu.Unlock()
		e.Value(t.series, atMs, last)
	}
}

// resolve parses a line whose name, type, rate and tags are not cached yet.
func (a *statsd) resolve(line []byte) *statsdTarget {
	m, err := ParseStatsD(line)
	if err != nil {
		return nil
	}
	t := &statsdTarget{typ: m.Type, rate: m.Rate, n: int64(math.Round(1 / m.Rate))}
	switch m.Type {
	case "ms", "h", "d":
		t.series = histogram.NewSeries(m.Name, histogram.Latency, "us", m.Tags)
	case "c":
		t.series = histogram.NewSeries(m.Name, histogram.Counter, "", m.Tags)
	case "g":
		t.series = histogram.NewSeries(m.Name, histogram.Gauge, "", m.Tags)
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
