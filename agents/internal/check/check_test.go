package check

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const regression = `{"verdict":"regression",
 "run":{"id":"r1","name":"pgbench pr","url":"http://lf/runs/r1","branch":"feature","commit":"0123456789abcdef"},
 "baseline":{"branch":"main","historyUrl":"http://lf/h/abc","points":12,"runs":14},
 "history":{"id":"def","url":"http://lf/h/def"},
 "series":"latency","unit":"us","settings":{"maxPValue":0.001,"minMagnitude":0.05},
 "metrics":[
  {"metric":"p99","baselinePoints":12,"baselineMean":1000,"candidateMean":1300,"candidateRuns":1,"relativeChange":0.3,"pValue":1e-9,"confidence":0.999999999,"test":"student-prediction","significant":true,"regression":true,"dismissed":false},
  {"metric":"throughput","baselinePoints":12,"baselineMean":1000,"candidateMean":990,"candidateRuns":1,"relativeChange":-0.01,"pValue":0.4,"confidence":0.6,"test":"student-prediction","significant":false,"regression":false,"dismissed":false}],
 "distribution":{"test":"kolmogorov-smirnov","statistic":0.62,"at":1100,"pValue":1e-30,"direction":"increase","significant":true,"regression":true}}`

// server answers like the web app's verdict route and records what it was asked.
func server(t *testing.T, status int, body string) (*httptest.Server, *http.Request) {
	t.Helper()
	seen := &http.Request{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*seen = *r.Clone(context.Background())
		w.Header().Set("content-type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv, seen
}

func TestFetchAsksForTheRunAgainstItsBaseline(t *testing.T) {
	srv, seen := server(t, 200, regression)
	v, err := Fetch(context.Background(), srv.Client(), Request{
		Web: srv.URL + "/", Token: "lf_secret", Run: srv.URL + "/runs/r1", Baseline: "main", Series: "latency{op=read}",
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen.URL.Path != "/api/v1/runs/r1/verdict" {
		t.Errorf("path %q", seen.URL.Path)
	}
	if q := seen.URL.Query(); q.Get("baseline") != "main" || q.Get("series") != "latency{op=read}" {
		t.Errorf("query %q", seen.URL.RawQuery)
	}
	if seen.Header.Get("Authorization") != "Bearer lf_secret" {
		t.Errorf("authorization %q", seen.Header.Get("Authorization"))
	}
	if v.ExitCode() != ExitRegression || len(v.Metrics) != 2 {
		t.Errorf("verdict %+v", v)
	}
}

func TestExitCodes(t *testing.T) {
	for verdict, want := range map[string]int{"regression": 1, "improvement": 0, "pass": 0, "insufficient": 0} {
		if got := (Verdict{Verdict: verdict}).ExitCode(); got != want {
			t.Errorf("%s: exit %d, want %d", verdict, got, want)
		}
	}
}

func TestFetchSaysWhatTheServerRefused(t *testing.T) {
	srv, _ := server(t, 404, `{"error":{"code":"RUN_NOT_FOUND","message":"no run x that these credentials may read"}}`)
	_, err := Fetch(context.Background(), srv.Client(), Request{Web: srv.URL, Run: "x"})
	if err == nil || !strings.Contains(err.Error(), "no run x that these credentials may read (RUN_NOT_FOUND, HTTP 404)") {
		t.Errorf("error %v", err)
	}
	if _, err := Fetch(context.Background(), srv.Client(), Request{Web: "ftp://x", Run: "x"}); err == nil {
		t.Error("an ftp URL was taken")
	}
}

func TestMarkdownNamesTheChangeItsSizeConfidenceAndLinks(t *testing.T) {
	srv, _ := server(t, 200, regression)
	v, err := Fetch(context.Background(), srv.Client(), Request{Web: srv.URL, Run: "r1"})
	if err != nil {
		t.Fatal(err)
	}
	md := Markdown(v)
	for _, want := range []string{
		"### Levelfield: 🔴 **Regression**",
		"[pgbench pr](http://lf/runs/r1) (branch `feature`, commit `0123456789ab`) against [`main`](http://lf/h/abc): 14 runs in 12 points, series `latency`.",
		"| p99 latency | 1 ms | 1.3 ms | +30.0 % | 1e-09 | 100.00 % | **worse** |",
		"| throughput | 1000/s | 990/s | -1.0 % | 0.4 | 60.00 % |  |",
		"p ≤ 0.001 and a change of at least 5.0 %",
		"Whole latency distribution (Kolmogorov–Smirnov on merged histograms): moved up; largest gap D = 0.620 at 1.1 ms, p = 1e-30.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
	empty := Markdown(Verdict{Verdict: "insufficient"})
	if !strings.Contains(empty, "Not enough history") || !strings.Contains(empty, "nothing can be said yet") {
		t.Errorf("insufficient:\n%s", empty)
	}
}

func TestFetchWaitingAsksAgainWhileTheRunIsNotSummarised(t *testing.T) {
	asked := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked++
		if asked < 3 {
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"error":{"code":"CONFLICT","message":"run r1 is not summarised yet"}}`))
			return
		}
		_, _ = w.Write([]byte(regression))
	}))
	defer srv.Close()
	v, err := FetchWaiting(context.Background(), srv.Client(), Request{Web: srv.URL, Run: "r1"}, time.Minute, time.Millisecond)
	if err != nil || asked != 3 || v.Verdict != "regression" {
		t.Fatalf("asked %d times: %+v, %v", asked, v, err)
	}
	// Past the wait, the last refusal is the answer.
	asked = -100
	_, err = FetchWaiting(context.Background(), srv.Client(), Request{Web: srv.URL, Run: "r1"}, 5*time.Millisecond, time.Millisecond)
	var refused *RefusedError
	if !errors.As(err, &refused) || refused.Status != http.StatusConflict {
		t.Fatalf("error %v", err)
	}
}

func TestRunIDFromAnIDOrAPageURL(t *testing.T) {
	for in, want := range map[string]string{"abc": "abc", "http://x/runs/abc": "abc", " http://x/runs/abc/ ": "abc"} {
		if got := RunID(in); got != want {
			t.Errorf("RunID(%q) = %q", in, got)
		}
	}
}

// answerAfterLandedRegression is the web app's real answer for a pgbench run (commit r02, the
// second run with `\\sleep 1 ms` in its script) right after the regression landed at r01: p50 and
// p99 had a change detected at r01, so their new level had one point and the server left them out.
const answerAfterLandedRegression = `{"verdict":"pass","run":{"id":"c0mx097da62ajyats2buaq8rr","name":"pgbench on postgresql","url":"http://127.0.0.1:3106/runs/c0mx097da62ajyats2buaq8rr","branch":"main","commit":"r02"},"baseline":{"branch":"main","historyId":"c2462a2a838267a1431c8d3a","historyUrl":"http://127.0.0.1:3106/h/c2462a2a838267a1431c8d3a","points":10,"runs":10},"history":{"id":"c2462a2a838267a1431c8d3a","url":"http://127.0.0.1:3106/h/c2462a2a838267a1431c8d3a"},"series":"latency","unit":"us","settings":{"maxPValue":0.001,"minMagnitude":0.05},"metrics":[{"metric":"throughput","baselinePoints":10,"baselineMedian":6453.246546734823,"candidateRuns":1,"test":"student-prediction","baselineMean":6629.190079557788,"candidateMean":964.4263012100889,"relativeChange":-0.8545182307889981,"t":-2.0274440048112767,"degreesOfFreedom":9,"pValue":0.07323623041120339,"confidence":0.9267637695887966,"direction":"decrease","significant":false,"regression":false,"dismissed":false}],"distribution":{"test":"kolmogorov-smirnov","statistic":0.07281831708666575,"at":1178,"baselineCount":7157,"candidateCount":6615,"effectiveCount":3437.667368573918,"pValue":2.525088138088763e-16,"confidence":0.9999999999999998,"direction":"increase","significant":false,"regression":false}}`

func TestMarkdownSaysWhichMetricsWereNotJudged(t *testing.T) {
	var v Verdict
	if err := json.Unmarshal([]byte(answerAfterLandedRegression), &v); err != nil {
		t.Fatal(err)
	}
	md := Markdown(v)
	if !strings.Contains(md, "Not judged: p50 latency, p99 latency — fewer than 5 baseline points") {
		t.Errorf("the left-out latencies are not named:\n%s", md)
	}
	if !strings.Contains(md, "| throughput |") || strings.Contains(md, "p99 latency, throughput") {
		t.Errorf("throughput was judged and belongs in the table only:\n%s", md)
	}
	// A verdict on all three metrics names none.
	var all Verdict
	if err := json.Unmarshal([]byte(regression), &all); err != nil {
		t.Fatal(err)
	}
	all.Metrics = append(all.Metrics, Metric{Metric: "p50", Test: "student-prediction"})
	if md := Markdown(all); strings.Contains(md, "Not judged") {
		t.Errorf("every metric was judged:\n%s", md)
	}
}

func TestMarkdownSaysWhichBaselineRunsRanOtherOptions(t *testing.T) {
	var v Verdict
	if err := json.Unmarshal([]byte(`{"verdict":"insufficient","run":{"id":"r","name":"n","url":"u"},
 "baseline":{"branch":"main","historyUrl":"h","points":2,"runs":2,
  "otherSetup":{"runs":9,"summary":"client.connections 2 → 1"}},"metrics":[]}`), &v); err != nil {
		t.Fatal(err)
	}
	md := Markdown(v)
	if !strings.Contains(md, "Left out: 9 baseline run(s) whose tool ran with other options than this run (latest: client.connections 2 → 1).") {
		t.Errorf("the left-out runs are not named:\n%s", md)
	}
	if strings.Contains(Markdown(Verdict{Verdict: "pass"}), "Left out") {
		t.Error("a verdict that left nothing out says it did")
	}
}

func TestMarkdownHeadlineWarnsWhenTheDistributionMovedUpWhileTheFiguresPass(t *testing.T) {
	moved := Verdict{Verdict: "pass", Distribution: &Distribution{Statistic: 0.94, Direction: "increase", Significant: true}}
	if md := Markdown(moved); !strings.Contains(md, "### Levelfield: 🟡 **No significant change in the figures, but the latency distribution moved up**: review") {
		t.Errorf("headline:\n%s", md)
	}
	if moved.ExitCode() != ExitPass {
		t.Error("the distribution alone changed the exit status")
	}
	for _, d := range []*Distribution{nil, {Direction: "increase"}, {Direction: "decrease", Significant: true}} {
		if md := Markdown(Verdict{Verdict: "pass", Distribution: d}); !strings.Contains(md, "✅ **No significant change**") {
			t.Errorf("distribution %+v: headline\n%s", d, md)
		}
	}
}

func TestMarkdownNamesTheSeriesAsPeopleWriteIt(t *testing.T) {
	series := "time_per_op{benchmark=BenchmarkParse,pkg=example.com%2Fparser}"
	md := Markdown(Verdict{Verdict: "insufficient", Series: &series})
	if !strings.Contains(md, "series `time_per_op{benchmark=BenchmarkParse,pkg=example.com/parser}`") {
		t.Errorf("series:\n%s", md)
	}
}

func TestMarkdownDoesNotCallASuitesThroughputUnjudged(t *testing.T) {
	var v Verdict
	if err := json.Unmarshal([]byte(`{"verdict":"pass","run":{"id":"r","name":"n","url":"u"},
 "baseline":{"historyUrl":"h","points":12,"runs":12},"throughputMeasured":false,
 "settings":{"maxPValue":0.001,"minMagnitude":0.05},
 "metrics":[{"metric":"p50","test":"student-prediction","candidateRuns":1},{"metric":"p99","test":"student-prediction","candidateRuns":1}]}`), &v); err != nil {
		t.Fatal(err)
	}
	if md := Markdown(v); strings.Contains(md, "Not judged") || strings.Contains(md, "| throughput |") {
		t.Errorf("a suite's throughput is listed:\n%s", md)
	}
}
