package planner

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"
	"testing"

	"flowbench/render"
	"flowbench/sim"
)

// plannedFixture plans two generated houses at 256 px with frames kept (at
// 160 px few objects can carry a dot); the tests share it.
var plannedFixture = sync.OnceValues(func() ([]Example, []Outcome) {
	var exs []Example
	var outs []Outcome
	for i := 0; i < 2; i++ {
		h, err := genHouseErr(i)
		if err != nil {
			panic(err)
		}
		cfg := houseCfg(fmt.Sprintf("marks%d", i))
		cfg.CameraSize, cfg.KeepFrames, cfg.Views = 256, true, 6
		e, o, _, err := PlanHouse(newTestLocal(), h, cfg)
		if err != nil {
			panic(err)
		}
		exs, outs = append(exs, e...), append(outs, o...)
	}
	return exs, outs
})

// largestBlob returns the centroid and size of the largest 4-connected
// region of pixels the overlay img changed from raw to exactly colour c,
// ignoring the discs of the marks in others (their outline rings may be
// white or black, like a dot's fill).
func largestBlob(img, raw *image.RGBA, c color.RGBA, others []render.Mark) (x, y float64, n int) {
	b := img.Bounds()
	w := b.Dx()
	is := func(u, v int) bool {
		if img.RGBAAt(u, v) != c || raw.RGBAAt(u, v) == c {
			return false
		}
		for _, m := range others {
			if math.Hypot(float64(u)-m.X, float64(v)-m.Y) <= m.Radius+1 {
				return false
			}
		}
		return true
	}
	seen := make([]bool, w*b.Dy())
	for v0 := 0; v0 < b.Dy(); v0++ {
		for u0 := 0; u0 < w; u0++ {
			if seen[v0*w+u0] || !is(u0, v0) {
				continue
			}
			var sx, sy float64
			k := 0
			stack := []image.Point{{u0, v0}}
			seen[v0*w+u0] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sx, sy, k = sx+float64(p.X), sy+float64(p.Y), k+1
				for _, q := range []image.Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
					if q.In(b) && !seen[q.Y*w+q.X] && is(q.X, q.Y) {
						seen[q.Y*w+q.X] = true
						stack = append(stack, q)
					}
				}
			}
			if k > n {
				x, y, n = sx/float64(k), sy/float64(k), k
			}
		}
	}
	return x, y, n
}

// TestMarksOnI1FollowObjects draws each planned example's I1 overlay
// (mode 2A) and reads every dot back from the image by its colour: the dot
// lies on its object's visible pixels in I1, the mover's dot has moved with
// the mover, an object not visible in I1 has no dot, and one visible but
// without a dot is too small there for one. On I0 the dots sit at the
// planner's positions. No dot covers more than a fifth of its object, and
// an object that did not move and shows the same pixels in I1 keeps its dot
// exactly where it was.
func TestMarksOnI1FollowObjects(t *testing.T) {
	exs, outs := plannedFixture()
	if len(exs) < 20 {
		t.Fatalf("only %d examples", len(exs))
	}
	movedDots, hidden, kept := 0, 0, 0
	for i := range exs {
		ex, out := &exs[i], &outs[i]
		f0, err := renderFrame(out.Before)
		if err != nil {
			t.Fatal(err)
		}
		f1, err := renderFrame(out.After)
		if err != nil {
			t.Fatal(err)
		}
		moved := MovedIDs(out)
		m0, m1 := ExampleMarks(ex, render.StyleDots, f0, f1, moved)
		for _, m := range m0 {
			if c := render.MarkCover(f0, m); c > render.MaxMarkCover {
				t.Errorf("%s: %s's I0 dot covers %.3f of it", ex.ID, m.ID, c)
			}
		}
		for _, m := range m1 {
			if c := render.MarkCover(f1, m); c > render.MaxMarkCover {
				t.Errorf("%s: %s's I1 dot covers %.3f of it", ex.ID, m.ID, c)
			}
		}
		over0 := render.DrawMarks(f0.RGB, m0, render.StyleDots)
		over1 := render.DrawMarks(f1.RGB, m1, render.StyleDots)
		byID := map[string]render.Mark{}
		for _, m := range m1 {
			byID[m.ID] = m
		}
		for _, r := range append([]ObjectRef{ex.Mover}, ex.Referenced...) {
			c := paletteColor(r.DotColor).Color
			if got := over0.RGBAAt(int(r.DotXY[0]), int(r.DotXY[1])); got != c {
				t.Errorf("%s: I0 pixel at %s's dot %v is %v, want %s", ex.ID, r.ObjectID, r.DotXY, got, r.DotColor)
			}
			inst, _ := f1.Instance(r.ObjectID)
			px := 0
			for _, id := range f1.IDs {
				if id == inst {
					px++
				}
			}
			if px == 0 {
				hidden++
				if _, ok := byID[r.ObjectID]; ok {
					t.Errorf("%s: %s is not visible in I1 but has a mark there", ex.ID, r.ObjectID)
				}
				continue
			}
			m, ok := byID[r.ObjectID]
			if !ok {
				if render.MarkFits(f1, r.ObjectID, render.StyleDots) {
					t.Errorf("%s: %s fits a dot in I1 but has none", ex.ID, r.ObjectID)
				}
				continue
			}
			if !moved[r.ObjectID] && sameMask(f0, f1, inst) {
				kept++
				if m.X != r.DotXY[0] || m.Y != r.DotXY[1] {
					t.Errorf("%s: %s did not move and shows the same pixels, but its dot moved from %v to (%g,%g)", ex.ID, r.ObjectID, r.DotXY, m.X, m.Y)
				}
			}
			var others []render.Mark
			for _, m := range m1 {
				if m.ID != r.ObjectID {
					others = append(others, m)
				}
			}
			x, y, n := largestBlob(over1, f1.RGB, c, others)
			if n == 0 {
				t.Errorf("%s: no %s dot for %s on the I1 overlay", ex.ID, r.DotColor, r.ObjectID)
				continue
			}
			u, v := int(math.Round(x)), int(math.Round(y))
			if f1.IDs[v*f1.Width+u] != inst {
				t.Errorf("%s: %s's %s dot read back at (%.1f,%.1f) in I1, off the object (its %d I1 pixels)", ex.ID, r.ObjectID, r.DotColor, x, y, px)
			}
			if r.ObjectID == ex.Mover.ObjectID && math.Hypot(x-r.DotXY[0], y-r.DotXY[1]) > 3 {
				movedDots++
			}
		}
	}
	if movedDots < len(exs)/4 {
		t.Errorf("the mover's dot moved in only %d of %d examples", movedDots, len(exs))
	}
	if kept == 0 {
		t.Error("no static object with unchanged pixels: the stay rule went untested")
	}
	t.Logf("%d examples: mover dots moved in %d; %d mentioned objects hidden in I1 (no dot); %d static dots kept", len(exs), movedDots, hidden, kept)
}

// sameMask reports whether instance inst of f0 covers exactly the pixels
// that the same object covers in f1.
func sameMask(f0, f1 *render.Frame, inst uint16) bool {
	i1, ok := f1.Instance(f0.IDTable[inst])
	if !ok {
		return false
	}
	for i := range f0.IDs {
		if (f0.IDs[i] == inst) != (f1.IDs[i] == i1) {
			return false
		}
	}
	return true
}

// TestMentionedObjectsFitTheirMarks: every object a planned question
// mentions passes the size rule on I0 (an occlusion question's occludee
// its own floor, OccludeeFits), and the planners' filter keeps exactly the
// referable objects that pass it.
func TestMentionedObjectsFitTheirMarks(t *testing.T) {
	exs, outs := plannedFixture()
	for i := range exs {
		for k, r := range append([]ObjectRef{exs[i].Mover}, exs[i].Referenced...) {
			if exs[i].Category == Occlusion && k == 1 {
				if !OccludeeFits(outs[i].Before, r.ObjectID) {
					t.Errorf("%s: occludee %s cannot carry the smallest dot on I0", exs[i].ID, r.ObjectID)
				}
				continue
			}
			if !MarkFits(outs[i].Before, r.ObjectID) {
				t.Errorf("%s: mentioned object %s fails the size rule on I0", exs[i].ID, r.ObjectID)
			}
		}
	}
	h, err := genHouseErr(0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewStructure(h)
	if err != nil {
		t.Fatal(err)
	}
	l := loaded(t, h)
	kept, dropped := 0, 0
	for _, ex := range exs[:min(len(exs), 12)] {
		if ex.HouseID != "marks0" {
			continue
		}
		c, err := newViewCtx(l, st, houseCfg("marks0"), ex.Camera, newRNG(1))
		if err != nil {
			t.Fatal(err)
		}
		refs := c.referables(ex.Mover.ObjectID)
		got := c.markable(refs)
		j := 0
		for _, o := range refs {
			fits := MarkFits(c.f0, o.ID)
			if fits != (j < len(got) && got[j] == o) {
				t.Fatalf("%s: markable disagrees with MarkFits on %s (%v)", ex.ID, o.ID, fits)
			}
			if fits {
				j, kept = j+1, kept+1
			} else {
				dropped++
			}
		}
	}
	if kept == 0 || dropped == 0 {
		t.Errorf("the filter kept %d and dropped %d referable objects; the fixture should give both", kept, dropped)
	}
}

// TestNumberMarks switches planned examples to numbered badges: numbers
// 1..n per example, the mover not always 1, every text names objects by
// number only, the badge overlay shows one badge per visible object, and
// the paraphrase grammar still reads the question.
func TestNumberMarks(t *testing.T) {
	exs, outs := plannedFixture()
	moverNumbers := map[int]int{}
	for i := range exs {
		ex := exs[i]
		ex.Choices = append([]string(nil), ex.Choices...)
		ex.Referenced = append([]ObjectRef(nil), ex.Referenced...)
		NumberMarks(&ex)
		refs := append([]ObjectRef{ex.Mover}, ex.Referenced...)
		nums := map[int]string{}
		for _, r := range refs {
			if r.Mark < 1 || r.Mark > len(refs) || r.DotColor != "" {
				t.Fatalf("%s: %s has mark %d colour %q", ex.ID, r.ObjectID, r.Mark, r.DotColor)
			}
			if id, ok := nums[r.Mark]; ok && id != r.ObjectID {
				t.Fatalf("%s: mark %d used twice", ex.ID, r.Mark)
			}
			nums[r.Mark] = r.ObjectID
			if !strings.Contains(ex.Question+ex.MotionText, fmt.Sprintf("(mark %d)", r.Mark)) {
				t.Errorf("%s: mark %d not named in %q / %q", ex.ID, r.Mark, ex.Question, ex.MotionText)
			}
		}
		moverNumbers[ex.Mover.Mark]++
		for _, s := range append([]string{ex.Question, ex.StaticQuestion, ex.MotionText, ex.Reasoning}, ex.Choices...) {
			if strings.Contains(s, " dot)") {
				t.Fatalf("%s: %q still names a dot colour", ex.ID, s)
			}
		}
		p := ex
		if !Paraphrase(&p) {
			t.Fatalf("%s: badge question %q not recognised", ex.ID, ex.Question)
		}
		if a, b := entitiesOf(t, ex.Question, refs), entitiesOf(t, p.Question, refs); !sameEntities(a, b) {
			t.Errorf("%s:\n  %q\n  %v\nparses differently from\n  %q\n  %v", ex.ID, p.Question, b, ex.Question, a)
		}
		f0, _ := renderFrame(outs[i].Before)
		f1, _ := renderFrame(outs[i].After)
		m0, _ := ExampleMarks(&ex, render.StyleBadges, f0, f1, MovedIDs(&outs[i]))
		if len(m0) != len(nums) {
			t.Fatalf("%s: %d badges for %d objects", ex.ID, len(m0), len(nums))
		}
		for _, m := range m0 {
			if nums[m.Number] != m.ID || m.Color != render.BadgeColor {
				t.Fatalf("%s: badge %d on %s, want it on %s", ex.ID, m.Number, m.ID, nums[m.Number])
			}
		}
	}
	if len(moverNumbers) < 3 {
		t.Errorf("the mover's badge numbers over %d examples: %v", len(exs), moverNumbers)
	}
	// Numbering is a function of the seed.
	a, b := exs[0], exs[0]
	a.Referenced, b.Referenced = append([]ObjectRef(nil), a.Referenced...), append([]ObjectRef(nil), b.Referenced...)
	a.Choices, b.Choices = append([]string(nil), a.Choices...), append([]string(nil), b.Choices...)
	NumberMarks(&a)
	NumberMarks(&b)
	if a.Question != b.Question || a.Mover.Mark != b.Mover.Mark {
		t.Error("two numberings of one example differ")
	}
}

// genHouseErr is genHouse without a test (for the shared fixture).
func genHouseErr(i int) (*sim.House, error) { return sim.Generate("procthor", 7, i) }
