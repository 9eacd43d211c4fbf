package planner

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// Hand-worked cases: B one metre to the right of A, or one metre behind it.
func TestRelationsAtHandCases(t *testing.T) {
	right, behind := [2]float64{1, 0}, [2]float64{0, 1}
	cases := []struct {
		v    Viewpoint
		d    [2]float64
		want []ViewRelation
	}{
		{Viewpoint{}, right, []ViewRelation{RelRight}},
		// The camera moves to the scene's left side and looks along +x: B is farther away.
		{Viewpoint{Orbit: 90}, right, []ViewRelation{RelBehind}},
		{Viewpoint{Orbit: 180}, right, []ViewRelation{RelLeft}},
		{Viewpoint{Orbit: 270}, right, []ViewRelation{RelFront}},
		{Viewpoint{Orbit: 360}, right, []ViewRelation{RelRight}},
		{Viewpoint{Orbit: -90}, right, []ViewRelation{RelFront}},
		{Viewpoint{Orbit: 45}, right, []ViewRelation{RelRight, RelBehind}},
		{Viewpoint{Top: true}, right, []ViewRelation{RelRight}},
		{Viewpoint{}, behind, []ViewRelation{RelBehind}},
		// From the left side looking +x, the source's far side (+z) is on the left.
		{Viewpoint{Orbit: 90}, behind, []ViewRelation{RelLeft}},
		{Viewpoint{Orbit: -90}, behind, []ViewRelation{RelRight}},
		{Viewpoint{Top: true}, behind, []ViewRelation{RelNorth}},
		{Viewpoint{Top: true}, [2]float64{-1, -1}, []ViewRelation{RelLeft, RelSouth}},
	}
	for _, c := range cases {
		got, clear := RelationsAt(c.v, c.d, 0.2)
		if !reflect.DeepEqual(got, c.want) || !clear {
			t.Errorf("%s, d %v: %v (clear %v), want %v", c.v, c.d, got, clear, c.want)
		}
	}
	// Near a threshold the pair is not clear.
	if _, clear := RelationsAt(Viewpoint{}, [2]float64{0.25, 1}, 0.2); clear {
		t.Error("a lateral offset of 0.25 m against a 0.2 m margin counted as clear")
	}
}

// Property: every relation RelationsAt reports agrees with its Direction
// (the offset along it exceeds the margin), 0° and 360° agree, and orbiting
// left by θ equals orbiting right by 360-θ.
func TestRelationsAtMatchDirections(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		d := [2]float64{4*rng.Float64() - 2, 4*rng.Float64() - 2}
		for _, a := range OrbitAngles {
			v := Viewpoint{Orbit: a}
			rels, _ := RelationsAt(v, d, 0.2)
			for _, r := range rels {
				dir, err := v.Direction(r)
				if err != nil {
					t.Fatal(err)
				}
				if dot := dir[0]*d[0] + dir[1]*d[1]; dot <= 0.2 {
					t.Fatalf("%s %v: %s but offset along it %g", v, d, r, dot)
				}
			}
			other, _ := RelationsAt(Viewpoint{Orbit: a - 360}, d, 0.2)
			if !reflect.DeepEqual(rels, other) {
				t.Fatalf("left %d and right %d differ: %v %v", a, 360-a, rels, other)
			}
		}
		r0, _ := RelationsAt(Viewpoint{}, d, 0.2)
		r360, _ := RelationsAt(Viewpoint{Orbit: 360}, d, 0.2)
		if !reflect.DeepEqual(r0, r360) {
			t.Fatalf("0° %v, 360° %v", r0, r360)
		}
	}
	for _, a := range []int{0, 90, 180, 270} {
		r, f := Viewpoint{Orbit: a}.Axes()
		for _, x := range append(r[:], f[:]...) {
			if x != 0 && math.Abs(x) != 1 {
				t.Errorf("orbit %d: axes %v %v not exact", a, r, f)
			}
		}
	}
	if _, err := (Viewpoint{Top: true}).Direction(RelBehind); err == nil {
		t.Error("behind accepted at the top view")
	}
}
