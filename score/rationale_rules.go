package score

import (
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"

	"flowbench/planner"
)

// RuleJudge is a deterministic, offline judge of rationales, for tests and
// for scoring without a judge model. It reads the rationale sentence by
// sentence (docs/causal.md lists the rules):
//   - EF: an object is mentioned when its type words or its mark ("red
//     dot", "mark 2") appear; an attribute or event when a keyword of its
//     quantity does ("distance", "wall", "cover", "drop", ...); the answer
//     when an answer can be read from the reply (Extract).
//   - DC: a sentence that mentions the node states its value: a length
//     within max(5 cm, 10%) (m or cm), a cover rate within 0.05 (fraction
//     or percent), the exact count, the side ("left of"), the probe outcome
//     ("blocked"/"free"), the move's main direction with any length stated
//     for it matching; the mover's position counts as described when the
//     move is; the answer when the reply's answer is right.
//   - RA: one sentence, or two consecutive ones, mention both ends of the
//     edge and hold a causal connective ("so", "because", "therefore",
//     "which", "after", "→", ...); an edge from an object to its own event
//     or attribute needs only the co-mention.
type RuleJudge struct{}

// Judge implements Judge.
func (RuleJudge) Judge(_ context.Context, q *Question, rationale string, items []JudgeItem) ([]bool, error) {
	r := newRationaleText(rationale)
	for _, it := range items {
		if it.Node != nil && it.Node.Quantity == planner.QtyMotion {
			r.move = it.Node
		}
	}
	out := make([]bool, len(items))
	for i, it := range items {
		switch it.Metric {
		case MetricEF:
			out[i] = r.mentionedAnywhere(q, it.Node)
		case MetricDC:
			out[i] = r.described(q, it.Node)
		case MetricRA:
			out[i] = r.related(q, it.Node, it.Effect)
		}
	}
	return out, nil
}

// rationaleText is a rationale split into lower-case sentences.
type rationaleText struct {
	raw       string
	sentences []string
	move      *planner.CausalNode // the graph's move event
}

var sentenceEnd = regexp.MustCompile(`[.!?;](\s+|$)|\n+`)

func newRationaleText(s string) *rationaleText {
	var ss []string
	for _, p := range sentenceEnd.Split(strings.ToLower(s), -1) {
		if p = strings.TrimSpace(p); p != "" {
			ss = append(ss, p)
		}
	}
	return &rationaleText{raw: s, sentences: ss}
}

// quantityWords are the word stems that mention an attribute or event.
var quantityWords = map[string]*regexp.Regexp{
	planner.QtyMotion:           words(`mov(e|es|ed|ing)`, `shift`, `slid`, `push`, `displac`, `translat`, `travel`, `go(es)? `, `carri`),
	planner.QtyBlocked:          words(`block`, `collid`, `collision`, `stop`, `hit`, `obstruct`),
	planner.QtyDrop:             words(`drop`, `fall`, `fell`, `settl`, `gravity`),
	planner.QtyCarried:          words(`carr`, `along with`, `on top`, `with it`),
	planner.QtyPosition:         words(`position`, `ends? up`, `now (at|sits|lies|is)`, `new (location|place|spot)`, `located`, `placed`, `after the (move|motion)`, `moved to`),
	planner.QtyCentreDistance:   words(`distance`, `far`, `close`, `near`, `away`, `apart`, `within`),
	planner.QtySurfaceClearance: words(`gap`, `clearance`, `distance`, `close`, `near`, `touch`),
	planner.QtyWallClearance:    words(`wall`, `gap`, `clearance`),
	planner.QtyCoverRate:        words(`cover`, `hid(e|es|den|ing)`, `occlu`, `obscur`, `visible`, `block`),
	planner.QtyCount:            words(`count`, `number`, `how many`, `of them`, `objects? (are )?within`),
	planner.QtyProbe:            words(`further`, `collid`, `collision`, `blocked`, `free`, `clear`, `obstruct`, `fit`),
	planner.QtyImageU:           words(`image`, `column`, `horizontal`, `px`, `pixel`),
	planner.QtyRelation:         words(`left`, `right`),
}

func words(stems ...string) *regexp.Regexp {
	return regexp.MustCompile(`\b(` + strings.Join(stems, "|") + `)`)
}

var connective = words(`so`, `therefore`, `thus`, `hence`, `because`, `since`, `as a result`, `which`, `caus`,
	`makes?`, `meaning`, `after`, `now`, `then`, `leav`, `bring`, `put`, `result`)

// objectWords returns the phrases that mention an object node: its type
// words and its mark, parsed from "the mug (red dot)".
func objectWords(n *planner.CausalNode) []string {
	name := strings.ToLower(strings.TrimPrefix(n.Name, "the "))
	var out []string
	if i := strings.Index(name, " ("); i >= 0 {
		out = append(out, name[:i], strings.TrimSuffix(name[i+2:], ")"))
	} else {
		out = append(out, name)
	}
	return out
}

// objectNode returns a node standing for the object an attribute is about.
func objectNode(q *Question, id string) *planner.CausalNode {
	for _, r := range append([]planner.ObjectRef{q.Mover}, q.Referenced...) {
		if r.ObjectID == id {
			return &planner.CausalNode{Kind: planner.NodeObject, Name: r.Name(), Object: id}
		}
	}
	return nil
}

// mentions reports whether sentence s mentions node n.
func mentions(q *Question, s string, n *planner.CausalNode) bool {
	if n.Kind == planner.NodeObject {
		for _, w := range objectWords(n) {
			if w != "" && strings.Contains(s, w) {
				return true
			}
		}
		return false
	}
	if n.Quantity == planner.QtyAnswer {
		return strings.Contains(s, "answer")
	}
	re := quantityWords[n.Quantity]
	return re != nil && re.MatchString(s)
}

func (r *rationaleText) mentionedAnywhere(q *Question, n *planner.CausalNode) bool {
	if n.Quantity == planner.QtyAnswer {
		_, ok := Extract(r.raw)
		return ok
	}
	for _, s := range r.sentences {
		if mentions(q, s, n) {
			return true
		}
	}
	return false
}

// related reports whether a window of one or two sentences mentions both
// ends of an edge with a causal connective (or, from an object to its own
// attribute or event, just both).
func (r *rationaleText) related(q *Question, u, v *planner.CausalNode) bool {
	own := u.Kind == planner.NodeObject && v.Object == u.Object
	for i := range r.sentences {
		for j := i; j <= i+1 && j < len(r.sentences); j++ {
			w := strings.Join(r.sentences[i:j+1], ". ")
			if v.Quantity == planner.QtyAnswer {
				if mentions(q, w, u) && (strings.Contains(w, "answer") || i == len(r.sentences)-1 || j == len(r.sentences)-1) && connective.MatchString(w) {
					return true
				}
				continue
			}
			if mentions(q, w, u) && mentions(q, w, v) && (own || connective.MatchString(w)) {
				return true
			}
		}
	}
	return false
}

// described reports whether some sentence mentioning the node states its
// value.
func (r *rationaleText) described(q *Question, n *planner.CausalNode) bool {
	switch n.Quantity {
	case planner.QtyAnswer:
		got, ok := Extract(r.raw)
		return ok && got.String() == q.Answer
	case planner.QtyPosition:
		// A position is described through the move that set it.
		return n.Object == q.Mover.ObjectID && r.moveDescribed()
	case planner.QtyMotion:
		return r.moveDescribed()
	}
	obj := objectNode(q, n.Object)
	for _, s := range r.sentences {
		if !mentions(q, s, n) {
			continue
		}
		if r.sentenceStates(q, s, n, obj) {
			return true
		}
	}
	return false
}

// sentenceStates checks one sentence against a node's value.
func (r *rationaleText) sentenceStates(q *Question, s string, n, obj *planner.CausalNode) bool {
	switch n.Quantity {
	case planner.QtyCount:
		v, _ := n.Value.(float64)
		if iv, ok := n.Value.(int); ok {
			v = float64(iv)
		}
		for _, x := range numbersIn(s, "") {
			if x.value == v {
				return true
			}
		}
		return strings.Contains(s, " "+numberWords[int(v)]+" ") || strings.HasPrefix(s, numberWords[int(v)]+" ")
	case planner.QtyCoverRate:
		v := n.Value.(float64)
		for _, x := range numbersIn(s, "") {
			f := x.value
			if x.unit == "%" {
				f /= 100
			}
			if math.Abs(f-v) <= 0.05 {
				return true
			}
		}
		return false
	case planner.QtyRelation:
		side, _ := n.Value.(string) // "left of" / "right of"
		other := "right"
		if strings.HasPrefix(side, "right") {
			other = "left"
		}
		return strings.Contains(s, strings.TrimSuffix(side, " of")) && !strings.Contains(s, other)
	case planner.QtyProbe:
		free, _ := n.Value.(bool)
		if free {
			return words(`can\b`, `could\b`, `free`, `clear`, `without collid`, `no collision`, `fits`).MatchString(s) &&
				!words(`cannot`, `can't`, `could not`, `couldn't`).MatchString(s)
		}
		return words(`cannot`, `can't`, `could not`, `couldn't`, `blocked`, `collid`, `hit`, `obstruct`).MatchString(s)
	case planner.QtyImageU:
		v := n.Value.(float64)
		for _, x := range numbersIn(s, "px") {
			if math.Abs(x.value-v) <= math.Max(10, 0.1*v) {
				return true
			}
		}
		return false
	}
	// Lengths: those stated for the node's object (from its mention to the
	// next object's mark) or, for the mover's own quantities, after the
	// quantity's keyword; one within tolerance suffices.
	v, ok := n.Value.(float64)
	if !ok {
		return false
	}
	seg := s
	if obj != nil && n.Object != q.Mover.ObjectID {
		seg = objectSegment(s, obj)
	} else if loc := quantityWords[n.Quantity].FindStringIndex(s); loc != nil {
		seg = s[loc[0]:]
	}
	for _, x := range numbersIn(seg, "m") {
		if closeLength(x.value, v) {
			return true
		}
	}
	return false
}

var markRe = regexp.MustCompile(`\((?:[a-z]+ dot|mark \d+)\)`)

// objectSegment is the part of s about obj: from its mark (or, without
// one, its type words) to the next object's mark; "" when s does not
// mention it.
func objectSegment(s string, obj *planner.CausalNode) string {
	ws := objectWords(obj)
	start, end := -1, -1
	if len(ws) > 1 && ws[1] != "" {
		if i := strings.Index(s, "("+ws[1]+")"); i >= 0 {
			start, end = i, i+len(ws[1])+2
		}
	}
	if start < 0 {
		i := strings.Index(s, ws[0])
		if ws[0] == "" || i < 0 {
			return ""
		}
		start, end = i, i+len(ws[0])
	}
	if loc := markRe.FindStringIndex(s[end:]); loc != nil {
		return s[start : end+loc[0]]
	}
	return s[start:]
}

// moveDescribed checks the move: a sentence mentioning it names the main
// direction of the move node's camera-frame value, and any length it gives
// matches that component.
func (r *rationaleText) moveDescribed() bool {
	if r.move == nil {
		return false
	}
	comp := func(k string) float64 {
		switch m := r.move.Value.(type) {
		case map[string]float64:
			return m[k]
		case map[string]any:
			f, _ := m[k].(float64)
			return f
		}
		return 0
	}
	right, forward := comp("right"), comp("forward")
	dir, mag := "right", math.Abs(right)
	if right < 0 {
		dir = "left"
	}
	if math.Abs(forward) > math.Abs(right) {
		dir, mag = "forward|away|farther|further (from|away)", math.Abs(forward)
		if forward < 0 {
			dir = "back|toward|closer"
		}
	}
	dirRe := words(dir)
	for _, s := range r.sentences {
		if !quantityWords[planner.QtyMotion].MatchString(s) || !dirRe.MatchString(s) {
			continue
		}
		ls := numbersIn(s, "m")
		if len(ls) == 0 {
			return true
		}
		for _, x := range ls {
			if closeLength(x.value, mag) {
				return true
			}
		}
	}
	return false
}

// closeLength is the DC tolerance for lengths: max(5 cm, 10%).
func closeLength(got, want float64) bool {
	return math.Abs(got-want) <= math.Max(0.05, 0.1*math.Abs(want))
}

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

type number struct {
	value float64
	unit  string // "m" (cm converted), "%", "px" or ""
}

var numberRe = regexp.MustCompile(`(-?\d+(?:\.\d+)?)\s*(centimet(?:er|re)s?|cm|met(?:er|re)s?|m\b|%|percent|px|pixels?)?`)

// numbersIn lists the numbers of a sentence with their units; with want
// set ("m", "px"), only numbers in that unit (cm converted to m).
func numbersIn(s, want string) []number {
	var out []number
	for _, m := range numberRe.FindAllStringSubmatch(s, -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			continue
		}
		u := m[2]
		switch {
		case strings.HasPrefix(u, "c"):
			v, u = v/100, "m"
		case strings.HasPrefix(u, "m"):
			u = "m"
		case u == "%" || u == "percent":
			u = "%"
		case strings.HasPrefix(u, "p"):
			u = "px"
		}
		if want == "" || u == want {
			out = append(out, number{v, u})
		}
	}
	return out
}
