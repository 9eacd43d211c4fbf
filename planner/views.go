package planner

import (
	"fmt"
	"math"
	"math/rand/v2"

	"flowbench/sim"
)

// Camera-selection constants (A.1).
const (
	ViewLambda     = 1e3  // λ, eq. 15
	ViewYawWindow  = 35.0 // degrees, same-room yaw penalty window
	ViewYawPenalty = 25.0 // ρ_yaw per same-room selected view within the window (our choice: 0.5 of the 0.05λ term)
	ViewTau        = 1.0  // metres, proposal separation τ
	ViewTauMin     = 0.35 // metres, the most τ is relaxed to
	ViewMaxBudget  = 10   // y = min(10, 3|R|)
)

// ViewTaus is the relaxation schedule of τ for global selection.
var ViewTaus = []float64{1.0, 0.8, 0.65, 0.5, 0.35}

// ViewYaws are the candidate yaws of eq. 6.
var ViewYaws = []float64{0, 45, 90, 135, 180, 225, 270, 315}

// ViewHorizons are the candidate horizons, drawn uniformly per pose.
var ViewHorizons = []float64{0, 30}

// View is one selected camera pose with its score terms.
type View struct {
	Camera  sim.Camera `json:"camera"`
	Room    string     `json:"room"`
	Score   float64    `json:"score"`   // s(c), eq. 8
	Band    int        `json:"band"`    // |B|
	Pref    int        `json:"pref"`    // |B_pref|
	Visible int        `json:"visible"` // |V|
	Centre  float64    `json:"centre"`  // δ, the centre raycast depth (-1 when nothing is hit)
	// Structure is the share of the scoring frame's pixels that show no
	// object (walls, floor, ceiling, doorways, windows, the outdoors):
	// views_structure.go.
	Structure float64 `json:"structure"`
}

// Phi is eq. 9.
func Phi(depth float64, hit bool) float64 {
	switch {
	case !hit:
		return -5
	case depth < 0.6:
		return -8
	}
	return math.Min(depth, 4)
}

// farthestPoints is FPS: the first point is the one nearest the centroid of
// the set, then repeatedly the point farthest from those chosen.
func farthestPoints(pts []sim.Vec3, k int) []sim.Vec3 {
	if len(pts) <= k {
		return append([]sim.Vec3(nil), pts...)
	}
	var cen sim.Vec3
	for _, p := range pts {
		cen = cen.Add(p)
	}
	cen = cen.Mul(1 / float64(len(pts)))
	first := 0
	for i, p := range pts {
		if p.Sub(cen).Len() < pts[first].Sub(cen).Len() {
			first = i
		}
	}
	out := []sim.Vec3{pts[first]}
	dist := make([]float64, len(pts))
	for i, p := range pts {
		dist[i] = p.Sub(pts[first]).Len()
	}
	for len(out) < k {
		far := 0
		for i := range pts {
			if dist[i] > dist[far] {
				far = i
			}
		}
		out = append(out, pts[far])
		for i, p := range pts {
			dist[i] = math.Min(dist[i], p.Sub(pts[far]).Len())
		}
	}
	return out
}

// SelectViews is A.1: FPS per room, scoring of every (position, yaw)
// candidate that sees a movable object in the band, per-room proposals with
// τ separation, then global selection under y = min(10, 3|R|) with room
// coverage first and κ ranking after, relaxing τ down to 0.35 m. With a
// MaskBounder simulator only the candidates that could be proposed are
// rendered (views_bound.go); the views are the same. Our additions to A.1
// (views_search.go): a room proposes only candidates whose structure share
// is at most MaxStructureShare; a room with none searches further (more
// FPS positions, every yaw, both horizons), and a room with none even then
// proposes no view (SelectViewsReport lists it).
func SelectViews(s Simulator, st *Structure, cfg Config, rng *rand.Rand) ([]View, error) {
	sel, err := SelectViewsReport(s, st, cfg, rng)
	return sel.Views, err
}

// ViewSelection is the result of camera selection: the selected views and
// the rooms that proposed none.
type ViewSelection struct {
	Views []View
	// Skipped maps each room that proposed no view to why
	// (SkipRoomBare, SkipRoomNoCandidate).
	Skipped map[string]string
}

// SelectViewsReport is SelectViews with the rooms it skipped.
func SelectViewsReport(s Simulator, st *Structure, cfg Config, rng *rand.Rand) (ViewSelection, error) {
	return selectViews(s, st, cfg, rng, MaxStructureShare)
}

// selectViews is SelectViewsReport with the structure rule's threshold
// maxShare (1 turns the rule off).
func selectViews(s Simulator, st *Structure, cfg Config, rng *rand.Rand, maxShare float64) (ViewSelection, error) {
	sel := ViewSelection{Skipped: map[string]string{}}
	pos, err := s.ReachablePositions()
	if err != nil {
		return sel, fmt.Errorf("reachable positions: %w", err)
	}
	objs, err := s.Objects()
	if err != nil {
		return sel, err
	}
	objs = pinImplausible(objs)
	perRoom := map[string][]sim.Vec3{}
	for _, p := range pos {
		if r := st.RoomAt(p[0], p[2]); r != "" {
			perRoom[r] = append(perRoom[r], p)
		}
	}
	// y = min(10, m|R|): the method's 3|R| with its m = 3 (A.1); a larger
	// m (the test split's candidate pool) raises both.
	budget := min(ViewMaxBudget, cfg.PerRoom*len(st.Rooms))
	if cfg.Views > 0 {
		budget = min(budget, cfg.Views)
	}
	rs := newRoomSearch(s, objs, cfg, maxShare)
	rooms := make([]*roomState, len(st.Rooms))
	n := 0
	for i, room := range st.Rooms {
		if rooms[i], err = rs.first(perRoom[room.ID], rng); err != nil {
			return sel, err
		}
		n += len(rooms[i].kept)
	}
	if err := rs.fill(rooms, n, budget); err != nil {
		return sel, err
	}
	var proposals []View
	for i, room := range st.Rooms {
		if why := rooms[i].skipped(); why != "" {
			sel.Skipped[room.ID] = why
		}
		for _, v := range rooms[i].kept {
			v.Room = room.ID
			proposals = append(proposals, v)
		}
	}
	sel.Views = selectGlobal(proposals, budget)
	return sel, nil
}

// pinImplausible returns objs with the objects that no physics would hold
// where the house puts them (implausibleObjects; only imported houses have
// any) made immovable: the planner never moves nor mentions them, so a
// pose that sees only such objects in the band gives no question and is no
// candidate. They still count as visible objects and cover the frame.
func pinImplausible(objs []ObjectMeta) []ObjectMeta {
	bad := implausibleObjects(objs, defaultCatalogInfo().onWall)
	if len(bad) == 0 {
		return objs
	}
	out := append([]ObjectMeta(nil), objs...)
	for i := range out {
		if _, ok := bad[out[i].ID]; ok {
			out[i].Pickupable, out[i].Moveable = false, false
		}
	}
	return out
}

func farFromAll(v View, sel []View, tau float64) bool {
	for _, w := range sel {
		if v.Camera.Position.Sub(w.Camera.Position).Len() < tau {
			return false
		}
	}
	return true
}

// selectGlobal is eqs. 12–15.
func selectGlobal(props []View, budget int) []View {
	var sel []View
	used := make([]bool, len(props))
	for _, tau := range ViewTaus {
		// Coverage first (eq. 14).
		for len(sel) < budget {
			cov := covered(sel)
			best := -1
			for i, v := range props {
				if used[i] || cov[v.Room] > 0 || !farFromAll(v, sel, tau) {
					continue
				}
				if best < 0 || v.Score > props[best].Score {
					best = i
				}
			}
			if best < 0 {
				break
			}
			used[best] = true
			sel = append(sel, props[best])
		}
		// Then κ (eq. 15).
		for len(sel) < budget {
			cov := covered(sel)
			best, bestK := -1, math.Inf(-1)
			for i, v := range props {
				if used[i] || !farFromAll(v, sel, tau) {
					continue
				}
				k := v.Score + ViewLambda*0.05/float64(1+cov[v.Room]) - yawPenalty(v, sel)
				if cov[v.Room] == 0 {
					k += ViewLambda
				}
				if k > bestK {
					best, bestK = i, k
				}
			}
			if best < 0 {
				break
			}
			used[best] = true
			sel = append(sel, props[best])
		}
		if len(sel) >= budget {
			break
		}
	}
	return sel
}

func covered(sel []View) map[string]int {
	m := map[string]int{}
	for _, v := range sel {
		m[v.Room]++
	}
	return m
}

func yawPenalty(v View, sel []View) float64 {
	p := 0.0
	for _, w := range sel {
		if w.Room != v.Room {
			continue
		}
		d := math.Abs(math.Mod(v.Camera.Yaw-w.Camera.Yaw+540, 360) - 180)
		if d < ViewYawWindow {
			p += ViewYawPenalty
		}
	}
	return p
}

// anyMovableInFrustum is a cheap necessary condition for the band test:
// some movable object's centre projects into the image within the band.
func anyMovableInFrustum(cam sim.Camera, objs []ObjectMeta) bool {
	for i := range objs {
		o := &objs[i]
		if !o.Movable() {
			continue
		}
		d := o.Position.Sub(cam.Position).Len()
		if d <= DMin || d >= DMax {
			continue
		}
		// Test the box corners so a large object whose centre is just off-screen still counts.
		for _, p := range o.AABB.Corners() {
			u, v, _, ok := cam.Project(p)
			if ok && u >= -0.5 && v >= -0.5 && u <= float64(cam.Width)-0.5 && v <= float64(cam.Height)-0.5 {
				return true
			}
		}
	}
	return false
}

// scoreView renders a candidate pose and computes eq. 8 and the structure
// share; ok is false when no movable object is visible in the band (eq. 7).
func scoreView(s Simulator, full sim.Camera, objs []ObjectMeta, ci catalogInfo, cfg Config) (View, bool, error) {
	cam := scoreCamera(full, cfg)
	if err := s.SetCamera(cam); err != nil {
		return View{}, false, err
	}
	f, err := renderLabels(s)
	if err != nil {
		return View{}, false, err
	}
	m := PixelCounts(f)
	n := scaleFor(f.W).area(cfg.VisiblePixels)
	v := View{Camera: full, Centre: -1, Structure: structureShare(m, objs, f.W*f.H, ci.wallDecor)}
	v.Visible, v.Band, v.Pref = countVisible(objs, cam, ci, func(i int) bool { return m.Pixels(objs[i].ID) >= n })
	if v.Band == 0 {
		return v, false, nil
	}
	cx, cy := cam.Principal()
	hit, ok, err := s.Raycast(cx, cy)
	if err != nil {
		return View{}, false, err
	}
	if ok {
		v.Centre = hit.Depth
	}
	v.Score = viewScore(v.Pref, v.Band, v.Visible, Phi(hit.Depth, ok))
	return v, true, nil
}

// countVisible counts, among objs, those visible from cam (visible(i)),
// those of them movable within the distance band (DMin, DMax) and those
// of the latter of a preferred type: |V|, |B| and |P| of eq. 8.
func countVisible(objs []ObjectMeta, cam sim.Camera, ci catalogInfo, visible func(i int) bool) (vis, band, pref int) {
	for i := range objs {
		o := &objs[i]
		if !visible(i) {
			continue
		}
		vis++
		d := o.Position.Sub(cam.Position).Len()
		if o.Movable() && d > DMin && d < DMax {
			band++
			if ci.preferred(o.Type) {
				pref++
			}
		}
	}
	return vis, band, pref
}

// viewScore is eq. 8: 4|P| + 1.5|B| + 0.1|V| + Φ.
func viewScore(pref, band, visible int, phi float64) float64 {
	return 4*float64(pref) + 1.5*float64(band) + 0.1*float64(visible) + phi
}
