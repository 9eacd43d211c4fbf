package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"flowbench/sim"
	"flowbench/thor"
)

// TestServeRefusesNonLoopback checks the loopback guard and flag errors (exit 2).
func TestServeRefusesNonLoopback(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--addr", "0.0.0.0:8765"},
		{"serve", "--addr", ":8765"},
		{"serve", "--addr", "10.1.2.3:8765"},
		{"serve", "--workers", "-1"},
		{"serve", "--max-message", "10"},
		{"serve", "stray"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	run([]string{"serve", "--addr", "0.0.0.0:8765"}, &out, &errb)
	if !strings.Contains(errb.String(), "--listen-any") {
		t.Errorf("refusal does not mention --listen-any: %s", errb.String())
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeCommand runs "serve" in process, talks to it with the client and
// stops it through its context.
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	old := serveContext
	serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	defer func() { serveContext = old }()
	out := &syncBuffer{}
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1"}, out, &errb) }()
	url := waitURL(t, out.String)
	c, err := thor.Dial(url, thor.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	h, err := sim.ReadHouseFile(oneRoom)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	if ps, err := c.ReachablePositions(); err != nil || len(ps) == 0 {
		t.Fatalf("reachable %d, %v", len(ps), err)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve exited %d: %s", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func waitURL(t *testing.T, read func() string) string {
	t.Helper()
	re := regexp.MustCompile(`listening on (ws://\S+)`)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(read()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no listening line in %q", read())
	return ""
}

// TestServeProcessKilled runs "flowbench serve" as a separate process (the
// test binary re-executing itself), kills it with SIGKILL in the middle of
// a session and requires the client's calls to fail with an error.
func TestServeProcessKilled(t *testing.T) {
	if os.Getenv("FLOWBENCH_SERVE_CHILD") == "1" {
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--workers", "1"}, os.Stdout, os.Stderr))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeProcessKilled$")
	cmd.Env = append(os.Environ(), "FLOWBENCH_SERVE_CHILD=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := &syncBuffer{}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines.Write([]byte(sc.Text() + "\n"))
		}
	}()
	url := waitURL(t, lines.String)
	c, err := thor.Dial(url, thor.Options{Retries: 2, Backoff: 10 * time.Millisecond, DialTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	h, err := sim.ReadHouseFile(oneRoom)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	if err := c.SetCamera(sim.Camera{Position: sim.Vec3{2, 1.576, 1}, FOV: 90, Width: 32, Height: 32}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Render(); err != nil {
		t.Fatal(err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	start := time.Now()
	if _, err := c.Render(); err == nil || !strings.Contains(err.Error(), "giving up") {
		t.Fatalf("render after the server was killed: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("failing took %v", d)
	}
}
