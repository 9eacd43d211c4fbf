package thor

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// With MaxSessions open, a new client evicts the session idle longest
// (it was refused with 503 until the idle ones timed out, 30 min by
// default): the evicted client gets close status 1013 saying why, the
// other session lives on, and with no session idle long enough a further
// client is still refused with 503.
func TestServerEvictsTheLongestIdleSession(t *testing.T) {
	_, url := startServer(t, ServerOptions{MaxSessions: 2, EvictIdleAfter: 200 * time.Millisecond})
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
	time.Sleep(100 * time.Millisecond)
	mustSucceed(t, b, `{"id":1,"action":"Pass"}`) // a is now the longest idle
	time.Sleep(300 * time.Millisecond)
	c, resp, err := dialHello(t, url)
	if err != nil {
		t.Fatalf("a third client with two idle sessions open: %v (response %v), want one evicted", err, resp)
	}
	defer c.Close()
	a.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err = a.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.CloseTryAgainLater || !strings.Contains(ce.Text, "evicted") {
		t.Fatalf("the longest idle session read %v, want close 1013 saying it was evicted", err)
	}
	mustSucceed(t, b, `{"id":2,"action":"Pass"}`)
	mustSucceed(t, c, `{"id":1,"action":"Pass"}`)
	if d, resp, err := dialHello(t, url); err == nil {
		d.Close()
		t.Fatal("a client was accepted while both sessions had just been active")
	} else if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("fourth client: %v (response %v), want 503", err, resp)
	}
}
