package main

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"flowbench/render"
	"flowbench/sim"
)

func init() {
	register(command{
		name:    "render",
		use:     "--scene FILE --camera x,y,z,yaw,horizon --out DIR [flags]",
		summary: "render RGB, depth and instance ids of a house from one camera",
		example: "flowbench render --scene house.json --camera 2,1.5,3,90,30 --size 800 --out view/",
		setup:   renderCommand,
	})
}

// wallClearance is how close the eye may come to a wall before the camera
// counts as inside it.
const wallClearance = 0.05

// maxViewSize bounds the image side of render and flow (--size) and of
// serve's Initialize requests: a frame's buffers grow with its square.
const maxViewSize = 4096

// maxSupersampledSize bounds --size × --aa, the side render draws at.
const maxSupersampledSize = 8192

// renderMarksFile is the overlay image written with --marks.
const renderMarksFile = "rgb_marks.png"

func renderCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	view := addViewFlags(fs)
	marksFlag := fs.String("marks", "", "comma-separated object ids to overlay Set-of-Marks on")
	styleFlag := fs.String("style", "dots", "mark style: dots or badges")
	seed := uint64SeedFlag(fs, 0, "seed of the mark colour draw")
	aa := boundedInt(fs, "aa", 1, 1, 8, "supersampling factor for RGB anti-aliasing (1 = off)")
	workers := boundedInt(fs, "workers", 0, 0, maxWorkers, "render goroutines (0 = all CPUs)")
	return func(args []string) error {
		if err := view.check(); err != nil {
			return err
		}
		switch {
		case *view.size**aa > maxSupersampledSize:
			return fmt.Errorf("%w: --size %d × --aa %d: the supersampled side %d exceeds %d", errUsage, *view.size, *aa, *view.size**aa, maxSupersampledSize)
		}
		style, err := render.ParseMarkStyle(*styleFlag)
		if err != nil {
			return fmt.Errorf("%w: --style: %v", errUsage, err)
		}
		var markIDs []string
		if *marksFlag != "" {
			for _, id := range strings.Split(*marksFlag, ",") {
				if id = strings.TrimSpace(id); id != "" {
					markIDs = append(markIDs, id)
				}
			}
		}

		scene, cam, err := view.load()
		if err != nil {
			return err
		}
		for _, id := range markIDs {
			if scene.Object(id) == nil {
				return fmt.Errorf("--marks: unknown object id %q (not in %s)", id, *view.scene)
			}
		}

		r, err := render.New(scene, render.Options{Workers: *workers, Supersample: *aa})
		if err != nil {
			return err
		}
		f, err := r.Render(cam)
		if err != nil {
			return err
		}
		var marks []render.Mark
		if len(markIDs) > 0 {
			marks, err = render.PlaceMarks(f, markIDs, render.NewMarkRNG(*seed), style)
			if err != nil {
				return fmt.Errorf("--marks: %w", err)
			}
		}
		if err := render.WriteFrameFiles(*view.out, f); err != nil {
			return err
		}
		if len(marks) > 0 {
			if err := render.WritePNG(filepath.Join(*view.out, renderMarksFile), render.DrawMarks(f.RGB, marks, style)); err != nil {
				return err
			}
			for _, m := range marks {
				fmt.Fprintf(stdout, "%s\t%s\t#%02x%02x%02x\tmark %d at (%.0f, %.0f)\n", m.ID, m.Color.Name,
					m.Color.Color.R, m.Color.Color.G, m.Color.Color.B, m.Number, m.X, m.Y)
			}
		}
		visible := 0
		for _, s := range f.Stats[1:] {
			if s.Pixels > 0 {
				visible++
			}
		}
		fmt.Fprintf(stderr, "flowbench render: %dx%d frame, %d visible instances, files in %s\n", f.Width, f.Height, visible, *view.out)
		return nil
	}
}

// parseCameraPose parses "x,y,z,yaw,horizon" into five finite numbers.
func parseCameraPose(s string) ([5]float64, error) {
	var p [5]float64
	parts := strings.Split(s, ",")
	if len(parts) != 5 {
		return p, fmt.Errorf("--camera %q: want x,y,z,yaw,horizon (5 numbers), got %d values", s, len(parts))
	}
	names := [5]string{"x", "y", "z", "yaw", "horizon"}
	for i, part := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return p, fmt.Errorf("--camera %q: %s %q is not a finite number", s, names[i], part)
		}
		p[i] = v
	}
	return p, nil
}

// checkCameraPlacement rejects an eye outside every room, below the floor
// or above the walls, inside an object's bounding box, or within
// wallClearance of a wall.
func checkCameraPlacement(s *sim.Scene, eye sim.Vec3) error {
	if s.RoomAt(eye[0], eye[2]) == "" {
		return fmt.Errorf("eye (%.3f, %.3f, %.3f) is outside every room", eye[0], eye[1], eye[2])
	}
	top := 0.0
	for _, w := range s.Walls {
		top = math.Max(top, w.Height)
	}
	if eye[1] <= 0 || (top > 0 && eye[1] >= top) {
		return fmt.Errorf("eye height %.3f m is not between the floor (0) and the ceiling (%.3f)", eye[1], top)
	}
	for _, o := range s.Objects {
		b := o.AABB()
		if eye[0] > b.Min[0] && eye[0] < b.Max[0] && eye[1] > b.Min[1] && eye[1] < b.Max[1] && eye[2] > b.Min[2] && eye[2] < b.Max[2] {
			return fmt.Errorf("eye (%.3f, %.3f, %.3f) is inside object %q", eye[0], eye[1], eye[2], o.ID)
		}
	}
	for _, w := range s.Walls {
		if eye[1] > w.Height {
			continue
		}
		if d := segmentDistance(w.A, w.B, eye[0], eye[2]); d < wallClearance {
			return fmt.Errorf("eye (%.3f, %.3f, %.3f) is %.3f m from wall %q (closer than %.2f m: inside the wall)", eye[0], eye[1], eye[2], d, w.ID, wallClearance)
		}
	}
	return nil
}

// segmentDistance is the distance in the xz plane from (x, z) to segment ab.
func segmentDistance(a, b [2]float64, x, z float64) float64 {
	dx, dz := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dz*dz
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((x-a[0])*dx+(z-a[1])*dz)/l2))
	}
	return math.Hypot(x-a[0]-t*dx, z-a[1]-t*dz)
}
