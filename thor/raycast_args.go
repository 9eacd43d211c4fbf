package thor

import "flowbench/sim"

// raycastPixel returns the pixel a GetCoordinateFromRaycast request names:
// "u" and "v" (OpenCV pixel coordinates) when both are given, else the
// viewport fractions "x" and "y". Each must be finite and inside the image:
// x and y in [0, 1], u in [-0.5, width-0.5] and v in [-0.5, height-0.5]
// (the image's outer edges), so that no ray leaves through an absurd pixel
// and no reply carries an infinite distance.
func raycastPixel(a *RaycastArgs, cam sim.Camera) (u, v float64, err error) {
	const action = "GetCoordinateFromRaycast"
	switch {
	case a.U != nil && a.V != nil:
		u, v = *a.U, *a.V
		maxU, maxV := float64(cam.Width)-0.5, float64(cam.Height)-0.5
		if !finite(u, v) || u < -0.5 || u > maxU || v < -0.5 || v > maxV {
			return 0, 0, failf("%s: pixel u=%g, v=%g is not finite or lies outside the %dx%d image (u in [-0.5, %g], v in [-0.5, %g])",
				action, u, v, cam.Width, cam.Height, maxU, maxV)
		}
		return u, v, nil
	case a.X != nil && a.Y != nil:
		x, y := *a.X, *a.Y
		if !finite(x, y) || x < 0 || x > 1 || y < 0 || y > 1 {
			return 0, 0, failf("%s: viewport point x=%g, y=%g is not finite or lies outside [0, 1]", action, x, y)
		}
		u, v = cam.ViewportToPixel(x, y)
		return u, v, nil
	}
	return 0, 0, failf(`%s: needs "x" and "y" (or "u" and "v")`, action)
}
