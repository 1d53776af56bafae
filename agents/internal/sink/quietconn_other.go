//go:build !unix

package sink

import (
	"context"
	"net"
)

// dialQuiet is the plain dialer where raw system calls are not available
// (see quietconn_unix.go).
func dialQuiet(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return d.DialContext
}
