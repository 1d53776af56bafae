// Package e2e runs the agent against real tools and a fake ingest API.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/histogram"
	"github.com/levelfield/levelfield/agents/internal/provenance"
	"github.com/levelfield/levelfield/agents/internal/sink"
)

// ingest is a fake ingest API that keeps every frame by (series, seq).
type ingest struct {
	mu       sync.Mutex
	create   map[string]any
	frames   map[string]map[int64]sink.Frame // series name+labels → seq → frame
	kinds    map[string]string
	finish   *sink.Finish
	dups     int
	requests int
	// refuse, when set, sees each batch first: a status other than 0 is
	// answered with body and nothing of the batch stored.
	refuse func(b sink.Batch) (status int, body string)
}

func newIngest() (*ingest, *httptest.Server) {
	in := &ingest{frames: map[string]map[int64]sink.Frame{}, kinds: map[string]string{}}
	return in, httptest.NewServer(in)
}

func (in *ingest) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	in.mu.Lock()
	defer in.mu.Unlock()
	in.requests++
	if r.Header.Get("Authorization") != "Bearer lf_e2e" {
		w.WriteHeader(401)
		return
	}
	switch {
	case r.URL.Path == "/v1/runs":
		_ = json.Unmarshal(body, &in.create)
		w.WriteHeader(201)
		io.WriteString(w, `{"id":"e2e","url":"http://levelfield.test/runs/e2e","liveUrl":"x"}`)
	case r.URL.Path == "/v1/runs/e2e/frames":
		var b sink.Batch
		if err := json.Unmarshal(body, &b); err != nil {
			w.WriteHeader(400)
			return
		}
		if in.refuse != nil {
			if status, answer := in.refuse(b); status != 0 {
				w.WriteHeader(status)
				io.WriteString(w, answer)
				return
			}
		}
		keys := map[string]string{}
		for _, s := range b.Series {
			k := s.Name + labelsKey(s.Labels)
			keys[s.Key] = k
			in.kinds[k] = s.Kind
		}
		for _, f := range b.Frames {
			k := keys[f.Series]
			if in.frames[k] == nil {
				in.frames[k] = map[int64]sink.Frame{}
			}
			if _, dup := in.frames[k][f.Seq]; dup {
				in.dups++
				continue
			}
			in.frames[k][f.Seq] = f
		}
		io.WriteString(w, `{"accepted":1,"duplicates":0}`)
	case r.URL.Path == "/v1/runs/e2e/finish":
		var f sink.Finish
		_ = json.Unmarshal(body, &f)
		in.finish = &f
		io.WriteString(w, `{}`)
	default:
		w.WriteHeader(404)
	}
}

func labelsKey(l map[string]string) string {
	var ks []string
	for k, v := range l {
		ks = append(ks, k+"="+v)
	}
	sort.Strings(ks)
	return "{" + strings.Join(ks, ",") + "}"
}

// merged decodes and merges every frame of a series, checking seq has no gaps.
func (in *ingest) merged(t *testing.T, key string) *hdr.Histogram {
	t.Helper()
	in.mu.Lock()
	defer in.mu.Unlock()
	fs := in.frames[key]
	if len(fs) == 0 {
		t.Fatalf("no frames for %s (have %v)", key, in.kinds)
	}
	var seqs []int64
	for s := range fs {
		seqs = append(seqs, s)
	}
	sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
	for i := 1; i < len(seqs); i++ {
		if seqs[i] != seqs[i-1]+1 {
			t.Fatalf("%s: seq gap between %d and %d", key, seqs[i-1], seqs[i])
		}
	}
	h := hdr.New(histogram.LowestUs, histogram.HighestUs, histogram.Digits)
	var count int64
	for _, f := range fs {
		d, err := histogram.Decode([]byte(f.Histogram))
		if err != nil {
			t.Fatal(err)
		}
		if d.TotalCount() != f.Count {
			t.Fatalf("frame %d: histogram holds %d, count says %d", f.Seq, d.TotalCount(), f.Count)
		}
		count += f.Count
		h.Merge(d)
	}
	return h
}

type postgres struct {
	bin, sock, data string
	asPostgres      bool
}

func (p *postgres) cmd(name string, args ...string) *exec.Cmd {
	path := filepath.Join(p.bin, name)
	if p.asPostgres {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

// startPostgres starts a throwaway PostgreSQL with its socket in a temp dir.
func startPostgres(t *testing.T) *postgres {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		t.Skip("PostgreSQL server binaries (/usr/lib/postgresql/*/bin) not installed; skipping the real pgbench run")
	}
	if _, err := exec.LookPath("pgbench"); err != nil {
		t.Skip("pgbench not installed; skipping the real pgbench run")
	}
	dir, err := os.MkdirTemp("", "lf-e2e-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &postgres{bin: filepath.Dir(bins[len(bins)-1]), sock: dir, data: filepath.Join(dir, "data")}
	if u, _ := user.Current(); u != nil && u.Uid == "0" {
		// initdb refuses to run as root.
		p.asPostgres = true
		if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
			t.Skipf("cannot hand the data dir to user postgres: %v %s", err, out)
		}
	}
	if out, err := p.cmd("initdb", "-D", p.data, "-A", "trust", "-U", "postgres").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	opts := "-k " + dir + " -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
	if out, err := p.cmd("pg_ctl", "-D", p.data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "start").CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = p.cmd("pg_ctl", "-D", p.data, "-m", "immediate", "stop").Run() })
	if out, err := exec.Command("pgbench", "-h", dir, "-U", "postgres", "-i", "-s", "1", "-q", "postgres").CombinedOutput(); err != nil {
		t.Fatalf("pgbench -i: %v\n%s", err, out)
	}
	return p
}

// logLatencies reads pgbench's own per-transaction logs.
func logLatencies(t *testing.T, pattern string) []int64 {
	files, _ := filepath.Glob(pattern)
	if len(files) < 2 {
		t.Fatalf("want one log per thread, got %v", files)
	}
	var out []int64
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if v, err := strconv.ParseInt(fields[2], 10, 64); err == nil {
				out = append(out, v)
			}
		}
		fh.Close()
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func quantile(sorted []int64, q float64) float64 {
	i := int(math.Ceil(q/100*float64(len(sorted)))) - 1
	return float64(sorted[max(i, 0)])
}

func within1pct(got, want float64) bool { return math.Abs(got-want) <= 0.01*want }

func TestPgbenchRunMatchesPgbenchOwnNumbers(t *testing.T) {
	pg := startPostgres(t)
	in, srv := newIngest()
	defer srv.Close()
	work := t.TempDir()
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{
		Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto",
		Labels: map[string]string{"clients": "4"}, Interval: time.Second, DrainTimeout: 10 * time.Second,
		SpoolDir: filepath.Join(work, "spool"), NoCloud: true,
		Provenance: provenance.Env{NoCloud: true},
		Stdout:     &stdout, Stderr: &stderr,
	}
	prefix := filepath.Join(work, "pgb")
	args := []string{"pgbench", "-h", pg.sock, "-U", "postgres", "-c", "4", "-j", "2", "-T", "4", "-P", "1",
		"--log", "--log-prefix=" + prefix, "postgres"}
	code, err := agent.Run(context.Background(), cfg, args)
	if err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstderr:\n%s", code, err, stderr.String())
	}
	m := regexp.MustCompile(`number of transactions actually processed: (\d+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("pgbench summary not passed through:\n%s", stdout.String())
	}
	want, _ := strconv.ParseInt(m[1], 10, 64)

	h := in.merged(t, "latency{script=0}")
	if h.TotalCount() != want {
		t.Fatalf("agent counted %d transactions, pgbench %d", h.TotalCount(), want)
	}
	lat := logLatencies(t, prefix+".*")
	if int64(len(lat)) != want {
		t.Fatalf("pgbench's log holds %d transactions, its summary %d", len(lat), want)
	}
	for _, q := range []float64{50, 99} {
		got, exact := float64(h.ValueAtQuantile(q)), quantile(lat, q)
		if !within1pct(got, exact) {
			t.Errorf("p%v: agent %v, pgbench log %v", q, got, exact)
		}
	}
	if in.dups != 0 || in.finish == nil || in.finish.Status != "succeeded" || in.finish.ExitCode != 0 {
		t.Errorf("dups %d finish %+v", in.dups, in.finish)
	}
	if in.kinds["progress_tps{}"] != "gauge" {
		t.Errorf("progress lines not recorded: %v", in.kinds)
	}
	if !strings.Contains(stderr.String(), "ops/s") || !strings.Contains(stderr.String(), "http://levelfield.test/runs/e2e") {
		t.Errorf("live line or run URL missing:\n%s", stderr.String())
	}
	prov, _ := json.Marshal(in.create["provenance"])
	for _, s := range []string{`"latencyOrigin":{"origin":"captured","source":"pgbench adapter","value":"actual"}`, `"cpuModel"`, `"components":{"origin":"captured"`} {
		if !bytes.Contains(prov, []byte(s)) {
			t.Errorf("provenance lacks %s: %s", s, prov)
		}
	}
	if bm, _ := in.create["benchmark"].(map[string]any); bm["name"] != "pgbench" || bm["version"] == "" {
		t.Errorf("benchmark %v", in.create["benchmark"])
	}
}

// TestPgbenchFailuresAndLagMatchPgbenchSummary runs pgbench with a script
// whose transactions conflict (REPEATABLE READ updates of one row, with a
// \sleep between snapshot and update), --failures-detailed and --rate:
// failed transactions are logged as "serialization", and pgbench's schedule
// lag average is over successful transactions only.
func TestPgbenchFailuresAndLagMatchPgbenchSummary(t *testing.T) {
	pg := startPostgres(t)
	in, srv := newIngest()
	defer srv.Close()
	work := t.TempDir()
	script := filepath.Join(work, "conflict.sql")
	if err := os.WriteFile(script, []byte("BEGIN ISOLATION LEVEL REPEATABLE READ;\n"+
		"SELECT abalance FROM pgbench_accounts WHERE aid = 1;\n"+
		"\\sleep 2 ms\n"+
		"UPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = 1;\n"+
		"END;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto",
		Interval: time.Second, DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(work, "spool"), NoCloud: true,
		Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr}
	prefix := filepath.Join(work, "conflict")
	args := []string{"pgbench", "-h", pg.sock, "-U", "postgres", "-n", "-c", "4", "-j", "2", "-T", "3", "-R", "300",
		"-f", script, "--failures-detailed", "--log", "--log-prefix=" + prefix, "postgres"}
	code, err := agent.Run(context.Background(), cfg, args)
	if err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstderr:\n%s", code, err, stderr.String())
	}
	summary := func(re string) float64 {
		m := regexp.MustCompile(re).FindStringSubmatch(stdout.String())
		if m == nil {
			t.Fatalf("%s not in pgbench's summary:\n%s", re, stdout.String())
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	processed := int64(summary(`number of transactions actually processed: (\d+)`))
	failed := int64(summary(`number of failed transactions: (\d+)`))
	lagMs := summary(`rate limit schedule lag: avg ([0-9.]+)`)
	if failed == 0 {
		t.Fatalf("the script caused no serialization failure; nothing to check:\n%s", stdout.String())
	}
	if h := in.merged(t, "latency{script=0}"); h.TotalCount() != processed {
		t.Errorf("latency: %d transactions stored, pgbench processed %d", h.TotalCount(), processed)
	}
	var storedFailed int64
	for _, f := range in.frames["failed{script=0}"] {
		storedFailed += f.Count
	}
	if storedFailed != failed {
		t.Errorf("failed: %d stored, pgbench counted %d", storedFailed, failed)
	}
	lag := in.merged(t, "schedule_lag{script=0}")
	if lag.TotalCount() != processed {
		t.Errorf("schedule_lag: %d samples, pgbench averaged %d successful transactions", lag.TotalCount(), processed)
	}
	var lagSum float64
	for _, f := range in.frames["schedule_lag{script=0}"] {
		lagSum += f.Mean * float64(f.Count)
	}
	// pgbench logs the lag in whole µs and prints the average to 1 µs.
	if got := lagSum / float64(lag.TotalCount()); math.Abs(got-lagMs*1000) > 1 {
		t.Errorf("schedule lag mean %.1f µs, pgbench's %.3f ms", got, lagMs)
	}
}

// TestPgbenchProgressSkipsIntervalsWithoutTransactions runs transactions
// longer than the --progress interval: pgbench prints "0.0 tps, lat 0.000
// ms" for the seconds in which none ended, which is no latency.
func TestPgbenchProgressSkipsIntervalsWithoutTransactions(t *testing.T) {
	pg := startPostgres(t)
	in, srv := newIngest()
	defer srv.Close()
	work := t.TempDir()
	script := filepath.Join(work, "slow.sql")
	if err := os.WriteFile(script, []byte("\\sleep 1500 ms\nSELECT 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto",
		Interval: time.Second, DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(work, "spool"), NoCloud: true,
		Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr}
	args := []string{"pgbench", "-h", pg.sock, "-U", "postgres", "-n", "-c", "1", "-T", "4", "-P", "1",
		"-f", script, "--log", "--log-prefix=" + filepath.Join(work, "slow"), "postgres"}
	if code, err := agent.Run(context.Background(), cfg, args); err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstderr:\n%s", code, err, stderr.String())
	}
	lines := regexp.MustCompile(`(?m)^progress: .* ([0-9.]+) tps, lat ([0-9.]+) ms`).FindAllStringSubmatch(stderr.String(), -1)
	var empty, measured int
	for _, l := range lines {
		if l[1] == "0.0" {
			empty++
		} else {
			measured++
		}
	}
	// The first second cannot hold a 1.5-s transaction's end.
	if empty == 0 {
		t.Fatalf("no progress line without transactions:\n%s", stderr.String())
	}
	var tps, means int
	for _, f := range in.frames["progress_tps{}"] {
		tps += int(f.Count)
	}
	for _, f := range in.frames["progress_latency_mean{}"] {
		means += int(f.Count)
		if f.Count > 0 && f.Min == 0 {
			t.Errorf("frame %d: a latency mean of 0 µs stored", f.Seq)
		}
	}
	if tps != empty+measured || means != measured {
		t.Errorf("stored %d tps and %d latency means; pgbench printed %d lines, %d with transactions", tps, means, len(lines), measured)
	}
}

// TestPgbenchIgnoresAnotherPgbenchsLogs runs a second pgbench, not wrapped,
// in the same directory with the same log prefix while the agent runs its
// own: PREFIX.PID names the same pattern for both, and only the wrapped
// one's transactions are this run's.
func TestPgbenchIgnoresAnotherPgbenchsLogs(t *testing.T) {
	pg := startPostgres(t)
	in, srv := newIngest()
	defer srv.Close()
	work := t.TempDir()
	prefix := filepath.Join(work, "shared")
	other := exec.Command("pgbench", "-h", pg.sock, "-U", "postgres", "-n", "-c", "1", "-S", "-T", "30",
		"--log", "--log-prefix="+prefix, "postgres")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Process.Kill(); _ = other.Wait() }()
	otherLog := prefix + "." + strconv.Itoa(other.Process.Pid)
	for i := 0; i < 200; i++ { // until the other pgbench has connected and opened its log
		if _, err := os.Stat(otherLog); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := os.Stat(otherLog); err != nil {
		t.Fatalf("the other pgbench wrote no log: %v", err)
	}
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto",
		Interval: time.Second, DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(work, "spool"), NoCloud: true,
		Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr}
	args := []string{"pgbench", "-h", pg.sock, "-U", "postgres", "-n", "-c", "2", "-j", "2", "-T", "2",
		"--log", "--log-prefix=" + prefix, "postgres"}
	if code, err := agent.Run(context.Background(), cfg, args); err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstderr:\n%s", code, err, stderr.String())
	}
	m := regexp.MustCompile(`number of transactions actually processed: (\d+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("pgbench summary not passed through:\n%s", stdout.String())
	}
	want, _ := strconv.ParseInt(m[1], 10, 64)
	if got := in.merged(t, "latency{script=0}").TotalCount(); got != want {
		t.Errorf("stored %d transactions, the wrapped pgbench processed %d", got, want)
	}

	// pgbench started by a shell (a child of the wrapped command, not the
	// command itself) still writes this run's logs.
	in2, srv2 := newIngest()
	defer srv2.Close()
	stdout.Reset()
	stderr.Reset()
	cfg.Server, cfg.Adapter = srv2.URL, "pgbench"
	// "; true" keeps sh from exec'ing pgbench in its own place.
	wrapped := append([]string{"sh", "-c", `"$@"; true`, "sh"}, args...)
	if code, err := agent.Run(context.Background(), cfg, wrapped); err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstderr:\n%s", code, err, stderr.String())
	}
	m = regexp.MustCompile(`number of transactions actually processed: (\d+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("pgbench summary not passed through:\n%s", stdout.String())
	}
	want, _ = strconv.ParseInt(m[1], 10, 64)
	if got := in2.merged(t, "latency{script=0}").TotalCount(); got != want {
		t.Errorf("through sh: stored %d transactions, pgbench processed %d", got, want)
	}
}

func TestImportPgbenchLogs(t *testing.T) {
	in, srv := newIngest()
	defer srv.Close()
	files, _ := filepath.Glob("../internal/adapters/testdata/pgbench_plain.[0-9]*")
	var stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto", Interval: time.Second,
		DrainTimeout: 5 * time.Second, SpoolDir: t.TempDir(), NoCloud: true, Stdout: io.Discard, Stderr: &stderr}
	url, err := agent.Import(context.Background(), cfg, files)
	if err != nil || url == "" {
		t.Fatalf("%v %q\n%s", err, url, stderr.String())
	}
	if h := in.merged(t, "latency{script=0}"); h.TotalCount() != 7427 {
		t.Fatalf("imported %d transactions, want 7427", h.TotalCount())
	}
	if !strings.Contains(stderr.String(), "looks like pgbench") {
		t.Errorf("adapter choice not reported: %s", stderr.String())
	}
}

func TestBadTokenStopsBeforeTheBenchmark(t *testing.T) {
	_, srv := newIngest()
	defer srv.Close()
	marker := filepath.Join(t.TempDir(), "ran")
	cfg := agent.Config{Server: srv.URL, Token: "lf_wrong", Project: "demo", Adapter: "statsd",
		AdapterOpts: map[string]string{"addr": "127.0.0.1:0"}, Interval: time.Second, SpoolDir: t.TempDir(),
		NoCloud: true, Stdout: io.Discard, Stderr: io.Discard}
	code, err := agent.Run(context.Background(), cfg, []string{"touch", marker})
	if err == nil || code == 0 {
		t.Fatalf("code %d err %v", code, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the benchmark ran although the token was refused")
	}
}

func TestStatsDHarnessAndExitCode(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed: it plays a harness with a StatsD client")
	}
	in, srv := newIngest()
	defer srv.Close()
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "statsd",
		AdapterOpts: map[string]string{"addr": "127.0.0.1:0"}, Interval: 200 * time.Millisecond,
		DrainTimeout: 5 * time.Second, SpoolDir: t.TempDir(), NoCloud: true, Stdout: io.Discard, Stderr: io.Discard}
	script := `
import os, socket, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
addr = (os.environ["STATSD_HOST"], int(os.environ["STATSD_PORT"]))
for i in range(500):
    s.sendto(b"req.latency:%d|ms|#route:/a" % (1 + i % 10), addr)
    if i % 100 == 0: time.sleep(0.1)
raise SystemExit(3)
`
	code, err := agent.Run(context.Background(), cfg, []string{"python3", "-c", script})
	if err != nil || code != 3 {
		t.Fatalf("code %d err %v", code, err)
	}
	if h := in.merged(t, "req.latency{route=/a}"); h.TotalCount() != 500 {
		t.Fatalf("received %d of 500 timers", h.TotalCount())
	}
	if in.finish == nil || in.finish.Status != "failed" || in.finish.ExitCode != 3 {
		t.Fatalf("finish %+v", in.finish)
	}
}
