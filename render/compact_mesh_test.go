package render

import (
	"math/rand/v2"
	"testing"

	"flowbench/assets"
	"flowbench/sim"
)

// TestPoseCompactMatchesObjectMesh poses every level of textured test models
// and, when the Sweet Home 3D libraries are installed, of the real models
// dressing two generated houses, each object stretched per axis and turned
// at random, straight into the compact form, and compares every triangle's
// corners, normals, UVs and surface, the bounds and the mesh fields with
// sim.ObjectMeshLevel (the ray caster's mesh), bit for bit.
func TestPoseCompactMatchesObjectMesh(t *testing.T) {
	var objs []*sim.Object
	objs = append(objs, modelScene(t, 5, 20, 32).Objects...)
	if lib, err := assets.Open(assets.Options{}); err == nil {
		for hi := 0; hi < 2; hi++ {
			h, s := procthorScene(t, 33, hi)
			lib.Dress(s, assets.HouseSeed(h))
			objs = append(objs, s.Objects...)
		}
		lib.Close()
	}
	rng := rand.New(rand.NewPCG(8, 9))
	r := &Renderer{}
	models, tris := 0, 0
	for _, o0 := range objs {
		if o0.Model == nil {
			continue
		}
		models++
		o := *o0
		o.Yaw = 360 * rng.Float64()
		for k := range o.Size {
			o.Size[k] *= 0.8 + 0.4*rng.Float64()
		}
		for lvl := range o.Model.Levels {
			var e meshEntry
			if !r.poseCompact(&e, &o, lvl) {
				t.Fatalf("%s level %d: not posed compact", o.ID, lvl)
			}
			m := sim.ObjectMeshLevel(&o, lvl)
			if e.triCount() != len(m.Tris) || e.mesh.Bounds != m.Bounds || e.mesh.ID != m.ID || e.mesh.Kind != m.Kind ||
				e.mesh.Color != m.Color || e.mesh.TwoSided != m.TwoSided || len(e.mesh.Surfaces) != len(m.Surfaces) {
				t.Fatalf("%s level %d: mesh fields or bounds differ: %d triangles, bounds %v; sim: %d, %v", o.ID, lvl, e.triCount(), e.mesh.Bounds, len(m.Tris), m.Bounds)
			}
			for j := range m.Tris {
				if e.tri(j) != m.Tris[j] || e.normalsOf(j) != m.Attrs[j].N || e.uvOf(j) != m.Attrs[j].UV || e.surfaceOf(j) != int(m.Attrs[j].Surface) {
					t.Fatalf("%s level %d triangle %d: compact pose differs from sim.ObjectMeshLevel", o.ID, lvl, j)
				}
			}
			tris += len(m.Tris)
		}
	}
	t.Logf("%d models, %d triangles compared", models, tris)
	if models == 0 || tris == 0 {
		t.Fatal("no model posed: the test saw nothing")
	}
}
