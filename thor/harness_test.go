package thor

import (
	"net"
	"testing"

	"flowbench/render"
)

// startServer serves a fresh Server on a loopback port and returns its
// websocket URL; the server is closed when the test ends.
func startServer(t testing.TB, opts ServerOptions) (*Server, string) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	return serveOn(t, ln, opts), "ws://" + ln.Addr().String()
}

func serveOn(t testing.TB, ln net.Listener, opts ServerOptions) *Server {
	if opts.Render == (render.Options{}) {
		opts.Render = render.Options{Workers: 1}
	}
	srv := NewServer(opts)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return srv
}

// dialTest connects a client that is closed when the test ends.
func dialTest(t testing.TB, url string, opts Options) *Client {
	t.Helper()
	c, err := Dial(url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
