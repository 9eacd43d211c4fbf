package sim

import (
	"math"
	"testing"
)

// TestCeilingLamp checks the ceiling lamps of 20 houses: in every room whose
// lamp frame lies on the ceiling, the ceiling's triangles in
// CeilingLampSurface cover exactly the diffuser's square and those in
// CeilingLampFrame exactly the frame round it; a ray straight up from
// under the light meets the room's ceiling at the ceiling's height on the
// diffuser, one through the frame meets the frame, one 0.5 m away the
// ceiling's own surface, all at the distances of a scene drawn without
// lamps (the same planes).
func TestCeilingLamp(t *testing.T) {
	rooms := 0
	for hi, s := range openingHouses(t, 20) {
		meshes := StructureMeshes(s)
		c := NewCaster(meshes)
		byID := map[string]*Mesh{}
		for i := range meshes {
			byID[meshes[i].ID] = &meshes[i]
		}
		for _, r := range s.Rooms {
			ce := byID["ceiling|"+r.ID]
			if ce == nil {
				t.Fatalf("house %d room %s: no ceiling", hi, r.ID)
			}
			frame, lamp := ceilingLamp(r.Polygon)
			inside := true
			for _, p := range [][2]float64{{frame.X0, frame.Z0}, {frame.X0, frame.Z1}, {frame.X1, frame.Z0}, {frame.X1, frame.Z1}} {
				inside = inside && PointInPolygon(r.Polygon, p[0], p[1])
			}
			if !inside {
				continue
			}
			rooms++
			area := map[*Surface]float64{}
			for i, tr := range ce.Tris {
				area[ce.Surfaces[ce.Attrs[i].Surface]] += -tr.Normal()[1] / 2
			}
			d := CeilingLampSize - 2*CeilingLampRim
			if a := area[CeilingLampSurface]; math.Abs(a-d*d) > 1e-9 {
				t.Fatalf("house %d room %s: diffuser %.12f m², want %.12f", hi, r.ID, a, d*d)
			}
			if a, want := area[CeilingLampFrame], CeilingLampSize*CeilingLampSize-d*d; math.Abs(a-want) > 1e-9 {
				t.Fatalf("house %d room %s: frame %.12f m², want %.12f", hi, r.ID, a, want)
			}
			ceilH := ce.Tris[0].V[0][1]
			cx, cz := (lamp.X0+lamp.X1)/2, (lamp.Z0+lamp.Z1)/2
			for _, probe := range []struct {
				dx   float64
				want *Surface
			}{{0, CeilingLampSurface}, {CeilingLampSize/2 - CeilingLampRim/2, CeilingLampFrame}, {0.5, nil}} {
				x := cx + probe.dx
				if !PointInPolygon(r.Polygon, x, cz) {
					continue
				}
				hit, ok := c.Cast(Vec3{x, 1, cz}, Vec3{0, 1, 0})
				if !ok || hit.ID != "ceiling|"+r.ID || math.Abs(hit.Distance-(ceilH-1)) > 1e-9 {
					t.Fatalf("house %d room %s: ray up at (%.3f, %.3f): %v %+v", hi, r.ID, x, cz, ok, hit)
				}
				if probe.want != nil && hit.Surface != probe.want || probe.want == nil && (hit.Surface == CeilingLampSurface || hit.Surface == CeilingLampFrame) {
					t.Fatalf("house %d room %s: ray up at (%.3f, %.3f) met %v", hi, r.ID, x, cz, hit.Surface)
				}
			}
		}
	}
	if rooms < 50 {
		t.Fatalf("only %d rooms with a whole lamp", rooms)
	}
}
