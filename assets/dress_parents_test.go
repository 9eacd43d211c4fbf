package assets

import (
	"math"
	"testing"

	"flowbench/sim"
)

// TestDressedParentsRestOnThem checks, on 30 generated houses dressed with
// the installed models, that every object with a parent rests on it by the
// simulator's own test (SupportAt, used whenever an object is teleported),
// including the children ReseatChildren leaves on a box top above a lowered
// support surface (shelf units, ottomans, beds). Were it otherwise, a
// child put back in place after an edit would lose its parent and stay
// behind, hovering, the next time its parent moves.
func TestDressedParentsRestOnThem(t *testing.T) {
	l := openInstalled(t)
	parented, offTop, ties := 0, 0, 0
	houses := 30
	if testing.Short() {
		houses = 5 // make test's quick tier; make test-long dresses 30
	}
	for hi := 0; hi < houses; hi++ {
		h, s := procthorHouse(t, hi)
		l.Dress(s, HouseSeed(h))
		for _, o := range s.Objects {
			if o.Parent == "" {
				continue
			}
			parented++
			p := s.Object(o.Parent)
			if o.Position[1]-o.Size[1]/2 > p.SupportTop()+sim.CollisionTolerance {
				offTop++ // above a lowered support surface, on the box top
			}
			sup, err := s.SupportAt(o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if sup == o.Parent {
				continue
			}
			// Two receptacles level with the child's bottom (an open box on
			// the table beside it) are a tie SupportAt may break either way.
			if q := s.Object(sup); q != nil && levelWith(o, p) && levelWith(o, q) {
				ties++
				continue
			}
			t.Errorf("house %d: %s has parent %s but rests on %q", hi, o.ID, o.Parent, sup)
		}
	}
	t.Logf("%d parented objects, %d of them on a box top above a lowered support surface, %d level with another receptacle too", parented, offTop, ties)
	if offTop == 0 {
		t.Error("no child above a lowered support surface: the houses no longer test the box-top rule")
	}
}

// levelWith reports whether o's bottom is within CollisionTolerance of r's
// support surface or of its box top.
func levelWith(o, r *sim.Object) bool {
	bottom := o.Position[1] - o.Size[1]/2
	return math.Abs(bottom-r.SupportTop()) <= sim.CollisionTolerance ||
		math.Abs(bottom-(r.Position[1]+r.Size[1]/2)) <= sim.CollisionTolerance
}
