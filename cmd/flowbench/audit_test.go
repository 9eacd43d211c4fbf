package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/score"
)

// The audit of the tiny reference dataset agrees with the rows read back
// independently: questions per category, the before-answer baseline and
// the largest answer-letter share; and its dots keep the dot rules.
func TestAuditMatchesRowsReadBack(t *testing.T) {
	referenceRun(t)
	out, code := genCLI(t, "audit", "--json", generateOnce.dir)
	if code != 0 {
		t.Fatalf("audit: code %d\n%s", code, out)
	}
	var reps []score.AuditReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("audit --json: %v\n%s", err, out)
	}
	if len(reps) != 1 || reps[0].Split != "train" {
		t.Fatalf("want one train report, got %d", len(reps))
	}
	ds, err := export.Open(generateOnce.dir)
	if err != nil {
		t.Fatal(err)
	}
	count, same := map[string]int{}, map[string]int{}
	letters := map[string]map[byte]int{}
	total := 0
	for q, err := range ds.Questions("train") {
		if err != nil {
			t.Fatal(err)
		}
		total++
		count[q.Category]++
		if q.BeforeAnswer == q.Answer {
			same[q.Category]++
		}
		if letters[q.Category] == nil {
			letters[q.Category] = map[byte]int{}
		}
		letters[q.Category][q.Answer[0]]++
	}
	rep := reps[0]
	if rep.Questions != total || total == 0 || len(rep.Categories) != len(count) {
		t.Fatalf("audit %d questions in %d categories, rows %d in %d", rep.Questions, len(rep.Categories), total, len(count))
	}
	for _, c := range rep.Categories {
		n := count[c.Category]
		if c.Questions != n {
			t.Errorf("%s: audit %d questions, rows %d", c.Category, c.Questions, n)
		}
		if want := float64(same[c.Category]) / float64(n); c.Baselines["before_answer"] != want {
			t.Errorf("%s: before baseline %g, rows give %g", c.Category, c.Baselines["before_answer"], want)
		}
		if c.Category == "closest_three" {
			continue // three letters per answer
		}
		top := 0
		for _, k := range letters[c.Category] {
			top = max(top, k)
		}
		if want := float64(top) / float64(n); c.MaxLetterShare != want {
			t.Errorf("%s: max letter share %g, rows give %g", c.Category, c.MaxLetterShare, want)
		}
	}
	// The generator keeps the dot rules, read back from the images.
	if d := rep.Dots; d == nil || d.Measured != total || d.I0Dots == 0 || d.ClosePairs != 0 ||
		d.I0Covering != 0 || d.I1Covering != 0 || d.ShiftedCarried != 0 {
		t.Errorf("dot audit %+v: want every question measured, no close colours, no dot over a fifth of its object, no static dot moved that could stay", d)
	}
	text, code := genCLI(t, "audit", "--split", "train", generateOnce.dir)
	if code != 0 || !strings.Contains(text, "text tree") || !strings.Contains(text, "under margin") || !strings.Contains(text, "colour pairs under CIEDE2000 25") {
		t.Errorf("audit table: code %d\n%s", code, text)
	}
}

func TestAuditBadInput(t *testing.T) {
	referenceRun(t)
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"audit"}, "want exactly one dataset (a directory or URL), got 0 arguments", 2},
		{[]string{"audit", t.TempDir()}, "is not a dataset", 1},
		{[]string{"audit", "--split", "val", generateOnce.dir}, `no split "val"`, 1},
		{[]string{"audit", "--fit", "val", generateOnce.dir}, `--fit: ` + generateOnce.dir + ` has no split "val"`, 1},
		{[]string{"audit", "--split", "train", "--fit", "train", generateOnce.dir}, "split train and fit split train share", 1},
		{[]string{"audit", "--fit", "train", "--fit-dir", generateOnce.dir, generateOnce.dir}, "split train and fit split train share", 1},
		{[]string{"audit", "--fit-dir", generateOnce.dir, generateOnce.dir}, "--fit-dir needs --fit", 2},
		{[]string{"audit", "--physics", "--fit", "train", generateOnce.dir}, "do not apply to --physics", 2},
	} {
		out, code := genCLI(t, c.args...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%v: code %d, want %d and %q\n%s", c.args, code, c.code, c.want, out)
		}
	}
}

// renameHouses rewrites every questions shard of a split with "copy-"
// before each house id (keeping the footer keys a reader checks), so the
// copy shares no house name with the original; its house records (the
// annotations' objects) stay the same.
func renameHouses(t *testing.T, dir, split string) {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rows []export.QuestionRow
	for q, err := range ds.Questions(split) {
		if err != nil {
			t.Fatal(err)
		}
		q.HouseID = "copy-" + q.HouseID
		rows = append(rows, q)
	}
	for _, shard := range ds.Shards(split, export.QuestionsTable) {
		m, err := readStagedMeta(shard)
		if err != nil {
			t.Fatal(err)
		}
		w, err := export.NewShardWriter(shard, export.QuestionsTable, export.ShardOptions{Metadata: keptFooterKeys(t, shard)})
		if err != nil {
			t.Fatal(err)
		}
		start := -1
		for i, q := range rows {
			if q.ID == m.firstID {
				start = i
			}
		}
		if start < 0 || start+m.rows > len(rows) || rows[start+m.rows-1].ID != m.lastID {
			t.Fatalf("%s: rows %s..%s (%d) not found in order", shard, m.firstID, m.lastID, m.rows)
		}
		for _, q := range rows[start : start+m.rows] {
			if err := w.WriteQuestion(q); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// --fit with --fit-dir fits the trained baselines on a split of another
// dataset: here the same questions under other house ids, so the majority
// value of a yes/no category is right on exactly the share of its most
// frequent answer. The copy is questions-only (its annotations removed):
// it stores no house records, so houses are compared by name
// (TestAuditFitComparesHouseContents compares them by content).
func TestAuditFitOtherDir(t *testing.T) {
	referenceRun(t)
	copyDir := copyReference(t)
	renameHouses(t, copyDir, "train")
	makeQuestionsOnly(t, copyDir, "train")
	out, code := genCLI(t, "audit", "--json", "--fit", "train", "--fit-dir", copyDir, generateOnce.dir)
	if code != 0 {
		t.Fatalf("audit --fit: code %d\n%s", code, out)
	}
	var reps []score.AuditReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("audit --json: %v\n%s", err, out)
	}
	rep := reps[0]
	if len(reps) != 1 || rep.FitSplit != "train" || rep.FitQuestions != rep.Questions || rep.FitHouses != rep.Houses {
		t.Fatalf("fit split %q of %d questions and %d houses, audited %d questions and %d houses", rep.FitSplit, rep.FitQuestions, rep.FitHouses, rep.Questions, rep.Houses)
	}
	yesNo := 0
	for _, c := range rep.Categories {
		if _, ok := c.Values["yes"]; !ok || c.Chance != 0.5 {
			continue
		}
		yesNo++
		// With as many yes as no answers the value prior ties and the
		// baseline answers by the letter prior, which may beat either share.
		if got := c.Baselines[score.BaselineMajorityValue]; got != c.MaxValueShare && c.Values["yes"] != c.Values["no"] {
			t.Errorf("%s: majority value %g fitted on the same answers, want the largest value share %g", c.Category, got, c.MaxValueShare)
		}
		for _, b := range []string{score.BaselineTextLogReg, score.BaselineTypePrior} {
			if _, ok := c.Baselines[b]; !ok {
				t.Errorf("%s: no %s", c.Category, b)
			}
		}
	}
	if yesNo == 0 {
		t.Fatal("no yes/no category in the reference run")
	}
	text, code := genCLI(t, "audit", "--fit", "train", "--fit-dir", copyDir, generateOnce.dir)
	if code != 0 || !strings.Contains(text, "baselines fitted on split train") || !strings.Contains(text, "logreg") {
		t.Errorf("audit --fit table: code %d\n%s", code, text)
	}
}

// makeQuestionsOnly removes a split's annotations shards and records the
// split as questions-only in the manifest.
func makeQuestionsOnly(t *testing.T, dir, split string) {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "data", export.AnnotationsTable, split+"-*.parquet"))
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	mp := filepath.Join(dir, export.ManifestFile)
	raw, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	m["splits"].(map[string]any)[split].(map[string]any)["questions_only"] = true
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mp, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// houseIDs returns the house ids of a dataset split's questions.
func houseIDs(t *testing.T, dir, split string) map[string]bool {
	t.Helper()
	ds, err := export.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for q, err := range ds.Questions(split) {
		if err != nil {
			t.Fatal(err)
		}
		out[q.HouseID] = true
	}
	return out
}

// audit --fit-dir compares houses by content, not by name (issue 54): a
// dataset generated with another seed has houses of the same names but
// other contents and is accepted as the fit split; a copy of the audited
// dataset with its houses renamed holds the same houses and is refused,
// naming the fit house and the audited one.
func TestAuditFitComparesHouseContents(t *testing.T) {
	plainReference(t)
	other := t.TempDir()
	if out, code := genCLI(t, append([]string{"generate"}, plainRun(other, "--seed", "2", "--workers", "1")...)...); code != 0 {
		t.Fatalf("generate --seed 2: code %d\n%s", code, out)
	}
	shared := 0
	mine := houseIDs(t, plainOnce.dir, "train")
	for h := range houseIDs(t, other, "train") {
		if mine[h] {
			shared++
		}
	}
	if shared == 0 {
		t.Fatal("the seed-2 dataset shares no house name with the reference: nothing to show")
	}
	if out, code := genCLI(t, "audit", "--fit", "train", "--fit-dir", other, plainOnce.dir); code != 0 {
		t.Errorf("fit on another seed's dataset (%d house names shared): code %d\n%s", shared, code, out)
	}

	renamed := copyPlainReference(t)
	renameHouses(t, renamed, "train")
	out, code := genCLI(t, "audit", "--fit", "train", "--fit-dir", renamed, plainOnce.dir)
	if code != 1 || !strings.Contains(out, "split train and fit split train share") || !strings.Contains(out, "copy-") {
		t.Errorf("fit on a renamed copy: code %d, want 1 naming the shared houses\n%s", code, out)
	}
}
