package sim

import (
	"fmt"
	"math"
	"strings"
)

// Door and window holes are measured along wall0 from the first vertex of
// wall0's polygon, as AI2-THOR builds them (unity/Assets/Scripts/
// ProceduralTools.cs, createAndJoinWall: the hole is offset from
// wall.polygon[0]) and as ProcTHOR writes them (procthor/generation/doors.py,
// windows.py: holePolygon and assetPosition are relative to the first
// polygon point of wall0). The other side (wall1) shares the hole at the same
// world place.

// wallOrigin returns the xz point a wall's hole offsets start from (the first
// vertex of its polygon) and the unit direction along the wall away from it.
func wallOrigin(w Wall) (o, dir [2]float64, ok bool) {
	pts, _ := wallBase(w)
	if len(w.Polygon) == 0 || len(pts) != 2 {
		return o, dir, false
	}
	o = [2]float64{w.Polygon[0].X, w.Polygon[0].Z}
	other := pts[1]
	if math.Hypot(pts[0][0]-o[0], pts[0][1]-o[1]) > math.Hypot(pts[1][0]-o[0], pts[1][1]-o[1]) {
		other = pts[0]
	}
	dx, dz := other[0]-o[0], other[1]-o[1]
	l := math.Hypot(dx, dz)
	if l == 0 {
		return o, dir, false
	}
	return o, [2]float64{dx / l, dz / l}, true
}

// wallStart returns the endpoint WallShape.A of a house wall, which hole
// intervals of the WallShape are measured from (see Scene.wallShape).
func wallStart(w Wall) ([2]float64, bool) {
	pts, _ := wallBase(w)
	if len(pts) != 2 {
		return [2]float64{}, false
	}
	a := pts[0]
	if a2, _, ok := idOrder(w.ID, pts[0], pts[1]); ok {
		a = a2
	}
	return a, true
}

// idOrder orders a wall's endpoints as its id "wall|<room>|x0|z0|x1|z1"
// does (a nearer to x0,z0); ok is false when the id encodes no endpoints.
func idOrder(id string, a, b [2]float64) ([2]float64, [2]float64, bool) {
	f := strings.Split(id, "|")
	if len(f) != 6 {
		return a, b, false
	}
	var x0, z0 float64
	if _, err := fmt.Sscanf(f[2]+" "+f[3], "%g %g", &x0, &z0); err != nil {
		return a, b, false
	}
	if math.Hypot(b[0]-x0, b[1]-z0) < math.Hypot(a[0]-x0, a[1]-z0) {
		a, b = b, a
	}
	return a, b, true
}

// holeOnWall converts a door or window hole, given along wall0 from its
// polygon's first vertex, to the interval of wall w measured from w's
// WallShape.A.
func holeOnWall(d Door, isDoor bool, w0, w Wall) Hole {
	a, b := d.HolePolygon[0], d.HolePolygon[1]
	hole := Hole{ID: d.ID, Asset: d.AssetID, U0: math.Min(a.X, b.X), U1: math.Max(a.X, b.X), Y0: math.Min(a.Y, b.Y), Y1: math.Max(a.Y, b.Y), Door: isDoor}
	o, dir, ok := wallOrigin(w0)
	start, ok2 := wallStart(w)
	if !ok || !ok2 {
		return hole
	}
	pts, _ := wallBase(w)
	end := pts[1]
	if end == start {
		end = pts[0]
	}
	ex, ez := end[0]-start[0], end[1]-start[1]
	l := math.Hypot(ex, ez)
	if l == 0 {
		return hole
	}
	along := func(u float64) float64 {
		px, pz := o[0]+u*dir[0], o[1]+u*dir[1]
		return ((px-start[0])*ex + (pz-start[1])*ez) / l
	}
	u0, u1 := along(hole.U0), along(hole.U1)
	hole.U0, hole.U1 = math.Min(u0, u1), math.Max(u0, u1)
	return hole
}
