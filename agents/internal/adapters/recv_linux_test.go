//go:build linux && (amd64 || arm64)

package adapters

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/levelfield/levelfield/agents/internal/histogram"
)

// The recvmmsg listener takes every datagram of a burst, stamps samples with
// the kernel's arrival time, and finds its drop counter.
func TestStatsDListenerBatches(t *testing.T) {
	a := mustNew(t, "statsd", Options{Follow: true, Opts: map[string]string{"addr": "127.0.0.1:0"}})
	src := a.(*statsd).src.(*udpSource)
	c := newCollector()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- a.Run(ctx, c) }()
	conn, err := dialUDP(a.(*statsd).Addr())
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().UnixMilli()
	const datagrams, lines = 500, 20
	for i := 0; i < datagrams; i++ {
		var b strings.Builder
		for j := 0; j < lines; j++ {
			fmt.Fprintf(&b, "t:%d|ms|#s:%d\n", j+1, j%4)
		}
		if _, err := conn.Write([]byte(b.String())); err != nil {
			t.Fatal(err)
		}
		if i%100 == 0 {
			time.Sleep(10 * time.Millisecond) // let the listener sleep between bursts
		}
	}
	conn.Close()
	time.Sleep(50 * time.Millisecond)
	if n := src.drops(); n != 0 {
		t.Errorf("drops %d", n)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	after := time.Now().UnixMilli()
	total := 0
	for j := 0; j < 4; j++ {
		total += len(c.lat[histogram.NewSeries("t", histogram.Latency, "us", map[string]string{"s": fmt.Sprint(j)})])
	}
	if total != datagrams*lines {
		t.Fatalf("received %d of %d timers", total, datagrams*lines)
	}
	if c.lastAt < before || c.lastAt > after {
		t.Fatalf("arrival time %d outside [%d, %d]", c.lastAt, before, after)
	}
}

// The linger's bound comes from what queued datagrams cost the socket
// buffer as the kernel counts them: more than their bytes, and never more
// than a quarter of the buffer at the rate measured.
func TestStatsDLingerFollowsTheKernelsAccounting(t *testing.T) {
	a := mustNew(t, "statsd", Options{Follow: true, Opts: map[string]string{"addr": "127.0.0.1:0"}})
	src := a.(*statsd).src.(*udpSource)
	defer src.close()
	if q, ok := src.queuedBytes(); !ok || q != 0 {
		t.Fatalf("empty socket: queued %d, ok %v", q, ok)
	}
	conn, err := dialUDP(a.(*statsd).Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const datagrams, size = 50, 1432
	for i := 0; i < datagrams; i++ {
		if _, err := conn.Write([]byte(strings.Repeat("x", size))); err != nil {
			t.Fatal(err)
		}
	}
	q, ok := src.queuedBytes()
	if !ok || q < datagrams*size {
		t.Fatalf("%d datagrams of %d bytes queued: the kernel counts %d bytes (ok %v)", datagrams, size, q, ok)
	}
	// At a rate that fills a quarter of the buffer in 100 ms, the linger
	// stops growing there.
	src.rate = float64(src.rcvbuf) / 4 / 0.1
	var d time.Duration
	for range 20 {
		d = src.nextLinger()
	}
	if d > 100*time.Millisecond || d < 99*time.Millisecond {
		t.Fatalf("linger %v at a rate filling a quarter of the buffer in 100 ms", d)
	}
	src.rate = 0
	for range 20 {
		d = src.nextLinger()
	}
	if d != maxLinger {
		t.Fatalf("linger %v without a rate, want %v", d, maxLinger)
	}
}

// The listener's timer sleeps as long as asked, again and again.
func TestLingerTimerSleeps(t *testing.T) {
	timer := newLingerTimer()
	if timer == nil {
		t.Fatal("no timerfd")
	}
	defer timer.close()
	for _, d := range []time.Duration{0, 20 * time.Millisecond, 5 * time.Millisecond} {
		start := time.Now()
		if !timer.sleep(d) {
			t.Fatalf("sleep(%v) failed", d)
		}
		if took := time.Since(start); took < d || took > d+time.Second {
			t.Fatalf("sleep(%v) took %v", d, took)
		}
	}
}
