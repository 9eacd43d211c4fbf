package score

import "strings"

// sideMovedAccuracy is the left/right rule "the mover ends on the side it
// moved toward": answer yes when the question asks about the side of the
// mover's horizontal motion (left of / right of), no otherwise. Questions
// whose motion has no left/right component or whose side cannot be read
// count as wrong.
func sideMovedAccuracy(rows []AuditRow) float64 {
	ok := 0
	for i := range rows {
		r := &rows[i]
		right, _, _ := motionComponents(textToken.FindAllString(strings.ToLower(r.MotionText), -1))
		stem, _, _ := strings.Cut(strings.ToLower(r.Question), "\n")
		asksLeft, asksRight := strings.Contains(stem, "left"), strings.Contains(stem, "right")
		if right == 0 || asksLeft == asksRight {
			continue
		}
		yes := (right < 0) == asksLeft
		want := "no"
		if yes {
			want = "yes"
		}
		for c, ch := range r.Choices {
			if ch == want && r.Answer == string(rune('A'+c)) {
				ok++
			}
		}
	}
	return float64(ok) / float64(len(rows))
}
