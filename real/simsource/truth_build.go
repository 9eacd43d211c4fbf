package simsource

import (
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

// buildTruth gathers the exact geometry of a rendered pair: every object
// with a tabletop type seen in either frame, and the movers.
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
	type geo struct{ p0, p1 []sim.Vec3 }
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
		to := TruthObject{
			ID: o.ID, Type: o.Type, Label: labelOf(o.Type), Instance: inst, Moved: moved,
			Center0: vec(cam.ToCamera(a.Position)), Center1: vec(cam.ToCamera(b.Position)),
			Size:    vec(o.Size),
			Pixels0: st0.Pixels, Pixels1: st1.Pixels,
			Unhidden0: h0.Pixels, Unhidden1: h1.Pixels,
			Hidden0: hiddenBy(s0.hidden.IDs, s0.f.IDs, inst), Hidden1: hiddenBy(s1.hidden.IDs, s1.f.IDs, inst),
		}
		c0, c1 := a.Corners(), b.Corners()
		for k := range c0 {
			to.Box0[k], to.Box1[k] = vec(cam.ToCamera(c0[k])), vec(cam.ToCamera(c1[k]))
		}
		g := geo{p0: meshPoints(a)}
		if moved {
			g.p1 = meshPoints(b)
		} else {
			g.p1 = g.p0
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
		mo := s.Object(tr.Objects[m].ID)
		mb0, mb1 := posed(mo, snap0[mo.ID]).OBB(), posed(mo, snap1[mo.ID]).OBB()
		for i := range tr.Objects {
			if i == m {
				continue
			}
			o := s.Object(tr.Objects[i].ID)
			tr.Objects[i].Dist = append(tr.Objects[i].Dist, MoverDistance{
				Mover: m,
				Hull0: hullDistance(geos[m].p0, geos[i].p0), Hull1: hullDistance(geos[m].p1, geos[i].p1),
				Box0: boxDistance(mb0, posed(o, snap0[o.ID]).OBB()), Box1: boxDistance(mb1, posed(o, snap1[o.ID]).OBB()),
			})
		}
	}
	return tr
}
