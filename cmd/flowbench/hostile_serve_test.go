package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"flowbench/assets"
	"flowbench/sim"
	"flowbench/thor"
)

// startServe runs "serve" in process on a free port and returns its URL;
// the server stops when the test ends.
func startServe(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	old := serveContext
	serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	out := &syncBuffer{}
	errb := &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1", "--assets", "none"}, out, errb)
	}()
	url := waitURL(t, out.String)
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("serve exited %d: %s", code, errb.String())
		}
		serveContext = old
	})
	return url
}

// rawSession dials url and exchanges hellos, returning the connection.
func rawSession(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	hello, _ := json.Marshal(thor.Hello{Protocol: thor.ProtocolName, Version: thor.ProtocolVersion, Role: "client", Name: "hostile-test"})
	if err := c.WriteMessage(websocket.TextMessage, hello); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ReadMessage(); err != nil {
		t.Fatalf("no server hello: %v", err)
	}
	return c
}

// exchange sends one text message and returns the JSON reply, skipping any
// binary frames.
func exchange(t *testing.T, c *websocket.Conn, msg []byte) thor.Reply {
	t.Helper()
	if err := c.WriteMessage(websocket.TextMessage, msg); err != nil {
		t.Fatalf("send: %v", err)
	}
	for {
		typ, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("no reply (the server dropped the session?): %v", err)
		}
		if typ != websocket.TextMessage {
			continue
		}
		var r thor.Reply
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatalf("reply %.200q is not JSON: %v", b, err)
		}
		return r
	}
}

// TestHostileMessagesServe sends every hostile websocket message (the
// corpus, plus CreateHouse with each generated big house) to one "serve"
// session: each gets a failed reply naming the problem, and the session and
// the server live on (a final Pass succeeds on the same connection).
func TestHostileMessagesServe(t *testing.T) {
	url := startServe(t)
	c := rawSession(t, url)
	defer c.Close()
	type msgCase struct {
		name string
		msg  []byte
		want string
	}
	var cases []msgCase
	for _, hc := range hostileCorpus(t, "messages", "json") {
		b, err := os.ReadFile(hc.path)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, msgCase{hc.name, b, hc.want})
	}
	for i, hc := range bigHostileHouses(t) {
		if !strings.HasSuffix(hc.path, ".json") || strings.HasPrefix(hc.name, "sparse") {
			continue // /dev/zero and the 33 MiB file exceed the message limit: see TestHostileMessageTooLarge
		}
		house, err := os.ReadFile(hc.path)
		if err != nil {
			t.Fatal(err)
		}
		msg := fmt.Appendf(nil, `{"id":%d,"action":"CreateHouse","args":{"house":%s}}`, 100+i, house)
		want := hc.want
		if hc.name == "nested_1_4_MB" {
			// Over 10,000 levels the request decoder (encoding/json's own
			// depth limit) refuses the message before the house is read.
			want = "malformed request: invalid character '{' exceeded max depth"
		}
		cases = append(cases, msgCase{"CreateHouse " + hc.name, msg, want})
	}
	for _, mc := range cases {
		r := exchange(t, c, mc.msg)
		if r.Metadata.LastActionSuccess || !strings.Contains(r.Metadata.ErrorMessage, mc.want) {
			t.Errorf("%s: success %v, errorMessage %.500q lacks %q", mc.name, r.Metadata.LastActionSuccess, r.Metadata.ErrorMessage, mc.want)
		}
	}
	if r := exchange(t, c, []byte(`{"id":999,"action":"Pass"}`)); !r.Metadata.LastActionSuccess {
		t.Errorf("Pass after the hostile messages failed: %s", r.Metadata.ErrorMessage)
	}
}

// TestHostileMessageTooLarge sends a message over --max-message: the server
// closes that connection with "message too big" and keeps serving others.
func TestHostileMessageTooLarge(t *testing.T) {
	url := startServe(t)
	c := rawSession(t, url)
	defer c.Close()
	big := make([]byte, thor.DefaultMaxRequestBytes+1)
	for i := range big {
		big[i] = ' '
	}
	c.WriteMessage(websocket.TextMessage, big)
	_, _, err := c.ReadMessage()
	if err == nil || !strings.Contains(err.Error(), "1009") {
		t.Errorf("reply to an oversized message: %v, want a close with code 1009 (message too big)", err)
	}
	c2 := rawSession(t, url)
	defer c2.Close()
	if r := exchange(t, c2, []byte(`{"id":1,"action":"Pass"}`)); !r.Metadata.LastActionSuccess {
		t.Errorf("a new session after the oversized message failed: %s", r.Metadata.ErrorMessage)
	}
}

// TestServeStopsOnSIGTERMDuringLoad runs "serve" as a child process (the
// test binary re-executing itself) whose house load never ends (its
// dressing hook spins), sends SIGTERM while a CreateHouse is inside that
// load and requires the process to exit within a second, with status 0.
func TestServeStopsOnSIGTERMDuringLoad(t *testing.T) {
	if os.Getenv("FLOWBENCH_HOSTILE_SERVE_CHILD") == "1" {
		serveDresser = func(*assets.Library) func(*sim.Scene) {
			return func(*sim.Scene) {
				fmt.Fprintln(os.Stderr, "load started")
				//lint:ignore SA5002 a busy loop on purpose: the signal must stop a process whose load never yields
				for { // a load that never finishes, as a stuck one would
				}
			}
		}
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1", "--assets", "none"}, os.Stdout, os.Stderr))
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestServeStopsOnSIGTERMDuringLoad$")
		cmd.Env = append(os.Environ(), "FLOWBENCH_HOSTILE_SERVE_CHILD=1")
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines, errLines := &syncBuffer{}, &syncBuffer{}
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines.Write([]byte(sc.Text() + "\n"))
			}
		}()
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				errLines.Write([]byte(sc.Text() + "\n"))
			}
		}()
		url := waitURL(t, lines.String)
		c := rawSession(t, url)
		house, err := os.ReadFile(oneRoom)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.WriteMessage(websocket.TextMessage, fmt.Appendf(nil, `{"id":1,"action":"CreateHouse","args":{"house":%s}}`, house)); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); !strings.Contains(errLines.String(), "load started"); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("the load never started: %s", errLines.String())
			}
		}
		exited := make(chan error, 1)
		start := time.Now()
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			d := time.Since(start)
			if d > time.Second {
				t.Errorf("%v: serve took %v to exit", sig, d)
			}
			t.Logf("%v during the load: serve exited after %v", sig, d.Round(time.Millisecond))
			if err != nil {
				t.Errorf("%v: serve exited with %v; stderr:\n%s", sig, err, errLines.String())
			}
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
			t.Errorf("%v: serve was still running 5 s after the signal", sig)
		}
		c.Close()
	}
}
