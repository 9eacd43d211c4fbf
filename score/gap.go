package score

import "fmt"

// GapResult is the imagination gap: static (2A) minus motion (1A)
// accuracy, from the means over shuffles.
type GapResult struct {
	Avg        float64            `json:"avg"`
	CatAvg     float64            `json:"cat_avg"`
	Categories map[string]float64 `json:"categories"`
}

// ImaginationGap returns static − motion for two results on the same
// questions.
func ImaginationGap(motion, static *Result) (*GapResult, error) {
	if motion.Split != static.Split || len(motion.ids) != len(static.ids) {
		return nil, fmt.Errorf("imagination gap needs both predictions on the same split (%s with %d questions vs %s with %d)",
			motion.Split, len(motion.ids), static.Split, len(static.ids))
	}
	for i := range motion.ids {
		if motion.ids[i] != static.ids[i] {
			return nil, fmt.Errorf("imagination gap: question sets differ at %s vs %s", motion.ids[i], static.ids[i])
		}
	}
	g := &GapResult{Avg: static.Avg.Mean - motion.Avg.Mean, CatAvg: static.CatAvg.Mean - motion.CatAvg.Mean, Categories: map[string]float64{}}
	for i, c := range motion.Categories {
		g.Categories[c.Name] = static.Categories[i].Mean - c.Mean
	}
	return g, nil
}
