package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// procthorHoleRef is what ProcTHOR's reference files say about the door and
// window assets: wall-holes.json's hole box and offset, and
// asset-database.json's bounding box.
type procthorHoleRef struct {
	holes map[string]struct{ Min, Max, Offset XYZ }
	boxes map[string]XYZ
}

// loadProcTHORHoleRef reads the two reference files (skipping the test when
// they are not there).
func loadProcTHORHoleRef(t *testing.T) *procthorHoleRef {
	t.Helper()
	ref := &procthorHoleRef{boxes: map[string]XYZ{}}
	raw, err := os.ReadFile(referencePath(t, "procthor/wall-holes.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &ref.holes); err != nil {
		t.Fatal(err)
	}
	raw, err = os.ReadFile(referencePath(t, "procthor/asset-database.json"))
	if err != nil {
		t.Fatal(err)
	}
	var db map[string][]struct {
		AssetID     string `json:"assetId"`
		BoundingBox *XYZ   `json:"boundingBox"`
	}
	if err := json.Unmarshal(raw, &db); err != nil {
		t.Fatal(err)
	}
	for _, group := range db {
		for _, a := range group {
			if a.BoundingBox != nil {
				ref.boxes[a.AssetID] = *a.BoundingBox
			}
		}
	}
	return ref
}

// offset is the asset's wall-holes.json offset; a Doorframe_* asset, which
// the file does not list, takes its Doorway_* twin's (procthor
// generation/doors.py Door.asdict).
func (r *procthorHoleRef) offset(id string) (XYZ, bool) {
	h, ok := r.holes[strings.Replace(id, "Doorframe", "Doorway", 1)]
	return h.Offset, ok
}

// assetPosition is ProcTHOR's formula (doors.py Door.asdict,
// wall_objects.py windows): hole min + offset + half the asset's box.
func (r *procthorHoleRef) assetPosition(d Door) (XYZ, error) {
	off, ok := r.offset(d.AssetID)
	if !ok {
		return XYZ{}, fmt.Errorf("%s: wall-holes.json has no offset for %s", d.ID, d.AssetID)
	}
	box, ok := r.boxes[d.AssetID]
	if !ok {
		return XYZ{}, fmt.Errorf("%s: asset-database.json has no box for %s", d.ID, d.AssetID)
	}
	a, b := d.HolePolygon[0], d.HolePolygon[1]
	return XYZ{math.Min(a.X, b.X) + off.X + box.X/2, math.Min(a.Y, b.Y) + off.Y + box.Y/2, 0}, nil
}

// checkAssetPositions: every door and window of h has its assetPosition
// where ProcTHOR's formula puts it, from the reference files (not from the
// generator's table). It returns the largest distance, in the wall's plane,
// between an assetPosition and its hole's centre.
func checkAssetPositions(t *testing.T, ref *procthorHoleRef, name string, h *House) (maxOff float64) {
	t.Helper()
	for _, d := range append(append([]Door{}, h.Doors...), h.Windows...) {
		want, err := ref.assetPosition(d)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got := d.AssetPosition
		if math.Abs(got.X-want.X) > 1e-6 || math.Abs(got.Y-want.Y) > 1e-6 || got.Z != 0 {
			t.Errorf("%s: %s (%s) assetPosition %+v, ProcTHOR's formula gives %+v", name, d.ID, d.AssetID, got, want)
		}
		a, b := d.HolePolygon[0], d.HolePolygon[1]
		maxOff = math.Max(maxOff, math.Hypot(got.X-(a.X+b.X)/2, got.Y-(a.Y+b.Y)/2))
	}
	return maxOff
}

// TestHoleAssetsMatchProcTHOR checks every number the generator's door and
// window tables embed against ProcTHOR's reference files: the hole size
// (wall-holes.json max - min, or the asset's box for assets that file does
// not list, rounded to 0.1 mm), the wall-hole offset and the asset's box.
func TestHoleAssetsMatchProcTHOR(t *testing.T) {
	ref := loadProcTHORHoleRef(t)
	near := func(id, what string, got, want, tol float64) {
		if math.Abs(got-want) > tol {
			t.Errorf("%s: %s is %.8f in the table, %.8f in the reference", id, what, got, want)
		}
	}
	seen := map[string]bool{}
	for _, table := range [][]holeAsset{doorAssets, doubleDoorAssets, windowAssets} {
		for _, a := range table {
			if seen[a.id] {
				t.Errorf("%s is listed twice", a.id)
			}
			seen[a.id] = true
			box, ok := ref.boxes[a.id]
			if !ok {
				t.Errorf("%s: not in asset-database.json", a.id)
				continue
			}
			off, ok := ref.offset(a.id)
			if !ok {
				t.Errorf("%s: wall-holes.json has no offset for it", a.id)
				continue
			}
			near(a.id, "offset x", a.off.x, off.X, 1e-7)
			near(a.id, "offset y", a.off.y, off.Y, 1e-7)
			near(a.id, "box x", a.box.x, box.X, 1e-7)
			near(a.id, "box y", a.box.y, box.Y, 1e-7)
			w, hh := box.X, box.Y
			if hole, ok := ref.holes[a.id]; ok {
				w, hh = hole.Max.X-hole.Min.X, hole.Max.Y-hole.Min.Y
			}
			near(a.id, "hole width", a.w, w, 5e-5)
			near(a.id, "hole height", a.h, hh, 5e-5)
		}
	}
}

// TestGeneratedAssetPositionsFollowProcTHOR generates procthor houses over
// many seeds and indices, and every iTHOR scene for a few seeds, and checks
// each door's and window's assetPosition against ProcTHOR's formula computed
// from the reference files. The asset stays within 9 mm of the hole centre,
// where flowbench put it before.
func TestGeneratedAssetPositionsFollowProcTHOR(t *testing.T) {
	ref := loadProcTHORHoleRef(t)
	seeds, perSeed, ithorSeeds := 10, 30, 3
	if testing.Short() {
		seeds, perSeed, ithorSeeds = 3, 20, 1
	}
	maxOff, holes := 0.0, 0
	check := func(name string, h *House) {
		maxOff = math.Max(maxOff, checkAssetPositions(t, ref, name, h))
		holes += len(h.Doors) + len(h.Windows)
	}
	for seed := 0; seed < seeds; seed++ {
		for i := 0; i < perSeed; i++ {
			h, err := Generate(StyleProcTHOR, int64(seed), i)
			if err != nil {
				t.Fatal(err)
			}
			check(fmt.Sprintf("procthor seed %d house %d", seed, i), h)
		}
	}
	for seed := 0; seed < ithorSeeds; seed++ {
		for _, scene := range IthorSceneNames() {
			h, err := GenerateIthor(scene, int64(seed))
			if err != nil {
				t.Fatal(err)
			}
			check(fmt.Sprintf("%s seed %d", scene, seed), h)
		}
	}
	if holes < 200 {
		t.Errorf("only %d doors and windows checked", holes)
	}
	if maxOff > 0.009 {
		t.Errorf("an assetPosition is %.4f m from its hole centre (ProcTHOR's offsets keep it within 9 mm)", maxOff)
	}
	t.Logf("%d doors and windows; largest assetPosition distance from the hole centre %.4f m", holes, maxOff)
}
