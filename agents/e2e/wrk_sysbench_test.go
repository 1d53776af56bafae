package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// runTool runs a real tool wrapped by the agent (adapter auto) and returns
// the fake ingest API and what the tool printed.
func runTool(t *testing.T, args ...string) (*ingest, string) {
	t.Helper()
	if _, err := exec.LookPath(args[0]); err != nil {
		t.Skipf("%s not installed (apt-get install %s; npm test installs it)", args[0], args[0])
	}
	in, srv := newIngest()
	t.Cleanup(srv.Close)
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto", Interval: time.Second,
		MaxSeriesPerMetric: 100, DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(t.TempDir(), "spool"),
		NoCloud: true, Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr}
	code, err := agent.Run(context.Background(), cfg, args)
	if err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout.String(), stderr.String())
	}
	return in, stdout.String()
}

// gauge returns the value of a gauge sent once, in whichever interval.
func (in *ingest) gauge(t *testing.T, key string) float64 {
	t.Helper()
	in.mu.Lock()
	defer in.mu.Unlock()
	var vs []float64
	for _, f := range in.frames[key] {
		if f.Count > 0 {
			vs = append(vs, f.Mean)
		}
	}
	if len(vs) != 1 {
		t.Fatalf("%s: %v (series: %v)", key, vs, in.kinds)
	}
	return vs[0]
}

// TestWrkRun runs Debian's wrk against a local server, wrapped by the agent:
// every figure of its summary is stored as printed.
func TestWrkRun(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	in, out := runTool(t, "wrk", "-t1", "-c2", "-d1s", "--latency", srv.URL+"/")
	m := regexp.MustCompile(`(?m)^\s+50%\s+([\d.]+)(us|ms)$[\s\S]*^\s+(\d+) requests in [\s\S]*^Requests/sec:\s+([\d.]+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("wrk printed:\n%s", out)
	}
	p50, _ := strconv.ParseFloat(m[1], 64)
	if m[2] == "ms" {
		p50 *= 1000
	}
	requests, _ := strconv.ParseFloat(m[3], 64)
	rate, _ := strconv.ParseFloat(m[4], 64)
	for key, want := range map[string]float64{"latency_p50{}": p50, "requests{}": requests, "requests_per_sec{}": rate} {
		if got := in.gauge(t, key); math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s = %v, wrk printed %v", key, got, want)
		}
	}
	if bm, _ := in.create["benchmark"].(map[string]any); bm["name"] != "wrk" || bm["version"] == "" {
		t.Errorf("benchmark %v", in.create["benchmark"])
	}
}

// TestWrkSetupIsTheRequestedPath runs Debian's wrk with a Lua script that
// takes arguments after "--" (wrk hands them to the script's init, as in
// reporting scripts that post their summary to a webhook) and a URL copied
// with its fragment (wrk sends it as part of the path): the run's setup
// records the path wrk requested, without the script's URL or the
// fragment's token, which the command line's redaction removes.
func TestWrkSetupIsTheRequestedPath(t *testing.T) {
	var mu sync.Mutex
	requested := map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requested[r.RequestURI] = true
		mu.Unlock()
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	dir := t.TempDir()
	script := filepath.Join(dir, "report.lua")
	if err := os.WriteFile(script, []byte("local webhook\nfunction init(args) webhook = args[1] end\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const webhook = "https://hooks.slack.com/services/T0E2EWRK1/B0E2EWRK2/e2eWrkWebhookSecret42"
	in, _ := runTool(t, "wrk", "-t1", "-c1", "-d1s", "-s", script,
		srv.URL+"/api/items#access_token=e2eWrkFragmentToken7", "--", webhook)
	mu.Lock()
	if !requested["/api/items#access_token=e2eWrkFragmentToken7"] || len(requested) != 1 {
		t.Fatalf("wrk requested %v", requested)
	}
	mu.Unlock()
	prov, _ := in.create["provenance"].(map[string]any)
	workload, _ := prov["workload"].(map[string]any)
	params, _ := workload["parameters"].(map[string]any)
	value, _ := params["value"].(map[string]any)
	if value["path"] != "/api/items" {
		t.Errorf("workload.parameters path %v, wrk requested /api/items", value["path"])
	}
	body, _ := json.Marshal(in.create)
	for _, secret := range []string{"e2eWrkWebhookSecret42", "e2eWrkFragmentToken7"} {
		if bytes.Contains(body, []byte(secret)) {
			t.Errorf("the run holds %s: %s", secret, body)
		}
	}
}

// TestWrkNoResponseStoresNoLatency points Debian's wrk at a socket that
// accepts connections and never answers: wrk prints "0 requests" and its
// empty histogram as "0.00us", which must not be stored as latencies.
func TestWrkNoResponseStoresNoLatency(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close() // never accepted: the kernel completes the handshakes
	in, out := runTool(t, "wrk", "-t1", "-c2", "-d1s", "--timeout", "1s", "--latency", "http://"+ln.Addr().String()+"/")
	if !regexp.MustCompile(`(?m)^\s+0 requests in `).MatchString(out) {
		t.Fatalf("wrk measured responses:\n%s", out)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for key := range in.frames {
		if strings.HasPrefix(key, "latency_") {
			t.Errorf("%s stored, but wrk timed no response:\n%s", key, out)
		}
	}
	if _, ok := in.frames["requests{}"]; !ok {
		t.Errorf("requests not stored: %v", in.kinds)
	}
}

// TestSysbenchRun runs Debian's sysbench cpu test (no database) with
// interval reports and its histogram, wrapped by the agent.
func TestSysbenchRun(t *testing.T) {
	in, out := runTool(t, "sysbench", "cpu", "--threads=1", "--time=2", "--report-interval=1", "--histogram=on", "run")
	events := regexp.MustCompile(`total number of events:\s+(\d+)`).FindStringSubmatch(out)
	p95 := regexp.MustCompile(`95th percentile:\s+([\d.]+)`).FindStringSubmatch(out)
	eps := regexp.MustCompile(`(?m)^\[ 1s \] thds: 1 eps: ([\d.]+)`).FindStringSubmatch(out)
	if events == nil || p95 == nil || eps == nil {
		t.Fatalf("sysbench printed:\n%s", out)
	}
	n, _ := strconv.ParseInt(events[1], 10, 64)
	h := in.merged(t, "latency{}")
	if h.TotalCount() != n {
		t.Errorf("%d events stored, sysbench counted %d", h.TotalCount(), n)
	}
	// sysbench's percentile is its histogram's row at that rank, printed to 0.01 ms.
	want, _ := strconv.ParseFloat(p95[1], 64)
	if got := float64(h.ValueAtQuantile(95)) / 1000; math.Abs(got-want) > 0.005+0.001*want {
		t.Errorf("p95 %.3f ms stored, sysbench printed %s", got, p95[1])
	}
	if got := in.gauge(t, "latency_p95{}"); strconv.FormatFloat(got, 'f', 2, 64) != p95[1] {
		t.Errorf("latency_p95 gauge %v, printed %s", got, p95[1])
	}
	first, _ := strconv.ParseFloat(eps[1], 64)
	in.mu.Lock()
	found := false
	for _, f := range in.frames["eps{}"] {
		found = found || f.Count > 0 && f.Mean == first
	}
	in.mu.Unlock()
	if !found {
		t.Errorf("no eps gauge of %v", first)
	}
}

// TestSysbenchOLTPRun runs sysbench's oltp_read_only through its pgsql
// driver against a throwaway PostgreSQL, with interval reports: the `tps`
// and `qps` series hold the interval lines' figures and nothing else, and
// the summary's rates have series of their own.
func TestSysbenchOLTPRun(t *testing.T) {
	if _, err := exec.LookPath("sysbench"); err != nil {
		t.Skip("sysbench not installed")
	}
	pg := startPostgres(t)
	db := []string{"--db-driver=pgsql", "--pgsql-host=" + pg.sock, "--pgsql-user=postgres", "--pgsql-db=postgres",
		"--tables=1", "--table-size=1000"}
	if out, err := exec.Command("sysbench", append([]string{"oltp_read_only"}, append(db, "prepare")...)...).CombinedOutput(); err != nil {
		t.Skipf("sysbench has no usable pgsql driver here: %v\n%s", err, out)
	}
	args := append([]string{"sysbench", "oltp_read_only"}, db...)
	in, out := runTool(t, append(args, "--threads=2", "--time=3", "--report-interval=1", "run")...)
	intervals := regexp.MustCompile(`(?m)^\[ \d+s \] thds: \d+ tps: ([\d.]+) qps: ([\d.]+) `).FindAllStringSubmatch(out, -1)
	summary := regexp.MustCompile(`transactions:\s+\d+\s+\(([\d.]+) per sec\.\)\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)`).FindStringSubmatch(out)
	if len(intervals) == 0 || summary == nil {
		t.Fatalf("sysbench printed:\n%s", out)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for i, key := range []string{"tps{}", "qps{}"} {
		var n int64
		var sum, want float64
		for _, f := range in.frames[key] {
			n += f.Count
			sum += f.Mean * float64(f.Count)
		}
		for _, l := range intervals {
			v, _ := strconv.ParseFloat(l[i+1], 64)
			want += v
		}
		if n != int64(len(intervals)) || math.Abs(sum-want) > 1e-6*want {
			t.Errorf("%s: %d values summing to %.2f; sysbench printed %d interval lines summing to %.2f", key, n, sum, len(intervals), want)
		}
	}
	for i, key := range []string{"transactions_per_sec{}", "queries_per_sec{}"} {
		want, _ := strconv.ParseFloat(summary[i+1], 64)
		var got []float64
		for _, f := range in.frames[key] {
			if f.Count > 0 {
				got = append(got, f.Mean)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: %v, sysbench's summary %v", key, got, want)
		}
	}
}
