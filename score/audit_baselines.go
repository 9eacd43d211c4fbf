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
	BaselineTextLogReg     = "text_logreg"
	BaselineTypePrior      = "type_prior"
	BaselineTypePairPrior  = "type_pair_prior"
	BaselineSideMoved      = "rule_side_moved"
	BaselineBeforeAnswer   = "before_answer"
)

// trainedBaselines lists the baselines fitted on training rows, in report
// order (type_pair_prior only where the category has one other object).
var trainedBaselines = []string{BaselineMajorityLetter, BaselineMajorityValue, BaselineTextTree, BaselineTextLogReg, BaselineTypePrior, BaselineTypePairPrior}

// baselineData is one category's rows with the text features the trained
// baselines learn from. Yes/no categories learn "the answer is yes" from
// one sample per row (the question's features); the others learn "this
// choice is in the answer" from one sample per (question, choice) pair.
type baselineData struct {
	rows    []AuditRow
	yesNo   bool
	names   []string    // feature names, sorted
	X       [][]float64 // dense features per sample
	y       []bool      // sample label
	samples [][]int     // row -> its sample indices
	values  [][]string  // row -> each choice's value (answerValues)
}

// newBaselineData extracts the features of rows. The feature names are
// discovered on every row (no labels) and sorted, so the models do not
// depend on the order of discovery.
func newBaselineData(rows []AuditRow) *baselineData {
	d := &baselineData{rows: rows, yesNo: true}
	for i := range rows {
		d.yesNo = d.yesNo && yesNoChoices(rows[i].Choices)
	}
	sampleFeats := make([][]map[string]float64, len(rows))
	seen := map[string]bool{}
	for i := range rows {
		q := questionFeatures(&rows[i])
		if d.yesNo {
			sampleFeats[i] = []map[string]float64{q}
		} else {
			for c := range rows[i].Choices {
				sampleFeats[i] = append(sampleFeats[i], choiceFeatures(q, &rows[i], c))
			}
		}
		for _, f := range sampleFeats[i] {
			for k := range f {
				seen[k] = true
			}
		}
	}
	for k := range seen {
		d.names = append(d.names, k)
	}
	sort.Strings(d.names)
	index := make(map[string]int, len(d.names))
	defaults := make([]float64, len(d.names))
	for i, n := range d.names {
		index[n] = i
		defaults[i] = defaultOf(n)
	}
	d.samples = make([][]int, len(rows))
	d.values = make([][]string, len(rows))
	for i := range rows {
		d.values[i] = choiceValues(&rows[i])
		for c, f := range sampleFeats[i] {
			x := append([]float64(nil), defaults...)
			for k, v := range f {
				x[index[k]] = v
			}
			d.samples[i] = append(d.samples[i], len(d.X))
			d.X = append(d.X, x)
			if d.yesNo {
				d.y = append(d.y, answerValues(&rows[i])[0] == "yes")
			} else {
				d.y = append(d.y, strings.ContainsRune(rows[i].Answer, rune('A'+c)))
			}
		}
	}
	return d
}

// baselineModels are the trained baselines fitted on some rows of a
// baselineData.
type baselineModels struct {
	letterPrior map[int]float64
	valuePrior  map[string]float64
	tree        *stumpTree
	logreg      *logReg
	types       *typePrior
	typePairs   *typePrior // nil unless every row has exactly one other object
}

// fit fits every trained baseline on the rows train.
func (d *baselineData) fit(train []int, opt AuditOptions) (*baselineModels, error) {
	m := &baselineModels{letterPrior: map[int]float64{}, valuePrior: map[string]float64{}}
	var trainSamples []int
	for _, i := range train {
		r := &d.rows[i]
		for _, l := range r.Answer {
			m.letterPrior[int(l-'A')]++
			m.valuePrior[d.values[i][l-'A']]++
		}
		trainSamples = append(trainSamples, d.samples[i]...)
	}
	m.tree = fitTree(d.X, d.y, trainSamples, opt.TreeDepth, opt.TreeMinLeaf)
	var err error
	if m.logreg, err = fitLogReg(d.names, d.X, d.y, trainSamples, opt.LogRegL2, opt.LogRegMinCount); err != nil {
		return nil, err
	}
	m.types = fitTypePrior(d, train, moverTypeKeys)
	if oneOtherObject(d.rows) {
		m.typePairs = fitTypePrior(d, train, moverOtherTypeKeys)
	}
	return m, nil
}

// answers returns each trained baseline's answer (sorted letters) to row i.
func (m *baselineModels) answers(d *baselineData, i int) map[string]string {
	r := &d.rows[i]
	n, k := len(r.Choices), len(r.Answer)
	letter := make([]float64, n)
	value := make([]float64, n)
	treeScore := make([]float64, n)
	logScore := make([]float64, n)
	for c := 0; c < n; c++ {
		letter[c] = m.letterPrior[c]
		value[c] = m.valuePrior[d.values[i][c]]
		if d.yesNo {
			// p(yes) for the yes choice, 1 − p for the no choice.
			s := d.samples[i][0]
			pt, pl := m.tree.predict(d.X[s]), m.logreg.predict(d.X[s])
			if r.Choices[c] == "no" {
				pt, pl = 1-pt, 1-pl
			}
			treeScore[c], logScore[c] = pt, pl
		} else {
			treeScore[c] = m.tree.predict(d.X[d.samples[i][c]])
			logScore[c] = m.logreg.predict(d.X[d.samples[i][c]])
		}
	}
	out := map[string]string{
		BaselineMajorityLetter: pickTop(letter, nil, k),
		BaselineMajorityValue:  pickTop(value, letter, k),
		BaselineTextTree:       pickTop(treeScore, value, k),
		BaselineTextLogReg:     pickTop(logScore, value, k),
		BaselineTypePrior:      pickTop(m.types.scores(d, i), value, k),
	}
	if m.typePairs != nil {
		out[BaselineTypePairPrior] = pickTop(m.typePairs.scores(d, i), value, k)
	}
	return out
}

// textBaselines returns the accuracy of each text-only baseline on rows
// (one category). The trained ones are cross-validated over
// house-disjoint folds: every question is answered by models fitted on
// the other folds' houses only.
func textBaselines(rows []AuditRow, opt AuditOptions) (map[string]float64, error) {
	d := newBaselineData(rows)
	correct := map[string]int{}
	for k := 0; k < opt.Folds; k++ {
		var train, test []int
		for i := range rows {
			if houseFold(rows[i].HouseID, opt.Folds) == k {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		if len(test) == 0 {
			continue
		}
		if err := d.score(train, test, opt, correct); err != nil {
			return nil, err
		}
	}
	return d.accuracies(rows, correct), nil
}

// crossSplitBaselines returns the accuracy on rows of each text-only
// baseline, the trained ones fitted on fitRows (another split, no house in
// common) only.
func crossSplitBaselines(fitRows, rows []AuditRow, opt AuditOptions) (map[string]float64, error) {
	all := append(append([]AuditRow(nil), fitRows...), rows...)
	d := newBaselineData(all)
	var train, test []int
	for i := range all {
		if i < len(fitRows) {
			train = append(train, i)
		} else {
			test = append(test, i)
		}
	}
	correct := map[string]int{}
	if err := d.score(train, test, opt, correct); err != nil {
		return nil, err
	}
	return d.accuracies(rows, correct), nil
}

// score fits the trained baselines on train and counts their correct
// answers on test.
func (d *baselineData) score(train, test []int, opt AuditOptions, correct map[string]int) error {
	m, err := d.fit(train, opt)
	if err != nil {
		return err
	}
	for _, i := range test {
		for name, ans := range m.answers(d, i) {
			if ans == d.rows[i].Answer {
				correct[name]++
			}
		}
	}
	return nil
}

// accuracies turns the counts of correct answers on rows (the evaluated
// ones) into accuracies and adds the untrained rules.
func (d *baselineData) accuracies(rows []AuditRow, correct map[string]int) map[string]float64 {
	out := map[string]float64{}
	for _, name := range trainedBaselines {
		if name == BaselineTypePairPrior && !oneOtherObject(d.rows) {
			continue
		}
		out[name] = float64(correct[name]) / float64(len(rows))
	}
	if rows[0].Category == "left_right" {
		out[BaselineSideMoved] = sideMovedAccuracy(rows)
	}
	return out
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
