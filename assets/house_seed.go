package assets

import (
	"fmt"
	"hash/fnv"

	"flowbench/sim"
)

// HouseSeed derives the seed Dress uses for a house from the house itself
// (its rooms' polygons and its objects' ids and asset ids, not their poses,
// which dressing may adjust), so every process that loads the same house —
// the planner, the annotation stage, a websocket server — dresses it with the
// same models without being told a seed.
func HouseSeed(h *sim.House) int64 {
	f := fnv.New64a()
	if h == nil {
		return 0
	}
	var walk func(objs []sim.HouseObject)
	walk = func(objs []sim.HouseObject) {
		for _, o := range objs {
			fmt.Fprintf(f, "%s|%s;", o.ID, o.AssetID)
			walk(o.Children)
		}
	}
	walk(h.Objects)
	for _, r := range h.Rooms {
		fmt.Fprintf(f, "room %s %s", r.ID, r.RoomType)
		for _, p := range r.FloorPolygon {
			fmt.Fprintf(f, " %.3f,%.3f", p.X, p.Z)
		}
		f.Write([]byte{';'})
	}
	return int64(f.Sum64() >> 1)
}
