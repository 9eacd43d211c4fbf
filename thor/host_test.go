package thor

import (
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// Upgrades whose Host header is not a loopback name are refused with 403
// (DNS rebinding), unless the server was started with AnyHost.
func TestServerRefusesNonLoopbackHost(t *testing.T) {
	for _, anyHost := range []bool{false, true} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := NewServer(ServerOptions{AnyHost: anyHost})
		go srv.Serve(ln)
		url := "ws://" + ln.Addr().String()
		for _, host := range []string{"localhost:8765", "127.0.0.1", "[::1]:80", "127.9.9.9:1", "evil.example:8765", "10.0.0.5", "localhost.evil.example"} {
			c, resp, err := websocket.DefaultDialer.Dial(url, http.Header{"Host": {host}})
			loop := !strings.Contains(host, "evil") && !strings.HasPrefix(host, "10.")
			switch {
			case loop || anyHost:
				if err != nil {
					t.Errorf("AnyHost %v, Host %q: refused (%v)", anyHost, host, err)
					continue
				}
				c.Close()
			default:
				if err == nil {
					c.Close()
					t.Errorf("Host %q accepted", host)
					continue
				}
				if resp == nil || resp.StatusCode != http.StatusForbidden {
					t.Errorf("Host %q: got %v, want 403", host, resp)
				}
			}
		}
		srv.Close()
	}
}
