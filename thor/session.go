package thor

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"flowbench/render"
	"flowbench/sim"
)

// session is one connection's simulator state: a scene, its renderer and
// the camera. It is not safe for concurrent use.
type session struct {
	opts     ServerOptions
	scene    *sim.Scene
	renderer *render.Renderer
	frame    *render.Frame // reused render target
	rgb      []byte        // reused RGB pass buffer

	width, height int
	fov           float64
	floor         sim.Vec3 // agent floor point
	eyeHeight     float64
	yaw, horizon  float64
	standing      bool
	camSet        bool

	reach   []sim.Vec3
	reachOK bool
	// houseBytes is the loaded house's JSON size and gridCells its
	// navigation grid's cell count: the memory estimates' inputs.
	houseBytes int64
	gridCells  int64
	visible    map[string]bool // objects seen in the last rendered frame
	steps      int
}

func newSession(opts ServerOptions) *session {
	return &session{opts: opts, width: sim.DefaultSize, height: sim.DefaultSize, fov: sim.DefaultFOV,
		eyeHeight: sim.CameraHeight, standing: true}
}

// actionError is a refused action: its message becomes errorMessage and ret,
// when set, actionReturn.
type actionError struct {
	msg string
	ret any
}

func (e *actionError) Error() string { return e.msg }

func failf(format string, a ...any) error { return &actionError{msg: fmt.Sprintf(format, a...)} }

// camera returns the current camera.
func (s *session) camera() sim.Camera {
	return sim.Camera{Position: s.floor.Add(sim.Vec3{0, s.eyeHeight, 0}), Yaw: s.yaw, Horizon: s.horizon,
		FOV: s.fov, Width: s.width, Height: s.height}
}

// handle answers one text message: the binary frames to send first, then
// the encoded reply. It never panics: a panic inside an action becomes an
// error reply.
func (s *session) handle(msg []byte) (frames []outFrame, reply []byte) {
	var req Request
	// Unmarshal decodes in place; a json.Decoder would first copy the
	// message into its buffer (up to twice its size). It only runs to word
	// an error.
	if json.Unmarshal(msg, &req) != nil {
		req = Request{}
		dec := json.NewDecoder(bytes.NewReader(msg))
		if err := dec.Decode(&req); err != nil {
			return nil, s.errorReply(peekID(msg), "", fmt.Sprintf("malformed request: %v", err))
		}
		return nil, s.errorReply(req.ID, req.Action, "malformed request: trailing data after the JSON object")
	}
	if req.Action == "" {
		return nil, s.errorReply(req.ID, "", `malformed request: missing "action"`)
	}
	var ret any
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("internal error in %s: %v", req.Action, p)
			}
		}()
		frames, ret, err = s.act(&req)
	}()
	md := s.metadata(req.Action, req.WithObjects == nil || *req.WithObjects)
	if err != nil {
		md.LastActionSuccess, md.ErrorMessage = false, err.Error()
		var ae *actionError
		if errors.As(err, &ae) && ae.ret != nil {
			ret = ae.ret
		}
		frames = nil
	}
	if ret != nil {
		b, jerr := json.Marshal(ret)
		if jerr != nil {
			return nil, s.errorReply(req.ID, req.Action, "encoding actionReturn: "+jerr.Error())
		}
		md.ActionReturn = b
	}
	out, jerr := json.Marshal(Reply{ID: req.ID, Metadata: md})
	if jerr != nil {
		return nil, s.errorReply(req.ID, req.Action, "encoding reply: "+jerr.Error())
	}
	if err := checkReplySize(req.Action, len(out), frames, s.opts.MaxReplyBytes); err != nil {
		return nil, s.errorReply(req.ID, req.Action, err.Error())
	}
	return frames, out
}

// peekID recovers a numeric "id" from a request that failed to decode.
func peekID(msg []byte) uint64 {
	var p struct {
		ID uint64 `json:"id"`
	}
	_ = json.Unmarshal(msg, &p)
	return p.ID
}

// errorReply is a failed reply without objects.
func (s *session) errorReply(id uint64, action, msg string) []byte {
	md := s.metadata(action, false)
	md.LastActionSuccess, md.ErrorMessage = false, msg
	b, err := json.Marshal(Reply{ID: id, Metadata: md})
	if err != nil { // cannot happen: every field is plain data
		panic(err)
	}
	return b
}

// decodeArgs decodes an action's arguments strictly.
func decodeArgs(req *Request, v any) error {
	if len(req.Args) == 0 || string(req.Args) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(req.Args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return failf("%s: bad args: %v", req.Action, err)
	}
	return nil
}

func (s *session) needHouse(action string) error {
	if s.scene == nil {
		return failf("%s: no house loaded (send CreateHouse first)", action)
	}
	return nil
}

func (s *session) needCamera(action string) error {
	if err := s.needHouse(action); err != nil {
		return err
	}
	if !s.camSet {
		return failf("%s: camera not placed (send TeleportFull first)", action)
	}
	return nil
}

// act runs one action.
func (s *session) act(req *Request) (frames []outFrame, ret any, err error) {
	s.steps++
	switch req.Action {
	case ActionPass:
		return nil, nil, decodeArgs(req, &struct{}{}) // no arguments: any is unknown
	case ActionInitialize:
		return nil, nil, s.initialize(req)
	case ActionCreateHouse:
		return nil, nil, s.createHouse(req)
	case ActionTeleportFull:
		return nil, nil, s.teleportFull(req)
	case ActionReachable:
		if err := decodeArgs(req, &struct{}{}); err != nil {
			return nil, nil, err
		}
		if err := s.needHouse(req.Action); err != nil {
			return nil, nil, err
		}
		if !s.reachOK {
			s.reach, s.reachOK = s.scene.ReachablePositions(), true
		}
		out := make([]sim.XYZ, len(s.reach))
		for i, p := range s.reach {
			out[i] = sim.ToXYZ(p)
		}
		return nil, out, nil
	case ActionTeleportObject:
		return nil, nil, s.teleportObject(req)
	case ActionPlaceObjectAt:
		return nil, nil, s.placeObject(req)
	case ActionSettleObject:
		ret, err := s.settle(req)
		return nil, ret, err
	case ActionRaycast:
		ret, err := s.raycast(req)
		return nil, ret, err
	case ActionRender:
		return s.render(req)
	}
	return nil, nil, failf("unknown action %q", req.Action)
}

func (s *session) initialize(req *Request) error {
	var a InitializeArgs
	if err := decodeArgs(req, &a); err != nil {
		return err
	}
	w, h, fov := s.width, s.height, s.fov
	if a.Width != 0 {
		w = a.Width
	}
	if a.Height != 0 {
		h = a.Height
	}
	if a.FieldOfView != 0 {
		fov = a.FieldOfView
	}
	if w < 1 || h < 1 || w > s.opts.MaxImageSide || h > s.opts.MaxImageSide {
		return failf("Initialize: image size %dx%d must be within 1..%d", w, h, s.opts.MaxImageSide)
	}
	if !(fov > 0 && fov < 180) {
		return failf("Initialize: fieldOfView %g must be in (0, 180)", fov)
	}
	if err := checkRenderSize("Initialize", w, h, s.opts.MaxReplyBytes); err != nil {
		return err
	}
	if err := s.checkRenderMemory(w, h); err != nil {
		return err
	}
	if a.GridSize != 0 && a.GridSize != sim.GridSize {
		return failf("Initialize: gridSize %g is not supported (only %g)", a.GridSize, sim.GridSize)
	}
	s.width, s.height, s.fov = w, h, fov
	return nil
}

func (s *session) createHouse(req *Request) error {
	var a CreateHouseArgs
	if err := decodeArgs(req, &a); err != nil {
		return err
	}
	if len(a.House) == 0 || string(a.House) == "null" {
		return failf(`CreateHouse: missing "house"`)
	}
	h, err := sim.DecodeHouse(a.House)
	if err != nil {
		return failf("CreateHouse: %v", err)
	}
	if as := SupportOf(Hello{Assets: s.opts.Assets}); !as.All() {
		if bad := as.Uncreatable(h); len(bad) > 0 {
			return failf("%v", uncreatableError("flowbench-go", as, bad))
		}
	}
	// The scene validates the house first (its bounds name the offending
	// field); the grid bound then caps what navigation would allocate.
	sc, err := sim.NewScene(h)
	if err != nil {
		return failf("CreateHouse: %v", err)
	}
	if err := checkHouseGrid(h, s.opts.MaxGridCells); err != nil {
		return err
	}
	if s.opts.Dress != nil {
		s.opts.Dress(sc)
	}
	r, err := render.New(sc, s.opts.Render)
	if err != nil {
		return failf("CreateHouse: %v", err)
	}
	s.scene, s.renderer, s.camSet, s.reach, s.reachOK, s.visible = sc, r, false, nil, false, nil
	cells, _, _ := houseGridCells(h)
	s.houseBytes, s.gridCells = int64(len(a.House)), int64(cells)
	return nil
}

func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Pose bounds: positions farther than MaxCoordinate metres from the origin
// and angles beyond MaxAngle degrees are refused even when finite, so that
// no later reply (metadata, frames) can overflow or lose all precision.
const (
	MaxCoordinate = 1e4
	MaxAngle      = 1e6
)

// checkPose refuses a position or angles that are not finite or absurd.
func checkPose(action string, p *sim.XYZ, angles ...float64) error {
	if p != nil {
		for _, c := range []float64{p.X, p.Y, p.Z} {
			if !finite(c) || math.Abs(c) > MaxCoordinate {
				return failf("%s: position (%g, %g, %g) is not finite or lies more than %g m from the origin", action, p.X, p.Y, p.Z, MaxCoordinate)
			}
		}
	}
	for _, a := range angles {
		if !finite(a) || math.Abs(a) > MaxAngle {
			return failf("%s: angle %g is not finite or beyond ±%g degrees", action, a, MaxAngle)
		}
	}
	return nil
}

func (s *session) teleportFull(req *Request) error {
	var a TeleportFullArgs
	if err := decodeArgs(req, &a); err != nil {
		return err
	}
	if a.Position == nil || a.Rotation == nil {
		return failf(`TeleportFull: "position" and "rotation" are required`)
	}
	if a.Rotation.X != 0 || a.Rotation.Z != 0 {
		return failf("TeleportFull: rotation (%g, %g, %g): only a yaw about y is supported", a.Rotation.X, a.Rotation.Y, a.Rotation.Z)
	}
	if err := checkPose("TeleportFull", a.Position, a.Rotation.Y, a.Horizon); err != nil {
		return err
	}
	standing := a.Standing == nil || *a.Standing
	eye := sim.CameraHeight
	if a.EyeHeight != nil {
		eye = *a.EyeHeight
	} else if !standing {
		return failf(`TeleportFull: standing=false needs an explicit "eyeHeight"`)
	}
	floor := a.Position.Vec()
	cam := sim.Camera{Position: floor.Add(sim.Vec3{0, eye, 0}), Yaw: a.Rotation.Y, Horizon: a.Horizon, FOV: s.fov, Width: s.width, Height: s.height}
	if !finite(eye) {
		return failf("TeleportFull: eyeHeight %g is not finite", eye)
	}
	if err := cam.Validate(); err != nil {
		return failf("TeleportFull: %v", err)
	}
	s.floor, s.eyeHeight, s.yaw, s.horizon, s.standing, s.camSet = floor, eye, a.Rotation.Y, a.Horizon, standing, true
	return nil
}

// objectFor returns the object a request names.
func (s *session) objectFor(action, id string) (*sim.Object, error) {
	if err := s.needHouse(action); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, failf(`%s: missing "objectId"`, action)
	}
	o := s.scene.Object(id)
	if o == nil {
		return nil, failf("%s: unknown objectId %q", action, id)
	}
	return o, nil
}

// collisionFailure turns a simulator error into an action error, keeping a
// collision's details in actionReturn.
func collisionFailure(err error) error {
	var ce *sim.CollisionError
	if errors.As(err, &ce) {
		return &actionError{msg: ce.Error(), ret: CollisionReturn{Collision: &CollisionInfo{
			Mover: ce.Mover, Object: ce.Object, Other: ce.Other, Depth: ce.Depth, Action: ce.Action}}}
	}
	return &actionError{msg: err.Error()}
}

func (s *session) teleportObject(req *Request) error {
	var a TeleportObjectArgs
	if err := decodeArgs(req, &a); err != nil {
		return err
	}
	o, err := s.objectFor(req.Action, a.ObjectID)
	if err != nil {
		return err
	}
	if a.Position == nil {
		return failf(`TeleportObject: missing "position"`)
	}
	yaw := o.Yaw
	if a.Rotation != nil {
		if a.Rotation.X != 0 || a.Rotation.Z != 0 {
			return failf("TeleportObject: rotation (%g, %g, %g): only a yaw about y is supported", a.Rotation.X, a.Rotation.Y, a.Rotation.Z)
		}
		yaw = a.Rotation.Y
	}
	if err := checkPose("TeleportObject", a.Position, yaw); err != nil {
		return err
	}
	if err := s.scene.TeleportObject(o.ID, a.Position.Vec(), yaw, a.ForceAction); err != nil {
		return collisionFailure(err)
	}
	s.reachOK = false
	return nil
}

// placeObject is PlaceObjectAtPoint: the object's bottom centre goes to the
// point, yaw unchanged, collisions checked.
func (s *session) placeObject(req *Request) error {
	var a ObjectArgs
	if err := decodeArgs(req, &a); err != nil {
		return err
	}
	o, err := s.objectFor(req.Action, a.ObjectID)
	if err != nil {
		return err
	}
	if a.Position == nil {
		return failf(`PlaceObjectAtPoint: missing "position"`)
	}
	if err := checkPose("PlaceObjectAtPoint", a.Position); err != nil {
		return err
	}
	p := a.Position.Vec().Add(sim.Vec3{0, o.Size[1] / 2, 0})
	if err := s.scene.TeleportObject(o.ID, p, o.Yaw, false); err != nil {
		return collisionFailure(err)
	}
	s.reachOK = false
	return nil
}

func (s *session) settle(req *Request) (any, error) {
	var a ObjectArgs
	if err := decodeArgs(req, &a); err != nil {
		return nil, err
	}
	if a.Position != nil {
		return nil, failf(`SettleObject: takes no "position"`)
	}
	o, err := s.objectFor(req.Action, a.ObjectID)
	if err != nil {
		return nil, err
	}
	d, err := s.scene.Settle(o.ID)
	if err != nil {
		return nil, collisionFailure(err)
	}
	s.reachOK = false
	return SettleReturn{Dropped: d, ParentReceptacle: o.Parent}, nil
}

func (s *session) raycast(req *Request) (any, error) {
	var a RaycastArgs
	if err := decodeArgs(req, &a); err != nil {
		return nil, err
	}
	if err := s.needCamera(req.Action); err != nil {
		return nil, err
	}
	cam := s.camera()
	u, v, err := raycastPixel(&a, cam)
	if err != nil {
		return nil, err
	}
	h, ok := s.scene.Raycast(cam, u, v)
	if !ok {
		return RaycastReturn{}, nil
	}
	return RaycastReturn{X: h.Point[0], Y: h.Point[1], Z: h.Point[2], Hit: true, ObjectID: h.ID, Distance: h.Distance, Depth: h.Depth}, nil
}

func (s *session) render(req *Request) ([]outFrame, any, error) {
	var a RenderArgs
	if err := decodeArgs(req, &a); err != nil {
		return nil, nil, err
	}
	if err := s.needCamera(req.Action); err != nil {
		return nil, nil, err
	}
	passes := a.Passes
	if len(passes) == 0 {
		passes = []string{"rgb", "depth", "ids"}
	}
	seen := map[string]bool{}
	for _, p := range passes {
		if _, ok := passNames[p]; !ok {
			return nil, nil, failf("Render: unknown pass %q (want rgb, depth or ids)", p)
		}
		if seen[p] {
			return nil, nil, failf("Render: pass %q listed twice", p)
		}
		seen[p] = true
	}
	if s.frame == nil {
		s.frame = &render.Frame{}
	}
	f := s.frame
	if err := s.renderer.RenderInto(s.camera(), f); err != nil {
		return nil, nil, failf("Render: %v", err)
	}
	s.visible = map[string]bool{}
	for i, st := range f.Stats {
		if i > 0 && st.Pixels > 0 && i < len(f.IDTable) {
			s.visible[f.IDTable[i]] = true
		}
	}
	frames := make([]outFrame, 0, len(passes))
	for _, p := range passes {
		switch k := passNames[p]; k {
		case PassRGB:
			frames = append(frames, rgbaFrame(req.ID, f.Width, f.Height, f.RGB.Pix, s.rgb))
			s.rgb = frames[len(frames)-1].body
		case PassDepth:
			frames = append(frames, outFrame{header(k, req.ID, f.Width, f.Height), sampleBytes(f.Depth)})
		case PassIDs:
			frames = append(frames, outFrame{header(k, req.ID, f.Width, f.Height), sampleBytes(f.IDs)})
		}
	}
	return frames, RenderReturn{Width: f.Width, Height: f.Height, Passes: passes, IDTable: f.IDTable}, nil
}

// metadata builds the reply metadata for the current state.
func (s *session) metadata(action string, withObjects bool) Metadata {
	md := newMetadata(action)
	cam := s.camera()
	md.Agent.Position = sim.ToXYZ(s.floor)
	md.Agent.Rotation = sim.XYZ{Y: s.yaw}
	md.Agent.CameraHorizon = s.horizon
	md.Agent.IsStanding = s.standing
	md.Agent.EyeHeight = s.eyeHeight
	md.CameraPosition = sim.ToXYZ(cam.Position)
	md.FOV = s.fov
	md.ScreenWidth, md.ScreenHeight = s.width, s.height
	md.CurrentTime = float64(s.steps)
	if s.scene == nil {
		return md
	}
	md.SceneName = s.scene.House.Metadata.RoomSpecID
	if md.SceneName == "" {
		md.SceneName = "house"
	}
	md.SceneBounds = boxMetadata(sceneBounds(s.scene))
	if withObjects {
		md.Objects = make([]ObjectMetadata, len(s.scene.Objects))
		for i, o := range s.scene.Objects {
			md.Objects[i] = objectMetadata(s.scene, o, cam.Position, s.visible[o.ID])
		}
	}
	return md
}

// sceneBounds is the box around every room and wall.
func sceneBounds(sc *sim.Scene) sim.AABB {
	b := sim.AABB{Min: sim.Vec3{math.Inf(1), 0, math.Inf(1)}, Max: sim.Vec3{math.Inf(-1), 0, math.Inf(-1)}}
	add := func(x, z float64) {
		b.Min[0], b.Max[0] = math.Min(b.Min[0], x), math.Max(b.Max[0], x)
		b.Min[2], b.Max[2] = math.Min(b.Min[2], z), math.Max(b.Max[2], z)
	}
	for _, r := range sc.Rooms {
		for _, p := range r.Polygon {
			add(p[0], p[1])
		}
	}
	for _, w := range sc.Walls {
		add(w.A[0], w.A[1])
		add(w.B[0], w.B[1])
		b.Max[1] = math.Max(b.Max[1], w.Height)
	}
	if math.IsInf(b.Min[0], 0) {
		return sim.AABB{}
	}
	return b
}
