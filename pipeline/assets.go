package pipeline

import (
	"fmt"
	"maps"
	"slices"

	"flowbench/assets"
	"flowbench/export"
	"flowbench/sim"
)

// assetsKey names the assets a run draws with, for the resume fingerprint:
// the libraries' cache hash and the dressing rules of this binary.
func assetsKey(lib *assets.Library) string {
	if lib == nil {
		return "none"
	}
	return "sh3d " + lib.Hash + " dress " + assets.DressKey()
}

// assetUse lists the models and textures the split's houses are dressed
// with (every house of the run, so a resumed run lists the same), with the
// attribution CC-BY licences require.
func assetUse(lib *assets.Library, src *houseSource) (*export.AssetUse, error) {
	if lib == nil {
		return &export.AssetUse{Mode: "none"}, nil
	}
	used := map[string]int{}
	for _, hs := range src.Houses {
		h, err := hs.load()
		if err != nil {
			return nil, fmt.Errorf("house %s: %w", hs.ID, err)
		}
		sc, err := sim.NewScene(h)
		if err != nil {
			return nil, fmt.Errorf("house %s: %w", hs.ID, err)
		}
		rep := lib.Dress(sc, assets.HouseSeed(h))
		for k, n := range rep.Used {
			used[k] += n
		}
		for k, n := range rep.Textures {
			used[k] += n
		}
	}
	keys := slices.Sorted(maps.Keys(used))
	u := &export.AssetUse{Mode: "sh3d", CacheHash: lib.Hash}
	for _, c := range lib.Attribution(keys) {
		u.Credits = append(u.Credits, export.AssetCredit{Key: c.Key, Name: c.Name, Library: c.Library,
			Creator: c.Creator, License: c.License, Instances: used[c.Key]})
	}
	return u, nil
}
