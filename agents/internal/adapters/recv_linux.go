//go:build linux && (amd64 || arm64)

package adapters

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// udpSource is the StatsD socket on Linux: a blocking socket read with
// recvmmsg from the listener's goroutine, outside Go's network poller.
//
// Measured at 100,000 samples/s (2,400 packed datagrams/s) on a 2-vCPU VM,
// waking up was most of the agent's CPU, not parsing: each wake-up costs
// ~100 µs there (a bare loop of 5 ms sleeps, in Go or Python, uses 2 % of a
// core), and the poller's edge-triggered epoll woke a runtime thread for
// every arriving datagram, whether or not the listener was waiting. Here
// a datagram wakes the listener only when it is blocked on an empty
// socket; after a read that did not fill its batch the listener sleeps
// (linger), and the next reads take what arrived meanwhile, up to
// batchDatagrams per system call. The kernel stamps each datagram as it
// arrives (SO_TIMESTAMPNS), so samples keep their arrival time and land in
// the same interval however long the listener slept.
//
// A read that expects datagrams (after a linger, or after a full read) is a
// raw non-blocking system call. An ordinary one tells the runtime that the
// goroutine may block, and entering it wakes the runtime's monitor thread
// (sysmon) from its deep sleep and sets it polling every 20 µs for the next
// millisecond or so: measured at the footprint benchmark's load, ~140
// wake-ups and ~4 ms of CPU a second, a sixth of the agent's. Only a read
// that finds the socket empty blocks, as an ordinary system call.
type udpSource struct {
	fd      int
	local   string
	hdrs    []mmsghdr
	iovs    []syscall.Iovec
	bufs    [][]byte
	oob     []byte // one control message (the arrival time) per datagram
	last    int    // datagrams the previous read returned
	drained bool
	// The linger grows from minLinger to maxLinger while traffic flows,
	// and is held so that what arrives meanwhile, at the rate of the last
	// sleep, fits in a quarter of the socket buffer.
	rcvbuf    int
	lingering time.Duration
	rate      float64      // bytes/s the kernel charged the buffer during the last sleep
	timer     *lingerTimer // nil without timerfd: time.Sleep
}

// mmsghdr is struct mmsghdr on 64-bit Linux.
type mmsghdr struct {
	hdr syscall.Msghdr
	len uint32
	_   [4]byte
}

const (
	batchDatagrams = 64
	// maxDatagram holds any UDP datagram, so none is truncated.
	maxDatagram = 64 << 10
	// idleWait bounds a blocking read (SO_RCVTIMEO), so the listener
	// notices that the tool has exited.
	idleWait = 200 * time.Millisecond
	// The listener sleeps between reads while traffic flows (see
	// udpSource): 2.5 times a second at most, each a thread wake-up
	// (lingerTimer), ~40 µs on this VM. At the footprint
	// benchmark's 2,400 datagrams/s (2,304 bytes each as the kernel counts
	// them) a quarter of a 4 MB buffer (8 MB as the kernel counts it)
	// holds 380 ms; at 100,000 one-line datagrams/s, ~20 ms. Samples keep
	// their arrival time and are recorded within flushAfterMs and a linger
	// of it (900 ms), before their interval closes (an interval and a
	// second after its end, agent.go).
	minLinger = time.Millisecond
	maxLinger = 400 * time.Millisecond
)

func listenUDP(ua *net.UDPAddr) (datagramSource, error) {
	family := syscall.AF_INET
	var sa syscall.Sockaddr
	if ip4 := ua.IP.To4(); ip4 != nil {
		sa4 := &syscall.SockaddrInet4{Port: ua.Port}
		copy(sa4.Addr[:], ip4)
		sa = sa4
	} else {
		family = syscall.AF_INET6
		sa6 := &syscall.SockaddrInet6{Port: ua.Port}
		copy(sa6.Addr[:], ua.IP.To16())
		sa = sa6
	}
	fd, err := syscall.Socket(family, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, syscall.IPPROTO_UDP)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	s := &udpSource{fd: fd}
	if err := s.setup(sa); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	s.timer = newLingerTimer()
	return s, nil
}

func (s *udpSource) setup(sa syscall.Sockaddr) error {
	if err := syscall.Bind(s.fd, sa); err != nil {
		return os.NewSyscallError("bind", err)
	}
	// As much buffer as the system allows, up to 4 MB (net.core.rmem_max).
	_ = syscall.SetsockoptInt(s.fd, syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4<<20)
	s.rcvbuf, _ = syscall.GetsockoptInt(s.fd, syscall.SOL_SOCKET, syscall.SO_RCVBUF)
	// The kernel stamps each datagram as it arrives: a sample keeps the
	// time it reached the machine however long the listener lingers.
	if err := syscall.SetsockoptInt(s.fd, syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1); err != nil {
		return os.NewSyscallError("setsockopt", err)
	}
	tv := syscall.NsecToTimeval(int64(idleWait))
	if err := syscall.SetsockoptTimeval(s.fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv); err != nil {
		return os.NewSyscallError("setsockopt", err)
	}
	bound, err := syscall.Getsockname(s.fd)
	if err != nil {
		return os.NewSyscallError("getsockname", err)
	}
	switch b := bound.(type) {
	case *syscall.SockaddrInet4:
		s.local = net.JoinHostPort(net.IP(b.Addr[:]).String(), fmt.Sprint(b.Port))
	case *syscall.SockaddrInet6:
		s.local = net.JoinHostPort(net.IP(b.Addr[:]).String(), fmt.Sprint(b.Port))
	}
	s.hdrs = make([]mmsghdr, batchDatagrams)
	s.iovs = make([]syscall.Iovec, batchDatagrams)
	s.bufs = make([][]byte, batchDatagrams)
	s.oob = make([]byte, batchDatagrams*oobSpace)
	// One allocation, fresh from the system and so never written by Go:
	// only the pages datagrams touch become resident.
	all := make([]byte, batchDatagrams*maxDatagram)
	for i := range s.hdrs {
		s.bufs[i] = all[i*maxDatagram : (i+1)*maxDatagram : (i+1)*maxDatagram]
		s.iovs[i].Base = &s.bufs[i][0]
		s.iovs[i].SetLen(maxDatagram)
		s.hdrs[i].hdr.Iov = &s.iovs[i]
		s.hdrs[i].hdr.Iovlen = 1
		s.hdrs[i].hdr.Control = &s.oob[i*oobSpace]
	}
	return nil
}

func (s *udpSource) addr() string { return s.local }

// close reports datagrams the kernel dropped (the socket buffer was full)
// and closes the socket.
func (s *udpSource) close() error {
	if n := s.drops(); n > 0 {
		slog.Warn("statsd: the kernel dropped datagrams, the socket buffer was full (see net.core.rmem_max)", "datagrams", n)
	}
	if s.timer != nil {
		s.timer.close()
	}
	return syscall.Close(s.fd)
}

// drops reads the socket's drop counter from /proc/net/udp{,6} (the last
// column of the line with its inode); -1 when it cannot.
func (s *udpSource) drops() int64 {
	var st syscall.Stat_t
	if syscall.Fstat(s.fd, &st) != nil {
		return -1
	}
	inode := strconv.FormatUint(st.Ino, 10)
	for _, table := range []string{"/proc/self/net/udp", "/proc/self/net/udp6"} {
		data, err := os.ReadFile(table)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			f := strings.Fields(line)
			if len(f) >= 13 && f[9] == inode {
				n, err := strconv.ParseInt(f[len(f)-1], 10, 64)
				if err != nil {
					return -1
				}
				return n
			}
		}
	}
	return -1
}

// read waits up to idleWait for datagrams and returns how many it read;
// draining (the tool has exited) takes what is queued without waiting,
// after a short grace for datagrams still in flight.
func (s *udpSource) read(draining bool) (int, error) {
	flags := msgWaitForOne
	switch {
	case draining:
		if !s.drained {
			s.drained = true
			time.Sleep(20 * time.Millisecond)
		}
		flags = syscall.MSG_DONTWAIT
	case s.last > 0 && s.last < len(s.hdrs):
		// The socket was emptied by a read with room to spare: let the
		// next datagrams queue rather than wake for each. Not nanosleep: a
		// system call that long makes the runtime's monitor take the
		// processor back and poll at its fastest for a while (see
		// lingerTimer).
		sleptAt := time.Now()
		s.linger(s.nextLinger())
		if queued, ok := s.queuedBytes(); ok {
			s.rate = float64(queued) / max(time.Since(sleptAt).Seconds(), 1e-6)
		}
	}
	for i := range s.hdrs {
		s.hdrs[i].hdr.Controllen = oobSpace // the kernel sets what it wrote
	}
	if s.last > 0 && !draining {
		// Datagrams are expected: a raw call that cannot block (see udpSource).
		n, _, errno := syscall.RawSyscall6(sysRecvmmsg, uintptr(s.fd), uintptr(unsafe.Pointer(&s.hdrs[0])), uintptr(len(s.hdrs)), syscall.MSG_DONTWAIT, 0, 0)
		if errno == 0 {
			return s.got(int(n)), nil
		}
		// EAGAIN: the socket is empty after all, so block below. Anything
		// else comes back from the ordinary call too.
	}
	for {
		n, _, errno := syscall.Syscall6(sysRecvmmsg, uintptr(s.fd), uintptr(unsafe.Pointer(&s.hdrs[0])), uintptr(len(s.hdrs)), uintptr(flags), 0, 0)
		switch errno {
		case 0:
			return s.got(int(n)), nil
		case syscall.EINTR:
			continue
		case syscall.EAGAIN: // SO_RCVTIMEO expired, or nothing queued while draining
			// Traffic stopped: the next burst starts with a short linger.
			s.last, s.lingering, s.rate = 0, 0, 0
			return 0, nil
		default:
			return 0, os.NewSyscallError("recvmmsg", errno)
		}
	}
}

// got notes a read of n datagrams and returns n.
func (s *udpSource) got(n int) int {
	s.last = n
	return n
}

// nextLinger doubles the linger up to maxLinger, within what a quarter of
// the socket buffer holds at the last sleep's rate.
func (s *udpSource) nextLinger() time.Duration {
	d := min(max(2*s.lingering, minLinger), maxLinger)
	if s.rate > 0 {
		d = min(d, time.Duration(float64(s.rcvbuf)/4/s.rate*float64(time.Second)))
	}
	s.lingering = d
	return d
}

// queuedBytes is what the datagrams waiting in the socket cost its buffer,
// as the kernel counts them (SO_MEMINFO's receive allocation: each
// datagram's whole buffer, 2,304 bytes for a 1,432-byte one here), so the
// linger's bound holds whatever the datagrams' size. A raw system call: it
// cannot block.
func (s *udpSource) queuedBytes() (int, bool) {
	var info [skMeminfoVars]uint32
	size := uint32(unsafe.Sizeof(info))
	_, _, errno := syscall.RawSyscall6(syscall.SYS_GETSOCKOPT, uintptr(s.fd), syscall.SOL_SOCKET, soMeminfo,
		uintptr(unsafe.Pointer(&info[0])), uintptr(unsafe.Pointer(&size)), 0)
	return int(info[0]), errno == 0 && size >= 4
}

// SO_MEMINFO (Linux 3.x on) and its array's length; the receive
// allocation (SK_MEMINFO_RMEM_ALLOC) comes first.
const (
	soMeminfo     = 55
	skMeminfoVars = 9
)

// oobSpace holds one cmsghdr (16 bytes) and a timespec (16 bytes).
const oobSpace = 32

// datagram returns the i-th datagram of the last read and when it arrived
// (unix ms).
func (s *udpSource) datagram(i int) ([]byte, int64) {
	h := &s.hdrs[i].hdr
	if h.Controllen >= oobSpace {
		c := s.oob[i*oobSpace:]
		if *(*int32)(unsafe.Pointer(&c[8])) == syscall.SOL_SOCKET && *(*int32)(unsafe.Pointer(&c[12])) == syscall.SCM_TIMESTAMPNS {
			sec, nsec := *(*int64)(unsafe.Pointer(&c[16])), *(*int64)(unsafe.Pointer(&c[24]))
			return s.bufs[i][:s.hdrs[i].len], sec*1000 + nsec/1_000_000
		}
	}
	return s.bufs[i][:s.hdrs[i].len], time.Now().UnixMilli()
}
