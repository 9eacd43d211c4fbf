package thor

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// roundTrip sends one text message on a raw connection and returns the
// JSON reply, skipping binary frames.
func roundTrip(t *testing.T, c *websocket.Conn, msg string) Reply {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(30 * time.Second)) // a failure guard only
	if err := c.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		t.Fatalf("send: %v", err)
	}
	for {
		typ, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("no reply to %.80q: %v", msg, err)
		}
		if typ != websocket.TextMessage {
			continue
		}
		var r Reply
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatalf("reply %.200q: %v", b, err)
		}
		return r
	}
}

// mustSucceed round-trips msg and fails the test unless it succeeds.
func mustSucceed(t *testing.T, c *websocket.Conn, msg string) {
	t.Helper()
	if r := roundTrip(t, c, msg); !r.Metadata.LastActionSuccess {
		t.Fatalf("%.80q: %s", msg, r.Metadata.ErrorMessage)
	}
}

// placeCamera loads one_room in a raw session at the given image size and
// places the camera.
func placeCamera(t *testing.T, c *websocket.Conn, house []byte, side int) {
	t.Helper()
	mustSucceed(t, c, fmt.Sprintf(`{"id":1,"action":"Initialize","args":{"width":%d,"height":%d}}`, side, side))
	mustSucceed(t, c, `{"id":2,"action":"CreateHouse","args":{"house":`+string(house)+`},"withObjects":false}`)
	mustSucceed(t, c, `{"id":3,"action":"TeleportFull","args":{"position":{"x":2,"y":0,"z":2.5},"rotation":{"x":0,"y":0,"z":0},"horizon":0},"withObjects":false}`)
}

// openSessions is how many sessions the server holds.
func openSessions(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// waitFor polls cond until it holds or the guard passes.
func waitFor(t *testing.T, guard time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(guard); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", guard, what)
		}
	}
}
