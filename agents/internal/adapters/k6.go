package adapters

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// K6Line is one line of k6's `--out json=FILE` stream: a "Metric" line
// declares a metric's type before its first "Point" line.
type K6Line struct {
	Type   string `json:"type"`
	Metric string `json:"metric"`
	Data   struct {
		Type     string            `json:"type"`     // Metric: trend, counter, rate, gauge
		Contains string            `json:"contains"` // Metric: time, data, default
		Time     string            `json:"time"`     // Point
		Value    float64           `json:"value"`    // Point
		Tags     map[string]string `json:"tags"`     // Point
	} `json:"data"`
}

// ParseK6Line decodes one line of the JSON stream.
func ParseK6Line(line []byte) (K6Line, error) {
	var l K6Line
	if err := json.Unmarshal(line, &l); err != nil {
		return l, fmt.Errorf("k6 json line: %w", err)
	}
	if l.Type != "Metric" && l.Type != "Point" {
		return l, fmt.Errorf("k6 json line: unknown type %q", l.Type)
	}
	return l, nil
}

type k6 struct {
	o     Options
	files []toolFile
	tags  map[string]bool // the tags that become labels
	mu    sync.Mutex
	kinds map[string]K6Line // metric name → its declaration
}

// k6Tags are the tags that become series labels unless --adapter-opt
// tags=a,b,… names others: the ones naming a bounded dimension of a test,
// which k6's own summary and thresholds group by. The rest (url, proto,
// tls_version, error, a script's own tags) are left out, url because it
// holds whatever the script requests, ids included.
var k6Tags = "name,scenario,group,method,status,expected_response,check"

func newK6(o Options) (Adapter, error) {
	a := &k6{o: o, files: finishedFiles(o.Files), kinds: map[string]K6Line{}, tags: map[string]bool{}}
	tags, ok := o.Opts["tags"]
	if !ok {
		tags = k6Tags
	}
	for _, t := range strings.Split(tags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			a.tags[t] = true
		}
	}
	if o.Follow {
		out, ok := k6JSONOut(o.Args, os.Getenv("K6_OUT"), o.Dir)
		if !ok {
			return nil, fmt.Errorf("k6 needs --out json=FILE (or K6_OUT, or \"out\" in its --config file) so the agent can read every sample")
		}
		if out == "-" {
			// k6 writes json=- to its standard output, which no file holds: the
			// run would be stored empty.
			return nil, fmt.Errorf("k6 writes --out json=- to its standard output; name a file (--out json=FILE) so the agent can read every sample")
		}
		// k6 truncates a file an earlier run left once its outputs start.
		a.files = outputOfTool(resolve(o.Dir, out))
	}
	return a, nil
}

// k6JSONOut finds the file of a `json=FILE` output among the outputs k6
// uses: those of the command line (`--out`, `-o`), else those of K6_OUT
// (comma-separated; env is its value), else the "out" list of the
// `--config` file, since each replaces the next in k6's configuration.
func k6JSONOut(args []string, env, dir string) (string, bool) {
	outs := k6Flag(args, "--out", "-o")
	if len(outs) == 0 && env != "" {
		outs = strings.Split(env, ",")
	}
	if cfg := k6Flag(args, "--config", "-c"); len(outs) == 0 && len(cfg) > 0 {
		var file struct {
			Out []string `json:"out"`
		}
		if raw, err := os.ReadFile(resolve(dir, cfg[len(cfg)-1])); err == nil && json.Unmarshal(raw, &file) == nil {
			outs = file.Out
		}
	}
	for _, v := range outs {
		if f, ok := strings.CutPrefix(v, "json="); ok && f != "" {
			return f, true
		}
	}
	return "", false
}

// k6Flag returns the values of one of k6's flags. k6 parses flags as pflag
// does, which also takes a shorthand's value as `-o=V`.
func k6Flag(args []string, long, short string) []string {
	attached := make([]string, len(args))
	for i, a := range args {
		attached[i] = a
		if v, ok := strings.CutPrefix(a, short+"="); ok {
			attached[i] = short + v
		}
	}
	return flagValues(attached, long, short)
}

func (a *k6) Name() string { return "k6" }

func (a *k6) Measurement() map[string]any {
	return map[string]any{
		"latencySource":    "k6 --out json (every sample of every Trend metric)",
		"latencyOrigin":    "actual",
		"latencyEndPoint":  "complete",
		"throughputSource": "client-ack",
	}
}

func (a *k6) Run(ctx context.Context, e Emitter) error {
	var errs []error
	for _, f := range a.files {
		errs = append(errs, f.read(ctx, a.o.Follow, func(line []byte) { a.line(line, e) }))
	}
	return errors.Join(errs...)
}

func (a *k6) line(line []byte, e Emitter) {
	l, err := ParseK6Line(line)
	if err != nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if l.Type == "Metric" {
		a.kinds[l.Metric] = l
		return
	}
	decl, ok := a.kinds[l.Metric]
	if !ok || decl.Data.Type != "trend" || math.IsNaN(l.Data.Value) {
		return
	}
	ts, err := time.Parse(time.RFC3339Nano, l.Data.Time)
	if err != nil {
		return
	}
	labels := k6Labels(l.Data.Tags, a.tags)
	if decl.Data.Contains == "time" {
		// k6 reports time trends in milliseconds with sub-µs precision.
		us := int64(math.Round(l.Data.Value * 1000))
		e.Latency(histogram.NewSeries(l.Metric, histogram.Latency, "us", labels), ts.UnixMilli(), us, 1)
		return
	}
	// A trend of plain numbers is not a duration; its mean per interval is kept.
	e.Value(histogram.NewSeries(l.Metric, histogram.Gauge, "", labels), ts.UnixMilli(), l.Data.Value)
}

// k6Labels keeps the tags in keep that are not empty, except a name that is
// a URL: k6 names a request by its URL unless the script names it (k6 1.x
// then sets url to that name too), and URLs are not a bounded dimension.
// The name of an http.url template, with ${} where its values go, is one.
func k6Labels(tags map[string]string, keep map[string]bool) map[string]string {
	out := make(map[string]string, len(keep))
	for k, v := range tags {
		if !keep[k] || v == "" || (k == "name" && strings.Contains(v, "://") && !strings.Contains(v, "${}")) {
			continue
		}
		out[k] = v
	}
	return out
}
