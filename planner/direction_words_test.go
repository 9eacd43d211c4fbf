package planner

import (
	"regexp"
	"testing"
)

// reDirectionWord finds the words this benchmark uses for directions
// (motion text, feasibility probes, left/right questions and the viewpoint
// family's relations).
var reDirectionWord = regexp.MustCompile(`(?i)\b(left|right|up|upwards?|down|downwards?|forwards?|backwards?|back|towards?|away|front|behind|above|below|ahead|beside|leftward|rightward)\b`)

// TestTemplatesUseDirectionWordsOnlyAsDirections scans the literal text of
// every question template, static question template, lead-in and motion
// template (template 0 of each is the canonical stem or MotionText's
// sentence; TestParaphrasePlannedExamples checks that the planners' stems
// read with it): none may use a direction word, in any sense, outside a
// slot. Directions enter only through the slots whose values are the
// direction itself ({side}, {probe}, {parts}); the probe forms and the
// direction and side words, which are those values, are not scanned.
func TestTemplatesUseDirectionWordsOnlyAsDirections(t *testing.T) {
	check := func(what string, ts []string) {
		for k, tmpl := range ts {
			for _, plural := range []bool{false, true} {
				lit := reSlot.ReplaceAllString(agreeText(tmpl, plural), "")
				if w := reDirectionWord.FindString(lit); w != "" {
					t.Errorf("%s template %d %q uses the direction word %q outside a direction slot", what, k, tmpl, w)
				}
			}
		}
	}
	for _, cat := range AllCategories() {
		check("question/"+cat.String(), questionTemplates[cat])
		if ts, ok := staticQuestionTemplates[cat]; ok {
			check("static/"+cat.String(), ts)
		}
	}
	check("lead/moving", movingLeads)
	check("lead/static", staticLeads)
	check("motion/move", moveTemplates)
	check("motion/stay", stayTemplates)
	check("motion/settle", settleTemplates)
}
