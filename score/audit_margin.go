package score

import (
	"encoding/json"
	"math"
	"sort"

	"flowbench/planner"
)

// Margin kinds, re-exported for readers of the audit.
const (
	MarginDistance  = planner.MarginDistance
	MarginPixels    = planner.MarginPixels
	MarginCoverRate = planner.MarginCoverRate
)

// auditMargin is a question's deciding margin and where it came from.
type auditMargin struct {
	planner.DecisionMargin
	Recorded bool // read from metrics.decision_margin (else recomputed)
}

// Under reports whether the margin breaks the planner's margin rule.
func (m auditMargin) Under() bool { return !m.OK() }

// decisionMargin returns the margin of a row's deciding comparison: the
// recorded metrics.decision_margin when present, else recomputed from the
// metrics older datasets carry (distances, wall clearance, centroids,
// cover rate). Feasibility has no threshold comparison: false.
func decisionMargin(r *AuditRow, met map[string]json.RawMessage) (auditMargin, bool) {
	if raw, ok := met["decision_margin"]; ok {
		var m planner.DecisionMargin
		if json.Unmarshal(raw, &m) == nil && m.Kind != "" {
			return auditMargin{m, true}, true
		}
	}
	num := func(key string) (float64, bool) {
		var x float64
		raw, ok := met[key]
		if !ok || json.Unmarshal(raw, &x) != nil {
			return 0, false
		}
		return x, true
	}
	after := func(key string) []float64 {
		var m map[string]struct {
			After float64 `json:"after"`
		}
		if json.Unmarshal(met[key], &m) != nil {
			return nil
		}
		var ds []float64
		for _, v := range m {
			ds = append(ds, v.After)
		}
		sort.Float64s(ds)
		return ds
	}
	switch r.Category {
	case "count_near", "near_object":
		tau, ok := num("tau")
		ds := after("centre_distance")
		if !ok || len(ds) == 0 {
			return auditMargin{}, false
		}
		best := planner.ThresholdMargin("tau", ds[0], tau)
		for _, d := range ds[1:] {
			if m := planner.ThresholdMargin("tau", d, tau); m.Gap < best.Gap {
				best = m
			}
		}
		return auditMargin{best, false}, true
	case "closest_three":
		ds := after("centre_distance")
		if len(ds) < 4 {
			return auditMargin{}, false
		}
		return auditMargin{planner.PairMargin("third_fourth", ds[2], ds[3]), false}, true
	case "closer_to":
		ds := after("surface_clearance")
		if len(ds) < 2 {
			return auditMargin{}, false
		}
		return auditMargin{planner.PairMargin("nearest_second", ds[0], ds[1]), false}, true
	case "contact_wall":
		clr, ok := num("wall_clearance_after")
		if !ok {
			return auditMargin{}, false
		}
		return auditMargin{planner.ThresholdMargin("tau_wall", clr, planner.TauWall), false}, true
	case "left_right":
		ua, ok1 := num("u_mover_after")
		ul, ok2 := num("u_landmark_after")
		if !ok1 || !ok2 || r.Width <= 0 {
			return auditMargin{}, false
		}
		return auditMargin{planner.DecisionMargin{Kind: MarginPixels, What: "landmark_u", Gap: math.Abs(ua - ul), Width: r.Width}, false}, true
	case "occlusion":
		cov, ok := num("cover_rate")
		if !ok {
			return auditMargin{}, false
		}
		return auditMargin{planner.DecisionMargin{Kind: MarginCoverRate, What: "tau_occ", Gap: math.Abs(cov - planner.TauOcc)}, false}, true
	}
	return auditMargin{}, false
}
