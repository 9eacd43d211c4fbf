package score

import (
	"fmt"

	"flowbench/planner"
)

// Rationale metrics of CausalPhys (§3.3): each is the share of judge items
// the rationale satisfies.
const (
	MetricEF = "EF" // entity faithfulness: the node is mentioned, over all nodes
	MetricDC = "DC" // description correctness: the value is stated correctly, over attributes and events
	MetricRA = "RA" // relation awareness: the cause → effect edge is stated, over edges
)

// JudgeItem is one binary question a judge answers about a rationale: is a
// node mentioned (EF), is its value stated correctly (DC), is an edge's
// causal relation stated (RA).
type JudgeItem struct {
	Metric string
	Node   *planner.CausalNode // EF, DC: the node; RA: the cause
	Effect *planner.CausalNode // RA: the effect
	// Question is the item as a judge model reads it.
	Question string
}

// JudgeItems lists a graph's items in a fixed order: EF for every node, DC
// for every attribute and event, RA for every edge; nodes marked
// Unobservable and their edges are left out.
func JudgeItems(g *planner.CausalGraph) []JudgeItem {
	var items []JudgeItem
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Unobservable {
			continue
		}
		items = append(items, JudgeItem{Metric: MetricEF, Node: n,
			Question: fmt.Sprintf("Does the rationale mention %q?", n.Name)})
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Kind == planner.NodeObject || n.Unobservable {
			continue
		}
		items = append(items, JudgeItem{Metric: MetricDC, Node: n,
			Question: fmt.Sprintf("Does the rationale state that %q is %q (numbers within 10%% or 5 cm count as correct)?", n.Name, describe(n))})
	}
	for _, e := range g.Edges {
		u, v := g.Node(e.From), g.Node(e.To)
		if u.Unobservable || v.Unobservable {
			continue
		}
		items = append(items, JudgeItem{Metric: MetricRA, Node: u, Effect: v,
			Question: fmt.Sprintf("Does the rationale state that %q causes or determines %q?", u.Name, v.Name)})
	}
	return items
}

// describe is the value a DC item asks for.
func describe(n *planner.CausalNode) string {
	if n.Text != "" {
		return n.Text
	}
	return fmt.Sprint(n.Value)
}
