package thor

import (
	"encoding/json"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// dialHello opens a connection and completes the client hello.
func dialHello(t *testing.T, url string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	c, resp, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		return nil, resp, err
	}
	h, _ := json.Marshal(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "client", Name: "test"})
	if err := c.WriteMessage(websocket.TextMessage, h); err != nil {
		c.Close()
		return nil, resp, err
	}
	if _, _, err := c.ReadMessage(); err != nil {
		c.Close()
		return nil, resp, err
	}
	return c, resp, nil
}

// The server refuses sessions beyond MaxSessions with 503 and closes a
// session that stays idle longer than IdleTimeout, which frees its slot.
func TestServerCapsSessionsAndClosesIdleOnes(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ServerOptions{MaxSessions: 2, IdleTimeout: 300 * time.Millisecond})
	go srv.Serve(ln)
	defer srv.Close()
	url := "ws://" + ln.Addr().String()
	a, _, err := dialHello(t, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, _, err := dialHello(t, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if c, resp, err := dialHello(t, url); err == nil {
		c.Close()
		t.Fatal("a third session was accepted with MaxSessions 2")
	} else if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("third session: %v (response %v), want 503", err, resp)
	}
	// Both sessions go idle: the server closes them and a new one fits.
	a.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, _, err := a.ReadMessage(); err == nil {
		t.Fatal("an idle session was not closed")
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, _, err := dialHello(t, url)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session accepted after the idle ones closed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
