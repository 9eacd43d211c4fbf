package planner

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// TextEntities are the answer-bearing parts a reader takes from a question
// or motion text: the mentioned objects with their marks ("mug/red",
// "mug/#2"), the numbers with their units (lengths in metres to the
// centimetre, "0.45 m"; percentages, "30%") and the directions ("left",
// "right", "forward", "back", "down"). Each list is sorted.
type TextEntities struct {
	Objects, Numbers, Directions []string
}

// Equal reports whether two readings state the same entities.
func (e TextEntities) Equal(o TextEntities) bool {
	return slices.Equal(e.Objects, o.Objects) && slices.Equal(e.Numbers, o.Numbers) && slices.Equal(e.Directions, o.Directions)
}

// KeepsEntities reports whether rewritten states exactly the entities of
// text (the objects of refs with their marks, every number with its unit,
// every direction): the check a rewrite by a language model must pass.
func KeepsEntities(text, rewritten string, refs []ObjectRef) bool {
	a, errA := ReadEntities(text, refs)
	b, errB := ReadEntities(rewritten, refs)
	return errA == nil && errB == nil && a.Equal(b)
}

var (
	reEntityNumber = regexp.MustCompile(`(\d+(?:\.\d+)?) ?(centimetres|centimeters|metres|meters|cm|m|percent|per cent)\b|(\d+(?:\.\d+)?)%`)
	entityDirs     = []struct{ re, dir string }{
		{`forward \((?:away from the camera|away from you)\)`, "forward"},
		{`back \((?:towards the camera|toward you)\)`, "back"},
		{`(?:away from|further from) the camera|deeper into the scene`, "forward"},
		{`(?:towards|toward|closer to) the camera`, "back"},
		{`straight down(?:ward)?|vertically down`, "down"},
		{`(?:to|on) the left(?: of)?|left of|to your left|leftward|to the camera's left`, "left"},
		{`(?:to|on) the right(?: of)?|right of|to your right|rightward|to the camera's right`, "right"},
	}
	reEntityDir = func() *regexp.Regexp {
		var alts []string
		for _, d := range entityDirs {
			alts = append(alts, "("+d.re+")")
		}
		return regexp.MustCompile(`(?i)\b(?:` + strings.Join(alts, "|") + `)`)
	}()
	reEntityMark = regexp.MustCompile(`\b(` + paletteNames + `)(-dotted)?\b|\b(mark|badge|marked) (\d+)( \(the)?`)
)

// ReadEntities reads text for the objects of refs (by their display names; a
// mark, a palette colour or badge number, belongs to the type words just
// before it, or just after it in "the red-dotted mug" and "mark 2 (the
// mug)"; an object named without a mark is identified by its type being
// unique among refs, and must then read "the marked mug"), the numbers
// with units and the directions. A mark that belongs to no object, or an
// object named with neither its mark nor "marked", is an error.
func ReadEntities(text string, refs []ObjectRef) (TextEntities, error) {
	var e TextEntities
	byType := map[string][]ObjectRef{}
	for _, r := range refs {
		w := DisplayName(r.ObjectType)
		if !slices.ContainsFunc(byType[w], func(o ObjectRef) bool { return o.ObjectID == r.ObjectID }) {
			byType[w] = append(byType[w], r)
		}
	}
	type occ struct {
		lo, hi int
		typ    string
		mark   string
	}
	var occs []occ
	for w := range byType {
		for _, loc := range regexp.MustCompile(`\b`+regexp.QuoteMeta(w)+`\b`).FindAllStringIndex(text, -1) {
			occs = append(occs, occ{lo: loc[0], hi: loc[1], typ: w})
		}
	}
	// In text order; where one type's words lie inside another's ("desk"
	// in "desk lamp"), only the longer counts.
	sort.Slice(occs, func(i, j int) bool {
		if occs[i].lo != occs[j].lo {
			return occs[i].lo < occs[j].lo
		}
		return occs[i].hi > occs[j].hi
	})
	kept := occs[:0]
	for _, o := range occs {
		if len(kept) == 0 || o.lo >= kept[len(kept)-1].hi {
			kept = append(kept, o)
		}
	}
	occs = kept
	for _, m := range reEntityMark.FindAllStringSubmatchIndex(text, -1) {
		var mark string
		var forward bool
		if m[2] >= 0 {
			mark, forward = text[m[2]:m[3]], m[4] >= 0
		} else {
			mark, forward = "#"+text[m[8]:m[9]], m[10] >= 0 && text[m[6]:m[7]] == "mark"
		}
		bound := -1
		for i, o := range occs {
			if forward && o.lo >= m[1] && o.lo-m[1] <= 6 {
				bound = i
				break
			}
			if !forward && o.hi <= m[0] && m[0]-o.hi <= 18 {
				bound = i
			}
		}
		if bound < 0 || occs[bound].mark != "" {
			return e, fmt.Errorf("mark %q at %d belongs to no object", mark, m[0])
		}
		occs[bound].mark = mark
	}
	for _, o := range occs {
		if o.mark == "" {
			if !strings.HasSuffix(strings.ToLower(text[:o.lo]), "marked ") {
				return e, fmt.Errorf("%s named without its mark", o.typ)
			}
			if len(byType[o.typ]) != 1 {
				return e, fmt.Errorf("%s named without a mark, but %d mentioned objects have that type", o.typ, len(byType[o.typ]))
			}
			if r := byType[o.typ][0]; r.Mark > 0 {
				o.mark = "#" + strconv.Itoa(r.Mark)
			} else {
				o.mark = r.DotColor
			}
		}
		e.Objects = append(e.Objects, o.typ+"/"+o.mark)
	}
	for _, m := range reEntityNumber.FindAllStringSubmatch(text, -1) {
		if m[3] != "" {
			e.Numbers = append(e.Numbers, m[3]+"%")
			continue
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		switch m[2] {
		case "cm", "centimetres", "centimeters":
			e.Numbers = append(e.Numbers, fmt.Sprintf("%.2f m", x/100))
		case "m", "metres", "meters":
			e.Numbers = append(e.Numbers, fmt.Sprintf("%.2f m", x))
		default:
			e.Numbers = append(e.Numbers, fmt.Sprintf("%g%%", x))
		}
	}
	for _, m := range reEntityDir.FindAllStringSubmatch(text, -1) {
		for i, d := range entityDirs {
			if m[i+1] != "" {
				e.Directions = append(e.Directions, d.dir)
				break
			}
		}
	}
	sort.Strings(e.Objects)
	sort.Strings(e.Numbers)
	sort.Strings(e.Directions)
	return e, nil
}
