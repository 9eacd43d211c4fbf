package planner

import (
	"math/rand/v2"
	"testing"

	"flowbench/render"
)

// A counter's mark lies on the counter's own pixels, never on an appliance
// standing on or set into it (issue 52: a "counter" dot on an oven door):
// here an appliance fills the middle of the counter's front, where the
// counter's own most interior point would be without it, and the counter's
// dot must sit on counter pixels with its whole disc on the counter.
func TestCounterMarkOnCounterPixels(t *testing.T) {
	h := boxHouse(t, 8, 8,
		tObj{asset: "Countertop_Island_8x3", id: "CounterTop|1|1", x: 4, z: 3.6, children: []tObj{
			{asset: "Toaster_7", id: "Toaster|1|3", x: 4.9, z: 3.5},
		}},
		// An appliance set into the counter's front, as an oven under a
		// cooktop: its front face is flush with the counter's.
		tObj{asset: "Microwave_17", id: "Microwave|1|2", x: 4, z: 3.6 - 0.46 - 0.19, bottom: 0.3})
	cam := testCam(4, 1.4, 0, 30, 480)
	l := loaded(t, h)
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testCfg()
	cfg.CameraSize = cam.Width
	c, err := newViewCtx(l, st, cfg, cam, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	// The microwave lies within the counter's image region: its mask
	// centroid is inside the counter's mask bounding rectangle.
	mw, ct := c.m0["Microwave|1|2"], c.m0["CounterTop|1|1"]
	if mw.Pixels == 0 || ct.Pixels == 0 {
		t.Fatal("test scene: counter or microwave not visible")
	}
	x0, y0, x1, y1 := c.f0.W, c.f0.H, -1, -1
	inst := c.f0.InstanceOf("CounterTop|1|1")
	for i, id := range c.f0.IDs {
		if id == inst {
			x, y := i%c.f0.W, i/c.f0.W
			x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
		}
	}
	if mw.U < float64(x0) || mw.U > float64(x1) || mw.V < float64(y0) || mw.V > float64(y1) {
		t.Fatalf("test scene: the microwave (centroid %.0f, %.0f) is not within the counter's region [%d %d %d %d]", mw.U, mw.V, x0, y0, x1, y1)
	}
	ids := []string{"CounterTop|1|1", "Microwave|1|2", "Toaster|1|3"}
	c.seed = 3
	dots, why := c.placeDots(ids)
	if why != "" {
		t.Fatalf("placeDots: %s", why)
	}
	rf, err := renderFrame(c.f0)
	if err != nil {
		t.Fatal(err)
	}
	minR := render.MinMarkRadius(render.StyleDots, cam.Width, cam.Height)
	for _, id := range ids {
		m := dots[id]
		inst, _ := rf.Instance(id)
		x, y := int(m.X), int(m.Y)
		if got := rf.IDTable[rf.IDs[y*rf.Width+x]]; got != id {
			t.Errorf("%s: dot at (%d, %d) lies on %q", id, x, y, got)
		}
		if !render.CarriesDot(rf, inst, x, y, minR) {
			t.Errorf("%s: the dot's disc at (%d, %d) leaves the object's own pixels", id, x, y)
		}
	}
}
