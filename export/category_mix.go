package export

// CategoryMix compares a split's share of questions per category with the
// share the generator aimed at (generate --category-mix; issue 37).
type CategoryMix struct {
	// Name is the mix as given: equal, method or category=weight,...
	Name string `json:"name"`
	// Target and Achieved map category names to shares of the split's
	// questions; a category with target 0 is not asked.
	Target   map[string]float64 `json:"target"`
	Achieved map[string]float64 `json:"achieved"`
	// Short names the categories that reached less than half their target
	// share, each with the reason the generator gives.
	Short map[string]string `json:"short,omitempty"`
}

// Shares returns each category's share of the split's questions.
func (st *SplitStats) Shares() map[string]float64 {
	out := map[string]float64{}
	if st.Questions == 0 {
		return out
	}
	for name, cs := range st.Categories {
		out[name] = float64(cs.Questions) / float64(st.Questions)
	}
	return out
}
