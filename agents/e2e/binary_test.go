package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// agentBin is the levelfield-agent binary built for these tests (TestMain).
var agentBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lf-agent-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	agentBin = filepath.Join(dir, "levelfield-agent")
	if out, err := exec.Command("go", "build", "-o", agentBin, "../cmd/levelfield-agent").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// recorder is a fake ingest API that keeps every request as it arrived.
type recorder struct {
	mu     sync.Mutex
	token  string
	down   bool // answer 503 to everything
	bodies []string
	create map[string]any // the last create-run body
	frames int
	finish int
}

func newRecorder(token string) (*recorder, *httptest.Server) {
	r := &recorder{token: token}
	return r, httptest.NewServer(r)
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.bodies = append(rec.bodies, r.Header.Get("Authorization")+"\n"+string(body))
	switch {
	case rec.down:
		w.WriteHeader(503)
	case r.Header.Get("Authorization") != "Bearer "+rec.token:
		w.WriteHeader(401)
		io.WriteString(w, `{"error":{"code":"TOKEN_INVALID","message":"unknown token"}}`)
	case r.URL.Path == "/v1/runs":
		rec.create = nil
		_ = json.Unmarshal(body, &rec.create)
		w.WriteHeader(201)
		io.WriteString(w, `{"id":"r1","url":"http://levelfield.test/runs/r1","liveUrl":"x"}`)
	case r.URL.Path == "/v1/runs/r1/frames":
		rec.frames++
		io.WriteString(w, `{"accepted":1,"duplicates":0}`)
	case r.URL.Path == "/v1/runs/r1/finish":
		rec.finish++
		io.WriteString(w, `{}`)
	default:
		w.WriteHeader(404)
	}
}

func (rec *recorder) requests() int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return len(rec.bodies)
}

// texts lists every string of a JSON document, keys included, decoded: a
// secret holding "<" or "&" is escaped in the raw body and would slip past
// a byte search.
func texts(raw string) []string {
	var v any
	if json.Unmarshal([]byte(raw), &v) != nil {
		return []string{raw}
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch t := v.(type) {
		case string:
			out = append(out, t)
		case []any:
			for _, x := range t {
				walk(x)
			}
		case map[string]any:
			for k, x := range t {
				out = append(out, k)
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// runAgent runs the binary in dir with exactly the environment env.
func runAgent(t *testing.T, dir string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(agentBin, args...)
	cmd.Dir, cmd.Env = dir, env
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), o.String(), e.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, o.String(), e.String()
}

// runFlags are the flags of a short statsd-adapter run against server.
func runFlags(server, spool string) []string {
	return []string{"run", "--server", server, "--project", "demo", "--adapter", "statsd", "--adapter-opt", "addr=127.0.0.1:0",
		"--no-cloud", "--spool", spool, "--drain-timeout", "10s"}
}

func baseEnv(t *testing.T) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
}

func TestTokenOnTheCommandLineIsRefused(t *testing.T) {
	rec, srv := newRecorder("lf_cmdline")
	defer srv.Close()
	work := t.TempDir()
	for _, args := range [][]string{
		append(runFlags(srv.URL, filepath.Join(work, "spool")), "--token", "lf_cmdline", "--", "true"),
		{"import", "--server", srv.URL, "--project", "demo", "--token=lf_cmdline", "../internal/adapters/testdata/k6.json"},
		{"upload", "--server", srv.URL, "--token", "lf_cmdline", work},
	} {
		code, _, stderr := runAgent(t, work, baseEnv(t), args...)
		if code != 2 || !strings.Contains(stderr, "process list") || !strings.Contains(stderr, "LEVELFIELD_TOKEN") ||
			!strings.Contains(stderr, "--token-file") {
			t.Errorf("%s: exit %d\n%s", args[0], code, stderr)
		}
	}
	if n := rec.requests(); n != 0 {
		t.Fatalf("a refused token was sent %d times", n)
	}
}

// The token comes from LEVELFIELD_TOKEN or --token-file; the start line
// says which, never the token; the benchmark does not inherit it.
func TestTokenSourcesAndStartLine(t *testing.T) {
	const token = "lf_Tk9uZUJ1dFRoZUFnZW50U2hvdWxkU2VlVGhpczEyMzQ1"
	rec, srv := newRecorder(token)
	defer srv.Close()
	work := t.TempDir()
	child := []string{"--", "sh", "-c", `echo "child sees ${LEVELFIELD_TOKEN:-no token}"`}

	code, stdout, stderr := runAgent(t, work, append(baseEnv(t), "LEVELFIELD_TOKEN="+token),
		append(runFlags(srv.URL, filepath.Join(work, "spool")), child...)...)
	if code != 0 || !strings.Contains(stderr, "token from LEVELFIELD_TOKEN") || strings.Contains(stdout+stderr, token) {
		t.Fatalf("env: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "child sees no token") {
		t.Errorf("the benchmark inherited the token: %s", stdout)
	}

	file := filepath.Join(work, "token")
	os.WriteFile(file, []byte("  "+token+"\n"), 0o600)
	code, stdout, stderr = runAgent(t, work, baseEnv(t), append(runFlags(srv.URL, filepath.Join(work, "spool")), append([]string{"--token-file", file}, child...)...)...)
	if code != 0 || !strings.Contains(stderr, "token from --token-file "+file) || strings.Contains(stdout+stderr, token) ||
		strings.Contains(stderr, "warning") {
		t.Fatalf("file: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}

	os.Chmod(file, 0o644)
	if code, _, stderr = runAgent(t, work, baseEnv(t), append(runFlags(srv.URL, filepath.Join(work, "spool")), "--token-file", file, "--", "true")...); code != 0 ||
		!strings.Contains(stderr, "can be read by other users") || !strings.Contains(stderr, "chmod 600") {
		t.Errorf("a readable token file: exit %d\n%s", code, stderr)
	}

	before := rec.requests()
	os.WriteFile(file, []byte("\n"), 0o600)
	if code, _, stderr = runAgent(t, work, baseEnv(t), append(runFlags(srv.URL, filepath.Join(work, "spool")), "--token-file", file, "--", "true")...); code != 2 ||
		!strings.Contains(stderr, "is empty") {
		t.Errorf("an empty token file: exit %d\n%s", code, stderr)
	}
	if code, _, stderr = runAgent(t, work, baseEnv(t), append(runFlags(srv.URL, filepath.Join(work, "spool")), "--", "true")...); code != 2 ||
		!strings.Contains(stderr, "LEVELFIELD_TOKEN or --token-file") {
		t.Errorf("no token: exit %d\n%s", code, stderr)
	}
	if rec.requests() != before {
		t.Error("the agent sent requests without a token")
	}
	for _, b := range rec.bodies {
		if strings.Contains(b[strings.IndexByte(b, '\n'):], token) {
			t.Fatalf("the token reached a request body: %s", b)
		}
	}
}

// upload sends a spool only to the server the user names.
func TestUploadGoesOnlyWhereTheUserSays(t *testing.T) {
	const token = "lf_VXBsb2FkT25seVRvVGhlU2VydmVyWW91TmFtZTEyMzQ1"
	recorded, recSrv := newRecorder(token)
	defer recSrv.Close()
	other, otherSrv := newRecorder(token)
	defer otherSrv.Close()
	work := t.TempDir()
	spool := filepath.Join(work, "spool")
	env := append(baseEnv(t), "LEVELFIELD_TOKEN="+token)

	recorded.down = true
	args := runFlags(recSrv.URL, spool)
	args[len(args)-1] = "100ms" // the drain timeout: leave the run in the spool
	if code, _, stderr := runAgent(t, work, env, append(args, "--", "true")...); code != 0 || !strings.Contains(stderr, "levelfield-agent upload --server "+recSrv.URL) {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	recorded.mu.Lock()
	recorded.down, recorded.bodies = false, nil
	recorded.mu.Unlock()

	if code, _, stderr := runAgent(t, work, env, "upload", spool); code == 0 || !strings.Contains(stderr, "--server") {
		t.Errorf("upload without --server: exit %d\n%s", code, stderr)
	}
	code, _, stderr := runAgent(t, work, env, "upload", "--server", otherSrv.URL, spool)
	if code == 0 || !strings.Contains(stderr, "recorded for "+recSrv.URL) || !strings.Contains(stderr, "--spool-server "+recSrv.URL) {
		t.Errorf("upload to another server: exit %d\n%s", code, stderr)
	}
	if recorded.requests() != 0 || other.requests() != 0 {
		t.Fatalf("refused uploads sent requests: recorded %d, other %d", recorded.requests(), other.requests())
	}
	if code, stdout, stderr := runAgent(t, work, env, "upload", "--server", recSrv.URL, spool); code != 0 || !strings.Contains(stdout, "http://levelfield.test/runs/r1") {
		t.Fatalf("upload: exit %d\n%s%s", code, stdout, stderr)
	}
	recorded.mu.Lock()
	defer recorded.mu.Unlock()
	if recorded.finish != 1 || other.requests() != 0 {
		t.Fatalf("finish %d at the named server, %d requests elsewhere", recorded.finish, other.requests())
	}
}
