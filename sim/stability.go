package sim

import (
	"math"
	"sort"
)

// Stability: an object stands when its centre of mass (the centre of its
// box) projects inside its support polygon with StandMargin to spare.
// The support polygon is the convex hull of the regions where its
// footprint meets the footprints of what it rests on: one receptacle's top
// surface, or several at the same height together (a pan across a counter
// and a stove). The floor holds everything standing on it. Settle drops an
// object through supports that would not hold it (it would tip off them),
// and the planner applies the same rule (UnstableObjects) to every object
// an edit moved or took support from.

// StabilityMargin is how far inside its support polygon, in metres, an
// object's centre of mass must project for the object to stand; a thin
// object (a pen, a knife) needs only half its smaller half extent
// (StandMargin), since its own footprint bounds its support polygon.
const StabilityMargin = 0.01

// StandMargin is the margin box b's centre must keep inside its support
// polygon: StabilityMargin, or half of b's smaller horizontal half extent
// when that is less.
func StandMargin(b OBB) float64 {
	return math.Min(StabilityMargin, math.Min(b.Half[0], b.Half[2])/2)
}

// SupportMargin returns the signed distance, in metres, of b's centre from
// the edge of its support polygon over the given support boxes (positive
// inside); −Inf when no support meets b's footprint.
func SupportMargin(b OBB, supports []OBB) float64 {
	fp := b.footprint()
	var pts [][2]float64
	for i := range supports {
		sf := supports[i].footprint()
		pts = append(pts, clipPolygon(fp[:], sf[:])...)
	}
	return convexMargin(convexHull(pts), [2]float64{b.Center[0], b.Center[2]})
}

// clipPolygon returns subject ∩ clip for two convex polygons, either
// winding (Sutherland–Hodgman against each edge of clip).
func clipPolygon(subject, clip [][2]float64) [][2]float64 {
	sign := 1.0
	if polygonSignedArea(clip) < 0 {
		sign = -1
	}
	out := append([][2]float64(nil), subject...)
	for k := range clip {
		a, b := clip[k], clip[(k+1)%len(clip)]
		side := func(p [2]float64) float64 {
			return sign * ((b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0]))
		}
		in := out
		out = out[:0:0]
		for m := range in {
			p, q := in[m], in[(m+1)%len(in)]
			sp, sq := side(p), side(q)
			if sp >= 0 {
				out = append(out, p)
			}
			if (sp >= 0) != (sq >= 0) {
				t := sp / (sp - sq)
				out = append(out, [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])})
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

func polygonSignedArea(p [][2]float64) float64 {
	a := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		a += p[i][0]*q[1] - q[0]*p[i][1]
	}
	return a / 2
}

func turn(o, a, b [2]float64) float64 {
	return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
}

// convexHull returns the hull of pts with positive turn order (Andrew's
// monotone chain), collinear points dropped.
func convexHull(pts [][2]float64) [][2]float64 {
	p := append([][2]float64(nil), pts...)
	sort.Slice(p, func(i, j int) bool { return p[i][0] < p[j][0] || p[i][0] == p[j][0] && p[i][1] < p[j][1] })
	if len(p) < 3 {
		return p
	}
	lower, upper := [][2]float64{}, [][2]float64{}
	for _, q := range p {
		for len(lower) >= 2 && turn(lower[len(lower)-2], lower[len(lower)-1], q) <= 0 {
			lower = lower[:len(lower)-1]
		}
		lower = append(lower, q)
	}
	for i := len(p) - 1; i >= 0; i-- {
		q := p[i]
		for len(upper) >= 2 && turn(upper[len(upper)-2], upper[len(upper)-1], q) <= 0 {
			upper = upper[:len(upper)-1]
		}
		upper = append(upper, q)
	}
	return append(lower[:len(lower)-1], upper[:len(upper)-1]...)
}

// convexMargin is the signed distance of q from the boundary of hull h
// (positive turn order): positive inside. Fewer than three points (a support
// along a line or at a point) give minus the distance to them; none gives
// −Inf.
func convexMargin(h [][2]float64, q [2]float64) float64 {
	if len(h) == 0 {
		return math.Inf(-1)
	}
	inside := len(h) >= 3
	d := math.Inf(1)
	for k := range h {
		a, b := h[k], h[(k+1)%len(h)]
		if inside {
			if l := math.Hypot(b[0]-a[0], b[1]-a[1]); l > 0 && turn(a, b, q)/l < 0 {
				inside = false
			}
		}
		d = math.Min(d, segmentDistance(a, b, q[0], q[1]))
	}
	if inside {
		return d
	}
	return -d
}

// UnstableObjects applies the stability rule to the objects of objs at
// indices check, from their metadata alone (SupportMarginAt): it returns
// the ids of those whose margin is below StandMargin, in check order.
func UnstableObjects(objs []ObjectMeta, check []int, onWall func(typ string) bool) []string {
	var out []string
	for _, i := range check {
		if !StandsAt(objs, i, &objs[i], onWall) {
			out = append(out, objs[i].ID)
		}
	}
	return out
}

// StandsAt reports whether object i of objs would stand with the metadata
// at (its own, or a pose it is planned to take): SupportMarginAt is at
// least StandMargin.
func StandsAt(objs []ObjectMeta, i int, at *ObjectMeta, onWall func(typ string) bool) bool {
	return SupportMarginAt(objs, i, at, onWall) >= StandMargin(at.OBB())
}

// SupportMarginAt returns the SupportMargin of object i of objs, with the
// metadata at, from the metadata alone: +Inf on the floor (bottom within
// SupportContact of y = 0) or hanging on a wall (onWall of its type);
// otherwise the margin over the other objects of objs that hold its bottom
// (ObjectMeta.HoldsBottom) and do not rest on it.
func SupportMarginAt(objs []ObjectMeta, i int, at *ObjectMeta, onWall func(typ string) bool) float64 {
	bottom := at.Position[1] - at.Size[1]/2
	if bottom <= SupportContact || onWall != nil && onWall(at.Type) {
		return math.Inf(1)
	}
	var sup []OBB
	for j := range objs {
		if j != i && objs[j].HoldsBottom(bottom) && !restsOn(objs, j, objs[i].ID) {
			sup = append(sup, objs[j].OBB())
		}
	}
	return SupportMargin(at.OBB(), sup)
}

// restsOn reports whether object d of objs rests, directly or not, on the
// object with id anc (through the Parent chain).
func restsOn(objs []ObjectMeta, d int, anc string) bool {
	p := objs[d].Parent
	for n := 0; p != "" && n <= len(objs); n++ {
		if p == anc {
			return true
		}
		k := -1
		for j := range objs {
			if objs[j].ID == p {
				k = j
				break
			}
		}
		if k < 0 {
			return false
		}
		p = objs[k].Parent
	}
	return false
}

// SupportContact is how far, in metres, an object's bottom may lie from a
// receptacle's box (above its top, or below it inside the box) for the
// receptacle to count among its supports in UnstableObjects, and how high
// above the floor an object still stands on it.
const SupportContact = 0.01
