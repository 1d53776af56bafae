package adapters

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// collector is an Emitter that keeps everything per series.
type collector struct {
	mu     sync.Mutex
	lat    map[histogram.Series][]int64
	hist   map[histogram.Series]*hdr.Histogram
	vals   map[histogram.Series][]float64
	lastAt int64
	order  bool // every sample at or after the previous one
}

func newCollector() *collector {
	return &collector{lat: map[histogram.Series][]int64{}, hist: map[histogram.Series]*hdr.Histogram{},
		vals: map[histogram.Series][]float64{}, order: true}
}

func (c *collector) at(atMs int64) {
	if atMs < c.lastAt {
		c.order = false
	}
	c.lastAt = atMs
}

func (c *collector) Latency(s histogram.Series, atMs, us, n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at(atMs)
	for i := int64(0); i < n; i++ {
		c.lat[s] = append(c.lat[s], us)
	}
}

func (c *collector) Value(s histogram.Series, atMs int64, v float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals[s] = append(c.vals[s], v)
}

func (c *collector) Histogram(s histogram.Series, atMs int64, h *hdr.Histogram, scale float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := histogram.NewRecorder(0, 1<<40, 0)
	r.Series(s).Merge(atMs, h, scale)
	f := r.CloseAll()[0]
	d, _ := histogram.Decode([]byte(f.Histogram))
	if c.hist[s] == nil {
		c.hist[s] = d
		return
	}
	c.hist[s].Merge(d)
}

func mustNew(t *testing.T, name string, o Options) Adapter {
	t.Helper()
	if o.Opts == nil {
		o.Opts = map[string]string{}
	}
	a, err := New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// pgbenchLogLatencies reads latencies straight from pgbench's own log files.
func pgbenchLogLatencies(t *testing.T, files []string) []int64 {
	t.Helper()
	var out []int64
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			var v int64
			if _, err := fmtSscan(strings.Fields(sc.Text())[2], &v); err == nil {
				out = append(out, v)
			}
		}
		fh.Close()
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func exactQuantile(sorted []int64, q float64) float64 {
	i := int(math.Ceil(q/100*float64(len(sorted)))) - 1
	return float64(sorted[max(i, 0)])
}

func TestPgbenchImportMatchesLog(t *testing.T) {
	files, _ := filepath.Glob("testdata/pgbench_plain.[0-9]*")
	a := mustNew(t, "pgbench", Options{Files: files})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	s := histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"script": "0"})
	got := c.lat[s]
	if len(got) != 7427 { // "number of transactions actually processed: 7427" in pgbench_plain.stdout
		t.Fatalf("got %d transactions", len(got))
	}
	if !c.order {
		t.Error("k-way merge did not yield samples in time order")
	}
	want := pgbenchLogLatencies(t, files)
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	for _, q := range []float64{50, 99} {
		if exactQuantile(got, q) != exactQuantile(want, q) {
			t.Errorf("p%v differs", q)
		}
	}
	if m := a.(Describer).Measurement(); m["latencyOrigin"] != "intended" {
		// Import assumes a 7th column is the schedule lag; plain logs have none.
		if len(c.lat[histogram.NewSeries("schedule_lag", histogram.Latency, "us", map[string]string{"script": "0"})]) != 0 {
			t.Error("schedule lag from a log without lag column")
		}
	}
}

func TestPgbenchRatedKeepsIntendedStartLatency(t *testing.T) {
	files, _ := filepath.Glob("testdata/pgbench_rated.[0-9]*")
	a := mustNew(t, "pgbench", Options{Files: files})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	script := map[string]string{"script": "0"}
	lat := c.lat[histogram.NewSeries("latency", histogram.Latency, "us", script)]
	lag := c.lat[histogram.NewSeries("schedule_lag", histogram.Latency, "us", script)]
	if len(lat) == 0 || len(lat) != len(lag) {
		t.Fatalf("latencies %d lags %d", len(lat), len(lag))
	}
	// pgbench logs latency from the scheduled start, so it is never below the lag.
	for i := range lat {
		if lat[i] < lag[i] {
			t.Fatalf("txn %d: latency %d < lag %d", i, lat[i], lag[i])
		}
	}
	if m := a.(Describer).Measurement(); m["latencyOrigin"] != "intended" {
		t.Errorf("latency origin %v", m["latencyOrigin"])
	}
}

func TestPgbenchProgressLines(t *testing.T) {
	for _, tc := range []struct {
		line string
		want PgbenchProgress
	}{
		{"progress: 1.0 s, 3106.5 tps, lat 1.268 ms stddev 0.462, 0 failed", PgbenchProgress{ElapsedSec: 1, TPS: 3106.5, LatMs: 1.268, StddevMs: 0.462}},
		{"progress: 2.0 s, 245.0 tps, lat 0.903 ms stddev 0.677, 0 failed, lag 0.149 ms", PgbenchProgress{ElapsedSec: 2, TPS: 245, LatMs: 0.903, StddevMs: 0.677, LagMs: 0.149, HasLag: true}},
		{"progress: 3.0 s, 10.0 tps, lat 9.1 ms stddev 1.0, lag 2.0 ms, 4 skipped", PgbenchProgress{ElapsedSec: 3, TPS: 10, LatMs: 9.1, StddevMs: 1, LagMs: 2, HasLag: true, Skipped: 4}},
		{"progress: 1795311946.123 s, 100.0 tps, lat 1.000 ms stddev 0.100", PgbenchProgress{ElapsedSec: 1795311946.123, TPS: 100, LatMs: 1, StddevMs: 0.1}},
	} {
		got, ok := ParsePgbenchProgress([]byte(tc.line))
		if !ok || got != tc.want {
			t.Errorf("%q: got %+v ok=%v", tc.line, got, ok)
		}
	}
	raw, _ := os.ReadFile("testdata/pgbench_plain.stderr")
	n := 0
	for _, l := range strings.Split(string(raw), "\n") {
		if _, ok := ParsePgbenchProgress([]byte(l)); ok {
			n++
		}
	}
	if n != 2 {
		t.Errorf("recorded stderr: %d progress lines, want 2", n)
	}
}

func TestPgbenchRefusesSampledLogs(t *testing.T) {
	// A sampled log holds about rate × the transactions: stored as they are,
	// the run's counts and throughput would read that fraction of pgbench's.
	for _, flag := range [][]string{{"--sampling-rate=0.1"}, {"--sampling-rate", "0.01"}} {
		args := append([]string{"pgbench", "-c", "4", "-T", "60", "--log"}, flag...)
		if _, err := New("pgbench", Options{Follow: true, Args: args, Opts: map[string]string{}}); err == nil || !strings.Contains(err.Error(), "--sampling-rate") {
			t.Errorf("%v: err %v, want a refusal naming --sampling-rate", flag, err)
		}
	}
}

func TestPgbenchFollowFindsThreadFiles(t *testing.T) {
	dir := t.TempDir()
	// A log left by an earlier run must not be counted.
	stale := filepath.Join(dir, "bench.17")
	_ = os.WriteFile(stale, []byte("0 1 500 0 1763800000 1\n"), 0o644)
	_ = os.Chtimes(stale, oldTime, oldTime)
	a := mustNew(t, "pgbench", Options{Follow: true, StartMs: time.Now().UnixMilli(), Dir: dir, Args: []string{"pgbench", "-c", "2", "-j", "2", "--log", "--log-prefix=bench"}})
	c := newCollector()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- a.Run(ctx, c) }()
	w0, _ := os.Create(filepath.Join(dir, "bench.4242"))
	w1, _ := os.Create(filepath.Join(dir, "bench.4242.1"))
	for i := 0; i < 100; i++ {
		w0.WriteString("0 1 1500 0 1763800000 100\n")
		w1.WriteString("1 1 2500 0 1763800000 200")
		w1.WriteString("\n")
	}
	w1.WriteString("1 2 999 0 1763800001 5") // unterminated last line: read on finish
	w0.Close()
	w1.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(c.lat[histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"script": "0"})]); n != 201 {
		t.Fatalf("got %d samples, want 201", n)
	}
}

func TestK6Stream(t *testing.T) {
	a := mustNew(t, "k6", Options{Files: []string{"testdata/k6.json"}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	get := histogram.NewSeries("http_req_duration", histogram.Latency, "us", map[string]string{
		"expected_response": "true", "method": "GET", "scenario": "default", "status": "200"})
	if v := c.lat[get]; len(v) != 2 || v[0] != 1204 || v[1] != 985 {
		t.Fatalf("GET durations %v (series %v)", v, c.lat)
	}
	checkout := histogram.NewSeries("checkout_time", histogram.Latency, "us", map[string]string{"group": "::checkout", "scenario": "default"})
	if v := c.lat[checkout]; len(v) != 1 || v[0] != 35500 {
		t.Fatalf("custom trend: %v", v)
	}
	items := histogram.NewSeries("cart_items", histogram.Gauge, "", map[string]string{"group": "::checkout", "scenario": "default"})
	if v := c.vals[items]; len(v) != 1 || v[0] != 3 {
		t.Fatalf("non-time trend: %v", v)
	}
	if len(c.lat) != 5 || len(c.vals) != 1 {
		t.Fatalf("series: %d latency %d values", len(c.lat), len(c.vals))
	}
}

// An import of a finished `--out json=FILE.gz` reads what the plain file
// holds, and ends at the gzip trailer (a follow would wait there for more).
func TestK6ImportGzip(t *testing.T) {
	raw, err := os.ReadFile("testdata/k6.json")
	if err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(t.TempDir(), "k6.json.gz")
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(raw)
	z.Close()
	if err := os.WriteFile(gz, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	collect := func(file string) *collector {
		c := newCollector()
		if err := mustNew(t, "k6", Options{Files: []string{file}}).Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	plain, got := collect("testdata/k6.json"), collect(gz)
	if len(got.lat) == 0 || fmt.Sprint(got.lat, got.vals) != fmt.Sprint(plain.lat, plain.vals) {
		t.Fatalf("from FILE.gz %v %v, from the plain file %v %v", got.lat, got.vals, plain.lat, plain.vals)
	}
}

// k6 labels series only with the tags that name a bounded dimension: a
// script whose URLs carry ids must not make a series per URL.
func TestK6LabelsOnlyBoundedTags(t *testing.T) {
	point := func(url, name string) []byte {
		return []byte(fmt.Sprintf(`{"type":"Point","metric":"http_req_duration","data":{"time":"2025-11-22T08:26:40.1Z","value":1.5,`+
			`"tags":{"url":%q,"name":%q,"method":"GET","status":"200","proto":"HTTP/1.1","scenario":"default","tls_version":"","my_id":%q}}}`, url, name, url))
	}
	declare := []byte(`{"type":"Metric","metric":"http_req_duration","data":{"type":"trend","contains":"time"}}`)
	template := "http://127.0.0.1:8080/item/${}"
	for _, tc := range []struct {
		opts map[string]string
		want []map[string]string
	}{
		{map[string]string{}, []map[string]string{
			{"method": "GET", "status": "200", "scenario": "default"},                        // name left to k6: the URL
			{"method": "GET", "status": "200", "scenario": "default", "name": "items by id"}, // name set by the script
			{"method": "GET", "status": "200", "scenario": "default", "name": template},      // an http.url template
		}},
		{map[string]string{"tags": "method, my_id"}, nil}, // my_id is the url tag: one per id
	} {
		a := mustNew(t, "k6", Options{Opts: tc.opts}).(*k6)
		c := newCollector()
		a.line(declare, c)
		for i := 0; i < 1000; i++ {
			url := fmt.Sprintf("http://127.0.0.1:8080/item/%d", i)
			a.line(point(url, url), c)
			a.line(point(url, "items by id"), c)           // k6 0.x: url stays the URL
			a.line(point("items by id", "items by id"), c) // k6 1.x: url is the name
			a.line(point(template, template), c)
		}
		if tc.want == nil {
			if len(c.lat) != 1002 { // and the two names'
				t.Fatalf("tags=%s: %d series, want one per id", tc.opts["tags"], len(c.lat))
			}
			continue
		}
		if len(c.lat) != len(tc.want) {
			t.Fatalf("%d series, want %d: %v", len(c.lat), len(tc.want), c.lat)
		}
		for i, w := range tc.want {
			want := 1000
			if i == 1 {
				want = 2000
			}
			if n := len(c.lat[histogram.NewSeries("http_req_duration", histogram.Latency, "us", w)]); n != want {
				t.Errorf("series %v has %d samples, want %d", w, n, want)
			}
		}
	}
}

func TestK6NeedsJSONOut(t *testing.T) {
	t.Setenv("K6_OUT", "")
	if _, err := New("k6", Options{Follow: true, Args: []string{"k6", "run", "s.js"}}); err == nil {
		t.Fatal("no error without --out json")
	}
	if _, err := New("k6", Options{Follow: true, Args: []string{"k6", "run", "--out", "json=-", "s.js"}}); err == nil {
		t.Fatal("no error with --out json=-, which k6 writes to its standard output")
	}
	for _, args := range [][]string{{"k6", "run", "--out", "json=o.json"}, {"k6", "run", "-o", "json=o.json"}, {"k6", "run", "--out=json=o.json"}} {
		if f, ok := k6JSONOut(args, "", ""); !ok || f != "o.json" {
			t.Errorf("%v: %q %v", args, f, ok)
		}
	}
	// The command line replaces K6_OUT, which replaces the config file's list, as in k6.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "k6.json"), []byte(`{"out":["json=cfg.json"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		env  string
		want string
	}{
		{[]string{"k6", "run", "-c", "k6.json", "s.js"}, "", "cfg.json"},
		{[]string{"k6", "run", "--config=k6.json", "s.js"}, "csv=o.csv,json=env.json", "env.json"},
		{[]string{"k6", "run", "--config", "k6.json", "--out", "json=cli.json", "s.js"}, "json=env.json", "cli.json"},
		{[]string{"k6", "run", "--config", "k6.json", "--out", "csv=cli.csv", "s.js"}, "json=env.json", ""},
		{[]string{"k6", "run", "-c", "k6.json", "s.js"}, "csv=env.csv", ""},
	} {
		if f, _ := k6JSONOut(tc.args, tc.env, dir); f != tc.want {
			t.Errorf("%v with K6_OUT=%q: %q, want %q", tc.args, tc.env, f, tc.want)
		}
	}
}

func TestHdrLogImport(t *testing.T) {
	a := mustNew(t, "hdrlog", Options{Files: []string{"testdata/interval.hlog"}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	read := c.hist[histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"tag": "read"})]
	write := c.hist[histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"tag": "write"})]
	if read == nil || write == nil {
		t.Fatalf("series: %v", c.hist)
	}
	// The fixture holds ns values around 0.2–5 ms; after scaling they are µs.
	if p := read.ValueAtQuantile(50); p < 500 || p > 1500 {
		t.Errorf("read p50 %d µs", p)
	}
	want := int64(0)
	p := HdrLogParser{}
	raw, _ := os.ReadFile("testdata/interval.hlog")
	for _, l := range strings.Split(string(raw), "\n") {
		if e, ok, err := p.Line([]byte(l)); err == nil && ok {
			want += e.Hist.TotalCount()
			if got := p.AbsStartSec(e); got < 1763800000 || got > 1763800005 {
				t.Errorf("start %v", got)
			}
		}
	}
	if read.TotalCount()+write.TotalCount() != want {
		t.Errorf("count %d want %d", read.TotalCount()+write.TotalCount(), want)
	}
}

// A log an earlier run left at the path the tool will write is not this
// run's: nothing of it is read until the tool rewrites the file, and nothing
// at all when the tool ends without writing it.
func TestHdrLogFollowSkipsAnEarlierRunsLog(t *testing.T) {
	fixture, _ := os.ReadFile("testdata/interval.hlog")
	lines := strings.SplitAfter(string(fixture), "\n")
	header, first := strings.Join(lines[:5], ""), strings.Join(lines[5:7], "")
	follow := func(rewrite string) int64 {
		path := filepath.Join(t.TempDir(), "run.hlog")
		if err := os.WriteFile(path, fixture, 0o644); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(path, oldTime, oldTime)
		a := mustNew(t, "hdrlog", Options{Follow: true, Opts: map[string]string{"file": path}})
		c := newCollector()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() { done <- a.Run(ctx, c) }()
		if rewrite != "" {
			if err := os.WriteFile(path, []byte(rewrite), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(3 * pollEvery)
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		var n int64
		for _, h := range c.hist {
			n += h.TotalCount()
		}
		return n
	}
	if n := follow(""); n != 0 {
		t.Errorf("the earlier run's log was read: %d samples", n)
	}
	var want int64
	p := HdrLogParser{}
	for _, l := range strings.Split(header+first, "\n") {
		if e, ok, err := p.Line([]byte(l)); err == nil && ok {
			want += e.Hist.TotalCount()
		}
	}
	if n := follow(header + first); n != want || want == 0 {
		t.Errorf("got %d samples, want this run's %d", n, want)
	}
}

func TestHdrLogRelativeStamps(t *testing.T) {
	p := HdrLogParser{}
	p.Line([]byte("#[StartTime: 1441812123.000 (seconds since epoch), Wed Sep 09 08:22:03 PDT 2015]"))
	if got := p.AbsStartSec(HdrLogEntry{StartSec: 0.127}); got != 1441812123.127 {
		t.Errorf("relative to StartTime: %v", got)
	}
	if got := p.AbsStartSec(HdrLogEntry{StartSec: 1441812124.5}); got != 1441812124.5 {
		t.Errorf("absolute: %v", got)
	}
}

func TestCockroachHistograms(t *testing.T) {
	a := mustNew(t, "cockroach", Options{Files: []string{"testdata/cockroach_histograms.json"}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if len(c.hist) != 5 {
		t.Fatalf("%d series", len(c.hist))
	}
	no := c.hist[histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"op": "newOrder"})]
	if no == nil || no.TotalCount() < 1000 {
		t.Fatalf("newOrder: %v", no)
	}
	// Values were 5–100 ms in ns; at 1 significant digit buckets are coarse.
	if p := no.ValueAtQuantile(50); p < 10_000 || p > 30_000 {
		t.Errorf("newOrder p50 %d µs", p)
	}
}

func TestCockroachOutput(t *testing.T) {
	a := mustNew(t, "cockroach", Options{Files: []string{"testdata/cockroach_tpcc.stdout"}, StartMs: 1_000_000})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	tpmC := c.vals[histogram.NewSeries("tpmC", histogram.Gauge, "", map[string]string{"section": "tpcc"})]
	efc := c.vals[histogram.NewSeries("efc", histogram.Gauge, "", map[string]string{"section": "tpcc"})]
	if len(tpmC) != 1 || tpmC[0] != 1248 || len(efc) != 1 || efc[0] != 97 {
		t.Fatalf("tpmC %v efc %v", tpmC, efc)
	}
	p99 := c.vals[histogram.NewSeries("p99", histogram.Gauge, "us", map[string]string{"section": "total", "op": "newOrder"})]
	if len(p99) != 1 || p99[0] != 24100 {
		t.Fatalf("newOrder total p99 %v", p99)
	}
	tick := c.vals[histogram.NewSeries("ops_per_sec_inst", histogram.Gauge, "", map[string]string{"section": "tick", "op": "payment"})]
	if len(tick) != 2 || tick[1] != 23 {
		t.Fatalf("tick %v", tick)
	}
}

func TestStatsDParse(t *testing.T) {
	m, err := ParseStatsD([]byte("rpc.duration:3.2:4.8|d|@0.5|#method:get,canary"))
	if err != nil || m.Name != "rpc.duration" || m.Type != "d" || m.Rate != 0.5 || len(m.Values) != 2 ||
		m.Tags["method"] != "get" || m.Tags["canary"] != "" {
		t.Fatalf("%+v %v", m, err)
	}
	for _, bad := range []string{"", "x", "x:|ms", "x:1|zz", "x:1|c|@0", "x:1|c|@2", "x::1|c", "x:NaN|ms", "_e{5,4}:title|text"} {
		if _, err := ParseStatsD([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestStatsDFixture(t *testing.T) {
	a := mustNew(t, "statsd", Options{Files: []string{"testdata/statsd.txt"}})
	c := newCollector()
	if err := a.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if v := c.lat[histogram.NewSeries("checkout.latency", histogram.Latency, "us", map[string]string{"env": "test", "route": "/cart"})]; len(v) != 1 || v[0] != 12500 {
		t.Errorf("timer %v", v)
	}
	if v := c.vals[histogram.NewSeries("requests", histogram.Counter, "", map[string]string{"route": "/cart"})]; len(v) != 1 || v[0] != 10 {
		t.Errorf("sampled counter %v", v)
	}
	if v := c.vals[histogram.NewSeries("queue.depth", histogram.Gauge, "", nil)]; len(v) != 2 || v[1] != 7 {
		t.Errorf("relative gauge %v", v)
	}
	if v := c.lat[histogram.NewSeries("upload.size", histogram.Latency, "us", nil)]; len(v) != 2 {
		t.Errorf("sampled histogram counts %d, want 2", len(v))
	}
}

func TestStatsDListener(t *testing.T) {
	a := mustNew(t, "statsd", Options{Follow: true, Opts: map[string]string{"addr": "127.0.0.1:0"}})
	addr := a.(*statsd).Addr()
	if env := a.(Environ).Env(); !strings.HasPrefix(env[0], "STATSD_HOST=127.0.0.1") {
		t.Fatal(env)
	}
	c := newCollector()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- a.Run(ctx, c) }()
	conn, err := dialUDP(addr)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		conn.Write([]byte("db.query:1.5|ms|#table:users\ndb.rows:3|c"))
	}
	conn.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(c.lat[histogram.NewSeries("db.query", histogram.Latency, "us", map[string]string{"table": "users"})]); n != 100 {
		t.Fatalf("received %d of 100 timers", n)
	}
}

func TestStatsDRefusesNonLoopback(t *testing.T) {
	if _, err := New("statsd", Options{Follow: true, Opts: map[string]string{"addr": "0.0.0.0:8125"}}); err == nil {
		t.Fatal("listening on all interfaces")
	}
}

func TestAuto(t *testing.T) {
	for cmd, want := range map[string]string{"/usr/bin/pgbench": "pgbench", "k6": "k6", "./cockroach": "cockroach"} {
		if got, err := Auto([]string{cmd}); err != nil || got != want {
			t.Errorf("%s: %q %v", cmd, got, err)
		}
	}
	if _, err := Auto([]string{"sh", "-c", "pgbench"}); err == nil {
		t.Error("guessed for a shell")
	}
}

func TestPgbenchWatermarkWaitsForEveryThreadLog(t *testing.T) {
	dir := t.TempDir()
	a := mustNew(t, "pgbench", Options{Follow: true, StartMs: time.Now().UnixMilli(), Dir: dir, Args: []string{"pgbench", "-j", "2", "--log", "--log-prefix=bench"}})
	w, ok := a.(Watermarker)
	if !ok {
		t.Fatal("pgbench follows logs it can tell the progress of")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- a.Run(ctx, newCollector()) }()
	settle := func(want int64) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for w.Watermark() != want && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if got := w.Watermark(); got != want {
			t.Fatalf("watermark %d, want %d", got, want)
		}
	}
	w0, _ := os.Create(filepath.Join(dir, "bench.4242"))
	w0.WriteString("0 1 1500 0 1763800002 500000\n")
	time.Sleep(3 * pollEvery)
	settle(0) // -j 2, and the second thread's log is not there yet
	w1, _ := os.Create(filepath.Join(dir, "bench.4242.1"))
	time.Sleep(3 * pollEvery)
	settle(0) // the second thread has shown nothing: nothing is known of it
	w1.WriteString("1 1 2500 0 1763800001 250000\n")
	settle(1763800001250 - watermarkSlack)
	w1.WriteString("1 2 2500 0 1763800003 0\n")
	settle(1763800002500 - watermarkSlack)
	w0.Close()
	w1.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
