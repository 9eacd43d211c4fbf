package thor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// TestMalformedRequestsGetErrorReplies sends bad requests to a session and
// requires a well-formed failed reply naming the problem.
func TestMalformedRequestsGetErrorReplies(t *testing.T) {
	cases := []struct{ msg, want string }{
		{`not json`, "malformed request"},
		{``, "malformed request"},
		{`{"id":3}`, `missing "action"`},
		{`{"id":4,"action":"Jump"}`, `unknown action "Jump"`},
		{`{"id":5,"action":"Initialize","args":{"width":-3}}`, "image size"},
		{`{"id":6,"action":"Initialize","args":{"gridSize":0.1}}`, "gridSize"},
		{`{"id":7,"action":"Initialize","args":{"widht":3}}`, "unknown field"},
		{`{"id":8,"action":"Initialize","args":[1,2]}`, "bad args"},
		{`{"id":9,"action":"CreateHouse","args":{}}`, `missing "house"`},
		{`{"id":10,"action":"CreateHouse","args":{"house":{"rooms":"x"}}}`, "CreateHouse"},
		{`{"id":11,"action":"CreateHouse","args":{"house":{}}}`, "CreateHouse"},
		{`{"id":12,"action":"TeleportFull","args":{}}`, "required"},
		{`{"id":13,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":10,"y":0,"z":0}}}`, "only a yaw"},
		{`{"id":14,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":0,"y":0,"z":0},"horizon":95}}`, "horizon"},
		{`{"id":15,"action":"TeleportObject","args":{"objectId":"a","position":{"x":0,"y":0,"z":0}}}`, "no house"},
		{`{"id":16,"action":"Render"}`, "no house"},
		{`{"id":17,"action":"GetCoordinateFromRaycast","args":{"x":0.5}}`, "no house"},
		{`{"id":18,"action":"SettleObject","args":{"objectId":1}}`, "bad args"},
		{`{"id":19,"action":"Pass"} trailing`, "trailing"},
		{`{"id":-1,"action":"Pass"}`, "malformed request"},
		{`{"id":20,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":0,"y":0,"z":0},"standing":false}}`, "eyeHeight"},
		{`[1,2,3]`, "malformed request"},
		{`{"id":21,"action":"TeleportFull","args":{"position":{"x":1e300,"y":0,"z":0},"rotation":{"x":0,"y":0,"z":0}}}`, "more than 10000 m"},
		{`{"id":22,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":0,"y":1e300,"z":0}}}`, "beyond"},
		{`{"id":23,"action":"Pass","args":{"steps":1}}`, "unknown field"},
		{`{"id":24,"action":"GetReachablePositions","args":{"gridSize":0.25}}`, "unknown field"},
	}
	s := newSession(ServerOptions{}.withDefaults())
	for _, c := range cases {
		frames, reply := s.handle([]byte(c.msg))
		if len(frames) != 0 {
			t.Errorf("%q: failed request sent %d frames", c.msg, len(frames))
		}
		var r Reply
		if err := json.Unmarshal(reply, &r); err != nil {
			t.Fatalf("%q: reply is not JSON: %v", c.msg, err)
		}
		if r.Metadata.LastActionSuccess {
			t.Errorf("%q: succeeded", c.msg)
		}
		if !strings.Contains(r.Metadata.ErrorMessage, c.want) {
			t.Errorf("%q: errorMessage %q does not mention %q", c.msg, r.Metadata.ErrorMessage, c.want)
		}
		var first struct{ ID uint64 }
		_ = json.NewDecoder(strings.NewReader(c.msg)).Decode(&first)
		if want := first.ID; r.ID != want {
			t.Errorf("%q: reply id %d, want %d", c.msg, r.ID, want)
		}
	}
}

// FuzzSessionHandle feeds arbitrary bytes to a session: it must always
// answer with a decodable reply and never panic.
func FuzzSessionHandle(f *testing.F) {
	for _, s := range []string{`{"id":1,"action":"Pass"}`, `{"id":2,"action":"Initialize","args":{"width":4,"height":4}}`,
		`{"id":3,"action":"TeleportFull","args":{"position":{"x":0,"y":0,"z":0},"rotation":{"x":0,"y":0,"z":0}}}`,
		`{"id":4,"action":"Render","args":{"passes":["ids","ids"]}}`, `{"id":5,"action":"CreateHouse","args":{"house":{"rooms":[]}}}`, `{`} {
		f.Add([]byte(s))
	}
	s := newSession(ServerOptions{MaxImageSide: 64}.withDefaults())
	f.Fuzz(func(t *testing.T, msg []byte) {
		_, reply := s.handle(msg)
		var r Reply
		if err := json.Unmarshal(reply, &r); err != nil {
			t.Fatalf("reply to %q is not JSON: %v", msg, err)
		}
	})
}

// TestServerSurvivesBadMessages sends a binary message, an oversized
// message and a bad hello over real connections: the server answers or
// closes that connection and keeps serving others.
func TestServerSurvivesBadMessages(t *testing.T) {
	_, url := startServer(t, ServerOptions{MaxMessageBytes: 4096})
	// A bad hello gets a refusal.
	conn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.WriteMessage(websocket.TextMessage, []byte(`{"protocol":"flowbench-thor","version":99,"role":"client"}`))
	_, msg, err := conn.ReadMessage()
	if err != nil || !strings.Contains(string(msg), "version 99") {
		t.Fatalf("bad hello: got %q, %v; want a refusal naming the version", msg, err)
	}
	conn.Close()

	c := dialTest(t, url, Options{Retries: -1})
	conn = c.conn
	// A binary message gets an error reply.
	conn.WriteMessage(websocket.BinaryMessage, []byte{1, 2, 3})
	var r Reply
	if err := conn.ReadJSON(&r); err != nil || r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, "binary") {
		t.Fatalf("binary message: reply %+v, %v", r.Metadata.ErrorMessage, err)
	}
	// The connection still works.
	if _, err := c.call(ActionPass, nil, false); err != nil {
		t.Fatalf("after a binary message: %v", err)
	}
	// An oversized request closes this connection (status 1009) ...
	big := `{"id":1,"action":"Pass","args":{"pad":"` + strings.Repeat("x", 8192) + `"}}`
	conn.WriteMessage(websocket.TextMessage, []byte(big))
	if _, _, err := conn.ReadMessage(); !websocket.IsCloseError(err, websocket.CloseMessageTooBig) {
		t.Fatalf("oversized message: got %v, want close 1009", err)
	}
	// ... and the server keeps serving new ones.
	c2 := dialTest(t, url, Options{})
	if _, err := c2.ReachablePositions(); err == nil || !strings.Contains(err.Error(), "no house") {
		t.Fatalf("fresh connection: got %v, want a no-house error", err)
	}
}

// TestFrameDecodeRejectsBadHeaders checks the binary header checks.
func TestFrameDecodeRejectsBadHeaders(t *testing.T) {
	good := EncodeDepth(7, 3, 2, []float32{1, 2, 3, 4, 5, 0})
	h, p, err := DecodeFrame(good)
	if err != nil || h.ID != 7 || h.Pass != PassDepth || h.Width != 3 || h.Height != 2 || len(p) != 24 {
		t.Fatalf("round trip: %+v %d %v", h, len(p), err)
	}
	if d := decodeDepth(p); d[1] != 2 || d[5] != 0 {
		t.Fatalf("depth payload %v", d)
	}
	ids := EncodeIDs(9, 2, 1, []uint16{65535, 3})
	if _, p, err := DecodeFrame(ids); err != nil || decodeIDs(p)[0] != 65535 {
		t.Fatalf("ids round trip: %v", err)
	}
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	bad := map[string][]byte{
		"short":     good[:10],
		"magic":     mut(func(b []byte) []byte { b[0] = 'X'; return b }),
		"version":   mut(func(b []byte) []byte { b[4] = 2; return b }),
		"pass":      mut(func(b []byte) []byte { b[6] = 9; return b }),
		"dtype":     mut(func(b []byte) []byte { b[7] = byte(DTypeUint8); return b }),
		"truncated": good[:len(good)-1],
		"long":      append(append([]byte(nil), good...), 0),
		"huge":      mut(func(b []byte) []byte { b[16], b[17], b[18], b[19] = 255, 255, 255, 255; return b }),
	}
	for name, b := range bad {
		if _, _, err := DecodeFrame(b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzReadFrame feeds arbitrary binary messages to the client's frame
// reader: errors are fine, panics and huge allocations are not.
func FuzzReadFrame(f *testing.F) {
	f.Add(EncodeDepth(1, 2, 2, []float32{1, 2, 3, 4}))
	f.Add(EncodeIDs(2, 1, 1, []uint16{7}))
	f.Add(EncodeRGB(3, 1, 1, []uint8{1, 2, 3}))
	f.Add([]byte("FBTF"))
	f.Fuzz(func(t *testing.T, msg []byte) {
		h, p, err := readFrame(bytes.NewReader(msg), 1<<20)
		if err == nil && len(p) != h.Width*h.Height*h.Channels*h.DType.size() {
			t.Fatalf("accepted %d payload bytes for %+v", len(p), h)
		}
	})
}

// TestClientRejectsBadServerMessages uses a server that answers with a
// malformed frame, then with a reply that is not JSON: the calls fail with
// errors naming the problem.
func TestClientRejectsBadServerMessages(t *testing.T) {
	for _, bad := range []struct {
		typ  int
		msg  []byte
		want string
	}{
		{websocket.BinaryMessage, []byte("FBTF\x01\x00\x02\x02"), "shorter than"},
		{websocket.BinaryMessage, append(append([]byte(nil), EncodeDepth(1, 2, 2, []float32{1, 2, 3, 4})[:16]...), 255, 255, 255, 255, 255, 255, 255, 255, 1, 0, 0, 0, 0, 0, 0, 0), "message limit"},
		{websocket.TextMessage, []byte("{not json"), "malformed reply"},
	} {
		url := fakeServer(t, func(conn *websocket.Conn) {
			serverHello(conn)
			conn.ReadMessage()
			conn.WriteMessage(bad.typ, bad.msg)
			conn.ReadMessage()
		})
		c := dialTest(t, url, Options{Retries: -1, MaxMessageBytes: 1 << 20})
		_, err := c.Render()
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: got %v, want an error mentioning %q", bad.msg, err, bad.want)
		}
	}
}

// Finite but absurd object poses are refused before they reach the scene,
// and the object stays where it was.
func TestAbsurdObjectPosesAreRefused(t *testing.T) {
	s := newSession(ServerOptions{}.withDefaults())
	hb, err := json.Marshal(map[string]any{"house": testHouse(t, 3)})
	if err != nil {
		t.Fatal(err)
	}
	ok := func(reply []byte) bool {
		var r Reply
		if err := json.Unmarshal(reply, &r); err != nil {
			t.Fatal(err)
		}
		return r.Metadata.LastActionSuccess
	}
	if _, reply := s.handle([]byte(`{"id":1,"action":"CreateHouse","args":` + string(hb) + `}`)); !ok(reply) {
		t.Fatalf("CreateHouse failed: %.300s", reply)
	}
	o := s.scene.Objects[0]
	before := o.Position
	for _, args := range []string{
		`{"objectId":%q,"position":{"x":2e4,"y":0,"z":0}}`,
		`{"objectId":%q,"position":{"x":1,"y":1,"z":1},"rotation":{"x":0,"y":-1e300,"z":0}}`,
	} {
		msg := fmt.Sprintf(`{"id":2,"action":"TeleportObject","args":`+args+`}`, o.ID)
		_, reply := s.handle([]byte(msg))
		var r Reply
		if err := json.Unmarshal(reply, &r); err != nil {
			t.Fatal(err)
		}
		if r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, "TeleportObject") {
			t.Errorf("%s: got success=%v %q", msg, r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage)
		}
	}
	_, reply := s.handle([]byte(fmt.Sprintf(`{"id":3,"action":"PlaceObjectAtPoint","args":{"objectId":%q,"position":{"x":0,"y":-3e4,"z":0}}}`, o.ID)))
	if ok(reply) {
		t.Errorf("PlaceObjectAtPoint far below the floor succeeded")
	}
	if o.Position != before {
		t.Errorf("object moved from %v to %v", before, o.Position)
	}
}
