package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/agent"
)

// importFile uploads one finished result file (or directory) to a fake
// ingest API with `import` and adapter auto, as a user would.
func importFile(t *testing.T, path string) (*ingest, string) {
	t.Helper()
	in, srv := newIngest()
	t.Cleanup(srv.Close)
	var stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "auto", Interval: time.Second,
		MaxSeriesPerMetric: 100, DrainTimeout: 5 * time.Second, SpoolDir: t.TempDir(), NoCloud: true,
		Stdout: io.Discard, Stderr: &stderr}
	if _, err := agent.Import(context.Background(), cfg, []string{path}); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	return in, stderr.String()
}

// only returns a series' single frame: a result file is one instant.
func (in *ingest) only(t *testing.T, key string) (count int64, mean float64) {
	t.Helper()
	in.mu.Lock()
	defer in.mu.Unlock()
	fs := in.frames[key]
	if len(fs) != 1 {
		t.Fatalf("%s: %d frames (series: %v)", key, len(fs), in.kinds)
	}
	for _, f := range fs {
		count, mean = f.Count, f.Mean
	}
	return count, mean
}

const goBench = `package b

import (
	"strings"
	"testing"
)

var sink string

func BenchmarkRepeat(b *testing.B) {
	for b.Loop() {
		sink = strings.Repeat("ab", 500)
	}
}
`

// TestImportGoBench runs a real `go test -bench -benchmem -count 3` and
// imports what it printed: one sample per line, the mean of the lines kept.
func TestImportGoBench(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/b\n\ngo 1.24\n", "b_test.go": goBench} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-run", "X", "-bench", ".", "-benchmem", "-count", "3", "-benchtime", "20ms")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -bench: %v\n%s", err, out)
	}
	path := filepath.Join(dir, "bench.txt")
	os.WriteFile(path, out, 0o644)
	in, stderr := importFile(t, path)
	if !bytes.Contains([]byte(stderr), []byte("looks like microbench")) {
		t.Errorf("format not reported: %s", stderr)
	}
	line := regexp.MustCompile(`(?m)^(BenchmarkRepeat\S*)\s+\d+\s+([\d.]+) ns/op\s+(\d+) B/op`)
	lines := line.FindAllSubmatch(out, -1)
	if len(lines) != 3 {
		t.Fatalf("go test printed %d result lines:\n%s", len(lines), out)
	}
	var mean float64
	for _, m := range lines {
		v, _ := strconv.ParseFloat(string(m[2]), 64)
		mean += v / 3
	}
	key := fmt.Sprintf("{benchmark=%s,pkg=example.com/b}", lines[0][1])
	count, stored := in.only(t, "time_per_op"+key)
	if count != 3 || math.Abs(stored-mean) > 0.5 {
		t.Errorf("time_per_op: %d samples, mean %v ns; go test printed 3, mean %v", count, stored, mean)
	}
	if _, exact := in.only(t, "ns/op"+key); math.Abs(exact-mean) > 1e-9*mean {
		t.Errorf("ns/op gauge %v, go test %v", exact, mean)
	}
	bytesPerOp, _ := strconv.ParseFloat(string(lines[0][3]), 64)
	if _, b := in.only(t, "B/op"+key); b != bytesPerOp {
		t.Errorf("B/op %v, go test %v", b, bytesPerOp)
	}
	if in.finish == nil || in.finish.Status != "succeeded" {
		t.Errorf("finish %+v", in.finish)
	}
}

// TestImportHyperfine runs real hyperfine (Debian's `hyperfine`; npm test
// installs it) and compares the stored runs with what it printed.
func TestImportHyperfine(t *testing.T) {
	bin, err := exec.LookPath("hyperfine")
	if err != nil {
		t.Skip("hyperfine not installed (apt-get install hyperfine; npm test installs it)")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "hyperfine.json")
	out, err := exec.Command(bin, "-N", "--style", "basic", "--warmup", "1", "--runs", "9", "--export-json", path, "sleep 0.002").CombinedOutput()
	if err != nil {
		t.Fatalf("hyperfine: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`Time \(mean ± σ\):\s+([\d.]+) ms ±.*\n\s+Range \(min … max\):\s+([\d.]+) ms …\s+([\d.]+) ms\s+(\d+) runs`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("hyperfine printed:\n%s", out)
	}
	in, _ := importFile(t, path)
	key := "{benchmark=sleep 0.002}"
	count, mean := in.only(t, "run_time"+key)
	if strconv.FormatInt(count, 10) != string(m[4]) {
		t.Errorf("%d runs stored, hyperfine printed %s", count, m[4])
	}
	if got := fmt.Sprintf("%.1f", mean/1e6); got != string(m[1]) {
		t.Errorf("mean %s ms stored, hyperfine printed %s", got, m[1])
	}
	for name, printed := range map[string][]byte{"min": m[2], "max": m[3]} {
		if _, v := in.only(t, name+key); fmt.Sprintf("%.1f", v*1e3) != string(printed) {
			t.Errorf("%s %.1f ms stored, hyperfine printed %s", name, v*1e3, printed)
		}
	}
}

// TestImportHyperfineCommandWithCredential: hyperfine names each benchmark
// by its command line, and users time HTTP APIs with the key in the URL and
// an Authorization header. The command becomes the series' benchmark label,
// shown with the run to everyone who may open it, so its credentials must
// be redacted as the run's own command line is.
func TestImportHyperfineCommandWithCredential(t *testing.T) {
	bin, err := exec.LookPath("hyperfine")
	if err != nil {
		t.Skip("hyperfine not installed (apt-get install hyperfine; npm test installs it)")
	}
	const key, bearer = "e2eHyperfineKey7Q9", "e2eHyperfineBearer4Z2"
	command := "curl -s -m 1 -H 'Authorization: Bearer " + bearer + "' http://127.0.0.1:9/v1/search?q=x&api_key=" + key
	path := filepath.Join(t.TempDir(), "hyperfine.json")
	// -i: nothing listens on port 9; the command's time is measured all the same.
	if out, err := exec.Command(bin, "-N", "-i", "--style", "basic", "--runs", "3", "--export-json", path, command).CombinedOutput(); err != nil {
		t.Fatalf("hyperfine: %v\n%s", err, out)
	}
	in, _ := importFile(t, path)
	want := "run_time{benchmark=curl -s -m 1 -H 'Authorization: Bearer [REDACTED]' http://127.0.0.1:9/v1/search?q=x&api_key=[REDACTED]}"
	if count, _ := in.only(t, want); count != 3 {
		t.Errorf("%s: %d runs stored, hyperfine ran 3", want, count)
	}
	for series := range in.kinds {
		if strings.Contains(series, key) || strings.Contains(series, bearer) {
			t.Errorf("a credential reached the server in a series: %s", series)
		}
	}
}
