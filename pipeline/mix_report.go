package pipeline

import (
	"fmt"
	"sort"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// mixReport compares a split's category shares with the target mix m
// named name; size and style set the mark-size reason of a short category.
func mixReport(name string, m *planner.Mix, st *export.SplitStats, size int, style render.MarkStyle) *export.CategoryMix {
	if m == nil {
		return nil
	}
	r := &export.CategoryMix{Name: name, Target: m.Shares(), Achieved: st.Shares()}
	for cat, t := range r.Target {
		if got := r.Achieved[cat]; got < planner.MixShortShare*t {
			if r.Short == nil {
				r.Short = map[string]string{}
			}
			r.Short[cat] = shortReason(cat, got, t, size, style)
		}
	}
	return r
}

// shortReason says why a category fell short of its target share: at small
// image sizes the mark-size rule (render.MinMarkArea) leaves too few
// objects a mark may name; otherwise the planner found too few valid edits
// in the split's views.
func shortReason(cat string, got, target float64, size int, style render.MarkStyle) string {
	area := render.MinMarkArea(style, size, size)
	share := float64(area) / float64(size*size)
	ref := float64(render.MinMarkArea(style, sim.DefaultSize, sim.DefaultSize)) / float64(sim.DefaultSize*sim.DefaultSize)
	head := fmt.Sprintf("%s holds %.1f%% of the questions against a target of %.1f%%", cat, 100*got, 100*target)
	if share > 2*ref {
		return fmt.Sprintf("%s: at --size %d a marked object must show at least %d pixels (%.2f%% of the image, %.2f%% at %d px), and too few of the objects this category names are that large", head, size, area, 100*share, 100*ref, sim.DefaultSize)
	}
	return head + ": the planner found too few valid edits for it in the split's views"
}

// shortLines returns a mix report's short notes in category order.
func shortLines(r *export.CategoryMix) []string {
	if r == nil {
		return nil
	}
	var cats []string
	for c := range r.Short {
		cats = append(cats, c)
	}
	sort.Slice(cats, func(i, j int) bool { return categoryRank(cats[i]) < categoryRank(cats[j]) })
	out := make([]string, len(cats))
	for i, c := range cats {
		out[i] = r.Short[c]
	}
	return out
}

// categoryRank orders category names as the planner does (unknown last).
func categoryRank(name string) int {
	c, err := planner.ParseCategory(name)
	if err != nil {
		return int(planner.NumCategories)
	}
	return int(c)
}
