package pipeline

import (
	"fmt"

	"flowbench/export"
	"flowbench/sim"
	"flowbench/thor"
)

// A websocket backend's hello says which asset ids it can create
// (thor.AssetSupport); AI2-THOR creates only its own. The houses of a run
// are built for its backend: an object the backend cannot create (a
// flowbench-only fixture) is left out with everything resting on it, before
// planning, so that the planner, the labels and the bridge all see the same
// house. The in-process simulator, `flowbench serve` and Blender create
// every asset, and their runs are unchanged. The manifest records what was
// left out (export.LeftOutAssets) and the split's configuration the
// backend's asset sets, so SplitHouses rebuilds the same houses.

// backendAssetsKey is the split configuration's key for the backend's asset
// sets (thor.AssetSupport.String), present only when they are not all.
const backendAssetsKey = "backend_assets"

// backendAssets returns the asset ids the run's backend can create: every
// one in-process, else what the bridge's hello declares (one connection,
// closed at once).
func backendAssets(cfg Config) (thor.AssetSupport, error) {
	url := cfg.Backend
	if url == "" {
		url = cfg.RenderBackend
	}
	if url == "" {
		return thor.AllAssets, nil
	}
	c, err := thor.Dial(url, thor.Options{Retries: -1})
	if err != nil {
		return thor.AssetSupport{}, fmt.Errorf("backend %s: %w", url, err)
	}
	defer c.Close()
	return c.Assets(), nil
}

// forRunBackend builds the houses of src for cfg's backend (forBackend with
// backendAssets).
func (src *houseSource) forRunBackend(cfg Config) error {
	a, err := backendAssets(cfg)
	if err != nil {
		return err
	}
	src.forBackend(a)
	return nil
}

// forBackend makes every house of src leave out the objects a backend with
// support a cannot create, and what rests on them. It changes nothing when
// the backend creates every asset.
func (src *houseSource) forBackend(a thor.AssetSupport) {
	if a.All() {
		return
	}
	src.backend = &a
	for i := range src.Houses {
		hs := &src.Houses[i]
		raw := hs.load
		hs.raw = raw
		hs.load = func() (*sim.House, error) {
			h, err := raw()
			if err != nil {
				return nil, err
			}
			h, _ = a.FilterHouse(h)
			return h, nil
		}
	}
}

// leftOutAssets sums what the houses of src leave out for its backend, over
// every house of the run (so a resumed run or a part records the same); nil
// when the backend creates every asset.
func leftOutAssets(src *houseSource) (*export.LeftOutAssets, error) {
	if src.backend == nil {
		return nil, nil
	}
	lo := &export.LeftOutAssets{Backend: src.backend.String(), ByType: map[string]int{}, ByAsset: map[string]int{}}
	for _, hs := range src.Houses {
		h, err := hs.raw()
		if err != nil {
			return nil, fmt.Errorf("house %s: %w", hs.ID, err)
		}
		_, out := src.backend.FilterHouse(h)
		if len(out) > 0 {
			lo.Houses++
		}
		for _, o := range out {
			lo.Objects++
			if o.On != "" {
				lo.Resting++
				continue
			}
			lo.ByType[o.Type]++
			lo.ByAsset[o.AssetID]++
		}
	}
	return lo, nil
}
