package pairfile

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"flowbench/real"
)

// TestBoardRoundTrip writes a Language-Table pair with a board observation
// and reads it back unchanged, then checks Read's refusals of a bad
// "board", each naming the field.
func TestBoardRoundTrip(t *testing.T) {
	lt, _ := real.LookupSource(real.LanguageTable)
	p := synthPair(t, synthOptions{w: 48, h: 40, source: lt})
	p.Board = &real.BoardObservation{Corners: [][2]float64{{1, 38}, {47, 38}, {40, 2}, {8, 2}}, Effector0: [2]float64{0.31, -0.12}}
	folder := filepath.Join(t.TempDir(), p.ID)
	if err := Write(folder, p); err != nil {
		t.Fatal(err)
	}
	got, err := Read(folder)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Board, p.Board) {
		t.Fatalf("board read back %+v, wrote %+v", got.Board, p.Board)
	}
	for name, c := range map[string]struct {
		edit  func(m map[string]any)
		field string
	}{
		"another source": {func(m map[string]any) { m["source"] = "bridge_v2" }, "board"},
		"no effector":    {func(m map[string]any) { delete(obj(m, "board"), "effector0") }, "board.effector0"},
		"far effector":   {func(m map[string]any) { obj(m, "board")["effector0"] = []any{1e9, 0} }, "board.effector0"},
		"no setup":       {func(m map[string]any) { delete(obj(m, "board"), "corners") }, "board"},
		"three corners":  {func(m map[string]any) { obj(m, "board")["corners"] = []any{[]any{1, 2}, []any{3, 4}, []any{5, 6}} }, "board.corners"},
		"far corner":     {func(m map[string]any) { obj(m, "board")["corners"].([]any)[0] = []any{1e7, 2} }, "board.corners"},
		"long setup id":  {func(m map[string]any) { obj(m, "board")["setup_id"] = strings.Repeat("s", MaxTaskBytes+1) }, "board.setup_id"},
		"unknown member": {func(m map[string]any) { obj(m, "board")["height"] = 0.5 }, ""}, // the strict decoder names the member, not the field
	} {
		dir := filepath.Join(t.TempDir(), p.ID)
		if err := Write(dir, p); err != nil {
			t.Fatal(err)
		}
		editJSON(t, filepath.Join(dir, PairJSON), func(v any) any { c.edit(v.(map[string]any)); return v })
		_, err := Read(dir)
		var pe *Error
		if err == nil || !asError(err, &pe) || !strings.HasPrefix(pe.Field, c.field) {
			t.Errorf("%s: %v, want a refusal of %s", name, err, c.field)
		}
	}
}
