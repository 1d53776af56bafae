//go:build !(linux && (amd64 || arm64))

package adapters

import (
	"errors"
	"net"
	"time"
)

// udpSource reads one datagram per call through Go's network poller where
// the blocking recvmmsg reader (recv_linux.go) is not wired up.
type udpSource struct {
	c        *net.UDPConn
	buf      []byte
	n        int
	deadline time.Time
}

func listenUDP(ua *net.UDPAddr) (datagramSource, error) {
	c, err := net.ListenUDP("udp", ua)
	if err != nil {
		return nil, err
	}
	_ = c.SetReadBuffer(4 << 20)
	return &udpSource{c: c, buf: make([]byte, 64<<10)}, nil
}

func (s *udpSource) addr() string { return s.c.LocalAddr().String() }

func (s *udpSource) close() error { return s.c.Close() }

func (s *udpSource) read(draining bool) (int, error) {
	// The deadline only lets the listener notice that the tool has exited;
	// it is renewed every 100 ms rather than per datagram.
	now := time.Now()
	switch {
	case draining:
		_ = s.c.SetReadDeadline(now.Add(20 * time.Millisecond))
	case s.deadline.Sub(now) < 100*time.Millisecond:
		s.deadline = now.Add(200 * time.Millisecond)
		_ = s.c.SetReadDeadline(s.deadline)
	}
	// Read, not ReadFromUDP: the sender's address is not needed and would
	// be allocated for every datagram.
	n, err := s.c.Read(s.buf)
	s.n = n
	var ne net.Error
	switch {
	case err == nil:
		return 1, nil
	case errors.As(err, &ne) && ne.Timeout():
		return 0, nil
	default:
		return 0, err
	}
}

func (s *udpSource) datagram(int) ([]byte, int64) { return s.buf[:s.n], time.Now().UnixMilli() }
