package pipeline

import (
	"fmt"
	"io"
	"log/slog"

	"flowbench/sim"
	"flowbench/thor"
)

// SplitHouses returns the houses of a split, by house id, as its manifest
// configuration (export.Manifest.Config[split]) describes them: the
// generator, its seed and index for procthor and ithor houses, or the
// imported directory. Checks that need a house's structure (walls, doors,
// windows), which the shards do not store, rebuild it with this; everything
// is a function of (seed, config), so the house is the one generated.
func SplitHouses(split string, conf map[string]any) (func(id string) (*sim.House, error), error) {
	src, _ := conf["source"].(map[string]any)
	kind, _ := src["kind"].(string)
	seedF, ok := conf["seed"].(float64)
	if !ok {
		return nil, fmt.Errorf("split %q: the manifest records no seed", split)
	}
	seed := int64(seedF)
	housesF, _ := conf["houses"].(float64)
	var hs *houseSource
	var err error
	switch {
	case src["import_dir"] != nil:
		dir, _ := src["import_dir"].(string)
		hs, err = newImportSource(dir, 0, slog.New(slog.NewTextHandler(io.Discard, nil)))
	case kind == sim.StyleITHOR:
		hs, err = newIthorSource("", seed, 0)
	case kind == sim.StyleProcTHOR:
		hs, err = newProcthorSource(split, seed, int(housesF))
	default:
		return nil, fmt.Errorf("split %q: the manifest records no house source this version can rebuild (%v)", split, src)
	}
	if err != nil {
		return nil, fmt.Errorf("split %q: %w", split, err)
	}
	if b, ok := conf[backendAssetsKey].(string); ok {
		hs.forBackend(thor.ParseAssetSupport(b)) // built for a backend that could not create every asset
	}
	byID := make(map[string]*houseSpec, len(hs.Houses))
	for i := range hs.Houses {
		byID[hs.Houses[i].ID] = &hs.Houses[i]
	}
	return func(id string) (*sim.House, error) {
		sp, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("split %q has no house %q", split, id)
		}
		return sp.load()
	}, nil
}
