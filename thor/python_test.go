package thor

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"flowbench/sim"
)

// pythonWith returns a python3 that can import the given modules (trying
// python3 on PATH, then Debian's /usr/bin/python3), or skips the test.
func pythonWith(t *testing.T, modules ...string) string {
	t.Helper()
	code := "import sys; sys.path.append('/usr/lib/python3/dist-packages')\nimport " + strings.Join(append([]string{"json"}, modules...), ", ")
	var tried []string
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(py)
		if err != nil {
			tried = append(tried, py+": not found")
			continue
		}
		if out, err := exec.Command(path, "-c", code).CombinedOutput(); err != nil {
			tried = append(tried, py+": "+strings.TrimSpace(lastLine(string(out))))
			continue
		}
		return path
	}
	t.Skipf("no python3 with %v (%s); install python3-numpy and python3-websockets", modules, strings.Join(tried, "; "))
	return ""
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// TestPythonBridgeUnittests runs the bridges' Python unit tests (the
// AI2-THOR translation layer against a fake controller, frame encoding).
func TestPythonBridgeUnittests(t *testing.T) {
	py := pythonWith(t, "numpy")
	cmd := exec.Command(py, "-m", "unittest", "discover", "-s", "bridge", "-p", "test_*.py")
	cmd.Env = append(os.Environ(), "FLOWBENCH_SHARED="+sharedDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python unittest failed: %v\n%s", err, out)
	}
	t.Logf("%s", lastLine(string(out)))
}

// startPythonBridge runs a Python bridge command that prints
// "... listening on ws://HOST:PORT" and returns the URL and the process.
func startPythonBridge(t testing.TB, timeout time.Duration, name string, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	urlc := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`listening on (ws://\S+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				urlc <- m[1]
				break
			}
		}
		for sc.Scan() { // keep draining
		}
	}()
	select {
	case u := <-urlc:
		return u, cmd
	case <-time.After(timeout):
		t.Fatalf("%s %v did not start listening within %v", name, args, timeout)
	}
	return "", nil
}

// TestGoClientWithAI2THORBridge drives the AI2-THOR bridge (fake controller)
// with the Go client across languages, then kills the bridge process: the
// next calls must fail cleanly.
func TestGoClientWithAI2THORBridge(t *testing.T) {
	py := pythonWith(t, "numpy", "websockets")
	// The strict fake sizes objects from ProcTHOR's asset database; without
	// it every object would be a default box and nothing could be checked.
	if _, err := os.Stat(filepath.Join(sharedDir(), "reference", "procthor", "asset-database.json")); err != nil {
		t.Skipf("ProcTHOR's asset database is not available (%v); set FLOWBENCH_SHARED to the shared reference directory", err)
	}
	url, cmd := startPythonBridge(t, 20*time.Second, py, "bridge/test_ai2thor_bridge.py", "--serve-fake", "--port", "0")
	c := dialTest(t, url, Options{Retries: 1, Backoff: 10 * time.Millisecond, Timeout: 20 * time.Second})
	if c.ServerHello().Name != "ai2thor" {
		t.Fatalf("hello %+v", c.ServerHello())
	}
	// It creates AI2-THOR's asset ids only: a flowbench fixture is left out
	// of the house built for it.
	if a := c.Assets(); a.String() != AssetsAI2THOR || a.CanCreate("flowbench_stove_1") || !a.CanCreate("Mug_1") {
		t.Fatalf("the AI2-THOR bridge declares assets %v", c.ServerHello().Assets)
	}
	gen, err := sim.Generate(sim.StyleProcTHOR, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The house is built for the bridge as a run builds it
	// (pipeline.forBackend): the generated flowbench fixtures and what rests
	// on them are left out; the bridge refuses the whole house.
	if err := c.LoadHouse(gen); len(flowbenchOnlyObjects(gen)) > 0 && err == nil {
		t.Fatalf("the bridge was sent the flowbench fixtures %v", flowbenchOnlyObjects(gen))
	}
	h, left := c.Assets().FilterHouse(gen)
	if own := flowbenchOnlyObjects(gen); len(own) > 0 && len(left) < len(own) {
		t.Fatalf("left out %+v, not every flowbench fixture of %v", left, own)
	}
	if err := c.LoadHouse(h); err != nil {
		t.Fatal(err)
	}
	// The strict fake reports the house's own objects (and AI2-THOR's walls,
	// rooms, floor, doors, windows and ___n parts, which the bridge drops).
	ids := map[string]bool{}
	var walk func([]sim.HouseObject)
	walk = func(os []sim.HouseObject) {
		for _, o := range os {
			ids[o.ID] = true
			walk(o.Children)
		}
	}
	walk(h.Objects)
	objs, err := c.Objects()
	if err != nil || len(objs) == 0 {
		t.Fatalf("objects %v, %v", objs, err)
	}
	var mover, other *sim.ObjectMeta
	for i := range objs {
		o := &objs[i]
		if !ids[o.ID] || strings.Contains(o.ID, "___") {
			t.Fatalf("object %q is not one of the house's", o.ID)
		}
		if o.Parent != "" && !ids[o.Parent] {
			t.Fatalf("object %q rests on %q", o.ID, o.Parent)
		}
		if o.Moveable && mover == nil {
			mover = o
		} else if o.Parent == "" && !o.Pickupable && other == nil {
			other = o
		}
	}
	if mover == nil || other == nil {
		t.Fatalf("no moveable object and floor object among %v", objs)
	}
	err = c.TeleportObject(mover.ID, other.Position, mover.Yaw, false)
	var ce *sim.CollisionError
	if !errors.As(err, &ce) || ce.Object != mover.ID || ce.Other == "" ||
		err.Error() != mover.ID+" is colliding with "+ce.Other+" after teleport." {
		t.Fatalf("colliding teleport: %v", err)
	}
	// Teleports are exact: AI2-THOR's physics does not drop a raised object.
	up := mover.Position.Add(sim.Vec3{0, 0.5, 0})
	if err := c.TeleportObject(mover.ID, up, mover.Yaw, true); err != nil {
		t.Fatal(err)
	}
	if objs, err = c.Objects(); err != nil {
		t.Fatal(err)
	}
	for _, o := range objs {
		if o.ID == mover.ID && o.Position.Sub(up).Len() > 1e-4 {
			t.Fatalf("teleported to %v, at %v", up, o.Position)
		}
	}
	reach, err := c.ReachablePositions()
	if err != nil || len(reach) == 0 || reach[0][1] != 0 {
		t.Fatalf("reachable %v, %v", reach, err)
	}
	// An agent view, then one only a third-party camera can take (off the
	// grid, looking down 70°).
	for _, cam := range []sim.Camera{
		{Position: reach[0].Add(sim.Vec3{0, sim.CameraHeight, 0}), Yaw: 90, Horizon: 10, FOV: 90, Width: 40, Height: 30},
		{Position: reach[0].Add(sim.Vec3{0.1, 1.2, 0.1}), Yaw: 30, Horizon: 70, FOV: 90, Width: 40, Height: 30},
	} {
		if err := c.SetCamera(cam); err != nil {
			t.Fatal(err)
		}
		f, err := c.Render()
		if err != nil {
			t.Fatal(err)
		}
		if f.W != 40 || f.H != 30 || len(f.RGB) != 40*30*3 || len(f.IDs) != 40*30 || f.IDTable[0] != "" || len(f.IDTable) < 2 {
			t.Fatalf("frame %dx%d, table %v", f.W, f.H, f.IDTable)
		}
		hit, ok, err := c.Raycast(20, 29)
		if err != nil || !ok || hit.Depth <= 0 || hit.ID == "" {
			t.Fatalf("raycast %+v %v %v", hit, ok, err)
		}
	}
	// Kill the bridge process: calls fail with an error, quickly.
	cmd.Process.Kill()
	cmd.Wait()
	start := time.Now()
	if _, err := c.Objects(); err == nil {
		t.Fatal("call after the bridge was killed succeeded")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("failing took %v", d)
	}
}
