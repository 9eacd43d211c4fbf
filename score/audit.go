package score

import (
	"fmt"
	"hash/fnv"
	"sort"

	"flowbench/planner"
	"flowbench/render"
)

// AuditRow is what the dataset audit needs of one question: its text, its
// answers, the objects it mentions and the measured metrics behind the
// answer. The CLI adapts the export package's rows.
type AuditRow struct {
	ID           string
	HouseID      string
	Category     string
	MotionText   string
	Question     string // stem, newline, "A. …" lines
	Choices      []string
	Answer       string // sorted letters
	BeforeAnswer string // "" when the category has none
	Mover        planner.ObjectRef
	Referenced   []planner.ObjectRef
	Width        int    // image width, pixels (scales the pixel rules)
	Height       int    // image height, pixels
	Metrics      string // the row's metrics JSON object
	// Dots is what MeasureDots read from the question's images; nil when
	// they were not read (questions-only datasets, badges).
	Dots *DotCounts
	// HouseContent is a hash of what the dataset stores about the row's
	// house (HouseContents: its objects before the motion); "" when the
	// dataset stores none (questions-only) or it was not read. AuditFit
	// compares houses by it.
	HouseContent string
}

// AuditOptions are the knobs of the audit. The zero value is not useful;
// start from DefaultAuditOptions.
type AuditOptions struct {
	// Folds is the number of house-disjoint folds the trained baselines
	// are cross-validated over (every house is tested exactly once, by a
	// model trained on the other folds' houses).
	Folds int
	// TreeDepth and TreeMinLeaf shape the text-only decision tree.
	TreeDepth   int
	TreeMinLeaf int
	// LogRegL2 is λ of the text-only logistic regression's penalty
	// λ/2 ‖w‖² (on the summed log loss, standardised numbers);
	// LogRegMinCount the number of training samples that must have a word,
	// and that must lack it, for the word to be a column.
	LogRegL2       float64
	LogRegMinCount int
	// MarkAreaFactor is k of the size rule: a mentioned object should show
	// at least k times its mark's area in I0.
	MarkAreaFactor float64
	// MarkStyle is the dataset's Set-of-Marks style (dots or badges),
	// which sets the mark radius of the size rule.
	MarkStyle render.MarkStyle `json:"mark_style"`
}

// DefaultAuditOptions returns the options documented in docs/audit.md.
func DefaultAuditOptions() AuditOptions {
	return AuditOptions{Folds: 2, TreeDepth: 3, TreeMinLeaf: 10, LogRegL2: 1, LogRegMinCount: 3, MarkAreaFactor: render.MarkAreaFactor, MarkStyle: render.StyleDots}
}

// Validate reports options the audit cannot run with.
func (o AuditOptions) Validate() error {
	switch {
	case o.Folds < 2:
		return fmt.Errorf("audit: folds %d must be at least 2 (train and test on disjoint houses)", o.Folds)
	case o.TreeDepth < 1:
		return fmt.Errorf("audit: tree depth %d must be at least 1", o.TreeDepth)
	case o.TreeMinLeaf < 1:
		return fmt.Errorf("audit: tree minimum leaf size %d must be at least 1", o.TreeMinLeaf)
	case !(o.LogRegL2 > 0):
		return fmt.Errorf("audit: logistic regression penalty %g must be positive", o.LogRegL2)
	case o.LogRegMinCount < 1:
		return fmt.Errorf("audit: logistic regression minimum word count %d must be at least 1", o.LogRegMinCount)
	case !(o.MarkAreaFactor > 0):
		return fmt.Errorf("audit: mark area factor %g must be positive", o.MarkAreaFactor)
	}
	return nil
}

// AuditReport is the audit of one split.
type AuditReport struct {
	Split     string       `json:"split"`
	Questions int          `json:"questions"`
	Houses    int          `json:"houses"`
	Options   AuditOptions `json:"options"`
	// FitSplit is the split the trained baselines were fitted on (AuditFit),
	// with its questions and houses; "" when they were cross-validated over
	// house folds of this split.
	FitSplit     string          `json:"fit_split,omitempty"`
	FitQuestions int             `json:"fit_questions,omitempty"`
	FitHouses    int             `json:"fit_houses,omitempty"`
	Categories   []CategoryAudit `json:"categories"`
	// QuestionTemplates and MotionTemplates count distinct normalised
	// question stems and motion texts over all categories.
	QuestionTemplates int `json:"question_templates"`
	MotionTemplates   int `json:"motion_templates"`
	// Dots is the dot audit (colour pairs, cover, static dots); nil when
	// no question names a dot colour.
	Dots *DotAudit `json:"dots,omitempty"`
}

// CategoryAudit holds one category's audit.
type CategoryAudit struct {
	Category  string  `json:"category"`
	Questions int     `json:"questions"`
	Chance    float64 `json:"chance"` // uniform guessing

	// Baselines maps baseline name to accuracy (see docs/audit.md):
	// majority_value, majority_letter, text_tree, text_logreg, type_prior,
	// type_pair_prior (categories with one other object) and, for
	// left/right, rule_side_moved are text-only; before_answer is
	// geometry-free.
	Baselines map[string]float64 `json:"baselines"`
	// BestTextOnly is the largest text-only baseline and its name;
	// BestTextOnlyCI its 95 % Wilson interval over the category's
	// questions and BestOverChance its margin over chance (a difference
	// of accuracies; the table prints it in points).
	BestTextOnly     float64  `json:"best_text_only"`
	BestTextOnlyName string   `json:"best_text_only_name"`
	BestTextOnlyCI   Interval `json:"best_text_only_ci"`
	BestOverChance   float64  `json:"best_over_chance"`
	// BeforeAnswered counts the questions that have a before answer (the
	// before_answer baseline counts the others as wrong).
	BeforeAnswered int `json:"before_answered"`
	// FlipRate is the share of questions whose answer differs from the
	// before answer, over those that have one.
	FlipRate float64 `json:"flip_rate"`

	Letters        map[string]float64 `json:"letters"`          // share of answer letters
	Values         map[string]float64 `json:"values"`           // share of answer values (choice text, or object type for object choices)
	MaxLetterShare float64            `json:"max_letter_share"` // largest entry of Letters
	MaxValueShare  float64            `json:"max_value_share"`  // largest entry of Values
	Thresholds     map[string]float64 `json:"thresholds,omitempty"`

	// Margin: questions with a deciding comparison, those whose distance
	// gap is under 5 cm, and those under the margin rule (docs/audit.md).
	MarginMeasured int     `json:"margin_measured"`
	MarginRecorded int     `json:"margin_recorded"` // of those, read from metrics.decision_margin
	Within5cm      float64 `json:"within_5cm"`
	UnderMargin    float64 `json:"under_margin"`

	// Size rule: mentioned objects (mover and referenced) with fewer
	// visible I0 pixels than k × a full dot's area, and questions with one;
	// TinyObjects: fewer than k × the smallest (shrunk) dot's area, and
	// questions with one (render shrinks dots on small objects, so only
	// these break the rule on datasets with shrinking marks).
	Mentioned          int     `json:"mentioned"`
	SmallObjects       float64 `json:"small_objects"`
	QuestionsWithSmall float64 `json:"questions_with_small"`
	TinyObjects        float64 `json:"tiny_objects"`
	QuestionsWithTiny  float64 `json:"questions_with_tiny"`

	QuestionTemplates int `json:"question_templates"`
	MotionTemplates   int `json:"motion_templates"`
}

// Audit measures the text-only shortcuts, answer distributions, margins,
// mark sizes and templates of a split's questions, the trained baselines
// cross-validated over house folds of the split. The result does not
// depend on the order of rows.
func Audit(split string, rows []AuditRow, opt AuditOptions) (AuditReport, error) {
	return audit(split, rows, nil, opt)
}

// auditFit is the split the trained baselines are fitted on.
type auditFit struct {
	split string
	rows  []AuditRow
}

func audit(split string, rows []AuditRow, fit *auditFit, opt AuditOptions) (AuditReport, error) {
	if err := opt.Validate(); err != nil {
		return AuditReport{}, err
	}
	rows, byCat, houses, err := auditRowsByCategory(rows)
	if err != nil {
		return AuditReport{}, err
	}
	qt, mt := map[string]bool{}, map[string]bool{}
	for i := range rows {
		qt[rows[i].Category+"|"+questionTemplate(&rows[i])] = true
		mt[motionTemplate(&rows[i])] = true
	}
	rep := AuditReport{Split: split, Questions: len(rows), Houses: len(houses), Options: opt,
		QuestionTemplates: len(qt), MotionTemplates: len(mt), Dots: auditDots(rows)}
	var fitByCat map[string][]AuditRow
	if fit != nil {
		var fitHouses map[string]bool
		if _, fitByCat, fitHouses, err = auditRowsByCategory(fit.rows); err != nil {
			return AuditReport{}, fmt.Errorf("fit split %s: %w", fit.split, err)
		}
		rep.FitSplit, rep.FitQuestions, rep.FitHouses = fit.split, len(fit.rows), len(fitHouses)
	}
	var cats []string
	for c := range byCat {
		cats = append(cats, c)
	}
	sort.Slice(cats, func(i, j int) bool { return categoryOrder(cats[i]) < categoryOrder(cats[j]) })
	for _, c := range cats {
		var fitRows []AuditRow
		if fit != nil {
			if fitRows = fitByCat[c]; len(fitRows) == 0 {
				return AuditReport{}, fmt.Errorf("audit: fit split %s has no %s questions to fit split %s's baselines on", fit.split, c, split)
			}
		}
		ca, err := auditCategory(c, byCat[c], fitRows, opt)
		if err != nil {
			return AuditReport{}, err
		}
		rep.Categories = append(rep.Categories, ca)
	}
	return rep, nil
}

// auditRowsByCategory checks rows (at least two choices, a valid answer)
// and returns them sorted by id, grouped by category, and their houses.
func auditRowsByCategory(rows []AuditRow) ([]AuditRow, map[string][]AuditRow, map[string]bool, error) {
	rows = append([]AuditRow(nil), rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	byCat := map[string][]AuditRow{}
	houses := map[string]bool{}
	for i := range rows {
		r := &rows[i]
		if len(r.Choices) < 2 {
			return nil, nil, nil, fmt.Errorf("audit: question %s has %d choices (want at least 2)", r.ID, len(r.Choices))
		}
		if _, err := ParseLetters(r.Answer, len(r.Choices)); err != nil {
			return nil, nil, nil, fmt.Errorf("audit: question %s: answer %q: %w", r.ID, r.Answer, err)
		}
		byCat[r.Category] = append(byCat[r.Category], *r)
		houses[r.HouseID] = true
	}
	return rows, byCat, houses, nil
}

// categoryOrder sorts the method's categories in method order, others after
// them by name.
func categoryOrder(name string) string {
	if c, err := planner.ParseCategory(name); err == nil {
		return fmt.Sprintf("0%02d", int(c))
	}
	return "1" + name
}

// houseFold assigns a house to one of k folds by a hash of its id.
func houseFold(house string, k int) int {
	h := fnv.New64a()
	h.Write([]byte(house))
	return int(h.Sum64() % uint64(k))
}

// auditCategory audits one category's rows; the trained baselines are
// fitted on fitRows when given, else cross-validated over house folds.
func auditCategory(cat string, rows, fitRows []AuditRow, opt AuditOptions) (CategoryAudit, error) {
	ca := CategoryAudit{Category: cat, Questions: len(rows), Baselines: map[string]float64{}}
	q0 := Question{Category: cat, Choices: rows[0].Choices, Answer: rows[0].Answer}
	ca.Chance = q0.Chance()
	ca.Letters, ca.MaxLetterShare = shares(rows, answerLetters)
	ca.Values, ca.MaxValueShare = shares(rows, answerValues)
	ca.Thresholds = thresholdShares(rows)

	var base map[string]float64
	var err error
	if fitRows != nil {
		base, err = crossSplitBaselines(fitRows, rows, opt)
	} else {
		base, err = textBaselines(rows, opt)
	}
	if err != nil {
		return ca, fmt.Errorf("audit: category %s: %w", cat, err)
	}
	for name, acc := range base {
		ca.Baselines[name] = acc
		if acc > ca.BestTextOnly || (acc == ca.BestTextOnly && name < ca.BestTextOnlyName) {
			ca.BestTextOnly, ca.BestTextOnlyName = acc, name
		}
	}
	ca.BestTextOnlyCI = Wilson(ca.BestTextOnly*float64(len(rows)), float64(len(rows)))
	ca.BestOverChance = ca.BestTextOnly - ca.Chance
	var beforeOK, flips int
	for _, r := range rows {
		if r.BeforeAnswer == "" {
			continue
		}
		ca.BeforeAnswered++
		if r.BeforeAnswer == r.Answer {
			beforeOK++
		} else {
			flips++
		}
	}
	ca.Baselines["before_answer"] = float64(beforeOK) / float64(len(rows))
	if ca.BeforeAnswered > 0 {
		ca.FlipRate = float64(flips) / float64(ca.BeforeAnswered)
	}

	var within5, under, small, withSmall, tiny, withTiny int
	qtm, mtm := map[string]bool{}, map[string]bool{}
	for i := range rows {
		r := &rows[i]
		met, err := parseMetrics(r)
		if err != nil {
			return ca, err
		}
		if m, ok := decisionMargin(r, met); ok {
			ca.MarginMeasured++
			if m.Recorded {
				ca.MarginRecorded++
			}
			if m.Kind == MarginDistance && m.Gap < 0.05 {
				within5++
			}
			if m.Under() {
				under++
			}
		}
		ns, nt, nm := smallMentioned(r, met, opt.MarkAreaFactor, opt.MarkStyle)
		ca.Mentioned += nm
		small += ns
		tiny += nt
		if ns > 0 {
			withSmall++
		}
		if nt > 0 {
			withTiny++
		}
		qtm[questionTemplate(r)] = true
		mtm[motionTemplate(r)] = true
	}
	if ca.MarginMeasured > 0 {
		ca.Within5cm = float64(within5) / float64(ca.MarginMeasured)
		ca.UnderMargin = float64(under) / float64(ca.MarginMeasured)
	}
	if ca.Mentioned > 0 {
		ca.SmallObjects = float64(small) / float64(ca.Mentioned)
		ca.TinyObjects = float64(tiny) / float64(ca.Mentioned)
	}
	ca.QuestionsWithSmall = float64(withSmall) / float64(len(rows))
	ca.QuestionsWithTiny = float64(withTiny) / float64(len(rows))
	ca.QuestionTemplates, ca.MotionTemplates = len(qtm), len(mtm)
	return ca, nil
}
