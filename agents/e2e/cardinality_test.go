package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/sink"
)

// A harness that tags every timer with an id: the agent keeps every sample
// in the metric's series without tags, folds the tag sets beyond the bound,
// and says so; frames the API refuses are kept, counted in the finish, and
// make the agent exit ExitDataLoss unless it is told the loss is allowed.
func TestUnboundedStatsDTagsAndRefusedFrames(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed: it plays a harness with a StatsD client")
	}
	script := `
import os, socket, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
addr = (os.environ["STATSD_HOST"], int(os.environ["STATSD_PORT"]))
for i in range(2000):
    s.sendto(b"req.latency:%d|ms|#id:%d" % (1 + i % 10, i), addr)
    if i % 100 == 0: time.sleep(0.05)
`
	for _, allow := range []bool{false, true} {
		in, srv := newIngest()
		// The API refuses the frames of one tag set, naming its series.
		in.refuse = func(b sink.Batch) (int, string) {
			for i, s := range b.Series {
				if s.Labels["id"] == "3" {
					return 400, fmt.Sprintf(`{"error":{"code":"VALIDATION_FAILED","message":"not this one","path":"series.%d.labels"}}`, i)
				}
			}
			return 0, ""
		}
		spool := t.TempDir()
		var stderr bytes.Buffer
		cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "statsd",
			AdapterOpts: map[string]string{"addr": "127.0.0.1:0"}, Interval: 200 * time.Millisecond,
			DrainTimeout: 5 * time.Second, SpoolDir: spool, NoCloud: true, MaxSeriesPerMetric: 10,
			AllowDataLoss: allow, Stdout: &stderr, Stderr: &stderr}
		code, err := agent.Run(context.Background(), cfg, []string{"python3", "-c", script})
		srv.Close()
		want := agent.ExitDataLoss
		if allow {
			want = 0
		}
		if err != nil || code != want {
			t.Fatalf("allow %v: code %d (want %d) err %v\n%s", allow, code, want, err, stderr.String())
		}
		if h := in.merged(t, "req.latency{}"); h.TotalCount() != 2000 {
			t.Fatalf("the series without tags holds %d of 2000 timers", h.TotalCount())
		}
		if h := in.merged(t, "req.latency{tags=__other__}"); h.TotalCount() != 1990 {
			t.Fatalf("the other series holds %d timers, want 1990", h.TotalCount())
		}
		in.mu.Lock()
		series := 0
		for k := range in.kinds {
			if strings.HasPrefix(k, "req.latency{") {
				series++
			}
		}
		fin := in.finish
		in.mu.Unlock()
		// Without tags, 9 tag sets (the 10th refused) and the other one.
		if series != 11 {
			t.Fatalf("%d series stored: %v", series, in.kinds)
		}
		if fin == nil || fin.SeriesFolded["req.latency"] != 1990 || fin.FramesQuarantined == 0 || fin.Status != "succeeded" {
			t.Fatalf("finish %+v", fin)
		}
		out := stderr.String()
		if n := strings.Count(out, "went to its series {tags=__other__}: req.latency 1990 more"); n != 1 {
			t.Fatalf("folding reported %d times:\n%s", n, out)
		}
		refused := regexp.MustCompile(`(\d+) frames of \d+ were refused by the ingest API and are kept in (\S+) \(`).FindStringSubmatch(out)
		if refused == nil || refused[1] != fmt.Sprint(fin.FramesQuarantined) || filepath.Dir(refused[2]) != filepath.Join(spool, "quarantine") ||
			!strings.Contains(out, "levelfield-agent upload --server "+srv.URL+" "+refused[2]) {
			t.Fatalf("no summary of the refused frames:\n%s", out)
		}
		t.Logf("allow %v:\n%s", allow, out)
		if _, err := os.Stat(refused[2]); err != nil {
			t.Fatal(err)
		}
	}
}
