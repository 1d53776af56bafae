//go:build linux && (amd64 || arm64)

package adapters

import (
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"

	"github.com/levelfield/levelfield/agents/internal/rawio"
)

// lingerTimer is the listener's sleep between reads: a timerfd, waited on
// through the runtime's network poller like a socket.
//
// time.Sleep costs four thread wake-ups a sleep here: the runtime's timers
// sleep in whole milliseconds, rounded down, so the listener's thread wakes
// a fraction of a millisecond early and sleeps again; and the runtime's
// monitor (sysmon), asleep until the next timer, wakes with it and once
// more ten milliseconds later. A wake-up costs ~40 µs on this VM. The
// timerfd expires to the nanosecond and is no runtime timer, so a sleep
// wakes the listener's thread once and the monitor not at all. Measured at
// the footprint benchmark's load: the listener thread's wake-ups 6.8 a
// second → 5.1, and ~2 % less CPU (paired runs, BENCH_COMPARE_BIN).
type lingerTimer struct {
	fd  int // for timerfd_settime: f.Fd() would make f blocking
	f   *os.File
	raw syscall.RawConn
	buf [8]byte // the expiry count a read returns
}

// newLingerTimer returns nil when the system has no timerfd (the listener
// then uses time.Sleep).
func newLingerTimer() *lingerTimer {
	fd, _, errno := syscall.RawSyscall(syscall.SYS_TIMERFD_CREATE, clockMonotonic, tfdNonblock|tfdCloexec, 0)
	if errno != 0 {
		return nil
	}
	// A non-blocking descriptor: os.NewFile registers it with the poller.
	f := os.NewFile(fd, "statsd-linger")
	raw, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil
	}
	return &lingerTimer{fd: int(fd), f: f, raw: raw}
}

// sleep returns after d, or at once with false if the timer failed.
func (t *lingerTimer) sleep(d time.Duration) bool {
	d = max(d, time.Microsecond) // a zero expiry would disarm the timer
	// struct itimerspec: no interval, then the expiry relative to now.
	spec := [4]int64{0, 0, int64(d / time.Second), int64(d % time.Second)}
	_, _, errno := syscall.RawSyscall6(syscall.SYS_TIMERFD_SETTIME, uintptr(t.fd), 0, uintptr(unsafe.Pointer(&spec[0])), 0, 0, 0)
	if errno != 0 {
		return false
	}
	// A raw read, as an ordinary one (f.Read) would wake the monitor
	// (see udpSource); the poller waits while it finds nothing.
	var n int
	err := t.raw.Read(func(fd uintptr) bool { return rawio.Call(syscall.SYS_READ, fd, t.buf[:], &n, &errno) })
	return err == nil && errno == 0
}

// linger sleeps d on the listener's timer, or with time.Sleep where it has
// none.
func (s *udpSource) linger(d time.Duration) {
	if s.timer != nil && s.timer.sleep(d) {
		return
	}
	time.Sleep(d)
	// The runtime timer resumes this goroutine without counting a new
	// scheduling round, and the monitor, waking for the same timer from a
	// sleep that began before ours, takes that for a goroutine running
	// since then and interrupts it with a preemption signal (~2 a second
	// at the footprint benchmark's load). Yielding once starts a round.
	runtime.Gosched()
}

func (t *lingerTimer) close() error { return t.f.Close() }

// timerfd_create's clock and flags (Linux).
const (
	clockMonotonic = 1
	tfdNonblock    = syscall.O_NONBLOCK
	tfdCloexec     = syscall.O_CLOEXEC
)
