//go:build unix

package sink

import (
	"context"
	"io"
	"net"
	"os"
	"syscall"

	"github.com/levelfield/levelfield/agents/internal/rawio"
)

// quietConn is a TCP connection to the ingest API whose reads and writes are
// raw system calls on its non-blocking socket, waiting for readiness in Go's
// network poller as ordinary ones do.
//
// Why (package rawio): an ordinary system call made while the Go runtime's
// monitor thread (sysmon) is in its deep sleep wakes it and sets it polling
// every 20 µs for a while. The POST's answer arrives a few milliseconds
// after the request, when the agent is idle again and sysmon asleep: once a
// second, reading it kept sysmon polling through the StatsD listener's busy
// spells. Measured at the footprint benchmark's load: sysmon's 20-µs polls
// went from ~21 a second to none, and the agent's CPU fell by ~4 % (paired
// runs, BENCH_COMPARE_BIN). A raw call on a non-blocking socket cannot
// block, so the runtime need not know about it. (Nor does the race
// detector, which otherwise orders all of a process's network I/O: a test
// that reads what a local server stored must take that server's lock.)
type quietConn struct {
	net.Conn // not *net.TCPConn: its ReadFrom would bypass Write
	raw      syscall.RawConn
}

// dialQuiet dials like d and wraps TCP connections in quietConn.
func dialQuiet(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		tc, ok := c.(*net.TCPConn)
		if !ok {
			return c, nil
		}
		raw, err := tc.SyscallConn()
		if err != nil {
			return c, nil
		}
		return &quietConn{Conn: c, raw: raw}, nil
	}
}

func (c *quietConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	var errno syscall.Errno
	// Deadlines and Close end the wait with their usual errors.
	err := c.raw.Read(func(fd uintptr) bool { return rawio.Call(syscall.SYS_READ, fd, p, &n, &errno) })
	if err == nil && errno != 0 {
		err = os.NewSyscallError("read", errno)
	}
	if err != nil {
		return 0, c.opError("read", err)
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

func (c *quietConn) Write(p []byte) (int, error) {
	written := 0
	for written < len(p) {
		var n int
		var errno syscall.Errno
		err := c.raw.Write(func(fd uintptr) bool { return rawio.Call(syscall.SYS_WRITE, fd, p[written:], &n, &errno) })
		if err == nil && errno != 0 {
			err = os.NewSyscallError("write", errno)
		}
		if err != nil {
			return written, c.opError("write", err)
		}
		written += n
	}
	return written, nil
}

// opError wraps err as the net package's connections report theirs.
func (c *quietConn) opError(op string, err error) error {
	return &net.OpError{Op: op, Net: "tcp", Addr: c.RemoteAddr(), Err: err}
}
