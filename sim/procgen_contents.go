package sim

import (
	"fmt"
	"io"
	"math"
	"sort"
	"text/tabwriter"
)

// Room contents against the real iTHOR scenes: per room type, the share of
// rooms holding each object type and the mean count per room, next to the
// share of the 30 real iTHOR scenes of that type holding it (ithorPresence;
// the reference lists types per scene, without counts).

// IthorPresence returns the share of the real iTHOR scenes of a room type
// holding at least one object of type typ (0 for a type none holds). A
// flowbench-only type counts as its iTHOR counterpart (ithorCounterpart:
// a Stove as StoveBurner, a Shower as a shower stall without a bathtub).
func IthorPresence(room RoomType, typ string) float64 {
	if c, ok := ithorCounterpart[typ]; ok {
		typ = c
	}
	n := ithorPresence[room][typ] + ithorDerivedPresence[room][typ]
	return float64(n) / IthorScenesPerRoomType
}

// isCounterpartName reports whether an iTHOR type name is compared under a
// flowbench type's name (StoveBurner under Stove), so the contents table
// lists it once, under the flowbench name.
func isCounterpartName(typ string) bool {
	for _, c := range ithorCounterpart {
		if c == typ {
			return true
		}
	}
	return false
}

// ContentsRow is one object type's presence in one room type.
type ContentsRow struct {
	Room      RoomType
	Type      string
	Presence  float64 // share of the generated rooms holding the type
	MeanCount float64 // objects of the type per generated room
	Ithor     float64 // share of the real iTHOR scenes holding it
}

// Gap is the generated presence minus the real iTHOR one.
func (r ContentsRow) Gap() float64 { return r.Presence - r.Ithor }

// Contents returns, per room type in RoomTypes order, every object type the
// generated rooms or the real iTHOR scenes of that type hold, sorted by the
// real presence (highest first), then by name. Room types without
// generated rooms are left out.
func (s *Stats) Contents() []ContentsRow {
	var out []ContentsRow
	for i := range s.ByRoomType {
		t := &s.ByRoomType[i]
		if t.Rooms == 0 {
			continue
		}
		types := map[string]bool{}
		for typ := range t.Holding {
			types[typ] = true
		}
		for typ := range ithorPresence[t.Type] {
			types[typ] = true
		}
		for typ := range ithorCounterpart {
			if IthorPresence(t.Type, typ) > 0 {
				types[typ] = true
			}
		}
		var rows []ContentsRow
		for typ := range types {
			if isCounterpartName(typ) {
				continue
			}
			rows = append(rows, ContentsRow{Room: t.Type, Type: typ, Presence: t.Presence(typ),
				MeanCount: t.MeanCount(typ), Ithor: IthorPresence(t.Type, typ)})
		}
		sort.Slice(rows, func(a, b int) bool {
			if rows[a].Ithor != rows[b].Ithor {
				return rows[a].Ithor > rows[b].Ithor
			}
			return rows[a].Type < rows[b].Type
		})
		out = append(out, rows...)
	}
	return out
}

// WriteContents prints Contents as one aligned table per room type, with
// the gap to real iTHOR marked where it exceeds tol.
func (s *Stats) WriteContents(w io.Writer, tol float64) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var room RoomType
	for _, r := range s.Contents() {
		if r.Room != room {
			if room != "" {
				fmt.Fprintln(tw)
			}
			room = r.Room
			fmt.Fprintf(tw, "%s contents\trooms holding\tper room\treal iTHOR\tgap\n", room)
		}
		mark := ""
		if math.Abs(r.Gap()) > tol {
			mark = " *"
		}
		fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t%+.2f%s\n", r.Type, r.Presence, r.MeanCount, r.Ithor, r.Gap(), mark)
	}
	if room != "" {
		fmt.Fprintf(tw, "\n* gap to the share of the 30 real iTHOR scenes of the room type over %.2f\n", tol)
	}
	return tw.Flush()
}

// ContentsTolerance is the largest gap between a generated room type's
// presence share of an object type and the real iTHOR scenes' share that
// the iTHOR style aims for (issue 36: ±0.15).
const ContentsTolerance = 0.15
