package sim

import (
	"fmt"
	"math"
)

// Resting on a drawn model.
//
// A receptacle drawn with a real model (Object.Model with levels) holds what
// rests on it where its mesh is, not where its box top is: a pillow over a
// sofa's arm rests on the arm, one over the seat on the seat. restOnModel
// samples the box's footprint on a RestSamples² grid and finds, per sample,
// the highest surface of the model at or below a probe height; the box
// rests on the highest of them (it is rigid), and the samples within
// MeshContactTol of that height are where it touches. holdsAt accepts a
// box at a height when that surface lies between MeshFloatTol below its
// bottom and MeshSinkTol above it (a cushion's curve), the model reaches
// no higher into the box (modelCuts: a sofa's arm), its centre of mass
// lies inside the convex hull of the touching samples, and, for a soft flat
// item (SoftTypes: a cloth, a towel), the touching samples cover at least
// SoftCover of its footprint: it may not lie as a slab across a basin.

// RestSamples is the number of samples per footprint axis (an n × n grid
// spanning restSpan of the footprint).
const RestSamples = 9

// restSpan is the share of the footprint the samples span: the corners of
// a box resting exactly on an edge still see that edge.
const restSpan = 0.96

// MeshSinkTol is how far a receptacle's drawn surface may rise above the
// bottom of a box resting on it (a cushion's curve, a seam).
const MeshSinkTol = ReseatMeshTol

// MeshFloatTol is how far the bottom of a box resting on a drawn model may
// lie above its surface: a box slid at its height over a slightly lower
// part of the surface still rests there.
const MeshFloatTol = 0.002

// MeshContactTol is how far below the highest surface under a footprint a
// sample still touches the box.
const MeshContactTol = 0.01

// SoftCover is the share of its footprint a soft flat item (SoftTypes)
// must touch its support with.
const SoftCover = 0.9

// SoftTypes are the object types that drape instead of bridging: they rest
// on a drawn model only where it holds nearly their whole footprint.
var SoftTypes = map[string]bool{"Cloth": true, "Towel": true, "HandTowel": true, "DishSponge": true, "Newspaper": true}

// heightIndex lists a model level's non-vertical triangles, prepared for
// height queries (hTri), per cell of a heightCells² grid over the model's
// xz extent (local frame).
type heightIndex struct {
	min, cell [2]float64
	n         [2]int
	tris      []hTri
	cells     [][]int32
}

// hTri is a triangle prepared for height queries: corner a, edges e1 and
// e2 from it, the inverse determinant of its footprint, its xz bounds and
// whether it faces up (levelFacesUp).
type hTri struct {
	a, e1, e2              Vec3
	inv                    float64
	minX, maxX, minZ, maxZ float64
	up                     bool
}

// height returns the triangle's height over (x, z) and whether (x, z)
// lies in its footprint (Triangle.HeightAt's test).
func (t *hTri) height(x, z float64) (float64, bool) {
	if x < t.minX || x > t.maxX || z < t.minZ || z > t.maxZ {
		return 0, false
	}
	dx, dz := x-t.a[0], z-t.a[2]
	u := (dx*t.e2[2] - t.e2[0]*dz) * t.inv
	v := (t.e1[0]*dz - dx*t.e1[2]) * t.inv
	if u < 0 || v < 0 || u+v > 1 {
		return 0, false
	}
	return t.a[1] + u*t.e1[1] + v*t.e2[1], true
}

const heightCells = 64

// heightIndexOf returns md's height index, built once per model.
func heightIndexOf(md *Model) *heightIndex {
	md.heights.once.Do(func() {
		l := &md.Levels[0]
		lo := [2]float64{math.Inf(1), math.Inf(1)}
		hi := [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, p := range l.Pos {
			lo = [2]float64{math.Min(lo[0], p[0]), math.Min(lo[1], p[2])}
			hi = [2]float64{math.Max(hi[0], p[0]), math.Max(hi[1], p[2])}
		}
		idx := &heightIndex{min: lo, n: [2]int{heightCells, heightCells}}
		for a := 0; a < 2; a++ {
			idx.cell[a] = math.Max((hi[a]-lo[a])/heightCells, 1e-6)
		}
		idx.cells = make([][]int32, heightCells*heightCells)
		for _, t := range l.Tris {
			a, b, c := l.Pos[t.V[0]], l.Pos[t.V[1]], l.Pos[t.V[2]]
			det := (b[0]-a[0])*(c[2]-a[2]) - (c[0]-a[0])*(b[2]-a[2])
			if math.Abs(det) < 1e-12 {
				continue // vertical: no height above any point
			}
			tr := Triangle{V: [3]Vec3{a, b, c}}
			ht := hTri{a: a, e1: b.Sub(a), e2: c.Sub(a), inv: 1 / det,
				minX: math.Min(a[0], math.Min(b[0], c[0])), maxX: math.Max(a[0], math.Max(b[0], c[0])),
				minZ: math.Min(a[2], math.Min(b[2], c[2])), maxZ: math.Max(a[2], math.Max(b[2], c[2])),
				up: levelFacesUp(l, &tr, t)}
			k := int32(len(idx.tris))
			idx.tris = append(idx.tris, ht)
			x0, z0 := idx.at(ht.minX, ht.minZ)
			x1, z1 := idx.at(ht.maxX, ht.maxZ)
			for x := x0; x <= x1; x++ {
				for z := z0; z <= z1; z++ {
					idx.cells[x*heightCells+z] = append(idx.cells[x*heightCells+z], k)
				}
			}
		}
		md.heights.idx = idx
	})
	return md.heights.idx
}

// at returns the cell of local point (x, z), clamped to the grid.
func (h *heightIndex) at(x, z float64) (int, int) {
	cx := int(math.Floor((x - h.min[0]) / h.cell[0]))
	cz := int(math.Floor((z - h.min[1]) / h.cell[1]))
	return min(max(cx, 0), h.n[0]-1), min(max(cz, 0), h.n[1]-1)
}

// cellAt returns the triangles of the cell over local point (x, z), none
// outside the grid.
func (h *heightIndex) cellAt(x, z float64) []int32 {
	if x < h.min[0]-1e-9 || z < h.min[1]-1e-9 || x > h.min[0]+h.cell[0]*float64(h.n[0])+1e-9 || z > h.min[1]+h.cell[1]*float64(h.n[1])+1e-9 {
		return nil
	}
	cx, cz := h.at(x, z)
	return h.cells[cx*heightCells+cz]
}

// highestBelow returns the highest surface of the level straight under
// local point (x, z) at or below local height y, or −Inf.
func (h *heightIndex) highestBelow(x, z, y float64) float64 {
	best := math.Inf(-1)
	for _, k := range h.cellAt(x, z) {
		if v, ok := h.tris[k].height(x, z); ok && v <= y && v > best {
			best = v
		}
	}
	return best
}

// firstAbove returns the lowest surface of the level straight above local
// point (x, z) higher than local height y (+Inf when none), and whether it
// faces up (by its vertex normals where the level has them, since models
// are drawn two-sided and their windings need not agree, else by its
// winding): a surface facing up is the top of a solid part that (x, y, z)
// lies inside.
func (h *heightIndex) firstAbove(x, z, y float64) (float64, bool) {
	best, up := math.Inf(1), false
	for _, k := range h.cellAt(x, z) {
		if v, ok := h.tris[k].height(x, z); ok && v > y && v < best {
			best, up = v, h.tris[k].up
		}
	}
	return best, up
}

// levelFacesUp reports whether triangle t (corners tr) of level l faces up.
func levelFacesUp(l *ModelLevel, tr *Triangle, t ModelTri) bool {
	if int(max(t.V[0], t.V[1], t.V[2])) < len(l.Normal) {
		if ny := l.Normal[t.V[0]][1] + l.Normal[t.V[1]][1] + l.Normal[t.V[2]][1]; ny != 0 {
			return ny > 0
		}
	}
	return tr.Normal()[1] > 0
}

// meshRest is how a box would rest on a receptacle's drawn model.
type meshRest struct {
	top    float64 // highest surface under the footprint at or below the probe (−Inf: none)
	stable bool    // the box's centre lies inside the hull of the touching samples
	cover  float64 // share of the samples that touch
}

// hasMesh reports whether o is drawn with a real model that support
// follows (restOnModel): one with a triangle that is not vertical (a model
// of vertical faces only holds nothing by its mesh; its box does).
func (o *Object) hasMesh() bool {
	return o.Model.LevelCount() > 0 && len(o.Model.Levels[0].Tris) > 0 && len(heightIndexOf(o.Model).tris) > 0
}

// restOnModel returns how box b rests on receptacle r's drawn model (r must
// have one, hasMesh): the highest surface of the model under b's footprint
// at or below world height probe, which of the footprint's samples touch it
// and whether they hold b's centre.
func (r *Object) restOnModel(b OBB, probe float64) meshRest {
	return r.restOnModelBelow(b, probe, math.Inf(1))
}

// restOnModelBelow is restOnModel that gives up, returning a rest at +Inf,
// as soon as a sample's surface lies above limit.
func (r *Object) restOnModelBelow(b OBB, probe, limit float64) meshRest {
	md := r.Model
	idx := heightIndexOf(md)
	sc := modelStretch(r, md)
	ax, az := r.Axes()
	yLocal := (probe - r.Position[1]) / sc[1]
	var hs [RestSamples * RestSamples]float64
	var pts [RestSamples * RestSamples][2]float64
	top := math.Inf(-1)
	for i := 0; i < RestSamples; i++ {
		fu := restSpan * (2*float64(i)/(RestSamples-1) - 1)
		for j := 0; j < RestSamples; j++ {
			fv := restSpan * (2*float64(j)/(RestSamples-1) - 1)
			p := b.Center.Add(b.AxisX.Mul(fu * b.Half[0])).Add(b.AxisZ.Mul(fv * b.Half[2]))
			dx, dz := p[0]-r.Position[0], p[2]-r.Position[2]
			u := (dx*ax[0] + dz*ax[2]) / sc[0]
			w := (dx*az[0] + dz*az[2]) / sc[2]
			h := idx.highestBelow(u, w, yLocal)
			if !math.IsInf(h, -1) {
				h = r.Position[1] + h*sc[1]
			}
			if h > limit {
				return meshRest{top: math.Inf(1)}
			}
			k := i*RestSamples + j
			hs[k], pts[k] = h, [2]float64{p[0], p[2]}
			top = math.Max(top, h)
		}
	}
	rest := meshRest{top: top}
	if math.IsInf(top, -1) {
		return rest
	}
	var touch [][2]float64
	for k, h := range hs {
		if h >= top-MeshContactTol {
			touch = append(touch, pts[k])
		}
	}
	rest.cover = float64(len(touch)) / float64(len(hs))
	rest.stable = convexMargin(convexHull(touch), [2]float64{b.Center[0], b.Center[2]}) >= 0
	return rest
}

// holdsAt reports whether receptacle r's drawn model holds box b (of an
// object of type typ) with b's bottom at height bottom (b's own height is
// kept): the highest surface of the model under the box's footprint up to
// bottom + MeshSinkTol lies no lower than bottom − MeshFloatTol, holds its
// centre, and covers SoftCover of the footprint of a soft item, and the
// model reaches no higher into the box (modelCuts).
func (r *Object) holdsAt(b OBB, typ string, bottom float64) bool {
	b.Center[1] = bottom + b.Half[1]
	rest := r.restOnModel(b, bottom+MeshSinkTol)
	return rest.top >= bottom-MeshFloatTol && rest.stable && (!SoftTypes[typ] || rest.cover >= SoftCover) &&
		!r.modelCuts(b, bottom+MeshSinkTol, bottom+2*b.Half[1])
}

// modelCuts reports whether r's drawn model reaches into box b between
// heights lo and hi at any of its footprint's samples: a surface of the
// model lies between them, or the first surface above lo faces up (lo lies
// inside a solid part: a sofa's arm, a closed cabinet's top).
func (r *Object) modelCuts(b OBB, lo, hi float64) bool {
	md := r.Model
	idx := heightIndexOf(md)
	sc := modelStretch(r, md)
	ax, az := r.Axes()
	yLo, yHi := (lo-r.Position[1])/sc[1], (hi-r.Position[1])/sc[1]
	for i := 0; i < RestSamples; i++ {
		fu := restSpan * (2*float64(i)/(RestSamples-1) - 1)
		for j := 0; j < RestSamples; j++ {
			fv := restSpan * (2*float64(j)/(RestSamples-1) - 1)
			p := b.Center.Add(b.AxisX.Mul(fu * b.Half[0])).Add(b.AxisZ.Mul(fv * b.Half[2]))
			dx, dz := p[0]-r.Position[0], p[2]-r.Position[2]
			y, up := idx.firstAbove((dx*ax[0]+dz*ax[2])/sc[0], (dx*az[0]+dz*az[2])/sc[2], yLo)
			if y < yHi || up && !math.IsInf(y, 1) {
				return true
			}
		}
	}
	return false
}

// meshLevel returns the height a box b (of type typ) resting on or falling
// onto receptacle r's drawn model comes to rest at, and whether the model
// holds it there (holdsAt): its own bottom when the model's surface under
// it lies within MeshFloatTol below it (or up to MeshSinkTol above), else
// the highest surface below.
func (r *Object) meshLevel(b OBB, typ string) (float64, bool) {
	bottom := b.Center[1] - b.Half[1]
	t := r.restOnModel(b, bottom+MeshSinkTol).top
	if math.IsInf(t, -1) {
		return t, false
	}
	if t >= bottom-MeshFloatTol {
		t = bottom
	}
	return t, r.holdsAt(b, typ, t)
}

// HeldByModel reports whether object id rests where its parent's drawn
// model holds it (the rule ReseatChildren, Settle and the collision test
// apply): true when its parent has no drawn model (its box holds it), or
// when id is a fixture, mounted through its parent, that does not float
// above the model.
func (s *Scene) HeldByModel(id string) (bool, error) {
	o := s.Object(id)
	if o == nil {
		return false, fmt.Errorf("HeldByModel: unknown objectId %q", id)
	}
	r := s.Object(o.Parent)
	if r == nil || !r.Receptacle || !r.hasMesh() {
		return true, nil
	}
	b := o.OBB()
	bottom := b.Center[1] - b.Half[1]
	if s.isFixture(o) {
		return r.restOnModel(b, bottom+2*b.Half[1]).top >= bottom-MeshFloatTol, nil
	}
	return r.holdsAt(b, o.Type, bottom), nil
}
