package export

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"flowbench/real"
)

// RealRecompute recomputes a FlowBench-Real question's answer from the
// measured geometry alone (the objects' 3D positions, radii, depths and
// visible areas in m), independently of the code that asked it, with each
// category's definition (Appendix B.4):
//
//   - near_object: d₁(L) < T with d₁ the surface distance of eq. 53
//     (max(0, ‖X_L⁽⁰⁾ − X_A⁽¹⁾‖ − r_L⁽⁰⁾ − r_A⁽¹⁾)); "yes" iff that holds
//     and the claim is "within", or fails and the claim is "beyond";
//   - left_right: x_A⁽¹⁾ < x_L (side "left") or > x_L ("right");
//   - depth_order: z_A⁽¹⁾ < z_L;
//   - closer_to: the option with the least d₁;
//   - closest_three: the three options with the least d₁;
//   - count_near: the choice equal to #{L counted: d₁(L) < T};
//   - occlusion: "partly blocked" for a cover (a₁ ≤ 0.85 a₀ and the mover
//     ends in front of L by 1 cm), "fully visible" for a reveal
//     (a₁ ≥ 1.35 a₀); a question whose areas meet neither is an error.
//
// before is the answer before the move for the categories that have one
// here (the yes/no ones, closer_to, closest_three), "" otherwise. Yes/no
// letters come from the choices "yes" and "no"; occlusion's from "fully
// visible" and "partly blocked".
func RealRecompute(m *real.Measurement, q *real.Question) (answer, before string, err error) {
	s := &q.Spec
	obj := func(i int, what string) (*real.Object, error) {
		if i < 0 || i >= len(m.Objects) {
			return nil, fmt.Errorf("%s %d is not an object of the measurement (%d objects)", what, i, len(m.Objects))
		}
		return &m.Objects[i], nil
	}
	a, err := obj(m.Mover, "mover")
	if err != nil {
		return "", "", err
	}
	dist := func(l *real.Object, t int) float64 {
		xa, ra := a.X0, a.R0
		if t == 1 {
			xa, ra = a.X1, a.R1
		}
		return math.Max(0, l.X0.Sub(xa).Len()-l.R0-ra)
	}
	letter := func(text string) (string, error) {
		for i, c := range q.Choices {
			if strings.EqualFold(strings.TrimSpace(c), text) {
				return string(rune('A' + i)), nil
			}
		}
		return "", fmt.Errorf("no choice reads %q (choices %q)", text, q.Choices)
	}
	yesNo := func(yes [2]bool) (string, string, error) {
		var out [2]string
		for t, v := range yes {
			text := "no"
			if v {
				text = "yes"
			}
			l, err := letter(text)
			if err != nil {
				return "", "", err
			}
			out[t] = l
		}
		return out[1], out[0], nil
	}
	switch s.Category {
	case real.CatThreshold, real.CatLeftRight, real.CatDepthOrder, real.CatOcclusion:
		l, err := obj(s.Landmark, "landmark")
		if err != nil {
			return "", "", err
		}
		switch s.Category {
		case real.CatThreshold:
			if !(s.T > 0) {
				return "", "", fmt.Errorf("threshold T = %g", s.T)
			}
			var yes [2]bool
			for t := range 2 {
				within := dist(l, t) < s.T
				switch s.Claim {
				case "within", "":
					yes[t] = within
				case "beyond":
					yes[t] = !within
				default:
					return "", "", fmt.Errorf("claim %q (want within or beyond)", s.Claim)
				}
			}
			return yesNo(yes)
		case real.CatLeftRight:
			on := func(x float64) bool { return x < l.X0[0] }
			switch s.Side {
			case "left":
			case "right":
				on = func(x float64) bool { return x > l.X0[0] }
			default:
				return "", "", fmt.Errorf("side %q (want left or right)", s.Side)
			}
			return yesNo([2]bool{on(a.X0[0]), on(a.X1[0])})
		case real.CatDepthOrder:
			return yesNo([2]bool{a.Z0 < l.Z0, a.Z1 < l.Z0})
		default: // occlusion
			a0, a1 := float64(l.Area0), float64(l.Area1)
			switch {
			case s.Occlusion == "cover" && a1 <= real.CoverMaxAreaRatio*a0 && a.Z1 < l.Z0-real.CoverFrontMargin:
				ans, err := letter("partly blocked")
				return ans, "", err
			case s.Occlusion == "reveal" && a1 >= real.RevealMinAreaRatio*a0:
				ans, err := letter("fully visible")
				return ans, "", err
			}
			return "", "", fmt.Errorf("occlusion %q, but the landmark's areas %g -> %g px and depths (mover %g m, landmark %g m) do not make one",
				s.Occlusion, a0, a1, a.Z1, l.Z0)
		}
	case real.CatCloserTo, real.CatClosestThree:
		if len(s.Options) != len(q.Choices) {
			return "", "", fmt.Errorf("%d options for %d choices", len(s.Options), len(q.Choices))
		}
		k := 1
		if s.Category == real.CatClosestThree {
			k = 3
		}
		if len(s.Options) <= k {
			return "", "", fmt.Errorf("%d options, want more than %d", len(s.Options), k)
		}
		var out [2]string
		for t := range 2 {
			idx := make([]int, len(s.Options))
			d := make([]float64, len(s.Options))
			for i, o := range s.Options {
				l, err := obj(o, "option")
				if err != nil {
					return "", "", err
				}
				idx[i], d[i] = i, dist(l, t)
			}
			sort.SliceStable(idx, func(i, j int) bool { return d[idx[i]] < d[idx[j]] })
			sel := slices.Clone(idx[:k])
			slices.Sort(sel)
			for _, i := range sel {
				out[t] += string(rune('A' + i))
			}
		}
		return out[1], out[0], nil
	case real.CatCountNear:
		if len(s.CountChoices) != len(q.Choices) {
			return "", "", fmt.Errorf("%d count choices for %d choices", len(s.CountChoices), len(q.Choices))
		}
		n := 0
		for _, o := range s.Counted {
			l, err := obj(o, "counted landmark")
			if err != nil {
				return "", "", err
			}
			if dist(l, 1) < s.T {
				n++
			}
		}
		i := slices.Index(s.CountChoices, n)
		if i < 0 {
			return "", "", fmt.Errorf("the count %d is not among the choices %v", n, s.CountChoices)
		}
		return string(rune('A' + i)), "", nil
	}
	return "", "", fmt.Errorf("unknown category %q (want one of %v)", s.Category, real.Categories)
}
