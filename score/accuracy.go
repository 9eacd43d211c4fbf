package score

import (
	"fmt"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// DefaultShortMotion is the realised-motion length (metres) below which a
// motion counts as short. Simulated motions run up to about a metre; 0.4 m
// splits them roughly in half.
const DefaultShortMotion = 0.4

// Options configure Score.
type Options struct {
	// Shuffles is how many answer-order shuffles are scored (0..Shuffles-1).
	// Zero infers it from the predictions: the largest shuffle index + 1.
	Shuffles int
	// Static scores against the static answer (mode 2A).
	Static bool
	// ShortMotion is the short/long threshold in metres (DefaultShortMotion when 0).
	ShortMotion float64
	// Locate, when set, tells the split of an id absent from the scored split,
	// so that such predictions are reported as a wrong split.
	Locate func(id string) (split string, ok bool)
}

// maxLocate bounds the Locate calls (each may scan a dataset's id columns)
// made while reporting unknown ids.
const maxLocate = 20

// Stat is an accuracy (fraction in [0, 1]) averaged over shuffles.
type Stat struct {
	Mean       float64   `json:"mean"`
	Std        float64   `json:"std"` // sample standard deviation over shuffles (0 for one shuffle)
	PerShuffle []float64 `json:"per_shuffle"`
	N          int       `json:"n"`            // questions in the group
	CI         *Interval `json:"ci,omitempty"` // Wilson 95% on Mean with N questions
	Chance     float64   `json:"chance"`       // expected accuracy of a uniform guess
}

// CategoryResult is one category's accuracy.
type CategoryResult struct {
	Name string `json:"name"`
	Stat
}

// StaleResult is the stale rate: the share of readable wrong answers on
// changed multi-choice questions (more than two possible answers) that equal
// the before-motion answer, pooled over shuffles. Chance is the rate
// expected if each wrong answer were uniform over the question's other
// answers: the mean of 1/(Options−1) over the same wrong answers (1/3 for a
// four-choice question, 1/19 for closest-three).
type StaleResult struct {
	Questions int       `json:"questions"` // changed multi-choice questions with a before answer
	Wrong     int       `json:"wrong"`     // readable wrong answers on them, over shuffles
	Stale     int       `json:"stale"`     // of which equal to the before answer
	Rate      float64   `json:"rate"`
	CI        *Interval `json:"ci,omitempty"`
	Chance    float64   `json:"chance"`
}

// Result is the scoring of one predictions file on one split.
type Result struct {
	Split      string           `json:"split"`
	Static     bool             `json:"static"` // scored against static answers (2A)
	Questions  int              `json:"questions"`
	Shuffles   int              `json:"shuffles"`
	Answers    int              `json:"answers"`    // predictions scored
	Missing    int              `json:"missing"`    // (question, shuffle) pairs without a prediction; counted wrong
	Unreadable int              `json:"unreadable"` // replies no answer could be read from; counted wrong
	Categories []CategoryResult `json:"categories"` // sorted by name
	Avg        Stat             `json:"avg"`        // per question
	CatAvg     Stat             `json:"cat_avg"`    // mean of the category accuracies

	Changed   Stat    `json:"changed"`   // questions with a before answer that the motion changes
	Unchanged Stat    `json:"unchanged"` // questions with a before answer that it keeps
	Gap       float64 `json:"gap"`       // Unchanged − Changed
	// GapMix is Unchanged − Changed pooled over the categories holding both kinds.
	GapMix float64     `json:"gap_mix"`
	Stale  StaleResult `json:"stale"`

	ShortMotion float64 `json:"short_motion_m"`
	Short       Stat    `json:"short"` // realised |motion| < ShortMotion
	Long        Stat    `json:"long"`

	// correct[q][s] records each answer, for the imagination gap.
	correct [][]bool
	ids     []string
}

// Score scores predictions on the questions of one split.
func Score(qs []Question, split string, preds []Prediction, opt Options) (*Result, error) {
	if len(qs) == 0 {
		return nil, fmt.Errorf("split %q has no questions", split)
	}
	index := make(map[string]int, len(qs))
	for i := range qs {
		if err := qs[i].Validate(); err != nil {
			return nil, err
		}
		if _, dup := index[qs[i].ID]; dup {
			return nil, fmt.Errorf("split %s holds question %s twice", split, qs[i].ID)
		}
		index[qs[i].ID] = i
		if opt.Static && qs[i].StaticAnswer == "" {
			return nil, fmt.Errorf("question %s has no static answer to score 2A predictions against", qs[i].ID)
		}
	}
	shuffles := opt.Shuffles
	if shuffles == 0 {
		shuffles = 1
		for _, p := range preds {
			shuffles = max(shuffles, p.Shuffle+1)
		}
	}
	type key struct {
		id      string
		shuffle int
	}
	firstLine := map[key]int{}
	var errs []error
	for _, p := range preds {
		where := fmt.Sprintf("line %d", p.Line)
		if p.Split != "" && p.Split != split {
			errs = append(errs, fmt.Errorf("%s: prediction for split %q, but scoring split %q", where, p.Split, split))
			continue
		}
		if _, ok := index[p.ID]; !ok {
			if opt.Locate != nil && len(errs) < maxLocate {
				if s, ok := opt.Locate(p.ID); ok {
					errs = append(errs, fmt.Errorf("%s: question %s belongs to split %q, not %q (wrong split?)", where, p.ID, s, split))
					continue
				}
			}
			errs = append(errs, fmt.Errorf("%s: unknown question id %q (not in split %q)", where, p.ID, split))
			continue
		}
		if p.Shuffle >= shuffles {
			errs = append(errs, fmt.Errorf("%s: shuffle %d, but only shuffles 0..%d are scored", where, p.Shuffle, shuffles-1))
			continue
		}
		k := key{p.ID, p.Shuffle}
		if first, dup := firstLine[k]; dup {
			errs = append(errs, fmt.Errorf("%s: duplicate prediction for question %s shuffle %d (first on line %d)", where, p.ID, p.Shuffle, first))
			continue
		}
		firstLine[k] = p.Line
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}

	r := &Result{Split: split, Static: opt.Static, Questions: len(qs), Shuffles: shuffles, ShortMotion: opt.ShortMotion}
	if r.ShortMotion == 0 {
		r.ShortMotion = DefaultShortMotion
	}
	r.correct = make([][]bool, len(qs))
	r.ids = make([]string, len(qs))
	answered := make([][]bool, len(qs))
	readable := make([][]bool, len(qs))
	predicted := make([][]Letters, len(qs))
	for i := range qs {
		r.ids[i] = qs[i].ID
		r.correct[i] = make([]bool, shuffles)
		answered[i] = make([]bool, shuffles)
		readable[i] = make([]bool, shuffles)
		predicted[i] = make([]Letters, shuffles)
	}
	for _, p := range preds {
		i := index[p.ID]
		q := &qs[i]
		answer := q.Answer
		if opt.Static {
			answer = q.StaticAnswer
		}
		want, _ := ParseLetters(answer, len(q.Choices))
		answered[i][p.Shuffle] = true
		r.Answers++
		shown, ok := Extract(p.Response)
		if !ok {
			r.Unreadable++
			continue
		}
		got, inRange := shown.Map(Shuffle(q.ID, len(q.Choices), p.Shuffle))
		readable[i][p.Shuffle] = true
		predicted[i][p.Shuffle] = got
		r.correct[i][p.Shuffle] = inRange && got == want
	}
	for i := range qs {
		for s := range shuffles {
			if !answered[i][s] {
				r.Missing++
			}
		}
	}

	all := make([]int, len(qs))
	byCat := map[string][]int{}
	var changed, unchanged, short, long []int
	for i := range qs {
		all[i] = i
		q := &qs[i]
		byCat[q.Category] = append(byCat[q.Category], i)
		if q.BeforeAnswer != "" {
			if q.Changed {
				changed = append(changed, i)
			} else {
				unchanged = append(unchanged, i)
			}
		}
		if q.MotionLength() < r.ShortMotion {
			short = append(short, i)
		} else {
			long = append(long, i)
		}
	}
	r.Avg = r.stat(qs, all)
	names := make([]string, 0, len(byCat))
	for n := range byCat {
		names = append(names, n)
	}
	sort.Strings(names)
	catPer := make([]float64, shuffles)
	catChance := 0.0
	for _, n := range names {
		st := r.stat(qs, byCat[n])
		r.Categories = append(r.Categories, CategoryResult{Name: n, Stat: st})
		for s := range shuffles {
			catPer[s] += st.PerShuffle[s] / float64(len(names))
		}
		catChance += st.Chance / float64(len(names))
	}
	r.CatAvg = fromShuffles(catPer, len(names), catChance)

	r.Changed, r.Unchanged = r.stat(qs, changed), r.stat(qs, unchanged)
	r.Gap = r.Unchanged.Mean - r.Changed.Mean
	var mixChg, mixUnchg []int
	for _, n := range names {
		var c, u []int
		for _, i := range byCat[n] {
			if qs[i].BeforeAnswer == "" {
				continue
			}
			if qs[i].Changed {
				c = append(c, i)
			} else {
				u = append(u, i)
			}
		}
		if len(c) > 0 && len(u) > 0 {
			mixChg, mixUnchg = append(mixChg, c...), append(mixUnchg, u...)
		}
	}
	if len(mixChg) > 0 {
		r.GapMix = r.stat(qs, mixUnchg).Mean - r.stat(qs, mixChg).Mean
	}
	r.Short, r.Long = r.stat(qs, short), r.stat(qs, long)

	chanceSum := 0.0
	for _, i := range changed {
		q := &qs[i]
		if q.Options() <= 2 {
			continue
		}
		before, err := ParseLetters(q.BeforeAnswer, len(q.Choices))
		if err != nil {
			continue
		}
		r.Stale.Questions++
		for s := range shuffles {
			if !readable[i][s] || r.correct[i][s] {
				continue
			}
			r.Stale.Wrong++
			chanceSum += 1 / float64(q.Options()-1)
			if predicted[i][s] == before {
				r.Stale.Stale++
			}
		}
	}
	if r.Stale.Wrong > 0 {
		r.Stale.Rate = float64(r.Stale.Stale) / float64(r.Stale.Wrong)
		r.Stale.Chance = chanceSum / float64(r.Stale.Wrong)
		ci := Wilson(float64(r.Stale.Stale), float64(r.Stale.Wrong))
		r.Stale.CI = &ci
	}
	return r, nil
}

// stat returns the accuracy of a group of questions.
func (r *Result) stat(qs []Question, group []int) Stat {
	per := make([]float64, r.Shuffles)
	chance := 0.0
	for _, i := range group {
		for s := range r.Shuffles {
			if r.correct[i][s] {
				per[s]++
			}
		}
		chance += qs[i].Chance()
	}
	if len(group) == 0 {
		return Stat{PerShuffle: per}
	}
	for s := range per {
		per[s] /= float64(len(group))
	}
	st := fromShuffles(per, len(group), chance/float64(len(group)))
	ci := Wilson(st.Mean*float64(len(group)), float64(len(group)))
	st.CI = &ci
	return st
}

// fromShuffles summarises per-shuffle accuracies (no interval).
func fromShuffles(per []float64, n int, chance float64) Stat {
	st := Stat{PerShuffle: per, N: n, Chance: chance, Mean: stat.Mean(per, nil)}
	if len(per) > 1 {
		st.Std = stat.StdDev(per, nil)
	}
	return st
}
