package sink

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// fakeAPI implements the ingest contract's storage rule: a frame is
// identified by (run, series name + labels, seq) and stored once.
type fakeAPI struct {
	mu         sync.Mutex
	token      string
	down       atomic.Bool // answer 503 to everything
	maxFrames  int         // answer 413 to bigger batches
	stored     map[string]bool
	duplicates int
	finished   []Finish
	refused    int
	// onFrames, when set, runs as each frames request arrives, before it is stored.
	onFrames func()
	// requests counts every request, answered or not.
	requests atomic.Int64
	// throttled is how many requests are still answered 429 with
	// Retry-After: retryAfter, as the ingest API's rate limit does.
	throttled  atomic.Int64
	retryAfter string
	// refuse, when set, sees each batch before it is stored: a status
	// other than 0 is answered with body, and nothing of the batch stored.
	refuse func(b Batch) (status int, body string)
	// batches counts the frames requests answered.
	batches int
	// strictFinish refuses a finish with keys older APIs do not know.
	strictFinish bool
}

func newFakeAPI() (*fakeAPI, *httptest.Server) {
	f := &fakeAPI{token: "lf_test", stored: map[string]bool{}}
	return f, httptest.NewServer(f)
}

// settle waits until no request has reached the API for 100 ms. A request the
// sink abandoned when Stop's drain ran out can still arrive after Stop has
// returned: let it meet the API as it was (down) before the test changes it.
func (f *fakeAPI) settle(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for last := f.requests.Load(); ; {
		time.Sleep(100 * time.Millisecond)
		now := f.requests.Load()
		if now == last {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("requests still arriving after 10 s")
		}
		last = now
	}
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	if f.throttled.Add(-1) >= 0 {
		w.Header().Set("Retry-After", f.retryAfter)
		w.WriteHeader(http.StatusTooManyRequests)
		io.WriteString(w, `{"error":{"code":"RATE_LIMITED","message":"too many requests for this token"}}`)
		return
	}
	if f.down.Load() {
		f.mu.Lock()
		f.refused++
		f.mu.Unlock()
		http.Error(w, `{"error":{"code":"UNAVAILABLE","message":"down"}}`, 503)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		w.WriteHeader(401)
		io.WriteString(w, `{"error":{"code":"TOKEN_INVALID","message":"use a project token"}}`)
		return
	}
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case r.URL.Path == "/v1/runs":
		w.WriteHeader(201)
		io.WriteString(w, `{"id":"r1","url":"http://x/runs/r1","liveUrl":"http://x/v1/runs/r1/live"}`)
	case r.URL.Path == "/v1/runs/r1/frames":
		if f.onFrames != nil {
			f.mu.Unlock()
			f.onFrames()
			f.mu.Lock()
		}
		if len(f.finished) > 0 {
			w.WriteHeader(409)
			io.WriteString(w, `{"error":{"code":"RUN_FINISHED"}}`)
			return
		}
		var b Batch
		if err := json.Unmarshal(body, &b); err != nil {
			w.WriteHeader(400)
			return
		}
		f.batches++
		if f.maxFrames > 0 && len(b.Frames) > f.maxFrames {
			w.WriteHeader(413)
			return
		}
		if f.refuse != nil {
			if status, answer := f.refuse(b); status != 0 {
				w.WriteHeader(status)
				io.WriteString(w, answer)
				return
			}
		}
		series := map[string]Series{}
		for _, s := range b.Series {
			series[s.Key] = s
		}
		for _, fr := range b.Frames {
			s := series[fr.Series]
			k := fmt.Sprintf("%s%v/%d", s.Name, s.Labels, fr.Seq)
			if f.stored[k] {
				f.duplicates++
			}
			f.stored[k] = true
		}
		fmt.Fprintf(w, `{"accepted":%d,"duplicates":0}`, len(b.Frames))
	case r.URL.Path == "/v1/runs/r1/finish":
		if f.strictFinish && (strings.Contains(string(body), "framesQuarantined") || strings.Contains(string(body), "seriesFolded")) {
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"code":"VALIDATION_FAILED","message":"body: Unrecognized key: \"framesQuarantined\""}}`)
			return
		}
		var fin Finish
		_ = json.Unmarshal(body, &fin)
		f.finished = append(f.finished, fin)
		io.WriteString(w, `{}`)
	default:
		w.WriteHeader(404)
	}
}

func frames(series histogram.Series, from, to int64) []histogram.Frame {
	var out []histogram.Frame
	for seq := from; seq < to; seq++ {
		out = append(out, histogram.Frame{Series: series, Seq: seq, StartMs: seq * 1000, EndMs: seq*1000 + 1000, Count: 1})
	}
	return out
}

func TestMain(m *testing.M) {
	minBackoff, maxBackoff = 5*time.Millisecond, 20*time.Millisecond
	os.Exit(m.Run())
}

func TestSinkOutageLosesAndDuplicatesNothing(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	snk, url, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err != nil || url != "http://x/runs/r1" {
		t.Fatalf("start: %v %q", err, url)
	}
	a := histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"txn": "a"})
	b := histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"txn": "b"})
	for i := int64(0); i < 60; i++ {
		if i == 10 {
			api.down.Store(true) // the API goes away mid-run...
		}
		if i == 40 {
			// Refused batches are on disk by now, so the outage may outlast the agent.
			if n := len(batchFiles(t, snk.spool.Dir)); n == 0 {
				t.Fatal("no batch was written to disk during the outage")
			}
			api.down.Store(false) // ...and comes back
		}
		snk.Add(append(frames(a, i, i+1), frames(b, i, i+1)...))
		time.Sleep(3 * time.Millisecond)
	}
	res, err := snk.Stop(Finish{Status: "succeeded", EndedAt: 1, ExitCode: 0}, 10*time.Second)
	if err != nil || res.Pending != 0 || res.Dropped != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if api.refused == 0 {
		t.Fatal("the outage was never observed")
	}
	if len(api.stored) != 120 || api.duplicates != 0 || len(api.finished) != 1 {
		t.Fatalf("stored %d duplicates %d finished %d", len(api.stored), api.duplicates, len(api.finished))
	}
	var keys []string
	for k := range api.stored {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for seq := 0; seq < 60; seq++ {
		for _, txn := range []string{"a", "b"} {
			if !api.stored[fmt.Sprintf("latency%v/%d", map[string]string{"txn": txn}, seq)] {
				t.Fatalf("lost %s/%d", txn, seq)
			}
		}
	}
	if _, err := os.Stat(res.SpoolDir); !os.IsNotExist(err) {
		t.Errorf("spool not removed after delivery: %v", err)
	}
}

func batchFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "batch-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// While the API answers, batches are sent from memory: no batch file is
// written, fsynced, renamed and deleted for each interval.
func TestHealthyAPIBatchesNeverTouchDisk(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	var seen atomic.Int64
	var requests atomic.Int64
	api.mu.Lock()
	api.onFrames = func() {
		requests.Add(1)
		seen.Add(int64(len(batchFiles(t, snk.spool.Dir))))
	}
	api.mu.Unlock()
	s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	for i := int64(0); i < 20; i++ {
		snk.Add(frames(s, i, i+1))
		time.Sleep(2 * time.Millisecond)
	}
	if res, err := snk.Stop(Finish{Status: "succeeded"}, 5*time.Second); err != nil || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if requests.Load() == 0 || len(api.stored) != 20 {
		t.Fatalf("requests %d stored %d", requests.Load(), len(api.stored))
	}
	if seen.Load() != 0 {
		t.Fatalf("%d batch files were on disk while a healthy API was receiving", seen.Load())
	}
}

// A request that takes longer than holdFor sends the held batches to disk
// (an agent killed during a slow request would otherwise lose them); once
// accepted, their files are deleted and nothing is sent twice.
func TestSlowAPIBatchesGoToDisk(t *testing.T) {
	defer func(h time.Duration) { holdFor = h }(holdFor)
	holdFor = 20 * time.Millisecond
	api, srv := newFakeAPI()
	defer srv.Close()
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	var onDisk atomic.Int64
	api.mu.Lock()
	api.onFrames = func() {
		select {
		case <-release:
			return
		default:
		}
		// The first request hangs until the held batches are on disk.
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if n := len(batchFiles(t, snk.spool.Dir)); n > 0 {
				onDisk.Store(int64(n))
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		close(release)
	}
	api.mu.Unlock()
	s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	snk.Add(frames(s, 0, 1))
	time.Sleep(50 * time.Millisecond)
	snk.Add(frames(s, 1, 2)) // queued behind the slow request
	res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
	if err != nil || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	if onDisk.Load() == 0 {
		t.Fatal("a batch held during a slow request was never written to disk")
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 2 || api.duplicates != 0 || len(api.finished) != 1 {
		t.Fatalf("stored %d duplicates %d finished %d", len(api.stored), api.duplicates, len(api.finished))
	}
	if left, _ := os.ReadDir(root); len(left) != 0 {
		t.Fatalf("spool left behind: %v", left)
	}
}

func TestSinkUnreachableAtStartThenUpload(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.down.Store(true)
	root := t.TempDir()
	snk, url, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil || url != "" {
		t.Fatalf("start: %v %q", err, url)
	}
	s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	snk.Add(frames(s, 0, 7000)) // more than one batch
	res, err := snk.Stop(Finish{Status: "failed", ExitCode: 3}, 50*time.Millisecond)
	if err != nil || res.Pending < 3 { // at least two batches + finish
		t.Fatalf("stop: %+v %v", res, err)
	}
	api.settle(t)
	api.down.Store(false)
	up, err := Upload(context.Background(), root, srv.URL, "", "lf_test")
	if err != nil || len(up.URLs) != 1 || up.URLs[0] != "http://x/runs/r1" {
		t.Fatalf("upload: %+v %v", up, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 7000 || api.duplicates != 0 || len(api.finished) != 1 || api.finished[0].ExitCode != 3 {
		t.Fatalf("stored %d dup %d finished %+v", len(api.stored), api.duplicates, api.finished)
	}
}

func TestSinkBadTokenStopsBeforeTheRun(t *testing.T) {
	_, srv := newFakeAPI()
	defer srv.Close()
	_, _, err := Start(context.Background(), NewClient(srv.URL, "lf_wrong"), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err == nil || Classify(err) != Fatal || !strings.Contains(err.Error(), "TOKEN_INVALID") {
		t.Fatalf("want fatal TOKEN_INVALID, got %v", err)
	}
}

func TestSplitOn413(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.maxFrames = 300
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), t.TempDir(), 0, CreateRun{})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(frames(histogram.NewSeries("x", histogram.Counter, "", nil), 0, 1000))
	if res, err := snk.Stop(Finish{Status: "succeeded"}, 5*time.Second); err != nil || res.Pending != 0 {
		t.Fatalf("%+v %v", res, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 1000 || api.duplicates != 0 {
		t.Fatalf("stored %d dup %d", len(api.stored), api.duplicates)
	}
}

func TestSpoolBound(t *testing.T) {
	sp, err := OpenSpool(t.TempDir(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := sp.PutBatch(make([]byte, 80), 4); err != nil {
		t.Fatal(err)
	}
	if err := sp.PutBatch(make([]byte, 80), 5); err == nil || sp.Dropped() != 5 {
		t.Fatalf("over the bound: %v dropped %d", err, sp.Dropped())
	}
	// Reopening continues the numbering after the last batch written.
	if err := sp.Persist(); err != nil {
		t.Fatal(err)
	}
	sp2, _ := OpenSpool(sp.Dir, 0)
	_ = sp2.PutBatch([]byte("{}"), 1)
	if sp2.Pending() != 2 {
		t.Fatalf("pending %d", sp2.Pending())
	}
}

func TestBatchesRespectLimits(t *testing.T) {
	s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	fs := frames(s, 0, 12000)
	bs := Batches(fs)
	n := 0
	for _, b := range bs {
		if len(b.Frames) > maxBatchFrames || len(b.Series) != 1 {
			t.Fatalf("batch of %d frames %d series", len(b.Frames), len(b.Series))
		}
		n += len(b.Frames)
	}
	if n != 12000 {
		t.Fatal(n)
	}
	big := make([]histogram.Frame, 40)
	for i := range big {
		big[i] = histogram.Frame{Series: s, Seq: int64(i), Histogram: strings.Repeat("A", 60<<10)}
	}
	for _, b := range Batches(big) {
		raw, _ := json.Marshal(b)
		if len(raw) > 1<<20 {
			t.Fatalf("batch of %d bytes", len(raw))
		}
	}
}

func TestClassify(t *testing.T) {
	for status, want := range map[int]Class{401: Fatal, 403: Fatal, 400: Reject, 404: Reject, 409: Reject, 413: Retry, 429: Retry, 500: Retry, 503: Retry} {
		if got := Classify(fmt.Errorf("wrapped: %w", &APIError{Status: status})); got != want {
			t.Errorf("%d: %v", status, got)
		}
	}
	if Classify(fmt.Errorf("dial: connection refused")) != Retry {
		t.Error("network errors must be retried")
	}
}

func TestBatchesKeepWithinTheContract(t *testing.T) {
	frames := []histogram.Frame{
		{Series: histogram.NewSeries("queue depth!", histogram.Gauge, "", map[string]string{"": "x", "k": strings.Repeat("v", 300)}),
			Seq: 0, StartMs: 1, EndMs: 2, Count: 1, Min: -3, Max: -3, Mean: -3},
		{Series: histogram.NewSeries("latency", histogram.Latency, "us", nil), Seq: 0, StartMs: 1, EndMs: 2, Count: 1,
			Min: 5, Max: 2e15, Mean: 5, P50: 5, P90: 5, P95: 5, P99: 5, P999: 5},
	}
	b := Batches(frames)
	if len(b) != 1 || len(b[0].Series) != 2 {
		t.Fatalf("%+v", b)
	}
	g, l := b[0].Series[0], b[0].Series[1]
	if g.Name != "queue depth_" || g.Unit != "1" || l.Unit != "us" || g.Labels["_"] != "x" || len(g.Labels["k"]) != 256 {
		t.Errorf("series %+v %+v", g, l)
	}
	// A gauge's level may be below zero; a latency's may not.
	if f := b[0].Frames[0]; f.Min != -3 || f.Mean != -3 {
		t.Errorf("negative gauge not kept: %+v", f)
	}
	if f := b[0].Frames[1]; f.Max != 1e15 {
		t.Errorf("max %v", f.Max)
	}
	neg := Batches([]histogram.Frame{{Series: histogram.NewSeries("latency", histogram.Latency, "us", nil),
		Seq: 0, StartMs: 1, EndMs: 2, Count: 1, Min: -1, Max: 5, Mean: 2}})
	if f := neg[0].Frames[0]; f.Min != 0 {
		t.Errorf("negative latency sent: %+v", f)
	}
}

// A spool is sent only to the server the user names: a spool file naming
// another one is refused before any request, unless the user names the
// recorded server too.
func TestUploadSendsOnlyToTheNamedServer(t *testing.T) {
	recorded, recSrv := newFakeAPI()
	defer recSrv.Close()
	other, otherSrv := newFakeAPI()
	defer otherSrv.Close()
	recorded.down.Store(true)
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(recSrv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(frames(histogram.NewSeries("latency", histogram.Latency, "us", nil), 0, 10))
	if res, err := snk.Stop(Finish{Status: "succeeded"}, 50*time.Millisecond); err != nil || res.Pending == 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	recorded.down.Store(false)
	before := recorded.requests.Load()

	if _, err := Upload(context.Background(), root, "", "", "lf_test"); err == nil || !strings.Contains(err.Error(), "--server") {
		t.Fatalf("upload without --server: %v", err)
	}
	_, err = Upload(context.Background(), root, otherSrv.URL, "", "lf_test")
	if err == nil || !strings.Contains(err.Error(), recSrv.URL) || !strings.Contains(err.Error(), "--spool-server") {
		t.Fatalf("upload to another server: %v", err)
	}
	if _, err := Upload(context.Background(), root, otherSrv.URL, otherSrv.URL, "lf_test"); err == nil {
		t.Fatal("--spool-server naming a server the spool was not recorded for was accepted")
	}
	if n := recorded.requests.Load() - before; n != 0 {
		t.Fatalf("the server named only by the spool file got %d requests", n)
	}
	if n := other.requests.Load(); n != 0 {
		t.Fatalf("a refused upload sent %d requests", n)
	}

	// The user names the recorded server: the same API at a new address.
	up, err := Upload(context.Background(), root, otherSrv.URL+"/", recSrv.URL, "lf_test")
	if err != nil || len(up.URLs) != 1 {
		t.Fatalf("upload: %+v %v", up, err)
	}
	if n := recorded.requests.Load() - before; n != 0 {
		t.Fatalf("the recorded server got %d requests after the user named another", n)
	}
	other.mu.Lock()
	defer other.mu.Unlock()
	if len(other.stored) != 10 || len(other.finished) != 1 {
		t.Fatalf("stored %d finished %d", len(other.stored), len(other.finished))
	}
}

// 429 with Retry-After: the sender waits as long as the API asks (capped,
// never less), then sends the same batch again; nothing is dropped or sent
// twice.
func TestRetryAfterIsHonoured(t *testing.T) {
	defer func(f func(context.Context, time.Duration) error, c time.Duration) { sleep, maxRetryAfter = f, c }(sleep, maxRetryAfter)
	var mu sync.Mutex
	var waits []time.Duration
	sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		waits = append(waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	for _, tc := range []struct {
		header   string
		min, max time.Duration
	}{
		{"7", 7 * time.Second, 7*time.Second + 7*time.Second/10},
		{"3600", time.Minute, time.Minute + time.Minute/10}, // capped
	} {
		waits = nil
		api, srv := newFakeAPI()
		api.retryAfter = tc.header
		api.throttled.Store(1) // the create request
		snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), t.TempDir(), 0, CreateRun{Project: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		s := histogram.NewSeries("latency", histogram.Latency, "us", nil)
		api.throttled.Store(3)      // the next three requests too
		snk.Add(frames(s, 0, 7000)) // two batches
		snk.Add(frames(s, 7000, 7010))
		res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
		srv.Close()
		if err != nil || res.Pending != 0 || res.Dropped != 0 {
			t.Fatalf("Retry-After %s: stop %+v %v", tc.header, res, err)
		}
		api.mu.Lock()
		if len(api.stored) != 7010 || api.duplicates != 0 || len(api.finished) != 1 {
			t.Fatalf("Retry-After %s: stored %d duplicates %d finished %d", tc.header, len(api.stored), api.duplicates, len(api.finished))
		}
		api.mu.Unlock()
		mu.Lock()
		if len(waits) != 4 {
			t.Fatalf("Retry-After %s: waited %v, want once per 429 (4)", tc.header, waits)
		}
		for _, w := range waits {
			if w < tc.min || w > tc.max {
				t.Errorf("Retry-After %s: waited %v, want %v to %v", tc.header, w, tc.min, tc.max)
			}
		}
		mu.Unlock()
	}
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"7": 7 * time.Second, " 120 ": 2 * time.Minute, "0": 0, "-3": 0, "soon": 0, "": 0,
		"Thu, 01 Jan 2026 12:00:30 GMT": 30 * time.Second, "Thu, 01 Jan 2026 11:00:00 GMT": 0,
	} {
		if got := retryAfter(v, now); got != want {
			t.Errorf("Retry-After %q: %v, want %v", v, got, want)
		}
	}
}
