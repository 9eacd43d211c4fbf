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
// <house_id>/v<view_id>/<category>.
func checkCategory(q *QuestionRow) string {
	if _, err := planner.ParseCategory(q.Category); err != nil {
		var names []string
		for c := planner.Category(0); c < planner.NumCategories; c++ {
			names = append(names, c.String())
		}
		return fmt.Sprintf("unknown category %q (want one of %s)", q.Category, strings.Join(names, ", "))
	}
	if want := fmt.Sprintf("%s/v%d/%s", q.HouseID, q.ViewID, q.Category); q.ID != want {
		return fmt.Sprintf("id is not <house_id>/v<view_id>/<category> = %q", want)
	}
	return ""
}
