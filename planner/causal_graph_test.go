package planner

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestCausalGraphsAgreeWithMetrics builds the causal graph of every example
// of generated houses, from its JSON form as a row would store it, and
// checks it against the measured quantities: every node value equals the
// metrics at its pointer, the move equals the mover's measured displacement,
// each distance is recomputed from the m1 positions, the answer follows
// from the answer node's parents by the category's rule, and the graph is a
// DAG in which every node lies on a path from the mover to the answer.
func TestCausalGraphsAgreeWithMetrics(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	checked := map[string]int{}
	for i := 0; i < n; i++ {
		h := genHouse(t, 300+i)
		cfg := houseCfg(fmt.Sprintf("cg%d", i))
		cfg.CameraSize = 256
		exs, _, _, err := PlanHouse(newTestLocal(), h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for k := range exs {
			ex := &exs[k]
			// The stored form: metrics through JSON, as export writes them.
			var stored Example
			b, _ := json.Marshal(ex)
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			g, err := BuildCausalGraph(&stored)
			if err != nil {
				t.Fatalf("%s: %v", ex.ID, err)
			}
			checkCausalGraph(t, &stored, g)
			checked[ex.CategoryName]++
		}
	}
	for c := Category(0); c < NumCategories; c++ {
		if checked[c.String()] == 0 {
			t.Errorf("no %s example checked", c)
		}
	}
	t.Logf("checked %v", checked)
}

func checkCausalGraph(t *testing.T, ex *Example, g *CausalGraph) {
	t.Helper()
	metrics, _ := json.Marshal(ex.Metrics)
	var mj any
	_ = json.Unmarshal(metrics, &mj)
	nodes := map[string]CausalNode{}
	for _, n := range g.Nodes {
		if _, dup := nodes[n.ID]; dup {
			t.Errorf("%s: duplicate node %s", ex.ID, n.ID)
		}
		nodes[n.ID] = n
		if n.Metric == "" || n.Metric == "/answer" || n.Metric == "/realised_motion" || n.Metric == "/requested_motion" {
			continue
		}
		got, ok := jsonPointer(mj, n.Metric)
		if !ok {
			t.Errorf("%s: node %s: metric %s not in metrics", ex.ID, n.ID, n.Metric)
			continue
		}
		if !sameJSON(got, n.Value) {
			t.Errorf("%s: node %s = %v, metrics %s = %v", ex.ID, n.ID, n.Value, n.Metric, got)
		}
	}
	children := map[string][]string{}
	parents := map[string][]string{}
	for _, e := range g.Edges {
		if _, ok := nodes[e.From]; !ok {
			t.Errorf("%s: edge from unknown %s", ex.ID, e.From)
		}
		if _, ok := nodes[e.To]; !ok {
			t.Errorf("%s: edge to unknown %s", ex.ID, e.To)
		}
		children[e.From] = append(children[e.From], e.To)
		parents[e.To] = append(parents[e.To], e.From)
	}
	// Every node reaches the answer, and the answer is reached from the mover.
	reaches := func(from, to string, next map[string][]string) bool {
		seen := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if x == to {
				return true
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, next[x]...)
		}
		return false
	}
	for id := range nodes {
		if id != nodeAnswer && !reaches(id, nodeAnswer, children) {
			t.Errorf("%s: node %s does not lead to the answer", ex.ID, id)
		}
		for _, c := range children[id] {
			if reaches(c, id, children) {
				t.Errorf("%s: cycle through %s", ex.ID, id)
			}
		}
	}
	mover := "obj:" + ex.Mover.ObjectID
	if !reaches(mover, nodeAnswer, children) {
		t.Errorf("%s: no path from the mover to the answer", ex.ID)
	}
	// The move: the mover's measured displacement, in camera terms.
	m, _ := parseCausalMetrics(ex.Metrics)
	mv := ex.Mover.ObjectID
	d := m.M1[mv].Position.Sub(m.M0[mv].Position)
	if d.Sub(ex.RealisedMotion).Len() > 1e-5 {
		t.Errorf("%s: mover displaced %v, realised motion %v", ex.ID, d, ex.RealisedMotion)
	}
	r, f, _ := CameraComponents(ex.Camera, d)
	mvv := nodes[nodeMove].Value.(map[string]float64)
	if math.Abs(mvv["right"]-r) > 1e-5 || math.Abs(mvv["forward"]-f) > 1e-5 {
		t.Errorf("%s: move node %v, measured right %.6f forward %.6f", ex.ID, mvv, r, f)
	}
	// position → distance edges: the distance recomputed from the positions.
	for _, n := range g.Nodes {
		if n.Quantity == QtyCentreDistance {
			want := CentreDistance(m.M1[mv].Position, m.M1[n.Object].Position)
			if math.Abs(want-n.Value.(float64)) > 1e-5 {
				t.Errorf("%s: %s = %v, recomputed %.6f", ex.ID, n.ID, n.Value, want)
			}
		}
		if n.Quantity == QtySurfaceClearance && math.Abs(m.M1[n.Object].SurfaceClearance-n.Value.(float64)) > 1e-5 {
			t.Errorf("%s: %s = %v, m1 surface clearance %v", ex.ID, n.ID, n.Value, m.M1[n.Object].SurfaceClearance)
		}
	}
	// parents → answer: the category's rule on the parents' values.
	if got := answerFromParents(ex, nodes, parents[nodeAnswer]); got != ex.Answer {
		t.Errorf("%s: answer %s, from the graph %s", ex.ID, ex.Answer, got)
	}
	if nodes[nodeAnswer].Value != ex.Answer {
		t.Errorf("%s: answer node %v", ex.ID, nodes[nodeAnswer].Value)
	}
}

// answerFromParents re-derives the answer letter(s) from the answer node's
// parents alone.
func answerFromParents(ex *Example, nodes map[string]CausalNode, ps []string) string {
	letterOfText := func(text string) string {
		for i, c := range ex.Choices {
			if c == text {
				return Letter(i)
			}
		}
		return "?"
	}
	yesNo := func(b bool) string {
		if b {
			return letterOfText("yes")
		}
		return letterOfText("no")
	}
	val := func(id string) float64 { return nodes[id].Value.(float64) }
	switch ex.CategoryName {
	case CloserTo.String(), ClosestThree.String():
		type od struct {
			i int
			d float64
		}
		var ds []od
		for _, p := range ps {
			for i, r := range ex.Referenced {
				if nodes[p].Object == r.ObjectID {
					ds = append(ds, od{i, val(p)})
				}
			}
		}
		sort.Slice(ds, func(a, b int) bool { return ds[a].d < ds[b].d })
		k := 1
		if ex.CategoryName == ClosestThree.String() {
			k = 3
		}
		var idx []int
		for _, x := range ds[:k] {
			idx = append(idx, x.i)
		}
		return sortedLetters(idx)
	case CountNear.String():
		c := nodes[ps[0]]
		n := 0
		for _, e := range nodeList(nodes) {
			if e.Quantity == QtyCentreDistance && e.Value.(float64) <= *c.Threshold {
				n++
			}
		}
		if n != c.Value.(int) {
			return fmt.Sprintf("count %d != %v", n, c.Value)
		}
		return letterOfText(strconv.Itoa(n))
	case NearObject.String():
		return yesNo(val(ps[0]) <= *nodes[ps[0]].Threshold)
	case ContactWall.String():
		return yesNo(val(ps[0]) < *nodes[ps[0]].Threshold)
	case Occlusion.String():
		return yesNo(val(ps[0]) >= *nodes[ps[0]].Threshold)
	case Feasibility.String():
		return yesNo(nodes[ps[0]].Value.(bool))
	case LeftRight.String():
		side := nodes[ps[0]].Value.(string)
		return yesNo(strings.HasSuffix(ex.Metrics["relation"].(string), side))
	}
	return "?"
}

func nodeList(nodes map[string]CausalNode) []CausalNode {
	var out []CausalNode
	for _, n := range nodes {
		out = append(out, n)
	}
	return out
}

// jsonPointer resolves an RFC 6901 pointer in decoded JSON.
func jsonPointer(v any, ptr string) (any, bool) {
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

// sameJSON compares two values through their JSON encodings.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	var xa, ya any
	_ = json.Unmarshal(x, &xa)
	_ = json.Unmarshal(y, &ya)
	x, _ = json.Marshal(xa)
	y, _ = json.Marshal(ya)
	return string(x) == string(y)
}
