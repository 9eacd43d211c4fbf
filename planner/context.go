package planner

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"flowbench/render"
	"flowbench/sim"
)

// viewCtx is the planner's state for one (view, category) slot: the fixed
// camera, the before-state read from the simulator, and the seeded stream.
type viewCtx struct {
	s     Simulator
	st    *Structure
	cfg   Config
	cam   sim.Camera
	rng   *rand.Rand
	objs0 []ObjectMeta
	byID0 map[string]int
	f0    *Frame
	m0    Masks
	scale pixelScale
	fails map[string]int // failed attempts by reason
	cat   Category       // the slot's category (settlesIn)

	seed      uint64    // the slot seed (mark colours derive from it)
	base      *viewBase // shared before-state of the view
	markCalls int
	marksWhy  string // why the last mark placement failed
	// occludee is the occludee of the occlusion example being built: its
	// dot may shrink to OccludeeMinRadius (dotFloor).
	occludee string
	// preRender, when set, vets an edit from its objects before the
	// after-render; a non-empty reason fails the edit unrendered.
	preRender func(e *edit) string
}

// edit is one executed attempt: the realised after-state.
type edit struct {
	moverID   string
	requested sim.Vec3 // world displacement asked for
	realised  sim.Vec3 // world displacement of the mover's centre
	settled   bool
	objs1     []ObjectMeta
	byID1     map[string]int
	f1        *Frame
	m1        Masks
}

// errRestore marks a failure to bring the scene back to the before-state;
// it is fatal for the house.
var errRestore = errors.New("planner: scene restoration failed")

// viewBase is the before-state of a view: it is the same for every
// category of the view (the scene is restored after each), so PlanHouse
// reads it once per view.
type viewBase struct {
	cam   sim.Camera
	objs0 []ObjectMeta
	f0    *Frame
	m0    Masks
	rf0   *render.Frame // f0 wrapped for mark placement, built on first use
	// markOK holds the objects visible in I0 that pass the size rule
	// (lazy, generic.go): the same for every category of the view.
	markOK map[string]bool
	// implausible holds the house's objects no physics would hold where
	// they are (implausibleObjects, found once per house): never moved or
	// mentioned.
	implausible map[string]string
}

// readBase places the camera and reads the before-state.
func readBase(s Simulator, cam sim.Camera) (*viewBase, error) {
	if err := s.SetCamera(cam); err != nil {
		return nil, fmt.Errorf("set camera: %w", err)
	}
	objs, err := s.Objects()
	if err != nil {
		return nil, fmt.Errorf("objects: %w", err)
	}
	f, err := s.Render()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return &viewBase{cam: cam, objs0: objs, f0: f, m0: MaskStats(f)}, nil
}

// readHouseBase is readBase for a view of a house whose implausible objects
// were not looked up yet: it finds them in the view's before-state.
func readHouseBase(s Simulator, cam sim.Camera) (*viewBase, error) {
	b, err := readBase(s, cam)
	if err == nil {
		b.implausible = implausibleObjects(b.objs0, defaultCatalogInfo().onWall)
	}
	return b, err
}

func newViewCtx(s Simulator, st *Structure, cfg Config, cam sim.Camera, rng *rand.Rand) (*viewCtx, error) {
	b, err := readHouseBase(s, cam)
	if err != nil {
		return nil, err
	}
	return newViewCtxFrom(s, st, cfg, b, rng)
}

func newViewCtxFrom(s Simulator, st *Structure, cfg Config, b *viewBase, rng *rand.Rand) (*viewCtx, error) {
	if err := s.SetCamera(b.cam); err != nil {
		return nil, fmt.Errorf("set camera: %w", err)
	}
	return &viewCtx{s: s, st: st, cfg: cfg, cam: b.cam, rng: rng, objs0: b.objs0, byID0: indexObjects(b.objs0),
		f0: b.f0, m0: b.m0, scale: scaleFor(b.f0.W), fails: map[string]int{}, base: b}, nil
}

func indexObjects(objs []ObjectMeta) map[string]int {
	m := make(map[string]int, len(objs))
	for i := range objs {
		m[objs[i].ID] = i
	}
	return m
}

func (c *viewCtx) obj0(id string) *ObjectMeta { return &c.objs0[c.byID0[id]] }
func (e *edit) obj1(id string) *ObjectMeta    { return &e.objs1[e.byID1[id]] }

func (c *viewCtx) fail(reason string) { c.fails[reason]++ }

// visiblePx is N scaled to the frame.
func (c *viewCtx) visiblePx() int { return c.scale.area(c.cfg.VisiblePixels) }

func (c *viewCtx) visible(m Masks, id string) bool { return m.Pixels(id) >= c.visiblePx() }

// dcam is the distance from the camera eye to an object's centre.
func (c *viewCtx) dcam(p sim.Vec3) float64 { return p.Sub(c.cam.Position).Len() }

// inBand is eq. 7 together with the apparent-size rule m_ext/d_cam > α_min,
// where m_ext is the largest extent of the world AABB.
func (c *viewCtx) inBand(o *ObjectMeta) bool {
	d := c.dcam(o.Position)
	s := o.AABB.Size()
	ext := math.Max(s[0], math.Max(s[1], s[2]))
	return d > DMin && d < DMax && ext/d > AlphaMin
}

// plausibleTarget is the offline check of a planned target centre: inside
// the band with the apparent-size rule, projecting into the image, and
// standing there (standsAt), so that no attempt is spent on a move the
// stability rule would refuse.
func (c *viewCtx) plausibleTarget(o *ObjectMeta, delta sim.Vec3) bool {
	moved := *o
	moved.Position = o.Position.Add(delta)
	moved.AABB = o.AABB.Translate(delta)
	if !c.inBand(&moved) {
		return false
	}
	u, v, _, ok := c.cam.Project(moved.Position)
	return ok && u >= 0 && v >= 0 && u <= float64(c.cam.Width-1) && v <= float64(c.cam.Height-1) && c.standsAt(o, &moved)
}

// standsAt predicts from the before-state whether mover o would stand at
// the planned pose moved (same height): on the floor always; a pickupable
// in a category that settles may fall, which only the edit can tell;
// otherwise by the stability rule over the receptacles of the before-state
// (unstableAfter checks the executed edit).
func (c *viewCtx) standsAt(o, moved *ObjectMeta) bool {
	if o.Position[1]-o.Size[1]/2 <= sim.SupportContact || o.Pickupable && settlesIn(c.cat) {
		return true
	}
	i, ok := c.byID0[o.ID]
	return !ok || sim.StandsAt(c.objs0, i, moved, defaultCatalogInfo().onWall)
}

// descends reports whether id rests (transitively) on anc in objs.
func descends(objs []ObjectMeta, byID map[string]int, id, anc string) bool {
	for hop := 0; hop < 64; hop++ {
		i, ok := byID[id]
		if !ok {
			return false
		}
		p := objs[i].Parent
		if p == "" {
			return false
		}
		if p == anc {
			return true
		}
		id = p
	}
	return false
}

// movers returns the objects the planner may move from this view: movable,
// visible in I0, inside the band and large enough, in scene order.
func (c *viewCtx) movers() []*ObjectMeta {
	var out []*ObjectMeta
	for i := range c.objs0 {
		o := &c.objs0[i]
		if o.Movable() && c.visible(c.m0, o.ID) && c.inBand(o) && c.plausible(o.ID) {
			out = append(out, o)
		}
	}
	return out
}

// plausible reports whether an object stands where physics would hold it
// in the before-state (viewBase.implausible).
func (c *viewCtx) plausible(id string) bool {
	_, bad := c.base.implausible[id]
	return !bad
}

// referables returns the objects a question about mover may mention: visible
// in I0 and not carried by the mover (its descendants move with it).
func (c *viewCtx) referables(mover string) []*ObjectMeta {
	var out []*ObjectMeta
	for i := range c.objs0 {
		o := &c.objs0[i]
		if o.ID == mover || !c.visible(c.m0, o.ID) || !c.plausible(o.ID) || descends(c.objs0, c.byID0, o.ID, mover) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// shouldSettle says whether a mover is settled under gravity after a
// teleport: pickupable movers are, in every category; settleOutcome then
// keeps the drop where the category settles (settlesIn) and fails the edit
// elsewhere when the mover would have floated.
func shouldSettle(o *ObjectMeta) bool { return o.Pickupable }

// teleportAlong moves id from its before pose by delta with force=false; when
// blocked it binary-searches the motion ray for Halvings halvings and stays
// at the farthest free fraction. A failed teleport changes nothing, so the
// object ends at the last success. It returns the fraction reached (0 = none).
func (c *viewCtx) teleportAlong(id string, from sim.Vec3, yaw float64, delta sim.Vec3) float64 {
	if c.s.TeleportObject(id, from.Add(delta), yaw, false) == nil {
		return 1
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < Halvings; i++ {
		mid := (lo + hi) / 2
		if c.s.TeleportObject(id, from.Add(delta.Mul(mid)), yaw, false) == nil {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// execute performs one planned edit of the mover: a collision-checked
// teleport by delta (height kept), optional settling, then re-reads the
// objects and re-renders. On a failed edit it restores the scene and returns
// the reason; on success the scene is left in the after-state and the
// caller must call restore.
func (c *viewCtx) execute(moverID string, delta sim.Vec3, settle bool) (*edit, string, error) {
	return c.executeFirst(moverID, []sim.Vec3{delta}, settle)
}

// executeFirst is execute with alternative targets: the first delta, in
// order, whose full teleport succeeds is used; when all are blocked, the
// first delta is binary-searched along its motion ray.
func (c *viewCtx) executeFirst(moverID string, deltas []sim.Vec3, settle bool) (*edit, string, error) {
	m := c.obj0(moverID)
	for i := range deltas {
		deltas[i][1] = 0 // never raise (or lower) the planned height
	}
	delta := deltas[0]
	done := false
	if len(deltas) > 1 { // one delta: teleportAlong tries it whole first
		for _, d := range deltas {
			if c.s.TeleportObject(moverID, m.Position.Add(d), m.Yaw, false) == nil {
				delta, done = d, true
				break
			}
		}
	}
	if !done && c.teleportAlong(moverID, m.Position, m.Yaw, delta) == 0 {
		return nil, "blocked", nil
	}
	e := &edit{moverID: moverID, requested: delta}
	// A mover that stood on a receptacle and may not settle (a coffee
	// machine on a counter) is settled as a support probe: settleOutcome
	// fails the edit when it would drop, i.e. float in I1.
	if settle || m.Parent != "" {
		if err := c.s.Settle(moverID); err != nil {
			return nil, "settle_blocked", c.restore()
		}
		e.settled = true
	}
	objs, err := c.s.Objects()
	if err != nil {
		return nil, "", err
	}
	e.objs1, e.byID1 = objs, indexObjects(objs)
	mv := e.obj1(moverID)
	e.realised = mv.Position.Sub(m.Position)
	settled, why := settleOutcome(settle && settlesIn(c.cat), e.settled, *m, *mv)
	if why != "" {
		return nil, why, c.restore()
	}
	e.settled = settled
	if unstableAfter(c.objs0, objs, defaultCatalogInfo().onWall) != "" {
		return nil, "unsupported", c.restore()
	}
	if horizontal(e.realised).Len() < MinMove {
		return nil, "tiny_move", c.restore()
	}
	if !c.inBand(mv) {
		return nil, "out_of_band", c.restore()
	}
	if c.preRender != nil {
		if why := c.preRender(e); why != "" {
			return nil, why, c.restore()
		}
	}
	// The after frame is measured (masks, cover rates), never looked at, so
	// it needs no RGB unless the caller keeps frames.
	render := renderLabels
	if c.cfg.KeepFrames {
		render = Simulator.Render
	}
	f, err := render(c.s)
	if err != nil {
		return nil, "", err
	}
	e.f1, e.m1 = f, MaskStats(f)
	if !c.visible(e.m1, moverID) {
		return nil, "mover_hidden", c.restore()
	}
	return e, "", nil
}

// restore brings the scene back to the view's before-state and verifies it.
func (c *viewCtx) restore() error { return c.restoreTo(c.objs0, c.byID0) }

// restoreTo teleports every object whose pose differs from want back with
// force=true, parents first and re-reading after each teleport (moving a
// parent carries its children), until every pose is bit for bit the one in
// want (a child carried back by its parent is off by rounding, and would
// make every later view's before-state drift from the house); it fails
// when poses still differ after one teleport per object.
func (c *viewCtx) restoreTo(want []ObjectMeta, byID map[string]int) error {
	for iter := 0; iter <= len(want)+2; iter++ {
		objs, err := c.s.Objects()
		if err != nil {
			return err
		}
		if len(objs) != len(want) {
			return fmt.Errorf("%w: %d objects, want %d", errRestore, len(objs), len(want))
		}
		var bad *ObjectMeta
		for i := range objs {
			j, ok := byID[objs[i].ID]
			if !ok {
				return fmt.Errorf("%w: unknown object %q", errRestore, objs[i].ID)
			}
			if objs[i].Position != want[j].Position || objs[i].Yaw != want[j].Yaw {
				bad = &want[j]
				break
			}
		}
		if bad == nil {
			return nil
		}
		if err := c.s.TeleportObject(bad.ID, bad.Position, bad.Yaw, true); err != nil {
			return fmt.Errorf("%w: teleport %q back: %v", errRestore, bad.ID, err)
		}
	}
	return fmt.Errorf("%w: poses still differ after %d teleports", errRestore, len(want)+2)
}

// samePose compares position and yaw to 1e-6.
func samePose(a, b *ObjectMeta) bool {
	return a.Position.Sub(b.Position).Len() < 1e-6 && math.Abs(a.Yaw-b.Yaw) < 1e-6
}
