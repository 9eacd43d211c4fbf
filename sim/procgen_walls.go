package sim

import (
	"fmt"
	"math"
	"strings"
)

// This file turns a floor plan's room edges into ProcTHOR walls, doorways
// and windows. Each room side is one zero-thickness wall with id
// "wall|<roomnum>|x0|z0|x1|z1" (endpoints sorted, two decimals); a side on
// the house's outline also gets a "wall|exterior|..." face. Hole polygons are
// measured along wall0 from the first vertex of its polygon, as AI2-THOR
// reads them (see wall_holes.go).

// holeAsset is a real AI2-THOR door or window asset with the size of the
// hole it needs: ProcTHOR's wall-holes.json (procthor/databases) where it
// lists the asset (max - min of its hole box), else the asset's bounding box
// (the Doorframe_* assets, which that file does not list).
//
// off and box place the asset in its hole as ProcTHOR does
// (procthor/generation/doors.py Door.asdict, wall_objects.py): the asset's
// wall-holes.json offset (a Doorframe_* asset uses its Doorway_* twin's, as
// doors.py does) and the x, y of its boundingBox in asset-database.json.
// The reference files are not there at run time, so the numbers live here;
// TestHoleAssetsMatchProcTHOR checks them against the files.
type holeAsset struct {
	id       string
	w, h     float64
	sill     float64 // bottom of the hole for windows
	off, box holeXY
}

// holeXY is an x (along the wall), y (up) pair.
type holeXY struct{ x, y float64 }

// assetPosition is where ProcTHOR puts the asset for a hole whose min
// corner is at u0 along wall0 and y0 up: hole min + the asset's wall-hole
// offset + half its box. It is within 9 mm of the hole centre.
func (a holeAsset) assetPosition(u0, y0 float64) XYZ {
	return XYZ{u0 + a.off.x + a.box.x/2, y0 + a.off.y + a.box.y/2, 0}
}

// Fields: id, hole w, h, sill, offset {x, y}, box {x, y}.
var doorAssets = []holeAsset{
	{"Doorway_1", 1.0733, 2.1275, 0, holeXY{-0.00131938, 0}, holeXY{1.08150029, 2.13022733}},
	{"Doorway_2", 0.9922, 2.0712, 0, holeXY{-0.00131938, 0}, holeXY{0.99978828, 2.07282186}},
	{"Doorway_3", 1.0192, 2.0794, 0, holeXY{0.00150521, 0}, holeXY{1.02444530, 2.09014630}},
	{"Doorway_4", 1.0374, 2.1010, 0, holeXY{-0.00215174, 0}, holeXY{1.04259205, 2.10358810}},
	{"Doorway_5", 1.0331, 2.0917, 0, holeXY{-0.00131938, -0.00201787}, holeXY{1.03753853, 2.09593248}},
	{"Doorway_7", 1.0291, 2.0929, 0, holeXY{-0.00131938, 0}, holeXY{1.03581214, 2.09560108}},
	{"Doorway_10", 1.0379, 2.0996, 0, holeXY{-0.00166633, -0.00104131}, holeXY{1.04122949, 2.10212827}},
	{"Doorframe_1", 1.0815, 2.1302, 0, holeXY{-0.00131938, 0}, holeXY{1.08149993, 2.13022590}},
	{"Doorframe_4", 1.0426, 2.1036, 0, holeXY{-0.00215174, 0}, holeXY{1.04259157, 2.10358715}},
}

var doubleDoorAssets = []holeAsset{
	{"Doorway_Double_1", 1.9876, 2.1287, 0, holeXY{-0.00053229, 0}, holeXY{1.99692237, 2.13022733}},
	{"Doorway_Double_2", 1.9081, 2.0691, 0, holeXY{-0.00135171, 0}, holeXY{1.91352308, 2.07282043}},
	{"Doorway_Double_4", 1.9876, 2.1033, 0, holeXY{-0.00053229, 0}, holeXY{1.99356484, 2.10491300}},
	{"Doorframe_Double_5", 1.9403, 2.0956, 0, holeXY{-0.00319459, 0}, holeXY{1.94033623, 2.09560132}},
	{"Doorframe_Double_8", 1.9651, 2.0994, 0, holeXY{-0.00182455, 0}, holeXY{1.96514666, 2.09939694}},
}

var windowAssets = []holeAsset{
	{"Window_Hung_32x60", 0.8109, 1.5744, 0.52, holeXY{-0.02632185, -0.00120692}, holeXY{0.87041825, 1.58017826}},
	{"Window_Hung_48x44", 1.2166, 1.2719, 0.67, holeXY{-0.02727382, -0.00071707}, holeXY{1.28860426, 1.27473569}},
	{"Window_Fixed_60x36", 1.5243, 0.9141, 0.85, holeXY{-0.00068478, 0}, holeXY{1.53137696, 0.92352438}},
	{"Window_Slider_48x48", 1.2162, 1.2114, 0.70, holeXY{-0.00141764, -0.00202295}, holeXY{1.22104001, 1.22135377}},
	{"Window_Fixed_36x48", 0.9081, 1.2057, 0.75, holeXY{-0.00277770, -0.00472617}, holeXY{0.91500270, 1.21920013}},
	{"Window_Slider_36x36", 0.9092, 0.9105, 0.90, holeXY{-0.00182678, -0.00079384}, holeXY{0.91444600, 0.91649032}},
}

// wallID formats a ProcTHOR wall id with the endpoints in sorted order.
func wallID(owner string, a, b [2]float64) string {
	if b[0] < a[0] || (b[0] == a[0] && b[1] < a[1]) {
		a, b = b, a
	}
	return fmt.Sprintf("wall|%s|%.2f|%.2f|%.2f|%.2f", owner, a[0], a[1], b[0], b[1])
}

// edgeFromFirst reports whether the edge's point a is its wall id's first endpoint.
func (e *planEdge) edgeFromFirst() bool {
	return !(e.b[0] < e.a[0] || (e.b[0] == e.a[0] && e.b[1] < e.a[1]))
}

// toWall converts an interval measured from the wall id's first endpoint to
// one measured from the edge's point a (and back: the map is its own inverse).
func (e *planEdge) toWall(t0, t1 float64) (float64, float64) {
	if e.edgeFromFirst() {
		return t0, t1
	}
	return e.length - t1, e.length - t0
}

// addWalls appends every room's wall sides, then the exterior faces.
func addWalls(h *House, plan *floorPlan, st *genStyle, wallH float64) {
	ext := st.exterior
	extC := ext.C
	var exterior []Wall
	for ri := range plan.rooms {
		pr := &plan.rooms[ri]
		for k := range pr.edges {
			e := &pr.edges[k]
			e.wallID = wallID(fmt.Sprint(pr.num), e.a, e.b)
			h.Walls = append(h.Walls, Wall{
				ID:       e.wallID,
				Material: pr.wall,
				Polygon:  []XYZ{{e.a[0], 0, e.a[1]}, {e.b[0], 0, e.b[1]}, {e.a[0], wallH, e.a[1]}, {e.b[0], wallH, e.b[1]}},
				RoomID:   pr.id,
			})
			if e.other < 0 {
				e.extID = wallID("exterior", e.a, e.b)
				exterior = append(exterior, Wall{
					ID:       e.extID,
					Material: Material{Name: ext.Name, Color: &extC},
					Polygon:  []XYZ{{e.b[0], wallH, e.b[1]}, {e.a[0], wallH, e.a[1]}, {e.b[0], 0, e.b[1]}, {e.a[0], 0, e.a[1]}},
					RoomID:   "exterior",
				})
			}
		}
	}
	h.Walls = append(h.Walls, exterior...)
}

// addDoors connects the rooms: a random spanning tree over adjacent rooms,
// plus a few extra doorways between non-bathroom rooms. Each doorway sits on
// the longest side the two rooms share.
func addDoors(h *House, plan *floorPlan, r *genRand) {
	n := len(plan.rooms)
	type pair struct{ i, j, ei, ej int }
	var pairs []pair
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			best, bestLen := -1, 0.0
			for k, e := range plan.rooms[i].edges {
				if e.other == j && e.length > bestLen+1e-9 {
					best, bestLen = k, e.length
				}
			}
			if best < 0 {
				continue
			}
			ej := -1
			ei := &plan.rooms[i].edges[best]
			for k, e := range plan.rooms[j].edges {
				if e.other == i && sameSegment(e.a, e.b, ei.a, ei.b) {
					ej = k
				}
			}
			pairs = append(pairs, pair{i, j, best, ej})
		}
	}
	r.Shuffle(len(pairs), func(a, b int) { pairs[a], pairs[b] = pairs[b], pairs[a] })
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	var chosen []pair
	var rest []pair
	for _, p := range pairs {
		a, b := find(p.i), find(p.j)
		if a != b {
			parent[a] = b
			chosen = append(chosen, p)
		} else {
			rest = append(rest, p)
		}
	}
	for _, p := range rest {
		if plan.rooms[p.i].typ != Bathroom && plan.rooms[p.j].typ != Bathroom && r.Chance(0.2) {
			chosen = append(chosen, p)
		}
	}
	// Emit doors in room order so the JSON reads naturally.
	for a := 1; a < len(chosen); a++ {
		for b := a; b > 0 && (chosen[b].i < chosen[b-1].i || (chosen[b].i == chosen[b-1].i && chosen[b].j < chosen[b-1].j)); b-- {
			chosen[b], chosen[b-1] = chosen[b-1], chosen[b]
		}
	}
	for _, p := range chosen {
		ri, rj := &plan.rooms[p.i], &plan.rooms[p.j]
		e := &ri.edges[p.ei]
		asset := doorAssets[r.IntN(len(doorAssets))]
		if e.length >= 3.0 && ri.typ != Bathroom && rj.typ != Bathroom && r.Chance(0.3) {
			asset = doubleDoorAssets[r.IntN(len(doubleDoorAssets))]
		}
		// u0, u1: along the wall from its id's first endpoint; the hole is
		// written from wall0's first polygon vertex (e.a), as AI2-THOR reads it.
		u0 := r.Uniform(0.3, e.length-asset.w-0.3)
		u1 := u0 + asset.w
		t0, t1 := e.toWall(u0, u1)
		// Doorway_* assets have a door leaf (openable, generated open);
		// Doorframe_* assets are open frames, written without either field
		// as ProcTHOR does.
		var openable *bool
		openness := 0.0
		if strings.HasPrefix(asset.id, "Doorway") {
			t := true
			openable, openness = &t, 1
		}
		h.Doors = append(h.Doors, Door{
			AssetID:       asset.id,
			ID:            fmt.Sprintf("door|%d|%d", ri.num, rj.num),
			Openable:      openable,
			Openness:      openness,
			Room0:         ri.id,
			Room1:         rj.id,
			Wall0:         e.wallID,
			Wall1:         rj.edges[p.ej].wallID,
			HolePolygon:   []XYZ{{t0, 0, 0}, {t1, asset.h, 0}},
			AssetPosition: asset.assetPosition(t0, 0),
		})
		ri.doors = append(ri.doors, edgeSpan{p.ei, t0, t1})
		ej := &rj.edges[p.ej]
		s0, s1 := ej.toWall(u0, u1)
		rj.doors = append(rj.doors, edgeSpan{p.ej, s0, s1})
	}
}

// sameSegment reports whether two segments have the same endpoints in either order.
func sameSegment(a, b, c, d [2]float64) bool {
	eq := func(p, q [2]float64) bool { return math.Abs(p[0]-q[0]) < 1e-9 && math.Abs(p[1]-q[1]) < 1e-9 }
	return (eq(a, c) && eq(b, d)) || (eq(a, d) && eq(b, c))
}

// addWindows cuts windows into some exterior wall sides.
func addWindows(h *House, plan *floorPlan, st *genStyle, r *genRand, wallH float64) {
	for ri := range plan.rooms {
		pr := &plan.rooms[ri]
		k := 0
		for ei := range pr.edges {
			e := &pr.edges[ei]
			if e.other >= 0 || e.length < 1.6 || !r.Chance(st.windowP) {
				continue
			}
			var fits []holeAsset
			for _, a := range windowAssets {
				if a.w <= e.length-0.4 && a.sill+a.h <= wallH-0.15 {
					fits = append(fits, a)
				}
			}
			if len(fits) == 0 {
				continue
			}
			a := fits[r.IntN(len(fits))]
			// Drawn from the id's first endpoint; written, and kept in the
			// room's spans, from wall0's first polygon vertex (the edge's
			// point a), as the doors are.
			s := r.Uniform(0.2, e.length-a.w-0.2)
			u0, u1 := e.toWall(s, s+a.w)
			pr.windows = append(pr.windows, edgeSpan{edge: ei, t0: u0, t1: u1})
			h.Windows = append(h.Windows, Window{
				AssetID:       a.id,
				ID:            fmt.Sprintf("window|%d|%d", pr.num, k),
				Room0:         pr.id,
				Room1:         pr.id,
				Wall0:         e.wallID,
				Wall1:         e.extID,
				HolePolygon:   []XYZ{{u0, a.sill, 0}, {u1, a.sill + a.h, 0}},
				AssetPosition: a.assetPosition(u0, a.sill),
			})
			k++
		}
	}
}
