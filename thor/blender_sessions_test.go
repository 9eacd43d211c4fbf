package thor

import (
	"slices"
	"testing"
	"time"

	"flowbench/sim"
)

// TestBlenderConnectionsAreIndependent opens two connections to one Blender
// bridge (as generate's planning workers and annotation stage do) with two
// different houses and interleaves their requests: each connection must keep
// its own house, objects, camera and frames, the first one's frame must not
// change when the second loads and renders its house, and closing one
// connection must leave the other working.
func TestBlenderConnectionsAreIndependent(t *testing.T) {
	url := startBlender(t, DefaultBlenderSamples)
	opts := Options{Timeout: 5 * time.Minute}
	a, b := dialTest(t, url, opts), dialTest(t, url, opts)
	if as := a.Assets(); !as.All() { // it builds every object from the meshes
		t.Fatalf("the Blender bridge's hello declares assets %q (%v), want all", as, a.ServerHello().Assets)
	}
	ha, err := sim.Generate(sim.StyleProcTHOR, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	hb, err := sim.GenerateIthor("FloorPlan1", 1)
	if err != nil {
		t.Fatal(err)
	}
	camera := func(c *Client) sim.Camera {
		t.Helper()
		reach, err := c.ReachablePositions()
		if err != nil || len(reach) == 0 {
			t.Fatalf("reachable positions: %d, %v", len(reach), err)
		}
		cam := sim.Camera{Position: reach[len(reach)/2].Add(sim.Vec3{0, sim.CameraHeight, 0}), Yaw: 30, Horizon: 20, FOV: 90, Width: 24, Height: 24}
		if err := c.SetCamera(cam); err != nil {
			t.Fatal(err)
		}
		return cam
	}
	render := func(c *Client, what string) *sim.Frame {
		t.Helper()
		f, err := c.Render()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return f
	}
	ids := func(c *Client) []string {
		t.Helper()
		objs, err := c.Objects()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, o := range objs {
			out = append(out, o.ID)
		}
		slices.Sort(out)
		return out
	}
	houseIDs := func(h *sim.House) []string {
		sc, err := sim.NewScene(h)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, o := range sc.Objects {
			out = append(out, o.ID)
		}
		slices.Sort(out)
		return out
	}

	if err := a.LoadHouse(ha); err != nil {
		t.Fatal(err)
	}
	camera(a)
	fa := render(a, "first connection, alone")
	if err := b.LoadHouse(hb); err != nil {
		t.Fatal(err)
	}
	camera(b)
	fb := render(b, "second connection")
	fa2 := render(a, "first connection, after the second loaded its house")
	if !slices.Equal(fa.IDs, fa2.IDs) || !slices.Equal(fa.Depth, fa2.Depth) || !slices.Equal(fa.IDTable, fa2.IDTable) {
		t.Error("the first connection's frame changed when a second connection loaded and rendered another house")
	}
	if slices.Equal(fa.IDTable, fb.IDTable) {
		t.Error("both connections render the same id table: they share one house")
	}
	if got, want := ids(a), houseIDs(ha); !slices.Equal(got, want) {
		t.Errorf("first connection reports %d objects, want its house's %d", len(got), len(want))
	}
	if got, want := ids(b), houseIDs(hb); !slices.Equal(got, want) {
		t.Errorf("second connection reports %d objects, want its house's %d", len(got), len(want))
	}
	// Closing the second connection removes only its own scene.
	b.Close()
	c := dialTest(t, url, opts)
	if err := c.LoadHouse(hb); err != nil {
		t.Fatal(err)
	}
	camera(c)
	fc := render(c, "third connection")
	if !slices.Equal(fc.IDs, fb.IDs) {
		t.Error("a new connection with the second house renders other ids than the second connection did")
	}
	fa3 := render(a, "first connection, after the second closed")
	if !slices.Equal(fa.IDs, fa3.IDs) {
		t.Error("the first connection's frame changed after another connection closed")
	}
}
