package runner

import (
	"bytes"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestPassThroughAndExitCode(t *testing.T) {
	var out, errb bytes.Buffer
	var mu sync.Mutex
	var lines []string
	p, err := Start(Command{
		Args:   []string{"sh", "-c", `printf 'a\nb'; printf 'progress: 1\n' >&2; exit 7`},
		Stdout: &out, Stderr: &errb,
		OnLine: func(stream int, line []byte, _ time.Time) {
			mu.Lock()
			lines = append(lines, string(rune('0'+stream))+string(line))
			mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	code, err := p.Wait()
	if err != nil || code != 7 {
		t.Fatalf("code %d err %v", code, err)
	}
	if out.String() != "a\nb" || errb.String() != "progress: 1\n" {
		t.Fatalf("output changed: %q %q", out.String(), errb.String())
	}
	got := strings.Join(lines, ",")
	if !strings.Contains(got, "1a") || !strings.Contains(got, "1b") || !strings.Contains(got, "2progress: 1") {
		t.Fatalf("lines %q", got)
	}
}

// lockedBuffer is written by the output copier while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestSignalIsForwarded(t *testing.T) {
	var out lockedBuffer
	p, err := Start(Command{Args: []string{"sh", "-c", `trap 'echo got-term; exit 3' TERM; echo ready; while :; do sleep 0.05; done`}, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "ready") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	// A signal to the agent reaches the child through the forwarder.
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code, err := p.Wait()
	if err != nil || code != 3 || !strings.Contains(out.String(), "got-term") || !p.Stopped() {
		t.Fatalf("code %d err %v stopped %v out %q", code, err, p.Stopped(), out.String())
	}
}

func TestKilledChildExitsWith128PlusSignal(t *testing.T) {
	var out bytes.Buffer
	p, err := Start(Command{Args: []string{"sh", "-c", "kill -9 $$"}, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := p.Wait(); code != 137 || p.Stopped() {
		t.Fatalf("code %d stopped %v", code, p.Stopped())
	}
}
