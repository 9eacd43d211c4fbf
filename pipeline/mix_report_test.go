package pipeline

import (
	"context"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
)

// mixReport names the categories under half their target share, with the
// mark-size reason at small sizes and the planner's otherwise; no mix, no
// report.
func TestMixReportShortCategories(t *testing.T) {
	m, _ := planner.ParseMix("occlusion=1,near_object=1", planner.AllCategories())
	st := &export.SplitStats{Questions: 10, Categories: map[string]*export.CategoryStats{
		"occlusion": {Questions: 2}, "near_object": {Questions: 8}}}
	r := mixReport("occlusion=1,near_object=1", m, st, 64, render.StyleDots)
	if r.Target["occlusion"] != 0.5 || r.Achieved["occlusion"] != 0.2 || r.Achieved["near_object"] != 0.8 {
		t.Fatalf("report %+v", r)
	}
	if len(r.Short) != 1 || !strings.Contains(r.Short["occlusion"], "at --size 64 a marked object must show at least") {
		t.Fatalf("short %v: want occlusion with the mark-size reason", r.Short)
	}
	r = mixReport("x", m, st, 512, render.StyleDots)
	if !strings.Contains(r.Short["occlusion"], "too few valid edits") {
		t.Fatalf("short at 512 px %v: want the planner's reason", r.Short)
	}
	st.Categories["occlusion"].Questions, st.Categories["near_object"].Questions = 3, 7
	if r := mixReport("x", m, st, 512, render.StyleDots); len(r.Short) != 0 {
		t.Fatalf("occlusion at 0.3 of a 0.5 target reported short: %v", r.Short)
	}
	if mixReport("natural", nil, st, 512, render.StyleDots) != nil {
		t.Fatalf("a report without a mix")
	}
}

// A generated split records its mix in the manifest (config, target,
// achieved, short categories), and the config refuses a mix on the test
// split's selection and on the viewpoint family.
func TestCategoryMixInManifest(t *testing.T) {
	if testing.Short() {
		t.Skip("generates houses")
	}
	cfg := DefaultConfig()
	cfg.Split, cfg.Houses, cfg.Size, cfg.QuestionsOnly, cfg.Assets = "train", 2, 96, true, "none"
	cfg.CategoryMix = "equal"
	res, err := Run(context.Background(), cfg, Options{Out: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Manifest.Splits["train"]
	if st.Mix == nil || st.Mix.Name != "equal" || len(st.Mix.Target) != 8 || st.Mix.Target["occlusion"] != 0.125 {
		t.Fatalf("manifest mix %+v", st.Mix)
	}
	if res.Manifest.Config["train"].(map[string]any)["category_mix"] == nil {
		t.Errorf("manifest config lacks category_mix")
	}
	sum := 0.0
	for _, v := range st.Mix.Achieved {
		sum += v
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("achieved shares sum to %g", sum)
	}
	for cat, why := range st.Mix.Short {
		if st.Mix.Achieved[cat] >= planner.MixShortShare*st.Mix.Target[cat] || !strings.Contains(why, "--size 96") {
			t.Errorf("%s short at %g: %q", cat, st.Mix.Achieved[cat], why)
		}
	}
	bad := DefaultConfig()
	bad.Split, bad.TestCounts, bad.CategoryMix = "test", "method", "equal"
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "--category-mix") {
		t.Errorf("test split with a mix: %v", err)
	}
	bad = DefaultConfig()
	bad.Split, bad.Houses, bad.CategoryMix = "train", 1, "occlusion=-1"
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "must be a number in 0..1e+06") {
		t.Errorf("bad mix: %v", err)
	}
}
