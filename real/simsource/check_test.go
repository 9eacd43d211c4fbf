package simsource

import (
	"strings"
	"testing"

	"flowbench/real"
)

// handTruth is a made-up pair whose answers are known: an 8×1 image whose
// pixel k shows truth object k (instance k+1), the last pixel nothing. The
// mover A (object 0) moves from (0, 0, 1) to (0.2, 0, 0.8); landmarks
// L1–L5 are objects 1–5.
func handTruth() (*real.Pair, *real.Measurement, *Truth) {
	tr := &Truth{PairID: "hand", W: 8, H: 1, Noise: "none", Movers: []int{0}, IDs0: []uint16{1, 2, 3, 4, 5, 6, 0, 0}}
	type lm struct {
		x, z, d0, d1     float64
		hidden, unhidden int
	}
	lms := []lm{
		{0.25, 0.9, 0.30, 0.05, 300, 1000}, // L1: near after, right of A, blocked
		{-0.1, 1.2, 0.05, 0.25, 5, 1000},   // L2: far after, behind A, visible
		{0.1, 0.7, 0.20, 0.12, 0, 800},     // L3: in front of A
		{0.4, 1.0, 0.40, 0.50, 0, 900},     // L4
		{-0.3, 0.9, 0.50, 0.30, 0, 900},    // L5
	}
	tr.Objects = append(tr.Objects, TruthObject{ID: "A", Label: "cup", Instance: 1, Moved: true,
		Center0: real.Vec3{0, 0, 1}, Center1: real.Vec3{0.2, 0, 0.8}})
	for k, l := range lms {
		tr.Objects = append(tr.Objects, TruthObject{ID: string(rune('1' + k)), Label: "apple", Instance: uint16(k + 2),
			Center0: real.Vec3{l.x, 0, l.z}, Center1: real.Vec3{l.x, 0, l.z}, Hidden1: l.hidden, Unhidden1: l.unhidden,
			Dist: []MoverDistance{{Mover: 0, Hull0: l.d0, Hull1: l.d1, Box0: l.d0, Box1: l.d1}}})
	}
	p := &real.Pair{ID: "hand", W: 8, H: 1}
	m := &real.Measurement{PairID: "hand", Mover: 0, Mover2: -1}
	for k := 0; k < 7; k++ { // mask 6 lies on pixel 6, which shows nothing
		p.F0.Masks = append(p.F0.Masks, real.Mask{Label: "x", Score: 1, Pix: []int32{int32(k)}})
		m.Objects = append(m.Objects, real.Object{Mask0: k, Mask1: k})
	}
	return p, m, tr
}

func TestCheckHandMade(t *testing.T) {
	p, m, tr := handTruth()
	yn, ny := []string{"yes", "no"}, []string{"no", "yes"}
	q := func(cat string, sp real.Spec, text string, choices []string, answer string) real.Question {
		sp.Category = cat
		return real.Question{ID: cat + "/" + answer, Spec: sp, Question: text, Choices: choices, Answer: answer}
	}
	one := func(l int) real.Spec { return real.Spec{Landmark: l} }
	cases := []struct {
		q     real.Question
		truth string
	}{
		{q(real.CatThreshold, real.Spec{Landmark: 1, T: 0.10}, "", yn, "A"), "A"},
		{q(real.CatThreshold, real.Spec{Landmark: 1, T: 0.10}, "", ny, "A"), "B"},
		{q(real.CatThreshold, real.Spec{Landmark: 1, T: 0.10, Claim: "beyond", Negated: true}, "", yn, "B"), "B"},
		{q(real.CatThreshold, real.Spec{Landmark: 2, T: 0.10, Claim: "beyond", Negated: false}, "", yn, "A"), "A"},
		{q(real.CatThreshold, real.Spec{Landmark: 2, T: 0.10, Claim: "within", Negated: true}, "", yn, "B"), "B"},
		{q(real.CatThreshold, real.Spec{Landmark: 2, T: 0.10}, "", yn, "A"), "B"},
		{q(real.CatLeftRight, real.Spec{Landmark: 1, Side: "left"}, "Will the cup end up to the left of 1?", yn, "A"), "A"},
		{q(real.CatLeftRight, real.Spec{Landmark: 1, Side: "right"}, "Will the cup end up to the right of 1?", yn, "B"), "B"},
		{q(real.CatLeftRight, real.Spec{Landmark: 2, Side: "left"}, "", yn, "A"), "B"},
		{q(real.CatDepthOrder, one(2), "", yn, "A"), "A"},
		{q(real.CatDepthOrder, one(3), "", yn, "A"), "B"},
		{q(real.CatOcclusion, real.Spec{Landmark: 1, Occlusion: "cover"}, "", []string{"fully visible", "partly blocked"}, "B"), "B"},
		{q(real.CatOcclusion, real.Spec{Landmark: 2, Occlusion: "reveal"}, "", []string{"partly blocked", "fully visible"}, "B"), "B"},
		{q(real.CatCloserTo, real.Spec{Landmark: -1, Options: []int{2, 1, 4}}, "", nil, "B"), "B"},
		{q(real.CatClosestThree, real.Spec{Landmark: -1, Options: []int{1, 2, 3, 4, 5}}, "", nil, "ABC"), "ABC"},
		{q(real.CatClosestThree, real.Spec{Landmark: -1, Options: []int{4, 5, 1, 3, 2}}, "", nil, "C, D, E"), "CDE"},
		{q(real.CatCountNear, real.Spec{Landmark: -1, Counted: []int{1, 2, 3, 4}, T: 0.2, CountChoices: []int{3, 2, 1, 4}}, "", nil, "A"), "B"},
	}
	qs := make([]real.Question, len(cases))
	for i, c := range cases {
		qs[i] = c.q
	}
	vs := Check(p, m, qs, tr)
	for i, v := range vs {
		c := cases[i]
		if !v.Mapped || v.TruthAnswer != c.truth || v.Agree != (normLetters(c.q.Answer) == normLetters(c.truth)) {
			t.Errorf("%s %+v: truth %q agree %v mapped %v (%s), want truth %q", c.q.Spec.Category, c.q.Spec, v.TruthAnswer, v.Agree, v.Mapped, v.Note, c.truth)
		}
	}
	if v := vs[0]; v.Truth["d1"] != 0.05 || v.Truth["d0"] != 0.30 {
		t.Errorf("threshold truth quantities %v", v.Truth)
	}
}

func TestCheckUnmappedAndWrongMover(t *testing.T) {
	p, m, tr := handTruth()
	// A question naming the mask on empty pixels maps to nothing.
	qs := []real.Question{{ID: "x", Spec: real.Spec{Category: real.CatDepthOrder, Landmark: 6}, Choices: []string{"yes", "no"}, Answer: "A"}}
	if v := Check(p, m, qs, tr)[0]; v.Mapped || v.Agree || v.TruthAnswer != "" {
		t.Errorf("unmapped landmark: %+v", v)
	}
	// A measured mover that truly did not move: its distances come from
	// the boxes, its centre is the same in both frames.
	m.Mover = 3
	tr.Objects[3].Box0 = unitBox(real.Vec3{0.1, 0, 0.7}, 0.02)
	tr.Objects[3].Box1 = tr.Objects[3].Box0
	tr.Objects[4].Box0 = unitBox(real.Vec3{0.4, 0, 1.0}, 0.02)
	tr.Objects[4].Box1 = tr.Objects[4].Box0
	qs = []real.Question{{ID: "y", Spec: real.Spec{Category: real.CatThreshold, Landmark: 4, T: 0.5}, Choices: []string{"yes", "no"}, Answer: "B"}}
	v := Check(p, m, qs, tr)[0]
	if !v.Mapped || v.TruthAnswer != "A" || v.Agree || v.Truth["mover_moved"] != 0 {
		t.Errorf("static mover: %+v", v)
	}
}

// unitBox returns the corners of an axis-aligned cube of half side h.
func unitBox(c real.Vec3, h float64) [8]real.Vec3 {
	var out [8]real.Vec3
	for i := range out {
		s := func(bit int) float64 {
			if i&bit != 0 {
				return h
			}
			return -h
		}
		out[i] = real.Vec3{c[0] + s(1), c[1] + s(2), c[2] + s(4)}
	}
	return out
}

func TestReportMarkdown(t *testing.T) {
	r := NewReport()
	r.AddPair("default", []Verdict{{Category: real.CatThreshold, Agree: true, Mapped: true}, {Category: real.CatThreshold, Mapped: true}})
	r.AddPair("none", []Verdict{{Category: real.CatLeftRight, Agree: true, Mapped: true}})
	r.AddPair("none", nil)
	md := r.Markdown()
	for _, want := range []string{"| category | none | default |", "| near_object | – | 50.0 % (2) |", "| left_right | 100.0 % (1) | – |", "0.50 (2 pairs, 1 skipped)"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if ag, n := r.Agreement("default", ""); ag != 0.5 || n != 2 {
		t.Errorf("agreement %g over %d", ag, n)
	}
}

func TestTruthRoundTrip(t *testing.T) {
	_, tr, err := Generate(5, 0, NoiseDefault)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteTruth(dir, tr); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTruth(dir)
	if err != nil {
		t.Fatal(err)
	}
	if back.PairID != tr.PairID || len(back.Objects) != len(tr.Objects) || back.Objects[1].Box1 != tr.Objects[1].Box1 ||
		string(u16bytes(back.IDs1)) != string(u16bytes(tr.IDs1)) || back.Noise != "default" {
		t.Errorf("truth changed in the round trip")
	}
}

func u16bytes(x []uint16) []byte {
	b := make([]byte, 2*len(x))
	for i, v := range x {
		b[2*i], b[2*i+1] = byte(v), byte(v>>8)
	}
	return b
}
