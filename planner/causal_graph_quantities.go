package planner

import (
	"fmt"
	"strings"
)

// quantities adds the category's deciding quantities and the answer node:
// the mover's position (and each landmark's) → the measured quantities →
// the answer.
func (g *graphBuilder) quantities(cat Category) error {
	ex, m := g.ex, g.m
	mv := ex.Mover.ObjectID
	pos := "position:" + mv
	var parents []string
	switch cat {
	case CloserTo, ClosestThree, CountNear, NearObject:
		qty, name, vals, path := QtyCentreDistance, "centre distance", m.CentreDistance, "centre_distance"
		if cat == CloserTo {
			qty, name, vals, path = QtySurfaceClearance, "bounding-box gap", m.SurfaceClearance, "surface_clearance"
		}
		if len(vals) == 0 {
			return fmt.Errorf("metrics lack %s", path)
		}
		var th *float64
		if cat == CountNear || cat == NearObject {
			if m.Tau == nil {
				return fmt.Errorf("metrics lack tau")
			}
			th = m.Tau
		}
		for _, ref := range ex.Referenced {
			v, ok := vals[ref.ObjectID]
			if !ok {
				return fmt.Errorf("metrics %s lack %s", path, ref.ObjectID)
			}
			id := qty + ":" + ref.ObjectID
			g.node(CausalNode{ID: id, Kind: NodeAttribute, Quantity: qty, Object: ref.ObjectID,
				Name: fmt.Sprintf("%s from %s to %s", name, ex.Mover.Name(), ref.Name()), Unit: "m",
				Before: v.Before, Value: v.After, Threshold: th, Text: metres(v.After),
				Metric: metricPointer(path, ref.ObjectID, "after")})
			g.edge(pos, id)
			g.refEdges(ref.ObjectID, id)
			parents = append(parents, id)
		}
		if cat == CountNear {
			if m.CountAfter == nil {
				return fmt.Errorf("metrics lack count_after")
			}
			c := g.node(CausalNode{ID: QtyCount, Kind: NodeAttribute, Quantity: QtyCount,
				Name:  fmt.Sprintf("number of objects within %s of %s", metres(*m.Tau), ex.Mover.Name()),
				Value: *m.CountAfter, Before: intOrNil(m.CountBefore), Threshold: m.Tau,
				Text: fmt.Sprint(*m.CountAfter), Metric: metricPointer("count_after")})
			for _, p := range parents {
				g.edge(p, c)
			}
			parents = []string{c}
		}
	case ContactWall:
		if m.WallAfter == nil || m.TauWall == nil {
			return fmt.Errorf("metrics lack wall_clearance_after or tau_wall")
		}
		id := g.node(CausalNode{ID: QtyWallClearance, Kind: NodeAttribute, Quantity: QtyWallClearance, Object: mv,
			Name: "gap between " + ex.Mover.Name() + " and the nearest wall", Unit: "m",
			Before: floatOrNil(m.WallBefore), Value: *m.WallAfter, Threshold: m.TauWall,
			Text: metres(*m.WallAfter), Metric: metricPointer("wall_clearance_after")})
		g.edge(pos, id)
		parents = []string{id}
	case Occlusion:
		if m.CoverRate == nil || m.TauOcc == nil || len(ex.Referenced) == 0 {
			return fmt.Errorf("metrics lack cover_rate or tau_occ")
		}
		b := ex.Referenced[0]
		id := g.node(CausalNode{ID: QtyCoverRate, Kind: NodeAttribute, Quantity: QtyCoverRate, Object: b.ObjectID,
			Name:  fmt.Sprintf("share of %s hidden by %s", b.Name(), ex.Mover.Name()),
			Value: *m.CoverRate, Threshold: m.TauOcc, Text: fmt.Sprintf("%.2f", *m.CoverRate), Metric: metricPointer("cover_rate")})
		g.edge(pos, id)
		g.refEdges(b.ObjectID, id)
		parents = []string{id}
	case Feasibility:
		feasible, ok := m.Probe["feasible"].(bool)
		if !ok {
			return fmt.Errorf("metrics lack probe.feasible")
		}
		text := "blocked"
		if feasible {
			text = "free"
		}
		id := g.node(CausalNode{ID: QtyProbe, Kind: NodeEvent, Quantity: QtyProbe, Object: mv,
			Name: "further move of " + ex.Mover.Name() + " tested from its new position", Value: feasible,
			Text: text, Metric: metricPointer("probe", "feasible")})
		g.edge(pos, id)
		parents = []string{id}
	case LeftRight:
		if m.UMoverAfter == nil || m.ULandmarkAfter == nil || len(ex.Referenced) == 0 {
			return fmt.Errorf("metrics lack u_mover_after or u_landmark_after")
		}
		l := ex.Referenced[0]
		um := g.node(CausalNode{ID: QtyImageU + ":" + mv, Kind: NodeAttribute, Quantity: QtyImageU, Object: mv,
			Name: "horizontal image position of " + ex.Mover.Name(), Unit: "px",
			Before: floatOrNil(m.UMoverBefore), Value: *m.UMoverAfter, Text: fmt.Sprintf("%.0f px", *m.UMoverAfter), Metric: metricPointer("u_mover_after")})
		ul := g.node(CausalNode{ID: QtyImageU + ":" + l.ObjectID, Kind: NodeAttribute, Quantity: QtyImageU, Object: l.ObjectID,
			Name: "horizontal image position of " + l.Name(), Unit: "px",
			Before: floatOrNil(m.ULandmarkBefore), Value: *m.ULandmarkAfter, Text: fmt.Sprintf("%.0f px", *m.ULandmarkAfter), Metric: metricPointer("u_landmark_after")})
		g.edge(pos, um)
		g.refEdges(l.ObjectID, ul)
		side := "right of"
		if *m.UMoverAfter < *m.ULandmarkAfter {
			side = "left of"
		}
		rel := g.node(CausalNode{ID: QtyRelation, Kind: NodeAttribute, Quantity: QtyRelation,
			Name: fmt.Sprintf("side of %s relative to %s in the image", ex.Mover.Name(), l.Name()), Value: side, Text: side})
		g.edge(um, rel)
		g.edge(ul, rel)
		parents = []string{rel}
	default:
		return fmt.Errorf("unknown category")
	}
	ans := g.node(CausalNode{ID: AnswerNode, Kind: NodeAttribute, Quantity: QtyAnswer, Name: "answer",
		Value: ex.Answer, Before: strOrNil(ex.BeforeAnswer), Text: answerText(ex), Metric: metricPointer("answer")})
	for _, p := range parents {
		g.edge(p, ans)
	}
	return nil
}

// answerText is the answer's choice text(s), joined in letter order.
func answerText(ex *Example) string {
	var parts []string
	for _, r := range ex.Answer {
		i := int(r - 'A')
		if i >= 0 && i < len(ex.Choices) {
			parts = append(parts, ex.Choices[i])
		}
	}
	return strings.Join(parts, "; ")
}

func floatOrNil(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func intOrNil(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func strOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}
