package export

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/planner"
)

func TestManifestAndCard(t *testing.T) {
	dir := t.TempDir()
	const n = 11
	qs, _ := writeSynth(t, dir, n, 16, 8, 4, Options{})
	raw, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.SchemaVersion != SchemaVersion || m.Version != "test" || m.Seeds["train"] != 7 || m.Config["houses"] != 2.0 {
		t.Fatalf("manifest header %+v", m)
	}
	st := m.Splits["train"]
	if st == nil || st.Questions != n || st.Shards != 3 || st.Width != 16 || st.Height != 8 {
		t.Fatalf("split stats %+v", st)
	}
	// Recount independently from the rows that were written.
	cats := map[string]int{}
	answers := map[string]int{}
	letters := map[string]int{}
	houses := map[string]bool{}
	chance := 0.0
	for _, q := range qs {
		cats[q.Category]++
		answers[q.Answer]++
		for _, l := range q.Answer {
			letters[string(l)]++
		}
		houses[q.HouseID] = true
		c, err := planner.ParseCategory(q.Category)
		if err != nil {
			t.Fatal(err)
		}
		chance += c.Chance()
	}
	chance /= n
	if st.Houses != len(houses) || len(st.Categories) != len(cats) {
		t.Fatalf("houses %d categories %d, want %d %d", st.Houses, len(st.Categories), len(houses), len(cats))
	}
	for c, k := range cats {
		cs := st.Categories[c]
		pc, _ := planner.ParseCategory(c)
		if cs == nil || cs.Questions != k || cs.Chance != pc.Chance() || cs.Changed != k {
			t.Errorf("category %s: %+v, want %d questions, chance %v", c, cs, k, pc.Chance())
		}
	}
	for a, k := range answers {
		if st.Answers[a] != k {
			t.Errorf("answer %s: %d, want %d", a, st.Answers[a], k)
		}
	}
	for l, k := range letters {
		if st.Letters[l] != k {
			t.Errorf("letter %s: %d, want %d", l, st.Letters[l], k)
		}
	}
	if math.Abs(st.Chance-chance) > 1e-12 || math.Abs(m.Chance-chance) > 1e-12 {
		t.Errorf("chance %v / %v, want %v", st.Chance, m.Chance, chance)
	}
	if len(m.Schema) != 2 || m.Schema[1].Table != AnnotationsTable {
		t.Fatalf("schema tables %+v", m.Schema)
	}
	for _, ts := range m.Schema {
		for _, c := range ts.Columns {
			if c.Description == "" {
				t.Errorf("%s.%s has no description", ts.Table, c.Name)
			}
			if c.Name == "flow_forward" && (len(c.Shape) != 3 || c.Shape[0] != 8 || c.Shape[1] != 16 || c.Shape[2] != 2) {
				t.Errorf("flow_forward shape %v", c.Shape)
			}
		}
	}

	card, err := os.ReadFile(filepath.Join(dir, CardFile))
	if err != nil {
		t.Fatal(err)
	}
	front, _, ok := strings.Cut(strings.TrimPrefix(string(card), "---\n"), "\n---\n")
	if !strings.HasPrefix(string(card), "---\n") || !ok {
		t.Fatal("card has no YAML front matter")
	}
	wantConfigs := `configs:
- config_name: questions
  default: true
  data_files:
  - split: train
    path: "data/questions/train-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet"
- config_name: annotations
  data_files:
  - split: train
    path: "data/annotations/train-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet"
dataset_info:
`
	if !strings.Contains(front, wantConfigs) {
		t.Fatalf("front matter:\n%s\nwant it to hold:\n%s", front, wantConfigs)
	}
	// Every data_files glob matches the shards of its split and table.
	for _, line := range strings.Split(front, "\n") {
		if p, ok := strings.CutPrefix(line, "    path: "); ok {
			got, _ := filepath.Glob(filepath.Join(dir, strings.Trim(p, `"`)))
			if len(got) != 3 {
				t.Errorf("glob %s matches %d files, want 3", p, len(got))
			}
		}
	}
	if !strings.Contains(string(card), "| train | 11 | 2 | 3 | 16x8 |") {
		t.Errorf("card lacks the split table row:\n%s", card)
	}
}

func TestCardNamesARealShard(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 3, 8, 8, 2, Options{})
	card, _ := os.ReadFile(filepath.Join(dir, CardFile))
	const shard = "data/annotations/train-00000-of-00002.parquet"
	if !strings.Contains(string(card), shard) {
		t.Fatalf("card does not name %s", shard)
	}
	if _, err := os.Stat(filepath.Join(dir, shard)); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, ManifestFile))
	if strings.Contains(string(raw), `\u003c`) {
		t.Error("manifest escapes < as \\u003c")
	}
}
