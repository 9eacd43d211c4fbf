package assets

import "testing"

// TestDressedChildrenRestOnTheMesh dresses generated houses with the
// installed models and checks that every object whose parent is drawn with
// a model rests where the model holds it (sim.Scene.HeldByModel: on its
// mesh, not on the box top above it, nor sunk into it), and that the
// dresser reseated, relocated or removed some objects to get there.
func TestDressedChildrenRestOnTheMesh(t *testing.T) {
	l := openInstalled(t)
	houses := 12
	if testing.Short() {
		houses = 4
	}
	var total DressReport
	for hi := 0; hi < houses; hi++ {
		h, s := procthorHouse(t, hi)
		total.Add(l.Dress(s, HouseSeed(h)))
		for _, o := range s.Objects {
			if o.Parent == "" {
				continue
			}
			ok, err := s.HeldByModel(o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				t.Errorf("house %d: %s at %v is not held by the model of %s", hi, o.ID, o.Position, o.Parent)
			}
		}
	}
	t.Logf("reseated %d, relocated %d, removed %d", total.Reseated, total.ReseatRelocated, total.ReseatRemoved)
	if total.Reseated+total.ReseatRelocated == 0 {
		t.Error("nothing reseated: the houses no longer test the mesh rule")
	}
}
