package sim

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
)

// This file gathers statistics over a batch of generated houses.

// RoomTypeStats counts rooms and their objects for one room type.
type RoomTypeStats struct {
	Type    RoomType
	Rooms   int
	Objects int     // all objects whose centre lies in rooms of this type
	Movable int     // of which pickupable or moveable
	Area    float64 // total floor area of the rooms, m²
	// Chairs counts the Chair objects whose centre lies in rooms of this
	// type.
	Chairs int
	// Holding counts, per object type, the rooms of this type holding at
	// least one object of it; Instances counts the objects of each type in
	// rooms of this type.
	Holding, Instances map[string]int
}

// Presence returns the share of rooms of this type holding at least one
// object of type typ.
func (t *RoomTypeStats) Presence(typ string) float64 { return ratio(t.Holding[typ], t.Rooms) }

// MeanCount returns the mean number of objects of type typ per room of
// this type.
func (t *RoomTypeStats) MeanCount(typ string) float64 { return ratio(t.Instances[typ], t.Rooms) }

// RoomDefiningTypes are the types whose presence per room type the
// statistics report: what real rooms of each type have.
// The flowbench-only fixtures (Stove, Mirror, Bathtub, Shower) are listed
// too.
var RoomDefiningTypes = []string{"Painting", "Television", "Microwave", "Toaster", "Sink", "ToiletPaperHanger", "TowelHolder",
	"Stove", "Mirror", "Bathtub", "Shower"}

// Share returns the share of rooms of this type holding the type named,
// one of RoomDefiningTypes (0 for other names).
func (t *RoomTypeStats) Share(typ string) float64 {
	if !slices.Contains(RoomDefiningTypes, typ) {
		return 0
	}
	return t.Presence(typ)
}

// MeanArea is the mean floor area of a room of this type, m².
func (t *RoomTypeStats) MeanArea() float64 {
	if t.Rooms == 0 {
		return 0
	}
	return t.Area / float64(t.Rooms)
}

// Stats summarises houses Generate(style, seed, 0..Houses-1).
type Stats struct {
	Style          string
	Seed           int64
	Houses         int
	Rooms          int // total over all houses
	RoomsMin       int
	RoomsMax       int
	Objects        int // total, small objects included
	Movable        int // total pickupable or moveable objects
	Small          int // total objects resting on a receptacle
	Doors          int
	Windows        int
	Reachable      int // total reachable positions
	FullyReachable int // houses where every room holds a reachable position
	ByRoomType     []RoomTypeStats
}

// RoomsPerHouse is the mean number of rooms per house.
func (s *Stats) RoomsPerHouse() float64 { return ratio(s.Rooms, s.Houses) }

// ObjectsPerRoom is the mean number of objects per room.
func (s *Stats) ObjectsPerRoom() float64 { return ratio(s.Objects, s.Rooms) }

// MovablePerRoom is the mean number of movable objects per room.
func (s *Stats) MovablePerRoom() float64 { return ratio(s.Movable, s.Rooms) }

// ReachableShare is the share of houses in which every room is reachable.
func (s *Stats) ReachableShare() float64 { return ratio(s.FullyReachable, s.Houses) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// GenerationStats generates houses 0..n-1 of a style for a seed and
// summarises them. For style "ithor" n is at most 120.
func GenerationStats(style string, seed int64, n int) (Stats, error) {
	st := NewStats(style, seed)
	if _, err := styleByName(style); err != nil {
		return st, err
	}
	if n <= 0 {
		return st, fmt.Errorf("number of houses %d must be positive", n)
	}
	for i := 0; i < n; i++ {
		h, err := Generate(style, seed, i)
		if err != nil {
			return st, err
		}
		s, err := NewScene(h)
		if err != nil {
			return st, fmt.Errorf("house %d of style %s, seed %d: %w", i, style, seed, err)
		}
		st.AddScene(s)
	}
	return st, nil
}

// NewStats returns empty statistics labelled with a style and seed.
func NewStats(style string, seed int64) Stats {
	st := Stats{Style: style, Seed: seed}
	for _, t := range RoomTypes {
		st.ByRoomType = append(st.ByRoomType, RoomTypeStats{Type: t, Holding: map[string]int{}, Instances: map[string]int{}})
	}
	return st
}

// AddScene adds one house's scene (generated or imported) to the
// statistics. Objects are assigned to the room holding their centre.
func (st *Stats) AddScene(s *Scene) {
	h := s.House
	typeIndex := func(t RoomType) int {
		for i, x := range RoomTypes {
			if x == t {
				return i
			}
		}
		return -1
	}
	st.Houses++
	st.Rooms += len(s.Rooms)
	if st.Houses == 1 || len(s.Rooms) < st.RoomsMin {
		st.RoomsMin = len(s.Rooms)
	}
	st.RoomsMax = max(st.RoomsMax, len(s.Rooms))
	st.Doors += len(h.Doors)
	st.Windows += len(h.Windows)
	roomType := map[string]RoomType{}
	for _, r := range s.Rooms {
		roomType[r.ID] = r.Type
		if k := typeIndex(r.Type); k >= 0 {
			st.ByRoomType[k].Rooms++
		}
	}
	for _, r := range h.Rooms {
		if k := typeIndex(RoomType(r.RoomType)); k >= 0 {
			st.ByRoomType[k].Area += polygonArea(r.FloorPolygon)
		}
	}
	holds := map[string]map[string]bool{} // room id → types it holds
	for _, o := range s.Objects {
		if id := s.RoomAt(o.Position[0], o.Position[2]); id != "" {
			if holds[id] == nil {
				holds[id] = map[string]bool{}
			}
			holds[id][o.Type] = true
		}
		st.Objects++
		if o.Movable() {
			st.Movable++
		}
		if o.Parent != "" {
			st.Small++
		}
		if k := typeIndex(roomType[s.RoomAt(o.Position[0], o.Position[2])]); k >= 0 {
			st.ByRoomType[k].Objects++
			if o.Movable() {
				st.ByRoomType[k].Movable++
			}
			if o.Type == "Chair" {
				st.ByRoomType[k].Chairs++
			}
			st.ByRoomType[k].Instances[o.Type]++
		}
	}
	for _, r := range s.Rooms {
		if k := typeIndex(r.Type); k >= 0 {
			for typ := range holds[r.ID] {
				st.ByRoomType[k].Holding[typ]++
			}
		}
	}
	reach := s.ReachablePositions()
	st.Reachable += len(reach)
	all := true
	counts := s.roomCounts(reach)
	for _, r := range s.Rooms {
		if counts[r.ID] == 0 {
			all = false
		}
	}
	if all {
		st.FullyReachable++
	}
}

// WriteTable prints the statistics as an aligned text table.
func (s *Stats) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "style\t%s\n", s.Style)
	fmt.Fprintf(tw, "seed\t%d\n", s.Seed)
	fmt.Fprintf(tw, "houses\t%d\n", s.Houses)
	fmt.Fprintf(tw, "rooms per house\t%.2f (min %d, max %d)\n", s.RoomsPerHouse(), s.RoomsMin, s.RoomsMax)
	fmt.Fprintf(tw, "objects per room\t%.2f\n", s.ObjectsPerRoom())
	fmt.Fprintf(tw, "movable objects per room\t%.2f\n", s.MovablePerRoom())
	fmt.Fprintf(tw, "small objects per room\t%.2f\n", ratio(s.Small, s.Rooms))
	fmt.Fprintf(tw, "doors per house\t%.2f\n", ratio(s.Doors, s.Houses))
	fmt.Fprintf(tw, "windows per house\t%.2f\n", ratio(s.Windows, s.Houses))
	fmt.Fprintf(tw, "reachable positions per house\t%.1f\n", ratio(s.Reachable, s.Houses))
	fmt.Fprintf(tw, "houses with every room reachable\t%d/%d (%.1f%%)\n", s.FullyReachable, s.Houses, 100*s.ReachableShare())
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "room type\trooms\tarea m²\tobjects/room\tmovable/room\tchairs/room")
	for _, t := range s.ByRoomType {
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.2f\t%.2f\t%.2f\n", t.Type, t.Rooms, t.MeanArea(), ratio(t.Objects, t.Rooms), ratio(t.Movable, t.Rooms), ratio(t.Chairs, t.Rooms))
	}
	fmt.Fprintln(tw)
	fmt.Fprint(tw, "rooms holding")
	for _, typ := range RoomDefiningTypes {
		fmt.Fprintf(tw, "\t%s", typ)
	}
	fmt.Fprintln(tw)
	for _, t := range s.ByRoomType {
		fmt.Fprint(tw, t.Type)
		for _, typ := range RoomDefiningTypes {
			fmt.Fprintf(tw, "\t%.0f%%", 100*t.Share(typ))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
