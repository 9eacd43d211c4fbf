package score

import (
	"encoding/json"
	"math"

	"flowbench/render"
)

// markAreas are the areas in pixels of a full-size Set-of-Marks mark
// (render.MarkRadius) and of the smallest mark render shrinks one to on a
// small object (render.MinMarkRadius) at the given image size.
func markAreas(style render.MarkStyle, w, h int) (full, smallest float64) {
	r := render.MarkRadius(style, w, h)
	m := render.MinMarkRadius(style, w, h)
	return math.Pi * r * r, math.Pi * m * m
}

// smallMentioned counts the row's mentioned objects (mover and referenced)
// and those whose visible I0 pixels (metrics.m0.<id>.pixels) are fewer
// than k times a full dot's area (small), and fewer than k times the
// smallest dot's area (tiny: the object cannot show around even a shrunk
// dot). Objects without a pixel count are not counted.
func smallMentioned(r *AuditRow, met map[string]json.RawMessage, k float64, style render.MarkStyle) (small, tiny, mentioned int) {
	var m0 map[string]struct {
		Pixels *int `json:"pixels"`
	}
	if json.Unmarshal(met["m0"], &m0) != nil || r.Width <= 0 || r.Height <= 0 {
		return 0, 0, 0
	}
	full, smallest := markAreas(style, r.Width, r.Height)
	ids := []string{r.Mover.ObjectID}
	for _, o := range r.Referenced {
		ids = append(ids, o.ObjectID)
	}
	for _, id := range ids {
		o, ok := m0[id]
		if !ok || o.Pixels == nil {
			continue
		}
		mentioned++
		px := float64(*o.Pixels)
		if px < k*full {
			small++
		}
		if px < k*smallest {
			tiny++
		}
	}
	return small, tiny, mentioned
}
