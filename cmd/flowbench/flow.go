package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"flowbench/flow"
	"flowbench/render"
	"flowbench/sim"
)

func init() {
	register(command{
		name:    "flow",
		use:     "--scene FILE --camera x,y,z,yaw,horizon --move ID:dx,dy,dz --out DIR [flags]",
		summary: "move one object and write exact optical flow, validity and change masks",
		example: "flowbench flow --scene house.json --camera 2,1.5,3,90,30 --move Mug|1:0.4,0,0 --out flow/",
		setup:   flowCommand,
	})
}

// Files written by flowbench flow.
const (
	flowForwardFlo  = "flow_forward.flo"
	flowForwardNPY  = "flow_forward.npy"
	flowBackwardFlo = "flow_backward.flo"
	flowBackwardNPY = "flow_backward.npy"
	flowValidPNG    = "flow_valid.png"
	flowChangePNG   = "change_mask.png"
	flowWheelPNG    = "flow_wheel.png"
	flowRGB0PNG     = "rgb0.png"
	flowRGB1PNG     = "rgb1.png"
)

// flowMove is a parsed --move: an object and its displacement (metres) and turn (degrees).
type flowMove struct {
	id    string
	delta sim.Vec3
	dyaw  float64
}

// parseMove parses "objectId:dx,dy,dz" or "objectId:dx,dy,dz,dyaw". The
// objectId may itself contain ':' (the last one separates the numbers).
func parseMove(s string) (flowMove, error) {
	k := strings.LastIndexByte(s, ':')
	if k <= 0 {
		return flowMove{}, fmt.Errorf("--move %q: want objectId:dx,dy,dz[,dyaw]", s)
	}
	m := flowMove{id: s[:k]}
	parts := strings.Split(s[k+1:], ",")
	if len(parts) != 3 && len(parts) != 4 {
		return flowMove{}, fmt.Errorf("--move %q: want 3 or 4 numbers after the objectId (dx,dy,dz[,dyaw]), got %d", s, len(parts))
	}
	names := []string{"dx", "dy", "dz", "dyaw"}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return flowMove{}, fmt.Errorf("--move %q: %s %q is not a finite number", s, names[i], p)
		}
		if i < 3 {
			m.delta[i] = v
		} else {
			m.dyaw = v
		}
	}
	return m, nil
}

func flowCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	view := addViewFlags(fs)
	moveFlag := fs.String("move", "", "objectId:dx,dy,dz[,dyaw]: teleport the object by this offset (metres) and turn (degrees) (required)")
	settle := fs.Bool("settle", false, "after the teleport, drop the object onto the surface below it (gravity)")
	maxFlow := boundedFloat(fs, "max-flow", 0, 0, 1e6, "flow magnitude drawn at full saturation in flow_wheel.png (0 = the largest valid one)")
	return func(args []string) error {
		if err := view.check(); err != nil {
			return err
		}
		switch {
		case *moveFlag == "":
			return fmt.Errorf("%w: --move is required (objectId:dx,dy,dz[,dyaw])", errUsage)
		case !(*maxFlow >= 0) || math.IsInf(*maxFlow, 0):
			return fmt.Errorf("%w: --max-flow %g must be a finite number ≥ 0", errUsage, *maxFlow)
		}
		mv, err := parseMove(*moveFlag)
		if err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}

		scene, cam, err := view.load()
		if err != nil {
			return err
		}
		obj := scene.Object(mv.id)
		if obj == nil {
			return fmt.Errorf("--move: unknown object id %q (not in %s)", mv.id, *view.scene)
		}

		r, err := render.New(scene, render.Options{})
		if err != nil {
			return err
		}
		f0, err := r.Render(cam)
		if err != nil {
			return err
		}
		before := flow.Snapshot(scene)
		if err := scene.TeleportObject(mv.id, obj.Position.Add(mv.delta), obj.Yaw+mv.dyaw, false); err != nil {
			return fmt.Errorf("--move %s: the move is blocked: %w", *moveFlag, err)
		}
		if *settle {
			if _, err := scene.Settle(mv.id); err != nil {
				return fmt.Errorf("--settle %s: %w", mv.id, err)
			}
		}
		motions, err := flow.MotionsBetween(before, flow.Snapshot(scene))
		if err != nil {
			return err
		}
		if err := checkMovedInside(scene, motions); err != nil {
			return fmt.Errorf("--move %s: %w", *moveFlag, err)
		}
		f1, err := r.Render(cam)
		if err != nil {
			return err
		}
		res, err := flow.Compute(flow.FromRender(f0), flow.FromRender(f1), cam, motions)
		if err != nil {
			return err
		}

		if err := os.MkdirAll(*view.out, 0o755); err != nil {
			return err
		}
		out := func(name string) string { return filepath.Join(*view.out, name) }
		wheel := flow.ColorImage(res.Forward, flow.WheelOptions{Max: *maxFlow, Mask: res.ValidForward.M})
		for _, step := range []func() error{
			func() error { return flow.WriteFlo(out(flowForwardFlo), res.Forward) },
			func() error {
				return render.WriteNPYFile(out(flowForwardNPY), []int{res.Forward.H, res.Forward.W, 2}, res.Forward.D)
			},
			func() error { return flow.WriteFlo(out(flowBackwardFlo), res.Backward) },
			func() error {
				return render.WriteNPYFile(out(flowBackwardNPY), []int{res.Backward.H, res.Backward.W, 2}, res.Backward.D)
			},
			func() error { return flow.WritePNG(out(flowValidPNG), flow.MaskImage(res.ValidForward)) },
			func() error { return flow.WritePNG(out(flowChangePNG), flow.MaskImage(res.Change)) },
			func() error { return flow.WritePNG(out(flowWheelPNG), wheel) },
			func() error { return render.WritePNG(out(flowRGB0PNG), f0.RGB) },
			func() error { return render.WritePNG(out(flowRGB1PNG), f1.RGB) },
		} {
			if err := step(); err != nil {
				return err
			}
		}
		moved := make([]string, 0, len(motions))
		for _, o := range scene.Objects { // scene order: deterministic
			if m, ok := motions[o.ID]; ok {
				d := m.To.Position.Sub(m.From.Position)
				moved = append(moved, fmt.Sprintf("%s (%+.3f, %+.3f, %+.3f) m, %+.1f°", o.ID, noNegZero(d[0], 3), noNegZero(d[1], 3), noNegZero(d[2], 3), noNegZero(m.To.Yaw-m.From.Yaw, 1)))
			}
		}
		for _, line := range moved {
			fmt.Fprintf(stdout, "moved\t%s\n", line)
		}
		fmt.Fprintf(stdout, "pixels\tchanged %d\tvalid %d of %d\tmax valid flow %.2f px\n",
			res.Change.Count(), res.ValidForward.Count(), cam.Width*cam.Height, res.Forward.MaxMagnitude(res.ValidForward.M))
		fmt.Fprintf(stderr, "flowbench flow: %d object(s) moved, files in %s\n", len(moved), *view.out)
		return nil
	}
}

// checkMovedInside refuses a move after which an object that moved (the
// mover or one it carries) has its centre outside every room or its top
// above the ceiling (the highest wall; 2.5 m without walls, as drawn), which
// the collision check, blind to the ceiling, lets through.
func checkMovedInside(s *sim.Scene, motions map[string]flow.RigidMotion) error {
	ceiling := 0.0
	for _, w := range s.Walls {
		ceiling = math.Max(ceiling, w.Height)
	}
	if ceiling == 0 {
		ceiling = 2.5
	}
	for _, o := range s.Objects { // scene order: the first offender is deterministic
		if _, ok := motions[o.ID]; !ok {
			continue
		}
		c := o.Position
		if s.RoomAt(c[0], c[2]) == "" {
			return fmt.Errorf("object %q would end at (%.3f, %.3f, %.3f), outside every room of the house", o.ID, c[0], c[1], c[2])
		}
		if top := o.AABB().Max[1]; top > ceiling+sim.CollisionTolerance {
			return fmt.Errorf("object %q would reach y %.3f m, through the ceiling at %.3f m", o.ID, top, ceiling)
		}
	}
	return nil
}

// noNegZero is v, or +0 where v rounds to zero at the given decimals, so
// that a settle's sub-millimetre drift prints "+0.000" rather than "-0.000".
func noNegZero(v float64, decimals int) float64 {
	if math.Abs(v) < 0.5*math.Pow(10, -float64(decimals)) {
		return 0
	}
	return v
}
