package sink

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// refuseBadHistograms answers as the ingest API does for histograms that
// do not decode: 400 naming each such frame in details.
func refuseBadHistograms(b Batch) (int, string) {
	var details []ErrorDetail
	for i, f := range b.Frames {
		if f.Histogram == "BAD" {
			details = append(details, ErrorDetail{Field: fmt.Sprintf("frames.%d.histogram", i), Message: "does not decode"})
		}
	}
	if len(details) == 0 {
		return 0, ""
	}
	body, _ := json.Marshal(map[string]any{"error": map[string]any{"code": "VALIDATION_FAILED",
		"message": fmt.Sprintf("%d histograms do not decode", len(details)), "path": details[0].Field, "details": details}})
	return 400, string(body)
}

// withBad returns n frames of s, every 100th with a histogram the API refuses.
func withBad(s histogram.Series, n int64) []histogram.Frame {
	fs := frames(s, 0, n)
	for i := range fs {
		if i%100 == 99 {
			fs[i].Histogram = "BAD"
		}
	}
	return fs
}

func readLines(t *testing.T, path string) []Refused {
	t.Helper()
	entries, err := readQuarantine(path)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

func quarantinedSeqs(entries []Refused) map[int64]bool {
	seqs := map[int64]bool{}
	for _, e := range entries {
		for _, f := range e.Batch.Frames {
			seqs[f.Seq] = true
		}
	}
	return seqs
}

// The frames the API names are kept with its answer, the rest of the batch
// is stored, and the finish says how many were refused.
func TestRefusedFramesAreQuarantinedAndTheRestStored(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = refuseBadHistograms
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(withBad(histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"op": "read"}), 3000))
	res, err := snk.Stop(Finish{Status: "succeeded"}, 5*time.Second)
	if err != nil || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	if res.Quarantined != 30 || res.Frames != 3000 || !strings.Contains(res.Reason, "VALIDATION_FAILED") {
		t.Fatalf("result %+v", res)
	}
	api.mu.Lock()
	if len(api.stored) != 2970 || len(api.finished) != 1 || api.finished[0].FramesQuarantined != 30 {
		t.Fatalf("stored %d, finished %+v", len(api.stored), api.finished)
	}
	api.mu.Unlock()

	if filepath.Dir(res.QuarantineFile) != filepath.Join(root, "quarantine") {
		t.Fatalf("quarantine at %s", res.QuarantineFile)
	}
	entries := readLines(t, res.QuarantineFile)
	seqs := quarantinedSeqs(entries)
	for seq := int64(99); seq < 3000; seq += 100 {
		if !seqs[seq] {
			t.Fatalf("frame %d is not in the quarantine", seq)
		}
	}
	e := entries[0]
	if len(seqs) != 30 || e.RunID != "r1" || e.Server != srv.URL || e.Error.Status != 400 || len(e.Error.Details) == 0 ||
		len(e.Batch.Series) != 1 || e.Batch.Series[0].Labels["op"] != "read" || e.Batch.Frames[0].Histogram != "BAD" {
		t.Fatalf("quarantine entry %+v (frames %v)", e, seqs)
	}

	// The run is finished, and the API refuses frames of a finished run:
	// upload keeps them, with that answer.
	api.mu.Lock()
	api.refuse = nil
	api.mu.Unlock()
	up, err := Upload(context.Background(), root, srv.URL, "", "lf_test")
	if err != nil || up.Resent != 0 || up.Kept != 30 || !strings.Contains(up.Reason, "RUN_FINISHED") {
		t.Fatalf("upload: %+v %v", up, err)
	}
	if e := readLines(t, res.QuarantineFile); len(quarantinedSeqs(e)) != 30 || e[0].Error.Code != "RUN_FINISHED" {
		t.Fatalf("after upload: %+v", e)
	}
}

// A refusal that names no frame keeps the whole batch; other batches are
// stored.
func TestRefusalNamingNothingQuarantinesTheBatch(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = func(b Batch) (int, string) {
		if b.Series[0].Name == "refused" {
			return 409, `{"error":{"code":"SERIES_CONFLICT","message":"series \"refused\" already exists with kind \"counter\""}}`
		}
		return 0, ""
	}
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(frames(histogram.NewSeries("kept", histogram.Counter, "", nil), 0, 10))
	snk.Add(frames(histogram.NewSeries("refused", histogram.Counter, "", nil), 0, 10))
	res, err := snk.Stop(Finish{Status: "succeeded"}, 5*time.Second)
	if err != nil || res.Quarantined != 10 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	entries := readLines(t, res.QuarantineFile)
	if len(entries) != 1 || len(entries[0].Batch.Frames) != 10 || entries[0].Error.Code != "SERIES_CONFLICT" {
		t.Fatalf("quarantine: %+v", entries)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 10 {
		t.Fatalf("stored %d", len(api.stored))
	}
}

// An API whose limits are lower than the contract's gets smaller batches:
// nothing is refused for the size of a batch.
func TestLowerLimitsSplitBatches(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = func(b Batch) (int, string) {
		if len(b.Series) > 100 {
			return 400, `{"error":{"code":"VALIDATION_FAILED","message":"series: Too big: expected array to have <=100 items","path":"series"}}`
		}
		return 0, ""
	}
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	var fs []histogram.Frame
	for i := 0; i < 1000; i++ {
		fs = append(fs, frames(histogram.NewSeries("latency", histogram.Latency, "us", map[string]string{"id": fmt.Sprint(i)}), 0, 1)...)
	}
	snk.Add(fs)
	res, err := snk.Stop(Finish{Status: "succeeded"}, 5*time.Second)
	if err != nil || res.Quarantined != 0 || res.Pending != 0 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 1000 {
		t.Fatalf("stored %d", len(api.stored))
	}
	if _, err := os.Stat(filepath.Join(root, "quarantine")); err == nil {
		t.Fatal("a quarantine was made for an API's lower limits")
	}
}

// The contract's limit of 1,000 series per batch: a run with one series
// per URL still sends every frame, in batches the API takes.
func TestBatchesKeepToTheSeriesLimit(t *testing.T) {
	var fs []histogram.Frame
	for i := 0; i < 6379; i++ {
		fs = append(fs, frames(histogram.NewSeries("http_req_duration", histogram.Latency, "us", map[string]string{"url": fmt.Sprintf("/item/%d", i)}), 0, 2)...)
	}
	n := 0
	for _, b := range Batches(fs) {
		if len(b.Series) > maxBatchSeries || len(b.Frames) > maxBatchFrames {
			t.Fatalf("batch of %d series, %d frames", len(b.Series), len(b.Frames))
		}
		declared := map[string]bool{}
		for _, s := range b.Series {
			declared[s.Key] = true
		}
		for _, f := range b.Frames {
			if !declared[f.Series] {
				t.Fatalf("frame of undeclared series %q", f.Series)
			}
		}
		n += len(b.Frames)
	}
	if n != len(fs) {
		t.Fatalf("%d frames batched of %d", n, len(fs))
	}
}

// Quarantined frames of a run whose finish was not sent yet (the agent
// stopped while the API was away) are sent by upload once the API takes
// them, before the finish, which then counts none.
func TestUploadResendsQuarantinedFrames(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = refuseBadHistograms
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(withBad(histogram.NewSeries("latency", histogram.Latency, "us", nil), 3000))
	waitFor(t, func() bool {
		api.mu.Lock()
		defer api.mu.Unlock()
		return len(api.stored) == 2970
	})
	api.down.Store(true)
	res, err := snk.Stop(Finish{Status: "succeeded"}, 50*time.Millisecond)
	if err != nil || res.Pending != 1 || res.Quarantined != 30 {
		t.Fatalf("stop: %+v %v", res, err)
	}

	// The API is upgraded and takes those histograms now.
	api.settle(t)
	api.mu.Lock()
	api.refuse = nil
	api.mu.Unlock()
	api.down.Store(false)
	up, err := Upload(context.Background(), root, srv.URL, "", "lf_test")
	if err != nil || up.Resent != 30 || up.Kept != 0 || len(up.URLs) != 1 {
		t.Fatalf("upload: %+v %v", up, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 3000 || api.duplicates != 0 || len(api.finished) != 1 || api.finished[0].FramesQuarantined != 0 {
		t.Fatalf("stored %d duplicates %d finished %+v", len(api.stored), api.duplicates, api.finished)
	}
	if _, err := os.Stat(res.QuarantineFile); !os.IsNotExist(err) {
		t.Fatalf("the quarantine file outlived its frames' delivery: %v", err)
	}
}

// A refusal the agent cannot write down leaves the batch in the spool:
// nothing refused is lost, and upload quarantines it later.
func TestBatchStaysSpooledUntilItsRefusalIsKept(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = refuseBadHistograms
	root := t.TempDir()
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), root, 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	// A directory where the quarantine file goes: keeping fails.
	blocker := snk.spool.Quarantine.Path
	if err := os.MkdirAll(blocker, 0o700); err != nil {
		t.Fatal(err)
	}
	snk.Add(withBad(histogram.NewSeries("latency", histogram.Latency, "us", nil), 300))
	res, err := snk.Stop(Finish{Status: "succeeded"}, 100*time.Millisecond)
	if err != nil || res.Pending != 2 || res.Quarantined != 0 { // the batch and the finish
		t.Fatalf("stop: %+v %v", res, err)
	}
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	up, err := Upload(context.Background(), root, srv.URL, "", "lf_test")
	if err != nil || up.Kept != 3 || len(up.Quarantine) != 1 {
		t.Fatalf("upload: %+v %v", up, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.stored) != 297 || len(api.finished) != 1 || api.finished[0].FramesQuarantined != 3 {
		t.Fatalf("stored %d finished %+v", len(api.stored), api.finished)
	}
}

// A frame refused twice (the agent died between keeping it and forgetting
// its batch) counts once; a last line cut short by a crash is left out, a
// damaged line elsewhere is an error rather than silently dropped.
func TestQuarantineFileAfterACrash(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "quarantine", "run.jsonl")
	q, err := openQuarantine(path)
	if err != nil {
		t.Fatal(err)
	}
	b := Batches(frames(histogram.NewSeries("latency", histogram.Latency, "us", nil), 0, 5))[0]
	for i := 0; i < 2; i++ {
		if err := q.Add(Refused{RunID: "r1", Error: Refusal{Status: 400, Code: "VALIDATION_FAILED"}, Batch: b}); err != nil {
			t.Fatal(err)
		}
	}
	if q.Frames() != 5 {
		t.Fatalf("frames %d, want 5", q.Frames())
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"server":"http://x","runId":"r1","batch":{"ser`)
	f.Close()
	q2, err := openQuarantine(path)
	if err != nil || q2.Frames() != 5 {
		t.Fatalf("after a torn line: %v, %d frames", err, q2.Frames())
	}
	raw, _ := os.ReadFile(path)
	damaged := strings.Replace(string(raw), `"runId"`, `"runId`, 1)
	if err := os.WriteFile(path, []byte(damaged), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := openQuarantine(path); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a damaged line was not reported: %v", err)
	}
}

// An ingest API older than the finish's report of lost frames refuses its
// keys; the run is finished without them rather than left running.
func TestOlderAPIStillFinishesARunThatLostFrames(t *testing.T) {
	api, srv := newFakeAPI()
	defer srv.Close()
	api.refuse = refuseBadHistograms
	api.strictFinish = true
	snk, _, err := Start(context.Background(), NewClient(srv.URL, "lf_test"), t.TempDir(), 0, CreateRun{Project: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	snk.Add(withBad(histogram.NewSeries("latency", histogram.Latency, "us", nil), 200))
	res, err := snk.Stop(Finish{Status: "succeeded", SeriesFolded: map[string]int{"latency": 5}}, 5*time.Second)
	if err != nil || res.Pending != 0 || res.Quarantined != 2 {
		t.Fatalf("stop: %+v %v", res, err)
	}
	api.mu.Lock()
	defer api.mu.Unlock()
	if len(api.finished) != 1 || api.finished[0].Status != "succeeded" {
		t.Fatalf("finished %+v", api.finished)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
