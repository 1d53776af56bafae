package sink

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// instance is one ingest instance in front of a shared fakeAPI (the
// installation's one database): it counts the requests it got and can
// crash.
type instance struct {
	*httptest.Server
	requests atomic.Int64
	// crashAfter, when above zero, is the frames request at which the
	// instance stores the batch, then dies before answering: the
	// connection is cut and the listener closed (connection refused after).
	crashAfter int64
	frames     atomic.Int64
	dead       atomic.Bool
	// draining answers 503 SHUTTING_DOWN with a Retry-After, as a stopping ingest instance does.
	draining atomic.Bool
}

func newInstance(api *fakeAPI) *instance {
	in := &instance{}
	in.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in.requests.Add(1)
		if in.dead.Load() {
			hangUp(w)
			return
		}
		if in.draining.Load() {
			w.Header().Set("Retry-After", "30")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"error":{"code":"SHUTTING_DOWN","message":"this instance is shutting down: retry (another instance will answer)"}}`)
			return
		}
		if strings.HasSuffix(r.URL.Path, "/frames") && in.frames.Add(1) == in.crashAfter {
			// Stored, but the answer never leaves: the agent cannot know.
			api.ServeHTTP(httptest.NewRecorder(), r)
			in.dead.Store(true)
			in.Listener.Close()
			hangUp(w)
			return
		}
		api.ServeHTTP(w, r)
	}))
	return in
}

// hangUp drops the connection without an answer, as a killed process does.
func hangUp(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

// syncBuffer collects what the client says, written from the sender's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func failoverClient(log *syncBuffer, servers ...*instance) *Client {
	urls := make([]string, len(servers))
	for i, s := range servers {
		urls[i] = s.URL
	}
	c := NewClient(strings.Join(urls, ","), "lf_test")
	c.Log = log
	return c
}

// twoInstances starts two instances over one shared store (a database both
// write to), closed when the test ends.
func twoInstances(t *testing.T, token string) (*fakeAPI, *instance, *instance) {
	t.Helper()
	api := &fakeAPI{token: token, stored: map[string]bool{}}
	a, b := newInstance(api), newInstance(api)
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	return api, a, b
}

// checkStoredOnce fails unless api stored exactly seqs [0, n) of each series.
func checkStoredOnce(t *testing.T, api *fakeAPI, series []string, n int) {
	t.Helper()
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != len(series)*n {
		t.Errorf("stored %d frames, want %d (%d series × seq 0..%d)", len(api.stored), len(series)*n, len(series), n-1)
	}
	for _, s := range series {
		for seq := 0; seq < n; seq++ {
			if k := s + "/" + strconv.Itoa(seq); !api.stored[k] {
				t.Errorf("frame %s never stored", k)
			}
		}
	}
	if len(api.finished) != 1 {
		t.Errorf("finished %d times, want once", len(api.finished))
	}
}

// A dies mid-run, between storing a batch and answering it: the agent says
// it moves, sends that batch again to B (stored once: the database is
// shared and dedups) and everything after it; every (series, seq) is stored
// exactly once and the run is finished once, on B, under the id A gave.
func TestFailoverWhenAServerDiesMidRun(t *testing.T) {
	api, a, b := twoInstances(t, "lf_test")
	a.crashAfter = 3
	var log syncBuffer
	snk, url, err := Start(context.Background(), failoverClient(&log, a, b), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err != nil || url != "http://x/runs/r1" {
		t.Fatalf("start: %q %v", url, err)
	}
	lat := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	ops := histogram.NewSeries("ops", histogram.Counter, "1", nil)
	const n = 50
	for seq := int64(0); seq < n; seq += 5 {
		snk.Add(append(frames(lat, seq, seq+5), frames(ops, seq, seq+5)...))
	}
	res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
	if err != nil || res.Pending != 0 || res.Dropped != 0 || res.Quarantined != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	checkStoredOnce(t, api, []string{"latencymap[]", "opsmap[]"}, n)
	if !a.dead.Load() || b.requests.Load() == 0 {
		t.Fatalf("A crashed %v, B got %d requests", a.dead.Load(), b.requests.Load())
	}
	// The batch A stored without answering was sent again, and only that one.
	if api.duplicates == 0 || api.duplicates > 10 {
		t.Errorf("%d frames sent twice; want those of the one batch A took without answering", api.duplicates)
	}
	want := "levelfield-agent: server " + a.URL + " unreachable ("
	if got := log.String(); !strings.Contains(got, want) || !strings.Contains(got, "); moving to "+b.URL+"\n") {
		t.Errorf("the move was not said as %q...moving to %s:\n%s", want, b.URL, got)
	}
}

// A draining instance answers 503 with a Retry-After meant for its own
// return: the agent moves to the next server at once, without that wait or
// a backoff, and the run continues there under the same id.
func TestDrainingServerPassesTheRunOnAtOnce(t *testing.T) {
	defer func(f func(context.Context, time.Duration) error) { sleep = f }(sleep)
	var mu sync.Mutex
	var waits []time.Duration
	sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		waits = append(waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	api, a, b := twoInstances(t, "lf_test")
	var log syncBuffer
	snk, _, err := Start(context.Background(), failoverClient(&log, a, b), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	lat := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	snk.Add(frames(lat, 0, 10))
	a.draining.Store(true)
	snk.Add(frames(lat, 10, 20))
	res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
	if err != nil || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	checkStoredOnce(t, api, []string{"latencymap[]"}, 20)
	mu.Lock()
	defer mu.Unlock()
	if len(waits) != 0 {
		t.Errorf("waited %v before trying the next server", waits)
	}
	if got := log.String(); !strings.Contains(got, "server "+a.URL+" failing (") || !strings.Contains(got, "503 SHUTTING_DOWN") ||
		!strings.Contains(got, "moving to "+b.URL) {
		t.Errorf("the move was not said:\n%s", got)
	}
}

// Every server down (503 from each): the agent goes round the list, then
// backs off; the spool keeps every frame, and once a server answers again
// everything is sent from the spool, each frame once.
func TestAllServersDownKeepsTheSpoolAndSendsLater(t *testing.T) {
	api, a, b := twoInstances(t, "lf_test")
	api.down.Store(true)
	var log syncBuffer
	root := t.TempDir()
	snk, _, err := Start(context.Background(), failoverClient(&log, a, b), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	lat := histogram.NewSeries("latency", histogram.Latency, "us", nil)
	snk.Add(frames(lat, 0, 20))
	// Both have refused requests before either comes back.
	for deadline := time.Now().Add(10 * time.Second); a.requests.Load() < 2 || b.requests.Load() < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("requests while down: A %d, B %d", a.requests.Load(), b.requests.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if p := snk.spool.Pending(); p == 0 {
		t.Fatal("the spool let go of frames no server took")
	}
	if !strings.Contains(log.String(), "every server failed in turn") {
		t.Errorf("going round the whole list was not said:\n%s", log.String())
	}
	snk.Add(frames(lat, 20, 30))
	api.down.Store(false)
	res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
	if err != nil || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	checkStoredOnce(t, api, []string{"latencymap[]"}, 30)
	if api.duplicates != 0 {
		t.Errorf("%d frames stored twice", api.duplicates)
	}
}

// A bad token and a refused batch would be answered the same by every
// instance: no move, the behaviour of one server.
func TestAuthAndRefusalsDoNotFailOver(t *testing.T) {
	t.Run("401", func(t *testing.T) {
		_, a, b := twoInstances(t, "lf_other")
		var log syncBuffer
		_, _, err := Start(context.Background(), failoverClient(&log, a, b), t.TempDir(), 0, CreateRun{Project: "demo"})
		if err == nil || Classify(err) != Fatal {
			t.Fatalf("a bad token did not stop the agent: %v", err)
		}
		if b.requests.Load() != 0 || log.String() != "" {
			t.Fatalf("moved to B after a 401: %d requests; %s", b.requests.Load(), log.String())
		}
	})
	t.Run("400", func(t *testing.T) {
		api := &fakeAPI{token: "lf_test", stored: map[string]bool{}}
		api.refuse = func(b Batch) (int, string) {
			return 400, `{"error":{"code":"VALIDATION_FAILED","message":"bad p99","path":"frames.0.p99"}}`
		}
		a, b := newInstance(api), newInstance(api)
		defer a.Close()
		defer b.Close()
		var log syncBuffer
		snk, _, err := Start(context.Background(), failoverClient(&log, a, b), t.TempDir(), 0, CreateRun{Project: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		snk.Add(frames(histogram.NewSeries("latency", histogram.Latency, "us", nil), 0, 1))
		res, err := snk.Stop(Finish{Status: "succeeded"}, 10*time.Second)
		if err != nil || res.Quarantined != 1 {
			t.Fatalf("stop: %+v %v", res, err)
		}
		if b.requests.Load() != 0 || log.String() != "" {
			t.Fatalf("moved to B after a 400: %d requests; %s", b.requests.Load(), log.String())
		}
	})
}

func TestParseServers(t *testing.T) {
	got, err := ParseServers(" http://a:4000/, https://b.example.org ,,")
	if err != nil || strings.Join(got, " ") != "http://a:4000 https://b.example.org" {
		t.Fatalf("%q %v", got, err)
	}
	for _, bad := range []string{"", " , ", "a:4000", "ftp://a", "http://a,/path"} {
		if _, err := ParseServers(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}

// `upload` takes a list too: a spool recorded for A,B goes to B,C (one
// installation), not to C alone unless --spool-server says so.
func TestUploadToAServerList(t *testing.T) {
	if err := checkUploadServer("d", "http://a:1,http://b:1", "http://b:1/,http://c:1", ""); err != nil {
		t.Errorf("shared server refused: %v", err)
	}
	if err := checkUploadServer("d", "http://a:1,http://b:1", "http://c:1", ""); err == nil || !strings.Contains(err.Error(), "--spool-server") {
		t.Errorf("another installation: %v", err)
	}
	if err := checkUploadServer("d", "http://a:1,http://b:1", "http://c:1", "http://b:1"); err != nil {
		t.Errorf("confirmed move refused: %v", err)
	}

	api := &fakeAPI{token: "lf_test", stored: map[string]bool{}}
	a, b := newInstance(api), newInstance(api)
	defer b.Close()
	api.down.Store(true)
	root := t.TempDir()
	var log syncBuffer
	snk, _, err := Start(context.Background(), failoverClient(&log, a, b), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(frames(histogram.NewSeries("latency", histogram.Latency, "us", nil), 0, 10))
	if res, err := snk.Stop(Finish{Status: "succeeded"}, 50*time.Millisecond); err != nil || res.Pending == 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	// A is gone for good; the upload names it first and moves on to B.
	a.Close()
	api.down.Store(false)
	up, err := Upload(context.Background(), root, a.URL+","+b.URL, "", "lf_test")
	if err != nil || len(up.URLs) != 1 {
		t.Fatalf("upload: %+v %v", up, err)
	}
	checkStoredOnce(t, api, []string{"latencymap[]"}, 10)
}
