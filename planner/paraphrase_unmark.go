package planner

import (
	"regexp"
	"strings"

	"flowbench/render"
)

// paletteNames is an alternation of the dot colour names, retired ones
// included (older datasets name them).
var paletteNames = func() string {
	var names []string
	for _, c := range append(append([]render.NamedColor(nil), render.Palette...), render.RetiredColors...) {
		names = append(names, regexp.QuoteMeta(c.Name))
	}
	return "(?:" + strings.Join(names, "|") + ")"
}()

// Name forms with their marks, and what each becomes without the mark. The
// canonical "(red dot)" accepts any lower-case colour words (older datasets
// name "light blue"); the other forms name palette colours; a badge is a
// number.
var unmarkRules = []struct {
	re  *regexp.Regexp
	out string
}{
	{regexp.MustCompile(`\bMark \d+ \(the ([^()]+)\)`), "The $1"},
	{regexp.MustCompile(`\bmark \d+ \(the ([^()]+)\)`), "the $1"},
	{regexp.MustCompile(` \([a-z][a-z -]* dot\)`), ""},
	{regexp.MustCompile(` \(mark \d+\)`), ""},
	{regexp.MustCompile(` with the ` + paletteNames + ` dot\b`), ""},
	{regexp.MustCompile(` with badge \d+`), ""},
	{regexp.MustCompile(` marked in ` + paletteNames + `\b`), ""},
	{regexp.MustCompile(` marked \d+`), ""},
	{regexp.MustCompile(`\b([Tt])he ` + paletteNames + `-dotted `), "${1}he "},
	{regexp.MustCompile(`\b([Tt])he marked `), "${1}he "},
}

// UnmarkNames removes the marks from every object name of the paraphrase
// grammar in text ("the mug (red dot)", "the red-dotted mug", "mark 2 (the
// mug)", "the marked mug", ... all become "the mug"): the named-object
// variant of a question, asked about an unmarked image.
func UnmarkNames(text string) string {
	for _, r := range unmarkRules {
		text = r.re.ReplaceAllString(text, r.out)
	}
	return strings.ReplaceAll(text, "  ", " ")
}
