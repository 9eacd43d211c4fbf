package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

// The hostile-input corpus: testdata/hostile/<kind>/<name>.<ext> holds one
// input and <name>.want the substring its error must contain. Inputs too big
// to commit are written by the tests (bigHostileHouses, bigHostilePredictions).

// hostileCase is one hostile input and the error it must produce.
type hostileCase struct {
	name, path, want string
}

// hostileCorpus lists testdata/hostile/<kind>/*.<ext> with their .want files.
func hostileCorpus(t *testing.T, kind, ext string) []hostileCase {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "hostile", kind)
	files, err := filepath.Glob(filepath.Join(dir, "*."+ext))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("only %d hostile %s in %s", len(files), kind, dir)
	}
	var out []hostileCase
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), "."+ext)
		want, err := os.ReadFile(filepath.Join(dir, name+".want"))
		if err != nil {
			t.Fatalf("%s has no .want file: %v", f, err)
		}
		w := strings.TrimSpace(string(want))
		if w == "" {
			t.Fatalf("%s.want is empty", name)
		}
		out = append(out, hostileCase{name: name, path: f, want: w})
	}
	return out
}

// nestedHouseJSON returns a compact house whose one object has depth-1
// levels of children: the 1.1 MB (about 7,000 levels) and 1.4 MB
// amplifiers.
func nestedHouseJSON(t *testing.T, depth int) []byte {
	t.Helper()
	h := oneRoomHouse(t)
	var chain []sim.HouseObject
	for d := depth; d >= 1; d-- {
		o := sim.HouseObject{AssetID: "Mug_1", ID: fmt.Sprintf("Mug|nest|%d", d), Position: sim.XYZ{X: 2, Y: 1, Z: 2}}
		o.Children = chain
		chain = []sim.HouseObject{o}
	}
	h.Objects = chain
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func oneRoomHouse(t *testing.T) *sim.House {
	t.Helper()
	h, err := sim.ReadHouseFile(oneRoom)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// writeHouse writes h compactly to dir/name.json.
func writeHouse(t *testing.T, dir, name string, h any) string {
	t.Helper()
	var b []byte
	switch v := h.(type) {
	case []byte:
		b = v
	default:
		var err error
		if b, err = json.Marshal(h); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, name+".json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// bigHostileHouses writes the hostile houses too big to commit.
func bigHostileHouses(t *testing.T) []hostileCase {
	t.Helper()
	dir := t.TempDir()
	var out []hostileCase
	add := func(name string, h any, want string) {
		out = append(out, hostileCase{name: name, path: writeHouse(t, dir, name, h), want: want})
	}
	b := nestedHouseJSON(t, 4000)
	add("nested_4000_children", b, "objects and arrays nest deeper than 64 levels")
	if b = nestedHouseJSON(t, 11000); len(b) < 1400<<10 {
		t.Fatalf("the 11000-level house is only %d bytes", len(b))
	}
	add("nested_1_4_MB", b, "objects and arrays nest deeper than 64 levels")

	h := oneRoomHouse(t)
	pts := make([]sim.XYZ, sim.MaxPolygonPoints+1)
	for i := range pts {
		pts[i] = sim.XYZ{X: float64(i%4) + 0.001*float64(i), Z: float64(i % 3)}
	}
	h.Rooms[0].FloorPolygon = pts
	add("floor_201_points", h, fmt.Sprintf("rooms[0].floorPolygon: %d points, more than the limit of %d", sim.MaxPolygonPoints+1, sim.MaxPolygonPoints))

	h = oneRoomHouse(t)
	h.Objects = nil
	for i := 0; i <= sim.MaxHouseObjects; i++ {
		h.Objects = append(h.Objects, sim.HouseObject{AssetID: "Mug_1", ID: fmt.Sprintf("Mug|many|%d", i), Position: sim.XYZ{X: 2, Y: 1, Z: 2}})
	}
	add("objects_2001", h, fmt.Sprintf("objects[%d]: the house has more than %d objects", sim.MaxHouseObjects, sim.MaxHouseObjects))

	big := filepath.Join(dir, "sparse_33_MiB.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(sim.MaxHouseBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out = append(out, hostileCase{name: "sparse_33_MiB", path: big, want: "more than the 33554432-byte limit for a house"})
	out = append(out, hostileCase{name: "dev_zero", path: "/dev/zero", want: "a character device, not a house"})
	return out
}

// allHostileHouses is the committed corpus plus the generated houses.
func allHostileHouses(t *testing.T) []hostileCase {
	return append(hostileCorpus(t, "houses", "json"), bigHostileHouses(t)...)
}

// checkRefused requires exit code 1 and an error naming the input and the
// expected reason, and that out was not created.
func checkRefused(t *testing.T, c hostileCase, code int, stderr, out string) {
	t.Helper()
	if code != exitFailure {
		t.Errorf("%s: exit %d, want %d (bad input); stderr:\n%.2000s", c.name, code, exitFailure, stderr)
	}
	for _, w := range []string{c.path, c.want} {
		if !strings.Contains(stderr, w) {
			t.Errorf("%s: stderr %.2000q lacks %q", c.name, stderr, w)
		}
	}
	if strings.Contains(stderr, "internal error") || strings.Contains(stderr, "goroutine ") {
		t.Errorf("%s: a panic reached the user:\n%.2000s", c.name, stderr)
	}
	if strings.Contains(stderr, "usage error") {
		t.Errorf("%s: bad input called a usage error:\n%.2000s", c.name, stderr)
	}
	if out != "" {
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: %s was written", c.name, out)
		}
	}
}

// TestHostileHousesRender loads every hostile house with "render".
func TestHostileHousesRender(t *testing.T) {
	for _, c := range allHostileHouses(t) {
		out := filepath.Join(t.TempDir(), "out")
		code, _, e := runCmd(t, "render", "--scene", c.path, "--camera", "2,1.5,1,0,0", "--size", "32", "--assets", "none", "--out", out)
		checkRefused(t, c, code, e, out)
	}
}

// TestHostileHousesFlow loads every hostile house with "flow".
func TestHostileHousesFlow(t *testing.T) {
	for _, c := range allHostileHouses(t) {
		out := filepath.Join(t.TempDir(), "out")
		code, _, e := runCmd(t, "flow", "--scene", c.path, "--camera", "2,1.5,1,0,0", "--size", "32", "--assets", "none",
			"--move", "Chair|1|2:0.1,0,0", "--out", out)
		checkRefused(t, c, code, e, out)
	}
}

// TestHostileHousesScene imports every hostile house with "scene --import".
func TestHostileHousesScene(t *testing.T) {
	for _, c := range allHostileHouses(t) {
		out := filepath.Join(t.TempDir(), "house.json")
		code, _, e := runCmd(t, "scene", "--import", c.path, "--out", out)
		checkRefused(t, c, code, e, out)
	}
}

// TestHostileHousesGenerateImport puts each hostile house (a link to it) in
// an --import folder: generate must exit 1 naming the file, before writing.
func TestHostileHousesGenerateImport(t *testing.T) {
	for _, c := range allHostileHouses(t) {
		imp := t.TempDir()
		abs, err := filepath.Abs(c.path)
		if err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(imp, "house.json")
		if err := os.Symlink(abs, link); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "ds")
		code, _, e := runCmd(t, "generate", "--import", imp, "--split", "mine", "--size", "32", "--quiet", "--assets", "none", "--out", out)
		c.path = link // the error names the file as listed in the folder
		checkRefused(t, c, code, e, out)
	}
}

// bigHostilePredictions writes the prediction files too big to commit.
func bigHostilePredictions(t *testing.T) []hostileCase {
	t.Helper()
	p := filepath.Join(t.TempDir(), "long_line.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, `{"id":"test_house/v0/occlusion","response":"`)
	if _, err := io.CopyN(f, strings.NewReader(strings.Repeat("A", 17<<20)), 17<<20); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "\"}\n")
	f.Close()
	return []hostileCase{
		{name: "long_line", path: p, want: ":1: the line is longer than the 16777216-byte limit"},
		{name: "dev_zero", path: "/dev/zero", want: "/dev/zero: a character device, not a predictions file"},
	}
}

// TestHostilePredictionsScore scores every hostile predictions file.
func TestHostilePredictionsScore(t *testing.T) {
	ds := writeTestDataset(t)
	for _, c := range append(hostileCorpus(t, "predictions", "jsonl"), bigHostilePredictions(t)...) {
		out := filepath.Join(t.TempDir(), "report.md")
		code, _, e := runCmd(t, "score", ds, "--split", "test", "--predictions", c.path, "--out", out)
		checkRefused(t, c, code, e, out)
		// The same file as 2A predictions beside good 1A ones.
		good := filepath.Join(t.TempDir(), "good.jsonl")
		os.WriteFile(good, []byte(`{"id":"test_house/v0/occlusion","response":"A"}`+"\n"), 0o644)
		code, _, e = runCmd(t, "score", ds, "--split", "test", "--predictions", good, "--predictions-2a", c.path, "--out", out)
		checkRefused(t, c, code, e, out)
	}
}

// exitCase is a command line and the exit code and message it must give.
type exitCase struct {
	name string
	args []string
	code int
	want string
}

// runExitCases runs each case and checks its exit code and stderr.
func runExitCases(t *testing.T, cases []exitCase) {
	t.Helper()
	for _, c := range cases {
		code, _, e := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(e, c.want) {
			t.Errorf("%s: %v: exit %d (want %d), stderr %.1500q lacks %q", c.name, c.args, code, c.code, e, c.want)
		}
	}
}

// TestHostileFlagsExitCodes checks the small reproductions of the issue and
// the exit-code contract: 1 for bad input, 2 for usage.
func TestHostileFlagsExitCodes(t *testing.T) {
	ds := writeTestDataset(t)
	preds := filepath.Join(t.TempDir(), "p.jsonl")
	os.WriteFile(preds, []byte(`{"id":"test_house/v0/occlusion","response":"A"}`+"\n"), 0o644)
	flowOut := filepath.Join(t.TempDir(), "flow")
	view := []string{"--scene", oneRoom, "--camera", "2,1.576,1.6,0,40", "--size", "32", "--assets", "none"}
	runExitCases(t, []exitCase{
		{"short motion NaN", []string{"score", ds, "--split", "test", "--predictions", preds, "--short-motion", "NaN"}, exitUsage, `invalid value "NaN" for --short-motion: not a number in 0.001..100`},
		{"short motion +Inf", []string{"score", ds, "--split", "test", "--predictions", preds, "--short-motion", "+Inf"}, exitUsage, `invalid value "+Inf" for --short-motion: not a number in 0.001..100`},
		{"short motion negative", []string{"score", ds, "--split", "test", "--predictions", preds, "--short-motion", "-1"}, exitUsage, `invalid value "-1" for --short-motion`},
		{"shuffles 1e6", []string{"score", ds, "--split", "test", "--predictions", preds, "--shuffles", "1000000"}, exitUsage, `invalid value "1000000" for --shuffles: outside 0..1000`},
		{"render size 100000", append([]string{"render", "--out", flowOut}, append(view, "--size", "100000")...), exitUsage, `invalid value "100000" for --size: outside 1..4096`},
		{"render size × aa", append([]string{"render", "--out", flowOut, "--aa", "8"}, append(view, "--size", "2048")...), exitUsage, "the supersampled side 16384 exceeds 8192"},
		{"flow size 5000", append([]string{"flow", "--out", flowOut, "--move", "Chair|1|2:0.1,0,0"}, append(view, "--size", "5000")...), exitUsage, `invalid value "5000" for --size: outside 1..4096`},
		{"flow through the ceiling", append([]string{"flow", "--out", flowOut, "--move", "Chair|1|2:0,5,0"}, view...), exitFailure,
			`--move Chair|1|2:0,5,0: object "Chair|1|2" would reach y`},
		// The table (top 0.678 m) stays below the 2.5 m ceiling; the mug it
		// carries (top 0.782 m) does not.
		{"flow carrying through the ceiling", append([]string{"flow", "--out", flowOut, "--move", "DiningTable|1|0:0,1.75,0"}, view...), exitFailure,
			`object "Mug|surface|1|1" would reach y 2.532 m, through the ceiling at 2.500 m`},
		{"prompts shuffles 1e9", []string{"prompts", ds, "--split", "test", "--shuffles", "1000000000", "--out", filepath.Join(flowOut, "p.jsonl")}, exitUsage, `invalid value "1000000000" for --shuffles: outside 1..1000`},
		{"eval prompts /dev/zero", []string{"eval", "--prompts", "/dev/zero", "--model", "m", "--endpoint", "http://127.0.0.1:1/v1", "--quiet", "--out", filepath.Join(flowOut, "preds.jsonl")},
			exitFailure, "/dev/zero: a character device, not a prompts file"},
		{"asset database /dev/zero", []string{"scene", "--import", oneRoom, "--asset-db", "/dev/zero", "--out", filepath.Join(flowOut, "h.json")}, exitFailure,
			"/dev/zero: a character device, not an asset database"},
		{"unknown command", []string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{"bad flag", []string{"render", "--bogus"}, exitUsage, "unknown flag: --bogus"},
		{"missing scene file", append([]string{"render", "--out", flowOut}, "--scene", "/nonexistent/h.json", "--camera", "2,1.5,1,0,0"), exitFailure, "/nonexistent/h.json"},
	})
	if _, err := os.Stat(flowOut); err == nil {
		t.Errorf("a refused command wrote %s", flowOut)
	}
}

// TestHostileGeneratePaths tries to make generate write or delete outside
// --out: through the split name and through planted symbolic links. Every
// attempt is refused and the victim folder keeps its file.
func TestHostileGeneratePaths(t *testing.T) {
	base := t.TempDir()
	victim := filepath.Join(base, "victim")
	os.MkdirAll(victim, 0o755)
	keep := filepath.Join(victim, "precious.txt")
	os.WriteFile(keep, []byte("keep me"), 0o644)
	imp := filepath.Join(base, "imp")
	os.MkdirAll(imp, 0o755)
	b, _ := os.ReadFile(oneRoom)
	os.WriteFile(filepath.Join(imp, "one_room.json"), b, 0o644)
	out := filepath.Join(base, "a", "b", "D")
	os.MkdirAll(out, 0o755)

	// D/data → victim: data/<table> would resolve into victim.
	linked := filepath.Join(base, "linked")
	os.MkdirAll(linked, 0o755)
	os.Symlink(victim, filepath.Join(linked, "data"))
	// D/data/questions → victim: a table's folder itself is a link; and
	// D/data/.staging/mine → victim: the split's staging folder.
	linkedSplit := filepath.Join(base, "linked_split")
	os.MkdirAll(filepath.Join(linkedSplit, "data"), 0o755)
	os.Symlink(victim, filepath.Join(linkedSplit, "data", "questions"))
	linkedStaging := filepath.Join(base, "linked_staging")
	os.MkdirAll(filepath.Join(linkedStaging, "data", ".staging"), 0o755)
	os.Symlink(victim, filepath.Join(linkedStaging, "data", ".staging", "mine"))
	// D/manifest.json → a dangling link.
	dangling := filepath.Join(base, "dangling")
	os.MkdirAll(dangling, 0o755)
	os.Symlink(filepath.Join(victim, "nothing", "manifest.json"), filepath.Join(dangling, "manifest.json"))

	gen := func(split, dir string) []string {
		return []string{"generate", "--import", imp, "--split", split, "--overwrite", "--size", "32", "--views", "1", "--quiet", "--assets", "none", "--out", dir}
	}
	runExitCases(t, []exitCase{
		{"split ../../victim", gen("../../victim", out), exitUsage, `--split "../../victim": a split name is a lowercase letter`},
		{"split /abs", gen(victim, out), exitUsage, "a split name is"},
		{"split with a dot", gen("a.b", out), exitUsage, "a split name is"},
		{"split too long", gen(strings.Repeat("a", 33), out), exitUsage, "a split name is"},
		{"split upper case", gen("Train", out), exitUsage, "a split name is"},
		{"data is a link out", gen("mine", linked), exitFailure, "outside --out"},
		{"table folder is a link out", gen("mine", linkedSplit), exitFailure, "outside --out"},
		{"staging folder is a link out", gen("mine", linkedStaging), exitFailure, "outside --out"},
		{"dangling manifest link", gen("mine", dangling), exitFailure, "symbolic link to a missing target"},
	})
	if b, err := os.ReadFile(keep); err != nil || string(b) != "keep me" {
		t.Errorf("the victim's file was touched: %v %q", err, b)
	}
	entries, _ := os.ReadDir(victim)
	if len(entries) != 1 {
		t.Errorf("something was written into the victim folder: %v", entries)
	}
}

func init() {
	register(command{name: "hostile-panic", summary: "(test only) panics", run: func([]string, io.Writer, io.Writer) error {
		var m map[string]int
		//lint:ignore SA5000 the nil-map write is the point: a runtime panic, as a bug would give
		m["boom"]++ // a nil-map write: a runtime panic, as a bug would give
		return nil
	}})
	register(command{name: "hostile-worker-panic", summary: "(test only) panics in a worker goroutine", run: func([]string, io.Writer, io.Writer) error {
		done := make(chan error)
		go func() {
			var err error
			defer func() { done <- err }()
			defer recoverInternal(&err, "input 7")
			panic("worker boom")
		}()
		return <-done
	}})
}

// TestInternalErrorExitCode checks that a panic in a command is reported as
// an internal error naming the command line, with its own exit code.
func TestInternalErrorExitCode(t *testing.T) {
	code, _, e := runCmd(t, "hostile-panic", "--scene", "x.json")
	if code != exitInternal || exitInternal == exitUsage || exitInternal == exitFailure {
		t.Errorf("exit %d, want the distinct internal-error code %d", code, exitInternal)
	}
	for _, w := range []string{"internal error", `"hostile-panic --scene x.json"`, "assignment to entry in nil map"} {
		if !strings.Contains(e, w) {
			t.Errorf("stderr %q lacks %q", e, w)
		}
	}
	code, _, e = runCmd(t, "hostile-worker-panic")
	if code != exitInternal || !strings.Contains(e, "internal error (a bug, please report it) while processing input 7: worker boom") {
		t.Errorf("worker panic: exit %d, stderr %.300q", code, e)
	}
}
