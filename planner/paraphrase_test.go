package planner

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"flowbench/render"
	"flowbench/sim"
)

// entities is what a reader takes from a question or motion text: the
// objects with their marks, the numbers with their units, the directions.
// It is extracted by a small parser of its own (entitiesOf) that knows
// nothing of the grammar's templates, only the vocabulary.
type entities struct {
	objects    []string // "type/mark", sorted; mark is a colour or "#n"
	numbers    []string // "0.45 m", "30%", sorted
	directions []string // "left", "right", "forward", "back", "down", sorted
}

func (e entities) String() string {
	return fmt.Sprintf("objects %v numbers %v directions %v", e.objects, e.numbers, e.directions)
}

var (
	reNumUnit = regexp.MustCompile(`(\d+(?:\.\d+)?) ?(centimetres|metres|cm|m|%|percent|per cent)\b|(\d+(?:\.\d+)?)%`)
	dirPhrase = []struct{ re, dir string }{
		{`forward \(away from the camera\)`, "forward"}, {`forward \(away from you\)`, "forward"},
		{`away from the camera`, "forward"}, {`deeper into the scene`, "forward"},
		{`back \(towards the camera\)`, "back"}, {`back \(toward you\)`, "back"},
		{`towards the camera`, "back"}, {`closer to the camera`, "back"},
		{`straight down(?:ward)?`, "down"}, {`vertically down`, "down"},
		{`(?:to|on) the left(?: of)?|left of|to your left|leftward|to the camera's left`, "left"},
		{`(?:to|on) the right(?: of)?|right of|to your right|rightward|to the camera's right`, "right"},
	}
	reDir = func() *regexp.Regexp {
		var alts []string
		for _, p := range dirPhrase {
			alts = append(alts, "("+p.re+")")
		}
		return regexp.MustCompile(`\b(?:` + strings.Join(alts, "|") + `)`)
	}()
)

// entitiesOf parses text for the objects of refs (by their type words; a
// mark — palette colour or badge number — belongs to the type words just
// before it, or to the ones just after it when it reads "red-dotted mug" or
// "mark 2 (the mug)"; an object named with no mark is identified by its type
// being unique among refs), the numbers with units (lengths normalised to
// metres) and the directions.
func entitiesOf(t *testing.T, text string, refs []ObjectRef) entities {
	t.Helper()
	var e entities
	// Type occurrences, in text order.
	byType := map[string][]ObjectRef{}
	for _, r := range refs {
		w := DisplayName(r.ObjectType)
		if !slices.ContainsFunc(byType[w], func(o ObjectRef) bool { return o.ObjectID == r.ObjectID }) {
			byType[w] = append(byType[w], r)
		}
	}
	type occ struct {
		lo, hi int
		typ    string
		mark   string
	}
	var occs []occ
	for w := range byType {
		for _, loc := range regexp.MustCompile(`\b`+regexp.QuoteMeta(w)+`\b`).FindAllStringIndex(text, -1) {
			occs = append(occs, occ{lo: loc[0], hi: loc[1], typ: w})
		}
	}
	sort.Slice(occs, func(i, j int) bool {
		return occs[i].lo < occs[j].lo || occs[i].lo == occs[j].lo && occs[i].hi > occs[j].hi
	})
	// A type's words inside another's ("desk" in "desk lamp") are not an
	// occurrence of their own.
	var outer []occ
	for _, o := range occs {
		if n := len(outer); n > 0 && o.lo < outer[n-1].hi {
			continue
		}
		outer = append(outer, o)
	}
	occs = outer
	// Mark tokens, each bound to one occurrence.
	var colours []string
	for _, c := range render.Palette {
		colours = append(colours, c.Name)
	}
	reMark := regexp.MustCompile(`\b(` + strings.Join(colours, "|") + `)(-dotted)?\b|\b(mark|badge|marked) (\d+)( \(the)?`)
	for _, m := range reMark.FindAllStringSubmatchIndex(text, -1) {
		mark, forward := "", false
		if m[2] >= 0 {
			mark, forward = text[m[2]:m[3]], m[4] >= 0
		} else {
			mark, forward = "#"+text[m[8]:m[9]], m[10] >= 0 && text[m[6]:m[7]] == "mark"
		}
		bound := -1
		for i, o := range occs {
			if forward && o.lo >= m[1] && o.lo-m[1] <= 6 {
				bound = i
				break
			}
			if !forward && o.hi <= m[0] && m[0]-o.hi <= 18 {
				bound = i // the last type words before the mark
			}
		}
		if bound < 0 || occs[bound].mark != "" {
			t.Fatalf("%q: mark %q at %d belongs to no object", text, mark, m[0])
		}
		occs[bound].mark = mark
	}
	for _, o := range occs {
		if o.mark == "" {
			if len(byType[o.typ]) != 1 {
				t.Fatalf("%q: %s named without a mark, but %d mentioned objects have that type", text, o.typ, len(byType[o.typ]))
			}
			o.mark = markOf(byType[o.typ][0])
		}
		e.objects = append(e.objects, o.typ+"/"+o.mark)
	}
	for _, m := range reNumUnit.FindAllStringSubmatch(text, -1) {
		if m[3] != "" {
			e.numbers = append(e.numbers, m[3]+"%")
			continue
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		switch m[2] {
		case "cm", "centimetres":
			e.numbers = append(e.numbers, fmt.Sprintf("%.2f m", x/100))
		case "m", "metres":
			e.numbers = append(e.numbers, fmt.Sprintf("%.2f m", x))
		default:
			e.numbers = append(e.numbers, fmt.Sprintf("%g%%", x))
		}
	}
	for _, m := range reDir.FindAllStringSubmatch(text, -1) {
		for i, p := range dirPhrase {
			if m[i+1] != "" {
				e.directions = append(e.directions, p.dir)
				break
			}
		}
	}
	sort.Strings(e.objects)
	sort.Strings(e.numbers)
	sort.Strings(e.directions)
	return e
}

func markOf(r ObjectRef) string {
	if r.Mark > 0 {
		return "#" + strconv.Itoa(r.Mark)
	}
	return r.DotColor
}

func sameEntities(a, b entities) bool {
	return slices.Equal(a.objects, b.objects) && slices.Equal(a.numbers, b.numbers) && slices.Equal(a.directions, b.directions)
}

// testRefs returns a mover and seven other objects: two mugs (so "the
// marked mug" must not be used), a TV stand (capital words) and others,
// with distinct dot colours, or badge numbers when badges is set.
func testRefs(badges bool) (ObjectRef, []ObjectRef) {
	types := []string{"Mug", "Mug", "TVStand", "Chair", "GarbageCan", "CellPhone", "Bowl", "SideTable"}
	colours := []string{"red", "blue", "green", "yellow", "purple", "orange", "cyan", "lime"}
	var refs []ObjectRef
	for i, ty := range types {
		r := ObjectRef{ObjectID: fmt.Sprintf("%s|%d", ty, i), ObjectType: ty, DotColor: colours[i]}
		if badges {
			r.DotColor, r.Mark = "", (i*3)%8+1
		}
		refs = append(refs, r)
	}
	return refs[2], append(append([]ObjectRef{}, refs[:2]...), refs[3:]...)
}

// testRefSet is one mover with the other objects of a test.
type testRefSet struct {
	mover  ObjectRef
	others []ObjectRef
}

// testRefSets are testRefs with dots and with badges, each with the TV
// stand as the mover and with boots (a plural name) as the mover.
func testRefSets() []testRefSet {
	var out []testRefSet
	for _, badges := range []bool{false, true} {
		for _, typ := range []string{"TVStand", "Boots"} {
			mover, others := testRefs(badges)
			mover.ObjectType, mover.ObjectID = typ, typ+"|2"
			out = append(out, testRefSet{mover, others})
		}
	}
	return out
}

// grammarSets are the template sets of a category: its moving stems and,
// where it has them, its static ones.
func grammarSets(cat Category) [][]string {
	sets := questionFamilies(cat)
	if ts, ok := staticQuestionTemplates[cat]; ok {
		sets = append(sets, ts)
	}
	return sets
}

// canonicalStem writes template 0 of one of the families fams (drawn from
// rng) with canonical slot values, its verbs agreeing with the mover.
func canonicalStem(t *testing.T, fams [][]string, mover ObjectRef, others []ObjectRef, rng *rand.Rand) string {
	t.Helper()
	metresOf := func() string { return metres(float64(5+rng.IntN(300)) / 100) }
	dirs := []Direction{Left, Right, Forward, Back}
	vals := map[string]string{
		"A": mover.Name(), "B": others[0].Name(), "L": others[1].Name(),
		"len": metresOf(), "cm": fmt.Sprintf("%d cm", 10+rng.IntN(30)), "pct": fmt.Sprintf("%d%%", 10+rng.IntN(60)),
		"side": []string{"to the left of", "to the right of"}[rng.IntN(2)],
	}
	names := make([]string, 0, 6)
	for _, r := range others[:6] {
		names = append(names, r.Name())
	}
	vals["list"] = joinList(names)
	switch rng.IntN(3) {
	case 0:
		vals["probe"] = metresOf() + " straight down"
	case 1:
		d1, d2 := dirs[rng.IntN(2)], dirs[2+rng.IntN(2)]
		vals["probe"] = fmt.Sprintf("%s %s and %s %s at the same time, along one straight diagonal line,",
			metresOf(), probeWords(d1), metresOf(), probeWords(d2))
	default:
		vals["probe"] = metresOf() + " " + probeWords(dirs[rng.IntN(4)])
	}
	ts := fams[rng.IntN(len(fams))]
	return reSlot.ReplaceAllStringFunc(agreeText(ts[0], mover.Plural()), func(p string) string { return vals[p[1:len(p)-1]] })
}

// TestParaphraseGrammarShape: at least eight templates per question
// category and motion form, each keeping exactly the canonical template's
// slots, no duplicates.
func TestParaphraseGrammarShape(t *testing.T) {
	slots := func(s string) []string {
		var out []string
		for _, m := range reSlot.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
		sort.Strings(out)
		return out
	}
	check := func(name string, ts []string) {
		if len(ts) < 8 {
			t.Errorf("%s: %d templates, want at least 8", name, len(ts))
		}
		seen := map[string]bool{}
		for _, s := range ts {
			if seen[s] {
				t.Errorf("%s: duplicate template %q", name, s)
			}
			seen[s] = true
			if !slices.Equal(slots(s), slots(ts[0])) {
				t.Errorf("%s: template %q has slots %v, the canonical one %v", name, s, slots(s), slots(ts[0]))
			}
		}
	}
	for _, cat := range AllCategories() {
		for f, ts := range questionFamilies(cat) {
			check(fmt.Sprintf("question/%s/%d", cat, f), ts)
		}
	}
	// Feasibility's families: every "further" template words the probe as
	// more of the same move, no "then" template does.
	for f, ts := range questionFamilies(Feasibility) {
		for _, s := range ts {
			if saysFurther(s) != (f == 0) {
				t.Errorf("feasibility family %d: %q", f, s)
			}
		}
	}
	check("motion/move", moveTemplates)
	check("motion/stay", stayTemplates)
	check("lead/moving", movingLeads)
	check("lead/static", staticLeads)
}

// TestParaphraseVariantsParseBack writes every template of every category
// in every surface form of every slot kind (dots and badges) and parses it
// back with the independent parser: the same objects with the same marks,
// numbers with units and directions as the canonical stem.
func TestParaphraseVariantsParseBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, set := range testRefSets() {
		mover, others := set.mover, set.others
		ex := &Example{Mover: mover, Referenced: others}
		refs := append([]ObjectRef{mover}, others...)
		for _, cat := range AllCategories() {
			for _, ts := range grammarSets(cat) {
				for rep := 0; rep < 6; rep++ {
					stem := canonicalStem(t, [][]string{ts}, mover, others, rng)
					want := entitiesOf(t, stem, refs)
					for k := range ts {
						for f := 0; f < nameForms; f++ {
							ph := phrasing{name: f, unit: (f + k) % unitForms, dir: (f + rep) % dirForms, side: f % sideForms,
								pct: (f + k) % pctForms, probe: (f + rep + k) % probeForms}
							got, ok := newPhraser(ex, ph).question(ts, stem, k)
							if !ok {
								t.Fatalf("%s: canonical stem %q not read", cat, stem)
							}
							if e := entitiesOf(t, got, refs); !sameEntities(e, want) {
								t.Fatalf("%s template %d (%v):\n  %q\n  %v\nparses differently from\n  %q\n  %v", cat, k, ph, got, e, stem, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestParaphraseFeasibilityWordings: both feasibility stems, "a further"
// (a probe continuing the setup move) and "then be moved" (any other), are
// read back in every probe shape; every template and form of a stem stays
// in its family (more of the same move only for "a further") and keeps the
// stem's objects, numbers and directions; a stem in neither family is not
// recognised.
func TestParaphraseFeasibilityWordings(t *testing.T) {
	for _, badges := range []bool{false, true} {
		mover, others := testRefs(badges)
		ex := &Example{Mover: mover, Referenced: others}
		refs := append([]ObjectRef{mover}, others...)
		for _, p := range []probe{
			{kind: ProbeSingle, dir: Left, length: 0.5}, {kind: ProbeSingle, dir: Forward, length: 1.25},
			{kind: ProbeCompound, dir: Right, length: 0.75, dir2: Back, length2: 0.4}, {kind: ProbeDown, length: 0.6},
		} {
			for _, rel := range []string{RelSame, RelOrthogonal} {
				stem := feasStem(mover.Name(), p, rel)
				want := entitiesOf(t, stem, refs)
				for k := range questionTemplates[Feasibility] {
					for f := 0; f < max(nameForms, unitForms, dirForms, probeForms); f++ {
						ph := phrasing{name: f % nameForms, unit: f % unitForms, dir: (f + k) % dirForms, probe: f % probeForms}
						got, ok := newPhraser(ex, ph).questionIn(questionFamilies(Feasibility), stem, k)
						if !ok {
							t.Fatalf("%q not read", stem)
						}
						if saysFurther(got) != (rel == RelSame) {
							t.Fatalf("%q rewritten as %q: the wrong family", stem, got)
						}
						if e := entitiesOf(t, got, refs); !sameEntities(e, want) {
							t.Fatalf("%q rewritten as %q: %v, want %v", stem, got, e, want)
						}
					}
				}
			}
		}
		bad := "could " + mover.Name() + " be moved 0.50 m to the left without colliding with anything?"
		if got, ok := newPhraser(ex, phrasing{}).questionIn(questionFamilies(Feasibility), bad, 1); ok {
			t.Errorf("%q read as a feasibility stem: %q", bad, got)
		}
	}
}

// TestParaphraseMotionVariants does the same for every motion template
// and form: one or two components, with and without settling, and staying.
func TestParaphraseMotionVariants(t *testing.T) {
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	for _, set := range testRefSets() {
		mover, others := set.mover, set.others
		ex := &Example{Mover: mover, Referenced: others}
		refs := append([]ObjectRef{mover}, others...)
		for _, c := range []struct {
			d       sim.Vec3
			settled bool
		}{
			{sim.Vec3{0.354, 0, 0.01}, false}, {sim.Vec3{-0.2, 0, -0.456}, false}, {sim.Vec3{0.019, 0, 0.5}, false},
			{sim.Vec3{0.3, -0.44, 0}, true}, {sim.Vec3{-1.25, -0.3, 0.75}, true}, {sim.Vec3{0.01, 0, 0}, false},
			{sim.Vec3{0, -0.2, 0}, true},
		} {
			canon := MotionText(mover, cam, c.d, c.settled)
			want := entitiesOf(t, canon, refs)
			forms := moveTemplates
			if strings.Contains(canon, "stays") {
				forms = stayTemplates
			}
			for k := range forms {
				for s := range settleTemplates {
					for f := 0; f < max(nameForms, unitForms, dirForms); f++ {
						ph := phrasing{name: f % nameForms, unit: f % unitForms, dir: (f + s) % dirForms}
						got, ok := newPhraser(ex, ph).motion(canon, k, k%len(stayTemplates), s)
						if !ok {
							t.Fatalf("motion text %q not read", canon)
						}
						if e := entitiesOf(t, got, refs); !sameEntities(e, want) {
							t.Fatalf("motion template %d settle %d (%v):\n  %q\n  %v\nparses differently from\n  %q\n  %v", k, s, ph, got, e, canon, want)
						}
						if got[0] < 'A' || got[0] > 'Z' || !strings.HasSuffix(got, ".") {
							t.Fatalf("motion text %q is not one capitalised sentence", got)
						}
					}
				}
			}
		}
	}
}

// templateMarker is the literal text of a template before its first slot,
// or, when it starts with a slot, between its first two slots.
func templateMarker(tmpl string) string {
	lits := reSlot.Split(tmpl, -1)
	if lits[0] != "" || len(lits) < 2 {
		return lits[0]
	}
	return lits[1]
}

// TestParaphraseDeterministicAndVaried: Paraphrase is a function of the
// example (its seed); over many seeds every template and form is used, and
// choices, answers and the rest of the example never change.
func TestParaphraseDeterministicAndVaried(t *testing.T) {
	mover, others := testRefs(false)
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	rng := rand.New(rand.NewPCG(9, 9))
	for _, cat := range AllCategories() {
		used := map[string]bool{}
		sts, sleads := staticTemplates(cat)
		for seed := uint64(0); seed < 400; seed++ {
			stem := canonicalStem(t, questionFamilies(cat), mover, others, rng)
			ex := Example{CategoryName: cat.String(), Seed: seed, Mover: mover, Referenced: others,
				Choices: []string{"yes", "no"}, Answer: "B"}
			ex.MotionText = MotionText(mover, cam, sim.Vec3{0.3, -0.1, 0.4}, true)
			ex.Question = "After the move, " + stem + "\n" + formatChoices(ex.Choices)
			ex.StaticQuestion = "In this image, " + canonicalStem(t, sts, mover, others, rng) + "\n" + formatChoices(ex.Choices)
			ex.Reasoning = ex.MotionText + " So the answer is B."
			a, b := ex, ex
			if !Paraphrase(&a) || !Paraphrase(&b) {
				t.Fatalf("%s: stem %q not recognised", cat, stem)
			}
			if a.Question != b.Question || a.MotionText != b.MotionText || a.StaticQuestion != b.StaticQuestion {
				t.Fatalf("%s seed %d: two runs differ", cat, seed)
			}
			if !strings.HasSuffix(a.Question, "\nA. yes\nB. no") || !strings.HasSuffix(a.StaticQuestion, "\nA. yes\nB. no") ||
				a.Answer != "B" || !slices.Equal(a.Choices, ex.Choices) {
				t.Fatalf("%s seed %d: choices or answer changed: %q", cat, seed, a.Question)
			}
			if a.Reasoning != a.MotionText+" So the answer is B." {
				t.Fatalf("%s seed %d: reasoning %q does not carry the new motion text", cat, seed, a.Reasoning)
			}
			qs := strings.SplitN(a.Question, "\n", 2)[0]
			ss := strings.SplitN(a.StaticQuestion, "\n", 2)[0]
			for f, ts := range questionFamilies(cat) {
				for k, tmpl := range ts {
					// The stem after the lead-in starts with the template's first literal words.
					head := strings.SplitN(agreeText(tmpl, false), "{", 2)[0]
					if head != "" && strings.Contains(qs, ", "+head) {
						used[fmt.Sprint("q", f, "/", k)] = true
					}
				}
			}
			for f, ts := range sts {
				for k, tmpl := range ts {
					if strings.Contains(ss, templateMarker(agreeText(tmpl, false))) {
						used[fmt.Sprint("s", f, "/", k)] = true
					}
				}
			}
			used["m:"+strings.SplitN(a.MotionText, " ", 2)[0]] = true
			used["lead:"+strings.SplitN(qs, ",", 2)[0]] = true
			if !slices.ContainsFunc(sleads, func(l string) bool { return strings.HasPrefix(a.StaticQuestion, l) }) {
				t.Fatalf("%s seed %d: static question %q has none of its category's lead-ins", cat, seed, a.StaticQuestion)
			}
		}
		for f, ts := range questionFamilies(cat) {
			for k, tmpl := range ts {
				if strings.HasPrefix(tmpl, "{") {
					continue // starts with the mover: not identifiable by its head
				}
				if !used[fmt.Sprint("q", f, "/", k)] {
					t.Errorf("%s: template %d of family %d never chosen in 400 seeds", cat, k, f)
				}
			}
		}
		for f, ts := range sts {
			for k := range ts {
				if !used[fmt.Sprint("s", f, "/", k)] {
					t.Errorf("%s: static template %d of family %d never chosen in 400 seeds", cat, k, f)
				}
			}
		}
		leads := 0
		for k := range used {
			if strings.HasPrefix(k, "lead:") {
				leads++
			}
		}
		if leads < len(movingLeads) {
			t.Errorf("%s: only %d lead-ins used in 400 seeds", cat, leads)
		}
	}
}

// TestParaphrasePlannedExamples paraphrases the examples of two generated
// houses: every category's canonical stem is recognised, and the question,
// static question and motion text parse back to the canonical entities.
func TestParaphrasePlannedExamples(t *testing.T) {
	cats := map[string]int{}
	exs, _ := plannedFixture()
	for _, ex := range exs {
		p := ex
		if !Paraphrase(&p) {
			t.Fatalf("%s: canonical question %q not recognised", ex.ID, ex.Question)
		}
		cats[ex.CategoryName]++
		refs := append([]ObjectRef{ex.Mover}, ex.Referenced...)
		for _, pair := range [][2]string{{ex.Question, p.Question}, {ex.StaticQuestion, p.StaticQuestion}, {ex.MotionText, p.MotionText}} {
			if a, b := entitiesOf(t, pair[0], refs), entitiesOf(t, pair[1], refs); !sameEntities(a, b) {
				t.Errorf("%s:\n  %q\n  %v\nparses differently from\n  %q\n  %v", ex.ID, pair[1], b, pair[0], a)
			}
		}
		if p.Answer != ex.Answer || !slices.Equal(p.Choices, ex.Choices) || p.BeforeAnswer != ex.BeforeAnswer {
			t.Errorf("%s: answer or choices changed", ex.ID)
		}
	}
	if len(cats) < 6 {
		t.Errorf("only categories %v in two houses", cats)
	}
	t.Logf("paraphrased examples per category: %v", cats)
}

// TestUnmarkNames removes the mark from every name form, with dots and
// badges, at the start of a sentence and inside one.
func TestUnmarkNames(t *testing.T) {
	for _, set := range testRefSets() {
		mover, others := set.mover, set.others
		for _, r := range append([]ObjectRef{mover}, others...) {
			for k := 0; k < nameForms; k++ {
				name := refName(r, k, true)
				want := "the " + DisplayName(r.ObjectType)
				if got := UnmarkNames("is " + name + " near it?"); got != "is "+want+" near it?" {
					t.Errorf("form %d: %q unmarked to %q", k, name, got)
				}
				if got := UnmarkNames(capitalise(name) + " moves."); got != capitalise(want)+" moves." {
					t.Errorf("form %d: %q unmarked to %q", k, capitalise(name), got)
				}
			}
		}
	}
	// Whole questions in every template and name form lose every mark and
	// keep every object and number.
	rng := rand.New(rand.NewPCG(5, 6))
	reLeft := regexp.MustCompile(`\bdot\b|dotted|\bmarked\b|badge|\bmark \d|\(mark`)
	for _, set := range testRefSets() {
		mover, others := set.mover, set.others
		ex := &Example{Mover: mover, Referenced: others}
		for _, cat := range AllCategories() {
			for _, ts := range grammarSets(cat) {
				stem := canonicalStem(t, [][]string{ts}, mover, others, rng)
				for k := range ts {
					for f := 0; f < nameForms; f++ {
						q, _ := newPhraser(ex, phrasing{name: f}).question(ts, stem, k)
						got := UnmarkNames(q)
						if reLeft.MatchString(got) || reNumUnit.FindAllString(got, -1) == nil && strings.Contains(q, " m ") {
							t.Fatalf("%s template %d form %d: %q unmarked to %q", cat, k, f, q, got)
						}
						for _, r := range append([]ObjectRef{mover}, others...) {
							if w := DisplayName(r.ObjectType); strings.Contains(q, w) && !strings.Contains(got, "the "+w) {
								t.Fatalf("%s template %d form %d: %q lost %q: %q", cat, k, f, q, w, got)
							}
						}
					}
				}
			}
		}
	}
	if got := UnmarkNames("Move the mug (light blue dot) 0.50 m left."); got != "Move the mug 0.50 m left." {
		t.Errorf("older colour names: %q", got)
	}
}

// TestReadEntitiesAgreesWithTestParser cross-checks the production reader
// (KeepsEntities, used on model rewrites) with this file's parser over every
// template and form, and checks that it rejects rewrites that drop or change
// a number, a mark or a direction.
func TestReadEntitiesAgreesWithTestParser(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, set := range testRefSets() {
		mover, others := set.mover, set.others
		ex := &Example{Mover: mover, Referenced: others}
		refs := append([]ObjectRef{mover}, others...)
		for _, cat := range AllCategories() {
			for _, ts := range grammarSets(cat) {
				stem := canonicalStem(t, [][]string{ts}, mover, others, rng)
				for k := range ts {
					f := k % nameForms
					q, _ := newPhraser(ex, phrasing{name: f, unit: k % unitForms, dir: k % dirForms, side: k % sideForms}).question(ts, stem, k)
					got, err := ReadEntities(q, refs)
					want := entitiesOf(t, q, refs)
					if err != nil || !slices.Equal(got.Objects, want.objects) || !slices.Equal(got.Numbers, want.numbers) || !slices.Equal(got.Directions, want.directions) {
						t.Fatalf("%q: ReadEntities %+v (%v), test parser %v", q, got, err, want)
					}
					if !KeepsEntities(stem, q, refs) {
						t.Fatalf("%s template %d: %q does not keep the entities of %q", cat, k, q, stem)
					}
				}
			}
		}
	}
	mover, others := testRefs(false)
	refs := append([]ObjectRef{mover}, others...)
	text := "is the TV stand (green dot) within 0.45 m of the centre of the chair (yellow dot), to the left?"
	for _, bad := range []string{
		"is the TV stand (green dot) within 0.46 m of the centre of the chair (yellow dot), to the left?",
		"is the TV stand (green dot) within 45 mm of the centre of the chair (yellow dot), to the left?",
		"is the TV stand (blue dot) within 0.45 m of the centre of the chair (yellow dot), to the left?",
		"is the TV stand within 0.45 m of the centre of the chair, to the left?",
		"is the TV stand (green dot) within 0.45 m of the centre of the chair (yellow dot), to the right?",
		"is the TV stand (green dot) near the chair (yellow dot), to the left?",
		"is the marked mug within 0.45 m of the centre of the chair (yellow dot), to the left?",
	} {
		if KeepsEntities(text, bad, refs) {
			t.Errorf("%q accepted as a rewrite of %q", bad, text)
		}
	}
	if !KeepsEntities(text, "To the left: is the centre of the marked chair within 45 cm of the green-dotted TV stand?", refs) {
		t.Error("a faithful rewrite was rejected")
	}
	// One type's words inside another's: "desk" in "desk lamp".
	desks := []ObjectRef{{ObjectID: "DeskLamp|1", ObjectType: "DeskLamp", DotColor: "purple"}, {ObjectID: "Desk|2", ObjectType: "Desk", DotColor: "red"}}
	q := "A. the desk lamp (purple dot)\nB. the desk (red dot)"
	got, err := ReadEntities(q, desks)
	if want := []string{"desk lamp/purple", "desk/red"}; err != nil || !slices.Equal(got.Objects, want) {
		t.Errorf("%q: ReadEntities %v (%v), want objects %v", q, got.Objects, err, want)
	}
	if w := entitiesOf(t, q, desks).objects; !slices.Equal(w, got.Objects) {
		t.Errorf("%q: test parser %v, ReadEntities %v", q, w, got.Objects)
	}
}
