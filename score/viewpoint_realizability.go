package score

import (
	"errors"
	"fmt"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Realizable reports whether one scene's predicted relations can all hold
// at once (CVT-Bench supplement §2.3): every predicted relation r of object
// B to subject A at viewpoint v becomes the linear constraint
//
//	d(v, r) · (x_B − x_A) ≥ 1
//
// over one floor position x per object in the source frame, d being the
// relation's direction at v (planner.Viewpoint.Direction); 360° equals 0°,
// and the top view's north/south are the source's behind/front. Omitted
// relations add nothing, so infeasibility is conservative. The first object
// (in sorted order) is pinned at the origin; the unit margin loses nothing
// since positions may scale. Feasibility is decided by the simplex method.
// answers must all belong to one scene.
func Realizable(answers []ViewAnswer) (bool, error) {
	type row struct {
		a, b string
		dir  [2]float64
	}
	var rows []row
	ids, seen := map[string]bool{}, map[string]bool{}
	for _, an := range answers {
		for _, r := range an.Pred {
			dir, err := an.View.Direction(r)
			if err != nil {
				return false, fmt.Errorf("scene %s, %s→%s: %w", an.Scene, an.Subject, an.Object, err)
			}
			if an.Subject == an.Object {
				return false, nil // x_B − x_A = 0 cannot reach 1
			}
			// One row per distinct constraint: A→B along d is B→A along −d,
			// and repeated questions (0° and 360°, left θ and right 360−θ)
			// repeat rows, which only slow the simplex down.
			rw := row{an.Subject, an.Object, dir}
			if rw.a > rw.b {
				rw = row{an.Object, an.Subject, [2]float64{-dir[0], -dir[1]}}
			}
			key := fmt.Sprintf("%s\x00%s\x00%.9f\x00%.9f", rw.a, rw.b, rw.dir[0], rw.dir[1])
			if seen[key] {
				continue
			}
			seen[key] = true
			rows = append(rows, rw)
			ids[an.Subject], ids[an.Object] = true, true
		}
	}
	if len(rows) == 0 {
		return true, nil
	}
	names := make([]string, 0, len(ids))
	for id := range ids {
		names = append(names, id)
	}
	sort.Strings(names)
	// Columns: x⁺ and x⁻ for each used coordinate of each unpinned object
	// (free variables split in two), then one surplus per constraint.
	type coord struct {
		obj string
		k   int
	}
	col := map[coord]int{}
	n := 0
	for _, r := range rows {
		for _, end := range []string{r.a, r.b} {
			for k := 0; k < 2; k++ {
				c := coord{end, k}
				if _, ok := col[c]; ok || end == names[0] || r.dir[k] == 0 {
					continue
				}
				col[c] = n
				n += 2
			}
		}
	}
	m := len(rows)
	A := mat.NewDense(m, n+m, nil)
	b := make([]float64, m)
	for i, r := range rows {
		for k := 0; k < 2; k++ {
			if j, ok := col[coord{r.b, k}]; ok {
				A.Set(i, j, A.At(i, j)+r.dir[k])
				A.Set(i, j+1, A.At(i, j+1)-r.dir[k])
			}
			if j, ok := col[coord{r.a, k}]; ok {
				A.Set(i, j, A.At(i, j)-r.dir[k])
				A.Set(i, j+1, A.At(i, j+1)+r.dir[k])
			}
		}
		A.Set(i, n+i, -1) // surplus: d·(x_B − x_A) − s = 1, s ≥ 0
		b[i] = 1
	}
	_, x, err := lp.Simplex(make([]float64, n+m), A, b, 1e-10, nil)
	switch {
	case errors.Is(err, lp.ErrInfeasible):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("realizability of scene %s: %w", answers[0].Scene, err)
	}
	// Check the layout found against every constraint, so a numerical
	// failure of the simplex cannot pass as realizable.
	pos := func(obj string, k int) float64 {
		if j, ok := col[coord{obj, k}]; ok {
			return x[j] - x[j+1]
		}
		return 0
	}
	for _, r := range rows {
		got := r.dir[0]*(pos(r.b, 0)-pos(r.a, 0)) + r.dir[1]*(pos(r.b, 1)-pos(r.a, 1))
		if got < 1-1e-6 {
			return false, fmt.Errorf("realizability of scene %s: the simplex layout breaks %s→%s along %v (%g < 1)", answers[0].Scene, r.a, r.b, r.dir, got)
		}
	}
	return true, nil
}
