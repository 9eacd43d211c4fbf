package tableplane

import (
	"errors"
	"fmt"
	"image"
	"math"
)

// ErrOffBoard is returned when an object's contact point does not map to
// a finite board position.
var ErrOffBoard = errors.New("tableplane: point does not map onto the board")

// BottomCentre is the bottom-centre pixel of a box: the middle of its
// bottom edge, ((Min.X + Max.X)/2, Max.Y) with pixel i spanning [i, i+1).
// B.3 takes the arm mask's bottom-centre pixel as the end-effector's image
// point; this is it for the arm mask's box.
func BottomCentre(box image.Rectangle) Point {
	return Point{float64(box.Min.X+box.Max.X) / 2, float64(box.Max.Y)}
}

// ContactPixel is where B.3 places an object on the plane: "the bottom
// centre of its box raised by a quarter of the box height", that is
// ((Min.X + Max.X)/2, Max.Y − ContactRaise·(Max.Y − Min.Y)).
func ContactPixel(box image.Rectangle) Point {
	return Point{float64(box.Min.X+box.Max.X) / 2, float64(box.Max.Y) - ContactRaise*float64(box.Dy())}
}

// Place returns the board position (metres) of the object with the given
// box: its ContactPixel mapped through H⁻¹. Its height above the board is
// zero by construction.
func (p *Plane) Place(box image.Rectangle) (Point, error) {
	if box.Empty() {
		return Point{}, fmt.Errorf("tableplane: empty box %v", box)
	}
	c := ContactPixel(box)
	x, y, ok := p.ToBoard(c.X, c.Y)
	if !ok || !p.inFront(c) {
		return Point{}, fmt.Errorf("%w: contact pixel (%g, %g)", ErrOffBoard, c.X, c.Y)
	}
	return Point{x, y}, nil
}

// inFront reports whether pixel c maps to a board point on the camera's
// side of the horizon, the side the fit's inliers lie on.
func (p *Plane) inFront(c Point) bool {
	b, ok := p.Inv.Apply(c)
	if !ok {
		return false
	}
	return p.H.w(b)*p.side() > 0
}

// side is the sign of H's homogeneous coordinate at the board points the
// camera sees: that of the inliers' board positions, known through their
// image points.
func (p *Plane) side() float64 {
	if p.sign != 0 {
		return p.sign
	}
	return 1
}

// FootprintWidth is the object's width on the board, metres: the distance
// between the board positions of the left and right ends of the box's
// contact row (the row ContactPixel lies on). B.4 takes w_o/2 in
// table-plane units as a Language-Table object's radius.
func (p *Plane) FootprintWidth(box image.Rectangle) (float64, error) {
	if box.Empty() {
		return 0, fmt.Errorf("tableplane: empty box %v", box)
	}
	c := ContactPixel(box)
	l, ok1 := p.Inv.Apply(Point{float64(box.Min.X), c.Y})
	r, ok2 := p.Inv.Apply(Point{float64(box.Max.X), c.Y})
	if !ok1 || !ok2 || !p.inFront(Point{float64(box.Min.X), c.Y}) || !p.inFront(Point{float64(box.Max.X), c.Y}) {
		return 0, fmt.Errorf("%w: box %v", ErrOffBoard, box)
	}
	return math.Hypot(r.X-l.X, r.Y-l.Y), nil
}

// Motion is an object's displacement on the board, metres, in the board
// frame. DZ, the motion perpendicular to the board, is zero (B.3).
type Motion struct{ DX, DY, DZ float64 }

// Displacement is the board motion of an object whose box is box0 in the
// first frame and box1 in the second: Place(box1) − Place(box0), with the
// perpendicular component zero (B.3: "its motion perpendicular to the
// board is set to zero").
func (p *Plane) Displacement(box0, box1 image.Rectangle) (Motion, error) {
	a, err := p.Place(box0)
	if err != nil {
		return Motion{}, fmt.Errorf("first frame: %w", err)
	}
	b, err := p.Place(box1)
	if err != nil {
		return Motion{}, fmt.Errorf("second frame: %w", err)
	}
	return Motion{DX: b.X - a.X, DY: b.Y - a.Y, DZ: 0}, nil
}
