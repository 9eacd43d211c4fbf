package planner

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/render"
	"flowbench/sim"
)

// FrameCut on analytic cases: a thin board facing the camera projects to a
// rectangle of known size, so its share outside the image is known.
func TestFrameCutAnalytic(t *testing.T) {
	cam := testCam(0, 0, 0, 0, 200) // eye at (0, CameraHeight, 0) looking along +z, f = 100 px
	eye := cam.Position
	board := func(x, y, z, w, h float64) sim.OBB { // a 1 mm thick board at depth z
		return sim.OBB{Center: eye.Add(sim.Vec3{x, y, z}), Half: sim.Vec3{w / 2, h / 2, 0.0005},
			AxisX: sim.Vec3{1, 0, 0}, AxisZ: sim.Vec3{0, 0, 1}}
	}
	fl := cam.Focal()
	right := (float64(cam.Width) - 0.5 - (float64(cam.Width)-1)/2) / fl * 2 // the image's right edge at depth 2, metres right of the axis
	for _, tc := range []struct {
		name string
		b    sim.OBB
		want float64
		tol  float64
	}{
		{"centred", board(0, 0, 2, 0.4, 0.4), 0, 1e-9},
		{"half over the right edge", board(right, 0, 2, 0.4, 0.4), 0.5, 2e-3},
		{"a quarter over the right edge", board(right-0.1, 0, 2, 0.4, 0.4), 0.25, 2e-3},
		{"three quarters off at a corner", board(right, -right, 2, 0.4, 0.4), 0.75, 2e-3},
		{"wholly outside", board(3*right, 0, 2, 0.4, 0.4), 1, 1e-9},
		{"behind the camera", board(0, 0, -2, 0.4, 0.4), 1, 1e-9},
	} {
		if got := FrameCut(cam, tc.b); math.Abs(got-tc.want) > tc.tol {
			t.Errorf("%s: cut %.4f, want %.4f", tc.name, got, tc.want)
		}
	}
	// A box reaching behind the camera projects to a box the near plane
	// clips far outside the image: almost all of it is cut.
	long := sim.OBB{Center: eye.Add(sim.Vec3{0.3, 0, 0.5}), Half: sim.Vec3{0.1, 0.1, 1},
		AxisX: sim.Vec3{1, 0, 0}, AxisZ: sim.Vec3{0, 0, 1}}
	if got := FrameCut(cam, long); got < 0.9 {
		t.Errorf("box through the camera plane: cut %.3f, want > 0.9", got)
	}
}

// FrameCut's projected box contains the projection of every point of the
// box in front of the camera, and its corners are reached (up to the
// sampling): random boxes and cameras against dense point samples.
func TestFrameCutBoxBoundsSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 1))
	for n := 0; n < 300; n++ {
		cam := testCam(rng.Float64()*4, rng.Float64()*4, rng.Float64()*360, []float64{0, 30}[rng.IntN(2)], 100+rng.IntN(400))
		a := rng.Float64() * 2 * math.Pi
		b := sim.OBB{Center: sim.Vec3{rng.Float64()*8 - 2, rng.Float64() * 2, rng.Float64()*8 - 2},
			Half:  sim.Vec3{0.05 + rng.Float64()*0.6, 0.05 + rng.Float64()*0.6, 0.05 + rng.Float64()*0.6},
			AxisX: sim.Vec3{math.Cos(a), 0, -math.Sin(a)}, AxisZ: sim.Vec3{math.Sin(a), 0, math.Cos(a)}}
		u0, v0, u1, v1, ok := projectedBox(cam, b)
		su0, sv0, su1, sv1, any := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1), false
		const k = 12
		for i := 0; i <= k; i++ {
			for j := 0; j <= k; j++ {
				for l := 0; l <= k; l++ {
					p := b.Center.Add(b.AxisX.Mul(b.Half[0] * (2*float64(i)/k - 1))).
						Add(sim.Vec3{0, b.Half[1] * (2*float64(j)/k - 1), 0}).
						Add(b.AxisZ.Mul(b.Half[2] * (2*float64(l)/k - 1)))
					if cam.ToCamera(p)[2] < frameNear {
						continue
					}
					u, v, _, _ := cam.Project(p)
					su0, sv0, su1, sv1, any = math.Min(su0, u), math.Min(sv0, v), math.Max(su1, u), math.Max(sv1, v), true
				}
			}
		}
		if any != ok && any {
			t.Fatalf("case %d: samples in front but no projected box", n)
		}
		if !any {
			continue
		}
		if su0 < u0-1e-6 || sv0 < v0-1e-6 || su1 > u1+1e-6 || sv1 > v1+1e-6 {
			t.Fatalf("case %d: sampled box [%.2f %.2f %.2f %.2f] outside the projected box [%.2f %.2f %.2f %.2f]", n, su0, sv0, su1, sv1, u0, v0, u1, v1)
		}
		// Without clipping the corners are samples, so the boxes agree.
		if cam.ToCamera(b.Center)[2] > 2*(b.Half.Len()+frameNear) {
			if math.Abs(su0-u0)+math.Abs(sv0-v0)+math.Abs(su1-u1)+math.Abs(sv1-v1) > 1e-6*(1+math.Abs(u1-u0)+math.Abs(v1-v0)) {
				t.Fatalf("case %d: sampled box [%.2f %.2f %.2f %.2f] != projected box [%.2f %.2f %.2f %.2f]", n, su0, sv0, su1, sv1, u0, v0, u1, v1)
			}
		}
	}
}

// cornerScene is a ball in the middle of the view and a chair at the
// image's lower-left corner: the chair shows enough pixels for its dot
// (the size rule passes) but the border cuts most of its projected box.
func cornerScene(t *testing.T) (*viewCtx, *Local) {
	t.Helper()
	cam := testCam(4, 1.0, 0, 30, 480)
	// The floor point seen at pixel (16, 464), near the lower-left corner.
	o, d := cam.Ray(16, 464)
	p := o.Add(d.Mul(-o[1] / d[1]))
	h := boxHouse(t, 8, 8,
		tObj{asset: assetBall, id: "BasketBall|1|1", x: 4, z: 3.2},
		tObj{asset: assetChair, id: "Chair|1|2", x: p[0] - 0.1, z: p[2] + 0.1, yaw: 30},
		tObj{asset: assetCan, id: "GarbageCan|1|3", x: 5, z: 3.6})
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
	c.seed = 5
	chair := c.obj0("Chair|1|2")
	if !MarkFits(c.f0, chair.ID) {
		t.Fatalf("test scene: the corner chair (%d px) should pass the size rule", c.m0.Pixels(chair.ID))
	}
	if cut := FrameCut(c.cam, chair.OBB()); cut <= MaxFrameCut {
		t.Fatalf("test scene: the corner chair is cut %.2f, want over %.2f", cut, MaxFrameCut)
	}
	for _, id := range []string{"BasketBall|1|1", "GarbageCan|1|3"} {
		if !c.framedIn0(c.obj0(id)) {
			t.Fatalf("test scene: %s should be framed (cut %.2f, %d px)", id, FrameCut(c.cam, c.obj0(id).OBB()), c.m0.Pixels(id))
		}
	}
	return c, l
}

// An option at the image corner, cut by the border beyond a third of its
// projected box, is never offered: planners do not choose it, and a
// question naming it is not emitted (framing_cut), while the same question
// with a framed option is.
func TestFramingRejectsCornerOption(t *testing.T) {
	c, _ := cornerScene(t)
	mover := "BasketBall|1|1"
	for _, o := range c.markedReferables(mover) {
		if o.ID == "Chair|1|2" {
			t.Errorf("the corner chair is offered as a referable object")
		}
	}
	e, why, err := c.execute(mover, Delta(c.cam, Left, 0.25), false)
	if err != nil || e == nil {
		t.Fatalf("edit: %v %s", err, why)
	}
	if ex, ok := c.newExample(CloserTo, e, []string{"GarbageCan|1|3", "Chair|1|2"}); ok || ex != nil {
		t.Errorf("a question naming the corner chair was emitted")
	} else if c.marksWhy != FailFramingCut {
		t.Errorf("rejected for %q, want %q", c.marksWhy, FailFramingCut)
	}
	if _, ok := c.newExample(CloserTo, e, []string{"GarbageCan|1|3"}); !ok {
		t.Errorf("the question with a framed option was rejected: %q", c.marksWhy)
	}
	if err := c.restore(); err != nil {
		t.Fatal(err)
	}
}

// A mover whose move takes it mostly out of the frame is rejected in I1.
func TestFramingRejectsMoverLeavingFrame(t *testing.T) {
	c, _ := cornerScene(t)
	mover := "GarbageCan|1|3"
	o := c.obj0(mover)
	// Slide right until the box's centre leaves the image.
	var e *edit
	for _, m := range []float64{1.2, 1.5, 1.8, 2.1} {
		ed, _, err := c.execute(mover, Delta(c.cam, Right, m), false)
		if err != nil {
			t.Fatal(err)
		}
		if ed != nil && FrameCut(c.cam, ed.obj1(mover).OBB()) > 0.5 {
			e = ed
			break
		}
		if err := c.restore(); err != nil {
			t.Fatal(err)
		}
	}
	if e == nil {
		t.Skip("test scene: no slide took the can out of the frame")
	}
	if why := c.framingWhy(e, []string{mover}); why == "" {
		t.Errorf("a mover cut %.2f in I1 (%d px) passes the framing rule", FrameCut(c.cam, e.obj1(mover).OBB()), e.m1.Pixels(mover))
	}
	if why := c.framingWhy(nil, []string{mover}); why != "" || !c.framedIn0(o) {
		t.Errorf("the can is framed in I0, got %q", why)
	}
	if err := c.restore(); err != nil {
		t.Fatal(err)
	}
}

// The areas the rule asks for are the mark rules' own: the size rule's in
// I0, the smallest followed mark's in I1.
func TestFramingAreas(t *testing.T) {
	for _, s := range []int{128, 240, 512, 800} {
		a0, a1 := render.MinMarkArea(render.StyleDots, s, s), render.MinFollowArea(render.StyleDots, s, s)
		if a1 > a0 || a1 <= 0 {
			t.Errorf("size %d: follow area %d, mark area %d", s, a1, a0)
		}
	}
}

// FramingRejections sums the framing failures per category, whatever
// prefix a planner adds to its reasons, and nothing else.
func TestFramingRejections(t *testing.T) {
	got := FramingRejections(map[string]int{
		"closer_to_framing_cut": 2, "closest_three_framing_area": 3, "closest_three_framing_cut": 1,
		"occlusion_grid_framing_cut": 4, "occlusion_framing_area": 1, "near_object_blocked": 9,
		"count_near_marks_small": 5,
	})
	want := map[string]int{"closer_to": 2, "closest_three": 4, "occlusion": 5}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d, want %d", k, got[k], n)
		}
	}
}
