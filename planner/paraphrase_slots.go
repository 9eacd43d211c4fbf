package planner

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The slots of the paraphrase grammar: the answer-bearing parts of a text
// (objects, lengths, percentages, directions, sides). A slot is read from
// the canonical text in its canonical form and written back in one of its
// surface forms; every form states the same value (a length to the
// centimetre, a percentage, a direction, an object with its mark).

// phrasing is the surface-form choice of one paraphrased example: one form
// per slot kind, drawn once so an example is consistent.
type phrasing struct {
	name, unit, dir, side, pct, probe int
}

// Numbers of surface forms per slot kind.
const (
	nameForms  = 5
	unitForms  = 4
	dirForms   = 4
	sideForms  = 3
	pctForms   = 3
	probeForms = 3
)

// refName writes an object reference in name form k. Forms 0–3 keep the
// mark (colour or badge number); form 4 ("the marked mug") drops it and is
// used only when unique says the object's type is unique among the
// example's mentioned objects (otherwise form 0).
func refName(r ObjectRef, k int, unique bool) string {
	t := DisplayName(r.ObjectType)
	if k == 4 && !unique {
		k = 0
	}
	if r.Mark > 0 {
		switch k {
		case 1:
			return fmt.Sprintf("the %s marked %d", t, r.Mark)
		case 2:
			return fmt.Sprintf("the %s with badge %d", t, r.Mark)
		case 3:
			return fmt.Sprintf("mark %d (the %s)", r.Mark, t)
		case 4:
			return "the marked " + t
		}
		return r.Name()
	}
	switch k {
	case 1:
		return fmt.Sprintf("the %s with the %s dot", t, r.DotColor)
	case 2:
		return fmt.Sprintf("the %s-dotted %s", r.DotColor, t)
	case 3:
		return fmt.Sprintf("the %s marked in %s", t, r.DotColor)
	case 4:
		return "the marked " + t
	}
	return r.Name()
}

// lengthText writes a length given in whole centimetres in unit form k:
// "0.45 m", "45 cm", "0.45 metres", "45 centimetres".
func lengthText(cm int, k int) string {
	switch k {
	case 1:
		return fmt.Sprintf("%d cm", cm)
	case 2:
		return fmt.Sprintf("%.2f metres", float64(cm)/100)
	case 3:
		return plural(cm, "centimetre")
	}
	return fmt.Sprintf("%.2f m", float64(cm)/100)
}

// pctText writes a percentage in form k: "30%", "30 percent", "30 per cent".
func pctText(p int, k int) string {
	switch k {
	case 1:
		return fmt.Sprintf("%d percent", p)
	case 2:
		return fmt.Sprintf("%d per cent", p)
	}
	return fmt.Sprintf("%d%%", p)
}

// dirWords are the surface forms of the four camera-frame directions; form
// 0 is the canonical one (MotionText, feasibility probes).
var dirWords = map[Direction][dirForms]string{
	Right:   {"to the right", "to your right", "rightward", "to the camera's right"},
	Left:    {"to the left", "to your left", "leftward", "to the camera's left"},
	Forward: {"forward (away from the camera)", "away from the camera", "forward (away from you)", "deeper into the scene"},
	Back:    {"back (towards the camera)", "towards the camera", "back (toward you)", "closer to the camera"},
}

// sideWords are the forms of the image-side relation of left/right questions.
var sideWords = map[Direction][sideForms]string{
	Left:  {"to the left of", "left of", "on the left of"},
	Right: {"to the right of", "right of", "on the right of"},
}

// Canonical patterns of the slot values.
var (
	reMetres    = regexp.MustCompile(`^(\d+)\.(\d\d) m$`)
	reCanonDir  = `(to the right|to the left|forward \(away from the camera\)|back \(towards the camera\))`
	reCanonSide = `(to the left of|to the right of)`
)

// parseMetres reads a canonical "0.45 m" as whole centimetres.
func parseMetres(s string) (int, bool) {
	m := reMetres.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	return a*100 + b, true
}

// canonDir maps a canonical direction phrase to its direction.
func canonDir(s string) (Direction, bool) {
	for d, forms := range dirWords {
		if forms[0] == s {
			return d, true
		}
	}
	return 0, false
}

// canonSide maps "to the left of" / "to the right of" to Left / Right.
func canonSide(s string) (Direction, bool) {
	for d, forms := range sideWords {
		if forms[0] == s {
			return d, true
		}
	}
	return 0, false
}

// refPattern is a regexp alternation of the canonical names of refs,
// longest first so a name never matches a prefix of a longer one.
func refPattern(refs []ObjectRef) string {
	names := make([]string, 0, len(refs))
	for _, r := range refs {
		names = append(names, regexp.QuoteMeta(r.Name()))
	}
	// Longest first (stable for equal lengths).
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && len(names[j]) > len(names[j-1]); j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	return "(?:" + strings.Join(names, "|") + ")"
}

// refByName finds the reference whose canonical name is s.
func refByName(refs []ObjectRef, s string) (ObjectRef, bool) {
	for _, r := range refs {
		if r.Name() == s {
			return r, true
		}
	}
	return ObjectRef{}, false
}
