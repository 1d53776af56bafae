package adapters

import (
	"fmt"
	"net"
	"time"
)

var oldTime = time.Now().Add(-time.Hour)

func fmtSscan(s string, v *int64) (int, error) { return fmt.Sscan(s, v) }

func dialUDP(addr string) (net.Conn, error) { return net.Dial("udp", addr) }
