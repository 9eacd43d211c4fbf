package tableplane

import (
	"math"
	"math/rand/v2"
	"testing"
)

// camera is a pinhole camera K[R|t] looking down at the board z = 0.
type camera struct {
	f, cx, cy float64
	r         [3][3]float64 // rows: image right, image down, forward
	t         [3]float64
}

// randomCamera is a Language-Table-like setup: a 640×480 camera with
// f = 610 px, 0.55–0.75 m above the board, 0.25–0.45 m behind its centre,
// looking at a point near the board centre with a small roll.
func randomCamera(rng *rand.Rand) camera {
	target := [3]float64{0.35 + 0.05*(rng.Float64()-0.5), 0.05 * (rng.Float64() - 0.5), 0}
	c := [3]float64{target[0] - 0.25 - 0.2*rng.Float64(), 0.1 * (rng.Float64() - 0.5), 0.55 + 0.2*rng.Float64()}
	fwd := unit(sub(target, c))
	right := unit(cross(fwd, [3]float64{0, 0, 1}))
	down := cross(fwd, right)
	roll := 0.1 * (rng.Float64() - 0.5)
	cr, sr := math.Cos(roll), math.Sin(roll)
	r0 := add(scale(right, cr), scale(down, sr))
	r1 := add(scale(right, -sr), scale(down, cr))
	cam := camera{f: 610, cx: 320, cy: 240, r: [3][3]float64{r0, r1, fwd}}
	for i := range 3 {
		cam.t[i] = -dot(cam.r[i], c)
	}
	return cam
}

// homography is K[r1 r2 t], the board-to-image map of the plane z = 0.
func (c camera) homography() Homography {
	k := Homography{c.f, 0, c.cx, 0, c.f, c.cy, 0, 0, 1}
	m := Homography{c.r[0][0], c.r[0][1], c.t[0], c.r[1][0], c.r[1][1], c.t[1], c.r[2][0], c.r[2][1], c.t[2]}
	return mul(k, m).normalised()
}

// synth makes n correspondences of a board seen through h: board points
// uniform over the board region whose image lies inside the 640×480 frame,
// pixel noise N(0, sigma²) per axis, and a share out of gross outliers
// whose pixel is uniform over the frame but at least 3 inlier thresholds
// from the truth. isOut marks the outliers.
func synth(rng *rand.Rand, h Homography, n int, sigma, out float64) (c []Correspondence, isOut []bool) {
	nOut := int(math.Round(out * float64(n)))
	for i := range n {
		var b, q Point
		for {
			b = Point{0.1 + 0.5*rng.Float64(), -0.3 + 0.6*rng.Float64()}
			var ok bool
			q, ok = h.Apply(b)
			if ok && q.X >= 0 && q.X < 640 && q.Y >= 0 && q.Y < 480 {
				break
			}
		}
		o := i < nOut
		if o {
			for {
				p := Point{640 * rng.Float64(), 480 * rng.Float64()}
				if math.Hypot(p.X-q.X, p.Y-q.Y) >= 3*InlierThresholdPx {
					q = p
					break
				}
			}
		} else {
			q.X += sigma * rng.NormFloat64()
			q.Y += sigma * rng.NormFloat64()
		}
		c = append(c, Correspondence{U: q.X, V: q.Y, X: b.X, Y: b.Y})
		isOut = append(isOut, o)
	}
	// Shuffle so outliers are not a prefix.
	rng.Shuffle(n, func(i, j int) { c[i], c[j] = c[j], c[i]; isOut[i], isOut[j] = isOut[j], isOut[i] })
	return c, isOut
}

// maxMapError is the largest image distance between h and want over a
// grid of board points that want maps inside the frame.
func maxMapError(t *testing.T, h, want Homography) float64 {
	t.Helper()
	worst, n := 0.0, 0
	for x := 0.1; x <= 0.6; x += 0.025 {
		for y := -0.3; y <= 0.3; y += 0.025 {
			q, ok := want.Apply(Point{x, y})
			if !ok || q.X < 0 || q.X >= 640 || q.Y < 0 || q.Y >= 480 {
				continue
			}
			g, ok := h.Apply(Point{x, y})
			if !ok {
				return math.Inf(1)
			}
			worst = math.Max(worst, math.Hypot(g.X-q.X, g.Y-q.Y))
			n++
		}
	}
	if n < 50 {
		t.Fatalf("only %d grid points in view", n)
	}
	return worst
}

func unit(a [3]float64) [3]float64 { return scale(a, 1/math.Sqrt(dot(a, a))) }
