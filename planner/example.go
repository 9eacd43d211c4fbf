package planner

import "flowbench/sim"

// Example is one generated question with everything needed to answer, score
// and explain it. Dense per-pixel annotations travel separately (Outcome).
type Example struct {
	ID           string   `json:"id"` // "<house_id>/v<view>/<category>"
	Split        string   `json:"split"`
	HouseID      string   `json:"house_id"`
	SceneStyle   string   `json:"scene_style"`
	ViewID       int      `json:"view_id"`
	Category     Category `json:"-"`
	CategoryName string   `json:"category"`

	MotionText     string   `json:"motion_text"`     // t_m, in camera terms
	Question       string   `json:"question"`        // t_q with lettered choices
	Choices        []string `json:"choices"`         // choice texts in letter order
	Answer         string   `json:"answer"`          // letters, e.g. "B" or "ABD"
	StaticQuestion string   `json:"static_question"` // the same question about I1, no motion (mode 2A)
	StaticAnswer   string   `json:"static_answer"`
	BeforeAnswer   string   `json:"before_answer"` // answer on the before-state, "" if the category has none
	Changed        bool     `json:"changed"`       // Answer != BeforeAnswer
	Reasoning      string   `json:"reasoning"`     // c_gt, rule-derived

	Mover      ObjectRef   `json:"mover"`
	Referenced []ObjectRef `json:"referenced"` // landmarks and options, in choice order where they are choices

	Camera          sim.Camera `json:"camera"`
	RequestedMotion sim.Vec3   `json:"requested_motion"` // world displacement asked for
	RealisedMotion  sim.Vec3   `json:"realised_motion"`  // world displacement of the mover's centre
	Settled         bool       `json:"settled"`          // the mover dropped under gravity

	// Metrics holds the measured quantities behind the answer (m0/m1 excerpt):
	// per referenced object its before/after position, distances, clearances,
	// cover rates, probe result, thresholds.
	Metrics map[string]any `json:"metrics"`

	Seed   uint64 `json:"seed"`   // the (house, view, category) seed
	Intent Intent `json:"intent"` // balance class and flip wish drawn before planning
	Flip   bool   `json:"flip"`   // flip-seeking categories: the edit changed the answer

	out *Outcome // frames and poses of the attempt the example was read from
}

// ObjectRef names an object the question mentions, with its mark colour.
type ObjectRef struct {
	ObjectID   string `json:"objectId"`
	ObjectType string `json:"objectType"`
	DotColor   string `json:"dot_color"`
	// DotXY is the dot's centre in I0 pixel coordinates (render's
	// Set-of-Marks placement); on I1 the mark follows the object.
	DotXY [2]float64 `json:"dot_xy"`
	// Mark is the object's badge number when the example uses numbered
	// badges (NumberMarks), 0 with colour dots.
	Mark int `json:"mark,omitempty"`
}

// Outcome carries the frames and poses behind an example: the before and
// after renders from the example's camera, and every object that moved.
type Outcome struct {
	Before, After *Frame
	// WithoutMover is I1 rendered with the mover out of view, kept for an
	// occlusion example whose moved objects hid part of the occludee
	// before the move (its static answer reads the occludee's mask there,
	// occlusion_static.go); nil otherwise.
	WithoutMover  *Frame
	ObjectsBefore []ObjectMeta
	ObjectsAfter  []ObjectMeta
}
