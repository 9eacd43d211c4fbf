package real

import (
	"math"
	"slices"
)

// NamedQuestions generates a measured pair's named-object questions
// (B.4.9): the same rules on the same geometry, with objects named by
// names (object index → name accepted by AcceptNames) instead of marks,
// B.4.9's margins, and "(directions as seen from the camera)" after every
// direction. Only named objects take part: the mover (and a second mover)
// must be named, the landmarks are the marked landmarks that are named,
// and the scale reference is chosen again among them, with the move
// filters of B.3 and B.5 checked against it. Sources without named
// questions (Source.Named false) and pairs whose mover has no name give
// none. The returned measurement is m with the named landmarks and that
// scale reference, the one the questions were asked on. Ids are "<pair>/named-<category>/<k>". The extended margins of
// B.7 are not used.
func NamedQuestions(p *Pair, m *Measurement, names map[int]string, opt Options) (*Measurement, []Question) {
	if !p.Source.Named || names[m.Mover] == "" || (m.Mover2 >= 0 && names[m.Mover2] == "") {
		return nil, nil
	}
	nm := *m
	nm.Landmarks = slices.DeleteFunc(slices.Clone(m.Landmarks), func(l int) bool { return names[l] == "" })
	if len(nm.Landmarks) == 0 {
		return nil, nil
	}
	nm.Ref, nm.RefCm = chooseRef(nm.Objects, nm.Landmarks, p.K, p.Plane != nil), 0
	if nm.Ref >= 0 {
		nm.RefCm = math.Round(extent(&nm.Objects[nm.Ref], p.K, p.Plane != nil) * 100)
	}
	if moveFilter(p, &nm) != "" {
		return nil, nil
	}
	r := newRules(p, &nm, pairRand(opt.Seed^0x4e41, p.ID))
	r.named = true
	name := NameNamer(names)
	qs := finishQuestions(p, &nm, r.candidates(false), "named-", func(q *Question) Texts { return RenderNamed(q, &nm, name) })
	for i := range qs {
		q := &qs[i]
		q.Named = true
		q.Names = make([]string, len(q.Mentioned))
		for k, o := range q.Mentioned {
			q.Names[k] = names[o]
		}
	}
	return &nm, qs
}
