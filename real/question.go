package real

// Category names of FlowBench-Real (B.4.1–B.4.7). Threshold is stored as
// near_object and the others under the simulated categories' names where
// they mean the same, so that scoring treats both halves alike;
// depth_order is Real's own.
const (
	CatThreshold    = "near_object"   // B.4.1 Threshold (Near Object)
	CatLeftRight    = "left_right"    // B.4.2
	CatCloserTo     = "closer_to"     // B.4.3
	CatClosestThree = "closest_three" // B.4.4
	CatCountNear    = "count_near"    // B.4.5
	CatDepthOrder   = "depth_order"   // B.4.6
	CatOcclusion    = "occlusion"     // B.4.7
)

// Categories lists the seven categories in the appendix's order.
var Categories = []string{CatThreshold, CatLeftRight, CatCloserTo, CatClosestThree, CatCountNear, CatDepthOrder, CatOcclusion}

// Spec is a question's structured content: what the template states, so
// that an independent reader (real check, or a person with the
// annotations) can recompute the answer from other geometry.
type Spec struct {
	// Category is one of Categories.
	Category string `json:"category"`
	// Landmark is the object a single-landmark question names (Threshold,
	// Left Right, Depth Order, Occlusion), an index into
	// Measurement.Objects; -1 otherwise.
	Landmark int `json:"landmark"`
	// Options are the objects offered as choices in choice order (Closer
	// To, Closest Three), indices into Measurement.Objects.
	Options []int `json:"options,omitempty"`
	// Counted are the landmarks Count Near counts (𝒫), in mark order.
	Counted []int `json:"counted,omitempty"`
	// CountChoices are Count Near's choice values in choice order.
	CountChoices []int `json:"count_choices,omitempty"`
	// T is the threshold of Threshold and Count Near, metres.
	T float64 `json:"t,omitempty"`
	// Claim is what a Threshold question asks: "within" (yes iff the
	// mover ends within T of the landmark) or "beyond" (yes iff it ends
	// at least T away).
	Claim string `json:"claim,omitempty"`
	// Negated reports a no-change question that states the false claim
	// ("more than T away", or the wrong side), B.4.8: its answer is no.
	Negated bool `json:"negated,omitempty"`
	// Side is Left Right's claimed side, "left" (yes iff the mover ends
	// left of the landmark, x_A < x_L) or "right"; Depth Order's claim is
	// always "closer" (yes iff z_A < z_L).
	Side string `json:"side,omitempty"`
	// Occlusion is "cover" (answer: partly blocked) or "reveal" (answer:
	// fully visible) for Occlusion questions; the choices are always
	// "fully visible", "partly blocked".
	Occlusion string `json:"occlusion,omitempty"`
}

// Question is one FlowBench-Real question with the measured quantities its
// rule used.
type Question struct {
	// ID is "<pair>/<category>[/<k>]", unique within a run.
	ID     string `json:"id"`
	PairID string `json:"pair_id"`
	Source string `json:"source"`
	Spec   Spec   `json:"spec"`
	// Changed reports a flip: the answer differs before and after the
	// move. No-change questions (B.4.8) have Changed false.
	Changed bool `json:"changed"`
	// MotionText states the move (B.4, move text and scale reference).
	MotionText string `json:"motion_text"`
	// Question is the stem and the "A. …" option lines; StaticQuestion
	// asks the same of I1 without a move (mode 2A).
	Question       string   `json:"question"`
	StaticQuestion string   `json:"static_question"`
	Choices        []string `json:"choices"`
	// Answer, BeforeAnswer and StaticAnswer are sorted choice letters.
	Answer       string `json:"answer"`
	BeforeAnswer string `json:"before_answer"`
	StaticAnswer string `json:"static_answer"`
	// Mentioned lists the objects the question mentions (mover first),
	// indices into Measurement.Objects; they get the colour dots.
	Mentioned []int `json:"mentioned"`
	// Named reports a named-object question (B.4.9): objects are named,
	// not marked, and its images carry no marks; Names are the names of
	// Mentioned, in the same order.
	Named bool     `json:"named,omitempty"`
	Names []string `json:"names,omitempty"`
	// Rule names the rule that passed, e.g. "B.4.1 flip T=0.15".
	Rule string `json:"rule"`
	// Quantities are the measured numbers the rule compared (distances,
	// margins, areas, depths), by name, metres or pixels as named.
	Quantities map[string]float64 `json:"quantities"`
	// MarginCleared is the smallest distance by which a comparison of the
	// rule cleared its boundary, metres (B.6's borderline rule);
	// RelMargin the same relative to T where the rule has a threshold
	// (0 otherwise). Occlusion has no metric margin: 0.
	MarginCleared float64 `json:"margin_cleared"`
	RelMargin     float64 `json:"rel_margin"`
	// Shortcut reports a Left Right question that "the object ends up on
	// the side it moved toward" answers correctly (B.6).
	Shortcut bool `json:"shortcut"`
	// Extended reports a question made with halved margins for the
	// extended training set (B.7).
	Extended bool `json:"extended,omitempty"`
	// QuestionDots and MotionTextDots are the question and move text of
	// the colour-dot version (objects named by dot colour); Dots are the
	// dot colour names of Mentioned, in the same order.
	QuestionDots   string   `json:"question_dots,omitempty"`
	MotionTextDots string   `json:"motion_text_dots,omitempty"`
	Dots           []string `json:"dots,omitempty"`
}
