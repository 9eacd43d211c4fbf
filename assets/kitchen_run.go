package assets

import (
	"math"

	"flowbench/sim"
)

// Kitchen runs. A tiled counter top (tile.go) is a row of identical base
// cabinets; a kitchen has its cooker and dishwasher in such a row. So the
// first counter of each kitchen tiled with at least runCookerTiles copies
// shows a free-standing cooker in one of its inner places, and with at
// least runDishwasherTiles copies also a dishwasher in another place. Both
// appliances are the size of a base cabinet with a flat top at worktop
// height (burners on the cooker), and each is stretched to the copy it
// replaces (the cabinet's box, within 10 % of their own sizes), so the
// run's box, its flat top where the simulation rests objects, and its
// support height stay the cabinet row's.

// Catalog entries of the appliances, and the least copies a run needs for
// each.
const (
	runCookerKey       = "Default:eTeks#cooker"     // Cooker 60 × 62 × 85
	runDishwasherKey   = "Default:eTeks#dishwasher" // Dishwasher 60 × 65 × 85
	runCookerTiles     = 3
	runDishwasherTiles = 4
)

// runPlaces holds the places of a run's appliances (-1: none).
type runPlaces struct{ cooker, dishwasher int }

// kitchenRun returns the model of a counter top o tiled with n copies of
// base, with the kitchen's appliances in it when o is the first run of its
// kitchen long enough for them (stocked records the rooms that have them),
// and the catalog keys of the appliances it shows. It loads the appliances
// with load (nil: not loaded, already counted and reported) and leaves out
// one that does not load: without a cooker the run is the plain tiled
// model.
func (d *dresser) kitchenRun(s *sim.Scene, o *sim.Object, base *sim.Model, n int, seed int64, stocked map[string]bool,
	load func(key, typ string) *sim.Model) (*sim.Model, []string) {
	if o.Type != "CounterTop" || n < runCookerTiles {
		return d.derived.tiled(base, n), nil
	}
	room := s.RoomAt(o.Position[0], o.Position[2])
	if stocked[room] || !kitchenRoom(s, room) || roomHolds(s, room, "Stove") {
		return d.derived.tiled(base, n), nil
	}
	cooker := load(runCookerKey, o.Type)
	if cooker == nil {
		return d.derived.tiled(base, n), nil
	}
	stocked[room] = true
	pl := runPlaces{cooker: 1 + int(objectHash(seed, "cooker", o.ID)%uint64(n-2)), dishwasher: -1}
	keys := []string{runCookerKey}
	var dish *sim.Model
	if n >= runDishwasherTiles {
		if m := load(runDishwasherKey, o.Type); m != nil {
			dish = d.derived.seeThrough(m)
			k := int(objectHash(seed, "dishwasher", o.ID) % uint64(n-1))
			if k >= pl.cooker {
				k++
			}
			pl.dishwasher = k
			keys = append(keys, runDishwasherKey)
		}
	}
	cooker = d.derived.seeThrough(cooker)
	m := d.derived.get(derivedKey{m: base, kind: derivedRun, tiles: n, run: pl}, func() *sim.Model {
		parts := make([]*sim.Model, n)
		parts[pl.cooker] = cooker
		if pl.dishwasher >= 0 {
			parts[pl.dishwasher] = dish
		}
		return runModel(base, parts)
	})
	return m, keys
}

// roomHolds reports whether an object of type typ lies in the room with
// the given id: a kitchen with a stove (a cooktop on a counter) shows no
// cooker in its run, so nothing else stands on burners.
func roomHolds(s *sim.Scene, room, typ string) bool {
	for _, o := range s.Objects {
		if o.Type == typ && s.RoomAt(o.Position[0], o.Position[2]) == room {
			return true
		}
	}
	return false
}

// kitchenRoom reports whether the room with the given id is a kitchen, or
// of no known type (an imported house's room may name none): a bathroom's
// vanity counter or a bedroom's counter gets no cooker or dishwasher.
func kitchenRoom(s *sim.Scene, id string) bool {
	r := s.Room(id)
	return r == nil || r.Type == sim.Kitchen || r.Type == ""
}

// runModel returns a row of len(parts) models side by side along x,
// centred: parts[k] in place k, stretched per axis to base's size, or base
// itself where parts[k] is nil (tiledModel: all nil). Level i of the row
// holds level i of base and the nearest level of each part; the row keeps
// base's key (the appliances are credited by the caller), support height
// and surfaces, followed by each part's.
func runModel(base *sim.Model, parts []*sim.Model) *sim.Model {
	n := len(parts)
	t := copyModel(base)
	t.Size[0] *= float64(n)
	first := map[*sim.Model]uint16{base: 0} // a part's first surface index in t
	for _, p := range parts {
		if _, ok := first[p]; p != nil && !ok {
			if len(first) == 1 {
				t.Surfaces = append([]*sim.Surface(nil), base.Surfaces...)
			}
			first[p] = uint16(len(t.Surfaces))
			t.Surfaces = append(t.Surfaces, p.Surfaces...)
		}
	}
	t.Levels = make([]sim.ModelLevel, len(base.Levels))
	for i := range base.Levels {
		var nl sim.ModelLevel
		for k, p := range parts {
			src, sc := base, sim.Vec3{1, 1, 1}
			if p != nil {
				src = p
				for a := range sc {
					sc[a] = base.Size[a] / p.Size[a]
				}
			}
			l := &src.Levels[min(i, len(src.Levels)-1)]
			dx := (float64(k) - float64(n-1)/2) * base.Size[0]
			v0 := uint32(len(nl.Pos))
			for _, q := range l.Pos {
				nl.Pos = append(nl.Pos, sim.Vec3{q[0]*sc[0] + dx, q[1] * sc[1], q[2] * sc[2]})
			}
			// A level may hold fewer normals or UVs than positions (the
			// missing ones read as zero): pad the earlier places' before
			// appending this one's, so each lines up with its vertices.
			if len(l.Normal) > 0 {
				for len(nl.Normal) < int(v0) {
					nl.Normal = append(nl.Normal, sim.Vec3{})
				}
			}
			for _, nv := range l.Normal {
				if p != nil {
					// Normals of a mesh stretched by sc stretch by 1/sc.
					nv = sim.Vec3{nv[0] / sc[0], nv[1] / sc[1], nv[2] / sc[2]}
					if q := nv.Len(); q > 0 && !math.IsInf(q, 0) {
						nv = nv.Mul(1 / q)
					}
				}
				nl.Normal = append(nl.Normal, nv)
			}
			if len(l.UV) > 0 {
				for len(nl.UV) < int(v0) {
					nl.UV = append(nl.UV, [2]float32{})
				}
			}
			nl.UV = append(nl.UV, l.UV...)
			for _, tr := range l.Tris {
				tr.V = [3]uint32{tr.V[0] + v0, tr.V[1] + v0, tr.V[2] + v0}
				tr.Surface += first[src]
				nl.Tris = append(nl.Tris, tr)
			}
		}
		t.Levels[i] = nl
	}
	return t
}
