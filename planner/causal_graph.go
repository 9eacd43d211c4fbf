package planner

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// CausalGraph is the true causal chain of one example, in the form
// CausalPhys scores rationales against: entity nodes (the objects the
// question names), event nodes (the move, a drop under gravity, a collision
// that shortened it, a probe) and attribute nodes (positions and the
// question's quantities, down to the answer), joined by directed edges from
// cause to effect. Every value is read from the example's stored fields
// (realised motion, metrics, answer), so the graph and the metrics agree by
// construction; docs/causal.md describes the node and edge kinds.
type CausalGraph struct {
	Nodes []CausalNode `json:"nodes"`
	Edges []CausalEdge `json:"edges"`
}

// Node kinds.
const (
	NodeObject    = "object"
	NodeAttribute = "attribute"
	NodeEvent     = "event"
)

// CausalNode is one entity, event or attribute.
type CausalNode struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Name is how a rationale would refer to the node: "the mug (red dot)",
	// "centre distance from the mug (red dot) to the bowl (blue dot)".
	Name string `json:"name"`
	// Quantity says what an attribute or event measures (QtyMotion,
	// QtyCentreDistance, ...); empty for objects.
	Quantity string `json:"quantity,omitempty"`
	// Object is the objectId an object node stands for, or the object an
	// attribute belongs to.
	Object string `json:"object,omitempty"`
	// Value is the ground truth after the move (a number in Unit, a word, a
	// count, a position); Before the value before it, where it has one.
	Value  any    `json:"value,omitempty"`
	Before any    `json:"before,omitempty"`
	Unit   string `json:"unit,omitempty"`
	// Threshold is the constant the value is compared with, when the
	// question has one (tau, tau_wall, tau_occ).
	Threshold *float64 `json:"threshold,omitempty"`
	// Text is the description a correct rationale states ("0.40 m to the
	// left", "2", "to the left of").
	Text string `json:"text,omitempty"`
	// Unobservable marks a fact the question's text and image do not
	// give away (a collision that shortened the requested move: the motion
	// text states the realised move), so no rationale can be expected to
	// state it; rationale scoring skips it and its edges.
	Unobservable bool `json:"unobservable,omitempty"`
	// Metric locates the value: a JSON Pointer (RFC 6901) into the row's
	// metrics JSON, or "/answer", "/realised_motion", "/requested_motion"
	// for the row's columns of those names; consumers and tests cross-check
	// the value with it.
	Metric string `json:"metric,omitempty"`
}

// CausalEdge is a directed cause → effect dependency.
type CausalEdge struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Quantities of attribute and event nodes.
const (
	QtyMotion           = "motion"            // the requested move, realised
	QtyBlocked          = "blocked"           // a collision shortened the move
	QtyDrop             = "drop"              // the mover settled under gravity
	QtyCarried          = "carried"           // an object moved along with the mover
	QtyPosition         = "position"          // world position of an object's centre
	QtyCentreDistance   = "centre_distance"   // eq. 39
	QtySurfaceClearance = "surface_clearance" // eq. 27
	QtyWallClearance    = "wall_clearance"    // eq. 31
	QtyCoverRate        = "cover_rate"        // occlusion cover rate
	QtyCount            = "count"             // objects within tau
	QtyProbe            = "probe"             // feasibility probe outcome
	QtyImageU           = "image_u"           // mask-centroid column in the image
	QtyRelation         = "relation"          // left of / right of in the image
	QtyAnswer           = "answer"
)

// Fixed node ids; AnswerNode is the node every graph ends in.
const (
	nodeMove    = "move"
	nodeBlocked = "blocked"
	nodeDrop    = "drop"
	AnswerNode  = "answer"
)

// Graph thresholds: a move shorter than requested by more than
// CausalBlockedGap counts as blocked; drops use SettleText, like the motion
// text.
const CausalBlockedGap = 0.02 // metres

// causalMetrics is the typed view of an example's metrics JSON that the
// graph reads (the same view for a fresh example and for a stored row).
type causalMetrics struct {
	M0, M1 map[string]ObjMetric
	// before/after per object id
	CentreDistance   map[string]beforeAfter `json:"centre_distance"`
	SurfaceClearance map[string]beforeAfter `json:"surface_clearance"`
	Tau              *float64               `json:"tau"`
	CountBefore      *int                   `json:"count_before"`
	CountAfter       *int                   `json:"count_after"`
	CoverRate        *float64               `json:"cover_rate"`
	TauOcc           *float64               `json:"tau_occ"`
	WallBefore       *float64               `json:"wall_clearance_before"`
	WallAfter        *float64               `json:"wall_clearance_after"`
	TauWall          *float64               `json:"tau_wall"`
	WallAxis         string                 `json:"wall_axis"`
	UMoverBefore     *float64               `json:"u_mover_before"`
	UMoverAfter      *float64               `json:"u_mover_after"`
	ULandmarkBefore  *float64               `json:"u_landmark_before"`
	ULandmarkAfter   *float64               `json:"u_landmark_after"`
	Relation         string                 `json:"relation"`
	Probe            map[string]any         `json:"probe"`
}

type beforeAfter struct {
	Before float64 `json:"before"`
	After  float64 `json:"after"`
}

// BuildCausalGraph builds the causal graph of a finished example (after
// marks and paraphrases, so names match the question's text). It fails
// when the example lacks the metrics its category needs.
func BuildCausalGraph(ex *Example) (*CausalGraph, error) {
	b, err := json.Marshal(ex.Metrics)
	if err != nil {
		return nil, fmt.Errorf("causal graph of %s: metrics: %v", ex.ID, err)
	}
	return BuildCausalGraphFrom(ex, b)
}

// BuildCausalGraphFrom is BuildCausalGraph reading the metrics from their
// JSON encoding (the metrics column), which a caller that has encoded
// them already passes instead of encoding them again.
func BuildCausalGraphFrom(ex *Example, metricsJSON []byte) (*CausalGraph, error) {
	m := new(causalMetrics)
	if err := json.Unmarshal(metricsJSON, m); err != nil {
		return nil, fmt.Errorf("causal graph of %s: metrics: %v", ex.ID, err)
	}
	cat, err := ParseCategory(ex.CategoryName)
	if err != nil {
		cat = ex.Category
	}
	g := &graphBuilder{ex: ex, m: m, seen: map[string]bool{}}
	if err := g.motion(); err != nil {
		return nil, fmt.Errorf("causal graph of %s: %v", ex.ID, err)
	}
	if err := g.quantities(cat); err != nil {
		return nil, fmt.Errorf("causal graph of %s (%s): %v", ex.ID, cat, err)
	}
	return &g.g, nil
}

// graphBuilder accumulates nodes and edges.
type graphBuilder struct {
	ex   *Example
	m    *causalMetrics
	g    CausalGraph
	seen map[string]bool
}

func (g *graphBuilder) node(n CausalNode) string {
	if !g.seen[n.ID] {
		g.seen[n.ID] = true
		g.g.Nodes = append(g.g.Nodes, n)
	}
	return n.ID
}

func (g *graphBuilder) edge(from, to string) {
	g.g.Edges = append(g.g.Edges, CausalEdge{From: from, To: to})
}

// object adds the entity node of a mentioned object.
func (g *graphBuilder) object(id string) string {
	return g.node(CausalNode{ID: "obj:" + id, Kind: NodeObject, Name: g.ex.ref(id).Name(), Object: id})
}

// refEdges links a referenced object to a quantity that depends on where it
// is: from its object node, and from its position node when the move
// carried it along (the position node motion added would otherwise lead
// nowhere: a laptop on a moved box, counted near the box).
func (g *graphBuilder) refEdges(ref, to string) {
	g.edge(g.object(ref), to)
	if pos := "position:" + ref; g.seen[pos] {
		g.edge(pos, to)
	}
}

// positionNode adds an object's position attribute from m0/m1.
func (g *graphBuilder) positionNode(id string) (string, error) {
	p0, ok0 := g.m.M0[id]
	p1, ok1 := g.m.M1[id]
	if !ok0 || !ok1 {
		return "", fmt.Errorf("metrics m0/m1 lack %s", id)
	}
	return g.node(CausalNode{ID: "position:" + id, Kind: NodeAttribute, Quantity: QtyPosition,
		Name: "position of " + g.ex.ref(id).Name(), Object: id, Unit: "m",
		Before: p0.Position, Value: p1.Position, Metric: metricPointer("m1", id, "position")}), nil
}

// motion adds the mover, the move event, a collision that shortened it, a
// drop under gravity, the mover's position, and objects carried along.
func (g *graphBuilder) motion() error {
	ex := g.ex
	mv := ex.Mover.ObjectID
	obj := g.object(mv)
	r, f, up := CameraComponents(ex.Camera, ex.RealisedMotion)
	move := g.node(CausalNode{ID: nodeMove, Kind: NodeEvent, Quantity: QtyMotion,
		Name: "move of " + ex.Mover.Name(), Object: mv, Unit: "m",
		Value: map[string]float64{"right": round6(r), "forward": round6(f)},
		Text:  moveText(r, f), Metric: "/realised_motion"})
	g.edge(obj, move)
	pos, err := g.positionNode(mv)
	if err != nil {
		return err
	}
	// The move sets the position; a collision that shortened it and a drop
	// under gravity are further causes on the way.
	g.edge(move, pos)
	req := horizontalLen(ex.RequestedMotion)
	if got := horizontalLen(ex.RealisedMotion); req-got > CausalBlockedGap {
		b := g.node(CausalNode{ID: nodeBlocked, Kind: NodeEvent, Quantity: QtyBlocked,
			Name: "collision that stopped " + ex.Mover.Name(), Object: mv, Unit: "m",
			Before: round6(req), Value: round6(got), Unobservable: true,
			Text: fmt.Sprintf("stops after %s of the requested %s", metres(got), metres(req)), Metric: "/requested_motion"})
		g.edge(move, b)
		g.edge(b, pos)
	}
	if ex.Settled && up <= -SettleText {
		d := g.node(CausalNode{ID: nodeDrop, Kind: NodeEvent, Quantity: QtyDrop,
			Name: "drop of " + ex.Mover.Name() + " under gravity", Object: mv, Unit: "m",
			Value: round6(-up), Text: "drops " + metres(-up), Metric: "/realised_motion"})
		g.edge(move, d)
		g.edge(d, pos)
	}
	// Mentioned objects that moved with the mover (carried on it).
	for _, ref := range ex.Referenced {
		id := ref.ObjectID
		p0, ok0 := g.m.M0[id]
		p1, ok1 := g.m.M1[id]
		if id == mv || !ok0 || !ok1 || p0.Position.Sub(p1.Position).Len() < 1e-6 || g.seen["carried:"+id] {
			continue
		}
		c := g.node(CausalNode{ID: "carried:" + id, Kind: NodeEvent, Quantity: QtyCarried,
			Name: ref.Name() + " carried along by " + ex.Mover.Name(), Object: id, Unit: "m",
			Value: round6(p1.Position.Sub(p0.Position).Len()), Text: "moves with " + ex.Mover.Name()})
		cp, err := g.positionNode(id)
		if err != nil {
			return err
		}
		g.edge(pos, c)
		g.edge(c, cp)
	}
	return nil
}

// moveText words a camera-frame displacement like MotionText does.
func moveText(r, f float64) string {
	var s string
	if math.Abs(r) >= TextMinComp {
		s = metres(math.Abs(r)) + " to the right"
		if r < 0 {
			s = metres(math.Abs(r)) + " to the left"
		}
	}
	if math.Abs(f) >= TextMinComp {
		d := metres(math.Abs(f)) + " forward"
		if f < 0 {
			d = metres(math.Abs(f)) + " back"
		}
		if s != "" {
			s += " and "
		}
		s += d
	}
	if s == "" {
		s = "stays in place horizontally"
	}
	return s
}

func horizontalLen(v [3]float64) float64 { return math.Hypot(v[0], v[2]) }

// metricPointer joins path tokens into a JSON Pointer, escaping "~" and "/".
func metricPointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}
