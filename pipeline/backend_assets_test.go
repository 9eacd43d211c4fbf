package pipeline

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/internal/schematest"
	"flowbench/render"
	"flowbench/sim"
	"flowbench/thor"
)

// flowbenchObjects lists the objects with a flowbench-only asset id, not
// those under one (they are left out as resting on it).
func flowbenchObjects(objs []sim.HouseObject) []sim.HouseObject {
	var out []sim.HouseObject
	for _, o := range objs {
		if sim.FlowbenchOnlyAsset(o.AssetID) {
			out = append(out, o)
			continue
		}
		out = append(out, flowbenchObjects(o.Children)...)
	}
	return out
}

// ai2thorServer serves the built-in simulator declaring only AI2-THOR's
// asset ids (as the AI2-THOR bridge does), refusing any other.
func ai2thorServer(t *testing.T) string {
	t.Helper()
	ln, err := thor.Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	srv := thor.NewServer(thor.ServerOptions{Render: render.Options{Workers: 1}, Assets: []string{thor.AssetsAI2THOR}})
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "ws://" + ln.Addr().String()
}

// TestAI2THORBackendLeavesOutFlowbenchFixture: house 1 of a run has a
// fixture with a flowbench-only asset id (and objects resting on it), besides
// the flowbench fixtures the generator places itself (a stove). Run through
// a backend whose hello declares only AI2-THOR's ids, the house the backend
// gets has no such fixture (the server refuses one, so the run would fail),
// the manifest lists what was left out and validates, and SplitHouses
// rebuilds the house as the run built it.
func TestAI2THORBackendLeavesOutFlowbenchFixture(t *testing.T) {
	cfg := badHouseConfig(2)
	cfg.Backend = ai2thorServer(t)
	src, err := newSource(cfg, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	h1, err := src.Houses[1].load()
	if err != nil {
		t.Fatal(err)
	}
	var fix *sim.HouseObject
	for i := range h1.Objects {
		if o := &h1.Objects[i]; len(o.Children) > 0 && !sim.FlowbenchOnlyAsset(o.AssetID) {
			o.AssetID, fix = "flowbench_counter_test", o
			break
		}
	}
	if fix == nil {
		t.Fatal("house 1 has no object with children")
	}
	withFixture, err := json.Marshal(h1)
	if err != nil {
		t.Fatal(err)
	}
	src.Houses[1].load = func() (*sim.House, error) { return sim.DecodeHouse(withFixture) }
	h0, err := src.Houses[0].load()
	if err != nil {
		t.Fatal(err)
	}
	// What the manifest must list: for each house, the objects with a
	// flowbench-only asset (the test's fixture among them) and, as resting,
	// what FilterHouse leaves out with them (the fixture's children at least).
	want := &export.LeftOutAssets{Backend: "ai2thor", ByType: map[string]int{}, ByAsset: map[string]int{}}
	var ai2thor thor.AssetSupport // a hello that declares nothing: AI2-THOR's ids
	for _, h := range []*sim.House{h0, h1} {
		own := flowbenchObjects(h.Objects)
		_, lo := ai2thor.FilterHouse(h)
		if len(own) > 0 {
			want.Houses++
		}
		for _, o := range own {
			want.Objects++
			want.ByType[sim.ObjectTypeFromID(o.ID)]++
			want.ByAsset[o.AssetID]++
		}
		resting := 0
		for _, l := range lo {
			if l.On != "" {
				resting++
			}
		}
		if len(lo) != len(own)+resting {
			t.Fatalf("FilterHouse left out %+v, want the flowbench objects %d and what rests on them", lo, len(own))
		}
		want.Objects += resting
		want.Resting += resting
	}
	if want.ByAsset["flowbench_counter_test"] != 1 || want.Resting < len(fix.Children) {
		t.Fatalf("expected left out %+v lacks the fixture %s and its %d children", want, fix.ID, len(fix.Children))
	}
	if err := src.forRunBackend(cfg); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "ds")
	res, err := runSource(context.Background(), cfg, Options{Out: out, Workers: 1}, src, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	st := res.Manifest.Splits[cfg.Split]
	if !reflect.DeepEqual(st.LeftOut, want) {
		t.Fatalf("manifest left_out_assets %+v, want %+v", st.LeftOut, want)
	}
	b, err := os.ReadFile(filepath.Join(out, export.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.Validate(schematest.Compile(t, "manifest.schema.json"), b); err != nil {
		t.Errorf("manifest: %v", err)
	}
	if !strings.Contains(string(b), `"backend_assets": "ai2thor"`) {
		t.Error("the split's configuration does not record the backend's asset sets")
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	conf := m.Config[cfg.Split].(map[string]any)
	if conf[backendAssetsKey] != "ai2thor" {
		t.Fatalf("split configuration %v", conf)
	}
	// SplitHouses builds the houses for the backend the manifest records: a
	// backend that created only flowbench's own ids would get no object of a
	// generated house, one that creates AI2-THOR's every object.
	for _, k := range []struct {
		assets string
		kept   bool
	}{{"ai2thor", true}, {"flowbench", false}} {
		conf[backendAssetsKey] = k.assets
		load, err := SplitHouses(cfg.Split, conf)
		if err != nil {
			t.Fatal(err)
		}
		got, err := load(src.Houses[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if (len(got.Objects) > 0) != k.kept {
			t.Errorf("backend assets %s: SplitHouses kept %d top-level objects", k.assets, len(got.Objects))
		}
	}
}
