package score

import "strings"

// typePrior is a per-object-type prior (the type_prior and type_pair_prior
// baselines): for each context of a question (the mover's type, or the
// mover's and the other object's types) and each choice value (yes/no, a
// count, or the choice object's type), the rate at which a choice of that
// value was the answer in the training rows. A choice scores the rate of
// the most specific context in which its value was shown in training,
// backing off to coarser contexts and finally to all training rows.
type typePrior struct {
	contexts func(r *AuditRow) []string // most specific first; the last is "" (all rows)
	shown    map[string]float64         // context|value -> choices shown
	in       map[string]float64         // context|value -> of those, in the answer
}

// moverTypeKeys backs off from the mover's type to all rows.
func moverTypeKeys(r *AuditRow) []string { return []string{"m=" + r.Mover.ObjectType, ""} }

// moverOtherTypeKeys backs off from the (mover type, other object type)
// pair to the mover's type, then to all rows.
func moverOtherTypeKeys(r *AuditRow) []string {
	return []string{"m=" + r.Mover.ObjectType + "|o=" + r.Referenced[0].ObjectType, "m=" + r.Mover.ObjectType, ""}
}

// oneOtherObject reports whether every row mentions exactly one object
// besides the mover (occlusion's occluded object, left/right's and
// near-object's landmark): the rows type_pair_prior applies to.
func oneOtherObject(rows []AuditRow) bool {
	for i := range rows {
		if len(rows[i].Referenced) != 1 {
			return false
		}
	}
	return len(rows) > 0
}

// fitTypePrior counts, over the training rows, how often each choice value
// was shown and how often it was (in) the answer, in every context.
func fitTypePrior(d *baselineData, train []int, contexts func(*AuditRow) []string) *typePrior {
	p := &typePrior{contexts: contexts, shown: map[string]float64{}, in: map[string]float64{}}
	for _, i := range train {
		r := &d.rows[i]
		ctx := contexts(r)
		for c, v := range d.values[i] {
			in := strings.ContainsRune(r.Answer, rune('A'+c))
			for _, k := range ctx {
				p.shown[k+"#"+v]++
				if in {
					p.in[k+"#"+v]++
				}
			}
		}
	}
	return p
}

// scores returns each choice's rate of being in the answer for row i; a
// value never shown in training scores 0.
func (p *typePrior) scores(d *baselineData, i int) []float64 {
	r := &d.rows[i]
	ctx := p.contexts(r)
	out := make([]float64, len(r.Choices))
	for c, v := range d.values[i] {
		for _, k := range ctx {
			if n := p.shown[k+"#"+v]; n > 0 {
				out[c] = p.in[k+"#"+v] / n
				break
			}
		}
	}
	return out
}
