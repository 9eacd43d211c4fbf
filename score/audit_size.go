package score

import (
	"encoding/json"
	"math"

	"flowbench/render"
)

// markArea is the area in pixels of a Set-of-Marks dot at the given image
// size (render.MarkRadius for dots).
func markArea(w, h int) float64 {
	r := render.MarkRadius(render.StyleDots, w, h)
	return math.Pi * r * r
}

// smallMentioned counts the row's mentioned objects (mover and referenced)
// and those whose visible I0 pixels (metrics.m0.<id>.pixels) are fewer
// than k times the mark's area. Objects without a pixel count are not
// counted.
func smallMentioned(r *AuditRow, met map[string]json.RawMessage, k float64) (small, mentioned int) {
	var m0 map[string]struct {
		Pixels *int `json:"pixels"`
	}
	if json.Unmarshal(met["m0"], &m0) != nil || r.Width <= 0 || r.Height <= 0 {
		return 0, 0
	}
	limit := k * markArea(r.Width, r.Height)
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
		if float64(*o.Pixels) < limit {
			small++
		}
	}
	return small, mentioned
}
