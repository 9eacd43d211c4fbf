package planner

import "fmt"

// ParseViewpoint reads a viewpoint's name as Viewpoint.String writes it:
// "0", "left 45" ... "left 360", "right 45" ... "right 360", "top".
func ParseViewpoint(s string) (Viewpoint, error) {
	switch s {
	case "top":
		return Viewpoint{Top: true}, nil
	case "0":
		return Viewpoint{}, nil
	}
	var dir string
	var a int
	if n, err := fmt.Sscanf(s, "%s %d", &dir, &a); err == nil && n == 2 && a > 0 && a <= 360 && a%45 == 0 && fmt.Sprintf("%s %d", dir, a) == s {
		switch dir {
		case "left":
			return Viewpoint{Orbit: a}, nil
		case "right":
			return Viewpoint{Orbit: -a}, nil
		}
	}
	return Viewpoint{}, fmt.Errorf("viewpoint %q is not one of 0, left 45..360, right 45..360 (45° steps), top", s)
}
