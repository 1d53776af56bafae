package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/agent"
	"github.com/levelfield/levelfield/agents/internal/provenance"
)

// ycsbClasspath finds YCSB's jars: LEVELFIELD_YCSB_LIB or .levelfield/tools/ycsb, which
// scripts/test.mjs fills from Maven Central.
func ycsbClasspath(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java not installed")
	}
	dir := os.Getenv("LEVELFIELD_YCSB_LIB")
	if dir == "" {
		dir, _ = filepath.Abs("../../.levelfield/tools/ycsb")
	}
	if _, err := os.Stat(filepath.Join(dir, "core-0.17.0.jar")); err != nil {
		t.Skipf("YCSB not found in %s; fetch it with: mvn -f agents/e2e/testdata/ycsb/pom.xml "+
			"dependency:copy-dependencies -DoutputDirectory=%s (npm test does)", dir, dir)
	}
	return filepath.Join(dir, "*")
}

// TestYCSBRunMatchesYCSBSummary runs the real YCSB client (its BasicDB, which answers after a
// random delay of up to 2 ms, so no database is needed) with HdrHistogram logs, wrapped by the
// agent: every operation YCSB counted is stored, and the stored histograms' percentiles, by
// HdrHistogram's rule as YCSB takes them, are the ones YCSB printed.
func TestYCSBRunMatchesYCSBSummary(t *testing.T) {
	cp := ycsbClasspath(t)
	out := t.TempDir()
	in, srv := newIngest()
	t.Cleanup(srv.Close)
	var stdout, stderr bytes.Buffer
	cfg := agent.Config{Server: srv.URL, Token: "lf_e2e", Project: "demo", Adapter: "ycsb", Interval: time.Second,
		MaxSeriesPerMetric: 100, DrainTimeout: 10 * time.Second, SpoolDir: filepath.Join(t.TempDir(), "spool"),
		NoCloud: true, Provenance: provenance.Env{NoCloud: true}, Stdout: &stdout, Stderr: &stderr}
	args := []string{"java", "-cp", cp, "site.ycsb.Client", "-t", "-s", "-db", "site.ycsb.BasicDB",
		"-threads", "4", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=1000",
		"-p", "operationcount=4000", "-p", "readproportion=0.5", "-p", "updateproportion=0.5",
		"-p", "basicdb.verbose=false", "-p", "basicdb.simulatedelay=2", "-p", "basicdb.randomizedelay=true",
		"-p", "measurementtype=hdrhistogram", "-p", "hdrhistogram.fileoutput=true",
		"-p", "hdrhistogram.output.path=" + out + "/", "-p", "status.interval=1"}
	code, err := agent.Run(context.Background(), cfg, args)
	if err != nil || code != 0 {
		t.Fatalf("exit %d err %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout.String(), stderr.String())
	}
	printed := stdout.String()
	for _, op := range []string{"READ", "UPDATE"} {
		figure := func(name string) float64 {
			m := regexp.MustCompile(`(?m)^\[` + op + `\], ` + regexp.QuoteMeta(name) + `, ([\d.]+)$`).FindStringSubmatch(printed)
			if m == nil {
				t.Fatalf("YCSB printed no %s %s:\n%s", op, name, printed)
			}
			v, _ := strconv.ParseFloat(m[1], 64)
			return v
		}
		h := in.merged(t, "latency{op="+op+"}")
		t.Logf("%s: %d stored, p95 %d µs, p99 %d µs", op, h.TotalCount(), h.ValueAtQuantile(95), h.ValueAtQuantile(99))
		if want := int64(figure("Operations")); h.TotalCount() != want {
			t.Errorf("%s: %d operations stored, YCSB counted %d", op, h.TotalCount(), want)
		}
		for _, p := range []float64{95, 99} {
			want := figure(strconv.Itoa(int(p)) + "thPercentileLatency(us)")
			// The same rank rule as YCSB's HdrHistogram 2.1.4 (nearest count), the same buckets.
			if got := float64(h.ValueAtQuantile(p)); got != want {
				t.Errorf("%s p%v: %v µs stored, YCSB printed %v", op, p, got, want)
			}
		}
		if got, want := in.gauge(t, "latency_p99{op="+op+"}"), figure("99thPercentileLatency(us)"); got != want {
			t.Errorf("%s: latency_p99 gauge %v, YCSB printed %v", op, got, want)
		}
	}
}
