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
