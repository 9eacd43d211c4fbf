package score

import (
	"math"

	"flowbench/export"
	"flowbench/sim"
)

// The mesh-support check: an object resting on a receptacle drawn with a
// real model must stand on the model's surface under its footprint, not on
// the receptacle's box top above it (a pillow over a sofa's arm, whose box
// top is the back's) nor sunk into it. It is written here again, apart
// from the simulator's rule (sim/support_rest.go), on the same sample grid.

// Tolerances of the mesh-support check.
const (
	// PhysicsMeshFloatTol is how far, in metres, an object's bottom may lie
	// above the highest surface of its receptacle's model under it.
	PhysicsMeshFloatTol = 0.01
	// PhysicsMeshSinkTol is how far that surface may rise above the bottom
	// (a cushion's curve: the object sinks in a little).
	PhysicsMeshSinkTol = 0.03
	// PhysicsMeshContactTol is how far below that surface a point of the
	// footprint still touches it.
	PhysicsMeshContactTol = 0.015
	// PhysicsSoftCover is the share of its footprint a soft flat item
	// (PhysicsSoftTypes) must touch: less and it bridges a gap or a basin
	// as a rigid slab.
	PhysicsSoftCover = 0.85
)

// physicsMeshSamples is the number of samples per footprint axis.
const physicsMeshSamples = 9

// PhysicsSoftTypes are the types that drape rather than bridge.
var PhysicsSoftTypes = map[string]bool{"Cloth": true, "Towel": true, "HandTowel": true, "DishSponge": true, "Newspaper": true}

// PhysicsMountedTypes are fixtures mounted through their receptacle (a
// faucet through its sink's deck, a sink set into its counter): they may
// reach into its model, but may not float above it.
var PhysicsMountedTypes = map[string]bool{"Faucet": true, "Sink": true}

// PhysicsMesh is a receptacle's drawn model: triangles over Pos in the
// model's own frame (x along the width, y up, z along the depth, centred on
// its box), fitted to a box of Size; the audit stretches it to the size
// and pose a row gives the object.
type PhysicsMesh struct {
	Size [3]float64
	Pos  [][3]float64
	Tris [][3]uint32
	// Normals optionally gives every vertex a normal: a triangle faces up
	// when its vertices' normals point up on average (models are drawn
	// two-sided, so their windings need not agree), else by its winding.
	Normals [][3]float64

	grid *meshGrid
}

// meshGrid lists the triangles per cell of a square grid over the mesh's
// xz extent.
type meshGrid struct {
	lo, step [2]float64
	n        int
	cells    [][]int32
}

func (m *PhysicsMesh) index() *meshGrid {
	if m.grid != nil {
		return m.grid
	}
	g := &meshGrid{n: 24}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range m.Pos {
		lo = [2]float64{math.Min(lo[0], p[0]), math.Min(lo[1], p[2])}
		hi = [2]float64{math.Max(hi[0], p[0]), math.Max(hi[1], p[2])}
	}
	g.lo = lo
	for a := 0; a < 2; a++ {
		g.step[a] = math.Max((hi[a]-lo[a])/float64(g.n), 1e-6)
	}
	g.cells = make([][]int32, g.n*g.n)
	for k, t := range m.Tris {
		a, b, c := m.Pos[t[0]], m.Pos[t[1]], m.Pos[t[2]]
		x0, z0 := g.cell(math.Min(a[0], math.Min(b[0], c[0])), math.Min(a[2], math.Min(b[2], c[2])))
		x1, z1 := g.cell(math.Max(a[0], math.Max(b[0], c[0])), math.Max(a[2], math.Max(b[2], c[2])))
		for x := x0; x <= x1; x++ {
			for z := z0; z <= z1; z++ {
				g.cells[x*g.n+z] = append(g.cells[x*g.n+z], int32(k))
			}
		}
	}
	m.grid = g
	return g
}

func (g *meshGrid) cell(x, z float64) (int, int) {
	cx := int(math.Floor((x - g.lo[0]) / g.step[0]))
	cz := int(math.Floor((z - g.lo[1]) / g.step[1]))
	return min(max(cx, 0), g.n-1), min(max(cz, 0), g.n-1)
}

// heightsAt calls fn with every triangle k of the mesh over or under
// (x, z) (model frame), the height h of its plane there and the winding's
// normal y component det; none where (x, z) lies outside the mesh's grid.
func (m *PhysicsMesh) heightsAt(x, z float64, fn func(k int, h, det float64)) {
	g := m.index()
	if x < g.lo[0] || z < g.lo[1] || x > g.lo[0]+g.step[0]*float64(g.n) || z > g.lo[1]+g.step[1]*float64(g.n) {
		return
	}
	cx, cz := g.cell(x, z)
	for _, k := range g.cells[cx*g.n+cz] {
		t := m.Tris[k]
		a, b, c := m.Pos[t[0]], m.Pos[t[1]], m.Pos[t[2]]
		// Barycentric coordinates of (x, z) in the triangle's footprint.
		det := (b[0]-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(b[2]-a[2])
		if math.Abs(det) < 1e-14 {
			continue
		}
		u := ((x-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(z-a[2])) / det
		v := ((b[0]-a[0])*(z-a[2]) - (x-a[0])*(b[2]-a[2])) / det
		if u < -1e-9 || v < -1e-9 || u+v > 1+1e-9 {
			continue
		}
		fn(int(k), a[1]+u*(b[1]-a[1])+v*(c[1]-a[1]), det)
	}
}

// surfaceBelow returns the highest point of the mesh straight under (x, z)
// (model frame) at or below y, or −Inf.
func (m *PhysicsMesh) surfaceBelow(x, z, y float64) float64 {
	best := math.Inf(-1)
	m.heightsAt(x, z, func(_ int, h, _ float64) {
		if h <= y && h > best {
			best = h
		}
	})
	return best
}

// surfaceAbove returns the lowest point of the mesh straight over (x, z)
// (model frame) above y, +Inf when none, and whether that triangle faces
// up: then (x, y, z) lies inside a solid part of the model.
func (m *PhysicsMesh) surfaceAbove(x, z, y float64) (float64, bool) {
	best, up := math.Inf(1), false
	m.heightsAt(x, z, func(k int, h, det float64) {
		if h <= y || h >= best {
			return
		}
		best = h
		// The winding's normal has y component det (x, z as above).
		up = det < 0
		if t := m.Tris[k]; int(max(t[0], t[1], t[2])) < len(m.Normals) {
			if ny := m.Normals[t[0]][1] + m.Normals[t[1]][1] + m.Normals[t[2]][1]; ny != 0 {
				up = ny > 0
			}
		}
	})
	return best, up
}

// PhysicsMeshCutShare is the share of an object's footprint samples over
// which its receptacle's model may reach into its box (a seam, a knob)
// before it counts as sunk.
const PhysicsMeshCutShare = 0.05

// physicsRimOut is how far outside a set-in basin's footprint the audit
// looks for the counter top its rim rests on.
const physicsRimOut = 0.02

// setInBasin reports whether sink o is set into its receptacle p, by
// sim.SetInBasin's rule: its top between sim.MaxBasinDrop under p's box
// top (flush with a worktop drawn lower) and 1 cm over it, its bottom
// below both.
func setInBasin(o, p *export.ObjectRow) bool {
	if o.ObjectType != "Sink" {
		return false
	}
	top, sTop, sBot := p.Position[1]+p.Size[1]/2, o.Position[1]+o.Size[1]/2, o.Position[1]-o.Size[1]/2
	return sTop >= top-sim.MaxBasinDrop-1e-6 && sTop <= top+0.01 && sBot < math.Min(top, sTop)-0.01
}

// rimHeld counts the sides of set-in basin o (pairs of opposite edges:
// left and right, front and back) where p's model m shows a surface within
// PhysicsMeshFloatTol under the basin's top just outside both edges' middles:
// the counter top its rim rests on. The opening cut for it leaves nothing
// under the basin itself.
func rimHeld(o, p *export.ObjectRow, m *PhysicsMesh, sc [3]float64) int {
	ps, pc := math.Sincos(p.Yaw * math.Pi / 180)
	os, oc := math.Sincos(o.Yaw * math.Pi / 180)
	top := o.Position[1] + o.Size[1]/2
	probe := (top + PhysicsMeshFloatTol - p.Position[1]) / sc[1]
	holds := func(fu, fv float64) bool {
		x := o.Position[0] + fu*oc + fv*os
		z := o.Position[2] - fu*os + fv*oc
		dx, dz := x-p.Position[0], z-p.Position[2]
		h := m.surfaceBelow((dx*pc-dz*ps)/sc[0], (dx*ps+dz*pc)/sc[2], probe)
		return !math.IsInf(h, -1) && top-(p.Position[1]+h*sc[1]) <= PhysicsMeshFloatTol
	}
	hx, hz := o.Size[0]/2+physicsRimOut, o.Size[2]/2+physicsRimOut
	n := 0
	if holds(-hx, 0) && holds(hx, 0) {
		n++
	}
	if holds(0, -hz) && holds(0, hz) {
		n++
	}
	return n
}

// meshFindings checks every object of one state whose parent is drawn with
// a model in meshes (object id → mesh), on a 9 × 9 grid of its footprint:
//   - "mesh_gap", sunk: over more than PhysicsMeshCutShare of the samples
//     the model reaches into the object's box above PhysicsMeshSinkTol over
//     its bottom (a surface inside the box, or the top of a solid part the
//     bottom lies in); the amount is the bottom's height over the highest
//     such surface (negative);
//   - "mesh_gap", floating: the highest surface of the model under the
//     footprint up to PhysicsMeshSinkTol over its bottom lies more than
//     PhysicsMeshFloatTol below it, or nothing of the model is under it;
//     the amount is the bottom's height over that surface (over the
//     parent's bottom when there is none);
//   - "mesh_bridge": the footprint's samples touching that surface (within
//     PhysicsMeshContactTol) do not hold the centre of mass (the amount is
//     how far it lies outside), or a soft flat item touches it with less
//     than PhysicsSoftCover of its samples (the amount is the share not
//     touching).
//
// Fixtures mounted through their receptacle (PhysicsMountedTypes) are only
// checked for floating. A basin set into its counter (setInBasin) hangs
// from its rim in an opening of the counter's model: it is a "mesh_gap"
// unless the counter top holds it on both sides of at least one axis
// (rimHeld; the amount is its bottom's height over the counter's bottom).
func meshFindings(objs []export.ObjectRow, meshes map[string]*PhysicsMesh) []PhysicsFinding {
	if len(meshes) == 0 {
		return nil
	}
	idx := make(map[string]int, len(objs))
	for i := range objs {
		idx[objs[i].ObjectID] = i
	}
	var out []PhysicsFinding
	for i := range objs {
		o := &objs[i]
		m := meshes[o.Parent]
		k, ok := idx[o.Parent]
		if m == nil || !ok || WallMountedTypes[o.ObjectType] {
			continue
		}
		p := &objs[k]
		var sc [3]float64
		for a := 0; a < 3; a++ {
			sc[a] = 1
			if m.Size[a] > 0 && p.Size[a] > 0 {
				sc[a] = p.Size[a] / m.Size[a]
			}
		}
		ps, pc := math.Sincos(p.Yaw * math.Pi / 180)
		os, oc := math.Sincos(o.Yaw * math.Pi / 180)
		bottom, top := o.Position[1]-o.Size[1]/2, o.Position[1]+o.Size[1]/2
		if setInBasin(o, p) {
			if rimHeld(o, p, m, sc) == 0 {
				out = append(out, PhysicsFinding{Kind: "mesh_gap", Object: o.ObjectID, Other: p.ObjectID, Amount: bottom - (p.Position[1] - p.Size[1]/2)})
			}
			continue
		}
		mounted := PhysicsMountedTypes[o.ObjectType]
		yLo, yTop := (bottom+PhysicsMeshSinkTol-p.Position[1])/sc[1], (top-p.Position[1])/sc[1]
		var hs [physicsMeshSamples * physicsMeshSamples]float64
		var pts [physicsMeshSamples * physicsMeshSamples][2]float64
		rest, cutTop, cuts := math.Inf(-1), math.Inf(-1), 0
		for a := 0; a < physicsMeshSamples; a++ {
			fu := 0.96 * (2*float64(a)/(physicsMeshSamples-1) - 1) * o.Size[0] / 2
			for b := 0; b < physicsMeshSamples; b++ {
				fv := 0.96 * (2*float64(b)/(physicsMeshSamples-1) - 1) * o.Size[2] / 2
				// Unity's yaw turns local +x to (cos, -sin), +z to (sin, cos).
				x := o.Position[0] + fu*oc + fv*os
				z := o.Position[2] - fu*os + fv*oc
				dx, dz := x-p.Position[0], z-p.Position[2]
				u := (dx*pc - dz*ps) / sc[0]
				w := (dx*ps + dz*pc) / sc[2]
				probe := yLo
				if mounted {
					probe = yTop // it may reach into the model: its support is what it reaches into
				}
				h := m.surfaceBelow(u, w, probe)
				if !math.IsInf(h, -1) {
					h = p.Position[1] + h*sc[1]
				}
				if c, up := m.surfaceAbove(u, w, yLo); c < yTop || up && !math.IsInf(c, 1) {
					cuts++
					cutTop = math.Max(cutTop, p.Position[1]+c*sc[1])
				}
				n := a*physicsMeshSamples + b
				hs[n], pts[n] = h, [2]float64{x, z}
				rest = math.Max(rest, h)
			}
		}
		if !mounted && float64(cuts) > PhysicsMeshCutShare*float64(len(hs)) {
			out = append(out, PhysicsFinding{Kind: "mesh_gap", Object: o.ObjectID, Other: p.ObjectID, Amount: bottom - cutTop})
			continue
		}
		if math.IsInf(rest, -1) {
			// Nothing of the model under it: it hangs in the air.
			out = append(out, PhysicsFinding{Kind: "mesh_gap", Object: o.ObjectID, Other: p.ObjectID, Amount: bottom - (p.Position[1] - p.Size[1]/2)})
			continue
		}
		if gap := bottom - rest; gap > PhysicsMeshFloatTol {
			out = append(out, PhysicsFinding{Kind: "mesh_gap", Object: o.ObjectID, Other: p.ObjectID, Amount: gap})
			continue
		}
		if mounted {
			continue
		}
		var touch [][2]float64
		for n, h := range hs {
			if h >= rest-PhysicsMeshContactTol {
				touch = append(touch, pts[n])
			}
		}
		if d := insideDistance(hull(touch), [2]float64{o.Position[0], o.Position[2]}); d < -PhysicsCOMSlack {
			out = append(out, PhysicsFinding{Kind: "mesh_bridge", Object: o.ObjectID, Other: p.ObjectID, Amount: -d})
			continue
		}
		if cover := float64(len(touch)) / float64(len(hs)); PhysicsSoftTypes[o.ObjectType] && cover < PhysicsSoftCover {
			out = append(out, PhysicsFinding{Kind: "mesh_bridge", Object: o.ObjectID, Other: p.ObjectID, Amount: 1 - cover})
		}
	}
	return out
}
