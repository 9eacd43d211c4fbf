package score

import (
	"sort"
	"strings"
)

// Text-only baseline names (docs/audit.md).
const (
	BaselineMajorityValue  = "majority_value"
	BaselineMajorityLetter = "majority_letter"
	BaselineTextTree       = "text_tree"
	BaselineSideMoved      = "rule_side_moved"
	BaselineBeforeAnswer   = "before_answer"
)

// textBaselines returns the accuracy of each text-only baseline on rows
// (one category). The trained ones (majority value and letter, the text
// tree) are cross-validated over house-disjoint folds: every question is
// answered by a model fitted on the other folds' houses only.
func textBaselines(rows []AuditRow, opt AuditOptions) (map[string]float64, error) {
	folds := make([]int, len(rows))
	for i := range rows {
		folds[i] = houseFold(rows[i].HouseID, opt.Folds)
	}
	// Features of the samples the tree learns from, discovered on all rows
	// (no labels). Yes/no categories learn "the answer is yes" from the
	// question's features; the others learn "this choice is in the answer"
	// from (question, choice) pairs.
	yesNo := true
	for i := range rows {
		yesNo = yesNo && yesNoChoices(rows[i].Choices)
	}
	fs := &featureSet{index: map[string]int{}}
	sampleFeats := make([][]map[string]float64, len(rows))
	for i := range rows {
		q := questionFeatures(&rows[i])
		if yesNo {
			sampleFeats[i] = []map[string]float64{q}
		} else {
			for c := range rows[i].Choices {
				sampleFeats[i] = append(sampleFeats[i], choiceFeatures(q, &rows[i], c))
			}
		}
		for _, f := range sampleFeats[i] {
			for k := range f {
				fs.id(k)
			}
		}
	}
	defaults := make([]float64, len(fs.names))
	for i, n := range fs.names {
		defaults[i] = defaultOf(n)
	}
	var X [][]float64
	var y []bool
	samples := map[int][]int{} // row -> its sample indices
	for i := range rows {
		for c, f := range sampleFeats[i] {
			x := append([]float64(nil), defaults...)
			for k, v := range f {
				x[fs.index[k]] = v
			}
			samples[i] = append(samples[i], len(X))
			X = append(X, x)
			if yesNo {
				y = append(y, answerValues(&rows[i])[0] == "yes")
			} else {
				y = append(y, strings.ContainsRune(rows[i].Answer, rune('A'+c)))
			}
		}
	}

	correct := map[string]int{}
	for k := 0; k < opt.Folds; k++ {
		var trainRows, testRows, trainSamples []int
		for i := range rows {
			if folds[i] == k {
				testRows = append(testRows, i)
			} else {
				trainRows = append(trainRows, i)
				trainSamples = append(trainSamples, samples[i]...)
			}
		}
		if len(testRows) == 0 {
			continue
		}
		letterPrior := map[int]float64{}
		valuePrior := map[string]float64{}
		for _, i := range trainRows {
			vals := answerValues(&rows[i])
			for j, l := range rows[i].Answer {
				letterPrior[int(l-'A')]++
				valuePrior[vals[j]]++
			}
		}
		tree := fitTree(X, y, trainSamples, opt.TreeDepth, opt.TreeMinLeaf)
		for _, i := range testRows {
			r := &rows[i]
			n := len(r.Choices)
			letter := make([]float64, n)
			value := make([]float64, n)
			treeScore := make([]float64, n)
			vals := choiceValues(r)
			for c := 0; c < n; c++ {
				letter[c] = letterPrior[c]
				value[c] = valuePrior[vals[c]]
				if yesNo {
					// p(yes) for the yes choice, 1 − p for the no choice.
					p := tree.predict(X[samples[i][0]])
					if r.Choices[c] == "no" {
						p = 1 - p
					}
					treeScore[c] = p
				} else {
					treeScore[c] = tree.predict(X[samples[i][c]])
				}
			}
			if pickTop(letter, nil, len(r.Answer)) == r.Answer {
				correct[BaselineMajorityLetter]++
			}
			if pickTop(value, letter, len(r.Answer)) == r.Answer {
				correct[BaselineMajorityValue]++
			}
			if pickTop(treeScore, value, len(r.Answer)) == r.Answer {
				correct[BaselineTextTree]++
			}
		}
	}
	out := map[string]float64{}
	for _, name := range []string{BaselineMajorityLetter, BaselineMajorityValue, BaselineTextTree} {
		out[name] = float64(correct[name]) / float64(len(rows))
	}
	if rows[0].Category == "left_right" {
		out[BaselineSideMoved] = sideMovedAccuracy(rows)
	}
	return out, nil
}

// choiceValues returns every choice's value in the sense of answerValues.
func choiceValues(r *AuditRow) []string {
	all := *r
	var b strings.Builder
	for i := range r.Choices {
		b.WriteRune(rune('A' + i))
	}
	all.Answer = b.String()
	return answerValues(&all)
}

// pickTop returns the sorted letters of the k highest scores; ties go to
// the higher tie score, then to the earlier letter.
func pickTop(score, tie []float64, k int) string {
	idx := make([]int, len(score))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ia, ib := idx[a], idx[b]
		if score[ia] != score[ib] {
			return score[ia] > score[ib]
		}
		if tie != nil && tie[ia] != tie[ib] {
			return tie[ia] > tie[ib]
		}
		return ia < ib
	})
	return sortedLetterString(idx[:min(k, len(idx))])
}

func sortedLetterString(idx []int) string {
	s := append([]int(nil), idx...)
	sort.Ints(s)
	var b strings.Builder
	for _, i := range s {
		b.WriteRune(rune('A' + i))
	}
	return b.String()
}

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
