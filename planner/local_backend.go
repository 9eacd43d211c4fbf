package planner

import (
	"errors"
	"fmt"

	"flowbench/render"
	"flowbench/sim"
)

// LocalOptions configures the in-process backend.
type LocalOptions struct {
	// Render configures the rasterizer (Workers 1 keeps a run on one core).
	Render render.Options
	// Dress, when set, is applied to every scene right after it is built
	// from a house: it attaches real models and surfaces (assets.Library.Dress).
	// It must be deterministic, so that every process dresses a house alike.
	Dress func(*sim.Scene)
}

// Local is the in-process Simulator: a sim.Scene for state, collisions,
// settling and ray casts, and a render.Renderer that follows the scene.
type Local struct {
	opts     LocalOptions
	scene    *sim.Scene
	renderer *render.Renderer
	cam      sim.Camera
	camSet   bool
	reach    []sim.Vec3
	reachOK  bool
	bounds   []int        // MaskBounds' result buffer
	labels   render.Frame // RenderLabels' frame, reused by the next call
}

// NewLocal returns an in-process backend with no house loaded.
func NewLocal(opts LocalOptions) *Local { return &Local{opts: opts} }

var errNoHouse = errors.New("local simulator: no house loaded")

// Scene returns the loaded scene (for tests and tools; the planner never uses it).
func (l *Local) Scene() *sim.Scene { return l.scene }

// LoadHouse builds a scene and a renderer for the house.
func (l *Local) LoadHouse(h *sim.House) error {
	sc, err := sim.NewScene(h)
	if err != nil {
		return fmt.Errorf("local simulator: %w", err)
	}
	if l.opts.Dress != nil {
		l.opts.Dress(sc)
	}
	r, err := render.New(sc, l.opts.Render)
	if err != nil {
		return fmt.Errorf("local simulator: %w", err)
	}
	l.scene, l.renderer, l.camSet, l.reach, l.reachOK = sc, r, false, nil, false
	return nil
}

// ReachablePositions returns the scene's reachable floor points.
func (l *Local) ReachablePositions() ([]sim.Vec3, error) {
	if l.scene == nil {
		return nil, errNoHouse
	}
	if !l.reachOK {
		l.reach, l.reachOK = l.scene.ReachablePositions(), true
	}
	return append([]sim.Vec3(nil), l.reach...), nil
}

// SetCamera places the camera.
func (l *Local) SetCamera(cam sim.Camera) error {
	if err := cam.Validate(); err != nil {
		return err
	}
	l.cam, l.camSet = cam, true
	return nil
}

// Objects returns every object's metadata in scene order.
func (l *Local) Objects() ([]ObjectMeta, error) {
	if l.scene == nil {
		return nil, errNoHouse
	}
	out := make([]ObjectMeta, len(l.scene.Objects))
	for i, o := range l.scene.Objects {
		out[i] = ObjectMeta{ID: o.ID, Type: o.Type, Position: o.Position, Yaw: o.Yaw, Size: o.Size,
			AABB: o.AABB(), Pickupable: o.Pickupable, Moveable: o.Moveable, Receptacle: o.Receptacle, Parent: o.Parent}
	}
	return out, nil
}

// TeleportObject moves an object and what rests on it.
func (l *Local) TeleportObject(id string, pos sim.Vec3, yaw float64, force bool) error {
	if l.scene == nil {
		return errNoHouse
	}
	if err := l.scene.TeleportObject(id, pos, yaw, force); err != nil {
		return err
	}
	l.reachOK = false
	return nil
}

// Settle drops an object under gravity.
func (l *Local) Settle(id string) error {
	if l.scene == nil {
		return errNoHouse
	}
	if _, err := l.scene.Settle(id); err != nil {
		return err
	}
	l.reachOK = false
	return nil
}

// Raycast casts the ray through pixel (u, v) of the current camera.
func (l *Local) Raycast(u, v float64) (RayHit, bool, error) {
	if l.scene == nil {
		return RayHit{}, false, errNoHouse
	}
	if !l.camSet {
		return RayHit{}, false, errors.New("local simulator: Raycast before SetCamera")
	}
	h, ok := l.scene.Raycast(l.cam, u, v)
	if !ok {
		return RayHit{}, false, nil
	}
	return RayHit{Point: h.Point, ID: h.ID, Distance: h.Distance, Depth: h.Depth}, true, nil
}

// RenderLabels renders the current camera's depth and instance ids only
// (Frame.RGB is nil): the same labels as Render, without shading. The
// frame's arrays are the backend's and are overwritten by the next call
// (camera scoring renders hundreds of label frames per house).
func (l *Local) RenderLabels() (*Frame, error) {
	if l.scene == nil {
		return nil, errNoHouse
	}
	if !l.camSet {
		return nil, errors.New("local simulator: Render before SetCamera")
	}
	rf := &l.labels
	if err := l.renderer.RenderLabelsInto(l.cam, rf); err != nil {
		return nil, err
	}
	return &Frame{W: rf.Width, H: rf.Height, Depth: rf.Depth, IDs: rf.IDs, IDTable: rf.IDTable}, nil
}

// Render renders the current camera; the renderer refreshes object meshes
// from the scene's poses first, so every teleport and settle is drawn.
func (l *Local) Render() (*Frame, error) {
	if l.scene == nil {
		return nil, errNoHouse
	}
	if !l.camSet {
		return nil, errors.New("local simulator: Render before SetCamera")
	}
	rf, err := l.renderer.Render(l.cam)
	if err != nil {
		return nil, err
	}
	f := &Frame{W: rf.Width, H: rf.Height, Depth: rf.Depth, IDs: rf.IDs, IDTable: rf.IDTable}
	f.RGB = make([]uint8, f.W*f.H*3)
	pix := rf.RGB.Pix
	for i, j := 0, 0; j < len(f.RGB); i, j = i+4, j+3 {
		f.RGB[j], f.RGB[j+1], f.RGB[j+2] = pix[i], pix[i+1], pix[i+2]
	}
	return f, nil
}
