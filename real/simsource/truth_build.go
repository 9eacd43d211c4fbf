package simsource

import (
	"math"
	"slices"

	"flowbench/flow"
	"flowbench/real"
	"flowbench/sim"
)

// vec converts a simulator vector to a Real one.
func vec(v sim.Vec3) real.Vec3 { return real.Vec3{v[0], v[1], v[2]} }

// posed returns a copy of object o at pose p.
func posed(o *sim.Object, p flow.Pose) *sim.Object {
	c := *o
	c.Position, c.Yaw = p.Position, p.Yaw
	return &c
}

// drawnBox returns the oriented box of what is drawn for object o, whose
// posed mesh has the vertices pts: its own box for a primitive shape (the
// mesh fills it), and for a model the tightest box about the same axes
// around the model's vertices (an inset or procedural model may fall short
// of the object's box).
func drawnBox(o *sim.Object, pts []sim.Vec3) sim.OBB {
	b := o.OBB()
	if o.Model == nil || len(pts) == 0 {
		return b
	}
	axes := [3]sim.Vec3{b.AxisX, {0, 1, 0}, b.AxisZ}
	var lo, hi sim.Vec3
	for k := range axes {
		lo[k], hi[k] = math.Inf(1), math.Inf(-1)
	}
	for _, p := range pts {
		d := p.Sub(o.Position)
		for k, a := range axes {
			s := d.Dot(a)
			lo[k], hi[k] = math.Min(lo[k], s), math.Max(hi[k], s)
		}
	}
	b.Center = o.Position
	for k, a := range axes {
		b.Center = b.Center.Add(a.Mul((lo[k] + hi[k]) / 2))
		b.Half[k] = (hi[k] - lo[k]) / 2
	}
	return b
}

// buildTruth gathers the exact geometry of a rendered pair: every object
// with a tabletop type seen in either frame, and the movers. Boxes, centres
// and distances are those of the posed meshes drawn (drawnBox, meshPoints).
func buildTruth(t *tabletop, cam sim.Camera, s0, s1 state, snap0, snap1 map[string]flow.Pose, movers []string) *Truth {
	s := t.scene
	tr := &Truth{
		House: t.house, Surface: t.surface.ID, SurfaceLabel: t.label,
		Camera: CameraTruth{Eye: vec(cam.Position), Yaw: cam.Yaw, Horizon: cam.Horizon},
		K:      exactIntrinsics(cam), W: cam.Width, H: cam.Height,
		Distance: "hull",
		IDs0:     slices.Clone(s0.f.IDs), IDs1: slices.Clone(s1.f.IDs),
	}
	moverInst := make([]bool, len(s0.f.IDTable))
	for _, id := range movers {
		inst, _ := s0.f.Instance(id)
		moverInst[inst] = true
	}
	hiddenBy := func(full, f []uint16, inst uint16) int {
		n := 0
		for i, id := range full {
			if id == inst && int(f[i]) < len(moverInst) && moverInst[f[i]] {
				n++
			}
		}
		return n
	}
	type geo struct {
		p0, p1 []sim.Vec3
		b0, b1 sim.OBB
	}
	var geos []geo
	for _, o := range s.Objects {
		st0, _ := s0.f.ObjectStats(o.ID)
		st1, _ := s1.f.ObjectStats(o.ID)
		moved := slices.Contains(movers, o.ID)
		if !moved && (!tabletopType(o.Type) || st0.Pixels+st1.Pixels == 0) {
			continue
		}
		inst, _ := s0.f.Instance(o.ID)
		h0, _ := s0.hidden.ObjectStats(o.ID)
		h1, _ := s1.hidden.ObjectStats(o.ID)
		a, b := posed(o, snap0[o.ID]), posed(o, snap1[o.ID])
		g := geo{p0: meshPoints(a)}
		g.b0 = drawnBox(a, g.p0)
		if moved {
			g.p1 = meshPoints(b)
			g.b1 = drawnBox(b, g.p1)
		} else {
			g.p1, g.b1 = g.p0, g.b0
		}
		to := TruthObject{
			ID: o.ID, Type: o.Type, Label: labelOf(o.Type), Instance: inst, Moved: moved, Model: modelKey(o),
			Center0: vec(cam.ToCamera(g.b0.Center)), Center1: vec(cam.ToCamera(g.b1.Center)),
			Size:    vec(g.b0.Half.Mul(2)),
			Pixels0: st0.Pixels, Pixels1: st1.Pixels,
			Unhidden0: h0.Pixels, Unhidden1: h1.Pixels,
			Hidden0: hiddenBy(s0.hidden.IDs, s0.f.IDs, inst), Hidden1: hiddenBy(s1.hidden.IDs, s1.f.IDs, inst),
		}
		c0, c1 := g.b0.Corners(), g.b1.Corners()
		for k := range c0 {
			to.Box0[k], to.Box1[k] = vec(cam.ToCamera(c0[k])), vec(cam.ToCamera(c1[k]))
		}
		geos = append(geos, g)
		tr.Objects = append(tr.Objects, to)
	}
	for _, id := range movers {
		for i := range tr.Objects {
			if tr.Objects[i].ID == id {
				tr.Movers = append(tr.Movers, i)
			}
		}
	}
	for _, m := range tr.Movers {
		for i := range tr.Objects {
			if i == m {
				continue
			}
			tr.Objects[i].Dist = append(tr.Objects[i].Dist, MoverDistance{
				Mover: m,
				Hull0: hullDistance(geos[m].p0, geos[i].p0), Hull1: hullDistance(geos[m].p1, geos[i].p1),
				Box0: boxDistance(geos[m].b0, geos[i].b0), Box1: boxDistance(geos[m].b1, geos[i].b1),
			})
		}
	}
	return tr
}
