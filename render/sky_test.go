package render

import (
	"image/color"
	"math"
	"testing"

	"flowbench/sim"
)

// TestOutdoorColor checks the outdoor gradients at analytic directions: the
// horizon (trees), the zenith, the nadir, half-way up the sky's last leg,
// just below the horizon, and that the length of the direction does not
// matter.
func TestOutdoorColor(t *testing.T) {
	for _, c := range []struct {
		name string
		d    sim.Vec3
		want [3]uint8
	}{
		{"horizon", sim.Vec3{0, 0, 1}, [3]uint8{96, 116, 92}},
		{"zenith", sim.Vec3{0, 2, 0}, [3]uint8{112, 152, 214}},
		{"nadir", sim.Vec3{0, -1, 0}, [3]uint8{70, 94, 52}},
		// e = 0.5: a third of the way from the 0.25 stop to the 1 stop.
		{"e=0.5", sim.Vec3{math.Sqrt(0.75) * 3, 0.5 * 3, 0}, [3]uint8{144, 180, 225}},
		{"just below", sim.Vec3{1, -1e-9, 0}, [3]uint8{146, 156, 126}},
		// e = −0.075: half-way between the ground's first two stops.
		{"e=-0.075", sim.Vec3{0, -0.075, math.Sqrt(1 - 0.075*0.075)}, [3]uint8{125, 140, 102}},
		{"zero", sim.Vec3{}, [3]uint8{96, 116, 92}},
	} {
		if got := OutdoorColor(c.d); got != c.want {
			t.Errorf("%s: OutdoorColor(%v) = %v, want %v", c.name, c.d, got, c.want)
		}
	}
}

// windowViews returns procthor scenes and their WindowCameras at 200×200.
func windowViews(t *testing.T, houses int) (scenes []*sim.Scene, cams [][]sim.Camera) {
	t.Helper()
	for hi := 0; hi < houses; hi++ {
		_, s := procthorScene(t, 21, hi)
		scenes, cams = append(scenes, s), append(cams, s.WindowCameras(200))
	}
	return scenes, cams
}

// TestBackgroundIsOutdoors renders views of the windows of six houses
// without anti-aliasing: every pixel whose centre hits nothing (id 0, depth
// 0) has OutdoorColor of its camera ray, and with Options.Background set the
// same pixels take that one colour. At least one view must show 100 pixels
// each of lawn and sky.
func TestBackgroundIsOutdoors(t *testing.T) {
	scenes, cams := windowViews(t, 6)
	best := 0
	for hi, s := range scenes {
		r, err := New(s, Options{AntiAlias: AAOff})
		if err != nil {
			t.Fatal(err)
		}
		flatR, err := New(s, Options{AntiAlias: AAOff, Background: color.RGBA{10, 20, 30, 255}})
		if err != nil {
			t.Fatal(err)
		}
		for _, cam := range cams[hi] {
			f, err := r.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			flat, err := flatR.Render(cam)
			if err != nil {
				t.Fatal(err)
			}
			ground, sky := 0, 0
			for y := 0; y < cam.Height; y++ {
				for x := 0; x < cam.Width; x++ {
					i := y*cam.Width + x
					if f.IDs[i] != 0 {
						continue
					}
					if f.Depth[i] != 0 {
						t.Fatalf("house %d pixel (%d, %d): id 0 but depth %g", hi, x, y, f.Depth[i])
					}
					_, dir := cam.Ray(float64(x), float64(y))
					want := OutdoorColor(dir)
					p := f.RGB.Pix[4*i : 4*i+3]
					if p[0] != want[0] || p[1] != want[1] || p[2] != want[2] {
						t.Fatalf("house %d pixel (%d, %d): %v, want the outdoors %v", hi, x, y, p, want)
					}
					if q := flat.RGB.Pix[4*i : 4*i+3]; q[0] != 10 || q[1] != 20 || q[2] != 30 {
						t.Fatalf("house %d pixel (%d, %d) with Background set: %v", hi, x, y, q)
					}
					if dir[1] < 0 {
						ground++
					} else {
						sky++
					}
				}
			}
			best = max(best, min(ground, sky))
		}
	}
	if best < 100 {
		t.Fatalf("no window view shows 100 pixels each of lawn and sky (best %d)", best)
	}
}
