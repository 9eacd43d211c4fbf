package score

import (
	"math"
	"slices"

	"flowbench/planner"
)

// This file scores the viewpoint family as CVT-Bench does
// (../shared/reference/papers/cvt-bench.md, "Evaluation Metrics" and
// supplement §2): multi-label F1 per viewpoint, cycle consistency between
// 0° and 360°, and the normalized survival coefficient (NSC). Scoring is
// strict: only the canonical relation set counts (the method's
// ambiguity-aware variant needs a sidecar of admissible alternatives, which
// flowbench avoids by keeping only clear pairs).

// ViewAnswer is one viewpoint question with its ground truth and a model's
// prediction.
type ViewAnswer struct {
	Scene   string
	Subject string // tag or id of A, the reference object
	Object  string // tag or id of B, whose relation to A is asked
	View    planner.Viewpoint
	// Step is the question's position among the questions about the same
	// directed pair, in prompt (encounter) order, from 1; NSC follows it.
	Step int
	// Primary marks the tracked pairs asked at every viewpoint, whose 0°
	// and 360° questions cycle consistency compares.
	Primary bool
	Truth   []planner.ViewRelation
	Pred    []planner.ViewRelation
}

// SetF1 is the F1 score of a predicted relation set against the true one:
// 1 when both are empty, 0 when exactly one is.
func SetF1(truth, pred []planner.ViewRelation) float64 {
	t, p := relSet(truth), relSet(pred)
	if len(t) == 0 && len(p) == 0 {
		return 1
	}
	hit := 0
	for r := range p {
		if t[r] {
			hit++
		}
	}
	if hit == 0 {
		return 0
	}
	prec, rec := float64(hit)/float64(len(p)), float64(hit)/float64(len(t))
	return 2 * prec * rec / (prec + rec)
}

// exact reports whether a prediction equals the truth as a set.
func exact(truth, pred []planner.ViewRelation) bool {
	t, p := relSet(truth), relSet(pred)
	if len(t) != len(p) {
		return false
	}
	for r := range p {
		if !t[r] {
			return false
		}
	}
	return true
}

func relSet(rs []planner.ViewRelation) map[planner.ViewRelation]bool {
	m := make(map[planner.ViewRelation]bool, len(rs))
	for _, r := range rs {
		m[r] = true
	}
	return m
}

// ViewF1 is the mean per-question F1 of the answers at each viewpoint
// (keyed by Viewpoint.String) and over all of them ("all").
func ViewF1(answers []ViewAnswer) map[string]float64 {
	sum, n := map[string]float64{}, map[string]int{}
	for _, a := range answers {
		f := SetF1(a.Truth, a.Pred)
		for _, k := range []string{a.View.String(), "all"} {
			sum[k] += f
			n[k]++
		}
	}
	out := make(map[string]float64, len(sum))
	for k, s := range sum {
		out[k] = s / float64(n[k])
	}
	return out
}

// CounterfactualGap is Δ_CF: F1 at 0° minus the mean F1 over the other
// viewpoints present (the method's nine non-source conditions).
func CounterfactualGap(f1 map[string]float64) float64 {
	src, ok := f1["0"]
	if !ok {
		return math.NaN()
	}
	sum, n := 0.0, 0
	for k, v := range f1 {
		if k != "0" && k != "all" {
			sum += v
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return src - sum/float64(n)
}

// pairKey names a directed pair within its scene.
type pairKey struct{ scene, subject, object string }

// CycleConsistency is the share of primary directed pairs whose predictions
// at 0° and at 360° are the same set, and the number of such pairs (both
// questions present); NaN when there is none.
func CycleConsistency(answers []ViewAnswer) (float64, int) {
	at0, at360 := map[pairKey][]planner.ViewRelation{}, map[pairKey][]planner.ViewRelation{}
	for _, a := range answers {
		if !a.Primary || a.View.Top {
			continue
		}
		k := pairKey{a.Scene, a.Subject, a.Object}
		switch a.View.Orbit {
		case 0:
			at0[k] = a.Pred
		case 360, -360:
			at360[k] = a.Pred
		}
	}
	agree, n := 0, 0
	for k, p0 := range at0 {
		p360, ok := at360[k]
		if !ok {
			continue
		}
		n++
		if exact(p0, p360) {
			agree++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return float64(agree) / float64(n), n
}

// NSCSteps are the prefix lengths K the method aggregates NSC over.
var NSCSteps = []int{2, 4, 6, 8, 10}

// NSC is the normalized survival coefficient over the primary directed
// pairs' trajectories (their questions in Step order): with C_{n,t} the
// exactness of trajectory n's t-th answer and T_k the trajectories with at
// least k questions,
//
//	S_obs(k) = mean over T_k of Π_{t≤k} C_{n,t}
//	S_ind(k) = mean over T_k of Π_{t≤k} p(view of n at t)
//	S_max(k) = min_{t≤k} q_t
//
// where p(v) is the exact accuracy of the primary questions at viewpoint v
// and q_t the exact accuracy at step t over T_k, and
// NSC = Σ_k [S_obs − S_ind] / Σ_k [S_max − S_ind] over the steps given.
// 0 is independent answering, 1 the most persistence the marginals allow;
// ok is false when no trajectory reaches the first step or the denominator
// is not positive.
func NSC(answers []ViewAnswer, steps []int) (nsc float64, ok bool) {
	traj := map[pairKey][]ViewAnswer{}
	var keys []pairKey
	hitByView, nByView := map[string]int{}, map[string]int{}
	for _, a := range answers {
		if !a.Primary {
			continue
		}
		k := pairKey{a.Scene, a.Subject, a.Object}
		if _, seen := traj[k]; !seen {
			keys = append(keys, k)
		}
		traj[k] = append(traj[k], a)
		v := a.View.String()
		nByView[v]++
		if exact(a.Truth, a.Pred) {
			hitByView[v]++
		}
	}
	for _, k := range keys {
		slices.SortStableFunc(traj[k], func(x, y ViewAnswer) int { return x.Step - y.Step })
	}
	p := func(v planner.Viewpoint) float64 {
		s := v.String()
		return float64(hitByView[s]) / float64(nByView[s])
	}
	num, den := 0.0, 0.0
	for _, k := range steps {
		var elig []pairKey
		for _, key := range keys {
			if len(traj[key]) >= k {
				elig = append(elig, key)
			}
		}
		if len(elig) == 0 {
			continue
		}
		obs, ind := 0.0, 0.0
		hitAt := make([]int, k)
		for _, key := range elig {
			o, in := 1.0, 1.0
			for t, a := range traj[key][:k] {
				if exact(a.Truth, a.Pred) {
					hitAt[t]++
				} else {
					o = 0
				}
				in *= p(a.View)
			}
			obs += o
			ind += in
		}
		m := float64(len(elig))
		smax := 1.0
		for _, h := range hitAt {
			smax = math.Min(smax, float64(h)/m)
		}
		num += obs/m - ind/m
		den += smax - ind/m
	}
	if !(den > 0) {
		return math.NaN(), false
	}
	return num / den, true
}
