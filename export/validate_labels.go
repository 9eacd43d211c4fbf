package export

import (
	"fmt"
	"strings"

	"flowbench/planner"
)

// changedRuleText states the rule ChangedRule implements, for messages.
const changedRuleText = `changed = answer != before_answer where before_answer is set; where it is "", changed is false, except for count_near, where "" means the before-state count is not among the choices and changed is true`

// ChangedRule returns the value the `changed` column must hold for a
// question: whether the before-state answer differs from the answer. Where
// before_answer is set that is answer != before_answer. Where it is ""
// (occlusion and feasibility have no before-state answer) it is false,
// except for count_near, whose before_answer is "" when the before-state
// count is not among the four choices: the count then differs from the
// answer's, and changed is true.
func ChangedRule(category, answer, beforeAnswer string) bool {
	if beforeAnswer == "" {
		return category == planner.CountNear.String()
	}
	return answer != beforeAnswer
}

// checkLetters returns why an answer column is not a set of distinct
// letters among n choices, or "". An optional column may be "".
func checkLetters(name, letters string, n int, optional bool) string {
	if letters == "" {
		if optional {
			return ""
		}
		return "empty " + name
	}
	seen := map[rune]bool{}
	for _, l := range letters {
		i := int(l - 'A')
		if i < 0 || i >= n {
			return fmt.Sprintf("%s %q: letter %c is not among the %d choices", name, letters, l, n)
		}
		if seen[l] {
			return fmt.Sprintf("%s %q repeats %c", name, letters, l)
		}
		seen[l] = true
	}
	return ""
}

// checkCategory returns why a question's category or id is wrong, or "":
// the category must be one of the planner's, and the id must be
// <house_id>/v<view_id>/<category>, with /r<round> after it for an extra
// round of the category mix (planner.ExampleID).
func checkCategory(q *QuestionRow) string {
	if _, err := planner.ParseCategory(q.Category); err != nil {
		var names []string
		for c := planner.Category(0); c < planner.NumCategories; c++ {
			names = append(names, c.String())
		}
		return fmt.Sprintf("unknown category %q (want one of %s)", q.Category, strings.Join(names, ", "))
	}
	want := planner.ExampleID(q.HouseID, int(q.ViewID), q.Category, 0)
	if q.ID != want && !isRoundID(q.ID, want) {
		return fmt.Sprintf("id is not <house_id>/v<view_id>/<category>[/r<round>] = %q", want)
	}
	return ""
}

// isRoundID reports whether id is base followed by /r<k>, k a positive
// integer written without leading zeros.
func isRoundID(id, base string) bool {
	k, ok := strings.CutPrefix(id, base+"/r")
	if !ok || k == "" || k[0] == '0' {
		return false
	}
	for _, r := range k {
		if r < '0' || r > '9' {
			return false
		}
	}
	return len(k) <= 3
}
