package real

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// objAt places an object of radius r (eq. 52) at camera-frame position x
// in both frames; moved returns a copy displaced to x1.
func objAt(label string, x Vec3, r float64) Object {
	k := DefaultIntrinsics
	u, v := k.Fx*x[0]/x[2]+k.Cx, k.Fy*x[1]/x[2]+k.Cy
	side := 2 * r * k.Fx / x[2]
	box := image.Rect(int(u-side/2), int(v-side/2), int(u-side/2)+int(math.Round(side)), int(v-side/2)+int(math.Round(side)))
	return Object{Label: label, U0: u, V0: v, U1: u, V1: v, Z0: x[2], Z1: x[2], X0: x, X1: x, R0: r, R1: r,
		Box0: box, Box1: box, Area0: 5000, Area1: 5000, Role: RoleStatic}
}

// rulesFor builds the rules of a hand-made measurement: the mover moves
// from x0 to x1 and the landmarks get marks 1.. in order.
func rulesFor(x0, x1 Vec3, lms ...Vec3) *rules {
	src, _ := CustomSource(1, MarginDefault, false, true)
	p := &Pair{ID: "hand", Source: src, W: DefaultWidth, H: DefaultHeight, K: DefaultIntrinsics}
	a := objAt("cup", x0, 0.04)
	b := objAt("cup", x1, 0.04)
	a.X1, a.U1, a.V1, a.Z1, a.Box1 = b.X0, b.U0, b.V0, b.Z0, b.Box0
	a.Role, a.Mark = RoleMover, len(lms)+1
	m := &Measurement{Objects: []Object{a}, Mover: 0, Mover2: -1, Ref: -1, SceneExtent: 2}
	for i, x := range lms {
		o := objAt(fmt.Sprint("obj", i), x, 0.03)
		o.Role, o.Mark = RoleLandmark, i+1
		m.Objects = append(m.Objects, o)
		m.Landmarks = append(m.Landmarks, i+1)
	}
	return newRules(p, m, rand.New(rand.NewPCG(1, 2)))
}

// TestThresholdMargins checks eq. 54 at T = 0.15 on both sides of each
// margin: d₀ = 20 cm, d₁ = 9 cm flips with margins 5 and 6 cm; d₁ = 11 cm
// misses |d₁ − T| ≥ 5 cm; d₀ = 17 cm misses |d₀ − T| ≥ 3 cm.
func TestThresholdMargins(t *testing.T) {
	L := Vec3{0, 0, 1}
	gap := func(d float64) Vec3 { return Vec3{d + 0.07, 0, 1} } // radii 4 + 3 cm
	for _, c := range []struct {
		d0, d1 float64
		want   bool
	}{{0.20, 0.09, true}, {0.20, 0.11, false}, {0.17, 0.09, false}, {0.18 + 1e-9, 0.10 - 1e-9, true}} {
		r := rulesFor(gap(c.d0), gap(c.d1), L)
		if math.Abs(r.d0[1]-c.d0) > 1e-12 || math.Abs(r.d1[1]-c.d1) > 1e-12 {
			t.Fatalf("eq. 53: d0 %v d1 %v, want %v %v", r.d0[1], r.d1[1], c.d0, c.d1)
		}
		got := false
		for _, q := range r.threshold() {
			if q.Spec.T == 0.15 {
				got = true
				if q.Answer != "A" || q.BeforeAnswer != "B" || !q.Changed {
					t.Errorf("d0 %v d1 %v: answer %s before %s", c.d0, c.d1, q.Answer, q.BeforeAnswer)
				}
			}
		}
		if got != c.want {
			t.Errorf("d0 %v d1 %v: T=0.15 question %v, want %v", c.d0, c.d1, got, c.want)
		}
	}
}

// TestLeftRightMargin checks B.4.2: the side must flip and |x_A⁽¹⁾ − x_L|
// ≥ m = 3 cm.
func TestLeftRightMargin(t *testing.T) {
	L := Vec3{0, 0, 1}
	for _, c := range []struct {
		x0, x1 float64
		want   bool
	}{{0.10, -0.04, true}, {0.10, -0.02, false}, {0.10, 0.05, false}, {-0.10, 0.031, true}} {
		r := rulesFor(Vec3{c.x0, 0.2, 1}, Vec3{c.x1, 0.2, 1}, L)
		qs := r.leftRight()
		if (len(qs) > 0) != c.want {
			t.Fatalf("x0 %v x1 %v: %d questions, want %v", c.x0, c.x1, len(qs), c.want)
		}
		for _, q := range qs {
			left := c.x1 < 0
			if want := yn(left == (q.Spec.Side == "left")); q.Answer != want {
				t.Errorf("x1 %v side %s: answer %s want %s", c.x1, q.Spec.Side, q.Answer, want)
			}
			if !q.Shortcut {
				t.Errorf("a flip is always answered by the moved-toward shortcut")
			}
		}
	}
}

// TestCloserToGap checks B.4.3: L* must change and d₁(L⁽²⁾) − d₁(L*) > 2m
// (and ≥ 5 cm, B.5).
func TestCloserToGap(t *testing.T) {
	// Landmarks on a line at x = 0, 0.3, 0.6; the mover goes from next to
	// the first to a point whose gap to the second nearest is g.
	lms := []Vec3{{0, 0, 1}, {0.3, 0, 1}, {0.6, 0, 1}}
	for _, c := range []struct {
		x1   float64
		want bool
	}{{0.3, true}, {0.2, true}, {0.17, false}, {0.14, false}} {
		r := rulesFor(Vec3{-0.05, 0, 1}, Vec3{c.x1, 0, 1}, lms...)
		qs := r.closerTo(1)
		if (len(qs) > 0) != c.want {
			t.Errorf("x1 %v: %d questions (d1 %v), want %v", c.x1, len(qs), r.d1, c.want)
		}
		for _, q := range qs {
			if q.Spec.Options[q.Answer[0]-'A'] != 2 {
				t.Errorf("x1 %v: answer %s names %v, want the second landmark", c.x1, q.Answer, q.Spec.Options)
			}
		}
	}
}

// TestSelectCaps draws random candidate pools and checks that the test
// selection always meets B.6: one question per pair, the caps, yes/no at
// most 55:45, and no borderline item.
func TestSelectCaps(t *testing.T) {
	for seed := range 60 {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		var cands []Question
		for p := range 300 {
			for range 1 + rng.IntN(3) {
				c := Categories[rng.IntN(len(Categories))]
				q := Question{ID: fmt.Sprintf("p%03d/%s/%d", p, c, len(cands)), PairID: fmt.Sprintf("p%03d", p),
					Spec: Spec{Category: c}, Changed: rng.IntN(3) > 0, MarginCleared: 0.02 + 0.1*rng.Float64()}
				if c == CatThreshold || c == CatCountNear {
					q.Spec.T = 0.15
					q.RelMargin = q.MarginCleared / 0.15
				}
				switch c {
				case CatCloserTo, CatCountNear:
					q.Choices = []string{"1", "2", "3", "4"}
					q.Answer = string(rune('A' + rng.IntN(4)))
				case CatClosestThree:
					q.Choices = []string{"a", "b", "c", "d", "e"}
					q.Answer = []string{"ABC", "ABD", "CDE"}[rng.IntN(3)]
				case CatOcclusion:
					q.Choices = occlusionChoices
					q.Answer = yn(rng.IntN(2) == 0)
				default:
					q.Choices = yesNo
					q.Answer = yn(rng.IntN(5) > 0) // a strong yes prior to trim
					q.Shortcut = c == CatLeftRight && rng.IntN(5) > 0
				}
				cands = append(cands, q)
			}
		}
		sel := Select(cands, SelectOptions{Test: true, Seed: int64(seed)})
		if err := CheckCaps(sel); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(sel) < 50 {
			t.Fatalf("seed %d: only %d of %d candidates selected", seed, len(sel), len(cands))
		}
		for _, q := range sel {
			if borderline(&q) {
				t.Fatalf("seed %d: borderline %s selected", seed, q.ID)
			}
		}
	}
}
