package render

import (
	"testing"

	"flowbench/sim"
)

// TestTrimEdgeAntiAliased looks obliquely at the skirting board of an
// empty room's wall. The trim lies in the wall's plane, so ids and depth
// do not see its edge; the colour edge between wall and skirting must
// still be anti-aliased: where the pixel centres of a column cross the
// skirting's top (each centre's height from its depth), edge
// anti-aliasing changes the colour of at least a quarter of the pixel
// pairs, and ids and depth stay those of the plain wall.
func TestTrimEdgeAntiAliased(t *testing.T) {
	s, err := sim.NewScene(bigRoom(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	cam := sim.Camera{Position: sim.Vec3{6, 0.5, 1.6}, Yaw: 160, Horizon: 25, FOV: 90, Width: 96, Height: 96}
	var frames [2]*Frame
	for i, aa := range []AAMode{AAOff, AAEdge} {
		r, err := New(s, Options{Workers: 1, AntiAlias: aa})
		if err != nil {
			t.Fatal(err)
		}
		if frames[i], err = r.Render(cam); err != nil {
			t.Fatal(err)
		}
	}
	off, on := frames[0], frames[1]
	writeLook(t, "trim_edge_aa", on.RGB)
	wall, ok := off.Instance("wall|1|0.00|0.00|12.00|0.00")
	if !ok {
		t.Fatal("the wall at z = 0 is not in view")
	}
	height := func(x, y int) float64 { return pixelPoint(cam, off, x, y)[1] }
	pairs, changed := 0, 0
	for x := 0; x < off.Width; x++ {
		for y := 0; y+1 < off.Height; y++ {
			i, j := y*off.Width+x, (y+1)*off.Width+x
			if off.IDs[i] != wall || off.IDs[j] != wall {
				continue
			}
			if (height(x, y) < sim.SkirtingHeight) == (height(x, y+1) < sim.SkirtingHeight) {
				continue
			}
			pairs++
			if pixelRGB(off, x, y) != pixelRGB(on, x, y) || pixelRGB(off, x, y+1) != pixelRGB(on, x, y+1) {
				changed++
			}
		}
	}
	for i := range off.IDs {
		if off.IDs[i] != on.IDs[i] || off.Depth[i] != on.Depth[i] {
			t.Fatalf("pixel %d: anti-aliasing changed ids or depth", i)
		}
	}
	t.Logf("%d pixel pairs cross the skirting's top, %d changed by anti-aliasing", pairs, changed)
	if pairs < 40 {
		t.Fatalf("only %d pixel pairs cross the skirting's top", pairs)
	}
	if changed*4 < pairs {
		t.Errorf("anti-aliasing changed only %d of %d pixel pairs across the skirting's top", changed, pairs)
	}
}
