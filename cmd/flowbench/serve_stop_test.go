package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestServeStopsPromptlyWithBusySessions runs "serve" as a child process
// with three sessions rendering 2048 × 2048 images they never read (their
// replies block the server's writes) and one idle session, sends SIGTERM
// and requires the process to exit, status 0, within the second the README
// promises; every client then sees its connection closed.
func TestServeStopsPromptlyWithBusySessions(t *testing.T) {
	if os.Getenv("FLOWBENCH_SERVE_STOP_CHILD") == "1" {
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1", "--assets", "none"}, os.Stdout, os.Stderr))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeStopsPromptlyWithBusySessions$")
	cmd.Env = append(os.Environ(), "FLOWBENCH_SERVE_STOP_CHILD=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	errb := &syncBuffer{}
	cmd.Stderr = errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := &syncBuffer{}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines.Write([]byte(sc.Text() + "\n"))
		}
	}()
	exited := make(chan struct{})
	var exitErr error
	go func() { exitErr = cmd.Wait(); close(exited) }()
	defer func() {
		cmd.Process.Kill() // a no-op once it has exited
		<-exited
	}()
	url := waitURL(t, lines.String)
	house, err := os.ReadFile(oneRoom)
	if err != nil {
		t.Fatal(err)
	}
	var conns []*websocket.Conn
	for range 3 {
		c := rawSession(t, url)
		defer c.Close()
		conns = append(conns, c)
		for _, m := range []string{
			`{"id":1,"action":"Initialize","args":{"width":2048,"height":2048}}`,
			fmt.Sprintf(`{"id":2,"action":"CreateHouse","args":{"house":%s},"withObjects":false}`, house),
			`{"id":3,"action":"TeleportFull","args":{"position":{"x":2,"y":0,"z":2.5},"rotation":{"x":0,"y":0,"z":0},"horizon":0},"withObjects":false}`,
		} {
			if r := exchange(t, c, []byte(m)); !r.Metadata.LastActionSuccess {
				t.Fatalf("%.40s: %s", m, r.Metadata.ErrorMessage)
			}
		}
		for range 4 {
			if err := c.WriteMessage(websocket.TextMessage, []byte(`{"id":4,"action":"Render","withObjects":false}`)); err != nil {
				t.Fatal(err)
			}
		}
	}
	idle := rawSession(t, url)
	defer idle.Close()
	conns = append(conns, idle)
	time.Sleep(2 * time.Second) // renders run, replies pile up unread
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		d := time.Since(start)
		t.Logf("SIGTERM with busy sessions: serve exited after %v", d.Round(time.Millisecond))
		if exitErr != nil {
			t.Errorf("serve exited with %v; stderr:\n%s", exitErr, errb.String())
		}
		if d > time.Second {
			t.Errorf("serve took %v to exit, over the second the README promises", d)
		}
	case <-time.After(10 * time.Second): // a failure guard
		t.Fatalf("serve was still running 10 s after SIGTERM; stderr:\n%s", errb.String())
	}
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				if strings.Contains(err.Error(), "i/o timeout") {
					t.Errorf("session %d: still open after serve exited", i)
				}
				break
			}
		}
	}
}
