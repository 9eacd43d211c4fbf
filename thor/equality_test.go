package thor

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// errString makes errors comparable: nil, a collision with all its
// details, or some other error.
func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	var ce *sim.CollisionError
	if errors.As(err, &ce) {
		return fmt.Sprintf("collision %+v", *ce)
	}
	return "error" // wording of other errors differs between backends
}

// pair runs every operation on the in-process backend and on the client
// and fails when any result differs.
type pair struct {
	t      *testing.T
	local  planner.Simulator
	remote planner.Simulator
}

func (p *pair) same(what string, a, b any) {
	p.t.Helper()
	if !reflect.DeepEqual(a, b) {
		p.t.Fatalf("%s differs:\n local  %v\n remote %v", what, short(a), short(b))
	}
}

func short(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return s
}

func (p *pair) do(what string, f func(s planner.Simulator) (any, error)) any {
	p.t.Helper()
	a, _ := p.doErr(what, f)
	return a
}

// doErr is do that also returns the in-process error.
func (p *pair) doErr(what string, f func(s planner.Simulator) (any, error)) (any, error) {
	p.t.Helper()
	a, ea := f(p.local)
	b, eb := f(p.remote)
	p.same(what+" error", errString(ea), errString(eb))
	p.same(what, a, b)
	return a, ea
}

// TestClientMatchesLocal drives planner.NewLocal and Client → Server with
// the same operations on generated houses and requires identical results:
// reachable positions, object metadata, accepted and refused teleports,
// settling, ray casts and frame bytes.
func TestClientMatchesLocal(t *testing.T) {
	_, url := startServer(t, ServerOptions{})
	seeds := []int64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			h, err := sim.Generate(sim.StyleProcTHOR, seed, 0)
			if err != nil {
				t.Fatal(err)
			}
			p := &pair{t: t, local: planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}),
				remote: dialTest(t, url, Options{})}
			runScript(t, p, h)
		})
	}
}

func runScript(t *testing.T, p *pair, h *sim.House) {
	// Calls before a house or camera fail on both sides.
	p.do("Render before LoadHouse", func(s planner.Simulator) (any, error) { f, err := s.Render(); return f, err })
	p.do("LoadHouse", func(s planner.Simulator) (any, error) { return nil, s.LoadHouse(h) })
	reach := p.do("ReachablePositions", func(s planner.Simulator) (any, error) { return s.ReachablePositions() }).([]sim.Vec3)
	if len(reach) == 0 {
		t.Fatal("no reachable positions")
	}
	objs := p.do("Objects", func(s planner.Simulator) (any, error) { return s.Objects() }).([]planner.ObjectMeta)
	var mover, other *planner.ObjectMeta
	for i := range objs {
		o := &objs[i]
		if o.Movable() && o.Parent == "" && (mover == nil || o.Size[1] > mover.Size[1]) {
			mover = o
		}
	}
	for i := range objs {
		if o := &objs[i]; mover != nil && o.ID != mover.ID && o.Parent == "" && (other == nil || !o.Movable()) {
			other = o
		}
	}
	if mover == nil || other == nil {
		t.Fatal("house has no movable floor object or no static object")
	}
	cams := []sim.Camera{
		{Position: reach[len(reach)/2].Add(sim.Vec3{0, sim.CameraHeight, 0}), Yaw: 90, Horizon: 30, FOV: 90, Width: 96, Height: 96},
		{Position: reach[0].Add(sim.Vec3{0, 1.2, 0}), Yaw: 217.5, Horizon: -10, FOV: 70, Width: 80, Height: 60},
	}
	frames := func(label string) {
		for i, cam := range cams {
			p.do(fmt.Sprint(label, " SetCamera ", i), func(s planner.Simulator) (any, error) { return nil, s.SetCamera(cam) })
			f := p.do(fmt.Sprint(label, " Render ", i), func(s planner.Simulator) (any, error) { return s.Render() }).(*planner.Frame)
			if len(f.RGB) != f.W*f.H*3 || len(f.Depth) != f.W*f.H {
				t.Fatalf("frame %dx%d has %d RGB bytes, %d depths", f.W, f.H, len(f.RGB), len(f.Depth))
			}
			for v := 0.0; v < float64(cam.Height); v += 7.3 {
				for u := 0.0; u < float64(cam.Width); u += 5.1 {
					p.do(fmt.Sprintf("%s Raycast %d (%g,%g)", label, i, u, v), func(s planner.Simulator) (any, error) {
						h, ok, err := s.Raycast(u, v)
						return fmt.Sprint(h, ok), err
					})
				}
			}
		}
	}
	frames("start")
	// A refused teleport (into a static object) and an accepted one.
	_, err := p.doErr("colliding teleport", func(s planner.Simulator) (any, error) {
		return nil, s.TeleportObject(mover.ID, other.Position, mover.Yaw, false)
	})
	var ce *sim.CollisionError
	if !errors.As(err, &ce) {
		t.Fatalf("teleporting %s onto %s: got %v, want a collision", mover.ID, other.ID, err)
	}
	p.do("unknown object", func(s planner.Simulator) (any, error) {
		return nil, s.TeleportObject("NoSuchObject|1", other.Position, 0, false)
	})
	p.do("forced teleport", func(s planner.Simulator) (any, error) {
		return nil, s.TeleportObject(mover.ID, mover.Position.Add(sim.Vec3{0, 0.4, 0}), mover.Yaw+30, true)
	})
	p.do("Settle", func(s planner.Simulator) (any, error) { return nil, s.Settle(mover.ID) })
	p.do("Settle unknown", func(s planner.Simulator) (any, error) { return nil, s.Settle("Nope") })
	for k, d := range []sim.Vec3{{0.3, 0, 0}, {0, 0, -0.3}, {-0.6, 0, 0.25}, {0.05, 0, 0.05}} {
		p.do(fmt.Sprint("teleport ", k), func(s planner.Simulator) (any, error) {
			return nil, s.TeleportObject(mover.ID, mover.Position.Add(d), mover.Yaw+float64(15*k), false)
		})
	}
	p.do("Objects after moves", func(s planner.Simulator) (any, error) { return s.Objects() })
	p.do("ReachablePositions after moves", func(s planner.Simulator) (any, error) { return s.ReachablePositions() })
	frames("moved")
}

// The client satisfies the planner's simulator interface (thor itself does
// not import the planner: the interface's types live in sim).
var _ planner.Simulator = (*Client)(nil)
