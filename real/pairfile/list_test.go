package pairfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/real"
)

// indexLine returns pair folder dir's pair.json as one index line with
// the given id and "dir".
func indexLine(t *testing.T, dir, id, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, PairJSON))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["id"], m["dir"] = id, rel
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(m); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestIndex reads a JSONL index with good lines, a blank line, a line
// that is not JSON, a line over the length bound, a duplicate id and a
// line whose files are broken: ReadIndex hands every line to fn in order,
// the bad ones as *Errors naming the line, and List and Ref.Load agree.
func TestIndex(t *testing.T) {
	root := t.TempDir()
	a, want := writeSynth(t, filepath.Join(root, "pairs"), synthOptions{w: 48, h: 40})
	os.Rename(a, filepath.Join(root, "pairs", "a"))
	b, _ := writeSynth(t, filepath.Join(root, "pairs"), synthOptions{w: 48, h: 40, overlap: true})
	os.Rename(b, filepath.Join(root, "pairs", "b"))
	os.Remove(filepath.Join(root, "pairs", "b", "depth1.npy"))
	lines := []string{
		indexLine(t, filepath.Join(root, "pairs", "a"), "first", "pairs/a"),
		"\n",
		"{not json\n",
		`{"id": "long", "task": "` + strings.Repeat("x", MaxPairJSONBytes) + "\"}\n",
		indexLine(t, filepath.Join(root, "pairs", "a"), "second", filepath.Join(root, "pairs", "a")),
		indexLine(t, filepath.Join(root, "pairs", "a"), "first", "pairs/a"),
		indexLine(t, filepath.Join(root, "pairs", "b"), "broken", "pairs/b"),
		strings.TrimSuffix(indexLine(t, filepath.Join(root, "pairs", "a"), "last", "pairs/a"), "\n"),
	}
	index := filepath.Join(root, "pairs.jsonl")
	if err := os.WriteFile(index, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		id  string
		err string
	}
	want2 := []result{
		{"first", ""},
		{"", "pair line 3: pairs.jsonl:3: invalid character"},
		{"", "pair line 4: pairs.jsonl:4: line is over"},
		{"second", ""},
		{"", `pair first: pairs.jsonl:6 (id): id "first" is also line 1's`},
		{"", "pair broken: depth1.npy (frames[1].depth): missing file"},
		{"last", ""},
	}
	var got []result
	err := ReadIndex(index, func(p *real.Pair, err error) error {
		var r result
		if p != nil {
			r.id = p.ID
			if p.ID == "first" {
				want.ID = "first"
				comparePairs(t, p, want)
			}
		}
		if err != nil {
			r.err = err.Error()
			var pe *Error
			if !errors.As(err, &pe) {
				t.Errorf("%v is not an *Error", err)
			}
		}
		got = append(got, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want2) {
		t.Fatalf("fn saw %d lines: %+v", len(got), got)
	}
	for i := range got {
		if got[i].id != want2[i].id || !strings.HasPrefix(got[i].err, want2[i].err) || (want2[i].err == "") != (got[i].err == "") {
			t.Errorf("line result %d: %+v, want %+v", i, got[i], want2[i])
		}
	}

	refs, err := List(index)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range refs {
		ids = append(ids, r.ID)
		p, err := r.Load()
		var loaded string
		if p != nil {
			loaded = p.ID
		}
		for i, w := range want2 {
			if []int{1, 3, 4, 5, 6, 7, 8}[i] == r.Line {
				if loaded != w.id || (err == nil) != (w.err == "") || (err != nil && !strings.HasPrefix(err.Error(), w.err)) {
					t.Errorf("ref %v: Load %q, %v; want %+v", r, loaded, err, w)
				}
			}
		}
	}
	if strings.Join(ids, ",") != "first,line 3,line 4,second,first,broken,last" {
		t.Errorf("List ids %v", ids)
	}

	stop := errors.New("stop")
	n := 0
	if err := ReadIndex(index, func(*real.Pair, error) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("fn's error: ReadIndex returned %v after %d calls", err, n)
	}
}

// TestListFolders lists a folder of pair folders (sorted, hidden and
// pair.json-less folders left out), a single pair folder, and refuses a
// folder with neither.
func TestListFolders(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"zeta", "alpha", "mid"} {
		p := synthPair(t, synthOptions{w: 32, h: 40})
		p.ID = name
		p.F0.Masks, p.F1.Masks = p.F0.Masks[:1], p.F1.Masks[:1]
		if err := Write(filepath.Join(root, name), p); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(root, ".alpha.tmp-123"), 0o755)
	os.WriteFile(filepath.Join(root, ".alpha.tmp-123", PairJSON), []byte("{}"), 0o644)
	os.MkdirAll(filepath.Join(root, "notes"), 0o755)
	os.WriteFile(filepath.Join(root, "README.md"), []byte("pairs"), 0o644)
	refs, err := List(root)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range refs {
		ids = append(ids, r.ID)
		p, err := r.Load()
		if err != nil || p.ID != r.ID {
			t.Errorf("%v: Load %v, %v", r, p, err)
		}
	}
	if strings.Join(ids, ",") != "alpha,mid,zeta" {
		t.Errorf("ids %v", ids)
	}
	one, err := List(filepath.Join(root, "mid"))
	if err != nil || len(one) != 1 || one[0].ID != "mid" || one[0].Line != 0 {
		t.Errorf("single folder: %+v, %v", one, err)
	}
	if one, err := List(filepath.Join(root, "mid", PairJSON)); err != nil || len(one) != 1 || one[0].ID != "mid" {
		t.Errorf("a pair.json: %+v, %v", one, err)
	}
	if _, err := List(filepath.Join(root, "notes")); err == nil {
		t.Error("a folder without pairs listed")
	}
	if _, err := List(filepath.Join(root, "none")); err == nil {
		t.Error("a missing path listed")
	}
}
