package assets

import (
	"sort"
	"sync"

	"flowbench/sim"
)

// dressers caches the type index of each opened Library (entries never
// change after Open).
var dressers sync.Map // *Library → *dresser

func (l *Library) dresser() *dresser {
	if d, ok := dressers.Load(l); ok {
		return d.(*dresser)
	}
	d, _ := dressers.LoadOrStore(l, newDresser(l.Entries, l.Textures, l.Model))
	return d.(*dresser)
}

// Dress gives a scene real models and textured structure surfaces. For each
// object it chooses, among the catalog entries mapped to its type (typeMap),
// one whose aspect fits the object's size within MaxDistortion — the object's
// size, pose and physics stay unchanged; the model is stretched to the box.
// The choice is a function of (seed, object id, asset id) only: the lowest
// distortion wins, with a seeded draw among the variants within 5 % of it;
// receptacles whose children rest on top prefer models whose support
// surface is their top. Objects without a fitting variant keep their
// primitive shape. Floors get wood or tile textures by room type, kitchen
// and bathroom walls may be tiled, other walls are painted and ceilings
// white. Call it right after building the scene, before the first ray cast.
// Dress is safe for concurrent use on different scenes.
func (l *Library) Dress(s *sim.Scene, seed int64) DressReport {
	return l.dresser().dress(s, seed)
}

// Coverage measures, without loading models, the share of object instances
// of generated houses (procthor houses 0..Houses-1 and the 120 iTHOR-style
// scenes) that Dress can draw with a real model.
func (l *Library) Coverage(opts CoverageOptions) (*CoverageReport, error) {
	return l.dresser().coverage(opts)
}

// Credit is the attribution of one model or texture.
type Credit struct {
	Key, Name, Library, Creator, License string
}

// Attribution returns the credits of the given entry and texture keys
// (DressReport.Keys), sorted by key, once each; unknown keys are skipped.
func (l *Library) Attribution(keys []string) []Credit {
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
	}
	var out []Credit
	for i := range l.Entries {
		e := &l.Entries[i]
		if want[e.Key] {
			out = append(out, Credit{Key: e.Key, Name: e.Name, Library: e.Library, Creator: e.Creator, License: e.License})
			delete(want, e.Key)
		}
	}
	for i := range l.Textures {
		t := &l.Textures[i]
		if want[t.Key] {
			lib, _, _ := cutKey(t.Key)
			out = append(out, Credit{Key: t.Key, Name: t.Name, Library: lib, Creator: t.Creator, License: t.License})
			delete(want, t.Key)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// cutKey splits "library:id".
func cutKey(k string) (lib, id string, ok bool) {
	for i := 0; i < len(k); i++ {
		if k[i] == ':' {
			return k[:i], k[i+1:], true
		}
	}
	return "", k, false
}
