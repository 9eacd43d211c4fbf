package score

import (
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/sim"
)

// framingRowFor builds a FramingRow's camera fields from a sim camera, as
// the dataset stores them.
func framingRowFor(cam sim.Camera) FramingRow {
	r := FramingRow{ID: "h/v0/closer_to", Category: "closer_to", Width: cam.Width, Height: cam.Height}
	k, m := cam.K(), cam.WorldToCamera()
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r.K[3*i+j] = k[i][j]
		}
	}
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			r.W2C[4*i+j] = m[i][j]
		}
	}
	return r
}

// The audit's cut, computed from the stored matrices and box, agrees with
// the planner's FrameCut (its own geometry) on random boxes and cameras,
// boxes through the camera plane included.
func TestFramingCutMatchesPlanner(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 2))
	clipped, partial := 0, 0
	for n := 0; n < 2000; n++ {
		cam := sim.NewCamera(sim.Vec3{rng.Float64() * 4, sim.CameraHeight, rng.Float64() * 4}, rng.Float64()*360, []float64{0, 30}[rng.IntN(2)])
		cam.Width, cam.Height = 64+rng.IntN(800), 64+rng.IntN(800)
		o := export.ObjectRow{ObjectID: "Box|1", Position: sim.Vec3{rng.Float64()*8 - 2, rng.Float64() * 2, rng.Float64()*8 - 2},
			Yaw: rng.Float64()*360 - 180, Size: sim.Vec3{0.05 + rng.Float64(), 0.05 + rng.Float64(), 0.05 + rng.Float64()}}
		meta := sim.ObjectMeta{Position: o.Position, Yaw: o.Yaw, Size: o.Size}
		r := framingRowFor(cam)
		got, want := boxCut(&r, &o), planner.FrameCut(cam, meta.OBB())
		if math.Abs(got-want) > 1e-6 {
			t.Fatalf("case %d: audit cut %.9f, planner cut %.9f", n, got, want)
		}
		zmin, zmax := math.Inf(1), math.Inf(-1)
		b := meta.OBB()
		for i := 0; i < 8; i++ {
			p := b.Center.Add(b.AxisX.Mul(b.Half[0] * float64(2*(i&1)-1))).
				Add(sim.Vec3{0, b.Half[1] * float64(2*(i>>1&1)-1), 0}).
				Add(b.AxisZ.Mul(b.Half[2] * float64(2*(i>>2&1)-1)))
			z := cam.ToCamera(p)[2]
			zmin, zmax = math.Min(zmin, z), math.Max(zmax, z)
		}
		if zmin < framingNear && zmax > framingNear {
			clipped++ // the box crosses the near plane
		}
		if got > 0.05 && got < 0.95 {
			partial++
		}
	}
	if clipped < 20 || partial < 100 {
		t.Fatalf("too few informative cases: %d near the camera plane, %d partly cut", clipped, partial)
	}
}

// A row naming an option at the image corner, an option too small for its
// mark and a mover that leaves the frame has exactly those findings; a
// framed object has none.
func TestFramingAuditFindings(t *testing.T) {
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	cam.Width, cam.Height = 200, 200
	r := framingRowFor(cam)
	fl := cam.Focal()
	at := func(id string, u, v, z, size float64) export.ObjectRow { // a cube centred on pixel (u, v) at depth z
		c := sim.Vec3{(u - 99.5) / fl * z, sim.CameraHeight - (v-99.5)/fl*z, z}
		return export.ObjectRow{ObjectID: id, Position: c, Size: sim.Vec3{size, size, size}}
	}
	framed, corner, small, mover := at("A|1", 100, 100, 3, 0.5), at("B|1", 0, 199, 3, 0.6), at("C|1", 60, 60, 3, 0.2), at("M|1", 140, 100, 3, 0.4)
	moved := mover
	moved.Position = at("M|1", 205, 100, 3, 0.4).Position // over the right edge: more than half cut
	r.Named = []string{"M|1", "A|1", "B|1", "C|1"}
	r.Inst = export.InstanceRow{ID: r.ID, Width: 200, Height: 200,
		InstanceMapBefore: []string{"", "A|1", "B|1", "C|1", "M|1"}, InstanceMapAfter: []string{"", "A|1", "B|1", "C|1", "M|1"},
		ObjectsBefore: []export.ObjectRow{framed, corner, small, mover}, ObjectsAfter: []export.ObjectRow{moved}}
	r.Inst.InstanceBefore = make([]uint16, 200*200)
	r.Inst.InstanceAfter = make([]uint16, 200*200)
	paint := func(img []uint16, inst uint16, u0, v0, n int) {
		for v := v0; v < v0+n; v++ {
			for u := u0; u < u0+n; u++ {
				img[v*200+u] = inst
			}
		}
	}
	for _, img := range [][]uint16{r.Inst.InstanceBefore, r.Inst.InstanceAfter} {
		paint(img, 1, 80, 80, 30) // A: 900 px
		paint(img, 2, 0, 180, 20) // B: 400 px, at the corner
		paint(img, 3, 55, 55, 5)  // C: 25 px, under the mark's area
	}
	paint(r.Inst.InstanceBefore, 4, 130, 90, 20) // M in I0
	paint(r.Inst.InstanceAfter, 4, 190, 90, 10)  // M in I1: 100 px
	rep := FramingAudit("test", []FramingRow{r})
	type key struct{ state, kind, obj string }
	got := map[key]bool{}
	for _, f := range rep.Findings {
		got[key{f.State, f.Kind, f.Object}] = true
	}
	want := map[key]bool{{"I0", "cut", "B|1"}: true, {"I0", "area", "C|1"}: true, {"I1", "cut", "M|1"}: true}
	for k := range want {
		if !got[k] {
			t.Errorf("missing finding %v", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("unexpected finding %v", k)
		}
	}
	if c := rep.Categories["closer_to"]; c == nil || c.BadRows != 1 || c.Cut != [2]int{1, 1} || c.Area != [2]int{1, 0} {
		t.Errorf("counts %+v", c)
	}
}
