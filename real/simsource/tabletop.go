package simsource

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"flowbench/assets"
	"flowbench/sim"
)

// Tabletop scene constants.
const (
	// workRadius is the radius around the work-area centre in which objects
	// count as "around the mover", metres.
	workRadius = 0.32
	// minObjects, maxObjects bound the objects wanted in the work area
	// (existing and added), so that 3–7 others stand around the mover.
	minObjects, maxObjects = 4, 8
	// edgeMargin keeps objects' footprints this far inside the top, metres.
	edgeMargin = 0.02
	// clearance is the least gap between two objects placed or moved here,
	// metres (so that no two masks touch in the exact truth).
	clearance = 0.015
	// maxObjectSide is the largest footprint side of an object added or
	// moved, metres, and maxObjectHeight the tallest added.
	maxObjectSide   = 0.28
	maxObjectHeight = 0.35
	// dressedMaxSide and dressedMaxHeight are those limits on a dressed
	// surface, where they also apply to the objects the house put there:
	// real models stretched to the catalog's larger boxes (a 28 cm bread, a
	// 30 cm vase, a box with things in it) read as oversized and crowd a
	// view from 0.6–1.05 m.
	dressedMaxSide   = 0.20
	dressedMaxHeight = 0.25
)

// sizeLimits bound the objects of a work area, metres.
type sizeLimits struct{ side, height float64 }

// fits reports whether an object of the given size is within the limits.
func (l sizeLimits) fits(size sim.Vec3) bool {
	return math.Max(size[0], size[2]) <= l.side && size[1] <= l.height
}

// limits returns the size limits of the tabletop's objects.
func (t *tabletop) limits() sizeLimits {
	if t.dressed {
		return sizeLimits{dressedMaxSide, dressedMaxHeight}
	}
	return sizeLimits{maxObjectSide, maxObjectHeight}
}

// tabletop is a house scene with a chosen surface and the work area on it.
type tabletop struct {
	scene   *sim.Scene
	house   string
	surface *sim.Object
	label   string
	// center is the work-area centre on the surface top (world).
	center sim.Vec3
	// fronts are the horizontal directions from the surface towards where
	// the camera may stand, in preference order.
	fronts []sim.Vec3
	// dressed reports a scene dressed with furniture models; support is
	// the dressed surface's drawn top (nil for a primitive surface, whose
	// box top carries everything on it).
	dressed bool
	support *supportMesh
}

// surfaceOK reports whether a receptacle can carry a tabletop scene: a
// counter or table of a usable size and height whose support surface is its
// box top (a dressed model with a lower one, such as a shelf, is not).
func surfaceOK(o *sim.Object) bool {
	if _, ok := surfaceTypes[o.Type]; !ok || o.Parent != "" {
		return false
	}
	top := o.SupportTop()
	if top != o.Position[1]+o.Size[1]/2 {
		return false
	}
	return o.Size[0] >= 0.45 && o.Size[2] >= 0.35 && math.Max(o.Size[0], o.Size[2]) >= 0.6 && top >= 0.4 && top <= 1.2
}

// buildTabletop generates a house, picks a surface in it, adds small
// objects around a work-area centre and returns the scene, dressed with lib
// unless it is nil. The house is dressed with the seed of the house as
// generated (assets.HouseSeed before the objects are added), so the surface
// keeps the model the objects were placed on.
func buildTabletop(r *rand.Rand, seed int64, lib *assets.Library) (*tabletop, error) {
	for try := 0; try < 20; try++ {
		hi := r.IntN(1 << 20)
		h, err := sim.Generate(sim.StyleProcTHOR, seed, hi)
		if err != nil {
			continue
		}
		s, err := sim.NewScene(h)
		if err != nil {
			continue
		}
		dressSeed := assets.HouseSeed(h)
		if lib != nil {
			lib.Dress(s, dressSeed)
		}
		var cands []*sim.Object
		for _, o := range s.Objects {
			if surfaceOK(o) {
				cands = append(cands, o)
			}
		}
		if len(cands) == 0 {
			continue
		}
		surf := cands[r.IntN(len(cands))]
		t := &tabletop{house: fmt.Sprintf("%s/%d/%d", sim.StyleProcTHOR, seed, hi), label: surfaceTypes[surf.Type], dressed: lib != nil}
		ax, az := surf.Axes()
		hx, hz := surf.Size[0]/2, surf.Size[2]/2
		u := uniform(r, -math.Max(0, hx-workRadius), math.Max(0, hx-workRadius))
		v := uniform(r, -math.Max(0, hz-0.25), math.Max(0, hz-0.25)) * 0.5
		if sim.DefaultCatalog().Type(surf.Type).Placement == sim.AgainstWall {
			// Against a wall the back is out of reach: keep the work area
			// in the front half and the camera in front.
			v = math.Min(hz-0.2, math.Max(0, hz-0.3))
			v = uniform(r, math.Min(0, v), math.Max(0, v))
			t.fronts = []sim.Vec3{az}
		} else {
			t.fronts = []sim.Vec3{az, az.Mul(-1), ax, ax.Mul(-1)}
			r.Shuffle(len(t.fronts), func(i, j int) { t.fronts[i], t.fronts[j] = t.fronts[j], t.fronts[i] })
		}
		top := surf.SupportTop()
		t.center = surf.Position.Add(ax.Mul(u)).Add(az.Mul(v))
		t.center[1] = top
		h2, err := addObjects(r, s, surf, t.center, newSupportMesh(surf), t.limits(), t.dressed)
		if err != nil {
			continue
		}
		s2, err := sim.NewScene(h2)
		if err != nil {
			continue
		}
		if lib != nil {
			lib.Dress(s2, dressSeed)
		}
		t.scene, t.surface = s2, s2.Object(surf.ID)
		if modelKey(t.surface) != modelKey(surf) || t.surface.Position != surf.Position {
			continue // dressed otherwise than the scene the objects were placed in
		}
		t.support = newSupportMesh(t.surface)
		if !t.carriesAdded() {
			// Dressed with another top: taking a stove off a kitchen's
			// counter gives its run a cooker, whose hob lies lower.
			continue
		}
		return t, nil
	}
	return nil, fmt.Errorf("no house with a usable counter or table in 20 tries")
}

// addedTag marks the ids of the objects addObjects puts on the surface
// (Type + addedTag + index).
const addedTag = "|sim|"

// carriesAdded reports whether the surface's drawn top, as dressed in the
// final scene, carries every object added to it.
func (t *tabletop) carriesAdded() bool {
	for _, id := range t.scene.Children(t.surface.ID) {
		if strings.Contains(id, addedTag) && !t.support.holds(t.scene.Object(id).OBB()) {
			return false
		}
	}
	return true
}

// onTop reports whether box b's footprint lies inside the surface's top,
// edgeMargin from its edges.
func onTop(surf *sim.Object, b sim.OBB) bool {
	ax, az := surf.Axes()
	for _, c := range footprint(b) {
		d := sim.Vec3{c[0] - surf.Position[0], 0, c[1] - surf.Position[2]}
		if math.Abs(d.Dot(ax)) > surf.Size[0]/2-edgeMargin || math.Abs(d.Dot(az)) > surf.Size[2]/2-edgeMargin {
			return false
		}
	}
	return true
}

// inflate widens a box horizontally by clearance/2 on every side.
func inflate(b sim.OBB) sim.OBB {
	b.Half[0] += clearance / 2
	b.Half[2] += clearance / 2
	return b
}

// planar returns the horizontal distance between two points.
func planar(a, b sim.Vec3) float64 { return math.Hypot(a[0]-b[0], a[2]-b[2]) }

// modelKey returns the key of the model an object is drawn with, "" for
// its primitive shape.
func modelKey(o *sim.Object) string {
	if o.Model == nil {
		return ""
	}
	return o.Model.Key
}

// addObjects returns a copy of the scene's house with small pickupable
// objects added on the surface around center, until the work area holds
// between minObjects and maxObjects objects, each within lim; on a dressed
// surface (sup not nil) each stands where the drawn top carries its whole
// footprint. With dropBig the objects the house put on the surface that
// exceed lim are taken off it, with whatever they carry.
func addObjects(r *rand.Rand, s *sim.Scene, surf *sim.Object, center sim.Vec3, sup *supportMesh, lim sizeLimits, dropBig bool) (*sim.House, error) {
	want := minObjects + r.IntN(maxObjects-minObjects+1)
	h := *s.House
	h.Objects = slices.Clone(h.Objects)
	si := slices.IndexFunc(h.Objects, func(o sim.HouseObject) bool { return o.ID == surf.ID })
	if si < 0 {
		return nil, fmt.Errorf("surface %s is not a top-level object", surf.ID)
	}
	var kept []sim.HouseObject
	var dropped []string // ids CheckBox ignores: the dropped objects and what they carry
	for _, c := range h.Objects[si].Children {
		if o := s.Object(c.ID); dropBig && o != nil && !lim.fits(o.Size) {
			dropped = append(append(dropped, c.ID), s.Descendants(c.ID)...)
			continue
		}
		kept = append(kept, c)
	}
	have := 0
	for _, c := range kept {
		if o := s.Object(c.ID); o != nil && planar(o.Position, center) < workRadius {
			have++
		}
	}
	cat := sim.DefaultCatalog()
	var added []sim.HouseObject
	var boxes []sim.OBB
	top := surf.SupportTop()
	for try := 0; try < 60 && have+len(added) < want; try++ {
		et := extraTypes[r.IntN(len(extraTypes))]
		info := cat.Type(et.Type)
		if info == nil || len(info.Variants) == 0 {
			continue
		}
		va := info.Variants[r.IntN(len(info.Variants))]
		if !lim.fits(va.Size) {
			continue
		}
		ang, rad := uniform(r, 0, 2*math.Pi), workRadius*math.Sqrt(r.Float64())
		pos := sim.Vec3{center[0] + rad*math.Cos(ang), top + va.Size[1]/2, center[2] + rad*math.Sin(ang)}
		yaw := uniform(r, 0, 360)
		x, z := sim.YawAxes(yaw)
		b := sim.OBB{Center: pos, Half: va.Size.Mul(0.5), AxisX: x, AxisZ: z}
		if !onTop(surf, b) || !sup.holds(b) {
			continue
		}
		if _, hit := s.CheckBox(inflate(b), dropped...); hit {
			continue
		}
		free := true
		for _, o := range boxes {
			if sim.OBBPenetration(inflate(b), inflate(o)) > 0 {
				free = false
			}
		}
		if !free {
			continue
		}
		col := et.Colors[r.IntN(len(et.Colors))]
		jit := func(c float64) float64 { return math.Max(0, math.Min(1, c+uniform(r, -0.05, 0.05))) }
		boxes = append(boxes, b)
		added = append(added, sim.HouseObject{
			AssetID:  va.AssetID,
			ID:       fmt.Sprintf("%s%s%d", et.Type, addedTag, len(added)),
			Position: sim.ToXYZ(pos),
			Rotation: sim.XYZ{Y: yaw},
			Material: &sim.Material{Name: "sim", Color: &sim.RGB{R: jit(col[0]), G: jit(col[1]), B: jit(col[2])}},
		})
	}
	h.Objects[si].Children = append(kept, added...)
	return &h, nil
}
