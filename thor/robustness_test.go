package thor

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// TestKilledServerFailsCleanly closes the server under a connected client:
// every later call returns an error (no panic, no hang).
func TestKilledServerFailsCleanly(t *testing.T) {
	srv, url := startServer(t, ServerOptions{})
	c := dialTest(t, url, Options{Retries: 2, Backoff: 5 * time.Millisecond, DialTimeout: time.Second})
	h, err := sim.Generate(sim.StyleProcTHOR, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	start := time.Now()
	calls := map[string]func() error{
		"Objects":            func() error { _, err := c.Objects(); return err },
		"ReachablePositions": func() error { _, err := c.ReachablePositions(); return err },
		"SetCamera":          func() error { return c.SetCamera(sim.NewCamera(sim.Vec3{1, 1.5, 1}, 0, 0)) },
		"Render":             func() error { _, err := c.Render(); return err },
		"Settle":             func() error { return c.Settle("x") },
	}
	for name, f := range calls {
		if err := f(); err == nil || !strings.Contains(err.Error(), "giving up") {
			t.Errorf("%s after the server died: %v, want a give-up error", name, err)
		}
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("failing took %v", d)
	}
}

// TestServerDyingMidRequest uses a server that reads a request and then
// drops the connection: the call fails after its reconnect attempts.
func TestServerDyingMidRequest(t *testing.T) {
	url := fakeServer(t, func(conn *websocket.Conn) {
		serverHello(conn)
		conn.ReadMessage() // the request ... and then the "process" dies
	})
	c := dialTest(t, url, Options{Retries: 2, Backoff: time.Millisecond})
	_, err := c.Render()
	if err == nil || !strings.Contains(err.Error(), "connection lost") {
		t.Fatalf("got %v, want a connection-lost error", err)
	}
}

// TestRequestTimeout uses a server that never answers.
func TestRequestTimeout(t *testing.T) {
	url := fakeServer(t, func(conn *websocket.Conn) {
		serverHello(conn)
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				return
			}
		}
	})
	c := dialTest(t, url, Options{Timeout: 200 * time.Millisecond})
	start := time.Now()
	_, err := c.ReachablePositions()
	if err == nil || !strings.Contains(err.Error(), "no reply within") {
		t.Fatalf("got %v, want a timeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("timeout took %v", d)
	}
}

// TestReconnectReplaysState restarts the server on the same address in the
// middle of a session: the client reconnects, replays the house, the moves
// and the camera, and then answers exactly as the in-process backend.
func TestReconnectReplaysState(t *testing.T) {
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	srv := serveOn(t, ln, ServerOptions{})
	c := dialTest(t, "ws://"+addr, Options{Retries: 6, Backoff: 5 * time.Millisecond})
	local := planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}})
	h, err := sim.Generate(sim.StyleProcTHOR, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	both := func(f func(s planner.Simulator) error) {
		t.Helper()
		ea, eb := f(local), f(c)
		if errString(ea) != errString(eb) {
			t.Fatalf("local %v, client %v", ea, eb)
		}
	}
	both(func(s planner.Simulator) error { return s.LoadHouse(h) })
	objs, _ := local.Objects()
	var mover *planner.ObjectMeta
	for i := range objs {
		if objs[i].Movable() && objs[i].Parent == "" {
			mover = &objs[i]
			break
		}
	}
	if mover == nil {
		t.Fatal("no movable object")
	}
	both(func(s planner.Simulator) error {
		return s.TeleportObject(mover.ID, mover.Position.Add(sim.Vec3{0, 0.5, 0}), mover.Yaw+45, true)
	})
	reach, _ := local.ReachablePositions()
	cam := sim.Camera{Position: reach[0].Add(sim.Vec3{0, 1.4, 0}), Yaw: 33, Horizon: 12, FOV: 80, Width: 48, Height: 40}
	both(func(s planner.Simulator) error { return s.SetCamera(cam) })

	srv.Close()
	ln2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", addr, err)
	}
	serveOn(t, ln2, ServerOptions{})

	both(func(s planner.Simulator) error { return s.Settle(mover.ID) })
	fa, ea := local.Render()
	fb, eb := c.Render()
	if ea != nil || eb != nil {
		t.Fatal(ea, eb)
	}
	if string(fa.RGB) != string(fb.RGB) || !equalSlices(fa.Depth, fb.Depth) || !equalSlices(fa.IDs, fb.IDs) {
		t.Fatal("frame after reconnecting differs from the in-process frame")
	}
	oa, _ := local.Objects()
	ob, err := c.Objects()
	if err != nil {
		t.Fatal(err)
	}
	for i := range oa {
		if oa[i] != ob[i] {
			t.Fatalf("object %d after reconnecting: local %+v, client %+v", i, oa[i], ob[i])
		}
	}
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestListenRefusesNonLoopback checks the loopback guard.
func TestListenRefusesNonLoopback(t *testing.T) {
	for _, a := range []string{"127.0.0.1:0", "localhost:0", "[::1]:0"} {
		if err := CheckLoopback(a); err != nil {
			t.Errorf("%s: %v", a, err)
		}
	}
	for _, a := range []string{":8765", "0.0.0.0:8765", "192.168.1.5:8765", "example.com:80", "nonsense"} {
		if err := CheckLoopback(a); err == nil {
			t.Errorf("%s: accepted", a)
		}
		if _, err := Listen(a, false); err == nil {
			t.Errorf("Listen(%s): accepted", a)
		}
	}
}

// TestClientRefusesWrongServer dials something that is not a flowbench-thor server.
func TestClientRefusesWrongServer(t *testing.T) {
	url := fakeServer(t, func(conn *websocket.Conn) {
		conn.ReadMessage()
		conn.WriteJSON(map[string]any{"protocol": "other", "version": 1})
	})
	_, err := Dial(url, Options{})
	if err == nil || !strings.Contains(err.Error(), `protocol "other"`) {
		t.Fatalf("got %v", err)
	}
	var ne *net.OpError
	if _, err := Dial("ws://127.0.0.1:1", Options{DialTimeout: time.Second}); err == nil || errors.As(err, &ne) && ne == nil {
		t.Fatalf("dialing a closed port: %v", err)
	}
}

// fakeServer serves a scripted websocket peer on loopback: script runs on
// each upgraded connection (which it need not close). It returns the URL;
// the server stops when the test ends.
func fakeServer(t *testing.T, script func(conn *websocket.Conn)) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	up := websocket.Upgrader{}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		script(conn)
	})}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return "ws://" + ln.Addr().String()
}

// serverHello answers the client's hello as a flowbench-thor server.
func serverHello(conn *websocket.Conn) {
	conn.ReadMessage()
	conn.WriteJSON(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "server"})
}
