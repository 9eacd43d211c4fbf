package thor

import "flowbench/sim"

// HouseMeshes is CreateHouse's optional "meshes" argument: the exact
// triangles flowbench draws, for renderers (Blender) that do not know
// flowbench's shapes. Triangles are flat lists of 9 numbers per triangle
// (V0, V1, V2 in the Unity frame) whose front face is cross(V1-V0, V2-V0).
type HouseMeshes struct {
	Objects    []ObjectMesh    `json:"objects"`
	Structures []StructureMesh `json:"structures"`
}

// ObjectMesh is one object in scene order (parents first): its metadata and
// its triangles in the object's own frame (position 0, yaw 0), so that a
// renderer can pose it with a translation and a yaw.
type ObjectMesh struct {
	ObjectID   string     `json:"objectId"`
	ObjectType string     `json:"objectType"`
	Parent     string     `json:"parent"`
	Position   sim.XYZ    `json:"position"`
	Yaw        float64    `json:"yaw"`
	BoxSize    sim.XYZ    `json:"boxSize"`
	Pickupable bool       `json:"pickupable"`
	Moveable   bool       `json:"moveable"`
	Receptacle bool       `json:"receptacle"`
	Color      [3]float64 `json:"color"`
	Triangles  []float64  `json:"triangles"`
}

// StructureMesh is a floor, ceiling or wall panel set in world coordinates.
type StructureMesh struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"` // "floor", "ceiling" or "wall"
	Color     [3]float64 `json:"color"`
	Triangles []float64  `json:"triangles"`
}

var meshKindNames = map[sim.MeshKind]string{sim.MeshObject: "object", sim.MeshFloor: "floor", sim.MeshCeiling: "ceiling", sim.MeshWall: "wall"}

// BuildHouseMeshes tessellates a scene for CreateHouse's "meshes" argument.
func BuildHouseMeshes(s *sim.Scene) *HouseMeshes {
	hm := &HouseMeshes{Objects: make([]ObjectMesh, 0, len(s.Objects))}
	for _, o := range s.Objects {
		local := *o
		local.Position, local.Yaw = sim.Vec3{}, 0
		m := sim.ObjectMesh(&local)
		hm.Objects = append(hm.Objects, ObjectMesh{
			ObjectID: o.ID, ObjectType: o.Type, Parent: o.Parent,
			Position: sim.ToXYZ(o.Position), Yaw: o.Yaw, BoxSize: sim.ToXYZ(o.Size),
			Pickupable: o.Pickupable, Moveable: o.Moveable, Receptacle: o.Receptacle,
			Color: [3]float64{o.Color.R, o.Color.G, o.Color.B}, Triangles: flatTriangles(m.Tris),
		})
	}
	for _, m := range sim.StructureMeshes(s) {
		hm.Structures = append(hm.Structures, StructureMesh{ID: m.ID, Kind: meshKindNames[m.Kind],
			Color: [3]float64{m.Color.R, m.Color.G, m.Color.B}, Triangles: flatTriangles(m.Tris)})
	}
	return hm
}

func flatTriangles(ts []sim.Triangle) []float64 {
	out := make([]float64, 0, 9*len(ts))
	for _, t := range ts {
		for _, v := range t.V {
			out = append(out, v[0], v[1], v[2])
		}
	}
	return out
}
