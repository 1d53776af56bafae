//go:build unix

package sink

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"
)

// quietConn behaves as a net.Conn: a write larger than the socket buffers
// waits for the reader and arrives whole, a read deadline times out as a
// timeout, and the peer's close reads as io.EOF.
func TestQuietConnBehavesAsAConn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	payload := bytes.Repeat([]byte("levelfield "), 1<<20) // 11 MB: many times a socket buffer
	got := make(chan []byte, 1)
	go func() {
		peer, err := ln.Accept()
		if err != nil {
			got <- nil
			return
		}
		time.Sleep(50 * time.Millisecond) // let the writer fill the buffers and wait
		all, _ := io.ReadAll(io.LimitReader(peer, int64(len(payload))))
		got <- all
		peer.Write([]byte("ok"))
		time.Sleep(300 * time.Millisecond) // past the client's read deadline
		peer.Close()
	}()
	c, err := dialQuiet(&net.Dialer{})(context.Background(), "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(*quietConn); !ok {
		t.Fatalf("dialQuiet returned %T, not a quietConn", c)
	}
	if n, err := c.Write(payload); err != nil || n != len(payload) {
		t.Fatalf("write: %d of %d bytes, %v", n, len(payload), err)
	}
	if all := <-got; !bytes.Equal(all, payload) {
		t.Fatalf("the peer received %d bytes, not the %d written", len(all), len(payload))
	}
	buf := make([]byte, 16)
	if n, err := io.ReadFull(c, buf[:2]); err != nil || string(buf[:n]) != "ok" {
		t.Fatalf("read %q, %v", buf[:n], err)
	}
	c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	var ne net.Error
	if _, err := c.Read(buf); !errors.As(err, &ne) || !ne.Timeout() || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read past the deadline: %v, want a timeout", err)
	}
	c.SetReadDeadline(time.Time{})
	if n, err := c.Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("read after the peer closed: %d, %v, want io.EOF", n, err)
	}
}

// The client's quiet connections carry TLS too: the transport wraps them
// in crypto/tls as it wraps any connection.
func TestClientOverTLS(t *testing.T) {
	api, _ := newFakeAPI()
	srv := httptest.NewTLSServer(api)
	defer srv.Close()
	c := NewClient(srv.URL, "lf_test")
	transport := c.HTTP.Transport.(*http.Transport)
	transport.TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig
	dialed := 0
	dial := transport.DialContext
	transport.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dial(ctx, network, addr)
		if _, ok := conn.(*quietConn); ok {
			dialed++
		}
		return conn, err
	}
	created, err := c.CreateRun(context.Background(), []byte(`{}`))
	if err != nil || created.ID != "r1" {
		t.Fatalf("create over TLS: %+v, %v", created, err)
	}
	if dialed != 1 {
		t.Fatalf("%d quiet connections dialed, want 1", dialed)
	}
}
