package score

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"flowbench/planner"
	"flowbench/render"
)

// yesNoRow builds a yes/no audit row; yesFirst puts "yes" at letter A.
func yesNoRow(id, house, cat, motion, stem string, yes, yesFirst bool) AuditRow {
	choices := []string{"no", "yes"}
	if yesFirst {
		choices = []string{"yes", "no"}
	}
	ans := "A"
	if (choices[0] == "yes") != yes {
		ans = "B"
	}
	return AuditRow{ID: id, HouseID: house, Category: cat, MotionText: motion,
		Question: "After the move, " + stem + "\nA. " + choices[0] + "\nB. " + choices[1],
		Choices:  choices, Answer: ans, Mover: planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "red"},
		Width: 64, Height: 64, Metrics: "{}"}
}

func auditOf(t *testing.T, rows []AuditRow) CategoryAudit {
	t.Helper()
	rep, err := Audit("train", rows, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Categories) != 1 {
		t.Fatalf("%d categories, want 1", len(rep.Categories))
	}
	return rep.Categories[0]
}

// Left/right questions whose answer is "the mover ends on the side it
// moved toward": the side rule and the depth-3 text tree (which needs two
// levels for the motion × relation interaction) both find it; with
// answers drawn independently of the text, neither beats chance by much.
func TestAuditFindsSideRuleAndNotNoise(t *testing.T) {
	for _, shortcut := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(7, 9))
		var rows []AuditRow
		for i := 0; i < 600; i++ {
			movedLeft, asksLeft := rng.IntN(2) == 0, rng.IntN(2) == 0
			dir, rel := "right", "right"
			if movedLeft {
				dir = "left"
			}
			if asksLeft {
				rel = "left"
			}
			yes := movedLeft == asksLeft
			if !shortcut {
				yes = rng.IntN(2) == 0
			}
			motion := fmt.Sprintf("The mug (red dot) moves 0.%d0 m to the %s.", 3+rng.IntN(6), dir)
			stem := fmt.Sprintf("is the mug (red dot) to the %s of the bowl (blue dot) in the image?", rel)
			rows = append(rows, yesNoRow(fmt.Sprintf("h%d/q%d", i/6, i), fmt.Sprintf("h%d", i/6), "left_right", motion, stem, yes, rng.IntN(2) == 0))
		}
		ca := auditOf(t, rows)
		side, tree, lr := ca.Baselines[BaselineSideMoved], ca.Baselines[BaselineTextTree], ca.Baselines[BaselineTextLogReg]
		if shortcut && (side != 1 || tree < 0.99 || lr < 0.99) {
			t.Errorf("shortcut data: side rule %.3f, tree %.3f, logistic regression %.3f; want 1, ≥ 0.99 and ≥ 0.99", side, tree, lr)
		}
		if !shortcut && (math.Abs(side-0.5) > 0.08 || tree > 0.58 || lr > 0.58) {
			t.Errorf("noise data: side rule %.3f, tree %.3f, logistic regression %.3f; want ≈ 0.5", side, tree, lr)
		}
		if math.Abs(ca.Baselines[BaselineMajorityLetter]-0.5) > 0.08 {
			t.Errorf("letters are shuffled, majority letter %.3f", ca.Baselines[BaselineMajorityLetter])
		}
	}
}

// Feasibility probes whose length gives the answer away (yes iff ≤ 0.5 m,
// the measured shortcut) are caught by a stump on the stem's number.
func TestAuditFindsProbeLengthShortcut(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var rows []AuditRow
	for i := 0; i < 300; i++ {
		yes := rng.IntN(2) == 0
		l := []float64{0.4, 0.5}[rng.IntN(2)]
		if !yes {
			l = []float64{1.0, 1.25, 1.5}[rng.IntN(3)]
		}
		stem := fmt.Sprintf("could the mug (red dot) be moved a further %.2f m to the left without colliding with anything?", l)
		rows = append(rows, yesNoRow(fmt.Sprintf("h%d/q%d", i/5, i), fmt.Sprintf("h%d", i/5), "feasibility", "The mug (red dot) moves 0.40 m to the right.", stem, yes, rng.IntN(2) == 0))
	}
	ca := auditOf(t, rows)
	if ca.BestTextOnly != 1 || ca.Baselines[BaselineTextTree] != 1 || ca.Baselines[BaselineTextLogReg] != 1 {
		t.Errorf("best text-only %s %.3f, text tree %.3f, logistic regression %.3f; want 1 (a threshold on the stem's number)",
			ca.BestTextOnlyName, ca.BestTextOnly, ca.Baselines[BaselineTextTree], ca.Baselines[BaselineTextLogReg])
	}
	if ca.QuestionTemplates != 1 || ca.MotionTemplates != 1 {
		t.Errorf("templates %d/%d, want 1/1 (numbers and names normalised)", ca.QuestionTemplates, ca.MotionTemplates)
	}
}

// countRow is a count-near row with answer value n among shuffled 2..5 and
// the given distances after the move.
func countRow(id, house string, n int, rng *rand.Rand, tau float64, after []float64, margin string) AuditRow {
	vals := []string{"2", "3", "4", "5"}
	rng.Shuffle(4, func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	ans := ""
	for i, v := range vals {
		if v == fmt.Sprint(n) {
			ans = string(rune('A' + i))
		}
	}
	cd := map[string]any{}
	for i, d := range after {
		cd[fmt.Sprintf("Obj|%d", i)] = map[string]float64{"before": d, "after": d}
	}
	m := map[string]any{"tau": tau, "centre_distance": cd}
	if margin != "" {
		m["decision_margin"] = json.RawMessage(margin)
	}
	b, _ := json.Marshal(m)
	return AuditRow{ID: id, HouseID: house, Category: "count_near", MotionText: "The mug (red dot) moves 0.50 m to the left.",
		Question: fmt.Sprintf("how many of these six objects have their centre within %.2f m of the centre of the mug (red dot)?\nA. %s\nB. %s\nC. %s\nD. %s", tau, vals[0], vals[1], vals[2], vals[3]),
		Choices:  vals, Answer: ans, Mover: planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "red"},
		Width: 64, Height: 64, Metrics: string(b)}
}

// Answer values: every answer "2" gives a majority-value baseline of 1 and
// a value share of 1, while the shuffled letters stay near 1/4. Margins
// come from the distances (the closest one to τ) unless recorded.
func TestAuditValuesAndMargins(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var rows []AuditRow
	for i := 0; i < 200; i++ {
		after := []float64{0.2, 0.3, 0.9, 1.0, 1.1, 1.2} // τ 0.5: gap 0.2 → fine
		if i%4 == 0 {
			after[1] = 0.47 // 3 cm under τ
		}
		margin := ""
		if i%10 == 1 { // recorded margins take precedence
			margin = `{"kind":"distance","what":"tau","gap":0.06,"relative":0.12}`
		}
		rows = append(rows, countRow(fmt.Sprintf("h%d/q%d", i/4, i), fmt.Sprintf("h%d", i/4), 2, rng, 0.5, after, margin))
	}
	ca := auditOf(t, rows)
	if ca.Baselines[BaselineMajorityValue] != 1 || ca.MaxValueShare != 1 || ca.Values["2"] != 1 {
		t.Errorf("majority value %.3f, value share %.3f", ca.Baselines[BaselineMajorityValue], ca.MaxValueShare)
	}
	if ca.MaxLetterShare > 0.35 {
		t.Errorf("max letter share %.3f for shuffled letters", ca.MaxLetterShare)
	}
	// 50 rows with a 3 cm gap (within 5 cm, under the margin), 20 recorded
	// with a 6 cm gap (under the margin only), 130 fine.
	if ca.MarginMeasured != 200 || ca.MarginRecorded != 20 {
		t.Fatalf("margins measured %d, recorded %d", ca.MarginMeasured, ca.MarginRecorded)
	}
	if ca.Within5cm != 50.0/200 || ca.UnderMargin != 70.0/200 {
		t.Errorf("within 5 cm %.3f (want 0.25), under margin %.3f (want 0.35)", ca.Within5cm, ca.UnderMargin)
	}
	if ca.Thresholds["0.50"] != 1 {
		t.Errorf("thresholds %v", ca.Thresholds)
	}
}

// The trained baselines never see the test house: with two houses in
// different folds, one answering only "yes" and the other only "no", the
// majority value learned on the other house is always wrong.
func TestAuditFoldsAreHouseDisjoint(t *testing.T) {
	a, b := "house-a", ""
	for i := 0; b == ""; i++ {
		if h := fmt.Sprintf("house-%d", i); houseFold(h, 2) != houseFold(a, 2) {
			b = h
		}
	}
	var rows []AuditRow
	for i := 0; i < 40; i++ {
		rows = append(rows, yesNoRow(fmt.Sprintf("%s/q%d", a, i), a, "near_object", "The mug (red dot) moves 0.50 m to the left.", "is it near?", true, i%2 == 0))
		rows = append(rows, yesNoRow(fmt.Sprintf("%s/q%d", b, i), b, "near_object", "The mug (red dot) moves 0.50 m to the left.", "is it near?", false, i%2 == 0))
	}
	ca := auditOf(t, rows)
	if ca.Baselines[BaselineMajorityValue] != 0 || ca.Baselines[BaselineTextTree] > 0.5 {
		t.Errorf("majority value %.3f (want 0), tree %.3f (want ≤ 0.5): a fold saw its test house",
			ca.Baselines[BaselineMajorityValue], ca.Baselines[BaselineTextTree])
	}
}

// The size rule compares m0 pixels with k × the dot's area: at 64 px the
// full dot radius is 3 px (k = 5 needs 141.4 px) and the smallest shrunk
// dot 2.5 px (98.2 px).
func TestAuditSizeRule(t *testing.T) {
	r := yesNoRow("h/q", "h", "near_object", "The mug (red dot) moves 0.50 m to the left.", "is the mug (red dot) near the bowl (blue dot)?", true, true)
	r.Referenced = []planner.ObjectRef{{ObjectID: "Bowl|2", ObjectType: "Bowl", DotColor: "blue"}, {ObjectID: "Cup|3", ObjectType: "Cup", DotColor: "green"}}
	r.Metrics = `{"m0":{"Mug|1":{"pixels":142},"Bowl|2":{"pixels":141},"Cup|3":{"pixels":98}}}`
	ca := auditOf(t, []AuditRow{r})
	if ca.Mentioned != 3 || ca.SmallObjects != 2.0/3 || ca.QuestionsWithSmall != 1 || ca.TinyObjects != 1.0/3 || ca.QuestionsWithTiny != 1 {
		t.Errorf("mentioned %d, small %.2f (q %.2f), tiny %.2f (q %.2f)", ca.Mentioned, ca.SmallObjects, ca.QuestionsWithSmall, ca.TinyObjects, ca.QuestionsWithTiny)
	}
}

func TestAuditRejectsBadRows(t *testing.T) {
	r := yesNoRow("h/q", "h", "near_object", "m", "s?", true, true)
	r.Answer = "C"
	if _, err := Audit("train", []AuditRow{r}, DefaultAuditOptions()); err == nil || !strings.Contains(err.Error(), "h/q") {
		t.Errorf("answer C of two choices: %v", err)
	}
	r.Answer, r.Metrics = "A", "{not json"
	if _, err := Audit("train", []AuditRow{r}, DefaultAuditOptions()); err == nil || !strings.Contains(err.Error(), "metrics") {
		t.Errorf("bad metrics: %v", err)
	}
	opt := DefaultAuditOptions()
	opt.Folds = 1
	if _, err := Audit("train", nil, opt); err == nil || !strings.Contains(err.Error(), "folds") {
		t.Errorf("one fold: %v", err)
	}
}

// The table names every category and the result does not depend on row
// order.
func TestAuditTableAndOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var rows []AuditRow
	for i := 0; i < 60; i++ {
		rows = append(rows, countRow(fmt.Sprintf("h%d/q%d", i/3, i), fmt.Sprintf("h%d", i/3), 2+i%4, rng, 0.8, []float64{0.1, 0.2, 0.5, 1.2, 1.3, 1.4}, ""))
		rows = append(rows, yesNoRow(fmt.Sprintf("h%d/w%d", i/3, i), fmt.Sprintf("h%d", i/3), "contact_wall", "The mug (red dot) moves 0.30 m to the left.", "is it touching a wall?", i%3 > 0, i%2 == 0))
	}
	rep1, err := Audit("train", rows, DefaultAuditOptions())
	if err != nil {
		t.Fatal(err)
	}
	rev := append([]AuditRow(nil), rows...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	rep2, _ := Audit("train", rev, DefaultAuditOptions())
	j1, _ := json.Marshal(rep1)
	j2, _ := json.Marshal(rep2)
	if !bytes.Equal(j1, j2) {
		t.Error("audit depends on row order")
	}
	var b bytes.Buffer
	if err := WriteAuditTable(&b, rep1); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"contact_wall", "count_near", "text tree", "under margin"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	if rep1.Categories[0].Category != "contact_wall" {
		t.Errorf("categories not in method order: %s first", rep1.Categories[0].Category)
	}
}

// Motion texts in the paraphrase grammar's forms parse to the same signed
// components, with centimetres converted.
func TestMotionComponentsPhrasings(t *testing.T) {
	for _, c := range []struct {
		text       string
		right, fwd float64
	}{
		{"The mug (red dot) moves 0.42 m to the left and 0.10 m forward (away from the camera).", -0.42, 0.10},
		{"The microwave (white dot) moves 11 cm to the camera's right.", 0.11, 0},
		{"The microwave with the red dot is moved 50 cm back, toward you.", 0, -0.5},
		{"The chair (blue dot) travels 51 centimetres further from the camera.", 0, 0.51},
		{"Imagine the microwave marked in blue shifted 0.25 metres closer to the camera.", 0, -0.25},
		{"Someone pushes the marked microwave 0.06 metres leftward.", -0.06, 0},
		{"Someone pushes the red-dotted chair 0.36 m leftward and 0.36 m forward, away from you.", -0.36, 0.36},
	} {
		r, f, _ := motionComponents(textToken.FindAllString(strings.ToLower(c.text), -1))
		if math.Abs(r-c.right) > 1e-9 || math.Abs(f-c.fwd) > 1e-9 {
			t.Errorf("%q: right %g forward %g, want %g %g", c.text, r, f, c.right, c.fwd)
		}
	}
}

// Badges are larger marks: at 64 px a full badge has radius 6 (k = 5 needs
// 565.5 px) and the smallest 3 (141.4 px), so 200 px is small for a badge
// but not for a dot.
func TestAuditSizeRuleBadges(t *testing.T) {
	r := yesNoRow("h/q", "h", "near_object", "The mug moves 0.50 m to the left.", "is mug 1 near it?", true, true)
	r.Metrics = `{"m0":{"Mug|1":{"pixels":200}}}`
	for _, c := range []struct {
		style       render.MarkStyle
		small, tiny float64
	}{{render.StyleDots, 0, 0}, {render.StyleBadges, 1, 0}} {
		opt := DefaultAuditOptions()
		opt.MarkStyle = c.style
		rep, err := Audit("train", []AuditRow{r}, opt)
		if err != nil {
			t.Fatal(err)
		}
		if ca := rep.Categories[0]; ca.SmallObjects != c.small || ca.TinyObjects != c.tiny {
			t.Errorf("%v: small %.2f tiny %.2f, want %.2f %.2f", c.style, ca.SmallObjects, ca.TinyObjects, c.small, c.tiny)
		}
	}
}
