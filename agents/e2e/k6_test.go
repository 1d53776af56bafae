package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// k6Binary finds k6: $LEVELFIELD_K6, the repository's tool cache
// (.levelfield/tools/k6, where `go install go.k6.io/k6@VERSION` with
// GOBIN=.levelfield/tools puts it), or PATH.
func k6Binary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("LEVELFIELD_K6"); p != "" {
		return p
	}
	if p, err := filepath.Abs("../../.levelfield/tools/k6"); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("k6"); err == nil {
		return p
	}
	t.Skip("k6 not found (LEVELFIELD_K6, .levelfield/tools/k6 or PATH); build it with: " +
		"GOBIN=$PWD/.levelfield/tools go install go.k6.io/k6@v1.8.1 (from the repository root)")
	return ""
}

// k6Script runs 5 VUs for 5 s against TARGET and writes k6's own
// end-of-test summary (the numbers k6 prints) to SUMMARY as JSON.
const k6Script = `
import http from 'k6/http';
export const options = { vus: 5, duration: '5s', summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)'] };
export default function () { http.get(__ENV.TARGET); }
export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data.metrics.http_req_duration.values) };
}
`

// k6IDsScript is the script of issue 15: every request's URL carries an
// id, thousands in all, and half of them are named by the script with the
// id too (a name per request rather than per endpoint).
const k6IDsScript = `
import http from 'k6/http';
export const options = { vus: 5, duration: '5s', summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)'] };
export default function () {
  const id = Math.floor(Math.random() * 1e9);
  if (id % 2) http.get(__ENV.TARGET + '/item/' + id);
  else http.get(__ENV.TARGET + '/item/' + id, { tags: { name: 'item ' + id } });
}
export function handleSummary(data) {
  return { [__ENV.SUMMARY]: JSON.stringify(data.metrics.http_req_duration.values) };
}
`

// runK6 runs script with k6 wrapped by the agent against a local HTTP
// server whose latencies spread over 1-15 ms (so percentiles fall between
// many samples), and returns what the fake ingest API got, k6's own
// summary of http_req_duration and the agent's stderr.
func runK6(t *testing.T, script string) (*ingest, map[string]float64, string) {
	t.Helper()
	work := t.TempDir()
	return runK6In(t, work, script, 0, "--out", "json="+filepath.Join(work, "out.json"))
}

// runK6In is runK6 in the directory work, with k6's flags out naming its
// JSON output, expecting the agent to exit with code.
func runK6In(t *testing.T, work, script string, code int, out ...string) (*ingest, map[string]float64, string) {
	t.Helper()
	k6 := k6Binary(t)
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(5, 6))
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		d := time.Duration(1000+rng.ExpFloat64()*3000) * time.Microsecond
		mu.Unlock()
		time.Sleep(min(d, 15*time.Millisecond))
		w.Write([]byte("ok"))
	}))
	defer target.Close()
	in, srv := newIngest()
	defer srv.Close()

	path := filepath.Join(work, "script.js")
	summary := filepath.Join(work, "summary.json")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TARGET", target.URL)
	t.Setenv("SUMMARY", summary)
	t.Setenv("K6_NO_USAGE_REPORT", "true")
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{
		Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto", Interval: time.Second,
		DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(work, "spool"), NoCloud: true,
		Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr,
	}
	args := append(append([]string{k6, "run", "--no-color"}, out...), path)
	got, err := agent.Run(context.Background(), cfg, args)
	if err != nil || got != code {
		t.Fatalf("exit %d err %v\nstdout:\n%s\nstderr:\n%s", got, err, stdout.String(), stderr.String())
	}
	raw, err := os.ReadFile(summary)
	if err != nil {
		t.Fatalf("k6 wrote no summary: %v\n%s", err, stderr.String())
	}
	var own map[string]float64
	if err := json.Unmarshal(raw, &own); err != nil {
		t.Fatal(err)
	}
	return in, own, stderr.String()
}

// checkK6Percentiles compares p90 and p95 of h with k6's own summary.
func checkK6Percentiles(t *testing.T, h *hdr.Histogram, own map[string]float64) {
	t.Helper()
	if h.TotalCount() < 500 {
		t.Fatalf("only %d requests recorded", h.TotalCount())
	}
	for _, q := range []struct {
		name string
		pct  float64
	}{{"p(90)", 90}, {"p(95)", 95}} {
		got := float64(h.ValueAtQuantile(q.pct)) / 1000 // µs → ms, k6's unit
		want := own[q.name]
		if !within1pct(got, want) {
			t.Errorf("http_req_duration %s: agent %.3f ms, k6 summary %.3f ms", q.name, got, want)
		}
		t.Logf("http_req_duration %s: agent %.3f ms, k6 summary %.3f ms (%d requests)", q.name, got, want, h.TotalCount())
	}
}

// TestK6RunMatchesK6Summary is the acceptance check: a real k6 run against a
// local HTTP server, wrapped by the agent, gives http_req_duration p90 and
// p95 within 1 % of k6's own end-of-test summary, in the series without
// tags, which holds every request as k6's summary does.
func TestK6RunMatchesK6Summary(t *testing.T) {
	in, own, stderr := runK6(t, k6Script)
	checkK6Percentiles(t, in.merged(t, "http_req_duration{}"), own)
	if !strings.Contains(stderr, "adapter k6") {
		t.Errorf("adapter choice not reported:\n%s", stderr)
	}
	if bm, _ := in.create["benchmark"].(map[string]any); bm["name"] != "k6" || bm["version"] == "" {
		t.Errorf("benchmark %v", in.create["benchmark"])
	}
}

// TestK6ThousandsOfURLs is issue 15's acceptance: a script with thousands
// of distinct URLs (and names) loses no sample: the series without tags
// agrees with k6's summary, no batch is refused, and the names beyond the
// bound are folded, which the agent says once.
func TestK6ThousandsOfURLs(t *testing.T) {
	in, own, stderr := runK6(t, k6IDsScript)
	all := in.merged(t, "http_req_duration{}")
	checkK6Percentiles(t, all, own)

	in.mu.Lock()
	var perTag int64
	series := 0
	for key := range in.frames {
		if strings.HasPrefix(key, "http_req_duration{") && key != "http_req_duration{}" {
			series++
			for _, f := range in.frames[key] {
				perTag += f.Count
			}
		}
		if strings.Contains(key, "url=") {
			t.Errorf("a series labelled with the URL: %s", key)
		}
	}
	fin := in.finish
	in.mu.Unlock()
	// Each request in one tag set's series: the unnamed ones share one, the
	// named ones take the other 99 and the other series.
	if perTag != all.TotalCount() || series != agent.DefaultMaxSeriesPerMetric+1 {
		t.Errorf("%d series per tag set holding %d requests; %d requests in all", series, perTag, all.TotalCount())
	}
	if fin == nil || fin.FramesQuarantined != 0 || fin.SeriesFolded["http_req_duration"] < 100 {
		t.Errorf("finish %+v", fin)
	}
	if n := strings.Count(stderr, "went to its series {tags=__other__}"); n != 1 || !strings.Contains(stderr, "http_req_duration") {
		t.Errorf("folding reported %d times:\n%s", n, stderr)
	}
	if strings.Contains(stderr, "refused") {
		t.Errorf("frames refused:\n%s", stderr)
	}
}

// TestK6GzipOutput: k6 gzips `--out json=FILE.gz`; the agent reads it as
// k6 writes it, and stores what k6 measured (it used to store nothing and
// report success).
func TestK6GzipOutput(t *testing.T) {
	work := t.TempDir()
	in, own, _ := runK6In(t, work, k6Script, 0, "--out", "json="+filepath.Join(work, "out.json.gz"))
	checkK6Percentiles(t, in.merged(t, "http_req_duration{}"), own)
}

// TestK6RerunOverEarlierOutput runs k6 as users rerun it, with the same
// --out file as an earlier run, whose output is still there when the agent
// starts. k6 truncates it only once its outputs start, so what is there
// before is the earlier run's: none of it may be stored, and none of this
// run's bytes skipped (the agent used to read the earlier run's file, then
// wait past its length in the truncated one).
func TestK6RerunOverEarlierOutput(t *testing.T) {
	work := t.TempDir()
	// An earlier run against a slow server: every request took 5 s.
	var earlier strings.Builder
	earlier.WriteString(`{"type":"Metric","data":{"name":"http_req_duration","type":"trend","contains":"time","thresholds":[],"submetrics":null},"metric":"http_req_duration"}` + "\n")
	at := time.Now().Add(-time.Hour).Format(time.RFC3339Nano)
	for range 20000 {
		earlier.WriteString(`{"metric":"http_req_duration","type":"Point","data":{"time":"` + at +
			`","value":5000,"tags":{"expected_response":"true","group":"","method":"GET","name":"http://127.0.0.1:1/","proto":"HTTP/1.1","scenario":"default","status":"200","url":"http://127.0.0.1:1/"}}}` + "\n")
	}
	if err := os.WriteFile(filepath.Join(work, "out.json"), []byte(earlier.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	in, own, _ := runK6In(t, work, k6Script, 0, "--out", "json="+filepath.Join(work, "out.json"))
	h := in.merged(t, "http_req_duration{}")
	if h.Max() >= 1_000_000 {
		t.Errorf("the earlier run's 5 s requests were stored: max %d µs", h.Max())
	}
	checkK6Percentiles(t, h, own)
}

// TestK6OutputFromEnvOrConfig: k6 also takes its outputs from K6_OUT and
// from the "out" list of its --config file; the agent reads the JSON output
// named there (it used to refuse to start without --out on the command line).
func TestK6OutputFromEnvOrConfig(t *testing.T) {
	t.Run("K6_OUT", func(t *testing.T) {
		work := t.TempDir()
		t.Setenv("K6_OUT", "json="+filepath.Join(work, "out.json"))
		in, own, _ := runK6In(t, work, k6Script, 0)
		checkK6Percentiles(t, in.merged(t, "http_req_duration{}"), own)
	})
	t.Run("config", func(t *testing.T) {
		work := t.TempDir()
		cfg := filepath.Join(work, "k6.json")
		out, _ := json.Marshal(map[string][]string{"out": {"json=" + filepath.Join(work, "out.json")}})
		if err := os.WriteFile(cfg, out, 0o644); err != nil {
			t.Fatal(err)
		}
		in, own, _ := runK6In(t, work, k6Script, 0, "--config", cfg)
		checkK6Percentiles(t, in.merged(t, "http_req_duration{}"), own)
	})
}

// TestK6InterruptedIsCancelled: Ctrl-C stops k6 through the agent; k6
// exits 105 (its code for a run stopped by a signal), not the shell's 130,
// and the run is cancelled, not failed, with every request k6 counted.
func TestK6InterruptedIsCancelled(t *testing.T) {
	work := t.TempDir()
	out := filepath.Join(work, "out.json")
	go func() {
		// Once k6 writes its output, it and the agent's forwarder are running.
		for fi, err := os.Stat(out); err != nil || fi.Size() == 0; fi, err = os.Stat(out) {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(time.Second)
		syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	}()
	// k6's count of requests in its summary: an interrupted run is cut short (a second or so on a
	// busy machine, a few hundred requests), too few for percentiles to agree within 1 % between
	// k6's interpolation and a histogram's nearest rank, so what is compared is that every
	// request k6 counted was stored.
	script := strings.Replace(strings.Replace(k6Script, "'5s'", "'60s'", 1), "summaryTrendStats: [", "summaryTrendStats: ['count', ", 1)
	in, own, _ := runK6In(t, work, script, 105, "--out", "json="+out)
	if got := in.merged(t, "http_req_duration{}").TotalCount(); float64(got) != own["count"] || got == 0 {
		t.Errorf("http_req_duration: agent stored %d requests, k6 counted %v", got, own["count"])
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.finish == nil || in.finish.Status != "cancelled" || in.finish.ExitCode != 105 {
		t.Errorf("finish %+v", in.finish)
	}
}
