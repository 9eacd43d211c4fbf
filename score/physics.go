package score

import (
	"math"
	"sort"

	"flowbench/export"
)

// The physics audit recomputes, from the object poses a dataset stores
// (objects_before, and objects_after over them), whether every rendered
// pose is one the real world holds. It shares no geometry with the
// simulator or the planner: footprints, clipping, hulls and the box test
// are written here again, so that a bug in the generator's rule cannot
// hide itself from the check (docs/audit.md, "Physics").

// Tolerances of the physics audit, in metres.
const (
	// PhysicsOverlapTol is the interpenetration depth of two boxes that
	// still counts as touching.
	PhysicsOverlapTol = 0.01
	// PhysicsContactTol is how far an object's bottom may lie from a
	// surface it rests on (above its top, or inside its box) and from the
	// floor.
	PhysicsContactTol = 0.01
	// PhysicsCOMSlack is how far the centre of mass may lie outside its
	// support polygon before the object counts as unstable.
	PhysicsCOMSlack = 0.001
)

// WallMountedTypes are the AI2-THOR object types that hang on a wall, held
// by the wall rather than by what lies under them: the audit does not ask
// them to be supported.
var WallMountedTypes = map[string]bool{
	"Painting": true, "Mirror": true, "TowelHolder": true, "HandTowelHolder": true,
	"ToiletPaperHanger": true, "LightSwitch": true, "ShowerHead": true, "ShowerCurtain": true,
	"Blinds": true, "Window": true, "Poster": true,
	// flowbench's wall cabinets hang over kitchen counters (the base
	// cabinets stand on the floor, where the audit asks nothing).
	"Cabinet": true,
}

// HungTypes are the AI2-THOR object types that hang from a holder (a towel
// over its bar or ring): held when hungFrom finds the holder, one of
// HolderTypes.
var HungTypes = map[string]bool{"Towel": true, "HandTowel": true}

// HolderTypes are the wall-mounted types a hung object hangs from.
var HolderTypes = map[string]bool{"TowelHolder": true, "HandTowelHolder": true}

// PhysicsRow is one question's object poses, category and house.
type PhysicsRow struct {
	ID       string
	Category string
	HouseID  string
	Before   []export.ObjectRow // every object in I0
	After    []export.ObjectRow // the objects whose pose changed, in I1
}

// PhysicsFinding is one defect of one rendered pose.
type PhysicsFinding struct {
	Row      string `json:"row"`
	Category string `json:"category"`
	State    string `json:"state"` // "I0" or "I1"
	Kind     string `json:"kind"`  // "unstable", "overlap", "below_floor", "in_wall", "over_hole", "mesh_gap" or "mesh_bridge"
	Object   string `json:"object"`
	Other    string `json:"other,omitempty"` // the other box of an overlap, the wall, or the wall and the hole
	// Amount is the COM's distance outside its support, the penetration
	// depth, the depth below the floor, the overlap along the wall, the
	// height over the receptacle's drawn surface (mesh_gap: negative when
	// sunk into it), or for mesh_bridge the COM's distance outside the
	// touching part of the footprint or a soft item's share not touching.
	Amount float64 `json:"amount_m"`
}

// PhysicsCounts counts a category's defects per state (index 0 = I0, 1 =
// I1): unstable objects, overlapping pairs, objects below the floor, boxes
// cutting into a wall, wall-mounted objects over a door or window, objects
// off their receptacle's drawn surface (mesh_gap) or bridging it
// (mesh_bridge), and rows with at least one defect in the state.
type PhysicsCounts struct {
	Rows       int    `json:"rows"`
	Unstable   [2]int `json:"unstable"`
	Overlaps   [2]int `json:"overlaps"`
	BelowFloor [2]int `json:"below_floor"`
	InWall     [2]int `json:"in_wall"`
	OverHole   [2]int `json:"over_hole"`
	MeshGap    [2]int `json:"mesh_gap"`
	MeshBridge [2]int `json:"mesh_bridge"`
	BadRows    [2]int `json:"bad_rows"`
}

// PhysicsReport is the physics audit of one split.
type PhysicsReport struct {
	Split string `json:"split"`
	Rows  int    `json:"rows"`
	// WallsChecked says whether the houses' walls were available (the
	// in_wall and over_hole checks ran).
	WallsChecked bool `json:"walls_checked"`
	// MeshesChecked says whether the receptacles' drawn models were
	// available (the mesh_gap and mesh_bridge checks ran).
	MeshesChecked bool                      `json:"meshes_checked"`
	Categories    map[string]*PhysicsCounts `json:"categories"`
	Total         PhysicsCounts             `json:"total"`
	Findings      []PhysicsFinding          `json:"findings"`
}

// Clean reports whether no rendered pose of the split has a defect.
func (r *PhysicsReport) Clean() bool { return len(r.Findings) == 0 }

// PhysicsAudit checks every row's I0 and I1 poses; with walls (house id →
// the house's wall faces; nil when the houses cannot be rebuilt) also
// against the walls and their holes.
func PhysicsAudit(split string, rows []PhysicsRow, walls map[string][]PhysicsWall) PhysicsReport {
	return PhysicsAuditMeshes(split, rows, walls, nil)
}

// PhysicsAuditMeshes is PhysicsAudit with the mesh-support check
// (physics_mesh.go): meshes returns a house's receptacles drawn with a
// model (object id → its mesh); nil skips the check.
func PhysicsAuditMeshes(split string, rows []PhysicsRow, walls map[string][]PhysicsWall, meshes func(house string) map[string]*PhysicsMesh) PhysicsReport {
	rep := PhysicsReport{Split: split, Rows: len(rows), Categories: map[string]*PhysicsCounts{}, WallsChecked: walls != nil, MeshesChecked: meshes != nil}
	for _, r := range rows {
		pc := rep.Categories[r.Category]
		if pc == nil {
			pc = &PhysicsCounts{}
			rep.Categories[r.Category] = pc
		}
		pc.Rows++
		rep.Total.Rows++
		for st, objs := range [2][]export.ObjectRow{r.Before, applyAfter(r.Before, r.After)} {
			fs := physicsFindings(objs, walls[r.HouseID])
			if meshes != nil {
				fs = append(fs, meshFindings(objs, meshes(r.HouseID))...)
				sortFindings(fs)
			}
			for i := range fs {
				fs[i].Row, fs[i].Category, fs[i].State = r.ID, r.Category, [2]string{"I0", "I1"}[st]
				for _, c := range []*PhysicsCounts{pc, &rep.Total} {
					switch fs[i].Kind {
					case "unstable":
						c.Unstable[st]++
					case "overlap":
						c.Overlaps[st]++
					case "below_floor":
						c.BelowFloor[st]++
					case "in_wall":
						c.InWall[st]++
					case "over_hole":
						c.OverHole[st]++
					case "mesh_gap":
						c.MeshGap[st]++
					case "mesh_bridge":
						c.MeshBridge[st]++
					}
				}
			}
			if len(fs) > 0 {
				pc.BadRows[st]++
				rep.Total.BadRows[st]++
			}
			rep.Findings = append(rep.Findings, fs...)
		}
	}
	return rep
}

// applyAfter returns the I1 objects: before, with every object listed in
// after replaced by its after pose.
func applyAfter(before, after []export.ObjectRow) []export.ObjectRow {
	out := append([]export.ObjectRow(nil), before...)
	at := map[string]int{}
	for i := range out {
		at[out[i].ObjectID] = i
	}
	for _, a := range after {
		if i, ok := at[a.ObjectID]; ok {
			out[i] = a
		}
	}
	return out
}

// pbox is an object's box in the audit's own terms: footprint corners in
// xz (counter-clockwise seen from above, x right and z up) and its height
// span.
type pbox struct {
	fp     [4][2]float64
	y0, y1 float64
	cx, cz float64
}

func boxOf(o *export.ObjectRow) pbox {
	s, c := math.Sincos(o.Yaw * math.Pi / 180)
	// Unity's yaw turns local +x to (cos, -sin) and local +z to (sin, cos)
	// in world (x, z).
	ax := [2]float64{c * o.Size[0] / 2, -s * o.Size[0] / 2}
	az := [2]float64{s * o.Size[2] / 2, c * o.Size[2] / 2}
	px, pz := o.Position[0], o.Position[2]
	b := pbox{y0: o.Position[1] - o.Size[1]/2, y1: o.Position[1] + o.Size[1]/2, cx: px, cz: pz}
	for k, sg := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		b.fp[k] = [2]float64{px + sg[0]*ax[0] + sg[1]*az[0], pz + sg[0]*ax[1] + sg[1]*az[1]}
	}
	b.fp = ccw(b.fp)
	return b
}

// ccw orders a parallelogram's corners counter-clockwise.
func ccw(p [4][2]float64) [4][2]float64 {
	if cross(p[0], p[1], p[2]) < 0 {
		p[1], p[3] = p[3], p[1]
	}
	return p
}

func cross(o, a, b [2]float64) float64 {
	return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
}

// physicsFindings checks one state's objects, and against walls when
// given.
func physicsFindings(objs []export.ObjectRow, walls []PhysicsWall) []PhysicsFinding {
	boxes := make([]pbox, len(objs))
	idx := make(map[string]int, len(objs))
	for i := range objs {
		boxes[i] = boxOf(&objs[i])
		idx[objs[i].ObjectID] = i
	}
	// ancestorOf(a, d): d rests, directly or not, on a.
	ancestorOf := func(a, d int) bool {
		seen := 0
		for p := objs[d].Parent; p != "" && seen <= len(objs); seen++ {
			k, ok := idx[p]
			if !ok {
				return false
			}
			if k == a {
				return true
			}
			p = objs[k].Parent
		}
		return false
	}
	var out []PhysicsFinding
	for i := range objs {
		b := &boxes[i]
		if b.y0 < -PhysicsContactTol {
			out = append(out, PhysicsFinding{Kind: "below_floor", Object: objs[i].ObjectID, Amount: -b.y0})
		}
		if b.y0 <= PhysicsContactTol || WallMountedTypes[objs[i].ObjectType] {
			continue
		}
		if HungTypes[objs[i].ObjectType] && hungFrom(b, boxes, objs) {
			continue
		}
		var pts [][2]float64
		for j := range objs {
			o := &boxes[j]
			if j == i || o.y0 > b.y0+PhysicsContactTol || o.y1 < b.y0-PhysicsContactTol || ancestorOf(i, j) {
				continue
			}
			pts = append(pts, clipConvex(b.fp[:], o.fp[:])...)
		}
		if d := insideDistance(hull(pts), [2]float64{b.cx, b.cz}); d < -PhysicsCOMSlack {
			out = append(out, PhysicsFinding{Kind: "unstable", Object: objs[i].ObjectID, Amount: -d})
		}
	}
	for i := range objs {
		for j := i + 1; j < len(objs); j++ {
			if ancestorOf(i, j) || ancestorOf(j, i) || faucetOverSink(&objs[i], &objs[j]) {
				continue
			}
			if d := boxPenetration(&boxes[i], &boxes[j]); d > PhysicsOverlapTol {
				a, c := objs[i].ObjectID, objs[j].ObjectID
				if c < a {
					a, c = c, a
				}
				out = append(out, PhysicsFinding{Kind: "overlap", Object: a, Other: c, Amount: d})
			}
		}
	}
	out = append(out, wallFindings(boxes, objs, walls)...)
	sortFindings(out)
	return out
}

// faucetOverSink reports whether a and b are a faucet and a sink on the
// same receptacle: a faucet stands at its basin's back edge with the spout
// over the bowl, so their boxes overlap by design.
func faucetOverSink(a, b *export.ObjectRow) bool {
	if a.ObjectType == "Sink" {
		a, b = b, a
	}
	return a.ObjectType == "Faucet" && b.ObjectType == "Sink" && a.Parent == b.Parent
}

// sortFindings orders one state's findings by kind, then object.
func sortFindings(out []PhysicsFinding) {
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Object < out[j].Object
	})
}

// hungFrom reports whether box b hangs from a holder: b's top lies within
// PhysicsContactTol of the top of a box of one of HolderTypes, and b's
// centre of mass lies under that holder, within b's smaller horizontal
// half extent (plus PhysicsContactTol) of the holder's footprint, as a
// towel hanging over a bar lies just in front of it.
func hungFrom(b *pbox, boxes []pbox, objs []export.ObjectRow) bool {
	for j := range objs {
		h := &boxes[j]
		if !HolderTypes[objs[j].ObjectType] || math.Abs(h.y1-b.y1) > PhysicsContactTol {
			continue
		}
		reach := math.Min(segDist(b.fp[0], b.fp[1], [2]float64{b.cx, b.cz}), segDist(b.fp[1], b.fp[2], [2]float64{b.cx, b.cz}))
		if -insideDistance(hull(h.fp[:]), [2]float64{b.cx, b.cz}) <= reach+PhysicsContactTol {
			return true
		}
	}
	return false
}

// boxPenetration is the separating-axis depth of two upright boxes: the
// smallest overlap of their projections on y and on the four edge normals
// of their footprints (negative when they are apart).
func boxPenetration(a, b *pbox) float64 {
	d := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	for _, p := range [2]*pbox{a, b} {
		for k := 0; k < 2; k++ {
			e := [2]float64{p.fp[k+1][0] - p.fp[k][0], p.fp[k+1][1] - p.fp[k][1]}
			n := math.Hypot(e[0], e[1])
			if n == 0 {
				continue
			}
			ax := [2]float64{-e[1] / n, e[0] / n}
			lo1, hi1 := project(a.fp[:], ax)
			lo2, hi2 := project(b.fp[:], ax)
			d = math.Min(d, math.Min(hi1, hi2)-math.Max(lo1, lo2))
		}
	}
	return d
}

func project(p [][2]float64, ax [2]float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, q := range p {
		v := q[0]*ax[0] + q[1]*ax[1]
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// clipConvex returns the polygon subject ∩ clip (both convex and
// counter-clockwise) by Sutherland–Hodgman clipping.
func clipConvex(subject, clip [][2]float64) [][2]float64 {
	out := append([][2]float64(nil), subject...)
	for k := range clip {
		a, b := clip[k], clip[(k+1)%len(clip)]
		in := out
		out = nil
		for m := range in {
			p, q := in[m], in[(m+1)%len(in)]
			pin, qin := cross(a, b, p) >= 0, cross(a, b, q) >= 0
			if pin {
				out = append(out, p)
			}
			if pin != qin {
				cp, cq := cross(a, b, p), cross(a, b, q)
				t := cp / (cp - cq)
				out = append(out, [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])})
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

// hull returns the convex hull of pts, counter-clockwise (Andrew's monotone
// chain); collinear points are dropped.
func hull(pts [][2]float64) [][2]float64 {
	p := append([][2]float64(nil), pts...)
	sort.Slice(p, func(i, j int) bool {
		if p[i][0] != p[j][0] {
			return p[i][0] < p[j][0]
		}
		return p[i][1] < p[j][1]
	})
	if len(p) < 3 {
		return p
	}
	h := make([][2]float64, 0, 2*len(p))
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, q := range p {
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, q)
		}
		h = h[:len(h)-1]
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return h
}

// insideDistance is the signed distance of q from the boundary of convex
// polygon h (counter-clockwise): positive inside. A polygon of fewer than
// three points (no support, or support along a line or at a point) gives
// minus the distance to it, or −Inf when it is empty.
func insideDistance(h [][2]float64, q [2]float64) float64 {
	if len(h) == 0 {
		return math.Inf(-1)
	}
	if len(h) < 3 {
		d := math.Hypot(q[0]-h[0][0], q[1]-h[0][1])
		if len(h) == 2 {
			d = segDist(h[0], h[1], q)
		}
		return -d
	}
	in := math.Inf(1)
	for k := range h {
		a, b := h[k], h[(k+1)%len(h)]
		in = math.Min(in, cross(a, b, q)/math.Hypot(b[0]-a[0], b[1]-a[1]))
	}
	if in >= 0 {
		return in
	}
	// Outside: the distance to the nearest edge segment that q is beyond.
	best := math.Inf(1)
	for k := range h {
		best = math.Min(best, segDist(h[k], h[(k+1)%len(h)], q))
	}
	return -best
}

func segDist(a, b, q [2]float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dz*dz
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, ((q[0]-a[0])*dx+(q[1]-a[1])*dz)/l))
	}
	return math.Hypot(q[0]-a[0]-t*dx, q[1]-a[1]-t*dz)
}
