package planner

import (
	"fmt"
	"regexp"
)

// Number agreement of the text with the objects it names: "the mug is",
// "the boots are". Templates mark the words that agree with the mover {A}
// as "[singular|plural]" ("[is|are] {A} touching a wall"); agreeText picks
// one side, and the canonical stems, MotionText and the paraphrase parser
// all go through it.

// Plural reports whether the object's name is a plural noun ("the boots
// (red dot)"), so that verbs and pronouns about it are plural.
func (r ObjectRef) Plural() bool { return PluralType(r.ObjectType) }

// agree returns sg for an object with a singular name and pl for one with
// a plural name.
func agree(r ObjectRef, sg, pl string) string {
	if r.Plural() {
		return pl
	}
	return sg
}

// reAgree finds the "[singular|plural]" choices of a template.
var reAgree = regexp.MustCompile(`\[([^\[\]|]*)\|([^\[\]|]*)\]`)

// agreeText resolves every "[singular|plural]" choice of template t.
func agreeText(t string, plural bool) string {
	side := "$1"
	if plural {
		side = "$2"
	}
	return reAgree.ReplaceAllString(t, side)
}

// plural writes a count with its noun: "1 waypoint", "3 waypoints".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pluralVerb returns sg for a count of one and pl otherwise: "1 of them
// is", "3 of them are".
func pluralVerb(n int, sg, pl string) string {
	if n == 1 {
		return sg
	}
	return pl
}
