//go:build unix

// Package rawio runs a read or write system call on a non-blocking
// descriptor without telling the Go runtime, for use inside
// syscall.RawConn's Read and Write, which wait for readiness in the
// network poller when the call reports EAGAIN.
//
// Why: an ordinary system call made while the runtime's monitor thread
// (sysmon) is in its deep sleep wakes it, and a wake-up from a system call
// sets it polling every 20 µs for its next 50 rounds. The agent is idle
// between bursts of work, so sysmon sleeps deeply, and such calls kept it
// polling through the StatsD listener's busy spells (sink/quietconn_unix.go
// and adapters/linger_linux.go give the measurements). A call on a
// non-blocking descriptor cannot block, so the runtime need not know.
package rawio

import (
	"syscall"
	"unsafe"
)

// Call runs the read or write system call trap on fd with p, retrying on
// EINTR. It reports false on EAGAIN, so that the poller waits for
// readiness; otherwise it sets n and errno and reports true.
func Call(trap, fd uintptr, p []byte, n *int, errno *syscall.Errno) bool {
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
