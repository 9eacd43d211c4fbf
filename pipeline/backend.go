package pipeline

import (
	"fmt"
	"image"
	"strings"

	"flowbench/flow"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
	"flowbench/thor"
)

// A run plans and renders either in-process (the default: sim + render) or
// through a websocket bridge given by --backend ws://HOST:PORT (flowbench
// serve, the Blender bridge, the AI2-THOR bridge). With a bridge, planning
// and the stored frames both come from the bridge: each planning worker and
// the annotation stage hold their own connection. With --render-backend
// only the stored frames' RGB comes from the bridge
// (generate_backend_render.go).

// checkBackend validates a --backend URL ("" means in-process).
func checkBackend(url string) error {
	return checkBridgeURL("--backend", url)
}

// checkBackends validates --backend and --render-backend, which exclude
// each other.
func checkBackends(backend, renderBackend string) error {
	if backend != "" && renderBackend != "" {
		return fmt.Errorf("--backend and --render-backend exclude each other (--backend already renders through the bridge)")
	}
	if err := checkBackend(backend); err != nil {
		return err
	}
	return checkBridgeURL("--render-backend", renderBackend)
}

// checkBridgeURL validates a bridge URL flag ("" means unset).
func checkBridgeURL(flag, url string) error {
	if url == "" || strings.HasPrefix(url, "ws://") || strings.HasPrefix(url, "wss://") {
		return nil
	}
	return fmt.Errorf("%s must be a ws:// or wss:// URL, got %q", flag, url)
}

// newSimulator returns the simulator a planning worker uses for one house,
// and a function that releases it.
func newSimulator(backend string, dress func(*sim.Scene)) (planner.Simulator, func(), error) {
	if backend == "" {
		return planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}, Dress: dress}), func() {}, nil
	}
	c, err := thor.Dial(backend, thor.Options{Dress: dress})
	if err != nil {
		return nil, nil, fmt.Errorf("backend %s: %w", backend, err)
	}
	return c, func() { c.Close() }, nil
}

// newHouseAnnotator returns the annotator of one house: the built-in
// renderer, frames rendered by the --backend bridge, or labels rendered
// in-process with RGB from the --render-backend bridge.
func newHouseAnnotator(h *sim.House, opt runOptions) (*annotator, error) {
	backend, questionsOnly, dress := opt.Backend, opt.QuestionsOnly, opt.Dress
	if opt.RenderBackend != "" {
		src, err := newBridgeRGBFrames(h, opt.RenderBackend, dress)
		if err != nil {
			return nil, err
		}
		return &annotator{frames: src, noAnn: questionsOnly}, nil
	}
	if backend == "" {
		return newAnnotator(h, questionsOnly, dress)
	}
	s, release, err := newSimulator(backend, dress)
	if err != nil {
		return nil, err
	}
	if err := s.LoadHouse(h); err != nil {
		release()
		return nil, fmt.Errorf("backend %s: load house: %w", backend, err)
	}
	return &annotator{frames: &simFrames{sim: s, release: release}, noAnn: questionsOnly}, nil
}

// simFrames renders through the planner's Simulator interface: it renders
// the before state, force-teleports every moved object to its after pose
// (parents first), renders again and teleports them back.
type simFrames struct {
	sim     planner.Simulator
	release func()
	rgb     [2]*image.RGBA
}

func (s *simFrames) close() error { s.release(); return nil }

func (s *simFrames) render(cam sim.Camera, motions map[string]flow.RigidMotion, order []string) (shotFrame, shotFrame, error) {
	if err := s.sim.SetCamera(cam); err != nil {
		return shotFrame{}, shotFrame{}, fmt.Errorf("set camera: %w", err)
	}
	f0, err := s.shot(0, "before")
	if err != nil {
		return shotFrame{}, shotFrame{}, err
	}
	if err := s.place(motions, order, true); err != nil {
		return shotFrame{}, shotFrame{}, err
	}
	f1, err := s.shot(1, "after")
	if perr := s.place(motions, order, false); err == nil {
		err = perr
	}
	return f0, f1, err
}

// place teleports the moved objects to their after (or before) poses.
func (s *simFrames) place(motions map[string]flow.RigidMotion, order []string, after bool) error {
	for _, id := range order {
		p := motions[id].From
		if after {
			p = motions[id].To
		}
		if err := s.sim.TeleportObject(id, p.Position, p.Yaw, true); err != nil {
			return fmt.Errorf("place %s: %w", id, err)
		}
	}
	return nil
}

// shot renders the current state into buffer k.
func (s *simFrames) shot(k int, what string) (shotFrame, error) {
	f, err := s.sim.Render()
	if err != nil {
		return shotFrame{}, fmt.Errorf("render %s: %w", what, err)
	}
	if len(f.RGB) != 3*f.W*f.H {
		return shotFrame{}, fmt.Errorf("render %s: the backend sent %d RGB bytes for %dx%d", what, len(f.RGB), f.W, f.H)
	}
	img := s.rgb[k]
	if img == nil || img.Rect.Dx() != f.W || img.Rect.Dy() != f.H {
		img = image.NewRGBA(image.Rect(0, 0, f.W, f.H))
		s.rgb[k] = img
	}
	f.CopyRGB(img)
	return shotFrame{rgb: img, Frame: flow.Frame{W: f.W, H: f.H, Depth: f.Depth, IDs: f.IDs, Objects: f.IDTable}}, nil
}
