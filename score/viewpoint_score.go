package score

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"flowbench/planner"
)

// ViewpointQuestion is what scoring needs of one viewpoint question.
type ViewpointQuestion struct {
	ID              string
	Scene           string
	Subject, Object int
	View            planner.Viewpoint
	Step            int
	Truth           []planner.ViewRelation
}

// ViewpointResult is the scoring of one predictions file on the viewpoint
// family (CVT-Bench's metrics).
type ViewpointResult struct {
	Questions int `json:"questions"`
	Answered  int `json:"answered"` // questions with a prediction
	Missing   int `json:"missing"`  // questions without one (scored as the empty set)
	// F1 is the mean multi-label F1 over questions; F1ByView per
	// viewpoint; GapCF is F1 at 0° minus the mean over the other viewpoints.
	F1       float64            `json:"f1"`
	F1ByView map[string]float64 `json:"f1_by_view"`
	GapCF    float64            `json:"gap_cf"`
	// Exact is the share of questions whose predicted set is exactly right.
	Exact float64 `json:"exact"`
	// Cycle is the share of pairs whose 0° and 360° answers agree (Pairs
	// compared).
	Cycle      float64 `json:"cycle_consistency"`
	CyclePairs int     `json:"cycle_pairs"`
	// NSC is the normalized survival coefficient, nil when undefined (no
	// trajectory long enough, or marginals that leave no room above
	// independent answering, as with all-correct replies).
	NSC         *float64 `json:"nsc"`
	Realizable  float64  `json:"realizable"` // share of scenes whose predicted relations can all hold
	Scenes      int      `json:"scenes"`
	Unparseable int      `json:"unparseable"` // replies naming no relation
	// OffVocabulary counts predicted relations that are not relations of
	// their viewpoint (front/behind at the top view, north/south at orbit
	// views); they are dropped before scoring.
	OffVocabulary int `json:"off_vocabulary"`
}

// validAt keeps the relations of the viewpoint's vocabulary, counting the
// others in *dropped.
func validAt(v planner.Viewpoint, rels []planner.ViewRelation, dropped *int) []planner.ViewRelation {
	var out []planner.ViewRelation
	for _, r := range rels {
		if _, err := v.Direction(r); err != nil {
			*dropped++
			continue
		}
		out = append(out, r)
	}
	return out
}

var relationWord = regexp.MustCompile(`(?i)\b(left|right|front|behind|north|south)\b`)

// ParseRelations reads a relation set from a reply: the words of the last
// bracketed list ("[left, behind]") when there is one, otherwise every
// relation word in the reply's last non-empty line. Duplicates are
// dropped; ok is false when no relation word was found.
func ParseRelations(reply string) (rels []planner.ViewRelation, ok bool) {
	s := reply
	if i := strings.LastIndex(s, "["); i >= 0 {
		if j := strings.Index(s[i:], "]"); j > 0 {
			s = s[i : i+j]
		}
	} else {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		s = lines[len(lines)-1]
	}
	seen := map[planner.ViewRelation]bool{}
	for _, w := range relationWord.FindAllString(s, -1) {
		r := planner.ViewRelation(strings.ToLower(w))
		if !seen[r] {
			seen[r] = true
			rels = append(rels, r)
		}
	}
	return rels, len(rels) > 0
}

// ScoreViewpoint scores replies (by question id) on the viewpoint family:
// F1 per viewpoint and overall, Δ_CF, cycle consistency, NSC and the share
// of scenes whose predicted relations are realizable together. A missing
// reply counts as the empty set.
func ScoreViewpoint(qs []ViewpointQuestion, replies map[string]string) (*ViewpointResult, error) {
	if len(qs) == 0 {
		return nil, fmt.Errorf("no viewpoint questions to score")
	}
	res := &ViewpointResult{Questions: len(qs)}
	var answers []ViewAnswer
	byScene := map[string][]ViewAnswer{}
	var scenes []string
	nExact := 0
	f1 := 0.0
	for _, q := range qs {
		reply, ok := replies[q.ID]
		var pred []planner.ViewRelation
		if ok {
			res.Answered++
			var read bool
			if pred, read = ParseRelations(reply); !read {
				res.Unparseable++
			}
			pred = validAt(q.View, pred, &res.OffVocabulary)
		} else {
			res.Missing++
		}
		a := ViewAnswer{Scene: q.Scene, Subject: fmt.Sprint(q.Subject), Object: fmt.Sprint(q.Object), View: q.View,
			Step: q.Step, Primary: true, Truth: q.Truth, Pred: pred}
		answers = append(answers, a)
		if _, seen := byScene[q.Scene]; !seen {
			scenes = append(scenes, q.Scene)
		}
		byScene[q.Scene] = append(byScene[q.Scene], a)
		f1 += SetF1(q.Truth, pred)
		if exact(q.Truth, pred) {
			nExact++
		}
	}
	res.F1, res.Exact = f1/float64(len(qs)), float64(nExact)/float64(len(qs))
	res.F1ByView = ViewF1(answers)
	res.GapCF = CounterfactualGap(res.F1ByView)
	res.Cycle, res.CyclePairs = CycleConsistency(answers)
	if v, ok := NSC(answers, NSCSteps); ok {
		res.NSC = &v
	}
	ok := 0
	for _, s := range scenes {
		r, err := Realizable(byScene[s])
		if err != nil {
			return nil, err
		}
		if r {
			ok++
		}
	}
	res.Scenes = len(scenes)
	res.Realizable = float64(ok) / float64(len(scenes))
	return res, nil
}

// WriteMarkdown writes the viewpoint report (scores in %).
func (r *ViewpointResult) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# FlowBench viewpoint family: %d questions in %d scenes\n\n", r.Questions, r.Scenes)
	fmt.Fprintf(&b, "- %d answered, %d missing (scored as the empty set), %d replies naming no relation.\n\n", r.Answered, r.Missing, r.Unparseable)
	b.WriteString("| metric | value |\n|---|---:|\n")
	fmt.Fprintf(&b, "| F1 (%%) | %s |\n| exact set (%%) | %s |\n| Δ_CF (F1 at 0° − others, points) | %s |\n", pct(r.F1), pct(r.Exact), signed(r.GapCF))
	fmt.Fprintf(&b, "| cycle consistency (%%, %d pairs) | %s |\n", r.CyclePairs, pct(r.Cycle))
	nsc := "undefined"
	if r.NSC != nil {
		nsc = fmt.Sprintf("%.3f", *r.NSC)
	}
	fmt.Fprintf(&b, "| NSC | %s |\n| realizable scenes (%%) | %s |\n", nsc, pct(r.Realizable))
	b.WriteString("\nF1 by viewpoint (%):\n\n| viewpoint | F1 |\n|---|---:|\n")
	views := make([]string, 0, len(r.F1ByView))
	for v := range r.F1ByView {
		views = append(views, v)
	}
	sort.Slice(views, func(i, j int) bool { return viewOrder(views[i]) < viewOrder(views[j]) })
	for _, v := range views {
		fmt.Fprintf(&b, "| %s | %s |\n", v, pct(r.F1ByView[v]))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// viewOrder sorts viewpoints: 0, left 45..360, right 45..360, top.
func viewOrder(s string) int {
	v, err := planner.ParseViewpoint(s)
	switch {
	case err != nil:
		return 10000
	case v.Top:
		return 9999
	case v.Orbit < 0:
		return 1000 - v.Orbit
	}
	return v.Orbit
}

// WriteJSON writes the viewpoint report as JSON.
func (r *ViewpointResult) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
