package planner

import (
	"fmt"
	"math"
)

// This file holds the geometry of the viewpoint family (CVT-Bench style,
// ../shared/reference/papers/cvt-bench.md): observer-relative relations of a
// directed object pair after the camera orbits the scene about a vertical
// axis, or looks down from above. Positions are top-down coordinates in the
// source camera's frame: x along the source camera's right, z along its
// forward direction on the floor (away from the camera).

// ViewRelation is one relation of the viewpoint family's vocabulary.
type ViewRelation string

// The relations: left/right/front/behind at orbit views (CLEVR's protocol:
// front is nearer the camera), left/right/north/south at the top view, where
// north is the source view's behind and south its front.
const (
	RelLeft   ViewRelation = "left"
	RelRight  ViewRelation = "right"
	RelFront  ViewRelation = "front"
	RelBehind ViewRelation = "behind"
	RelNorth  ViewRelation = "north"
	RelSouth  ViewRelation = "south"
)

// OrbitAngles are the method's nine azimuths, 0° to 360° in 45° steps.
var OrbitAngles = []int{0, 45, 90, 135, 180, 225, 270, 315, 360}

// Viewpoint is a counterfactual observer: the source camera orbited by Orbit
// degrees about the vertical axis through the orbit centre, positive to the
// camera's left (negative to its right), still looking at the centre; or,
// when Top is set, a camera above the centre looking down with the source
// view's forward direction at the top of the image.
type Viewpoint struct {
	Orbit int
	Top   bool
}

// String names the viewpoint as questions do: "0", "left 90", "right 45",
// "top".
func (v Viewpoint) String() string {
	switch {
	case v.Top:
		return "top"
	case v.Orbit > 0:
		return fmt.Sprintf("left %d", v.Orbit)
	case v.Orbit < 0:
		return fmt.Sprintf("right %d", -v.Orbit)
	}
	return "0"
}

// Axes returns the viewpoint camera's right and forward directions on the
// floor in the source frame. Orbits by multiples of 45° use exact values, so
// axes that should vanish are exactly zero.
func (v Viewpoint) Axes() (right, forward [2]float64) {
	if v.Top {
		return [2]float64{1, 0}, [2]float64{0, 1}
	}
	s, c := sinCosDeg(v.Orbit)
	// The camera starts at -z looking +z; orbiting left by θ puts it at
	// (-sin θ, -cos θ)·R looking at the centre.
	return [2]float64{c, -s}, [2]float64{s, c}
}

// sinCosDeg returns sin and cos of an angle in degrees, exact for
// multiples of 45°.
func sinCosDeg(deg int) (s, c float64) {
	d := ((deg % 360) + 360) % 360
	if d%45 == 0 {
		h := math.Sqrt2 / 2
		tab := [8][2]float64{{0, 1}, {h, h}, {1, 0}, {h, -h}, {0, -1}, {-h, -h}, {-1, 0}, {-h, h}}
		return tab[d/45][0], tab[d/45][1]
	}
	r := float64(d) * math.Pi / 180
	return math.Sin(r), math.Cos(r)
}

// Direction returns the floor direction a relation asserts at the
// viewpoint: the object lies along it from the subject.
func (v Viewpoint) Direction(r ViewRelation) ([2]float64, error) {
	right, fwd := v.Axes()
	neg := func(a [2]float64) [2]float64 { return [2]float64{-a[0], -a[1]} }
	switch {
	case r == RelRight:
		return right, nil
	case r == RelLeft:
		return neg(right), nil
	case r == RelBehind && !v.Top, r == RelNorth && v.Top:
		return fwd, nil
	case r == RelFront && !v.Top, r == RelSouth && v.Top:
		return neg(fwd), nil
	}
	return [2]float64{}, fmt.Errorf("relation %q is not a relation of the %s view", r, v)
}

// RelationsAt returns the relations of an object to a subject at the
// viewpoint, d being object minus subject in the source frame: a relation
// holds when the offset along its axis exceeds margin. clear reports that
// no axis lies near its threshold: every component is at least 1.5×margin
// from zero or at most 0.5×margin, so a careful person would give the same
// set (the ambiguity-free pairs the method keeps).
func RelationsAt(v Viewpoint, d [2]float64, margin float64) (rels []ViewRelation, clear bool) {
	right, fwd := v.Axes()
	lat := d[0]*right[0] + d[1]*right[1]
	dep := d[0]*fwd[0] + d[1]*fwd[1]
	clear = true
	for _, c := range []float64{lat, dep} {
		if a := math.Abs(c); a > 0.5*margin && a < 1.5*margin {
			clear = false
		}
	}
	switch {
	case lat < -margin:
		rels = append(rels, RelLeft)
	case lat > margin:
		rels = append(rels, RelRight)
	}
	far, near := RelBehind, RelFront
	if v.Top {
		far, near = RelNorth, RelSouth
	}
	switch {
	case dep > margin:
		rels = append(rels, far)
	case dep < -margin:
		rels = append(rels, near)
	}
	return rels, clear
}
