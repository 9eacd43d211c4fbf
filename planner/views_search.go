package planner

import (
	"math"
	"math/rand/v2"
	"sort"

	"flowbench/sim"
)

// The per-room search of camera selection (A.1 with the structure rule of
// views_structure.go). A room first scores A.1's candidates: K FPS
// positions × the eight yaws, each with a horizon drawn from ViewHorizons.
// When none of them passes the structure rule, the room searches further
// (issue 52, decision 3): ViewSearchFPSFactor × K FPS positions, every yaw
// and both horizons, the poses already tried not twice. A room where no
// candidate passes even then proposes no view: selectGlobal spends the
// budget on the other rooms, and the room is reported (ViewSelection).
// While the rooms' proposals cannot fill the budget y, the rooms that
// propose fewer than m views search wider too, the fewest first (fill), so
// that the views the rule and the skipped rooms leave over go to rooms
// that show objects.

// ViewSearchFPSFactor multiplies K (Config.FPSPerRoom) for the wider
// search of a room none of whose A.1 candidates passes the structure rule.
const ViewSearchFPSFactor = 2

// Why a room proposed no view (ViewSelection.Skipped, Report.SkippedRooms).
const (
	// SkipRoomNoPositions: no reachable position lies in the room.
	SkipRoomNoPositions = "no_reachable_positions"
	// SkipRoomNoCandidate: no pose of the wider search sees a movable
	// object in the distance band.
	SkipRoomNoCandidate = "no_object_in_band"
	// SkipRoomBare: some pose may see a movable object in the band, but
	// every such pose is more than MaxStructureShare structure.
	SkipRoomBare = "only_bare_views"
)

// roomSearch holds what the per-room search needs across rooms.
type roomSearch struct {
	cfg      Config
	maxShare float64
	// pose returns the candidate at floor point p, yaw and horizon, or
	// false when the pose cannot be one (poseCandidate).
	pose func(p sim.Vec3, yaw, horizon float64) (roomCand, bool, error)
	// score renders and scores a candidate (scoreView).
	score func(cam sim.Camera) (View, bool, error)
}

func newRoomSearch(s Simulator, objs []ObjectMeta, cfg Config, maxShare float64) *roomSearch {
	ci := defaultCatalogInfo()
	mb, _ := s.(MaskBounder)
	decor := make([]bool, len(objs))
	for i := range objs {
		decor[i] = ci.wallDecor(objs[i].Type)
	}
	return &roomSearch{cfg: cfg, maxShare: maxShare,
		pose: func(p sim.Vec3, yaw, horizon float64) (roomCand, bool, error) {
			return poseCandidate(s, mb, objs, decor, ci, cfg, p, yaw, horizon)
		},
		score: func(cam sim.Camera) (View, bool, error) { return scoreView(s, cam, objs, ci, cfg) },
	}
}

// roomState is one room's search: its reachable positions, the candidate
// poses tried so far (scored or not) and the proposals kept from them.
type roomState struct {
	pts     []sim.Vec3
	cands   []roomCand
	tried   map[poseKey]bool
	widened bool
	kept    []View
}

// first runs A.1's search of a room whose reachable positions are pts and,
// when none of its candidates passes the structure rule, the wider one.
// rng draws A.1's horizons, one per FPS position and yaw, whether or not
// the pose is a candidate; the wider search draws nothing.
func (rs *roomSearch) first(pts []sim.Vec3, rng *rand.Rand) (*roomState, error) {
	r := &roomState{pts: pts, tried: map[poseKey]bool{}}
	if len(pts) == 0 {
		return r, nil
	}
	var err error
	for _, p := range farthestPoints(pts, rs.cfg.FPSPerRoom) {
		for _, yaw := range ViewYaws {
			h := ViewHorizons[rng.IntN(len(ViewHorizons))]
			r.tried[poseKey{p, yaw, h}] = true
			if r.cands, err = rs.addPose(r.cands, p, yaw, h); err != nil {
				return nil, err
			}
		}
	}
	if r.kept, err = greedyKeep(r.cands, rs.cfg.PerRoom, rs.maxShare, rs.score); err != nil {
		return nil, err
	}
	if len(r.kept) == 0 && rs.maxShare < 1 {
		// Nothing passed, so greedyKeep kept none and dropped none.
		err = rs.widen(r)
	}
	return r, err
}

// widen adds the wider search's poses to a room's candidates
// (ViewSearchFPSFactor × K FPS positions, every yaw, both horizons; the
// poses tried before not twice) and runs the greedy again over all of
// them, the scores of the poses scored before kept.
func (rs *roomSearch) widen(r *roomState) error {
	if r.widened || len(r.pts) == 0 {
		return nil
	}
	r.widened = true
	var err error
	for _, p := range farthestPoints(r.pts, ViewSearchFPSFactor*rs.cfg.FPSPerRoom) {
		for _, yaw := range ViewYaws {
			for _, h := range ViewHorizons {
				if r.tried[poseKey{p, yaw, h}] {
					continue
				}
				r.tried[poseKey{p, yaw, h}] = true
				if r.cands, err = rs.addPose(r.cands, p, yaw, h); err != nil {
					return err
				}
			}
		}
	}
	for i := range r.cands {
		r.cands[i].gone = false
	}
	r.kept, err = greedyKeep(r.cands, rs.cfg.PerRoom, rs.maxShare, rs.score)
	return err
}

// fill widens the search of rooms that propose fewer than m views while
// the n proposals of all rooms cannot fill the budget: the rooms with the
// fewest proposals first (room order among equals), until the proposals
// reach the budget. The structure rule leaves many rooms fewer than m
// passing A.1 candidates τ apart, and skipped rooms leave views over; on
// 12 train houses (seed 1) filling only after a skipped room gave 39.4
// questions per house, filling always 42.5.
func (rs *roomSearch) fill(rooms []*roomState, n, budget int) error {
	if rs.maxShare >= 1 {
		return nil
	}
	var short []*roomState
	for _, r := range rooms {
		if len(r.kept) < rs.cfg.PerRoom && !r.widened {
			short = append(short, r)
		}
	}
	sort.SliceStable(short, func(a, b int) bool { return len(short[a].kept) < len(short[b].kept) })
	for _, r := range short {
		if n >= budget {
			break
		}
		k := len(r.kept)
		if err := rs.widen(r); err != nil {
			return err
		}
		n += len(r.kept) - k
	}
	return nil
}

// skipped returns why a room proposes no view, or "" when it proposes one.
func (r *roomState) skipped() string {
	switch {
	case len(r.kept) > 0:
		return ""
	case len(r.pts) == 0:
		return SkipRoomNoPositions
	}
	return skipReason(r.cands)
}

// skipReason tells why a room whose candidates all failed the rule
// proposes nothing: SkipRoomNoCandidate when every candidate was rendered
// and none sees a movable object in the band, SkipRoomBare otherwise (a
// candidate whose structure bound already exceeds the rule is not
// rendered, so it may see one).
func skipReason(cands []roomCand) string {
	for i := range cands {
		if !cands[i].scored || cands[i].ok {
			return SkipRoomBare
		}
	}
	return SkipRoomNoCandidate
}

// poseKey identifies a candidate pose: floor position, yaw and horizon.
type poseKey struct {
	p            sim.Vec3
	yaw, horizon float64
}

// addPose appends the pose at floor point p to cands when it can be a
// candidate.
func (rs *roomSearch) addPose(cands []roomCand, p sim.Vec3, yaw, horizon float64) ([]roomCand, error) {
	c, ok, err := rs.pose(p, yaw, horizon)
	if err != nil || !ok {
		return cands, err
	}
	return append(cands, c), nil
}

// poseCandidate returns the candidate pose at floor point p, or false when
// it cannot be one: no movable object's box projects into its frame within
// the band or, with mask bounds (mb not nil), none may be visible there. A
// pose that cannot be a candidate is not rendered. decor marks the wall
// decor among objs (structure for the structure bound).
func poseCandidate(s Simulator, mb MaskBounder, objs []ObjectMeta, decor []bool, ci catalogInfo, cfg Config, p sim.Vec3, yaw, horizon float64) (roomCand, bool, error) {
	cam := sim.NewCamera(sim.Vec3{p[0], p[1] + sim.CameraHeight, p[2]}, yaw, horizon)
	if cfg.CameraSize > 0 {
		cam.Width, cam.Height = cfg.CameraSize, cfg.CameraSize
	}
	if !anyMovableInFrustum(cam, objs) {
		return roomCand{}, false, nil // cannot pass the band test; skip the render
	}
	c := roomCand{cam: cam, ub: math.Inf(1)}
	if mb != nil {
		var band int
		var err error
		if c.ub, band, c.minStructure, err = scoreBound(mb, s, cam, objs, decor, ci, cfg); err != nil || band == 0 {
			return roomCand{}, false, err // band 0: no movable object can be visible in the band
		}
	}
	return c, true, nil
}
