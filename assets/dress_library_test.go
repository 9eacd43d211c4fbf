package assets

import (
	"errors"
	"os"
	"testing"

	"flowbench/sim"
)

// openInstalled opens the installed Sweet Home 3D libraries with a
// per-test cache, or skips.
func openInstalled(t *testing.T) *Library {
	t.Helper()
	if _, err := os.Stat("/usr/share/sweethome3d/furniture"); err != nil {
		t.Skip("Sweet Home 3D libraries not installed (assets/install_debian.sh)")
	}
	// The user's model cache (as generate and the other packages' tests
	// use it; keyed by the archives and the format, written atomically),
	// or FLOWBENCH_TEST_ASSET_CACHE: a fresh cache per test rebuilt every
	// model each time (about 10 s of make test's quick tier).
	l, err := Open(Options{CacheDir: os.Getenv("FLOWBENCH_TEST_ASSET_CACHE")})
	if errors.Is(err, ErrNoAssets) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// TestRealLibraryTypeMapAndCoverage checks the table against the opened
// library and reports the measured coverage (100 procthor houses, seed 1,
// and the 120 iTHOR-style scenes).
func TestRealLibraryTypeMapAndCoverage(t *testing.T) {
	l := openInstalled(t)
	for typ, keys := range typeMap {
		for _, k := range keys {
			if _, ok := l.Entry(k); !ok {
				t.Errorf("%s: %s is not an entry of the library", typ, k)
			}
		}
	}
	rep, err := l.Coverage(CoverageOptions{Houses: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("coverage %.1f%% of %d instances (procthor %.1f%% of %d, ithor %.1f%% of %d); too distorted %.1f%% (best within 30%%/50%%/more: %v), no variant %.1f%%",
		100*Share(rep.Fit, rep.Instances), rep.Instances, 100*Share(rep.ProcTHORFit, rep.ProcTHOR), rep.ProcTHOR,
		100*Share(rep.ITHORFit, rep.ITHOR), rep.ITHOR, 100*Share(rep.TooDistorted, rep.Instances), rep.TooDistortedWithin,
		100*Share(rep.NoVariant, rep.Instances))
	t.Logf("types: %d mapped, %d with a fitting instance, %d with ≥ 3 variants; %d entries; support parents %d, below top %d %v",
		rep.TypesMapped, rep.TypesFit, rep.TypesWith3, rep.Entries, rep.SupportParents, rep.SupportBelowTop, rep.SupportBelowTopByType)
	if rep.TypesMapped != len(typeMap) || rep.Entries == 0 {
		t.Errorf("library lacks mapped types: %d of %d", rep.TypesMapped, len(typeMap))
	}
}

// TestRealLibraryDress dresses generated houses with the real models.
func TestRealLibraryDress(t *testing.T) {
	if testing.Short() {
		t.Skip("loads real models")
	}
	l := openInstalled(t)
	var total DressReport
	for i := 0; i < 4; i++ {
		s := procthorScene(t, i)
		rep := l.Dress(s, HouseSeed(s.House))
		total.Add(rep)
		for _, o := range s.Objects {
			if o.Model == nil {
				continue
			}
			if d := Distortion(o.Size, o.Model.Size); d > MaxDistortion+1e-9 {
				t.Errorf("%s: %s drawn with distortion %.3f", o.ID, o.Model.Key, d)
			}
			if len(o.Model.Levels) == 0 || len(o.Model.Levels[0].Tris) == 0 {
				t.Errorf("%s: model %s has no triangles", o.ID, o.Model.Key)
			}
		}
		for _, m := range sim.StructureMeshes(s) {
			if s.Surfaces[m.ID] == nil {
				t.Errorf("%s: no surface", m.ID)
			}
		}
		// Same seed, fresh scene: same models.
		s2 := procthorScene(t, i)
		l.Dress(s2, HouseSeed(s2.House))
		for j, o := range s.Objects {
			if o.Model != s2.Objects[j].Model {
				t.Fatalf("%s: dressing is not deterministic", o.ID)
			}
		}
	}
	credits := l.Attribution(total.Keys())
	if len(credits) != len(total.Keys()) {
		t.Errorf("%d credits for %d keys", len(credits), len(total.Keys()))
	}
	for _, c := range credits {
		if c.Creator == "" || c.License == "" || c.Name == "" {
			t.Errorf("incomplete credit %+v", c)
		}
	}
	t.Logf("objects %d, with model %d, primitive %d, load errors %d, surfaces %d, textures %v, support parents %d (below top %d), %d credits",
		total.Objects, total.WithModel, total.Primitive, total.LoadErrors, total.Surfaces, total.Textures, total.SupportParents, total.SupportBelowTop, len(credits))
	for i, w := range total.Warnings {
		if i < 10 {
			t.Log("warning:", w)
		}
	}
}

func TestAttribution(t *testing.T) {
	l := &Library{
		Entries: []Entry{
			{Key: "BlendSwap-CC-BY:Blend Swap CC-BY#sofa3", Library: "BlendSwap-CC-BY", Name: "Sofa", Creator: "Jay", License: "CC-BY 3.0"},
			{Key: "Default:eTeks#chair", Library: "Default", Name: "Chair", Creator: "eTeks", License: "GPL / CC-BY 3.0"},
		},
		Textures: []SurfaceTexture{{Key: "Default:eTeks#woodenFloor", Name: "Wooden floor", Creator: "eTeks", License: "GPL / CC-BY 3.0"}},
	}
	got := l.Attribution([]string{"Default:eTeks#woodenFloor", "Default:eTeks#chair", "unknown:x", "Default:eTeks#chair", "BlendSwap-CC-BY:Blend Swap CC-BY#sofa3"})
	want := []Credit{
		{Key: "BlendSwap-CC-BY:Blend Swap CC-BY#sofa3", Name: "Sofa", Library: "BlendSwap-CC-BY", Creator: "Jay", License: "CC-BY 3.0"},
		{Key: "Default:eTeks#chair", Name: "Chair", Library: "Default", Creator: "eTeks", License: "GPL / CC-BY 3.0"},
		{Key: "Default:eTeks#woodenFloor", Name: "Wooden floor", Library: "Default", Creator: "eTeks", License: "GPL / CC-BY 3.0"},
	}
	if len(got) != len(want) {
		t.Fatalf("Attribution = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("credit %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	rep := DressReport{Used: map[string]int{"Default:eTeks#chair": 3}, Textures: map[string]int{"Default:eTeks#woodenFloor": 1}}
	if k := rep.Keys(); len(k) != 2 || k[0] != "Default:eTeks#chair" || k[1] != "Default:eTeks#woodenFloor" {
		t.Errorf("Keys = %v", k)
	}
}
