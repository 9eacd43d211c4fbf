package planner

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ParseCausalGraph decodes a causal graph from its JSON form (the
// causal_graph column) and checks its structure with Check.
func ParseCausalGraph(s string) (*CausalGraph, error) {
	var g CausalGraph
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		return nil, fmt.Errorf("causal graph: %v", err)
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	return &g, nil
}

// Check reports a malformed graph: a node without id or with an unknown
// kind, a duplicate id, an edge naming an unknown node, a cycle, no answer
// node, or a node with no path to the answer.
func (g *CausalGraph) Check() error {
	ids := map[string]bool{}
	for _, n := range g.Nodes {
		if n.ID == "" {
			return fmt.Errorf("causal graph: a node has no id")
		}
		if n.Kind != NodeObject && n.Kind != NodeAttribute && n.Kind != NodeEvent {
			return fmt.Errorf("causal graph: node %s has kind %q (want object, attribute or event)", n.ID, n.Kind)
		}
		if ids[n.ID] {
			return fmt.Errorf("causal graph: duplicate node %s", n.ID)
		}
		ids[n.ID] = true
	}
	if !ids[AnswerNode] {
		return fmt.Errorf("causal graph: no %q node", AnswerNode)
	}
	next := map[string][]string{}
	for _, e := range g.Edges {
		if !ids[e.From] || !ids[e.To] {
			return fmt.Errorf("causal graph: edge %s → %s names an unknown node", e.From, e.To)
		}
		next[e.From] = append(next[e.From], e.To)
	}
	// Depth-first search: colour 1 on the stack, 2 done and leading to the
	// answer.
	state := map[string]int{}
	var visit func(id string) (bool, error)
	visit = func(id string) (bool, error) {
		switch state[id] {
		case 1:
			return false, fmt.Errorf("causal graph: cycle through %s", id)
		case 2:
			return true, nil
		}
		state[id] = 1
		leads := id == AnswerNode
		for _, c := range next[id] {
			ok, err := visit(c)
			if err != nil {
				return false, err
			}
			leads = leads || ok
		}
		if !leads {
			return false, fmt.Errorf("causal graph: node %s has no path to the answer", id)
		}
		state[id] = 2
		return true, nil
	}
	for _, n := range g.Nodes {
		if _, err := visit(n.ID); err != nil {
			return err
		}
	}
	return nil
}

// Node returns the node with the given id, or nil.
func (g *CausalGraph) Node(id string) *CausalNode {
	for i := range g.Nodes {
		if g.Nodes[i].ID == id {
			return &g.Nodes[i]
		}
	}
	return nil
}

// Agrees reports a graph that disagrees with its row: a node whose value
// differs from the metrics JSON at its Metric pointer (or names a missing
// one), or an answer node whose value is not the row's answer. Pointers to
// the row's motion columns ("/realised_motion", "/requested_motion") are
// not metrics and are skipped.
func (g *CausalGraph) Agrees(metricsJSON, answer string) error {
	var metrics any
	if err := json.Unmarshal([]byte(metricsJSON), &metrics); err != nil {
		return fmt.Errorf("metrics: %v", err)
	}
	for _, n := range g.Nodes {
		switch {
		case n.ID == AnswerNode:
			if s, _ := n.Value.(string); s != answer {
				return fmt.Errorf("causal graph: answer node %v, but the answer is %q", n.Value, answer)
			}
			continue
		case n.Metric == "" || n.Metric == "/realised_motion" || n.Metric == "/requested_motion":
			continue
		}
		got, ok := jsonPointer(metrics, n.Metric)
		if !ok {
			return fmt.Errorf("causal graph: node %s points at %s, which the metrics lack", n.ID, n.Metric)
		}
		if !sameJSON(got, n.Value) {
			return fmt.Errorf("causal graph: node %s is %v, but the metrics hold %v at %s", n.ID, n.Value, got, n.Metric)
		}
	}
	return nil
}

// jsonPointer resolves an RFC 6901 pointer in decoded JSON.
func jsonPointer(v any, ptr string) (any, bool) {
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(ptr, "/")[1:] {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = obj[tok]; !ok {
			return nil, false
		}
	}
	return v, true
}

// sameJSON compares two values by their canonical JSON encodings.
func sameJSON(a, b any) bool {
	canon := func(v any) string {
		x, _ := json.Marshal(v)
		var d any
		_ = json.Unmarshal(x, &d)
		y, _ := json.Marshal(d)
		return string(y)
	}
	return canon(a) == canon(b)
}

// Lines describes the graph edge by edge, "cause → effect", each end as
// its name with its value's text: "move of the mug (red dot) [0.40 m to the
// left] → position of the mug (red dot)". Unobservable nodes are flagged.
func (g *CausalGraph) Lines() []string {
	label := func(id string) string {
		n := g.Node(id)
		if n == nil {
			return id
		}
		s := n.Name
		if n.Text != "" {
			s += " [" + n.Text + "]"
		}
		if n.Unobservable {
			s += " (unobservable)"
		}
		return s
	}
	out := make([]string, len(g.Edges))
	for i, e := range g.Edges {
		out[i] = label(e.From) + " → " + label(e.To)
	}
	return out
}
