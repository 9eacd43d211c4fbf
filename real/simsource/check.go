package simsource

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"flowbench/real"
	"flowbench/sim"
)

// Occlusion truth (docs/real.md): landmark L is partly blocked in I1
// when the movers hide at least max(OcclusionMinPixels, OcclusionMinShare ×
// its unhidden area in I1) of its pixels, and fully visible otherwise.
const (
	OcclusionMinPixels = 20
	OcclusionMinShare  = 0.02
)

// MapMinShare is the share of a mask's pixels that must show one truth
// object for the mask to map to it.
const MapMinShare = 0.5

// Verdict compares one emitted question's answer with the answer exact
// geometry gives.
type Verdict struct {
	QuestionID string `json:"question_id"`
	PairID     string `json:"pair_id"`
	Category   string `json:"category"`
	Noise      string `json:"noise"`
	Changed    bool   `json:"changed"`
	// Answer is the emitted answer, TruthAnswer the one from the truth
	// (choice letters; "" when the truth answer is not among the choices).
	Answer      string `json:"answer"`
	TruthAnswer string `json:"truth_answer"`
	Agree       bool   `json:"agree"`
	// Mapped reports that every object the question names mapped to a
	// truth object (a mask of a missed or spurious object does not).
	Mapped bool `json:"mapped"`
	// Note says why a verdict could not be reached or what differed.
	Note string `json:"note,omitempty"`
	// Truth holds the true quantities the answer came from: distances
	// (d0, d1, metres), centres (x, z), pixel counts, by name.
	Truth map[string]float64 `json:"truth"`
}

// checker maps a pair's measured objects to truth objects.
type checker struct {
	p   *real.Pair
	m   *real.Measurement
	t   *Truth
	obj []int // measured object → truth object (−1: none)
}

// truthOf returns the truth object under a frame-0 mask by pixel majority,
// −1 when no truth object holds at least MapMinShare of it.
func (t *Truth) truthOf(pix []int32) int {
	slot := make(map[uint16]int, len(t.Objects))
	for i, o := range t.Objects {
		slot[o.Instance] = i
	}
	count := make([]int, len(t.Objects))
	for _, p := range pix {
		if int(p) < len(t.IDs0) {
			if k, ok := slot[t.IDs0[p]]; ok {
				count[k]++
			}
		}
	}
	best := -1
	for k, c := range count {
		if c > 0 && (best < 0 || c > count[best]) {
			best = k
		}
	}
	if best < 0 || float64(count[best]) < MapMinShare*float64(len(pix)) {
		return -1
	}
	return best
}

// Check computes each question's answer from the truth, with the category's
// definition applied to exact geometry (docs/real.md), and compares it
// with the emitted answer. Measured objects map to truth objects by the
// majority of exact instance ids under their frame-0 masks.
func Check(p *real.Pair, m *real.Measurement, qs []real.Question, t *Truth) []Verdict {
	c := &checker{p: p, m: m, t: t}
	if m != nil {
		c.obj = make([]int, len(m.Objects))
		for i, o := range m.Objects {
			c.obj[i] = -1
			if o.Mask0 >= 0 && o.Mask0 < len(p.F0.Masks) {
				c.obj[i] = t.truthOf(p.F0.Masks[o.Mask0].Pix)
			}
		}
	}
	out := make([]Verdict, 0, len(qs))
	for i := range qs {
		out = append(out, c.verdict(&qs[i]))
	}
	return out
}

// truthIndex returns the truth object of measured object i (−1: none).
func (c *checker) truthIndex(i int) int {
	if c.m == nil || i < 0 || i >= len(c.obj) {
		return -1
	}
	return c.obj[i]
}

func (c *checker) verdict(q *real.Question) Verdict {
	v := Verdict{QuestionID: q.ID, PairID: q.PairID, Category: q.Spec.Category, Noise: c.t.Noise,
		Changed: q.Changed, Answer: q.Answer, Truth: map[string]float64{}}
	a := -1
	if c.m != nil {
		a = c.truthIndex(c.m.Mover)
	}
	sp := q.Spec
	named := append([]int{sp.Landmark}, sp.Options...)
	named = append(named, sp.Counted...)
	v.Mapped = a >= 0
	for _, n := range named {
		if n >= 0 && c.truthIndex(n) < 0 {
			v.Mapped = false
		}
	}
	if !v.Mapped {
		v.Note = "an object the question names maps to no truth object"
		return v
	}
	tr := c.t
	v.Truth["mover_moved"] = b2f(tr.Objects[a].Moved)
	l := c.truthIndex(sp.Landmark)
	var ans string
	var ok bool
	switch sp.Category {
	case real.CatThreshold:
		d0, d1 := c.dist(a, l)
		v.Truth["d0"], v.Truth["d1"], v.Truth["t"] = d0, d1, sp.T
		// Claim "beyond" asks "more than T away"; Negated only says the
		// claim is false, which the truth decides for itself.
		ans, ok = yesNo(q.Choices, (d1 < sp.T) == (sp.Claim != "beyond"))
	case real.CatLeftRight:
		side := claimedSide(q)
		xa, xl := tr.Objects[a].Center1[0], tr.Objects[l].Center1[0]
		v.Truth["x_mover1"], v.Truth["x_landmark"] = xa, xl
		ans, ok = yesNo(q.Choices, (side == "left" && xa < xl) || (side == "right" && xa > xl))
	case real.CatDepthOrder:
		za, zl := tr.Objects[a].Center1[2], tr.Objects[l].Center1[2]
		v.Truth["z_mover1"], v.Truth["z_landmark"] = za, zl
		ans, ok = yesNo(q.Choices, za < zl)
	case real.CatOcclusion:
		o := tr.Objects[l]
		blocked := o.Hidden1 >= occlusionMin(o.Unhidden1)
		v.Truth["hidden1"], v.Truth["unhidden1"], v.Truth["pixels1"] = float64(o.Hidden1), float64(o.Unhidden1), float64(o.Pixels1)
		v.Truth["pixels0"], v.Truth["hidden0"] = float64(o.Pixels0), float64(o.Hidden0)
		ans, ok = occlusionChoice(q.Choices, blocked)
	case real.CatCloserTo, real.CatClosestThree:
		d1 := make([]float64, len(sp.Options))
		for k, opt := range sp.Options {
			_, d1[k] = c.dist(a, c.truthIndex(opt))
			v.Truth[fmt.Sprintf("d1_%c", 'A'+k)] = d1[k]
		}
		n := 1
		if sp.Category == real.CatClosestThree {
			n = 3
		}
		ans, ok = nearestLetters(d1, n), len(d1) >= n
	case real.CatCountNear:
		cnt := 0
		for k, li := range sp.Counted {
			_, d1 := c.dist(a, c.truthIndex(li))
			v.Truth[fmt.Sprintf("d1_%d", k)] = d1
			if d1 < sp.T {
				cnt++
			}
		}
		v.Truth["count"], v.Truth["t"] = float64(cnt), sp.T
		k := slices.Index(sp.CountChoices, cnt)
		ok = k >= 0
		if ok {
			ans = string(rune('A' + k))
		}
	default:
		v.Note = "unknown category " + sp.Category
		return v
	}
	if !ok {
		if v.Note == "" {
			v.Note = "the truth answer is not among the choices"
		}
		return v
	}
	v.TruthAnswer = ans
	v.Agree = normLetters(ans) == normLetters(q.Answer)
	return v
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// occlusionMin is how many of a landmark's pixels the movers must hide for
// it to count as partly blocked.
func occlusionMin(unhidden int) int {
	return max(OcclusionMinPixels, int(math.Ceil(OcclusionMinShare*float64(unhidden))))
}

// dist returns the true surface distances between truth objects a (the
// mover) and l before and after: the recorded hull distance when a is a
// true mover, else the distance between their boxes.
func (c *checker) dist(a, l int) (d0, d1 float64) {
	if a < 0 || l < 0 {
		return math.NaN(), math.NaN()
	}
	if a == l {
		return 0, 0
	}
	if d0, d1, ok := c.t.DistTo(a, l); ok {
		return d0, d1
	}
	oa, ol := c.t.Objects[a], c.t.Objects[l]
	return hullDistance(corners(oa.Box0), corners(ol.Box0)), hullDistance(corners(oa.Box1), corners(ol.Box1))
}

func corners(b [8]real.Vec3) []sim.Vec3 {
	out := make([]sim.Vec3, 8)
	for i, v := range b {
		out[i] = sim.Vec3{v[0], v[1], v[2]}
	}
	return out
}

// claimedSide returns the side a Left Right question claims: the side its
// text names ("to the left of" / "to the right of") when it names exactly
// one, else Spec.Side. Negated is not applied on top: the claimed side
// already states the false claim of a no-change question (B.4.8), whose
// answer the truth decides for itself.
func claimedSide(q *real.Question) string {
	txt := strings.ToLower(q.Question)
	l, r := strings.Contains(txt, "left of"), strings.Contains(txt, "right of")
	switch {
	case l && !r:
		return "left"
	case r && !l:
		return "right"
	}
	if q.Spec.Side != "" {
		return q.Spec.Side
	}
	return "left"
}

// choiceText normalises a choice: lower case, without a leading "A. " and
// surrounding punctuation.
func choiceText(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) > 2 && s[1] == '.' && s[0] >= 'a' && s[0] <= 'z' {
		s = strings.TrimSpace(s[2:])
	}
	return strings.Trim(s, " .!?")
}

// yesNo returns the letter of the "yes" (or "no") choice.
func yesNo(choices []string, yes bool) (string, bool) {
	want := "no"
	if yes {
		want = "yes"
	}
	for i, c := range choices {
		if choiceText(c) == want {
			return string(rune('A' + i)), true
		}
	}
	return "", false
}

// occlusionChoice returns the letter of the "partly blocked" choice (or of
// the "fully visible" one).
func occlusionChoice(choices []string, blocked bool) (string, bool) {
	for i, c := range choices {
		t := choiceText(c)
		isBlocked := strings.Contains(t, "block") || strings.Contains(t, "hidden") || strings.Contains(t, "occlu")
		isVisible := strings.Contains(t, "fully visible") || (strings.Contains(t, "visible") && !isBlocked)
		if (blocked && isBlocked) || (!blocked && isVisible) {
			return string(rune('A' + i)), true
		}
	}
	return yesNo(choices, !blocked)
}

// nearestLetters returns the letters of the n smallest values, sorted.
func nearestLetters(d []float64, n int) string {
	idx := make([]int, len(d))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return d[idx[i]] < d[idx[j]] })
	if n > len(idx) {
		n = len(idx)
	}
	sel := slices.Clone(idx[:n])
	slices.Sort(sel)
	var b strings.Builder
	for _, k := range sel {
		b.WriteRune(rune('A' + k))
	}
	return b.String()
}

// normLetters sorts an answer's letters, dropping separators.
func normLetters(s string) string {
	var l []rune
	for _, r := range strings.ToUpper(s) {
		if r >= 'A' && r <= 'Z' {
			l = append(l, r)
		}
	}
	slices.Sort(l)
	return string(l)
}
