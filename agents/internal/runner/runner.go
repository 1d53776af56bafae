// Package runner starts the wrapped benchmark, passes its output through
// unchanged, forwards signals to it and returns its exit status.
package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Command describes the child.
type Command struct {
	Args []string
	Dir  string
	Env  []string // added to the agent's environment
	Hide []string // names of the agent's variables the child does not get
	// Stdout and Stderr receive the child's output byte for byte.
	Stdout, Stderr io.Writer
	// OnLine, if set, also sees each complete output line (stream 1 or 2)
	// with the time it was read, for adapters that parse progress lines.
	OnLine func(stream int, line []byte, at time.Time)
}

// Process is a started child.
type Process struct {
	cmd    *exec.Cmd
	copies sync.WaitGroup
	sigs   chan os.Signal
	// stopped: a SIGINT or SIGTERM was passed on, so the run was stopped
	// by whoever sent it, whatever code the child exits with then.
	stopped atomic.Bool
}

// forwarded are the signals a user sends to stop or poke a benchmark.
var forwarded = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// Start starts the child in its own process group, so a terminal's Ctrl-C
// reaches it once, through the agent, instead of twice (tools such as k6
// treat a second interrupt as "abort now").
func Start(c Command) (*Process, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("no command to run")
	}
	cmd := exec.Command(c.Args[0], c.Args[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = append(environWithout(c.Hide), c.Env...)
	cmd.Stdin = os.Stdin
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p := &Process{cmd: cmd}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Args[0], err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Args[0], err)
	}
	p.sigs = make(chan os.Signal, 4)
	signal.Notify(p.sigs, forwarded...)
	if err := cmd.Start(); err != nil {
		signal.Stop(p.sigs)
		return nil, fmt.Errorf("start %s: %w", c.Args[0], err)
	}
	go func() {
		for s := range p.sigs {
			if s == syscall.SIGINT || s == syscall.SIGTERM {
				p.stopped.Store(true)
			}
			_ = cmd.Process.Signal(s)
		}
	}()
	p.copies.Add(2)
	go p.copy(stdout, c.Stdout, 1, c.OnLine)
	go p.copy(stderr, c.Stderr, 2, c.OnLine)
	return p, nil
}

// environWithout is the agent's environment less the hidden variables.
func environWithout(hide []string) []string {
	env := os.Environ()
	out := env[:0:0]
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(hide, name) {
			out = append(out, kv)
		}
	}
	return out
}

// Stopped reports whether a SIGINT or SIGTERM was passed on to the child:
// tools exit with codes of their own when interrupted (k6 105, sysbench 1),
// not only the shell's 130 and 143.
func (p *Process) Stopped() bool { return p.stopped.Load() }

// Pid is the child's process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// copy passes output through as it comes (no line buffering, so progress
// bars and prompts look as without the agent) and splits lines on the side.
func (p *Process) copy(r io.Reader, w io.Writer, stream int, onLine func(int, []byte, time.Time)) {
	defer p.copies.Done()
	buf := make([]byte, 32<<10)
	var partial []byte
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_, _ = w.Write(buf[:n])
			if onLine != nil {
				now := time.Now()
				data := buf[:n]
				for {
					i := bytes.IndexByte(data, '\n')
					if i < 0 {
						// Bound the partial line: a tool printing a huge
						// line without newline must not grow the agent.
						if len(partial)+len(data) <= 1<<20 {
							partial = append(partial, data...)
						}
						break
					}
					line := data[:i]
					if len(partial) > 0 {
						line = append(partial, line...)
					}
					onLine(stream, bytes.TrimRight(line, "\r"), now)
					partial = partial[:0]
					data = data[i+1:]
				}
			}
		}
		if err != nil {
			if onLine != nil && len(partial) > 0 {
				onLine(stream, partial, time.Now())
			}
			return
		}
	}
}

// Wait waits for the child and its output, and returns the exit status the
// agent should exit with: the child's code, or 128+signal if it was killed.
func (p *Process) Wait() (int, error) {
	p.copies.Wait()
	err := p.cmd.Wait()
	signal.Stop(p.sigs)
	close(p.sigs)
	if err == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
		return ee.ExitCode(), nil
	}
	return 1, fmt.Errorf("wait: %w", err)
}
