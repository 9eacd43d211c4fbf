package planner

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"unicode"

	"flowbench/sim"
)

// TypeWords turns an objectType into lower-case words: "CellPhone" →
// "cell phone", "TVStand" → "TV stand" (all-capital runs are kept).
func TypeWords(t string) string {
	r := []rune(t)
	var words []string
	start := 0
	for i := 1; i <= len(r); i++ {
		if i == len(r) || (unicode.IsUpper(r[i]) && (unicode.IsLower(r[i-1]) ||
			(i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1])))) {
			words = append(words, string(r[start:i]))
			start = i
		}
	}
	for i, w := range words {
		if len(w) > 1 && strings.ToUpper(w) == w {
			continue
		}
		words[i] = strings.ToLower(w)
	}
	return strings.Join(words, " ")
}

// Name returns the canonical reference: "the mug (red dot)", or "the mug
// (mark 2)" for an object marked with a numbered badge; the type is named
// by DisplayName ("the armchair (red dot)").
func (r ObjectRef) Name() string {
	if r.Mark > 0 {
		return fmt.Sprintf("the %s (mark %d)", DisplayName(r.ObjectType), r.Mark)
	}
	return fmt.Sprintf("the %s (%s dot)", DisplayName(r.ObjectType), r.DotColor)
}

// Letter returns the choice letter of index i ("A", "B", ...).
func Letter(i int) string { return string(rune('A' + i)) }

// shuffled returns a deterministic permutation of 0..n-1.
func shuffled(rng *rand.Rand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// formatChoices renders "A. yes\nB. no".
func formatChoices(choices []string) string {
	var b strings.Builder
	for i, c := range choices {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s. %s", Letter(i), c)
	}
	return b.String()
}

// sortedLetters returns the letters of the indices, sorted ("ABD").
func sortedLetters(idx []int) string {
	s := append([]int(nil), idx...)
	sort.Ints(s)
	var b strings.Builder
	for _, i := range s {
		b.WriteString(Letter(i))
	}
	return b.String()
}

// metres formats a length rounded to the centimetre.
func metres(x float64) string { return fmt.Sprintf("%.2f m", math.Round(x*100)/100) }

// MotionText is t_m: the realised displacement in camera terms. Right/left
// and forward/back components are rounded to the centimetre and omitted
// under 2 cm; a drop of more than 2 cm is described as settling. The
// sentence is template 0 of the motion grammar (paraphrase_grammar.go), its
// verbs agreeing with the mover ("the boots move").
func MotionText(mover ObjectRef, cam sim.Camera, realised sim.Vec3, settled bool) string {
	r, f, up := CameraComponents(cam, realised)
	var parts []string
	if math.Abs(r) >= TextMinComp {
		dir := "to the right"
		if r < 0 {
			dir = "to the left"
		}
		parts = append(parts, metres(math.Abs(r))+" "+dir)
	}
	if math.Abs(f) >= TextMinComp {
		dir := "forward (away from the camera)"
		if f < 0 {
			dir = "back (towards the camera)"
		}
		parts = append(parts, metres(math.Abs(f))+" "+dir)
	}
	t := stayTemplates[0]
	if len(parts) > 0 {
		t = moveTemplates[0]
	}
	if settled && up <= -SettleText {
		t += settleTemplates[0]
	}
	s := strings.NewReplacer("{A}", mover.Name(), "{parts}", strings.Join(parts, " and "), "{drop}", metres(-up)).
		Replace(agreeText(t, mover.Plural()))
	return capitalise(s) + "."
}
