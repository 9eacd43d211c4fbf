package planner

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"flowbench/sim"
)

func TestTypeWords(t *testing.T) {
	for in, want := range map[string]string{
		"CellPhone": "cell phone", "TVStand": "TV stand", "Mug": "mug",
		"RemoteControl": "remote control", "BasketBall": "basket ball",
	} {
		if got := TypeWords(in); got != want {
			t.Errorf("TypeWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDeltaCameraFrame(t *testing.T) {
	// Yaw 90 looks along +x: right is −z, forward +x.
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 90, 30)
	cases := map[Direction]sim.Vec3{Right: {0, 0, -0.5}, Left: {0, 0, 0.5}, Forward: {0.5, 0, 0}, Back: {-0.5, 0, 0}}
	for d, want := range cases {
		got := Delta(cam, d, 0.5)
		if got.Sub(want).Len() > 1e-12 {
			t.Errorf("Delta(%s) = %v, want %v", d, got, want)
		}
		if got[1] != 0 {
			t.Errorf("Delta(%s) changes height", d)
		}
		r, f, _ := CameraComponents(cam, got)
		if d == Right && math.Abs(r-0.5) > 1e-12 || d == Forward && math.Abs(f-0.5) > 1e-12 {
			t.Errorf("components of %s: r %v f %v", d, r, f)
		}
	}
}

func TestMotionText(t *testing.T) {
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	mug := ObjectRef{ObjectType: "Mug", DotColor: "red"}
	cases := []struct {
		d       sim.Vec3
		settled bool
		want    string
	}{
		{sim.Vec3{0.354, 0, 0.01}, false, "The mug (red dot) moves 0.35 m to the right."},
		{sim.Vec3{-0.2, 0, -0.456}, false, "The mug (red dot) moves 0.20 m to the left and 0.46 m back (towards the camera)."},
		{sim.Vec3{0.019, 0, 0.5}, false, "The mug (red dot) moves 0.50 m forward (away from the camera)."},
		{sim.Vec3{0.3, -0.44, 0}, true, "The mug (red dot) moves 0.30 m to the right, then drops 0.44 m as it settles under gravity."},
		{sim.Vec3{0.3, -0.01, 0}, true, "The mug (red dot) moves 0.30 m to the right."},
	}
	for _, c := range cases {
		if got := MotionText(mug, cam, c.d, c.settled); got != c.want {
			t.Errorf("MotionText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestLettersAndChoices(t *testing.T) {
	if got := sortedLetters([]int{3, 0, 1}); got != "ABD" {
		t.Errorf("sortedLetters = %q", got)
	}
	if got := formatChoices([]string{"yes", "no"}); got != "A. yes\nB. no" {
		t.Errorf("formatChoices = %q", got)
	}
	// Deterministic shuffles: the same seed gives the same permutation.
	a, b := shuffled(newRNG(7), 6), shuffled(newRNG(7), 6)
	if !slices.Equal(a, b) {
		t.Errorf("shuffles differ: %v %v", a, b)
	}
	if slices.Equal(a, shuffled(newRNG(8), 6)) && slices.Equal(a, shuffled(newRNG(9), 6)) {
		t.Errorf("different seeds give the same permutation %v", a)
	}
	if got := joinList([]string{"a", "b", "c"}); got != "a, b and c" {
		t.Errorf("joinList = %q", got)
	}
}

func TestSurfaceClearanceAndPhi(t *testing.T) {
	a := sim.AABB{Min: sim.Vec3{0, 0, 0}, Max: sim.Vec3{1, 1, 1}}
	b := sim.AABB{Min: sim.Vec3{4, 0, 5}, Max: sim.Vec3{5, 1, 6}} // gaps 3, 0, 4
	if got := SurfaceClearance(a, b); math.Abs(got-5) > 1e-12 {
		t.Errorf("SurfaceClearance = %v, want 5", got)
	}
	if got := SurfaceClearance(a, a.Translate(sim.Vec3{0.5, 0, 0})); got != 0 {
		t.Errorf("overlapping boxes: %v", got)
	}
	if got, want := SurfaceClearance(a, b), sim.AABBSurfaceClearance(a, b); math.Abs(got-want) > 1e-12 {
		t.Errorf("planner %v vs sim %v", got, want)
	}
	for _, c := range []struct {
		d    float64
		hit  bool
		want float64
	}{{0, false, -5}, {0.5, true, -8}, {2.5, true, 2.5}, {7, true, 4}} {
		if got := Phi(c.d, c.hit); got != c.want {
			t.Errorf("Phi(%v,%v) = %v, want %v", c.d, c.hit, got, c.want)
		}
	}
}

func TestMaskStatsAndCover(t *testing.T) {
	f0 := &Frame{W: 4, H: 2, IDTable: []string{"", "a", "b"}, IDs: []uint16{2, 2, 2, 2, 0, 1, 1, 0}}
	f1 := &Frame{W: 4, H: 2, IDTable: []string{"", "a", "b"}, IDs: []uint16{1, 1, 2, 1, 0, 1, 1, 0}}
	m := MaskStats(f0)
	if m["b"].Pixels != 4 || m["b"].U != 1.5 || m["b"].V != 0 || m["a"].U != 1.5 || m["a"].V != 1 {
		t.Errorf("MaskStats = %+v", m)
	}
	rate, cov, bpx := CoverRate(f0, f1, "a", "b")
	if cov != 3 || bpx != 4 || rate != 0.75 {
		t.Errorf("CoverRate = %v %d %d, want 0.75 3 4", rate, cov, bpx)
	}
}

func TestCountChoices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n1 := 1; n1 <= 6; n1++ {
		for rep := 0; rep < 200; rep++ {
			got := countChoices(n1, rng)
			if n1 >= 2 && n1 <= 5 && fmt.Sprint(got) != fmt.Sprint(CountAnswers) {
				t.Fatalf("n1=%d: choices %v, want the fixed set %v", n1, got, CountAnswers)
			}
			seen, has := map[int]bool{}, false
			for _, k := range got {
				if k < 1 || k > 6 || seen[k] {
					t.Fatalf("n1=%d: choices %v not distinct counts in 1..6", n1, got)
				}
				seen[k], has = true, has || k == n1
			}
			if len(got) != 4 || !has {
				t.Fatalf("n1=%d: choices %v must be four and contain the answer", n1, got)
			}
		}
	}
}
