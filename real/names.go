package real

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Names of named-object questions (B.4.9): a VLM names each object from a
// crop and counts the visible objects that fit each name; the rules here
// decide which names a question may use. The VLM never answers.

// MaxNameWords and MaxNameLen bound a usable name: a short noun phrase
// ("red plastic cup"), not a description. Not from the appendix; this
// package's.
const (
	MaxNameWords = 5
	MaxNameLen   = 40
)

// NormalizeName writes a name as a question uses it: lower case, single
// spaces, without quotes, trailing punctuation or a leading article.
func NormalizeName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Trim(s, "\"'`“”‘’.,;:!? \t\n")
	words := strings.Fields(s)
	for len(words) > 0 && slices.Contains([]string{"the", "a", "an"}, words[0]) {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// nameHead returns a normalized name's head noun: the last word before a
// preposition ("cup of coffee" → "cup"), or the last word.
func nameHead(n string) string {
	words := strings.Fields(n)
	for i, w := range words {
		if i > 0 && slices.Contains([]string{"of", "with", "on", "in", "from", "for", "near", "under", "at"}, w) {
			words = words[:i]
			break
		}
	}
	if len(words) == 0 {
		return ""
	}
	return words[len(words)-1]
}

// inList reports whether word, or word without a plural ending, is in
// list.
func inList(word string, list []string) bool {
	for _, w := range []string{word, strings.TrimSuffix(word, "s"), strings.TrimSuffix(word, "es")} {
		if slices.Contains(list, w) {
			return true
		}
	}
	return false
}

// NameProblem returns why name cannot name an object in a question (B.4.9:
// a generic head, a robot part, a cable; and this package's bounds on
// length and characters), or "" when it can.
func NameProblem(name string) string {
	_, reason := nameProblem(name)
	return reason
}

// nameProblem is NameProblem with the NameRules key of the reason
// ("form", "generic_head", "robot_part" or "cable"; "" when none).
func nameProblem(name string) (rule, reason string) {
	n := NormalizeName(name)
	words := strings.Fields(n)
	switch {
	case n == "":
		return "form", "empty name"
	case len(n) > MaxNameLen || len(words) > MaxNameWords:
		return "form", fmt.Sprintf("longer than %d words or %d characters", MaxNameWords, MaxNameLen)
	}
	for _, r := range n {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '-' && r != '\'' {
			return "form", fmt.Sprintf("character %q is not part of a noun phrase", r)
		}
	}
	if h := nameHead(n); inList(h, NamedGenericHeads) {
		return "generic_head", fmt.Sprintf("generic head %q", h)
	}
	for _, w := range strings.FieldsFunc(n, func(r rune) bool { return r == ' ' || r == '-' }) {
		switch {
		case inList(w, NamedRobotWords):
			return "robot_part", fmt.Sprintf("names a robot part (%q)", w)
		case inList(w, NamedCableWords):
			return "cable", fmt.Sprintf("names a cable (%q)", w)
		}
	}
	return "", ""
}

// NameCandidate is one object's proposed name with what the VLM said of
// it: how many visible objects fit the name, and whether the name check
// (the named object, boxed in I0, is what the name says) passed.
type NameCandidate struct {
	// Object indexes Measurement.Objects.
	Object int `json:"object"`
	// Name is the VLM's name as given.
	Name string `json:"name"`
	// Fits is the VLM's count of visible objects that fit the name.
	Fits int `json:"fits"`
	// Checked reports that the name check passed.
	Checked bool `json:"checked"`
}

// NameRejection is a proposed name that no question may use, and why:
// Rule is one of NameRules, Reason says it in words.
type NameRejection struct {
	Object int    `json:"object"`
	Name   string `json:"name"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// NameRules are the rules AcceptNames rejects a name by, as counted in a
// run's report.
var NameRules = []string{"form", "generic_head", "robot_part", "cable", "no_count", "fits_none", "fits_several",
	"name_check", "second_name", "same_name", "unqualified", "same_object"}

// AcceptNames applies B.4.9's rules to the proposed names of a pair's
// objects and returns the usable names by object (normalized) and the
// rejections. A name is rejected when it has a generic head or names a
// robot part or a cable (NameProblem), fits no visible object or two or
// more (the VLM's count), fails the name check (B.5), is the same as
// another object's, is the other's without a distinguishing qualifier
// ("cup" beside "red cup": it fits both), or when two names fall on one
// object (B.5's "two marks share one object" on their before-frame masks).
func AcceptNames(p *Pair, m *Measurement, cands []NameCandidate) (map[int]string, []NameRejection) {
	var rej []NameRejection
	type named struct {
		obj  int
		name string
	}
	var ok []named
	seen := map[int]bool{}
	for _, c := range cands {
		rule, reason := "", ""
		switch {
		case c.Object < 0 || c.Object >= len(m.Objects):
			rule, reason = "form", fmt.Sprintf("object %d is not one of the pair's %d", c.Object, len(m.Objects))
		case seen[c.Object]:
			rule, reason = "second_name", "a second name for the object"
		default:
			rule, reason = nameProblem(c.Name)
		}
		switch {
		case reason != "":
		case c.Fits < 0:
			rule, reason = "no_count", "the count of objects that fit it is unknown"
		case c.Fits == 0:
			rule, reason = "fits_none", "fits no visible object"
		case c.Fits >= 2:
			rule, reason = "fits_several", fmt.Sprintf("fits %d visible objects", c.Fits)
		case !c.Checked:
			rule, reason = "name_check", "the name check failed (B.5)"
		}
		if c.Object >= 0 && c.Object < len(m.Objects) {
			seen[c.Object] = true
		}
		if reason != "" {
			rej = append(rej, NameRejection{Object: c.Object, Name: c.Name, Rule: rule, Reason: reason})
			continue
		}
		ok = append(ok, named{c.Object, NormalizeName(c.Name)})
	}
	bad := map[int]NameRejection{}
	for i := range ok {
		for j := range ok {
			a, b := ok[i], ok[j]
			if i == j {
				continue
			}
			switch {
			case a.name == b.name:
				bad[a.obj] = NameRejection{Rule: "same_name", Reason: fmt.Sprintf("object %d has the same name", b.obj)}
			case wordsWithin(a.name, b.name):
				bad[a.obj] = NameRejection{Rule: "unqualified",
					Reason: fmt.Sprintf("also fits object %d (%q) without a distinguishing qualifier", b.obj, b.name)}
			case i < j && namesShareObject(p, &m.Objects[a.obj], &m.Objects[b.obj]):
				bad[a.obj] = NameRejection{Rule: "same_object", Reason: fmt.Sprintf("object %d is the same object under another name", b.obj)}
				bad[b.obj] = NameRejection{Rule: "same_object", Reason: fmt.Sprintf("object %d is the same object under another name", a.obj)}
			}
		}
	}
	out := map[int]string{}
	for _, n := range ok {
		if r, b := bad[n.obj]; b {
			r.Object, r.Name = n.obj, n.name
			rej = append(rej, r)
			continue
		}
		out[n.obj] = n.name
	}
	slices.SortStableFunc(rej, func(a, b NameRejection) int { return a.Object - b.Object })
	return out, rej
}

// wordsWithin reports whether every word of a occurs in b and both share
// a head: b is a with qualifiers, so a fits b's object too.
func wordsWithin(a, b string) bool {
	if nameHead(a) != nameHead(b) {
		return false
	}
	wb := strings.Fields(b)
	for _, w := range strings.Fields(a) {
		if !slices.Contains(wb, w) {
			return false
		}
	}
	return true
}

// namesShareObject reports whether two objects' before-frame masks are
// one object's (B.5's sameObject).
func namesShareObject(p *Pair, a, b *Object) bool {
	n := len(p.F0.Masks)
	if a.Mask0 < 0 || b.Mask0 < 0 || a.Mask0 >= n || b.Mask0 >= n {
		return false
	}
	return sameObject(p.F0.Masks[a.Mask0].Pix, p.F0.Masks[b.Mask0].Pix)
}
