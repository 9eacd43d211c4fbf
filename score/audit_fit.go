package score

import (
	"fmt"
	"sort"
	"strings"
)

// AuditFit audits a split like Audit, but fits the trained baselines
// (majority value and letter, text tree, text logistic regression, type
// priors) on the rows of another split, fitSplit, and evaluates them on
// every row of split, instead of cross-validating over house folds. The
// two splits must share no house (by content where the rows carry it, see
// sharedHouses): AuditFit refuses them otherwise, naming both splits and
// the shared houses. Every category of split must have
// questions in fitSplit.
func AuditFit(split string, rows []AuditRow, fitSplit string, fitRows []AuditRow, opt AuditOptions) (AuditReport, error) {
	if shared := sharedHouses(rows, fitRows); len(shared) > 0 {
		show := shared
		if len(show) > 5 {
			show = append(show[:5:5], fmt.Sprintf("… %d more", len(shared)-5))
		}
		return AuditReport{}, fmt.Errorf("audit: split %s and fit split %s share %d houses (%s); fit on a split with disjoint houses",
			split, fitSplit, len(shared), strings.Join(show, ", "))
	}
	return audit(split, rows, &auditFit{split: fitSplit, rows: fitRows}, opt)
}

// sharedHouses returns the sorted houses of b that a holds too. When every
// row of both carries HouseContent, houses are compared by content: a house
// of b is shared when one of its rows has the content of a row of a,
// whatever the two houses are called (reported "b-name = a-name" when the
// names differ), and two houses of the same name but different contents
// (datasets made with different seeds) are not shared. Otherwise (a
// questions-only split stores no house records) they are compared by
// house id.
func sharedHouses(a, b []AuditRow) []string {
	byContent := allHaveContent(a) && allHaveContent(b)
	key := func(r *AuditRow) string {
		if byContent {
			return r.HouseContent
		}
		return r.HouseID
	}
	in := map[string]string{} // key -> house id in a
	for i := range a {
		in[key(&a[i])] = a[i].HouseID
	}
	seen := map[string]bool{}
	var out []string
	for i := range b {
		other, ok := in[key(&b[i])]
		if !ok {
			continue
		}
		name := b[i].HouseID
		if other != name {
			name += " = " + other
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// allHaveContent reports whether every row carries HouseContent.
func allHaveContent(rows []AuditRow) bool {
	for i := range rows {
		if rows[i].HouseContent == "" {
			return false
		}
	}
	return len(rows) > 0
}
