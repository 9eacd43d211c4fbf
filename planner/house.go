package planner

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"

	"flowbench/sim"
)

// Report summarises one house: whether it was usable, how many views and
// questions it gave, and why slots were skipped or attempts failed.
type Report struct {
	HouseID string `json:"house_id"`
	Bad     string `json:"bad,omitempty"` // why the house gave no questions at all
	Views   int    `json:"views"`
	// Structure is the structure share of each selected view, in view
	// order (View.Structure).
	Structure []float64 `json:"structure,omitempty"`
	// Rooms counts the house's rooms; SkippedRooms maps each room that
	// proposed no view to why (SkipRoomBare, SkipRoomNoCandidate,
	// SkipRoomNoPositions; views_search.go).
	Rooms        int               `json:"rooms"`
	SkippedRooms map[string]string `json:"skipped_rooms,omitempty"`
	Slots        int               `json:"slots"`     // view × category slots tried
	Questions    int               `json:"questions"` // examples emitted
	Skips        map[string]int    `json:"skips"`     // "<category>/<reason>": slots skipped
	Failures     map[string]int    `json:"failures"`  // "<reason>": failed attempts inside slots
	// Implausible lists the objects of the house that no physics would
	// hold where they are (floating, tipping or interpenetrating; only
	// imported houses have any), with the reason: they are never moved or
	// mentioned.
	Implausible map[string]string `json:"implausible,omitempty"`
}

// Bad-house reasons.
const (
	BadNoReachable = "no_reachable_positions"
	BadNoMovable   = "no_movable_objects_in_range"
	BadNoWalls     = "single_room_without_walls"
	// BadOnlyBareViews: no room has a candidate view that passes the
	// structure rule, and some room has candidates that fail it
	// (views_search.go).
	BadOnlyBareViews = "only_bare_views"
)

// planners maps a category to its planning method.
func (c *viewCtx) plan(cat Category, in Intent) (*Example, string, error) {
	c.cat = cat
	switch cat {
	case Occlusion:
		return c.planOcclusion(in)
	case CloserTo:
		return c.planCloserTo(in)
	case ContactWall:
		return c.planContactWall(in)
	case LeftRight:
		return c.planLeftRight(in)
	case Feasibility:
		return c.planFeasibility(in)
	case ClosestThree:
		return c.planClosestThree(in)
	case CountNear:
		return c.planCountNear(in)
	case NearObject:
		return c.planNearObject(in)
	}
	return nil, "", fmt.Errorf("unknown category %v", cat)
}

// Seed derives the seed of one (house, view, category) slot; view −1 is the
// camera-selection stream of the house.
func Seed(master uint64, houseID string, view int, cat Category) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%d|%d", master, houseID, view, int(cat))
	return h.Sum64()
}

// SkipMixCap is the skip reason of a slot left out because its category
// was over its share of the category mix (Mix).
const SkipMixCap = "mix_cap"

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// HouseID returns the id used for seeding and naming: cfg.HouseID when
// set, otherwise "h" and a hash of the house JSON.
func HouseID(h *sim.House, cfg Config) string {
	if cfg.HouseID != "" {
		return cfg.HouseID
	}
	b, err := sim.EncodeHouse(h)
	if err != nil {
		return "house"
	}
	f := fnv.New64a()
	f.Write(b)
	return fmt.Sprintf("h%016x", f.Sum64())
}

// PlanHouse loads a house, selects its views and plans N_v × N_c
// questions. Bad houses give a Report with Bad set and no examples; an
// error is returned only when the simulator fails (including a failed
// restoration), never for a skipped slot.
func PlanHouse(s Simulator, h *sim.House, cfg Config) ([]Example, []Outcome, Report, error) {
	id := HouseID(h, cfg)
	rep := Report{HouseID: id, Skips: map[string]int{}, Failures: map[string]int{}}
	if err := cfg.Validate(); err != nil {
		return nil, nil, rep, err
	}
	st, err := NewStructure(h)
	if err != nil {
		return nil, nil, rep, fmt.Errorf("house %s: %w", id, err)
	}
	if len(st.Rooms) == 1 && len(st.Walls) == 0 {
		rep.Bad = BadNoWalls
		return nil, nil, rep, nil
	}
	if err := s.LoadHouse(h); err != nil {
		return nil, nil, rep, fmt.Errorf("house %s: load: %w", id, err)
	}
	objs, err := s.Objects()
	if err != nil {
		return nil, nil, rep, fmt.Errorf("house %s: %w", id, err)
	}
	if bad := implausibleObjects(objs, defaultCatalogInfo().onWall); len(bad) > 0 {
		rep.Implausible = bad
	}
	pos, err := s.ReachablePositions()
	if err != nil {
		return nil, nil, rep, fmt.Errorf("house %s: %w", id, err)
	}
	if len(pos) == 0 {
		rep.Bad = BadNoReachable
		return nil, nil, rep, nil
	}
	sel, err := SelectViewsReport(s, st, cfg, newRNG(Seed(cfg.Seed, id, -1, 0)))
	if err != nil {
		return nil, nil, rep, fmt.Errorf("house %s: views: %w", id, err)
	}
	views := sel.Views
	rep.Rooms = len(st.Rooms)
	if len(sel.Skipped) > 0 {
		rep.SkippedRooms = sel.Skipped
	}
	rep.Views = len(views)
	for _, v := range views {
		rep.Structure = append(rep.Structure, v.Structure)
	}
	if len(views) == 0 {
		rep.Bad = BadNoMovable
		for _, why := range sel.Skipped {
			if why == SkipRoomBare {
				rep.Bad = BadOnlyBareViews
			}
		}
		return nil, nil, rep, nil
	}
	bal := cfg.Balance
	if bal == nil {
		bal = &Balance{}
	}
	var exs []Example
	var outs []Outcome
	for vi, v := range views {
		base, err := readBase(s, v.Camera)
		if err != nil {
			return exs, outs, rep, fmt.Errorf("house %s view %d: %w", id, vi, err)
		}
		base.implausible = rep.Implausible
		cfg.ViewImages.add(vi, base)
		for _, cat := range cfg.Categories {
			if cfg.Mix.over(bal, cat) {
				rep.Skips[cat.String()+"/"+SkipMixCap]++
				continue
			}
			rep.Slots++
			in := bal.Decide(cat, newRNG(Seed(cfg.Seed, id, vi, cat)^0x5bd1e995))
			ex, out, reason, fails, err := planSlot(s, st, cfg, id, base, vi, cat, in)
			for k, n := range fails {
				rep.Failures[k] += n
			}
			if err != nil {
				return exs, outs, rep, fmt.Errorf("house %s view %d %s: %w", id, vi, cat, err)
			}
			if ex == nil {
				rep.Skips[cat.String()+"/"+reason]++
				continue
			}
			bal.RecordExample(ex)
			rep.Questions++
			exs = append(exs, *ex)
			outs = append(outs, *out)
		}
	}
	return exs, outs, rep, nil
}

// yesLetter returns the letter of "yes" among an example's choices.
func yesLetter(ex *Example) string {
	for i, c := range ex.Choices {
		if c == "yes" {
			return Letter(i)
		}
	}
	return ""
}

// PlanOne regenerates a single example on its own: the house must be
// loaded in s in its original state; cam, view and in come from the example
// (Camera, ViewID, Intent). It returns a nil example and the skip reason
// when the slot gives no question.
func PlanOne(s Simulator, h *sim.House, cfg Config, cam sim.Camera, view int, cat Category, in Intent) (*Example, *Outcome, string, error) {
	st, err := NewStructure(h)
	if err != nil {
		return nil, nil, "", err
	}
	base, err := readHouseBase(s, cam)
	if err != nil {
		return nil, nil, "", err
	}
	ex, out, reason, _, err := planSlot(s, st, cfg, HouseID(h, cfg), base, view, cat, in)
	return ex, out, reason, err
}

func planSlot(s Simulator, st *Structure, cfg Config, id string, base *viewBase, vi int, cat Category, in Intent) (*Example, *Outcome, string, map[string]int, error) {
	seed := Seed(cfg.Seed, id, vi, cat)
	c, err := newViewCtxFrom(s, st, cfg, base, newRNG(seed))
	if err != nil {
		return nil, nil, "", nil, err
	}
	c.seed = seed
	ex, reason, err := c.plan(cat, in)
	if err != nil {
		return nil, nil, "", c.fails, err
	}
	if ex == nil {
		return nil, nil, reason, c.fails, nil
	}
	out := ex.out
	ex.out = nil
	ex.ID = fmt.Sprintf("%s/v%d/%s", id, vi, cat)
	ex.Split, ex.HouseID, ex.SceneStyle, ex.ViewID = cfg.Split, id, cfg.SceneStyle, vi
	ex.Seed, ex.Intent = seed, in
	return ex, out, "", c.fails, nil
}

// movedOnly returns the after-metadata of the objects whose pose changed.
func movedOnly(before, after []ObjectMeta) []ObjectMeta {
	idx := indexObjects(before)
	var out []ObjectMeta
	for i := range after {
		if j, ok := idx[after[i].ID]; !ok || !samePose(&after[i], &before[j]) {
			out = append(out, after[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return idx[out[i].ID] < idx[out[j].ID] })
	return out
}
