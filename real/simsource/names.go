package simsource

import "flowbench/real"

// OracleNames stands in for the VLM of B.4.9 on simulated pairs: it names
// the mover, a second mover and the landmarks by their segmenter label,
// counts as fitting each name the matched objects with that label, and
// passes every name check. real.AcceptNames then applies the rules as it
// does to a VLM's names (generic labels such as "small object" are
// rejected, a label two objects share fits two), so that real check
// --named measures the named questions' agreement with exact geometry
// apart from naming errors.
func OracleNames(m *real.Measurement) []real.NameCandidate {
	objs := []int{m.Mover}
	if m.Mover2 >= 0 {
		objs = append(objs, m.Mover2)
	}
	objs = append(objs, m.Landmarks...)
	out := make([]real.NameCandidate, 0, len(objs))
	for _, o := range objs {
		label := m.Objects[o].Label
		fits := 0
		for i := range m.Objects {
			if m.Objects[i].Label == label {
				fits++
			}
		}
		out = append(out, real.NameCandidate{Object: o, Name: label, Fits: fits, Checked: true})
	}
	return out
}
