package score

import (
	"regexp"
	"sort"
	"strings"

	"flowbench/planner"
	"flowbench/render"
)

var templateNumber = regexp.MustCompile(`\d+(\.\d+)?`)

// colourNames lists the dot colour names, retired ones included (older
// datasets name them), longest first ("light blue" before "blue").
var colourNames = func() []string {
	var out []string
	for _, c := range append(append([]render.NamedColor(nil), render.Palette...), render.RetiredColors...) {
		out = append(out, strings.ToLower(c.Name))
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}()

// normaliseTemplate reduces a text to its template: the mentioned objects'
// names become <obj>, their remaining type words <type>, colour names
// <colour> and numbers #.
func normaliseTemplate(r *AuditRow, s string) string {
	refs := append([]planner.ObjectRef{r.Mover}, r.Referenced...)
	for _, o := range refs {
		s = strings.ReplaceAll(s, o.Name(), "<obj>")
		n := o.Name()
		s = strings.ReplaceAll(s, strings.ToUpper(n[:1])+n[1:], "<obj>")
	}
	s = strings.ToLower(s)
	var types []string
	for _, o := range refs {
		if w := strings.ToLower(planner.DisplayName(o.ObjectType)); w != "" {
			types = append(types, w)
		}
	}
	sort.SliceStable(types, func(i, j int) bool { return len(types[i]) > len(types[j]) })
	for _, w := range types {
		s = strings.ReplaceAll(s, w, "<type>")
	}
	for _, c := range colourNames {
		s = strings.ReplaceAll(s, c, "<colour>")
	}
	return templateNumber.ReplaceAllString(s, "#")
}

// questionTemplate is the template of the question stem (choices removed).
func questionTemplate(r *AuditRow) string {
	stem, _, _ := strings.Cut(r.Question, "\n")
	return normaliseTemplate(r, stem)
}

// motionTemplate is the template of the motion text.
func motionTemplate(r *AuditRow) string { return normaliseTemplate(r, r.MotionText) }
