package thor

import (
	"fmt"

	"flowbench/sim"
)

// LeftOutObject is an object a house built for a backend leaves out: the
// backend cannot create its asset id, or it rests on such an object.
type LeftOutObject struct {
	ID      string // objectId
	AssetID string
	Type    string // objectType, from the id ("Mug|surface|2|4" → "Mug")
	// On is the left-out object it rested on; "" when its own asset id is
	// the reason.
	On string
}

// restTolerance is how far (m) above a left-out object's top a top-level
// object's bottom may be and still count as resting on it.
const restTolerance = 0.02

// floorClearance is the bottom height (m) under which a top-level object
// stands on the floor, whatever lies under it (a rug).
const floorClearance = 0.05

// FilterHouse returns h without the objects a cannot create and everything
// resting on them: their children, and top-level objects standing on their
// top (bottom within 2 cm of it, box centre over its footprint, found with
// the house's scene). The left-out objects are listed in house order. When
// nothing is left out h itself is returned; otherwise a copy (h is not
// modified). It is a function of the house and a only.
func (a AssetSupport) FilterHouse(h *sim.House) (*sim.House, []LeftOutObject) {
	if a.All() {
		return h, nil
	}
	return filterHouse(h, a.CanCreate)
}

// filterHouse is FilterHouse with the test of an asset id given.
func filterHouse(h *sim.House, canCreate func(assetID string) bool) (*sim.House, []LeftOutObject) {
	drop := map[string]string{} // objectId → the left-out object it rested on ("" for its own asset)
	var order []LeftOutObject
	var mark func(o *sim.HouseObject, on string)
	mark = func(o *sim.HouseObject, on string) {
		if _, done := drop[o.ID]; done {
			return
		}
		drop[o.ID] = on
		order = append(order, LeftOutObject{ID: o.ID, AssetID: o.AssetID, Type: objectType(o), On: on})
		for i := range o.Children {
			mark(&o.Children[i], o.ID)
		}
	}
	var scan func(os []sim.HouseObject)
	scan = func(os []sim.HouseObject) {
		for i := range os {
			if !canCreate(os[i].AssetID) {
				mark(&os[i], "")
				continue
			}
			scan(os[i].Children)
		}
	}
	scan(h.Objects)
	if len(order) == 0 {
		return h, nil
	}
	standingOn(h, drop, func(o *sim.HouseObject, on string) { mark(o, on) })
	out := *h
	out.Objects = keepObjects(h.Objects, drop)
	return &out, sortHouseOrder(h, order)
}

// Uncreatable lists, in house order, the objects of h whose own asset id a
// cannot create (not those resting on them).
func (a AssetSupport) Uncreatable(h *sim.House) []LeftOutObject {
	var out []LeftOutObject
	var walk func(os []sim.HouseObject)
	walk = func(os []sim.HouseObject) {
		for i := range os {
			if o := &os[i]; !a.CanCreate(o.AssetID) {
				out = append(out, LeftOutObject{ID: o.ID, AssetID: o.AssetID, Type: objectType(o)})
			}
			walk(os[i].Children)
		}
	}
	walk(h.Objects)
	return out
}

// uncreatableError is the refusal of a house with objects the server cannot
// create, naming the first.
func uncreatableError(server string, a AssetSupport, bad []LeftOutObject) error {
	more := ""
	if len(bad) > 1 {
		more = fmt.Sprintf(" and %d more objects", len(bad)-1)
	}
	return fmt.Errorf("CreateHouse: the server (%s) creates the assets %s, not %s (asset %s)%s; build the house for it with AssetSupport.FilterHouse",
		server, a, bad[0].ID, bad[0].AssetID, more)
}

// objectType is an object's type: the part of its id before '|', else the
// asset database's type, else its asset id.
func objectType(o *sim.HouseObject) string {
	if t := sim.ObjectTypeFromID(o.ID); t != "" && t != o.ID {
		return t
	}
	if info := sim.BuiltinAssetDB().Asset(o.AssetID); info != nil {
		return info.ObjectType
	}
	return o.AssetID
}

// standingOn calls mark for every kept top-level object that stands on the
// top of a dropped one, until none is left (an object on an object on a
// dropped one goes too). Without a scene (a house sim cannot build, which
// fails later anyway) only children are left out.
func standingOn(h *sim.House, drop map[string]string, mark func(o *sim.HouseObject, on string)) {
	sc, err := sim.NewScene(h)
	if err != nil {
		return
	}
	for changed := true; changed; {
		changed = false
		for i := range h.Objects {
			o := &h.Objects[i]
			if _, gone := drop[o.ID]; gone {
				continue
			}
			so := sc.Object(o.ID)
			if so == nil {
				continue
			}
			box := so.AABB()
			if box.Min[1] < floorClearance {
				continue
			}
			c := box.Center()
			for _, d := range sc.Objects { // scene order: house order, parents first
				if _, gone := drop[d.ID]; !gone || d.ID == o.ID {
					continue
				}
				db := d.AABB()
				if dz := box.Min[1] - db.Max[1]; dz < -restTolerance || dz > restTolerance {
					continue
				}
				if c[0] > db.Min[0] && c[0] < db.Max[0] && c[2] > db.Min[2] && c[2] < db.Max[2] {
					mark(o, d.ID)
					changed = true
					break
				}
			}
		}
	}
}

// keepObjects copies a list of objects without the dropped ones (at any depth).
func keepObjects(os []sim.HouseObject, drop map[string]string) []sim.HouseObject {
	var out []sim.HouseObject
	for _, o := range os {
		if _, gone := drop[o.ID]; gone {
			continue
		}
		if len(o.Children) > 0 {
			o.Children = keepObjects(o.Children, drop)
		}
		out = append(out, o)
	}
	if out == nil && os != nil {
		out = []sim.HouseObject{}
	}
	return out
}

// sortHouseOrder orders the left-out objects as the house lists them
// (depth first, parents before children).
func sortHouseOrder(h *sim.House, lo []LeftOutObject) []LeftOutObject {
	byID := make(map[string]LeftOutObject, len(lo))
	for _, l := range lo {
		byID[l.ID] = l
	}
	out := make([]LeftOutObject, 0, len(lo))
	var walk func(os []sim.HouseObject)
	walk = func(os []sim.HouseObject) {
		for i := range os {
			if l, ok := byID[os[i].ID]; ok {
				out = append(out, l)
			}
			walk(os[i].Children)
		}
	}
	walk(h.Objects)
	return out
}
