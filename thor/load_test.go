package thor

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"flowbench/render"
)

// loadChildEnv makes the test binary, re-executed, serve as the load
// test's server process.
const loadChildEnv = "FLOWBENCH_THOR_LOAD_CHILD"

// loadOptions is the server of the load test: a budget scaled down from
// the defaults (3 GiB, 512 MiB a session) so that 64 sessions exceed it
// many times over.
var loadOptions = ServerOptions{MaxMemoryBytes: 512 << 20, MaxSessionMemoryBytes: 64 << 20, MemoryWait: 5 * time.Minute,
	Render: render.Options{Workers: 1}}

// serveLoadChild is the server process: it serves loadOptions with the
// runtime's soft memory limit `flowbench serve` sets, prints its address
// and exits when its stdin closes.
func serveLoadChild() {
	debug.SetMemoryLimit(loadOptions.MemoryLimit())
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	go NewServer(loadOptions).Serve(ln)
	fmt.Println("listening ws://" + ln.Addr().String())
	io.Copy(io.Discard, os.Stdin)
	os.Exit(0)
}

// vmHWM reads a process's peak resident memory in bytes from /proc.
func vmHWM(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc to read the peak memory from: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}

// TestServerMemoryUnderLoad runs the server in a child process and 64
// concurrent sessions against it, each sending 8 MiB requests and 128 × 128
// renders: the child's peak resident memory stays under the documented
// bound, MaxMemoryBytes + 25% + 192 MiB (832 MiB here; without a budget
// the same load took more), and every request is answered.
func TestServerMemoryUnderLoad(t *testing.T) {
	if os.Getenv(loadChildEnv) == "1" {
		serveLoadChild()
		return
	}
	if testing.Short() {
		t.Skip("the load test runs 64 sessions")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServerMemoryUnderLoad$", "-test.count=1")
	cmd.Env = append(os.Environ(), loadChildEnv+"=1")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "listening ") {
		t.Fatalf("server child: %q, %v", line, err)
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "listening "))

	const sessions, rounds = 64, 3
	house := oneRoomHouse(t, 1)
	big := []byte(`{"id":7,"action":"Pass","args":{"pad":"` + strings.Repeat("x", 8<<20) + `"}}`)
	var answered, renders atomic.Int64
	errs := make(chan error, sessions)
	var wg sync.WaitGroup
	for range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- loadSession(url, house, big, rounds, &answered, &renders)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	peak := vmHWM(t, cmd.Process.Pid)
	bound := loadOptions.MaxMemoryBytes + loadOptions.MaxMemoryBytes/4 + 192<<20
	t.Logf("%d sessions, %d requests answered (%d renders): server peak RSS %d MiB, bound %d MiB", sessions, answered.Load(), renders.Load(), peak>>20, bound>>20)
	if peak > bound {
		t.Errorf("the server's peak RSS was %d MiB, over the bound of %d MiB", peak>>20, bound>>20)
	}
	if want := int64(sessions * rounds); renders.Load() != want {
		t.Errorf("%d renders succeeded, want %d", renders.Load(), want)
	}
}

// loadSession is one load-test client: it loads a house, then sends rounds
// of a large request and a Render, discarding the frames as it reads them.
func loadSession(url string, house, big []byte, rounds int, answered, renders *atomic.Int64) error {
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(10 * time.Minute)) // a failure guard only
	send := func(msg []byte) (Reply, error) {
		if err := c.WriteMessage(websocket.TextMessage, msg); err != nil {
			return Reply{}, err
		}
		for {
			typ, r, err := c.NextReader()
			if err != nil {
				return Reply{}, err
			}
			if typ == websocket.BinaryMessage {
				io.Copy(io.Discard, r)
				continue
			}
			var rep Reply
			err = json.NewDecoder(r).Decode(&rep)
			answered.Add(1)
			return rep, err
		}
	}
	hello := fmt.Sprintf(`{"protocol":%q,"version":%d,"role":"client","name":"load"}`, ProtocolName, ProtocolVersion)
	if err := c.WriteMessage(websocket.TextMessage, []byte(hello)); err != nil {
		return err
	}
	if _, _, err := c.ReadMessage(); err != nil {
		return err
	}
	for _, m := range []string{
		`{"id":1,"action":"Initialize","args":{"width":128,"height":128}}`,
		`{"id":2,"action":"CreateHouse","args":{"house":` + string(house) + `},"withObjects":false}`,
		`{"id":3,"action":"TeleportFull","args":{"position":{"x":2,"y":0,"z":2.5},"rotation":{"x":0,"y":0,"z":0},"horizon":0},"withObjects":false}`,
	} {
		if r, err := send([]byte(m)); err != nil || !r.Metadata.LastActionSuccess {
			return fmt.Errorf("setup %.40s: %v %s", m, err, r.Metadata.ErrorMessage)
		}
	}
	for range rounds {
		if _, err := send(big); err != nil {
			return fmt.Errorf("large request: %v", err)
		}
		r, err := send([]byte(`{"id":4,"action":"Render","withObjects":false}`))
		if err != nil {
			return fmt.Errorf("render: %v", err)
		}
		if !r.Metadata.LastActionSuccess {
			return fmt.Errorf("render: %s", r.Metadata.ErrorMessage)
		}
		renders.Add(1)
	}
	return nil
}
