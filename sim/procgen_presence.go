package sim

import (
	"math"
	"sort"
)

// Room contents of the iTHOR style: each room first draws which object
// types it holds (drawPresence), with the share of the real iTHOR rooms of
// its type holding each, then furnishes only those, about one object per
// type as the real rooms have (the reference gives no counts).

// typesIn returns the types the main pass may draw for the room with a
// placement rule: the catalog's, and in iTHOR-style rooms only those the
// room drew (presence, drawn from the share of real iTHOR rooms of its type
// holding each: no vacuum cleaners, washing machines, dryers or shelving
// units, which iTHOR 2.1 scenes never have).
func (f *furnisher) typesIn(p Placement) []*TypeInfo {
	if f.present == nil {
		return f.cat.TypesIn(f.room.typ, p)
	}
	var out []*TypeInfo
	for _, t := range f.cat.TypesWith(p) {
		if f.present[t.Type] {
			out = append(out, t)
		}
	}
	return out
}

// drawPresence draws which of the catalog types real iTHOR rooms of the
// room's type hold an iTHOR-style room holds. Type t is present in the
// scene of slot k (its place among the 30 scenes of its room type) when
// frac(u_t + k·φ) < share_t, where share_t is the share of the 30 real
// scenes of that type holding t (ithorPresence), φ the golden ratio's
// fractional part and u_t uniform in [0, 1) from the seed and the type's
// name. Over the 30 scenes of a room type each type is then present in
// at most 2 scenes more or fewer than 30·share_t (the Kronecker sequence's
// worst case at this length, found over every share k/30 and 2,000 random
// u), where 30 independent draws stray by 2.7 scenes as one standard
// deviation at share 0.5; which scenes hold it still varies with the seed.
func drawPresence(pr *planRoom, cat *Catalog) map[string]bool {
	present := map[string]bool{}
	for name := range ithorRoomContents[pr.typ] {
		if cat.Type(name) == nil {
			continue
		}
		u := float64(splitMix(uint64(pr.ithorSeed)^fnv64(name))>>11) / (1 << 53)
		if x := u + float64(pr.ithorSlot)*goldenFrac; x-math.Floor(x) < IthorPresence(pr.typ, name) {
			present[name] = true
		}
	}
	return present
}

// goldenFrac is the fractional part of the golden ratio.
const goldenFrac = 0.6180339887498949

// fnv64 is the 64-bit FNV-1a hash of a string.
func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// ithorSlot returns an iTHOR scene number's place among the 30 scenes of
// its room type (FloorPlan7 → 6, FloorPlan401 → 0).
func ithorSlot(num int) int { return (num - 1) % 100 }

// presentQueue returns the types an iTHOR-style room places with a
// placement rule, in order: the essentials the room drew (or that every
// real room of its type holds, such as counters, beds and toilets), then
// the other types among options it drew, shuffled.
func (f *furnisher) presentQueue(essentials []string, options []*TypeInfo) []string {
	var out []string
	queued := map[string]bool{}
	for _, name := range essentials {
		if f.present[name] || IthorPresence(f.room.typ, name) >= essentialPresence {
			out = append(out, name)
			queued[name] = true
		}
	}
	var rest []string
	for _, t := range options {
		if !queued[t.Type] {
			rest = append(rest, t.Type)
		}
	}
	f.r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(out, rest...)
}

// essentialPresence is the least share of real rooms holding an essential
// type (mustAgainstWall) for every iTHOR-style room to get it whatever it
// drew: a bedroom always has its bed, but only half have a dresser.
const essentialPresence = 0.9

// extraSmallP is the chance that an iTHOR-style room holds a second object
// of a small-object type it drew.
const extraSmallP = 0.25

// furnishSurfacesByType puts the small objects of an iTHOR-style room on
// its receptacles: one object of each type the room drew (a second one
// with chance extraSmallP), each on a receptacle that accepts it, drawn by
// top area.
func (f *furnisher) furnishSurfacesByType() {
	var tops []*placedObj
	for _, p := range f.placed {
		if p.typ.Receptacle {
			tops = append(tops, p)
		}
	}
	// The most constrained types first (pillows go only on beds and sofas),
	// then the largest (pans before forks): a type is tried before the tops
	// fill up with what could stand anywhere, or around it.
	queue := f.presentQueue(nil, f.typesIn(OnSurface))
	accepting := map[string]int{}     // the tops accepting each type
	footprint := map[string]float64{} // its largest variant's footprint
	for _, name := range queue {
		for _, p := range tops {
			if f.topAccepts(p, name) {
				accepting[name]++
			}
		}
		for _, v := range f.cat.Type(name).Variants {
			footprint[name] = math.Max(footprint[name], v.Size[0]*v.Size[2])
		}
	}
	sort.SliceStable(queue, func(a, b int) bool {
		na, nb := accepting[queue[a]], accepting[queue[b]]
		if na != nb {
			return na < nb
		}
		return footprint[queue[a]] > footprint[queue[b]]
	})
	for _, name := range queue {
		if f.fixed[name] {
			continue
		}
		t := f.cat.Type(name)
		n := 1
		if f.r.Chance(extraSmallP) {
			n = 2
		}
		var ws []float64
		for _, p := range tops {
			w := 0.0
			if f.topAccepts(p, name) {
				sr := surfaceRect(p)
				w = (sr[1] - sr[0]) * (sr[3] - sr[2])
			}
			ws = append(ws, w)
		}
		for placed, tries := 0, 0; placed < n && tries < 8; tries++ {
			k := f.r.Weighted(ws)
			if k < 0 {
				break
			}
			if f.placeSmall(tops[k], t, surfaceRect(tops[k])) {
				placed++
			}
		}
	}
}
