package planner

import (
	"fmt"
	"math"
	"sort"

	"flowbench/render"
	"flowbench/sim"
)

// ViewpointConfig configures the viewpoint family's planner.
type ViewpointConfig struct {
	Seed       uint64
	HouseID    string
	CameraSize int
	// Views selects the source cameras (the motion family's camera
	// selection, A.1).
	Views Config
	// MaxTags bounds the tagged objects per scene, MaxPairs the directed
	// pairs asked about.
	MaxTags, MaxPairs int
	// Margin is the relation margin in metres (RelationsAt).
	Margin float64
	// MinTagPixels is the smallest visible area of a tagged object.
	MinTagPixels int
	// Targets renders the withheld target views.
	Targets bool
}

// Viewpoint-family defaults.
const (
	ViewMaxTags      = 6
	ViewMaxPairs     = 4
	ViewMargin       = 0.15 // metres: a relation holds beyond it; a pair is clear when no component is within 0.5–1.5× of it
	ViewMinTagPixels = 400  // at 800 px; scaled by the image area
	// ViewTopClearance is the top view camera's distance below the
	// ceiling.
	ViewTopClearance = 0.1
	// viewWallClearance keeps orbit cameras this far inside their room.
	viewWallClearance = 0.25
)

// DefaultViewpointConfig returns the defaults.
func DefaultViewpointConfig() ViewpointConfig {
	return ViewpointConfig{Views: DefaultConfig(), MaxTags: ViewMaxTags, MaxPairs: ViewMaxPairs,
		Margin: ViewMargin, MinTagPixels: ViewMinTagPixels, Targets: true}
}

// ViewTag is one tagged object of a scene's source view.
type ViewTag struct {
	Tag        int        `json:"tag"` // the number drawn on the object, from 0
	ObjectID   string     `json:"objectId"`
	ObjectType string     `json:"objectType"`
	BBox       [4]int     `json:"bbox"`   // [x, y, w, h] of the visible mask in the source image, pixels
	Pixels     int        `json:"pixels"` // visible pixels in the source image
	Mark       [2]float64 `json:"mark"`   // where the tag is drawn (mask centroid), pixels
	// Floor is the object's bounding-box centre on the floor in the source
	// frame, relative to the orbit centre: x along the source camera's
	// right, z along its forward direction, metres.
	Floor [2]float64 `json:"floor"`
}

// ViewQuestion is one question of a directed pair at one viewpoint.
type ViewQuestion struct {
	Subject   int            `json:"subject"` // tag A
	Object    int            `json:"object"`  // tag B: the relation of B to A is asked
	Viewpoint Viewpoint      `json:"-"`
	View      string         `json:"viewpoint"` // "0", "left 45", ..., "top"
	Answer    []ViewRelation `json:"answer"`
	Question  string         `json:"question"`
}

// ViewTarget is a withheld target view: the camera of a viewpoint and, when
// rendered, its frame.
type ViewTarget struct {
	View   string     `json:"viewpoint"`
	Camera sim.Camera `json:"camera"`
	// Pull is the share of the source camera's distance to the orbit axis
	// the camera keeps (1 = the rigid orbit; less when that pose would
	// leave the room or stand in furniture).
	Pull float64 `json:"pull"`
	// Obstructed reports that no pull kept the camera inside the room and
	// clear of furniture; the frame is kept for completeness.
	Obstructed bool `json:"obstructed"`
	// TagsVisible counts the tagged objects visible in the frame.
	TagsVisible int    `json:"tags_visible"`
	Frame       *Frame `json:"-"`
}

// ViewpointScene is one source view with its tags, questions and target views.
type ViewpointScene struct {
	ID      string     `json:"id"` // "<house>/v<view>"
	HouseID string     `json:"house_id"`
	ViewID  int        `json:"view_id"`
	Camera  sim.Camera `json:"camera"`
	// Centre is the orbit centre: the mean of the tagged objects'
	// bounding-box centres (world frame); orbits turn about the vertical
	// axis through it.
	Centre    sim.Vec3       `json:"centre"`
	Tags      []ViewTag      `json:"tags"`
	Questions []ViewQuestion `json:"questions"`
	Targets   []ViewTarget   `json:"targets"`
	Source    *Frame         `json:"-"`
}

// ViewpointTargets are the distinct target poses: the eight orbit angles
// (left θ and right 360−θ share a pose; 360 is 0) and the top view.
var ViewpointTargets = []Viewpoint{{Orbit: 0}, {Orbit: 45}, {Orbit: 90}, {Orbit: 135}, {Orbit: 180}, {Orbit: 225}, {Orbit: 270}, {Orbit: 315}, {Top: true}}

// PlanViewpoints builds the viewpoint scenes of a house: the source cameras
// of the motion family's view selection, up to MaxTags tagged objects per
// view, up to MaxPairs directed pairs whose relations are clear at every
// viewpoint, ten questions per pair (0°, the eight further 45° steps of one
// orbit direction up to 360°, and the top view), and the target views.
// Everything is a function of (seed, house, config).
func PlanViewpoints(s Simulator, h *sim.House, cfg ViewpointConfig) ([]ViewpointScene, error) {
	vc := cfg.Views
	vc.HouseID, vc.Seed = cfg.HouseID, cfg.Seed
	if cfg.CameraSize > 0 {
		vc.CameraSize = cfg.CameraSize
	}
	id := HouseID(h, vc)
	st, err := NewStructure(h)
	if err != nil {
		return nil, fmt.Errorf("house %s: %w", id, err)
	}
	if err := s.LoadHouse(h); err != nil {
		return nil, fmt.Errorf("house %s: load: %w", id, err)
	}
	views, err := SelectViews(s, st, vc, newRNG(Seed(cfg.Seed, id, -1, 0)))
	if err != nil {
		return nil, fmt.Errorf("house %s: views: %w", id, err)
	}
	objs, err := s.Objects()
	if err != nil {
		return nil, err
	}
	byID := map[string]*ObjectMeta{}
	for i := range objs {
		byID[objs[i].ID] = &objs[i]
	}
	var out []ViewpointScene
	for vi, v := range views {
		rng := newRNG(Seed(cfg.Seed, id, vi, 0) ^ 0x7f4a_7c15_9e37_79b9)
		if err := s.SetCamera(v.Camera); err != nil {
			return nil, err
		}
		f, err := s.Render()
		if err != nil {
			return nil, err
		}
		sc := ViewpointScene{ID: fmt.Sprintf("%s/v%d", id, vi), HouseID: id, ViewID: vi, Camera: v.Camera, Source: f}
		sc.Tags, sc.Centre, err = pickTags(f, v.Camera, byID, cfg, Seed(cfg.Seed, id, vi, 0))
		if err != nil {
			return nil, fmt.Errorf("house %s view %d: %w", id, vi, err)
		}
		if len(sc.Tags) < 2 {
			continue
		}
		sc.Questions = pairQuestions(sc.Tags, cfg, rng)
		if len(sc.Questions) == 0 {
			continue
		}
		if cfg.Targets {
			if sc.Targets, err = renderTargets(s, st, byID, &sc); err != nil {
				return nil, fmt.Errorf("house %s view %d: %w", id, vi, err)
			}
		}
		out = append(out, sc)
	}
	return out, nil
}

// pickTags tags the largest visible objects (at least MinTagPixels, scaled
// to the image area), largest first, whose floor centres are at least
// 3×margin apart and whose numbered badge fits on them (render's size rule:
// the object still shows around its badge), and returns them with the
// orbit centre. Badges sit where render.PlaceMarks puts them (the most
// interior visible point).
func pickTags(f *Frame, cam sim.Camera, byID map[string]*ObjectMeta, cfg ViewpointConfig, seed uint64) ([]ViewTag, sim.Vec3, error) {
	ms := MaskStats(f)
	minPx := int(float64(cfg.MinTagPixels) * float64(f.W*f.H) / (800 * 800))
	type cand struct {
		id string
		m  MaskStat
	}
	var cands []cand
	for id, m := range ms {
		if o := byID[id]; o != nil && m.Pixels >= max(minPx, 1) {
			cands = append(cands, cand{id, m})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].m.Pixels != cands[j].m.Pixels {
			return cands[i].m.Pixels > cands[j].m.Pixels
		}
		return cands[i].id < cands[j].id
	})
	rf, err := renderFrame(f)
	if err != nil {
		return nil, sim.Vec3{}, err
	}
	var chosen []cand
	var marks []render.Mark
	for _, c := range cands {
		if len(chosen) == cfg.MaxTags {
			break
		}
		p := byID[c.id].Position
		ok := true
		for _, k := range chosen {
			q := byID[k.id].Position
			if math.Hypot(p[0]-q[0], p[2]-q[2]) < 3*cfg.Margin {
				ok = false
			}
		}
		if !ok {
			continue
		}
		ids := []string{c.id}
		for _, k := range chosen {
			ids = append(ids, k.id)
		}
		ms, err := render.PlaceMarks(rf, ids, render.NewMarkRNG(seed), render.StyleBadges)
		if err != nil || !allFit(ms) {
			continue
		}
		chosen, marks = append(chosen, c), ms
	}
	var centre sim.Vec3
	for _, c := range chosen {
		centre = centre.Add(byID[c.id].Position)
	}
	if len(chosen) > 0 {
		centre = centre.Mul(1 / float64(len(chosen)))
	}
	at := map[string]render.Mark{}
	for _, m := range marks {
		at[m.ID] = m
	}
	right, fwd := cam.GroundAxes()
	tags := make([]ViewTag, len(chosen))
	for i, c := range chosen {
		o := byID[c.id]
		d := o.Position.Sub(centre)
		m := at[c.id]
		tags[i] = ViewTag{Tag: i, ObjectID: c.id, ObjectType: o.Type, Pixels: c.m.Pixels,
			BBox:  [4]int{c.m.MinU, c.m.MinV, c.m.MaxU - c.m.MinU + 1, c.m.MaxV - c.m.MinV + 1},
			Mark:  [2]float64{m.X, m.Y},
			Floor: [2]float64{round6(d.Dot(right)), round6(d.Dot(fwd))}}
	}
	return tags, round6v(centre), nil
}

func allFit(ms []render.Mark) bool {
	for _, m := range ms {
		if !m.Fits {
			return false
		}
	}
	return true
}

// TagMarks returns the scene's badges, numbered by tag, for
// render.DrawMarks with render.StyleBadges on the source image.
func (sc *ViewpointScene) TagMarks() []render.Mark {
	r := render.MarkRadius(render.StyleBadges, sc.Camera.Width, sc.Camera.Height)
	out := make([]render.Mark, len(sc.Tags))
	for i, t := range sc.Tags {
		out[i] = render.Mark{ID: t.ObjectID, Number: t.Tag, X: t.Mark[0], Y: t.Mark[1], Radius: r, Color: render.BadgeColor}
	}
	return out
}

// pairQuestions picks up to MaxPairs directed pairs (one direction per
// unordered pair, drawn from rng) whose relations are clear and non-empty
// at every viewpoint, and asks each at ten viewpoints along one orbit
// direction drawn per pair.
func pairQuestions(tags []ViewTag, cfg ViewpointConfig, rng interface{ IntN(int) int }) []ViewQuestion {
	type pair struct{ a, b int }
	var pairs []pair
	for a := range tags {
		for b := a + 1; b < len(tags); b++ {
			p := pair{a, b}
			if rng.IntN(2) == 1 {
				p = pair{b, a}
			}
			if clearEverywhere(offset(tags, p.a, p.b), cfg.Margin) {
				pairs = append(pairs, p)
			}
		}
	}
	for i := len(pairs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pairs[i], pairs[j] = pairs[j], pairs[i]
	}
	if len(pairs) > cfg.MaxPairs {
		pairs = pairs[:cfg.MaxPairs]
	}
	var qs []ViewQuestion
	for _, p := range pairs {
		sign := 1
		if rng.IntN(2) == 1 {
			sign = -1
		}
		d := offset(tags, p.a, p.b)
		vps := []Viewpoint{}
		for _, a := range OrbitAngles {
			vps = append(vps, Viewpoint{Orbit: sign * a})
		}
		vps = append(vps, Viewpoint{Top: true})
		for _, v := range vps {
			rels, _ := RelationsAt(v, d, cfg.Margin)
			qs = append(qs, ViewQuestion{Subject: p.a, Object: p.b, Viewpoint: v, View: v.String(), Answer: rels,
				Question: ViewQuestionText(v, tags[p.a], tags[p.b])})
		}
	}
	return qs
}

// offset is object minus subject on the source floor frame.
func offset(tags []ViewTag, a, b int) [2]float64 {
	return [2]float64{tags[b].Floor[0] - tags[a].Floor[0], tags[b].Floor[1] - tags[a].Floor[1]}
}

// clearEverywhere reports a pair whose relation set is clear and non-empty
// at every orbit angle and at the top view.
func clearEverywhere(d [2]float64, margin float64) bool {
	for _, v := range ViewpointTargets {
		rels, clear := RelationsAt(v, d, margin)
		if !clear || len(rels) == 0 {
			return false
		}
	}
	return true
}

// ViewQuestionText words a question with CVT-Bench's templates.
func ViewQuestionText(v Viewpoint, subject, object ViewTag) string {
	obj := fmt.Sprintf("the %s (Tag %d)", DisplayName(object.ObjectType), object.Tag)
	subj := fmt.Sprintf("the %s (Tag %d)", DisplayName(subject.ObjectType), subject.Tag)
	switch {
	case v.Top:
		return fmt.Sprintf("If the camera orbits to a top-down view, what is the new spatial relationship of %s with respect to %s? Choose from [left, right, south, north]. Multiple relations possible.", obj, subj)
	case v.Orbit == 0:
		return fmt.Sprintf("In the original view, what is the spatial relationship of %s with respect to %s? Choose from [left, right, front, behind]. Multiple relations possible.", obj, subj)
	}
	dir, a := "left", v.Orbit
	if a < 0 {
		dir, a = "right", -a
	}
	return fmt.Sprintf("If the camera orbits %d degrees to the %s, what is the new spatial relationship of %s with respect to %s? Choose from [left, right, front, behind]. Multiple relations possible.", a, dir, obj, subj)
}
