package verify

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"flowbench/planner"
	"flowbench/sim"
)

// Gap is eq. 27: the Euclidean norm of the per-axis gaps between two
// axis-aligned boxes given by centre c and full extents s, where the gap on
// an axis is max(0, |c_i − c'_i| − (s_i + s'_i)/2).
func Gap(a, b sim.AABB) float64 {
	var sum float64
	for i := 0; i < 3; i++ {
		ca, cb := (a.Min[i]+a.Max[i])/2, (b.Min[i]+b.Max[i])/2
		sa, sb := a.Max[i]-a.Min[i], b.Max[i]-b.Min[i]
		g := math.Abs(ca-cb) - (sa+sb)/2
		if g > 0 {
			sum += g * g
		}
	}
	return math.Sqrt(sum)
}

// Dist is eq. 39: the 3D distance between two box centres.
func Dist(a, b sim.Vec3) float64 {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// distances returns, for each referenced object in choice order, f(mover, object) in the given state.
func distances(ex *planner.Example, objs map[string]planner.ObjectMeta, f func(m, o planner.ObjectMeta) float64) []float64 {
	mv := objs[ex.Mover.ObjectID]
	out := make([]float64, len(ex.Referenced))
	for i, r := range ex.Referenced {
		out[i] = f(mv, objs[r.ObjectID])
	}
	return out
}

func gapOf(m, o planner.ObjectMeta) float64  { return Gap(m.AABB, o.AABB) }
func distOf(m, o planner.ObjectMeta) float64 { return Dist(m.Position, o.Position) }

// argminStrict returns the index of the smallest value, or false on a tie.
func argminStrict(d []float64) (int, bool) {
	best := 0
	for i := 1; i < len(d); i++ {
		if d[i] < d[best] {
			best = i
		}
	}
	for i := range d {
		if i != best && d[i] == d[best] {
			return best, false
		}
	}
	return best, true
}

func fmtDists(d []float64) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = fmt.Sprintf("%s=%.4f", letter(i), x)
	}
	return strings.Join(parts, " ")
}

// closerTo is A.2.2: the letter of the option with the smallest AABB gap
// to the mover after the move (before: in the before-state).
func closerTo(ex *planner.Example, st states) (Result, error) {
	if err := checkOptionOrder(ex); err != nil {
		return Result{}, err
	}
	if len(ex.Referenced) != 4 {
		return Result{}, fmt.Errorf("%s: closer-to has %d options, want 4", ex.ID, len(ex.Referenced))
	}
	d1 := distances(ex, st.after, gapOf)
	d0 := distances(ex, st.before, gapOf)
	i1, ok := argminStrict(d1)
	if !ok {
		return Result{}, fmt.Errorf("%s: tie for the nearest option after the move (%s)", ex.ID, fmtDists(d1))
	}
	r := Result{Answer: letter(i1), Detail: "gaps after " + fmtDists(d1) + "; before " + fmtDists(d0)}
	if i0, ok := argminStrict(d0); ok {
		r.Before = letter(i0)
	}
	return r, nil
}

// topThree returns the sorted letters of the three smallest values, or
// false when the third and fourth are tied.
func topThree(d []float64) (string, bool) {
	idx := make([]int, len(d))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return d[idx[a]] < d[idx[b]] })
	if len(d) > 3 && d[idx[2]] == d[idx[3]] {
		return "", false
	}
	top := append([]int(nil), idx[:3]...)
	sort.Ints(top)
	return letter(top[0]) + letter(top[1]) + letter(top[2]), true
}

// closestThree is A.2.6: the sorted letters of the three options with the
// smallest centre distance to the mover after the move.
func closestThree(ex *planner.Example, st states) (Result, error) {
	if err := checkOptionOrder(ex); err != nil {
		return Result{}, err
	}
	if len(ex.Referenced) != 6 {
		return Result{}, fmt.Errorf("%s: closest-three has %d options, want 6", ex.ID, len(ex.Referenced))
	}
	d1 := distances(ex, st.after, distOf)
	d0 := distances(ex, st.before, distOf)
	ans, ok := topThree(d1)
	if !ok {
		return Result{}, fmt.Errorf("%s: tie for the third-nearest option after the move (%s)", ex.ID, fmtDists(d1))
	}
	before, _ := topThree(d0)
	return Result{Answer: ans, Before: before, Detail: "distances after " + fmtDists(d1) + "; before " + fmtDists(d0)}, nil
}

var reWithin = regexp.MustCompile(`within (\d+(?:\.\d+)?) m of the centre of`)

// countNear is A.2.7: how many of the six listed objects have their centre
// within τ (stated in the question) of the mover's centre after the move.
func countNear(ex *planner.Example, st states) (Result, error) {
	if len(ex.Referenced) != 6 {
		return Result{}, fmt.Errorf("%s: count-near lists %d objects, want 6", ex.ID, len(ex.Referenced))
	}
	for _, r := range ex.Referenced {
		if !strings.Contains(ex.Question, "("+r.DotColor+" dot)") {
			return Result{}, fmt.Errorf("%s: question does not list %s (%s dot)", ex.ID, r.ObjectID, r.DotColor)
		}
	}
	if err := countChoicesValid(ex); err != nil {
		return Result{}, err
	}
	tau, err := parseNumber(ex, reWithin, "distance threshold")
	if err != nil {
		return Result{}, err
	}
	count := func(d []float64) int {
		n := 0
		for _, x := range d {
			if x <= tau {
				n++
			}
		}
		return n
	}
	d1 := distances(ex, st.after, distOf)
	d0 := distances(ex, st.before, distOf)
	n1, n0 := count(d1), count(d0)
	ans, err := choiceLetter(ex, strconv.Itoa(n1))
	if err != nil {
		return Result{}, err
	}
	r := Result{Answer: ans, Changed: n0 != n1, Detail: fmt.Sprintf("τ=%.2f count after %d before %d; after %s; before %s", tau, n1, n0, fmtDists(d1), fmtDists(d0))}
	if b, err := choiceLetter(ex, strconv.Itoa(n0)); err == nil {
		r.Before = b
	}
	return r, nil
}

// nearObject is A.2.8: yes iff the landmark's centre is within τ (stated in
// the question) of the mover's centre after the move.
func nearObject(ex *planner.Example, st states) (Result, error) {
	if len(ex.Referenced) != 1 {
		return Result{}, fmt.Errorf("%s: near-object references %d objects, want 1", ex.ID, len(ex.Referenced))
	}
	if err := dotOrder(ex); err != nil {
		return Result{}, err
	}
	tau, err := parseNumber(ex, reWithin, "distance threshold")
	if err != nil {
		return Result{}, err
	}
	d1 := distances(ex, st.after, distOf)[0]
	d0 := distances(ex, st.before, distOf)[0]
	ans, err := yesNo(ex, d1 <= tau)
	if err != nil {
		return Result{}, err
	}
	before, err := yesNo(ex, d0 <= tau)
	return Result{Answer: ans, Before: before, Detail: fmt.Sprintf("τ=%.2f distance after %.4f before %.4f", tau, d1, d0)}, err
}

// countChoicesValid checks the count-near options: four distinct integers,
// either exactly {2,3,4,5} or (the widened answer set of the last
// fallback) drawn from 1..6.
func countChoicesValid(ex *planner.Example) error {
	if len(ex.Choices) != 4 {
		return fmt.Errorf("%s: count-near has %d choices, want 4", ex.ID, len(ex.Choices))
	}
	seen := map[int]bool{}
	for _, c := range ex.Choices {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 || n > 6 || seen[n] {
			return fmt.Errorf("%s: count-near choice %q is not a new count in 1..6", ex.ID, c)
		}
		seen[n] = true
	}
	return nil
}
