//go:build unix

package sink

import (
	"context"
	"io"
	"net"
	"os"
	"syscall"
	"unsafe"
)

// quietConn is a TCP connection to the ingest API whose reads and writes are
// raw system calls on its non-blocking socket, waiting for readiness in Go's
// network poller as ordinary ones do.
//
// Why: an ordinary system call made while the Go runtime's monitor thread
// (sysmon) is in its deep sleep wakes it, and a wake-up from a system call
// sets it polling every 20 µs for its next 50 rounds. The agent is idle
// between bursts of work, so sysmon sleeps deeply, and the POST's answer
// arrives a few milliseconds after the request, when it does: once a
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

// rawIO runs one read or write system call on fd, retrying on EINTR, and
// reports false on EAGAIN so that the poller waits for readiness.
func rawIO(trap, fd uintptr, p []byte, n *int, errno *syscall.Errno) bool {
	for {
		r, _, e := syscall.RawSyscall(trap, fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false
		}
		*n, *errno = int(r), e
		return true
	}
}

func (c *quietConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n int
	var errno syscall.Errno
	// Deadlines and Close end the wait with their usual errors.
	err := c.raw.Read(func(fd uintptr) bool { return rawIO(syscall.SYS_READ, fd, p, &n, &errno) })
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
		err := c.raw.Write(func(fd uintptr) bool { return rawIO(syscall.SYS_WRITE, fd, p[written:], &n, &errno) })
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
