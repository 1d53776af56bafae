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

// wrk prints only its end-of-test summary: no sample, no histogram, no
// interval figure, and a Lua script of the user's would be the only way
// to more. So the adapter keeps that summary, each figure a gauge as wrk
// printed it (in base units: µs, bytes, requests), read from the tool's
// stdout under `run` or from a capture of it under `import`:
//
//	Latency     9.72ms    5.60ms  49.57ms   76.24%   latency_avg, _stdev, _max (µs), _within_stdev (%)
//	Req/Sec   211.00     38.77   300.00     67.50%   thread_req_per_sec_avg, … (per thread)
//	   50%    8.35ms                                  latency_p50 (µs), with --latency
//	843 requests in 2.01s, 4.87MB read                requests, duration (s), bytes_read (B)
//	Socket errors: connect 0, read 3, …               socket_errors_connect, …_read, …_write, …_timeout
//	Non-2xx or 3xx responses: 1092                    non_2xx_3xx_responses
//	Requests/sec:    419.98                           requests_per_sec (1/s)
//	Transfer/sec:      2.43MB                         transfer_per_sec (B/s)
//
// wrk2 prints the same lines; with --latency its HdrHistogram's
// percentiles to 3 decimals (latency_p99.9, …), a "Detailed Percentile
// spectrum" whose footer gives latency_mean, latency_stddev,
// latency_hdr_max (µs) and latency_count, and with -U the same again for
// the latency measured from each request's actual send
// (uncorrected_latency_p50, …). The spectrum's rows are not made into a
// histogram: lumping each row's samples at its value read p99 3 % and the
// mean 7 % above wrk2's own figures.
type wrk struct {
	files  []string
	follow bool
	mu     sync.Mutex
	out    WrkOutput
}

func newWrk(o Options) (Adapter, error) {
	return &wrk{files: o.Files, follow: o.Follow}, nil
}

func init() { registry["wrk"] = newWrk }

func (a *wrk) Name() string { return "wrk" }

func (a *wrk) Measurement() map[string]any {
	return map[string]any{
		"latencySource": "wrk's end-of-test summary (stdout): figures only, no samples",
		"latencyOrigin": "actual",
	}
}

// Run reads captured output files (import); under `run` the figures come
// through ParseOutput and there is nothing else to read.
func (a *wrk) Run(ctx context.Context, e Emitter) error {
	return readCaptured(ctx, a.files, a.follow, func(line []byte, at int64) { a.ParseOutput(line, at, e) })
}

func (a *wrk) ParseOutput(line []byte, atMs int64, e Emitter) {
	a.mu.Lock()
	figures := a.out.Line(string(line))
	a.mu.Unlock()
	for _, f := range figures {
		e.Value(histogram.NewSeries(f.Name, histogram.Gauge, f.Unit, nil), atMs, f.Value)
	}
}

var (
	wrkStats      = regexp.MustCompile(`^\s+(Latency|Req/Sec)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)%\s*$`)
	wrkPercentile = regexp.MustCompile(`^\s*(\d+(?:\.\d+)?)%\s+(\S+)\s*$`) // wrk2's "100.000%" is not indented
	wrkRequests   = regexp.MustCompile(`^\s+(\d+) requests in (\S+), (\S+) read\s*$`)
	wrkSocket     = regexp.MustCompile(`^\s+Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)\s*$`)
	wrkNon2xx     = regexp.MustCompile(`^\s+Non-2xx or 3xx responses: (\d+)\s*$`)
	wrkRate       = regexp.MustCompile(`^(Requests|Transfer)/sec:\s+(\S+)\s*$`)
	wrk2Mean      = regexp.MustCompile(`^#\[Mean\s+=\s+(\S+), StdDeviation\s+=\s+(\S+)\]$`)
	wrk2Max       = regexp.MustCompile(`^#\[Max\s+=\s+(\S+), Total count\s+=\s+(\S+)\]$`)
)

// WrkOutput reads wrk's (and wrk2's) summary line by line; it remembers
// whether wrk2's uncorrected block has begun, and whether the Latency line
// said that no response was measured.
type WrkOutput struct {
	uncorrected bool
	noLatency   bool
}

// Line reads one line; nil for other lines, for figures wrk could not
// compute ("-nan%" when nothing was measured) and for the latencies of a
// run that timed no response.
func (o *WrkOutput) Line(line string) []Figure {
	var out []Figure
	prefix := ""
	if o.uncorrected {
		prefix = "uncorrected_"
	}
	add := func(name, unit string, v float64, ok bool) {
		if ok && !math.IsNaN(v) && !math.IsInf(v, 0) && v >= 0 {
			out = append(out, Figure{name, unit, v})
		}
	}
	if strings.Contains(line, "Latency Distribution (HdrHistogram - Uncorrected") {
		o.uncorrected = true
		return nil
	}
	// The spectrum's footer, in ms with 3 decimals.
	if m := wrk2Mean.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
		mean, err1 := strconv.ParseFloat(m[1], 64)
		sd, err2 := strconv.ParseFloat(m[2], 64)
		add(prefix+"latency_mean", "us", mean*1000, err1 == nil)
		add(prefix+"latency_stddev", "us", sd*1000, err2 == nil)
		return out
	}
	if m := wrk2Max.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
		max, err1 := strconv.ParseFloat(m[1], 64)
		n, err2 := strconv.ParseFloat(m[2], 64)
		add(prefix+"latency_hdr_max", "us", max*1000, err1 == nil)
		add(prefix+"latency_count", "1", n, err2 == nil)
		return out
	}
	if m := wrkStats.FindStringSubmatch(line); m != nil {
		if m[1] == "Latency" {
			// When no response arrived (a target that accepts and never
			// answers) wrk prints "0.00us 0.00us 0.00us -nan%" and 0.00us
			// percentiles: its empty histogram, not latencies of 0.
			within, err := strconv.ParseFloat(m[5], 64)
			o.noLatency = err != nil || math.IsNaN(within)
			if o.noLatency {
				return nil
			}
			for i, stat := range []string{"avg", "stdev", "max"} {
				v, ok := wrkMicros(m[i+2])
				add("latency_"+stat, "us", v, ok)
			}
			add("latency_within_stdev", "%", within, true)
			return out
		}
		for i, stat := range []string{"avg", "stdev", "max"} {
			v, ok := wrkNumber(m[i+2], 1000)
			add("thread_req_per_sec_"+stat, "1/s", v, ok)
		}
		v, err := strconv.ParseFloat(m[5], 64)
		add("thread_req_per_sec_within_stdev", "%", v, err == nil)
		return out
	}
	if m := wrkPercentile.FindStringSubmatch(line); m != nil {
		if o.noLatency {
			return nil
		}
		p, err := strconv.ParseFloat(m[1], 64)
		v, ok := wrkMicros(m[2])
		if err == nil && p <= 100 {
			add(prefix+"latency_p"+strconv.FormatFloat(p, 'f', -1, 64), "us", v, ok)
		}
		return out
	}
	if m := wrkRequests.FindStringSubmatch(line); m != nil {
		n, err := strconv.ParseFloat(m[1], 64)
		add("requests", "1", n, err == nil)
		d, ok := wrkMicros(m[2])
		add("duration", "s", d/1e6, ok)
		b, ok := wrkNumber(m[3], 1024)
		add("bytes_read", "B", b, ok)
		return out
	}
	if m := wrkSocket.FindStringSubmatch(line); m != nil {
		for i, kind := range []string{"connect", "read", "write", "timeout"} {
			v, err := strconv.ParseFloat(m[i+1], 64)
			add("socket_errors_"+kind, "1", v, err == nil)
		}
		return out
	}
	if m := wrkNon2xx.FindStringSubmatch(line); m != nil {
		v, err := strconv.ParseFloat(m[1], 64)
		add("non_2xx_3xx_responses", "1", v, err == nil)
		return out
	}
	if m := wrkRate.FindStringSubmatch(line); m != nil {
		if m[1] == "Requests" {
			v, err := strconv.ParseFloat(m[2], 64)
			add("requests_per_sec", "1/s", v, err == nil)
		} else {
			v, ok := wrkNumber(m[2], 1024)
			add("transfer_per_sec", "B/s", v, ok)
		}
	}
	return out
}

// wrkMicros reads a time as wrk prints it (format_time: us, ms, s, m, h)
// in µs.
func wrkMicros(s string) (float64, bool) {
	for _, u := range []struct {
		suffix string
		us     float64
	}{{"us", 1}, {"ms", 1e3}, {"s", 1e6}, {"m", 60e6}, {"h", 3600e6}} {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			v, err := strconv.ParseFloat(num, 64)
			return v * u.us, err == nil
		}
	}
	return 0, false
}

// wrkNumber reads a count with wrk's suffixes, in steps of base: 1000 for
// requests (format_metric: k, M, G, …), 1024 for bytes (format_binary: K,
// M, G, …, to which wrk adds "B": "4.87MB").
func wrkNumber(s string, base float64) (float64, bool) {
	s = strings.TrimSuffix(s, "B")
	scale := 1.0
	if n := len(s); n > 0 {
		if i := strings.IndexByte("KMGTP", s[n-1]&^0x20); i >= 0 && s[n-1] != 'm' {
			s, scale = s[:n-1], math.Pow(base, float64(i+1))
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	return v * scale, err == nil
}
