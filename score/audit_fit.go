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
// two splits must share no house: AuditFit refuses them otherwise, naming
// both splits and the shared houses. Every category of split must have
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

// sharedHouses returns the sorted house ids found in both a and b.
func sharedHouses(a, b []AuditRow) []string {
	in := map[string]bool{}
	for i := range a {
		in[a[i].HouseID] = true
	}
	seen := map[string]bool{}
	var out []string
	for i := range b {
		if h := b[i].HouseID; in[h] && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	sort.Strings(out)
	return out
}
