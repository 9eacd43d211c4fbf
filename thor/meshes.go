package thor

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"image/png"
	"math"

	"flowbench/sim"
)

// HouseMeshes is CreateHouse's optional "meshes" argument: the exact
// triangles flowbench draws, for renderers (Blender) that do not know
// flowbench's shapes.
//
// A mesh without shading attributes (a primitive object, an untextured
// structure) carries Triangles: flat lists of 9 numbers per triangle (V0, V1,
// V2 in the Unity frame) whose front face is cross(V1-V0, V2-V0). A mesh with
// attributes (a real model, a textured structure) carries Mesh instead (and
// an empty Triangles): indexed vertices with normals and UVs, per-triangle
// surface indices and a surface table, as little-endian binary arrays in
// base64. Textures are sent by content hash, each at most once per connection
// (see Textures).
type HouseMeshes struct {
	Objects    []ObjectMesh    `json:"objects"`
	Structures []StructureMesh `json:"structures"`
	// Textures maps a texture hash (sim.Texture.Hash) to its full-size image
	// (level 0) for the hashes this connection has not carried before. A
	// server keeps every texture it received for the rest of the connection.
	Textures map[string]*TextureImage `json:"textures,omitempty"`
}

// ObjectMesh is one object in scene order (parents first): its metadata and
// its geometry in the object's own frame (position 0, yaw 0), so that a
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
	// Shades, when present, scales Color per triangle of Triangles (the
	// parts of a primitive shape: a table's legs are darker than its top).
	Shades []float64 `json:"shades,omitempty"`
	Mesh   *MeshData `json:"mesh,omitempty"`
	// MeshOf names an earlier object whose local geometry (Mesh) this object
	// shares: the same model at the same size, e.g. a set of chairs.
	MeshOf string `json:"meshOf,omitempty"`
}

// StructureMesh is a floor, ceiling or wall panel set in world coordinates.
type StructureMesh struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"` // "floor", "ceiling" or "wall"
	Color     [3]float64 `json:"color"`
	Triangles []float64  `json:"triangles"`
	Mesh      *MeshData  `json:"mesh,omitempty"`
}

// MeshData is an indexed, textured triangle mesh. Every array is
// little-endian binary (JSON: base64): vertices, normals and uvs are float32
// per vertex (3, 3 and 2 of them; v = 0 at the bottom of the image, as in
// OBJ), indices uint32 (3 per triangle, front face cross(V1-V0, V2-V0)),
// triSurfaces uint16 per triangle (index into Surfaces).
type MeshData struct {
	Vertices    []byte        `json:"vertices"`
	Normals     []byte        `json:"normals"`
	UVs         []byte        `json:"uvs"`
	Indices     []byte        `json:"indices"`
	TriSurfaces []byte        `json:"triSurfaces"`
	Surfaces    []SurfaceInfo `json:"surfaces"`
	// TwoSided meshes are seen from both sides (real models); otherwise only
	// front faces are seen, as with Triangles.
	TwoSided bool `json:"twoSided"`
}

// SurfaceInfo is one entry of a mesh's surface table: a diffuse colour that
// multiplies the texture (when Texture names one) and whether texels with
// alpha < 128 are holes.
type SurfaceInfo struct {
	Name    string     `json:"name,omitempty"`
	Color   [3]float64 `json:"color"`
	Texture string     `json:"texture,omitempty"` // hash, a key of HouseMeshes.Textures (this or an earlier message)
	Cutout  bool       `json:"cutout,omitempty"`
	// Emissive marks a lamp's surface, drawn unlit (sim.Surface.Emissive).
	Emissive bool `json:"emissive,omitempty"`
}

// TextureImage is a texture's level 0 as a PNG (JSON: base64).
type TextureImage struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	PNG    []byte `json:"png"`
}

var meshKindNames = map[sim.MeshKind]string{sim.MeshObject: "object", sim.MeshFloor: "floor", sim.MeshCeiling: "ceiling", sim.MeshWall: "wall"}

// BuildHouseMeshes tessellates a scene for CreateHouse's "meshes" argument,
// with every texture it uses.
func BuildHouseMeshes(s *sim.Scene) *HouseMeshes { return buildHouseMeshes(s, nil) }

// buildHouseMeshes is BuildHouseMeshes that leaves out the textures whose
// hashes are in sent and adds the ones it includes (sent may be nil).
func buildHouseMeshes(s *sim.Scene, sent map[string]bool) *HouseMeshes {
	b := meshBuilder{sent: sent, hm: &HouseMeshes{Objects: make([]ObjectMesh, 0, len(s.Objects))}}
	type shareKey struct {
		model *sim.Model
		size  sim.Vec3
	}
	shared := map[shareKey]string{}
	for _, o := range s.Objects {
		om := ObjectMesh{
			ObjectID: o.ID, ObjectType: o.Type, Parent: o.Parent,
			Position: sim.ToXYZ(o.Position), Yaw: o.Yaw, BoxSize: sim.ToXYZ(o.Size),
			Pickupable: o.Pickupable, Moveable: o.Moveable, Receptacle: o.Receptacle,
			Color: [3]float64{o.Color.R, o.Color.G, o.Color.B},
		}
		k := shareKey{o.Model, o.Size}
		if first, ok := shared[k]; ok && o.Model != nil {
			om.Triangles, om.MeshOf = []float64{}, first
		} else {
			local := *o
			local.Position, local.Yaw = sim.Vec3{}, 0
			m := sim.ObjectMesh(&local)
			om.Triangles, om.Mesh = b.geometry(&m)
			if om.Mesh == nil {
				om.Shades = triangleShades(m.Tris)
			}
			if om.Mesh != nil {
				shared[k] = o.ID
			}
		}
		b.hm.Objects = append(b.hm.Objects, om)
	}
	for _, m := range sim.StructureMeshes(s) {
		sm := StructureMesh{ID: m.ID, Kind: meshKindNames[m.Kind], Color: [3]float64{m.Color.R, m.Color.G, m.Color.B}}
		sm.Triangles, sm.Mesh = b.geometry(&m)
		b.hm.Structures = append(b.hm.Structures, sm)
	}
	return b.hm
}

type meshBuilder struct {
	hm   *HouseMeshes
	sent map[string]bool
}

// geometry encodes a mesh: flat triangles without attributes, MeshData with.
func (b *meshBuilder) geometry(m *sim.Mesh) ([]float64, *MeshData) {
	if len(m.Attrs) != len(m.Tris) || len(m.Tris) == 0 {
		return flatTriangles(m.Tris), nil
	}
	return []float64{}, b.meshData(m)
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

// triangleShades returns the triangles' shades, or nil when all are 1.
func triangleShades(ts []sim.Triangle) []float64 {
	for i := range ts {
		if ts[i].Shade != 1 {
			out := make([]float64, len(ts))
			for j := range ts {
				out[j] = ts[j].Shade
			}
			return out
		}
	}
	return nil
}

type vertexKey struct {
	p, n [3]float32
	uv   [2]float32
}

// meshData indexes a mesh's corners (equal position, normal and UV share a
// vertex) and registers its textures.
func (b *meshBuilder) meshData(m *sim.Mesh) *MeshData {
	index := make(map[vertexKey]uint32, len(m.Tris))
	var verts, norms, uvs []float32
	idx := make([]byte, 0, 12*len(m.Tris))
	surf := make([]byte, 0, 2*len(m.Tris))
	for i := range m.Tris {
		t, a := &m.Tris[i], &m.Attrs[i]
		face := t.Normal()
		if l := face.Len(); l > 0 {
			face = face.Mul(1 / l)
		}
		for k, v := range t.V {
			n := a.N[k]
			if !(n.Len() > 0.5) || !finiteVec(n) {
				n = face // a model without (valid) normals: flat shading
			}
			key := vertexKey{f32v(v), f32v(n), a.UV[k]}
			j, ok := index[key]
			if !ok {
				j = uint32(len(verts) / 3)
				index[key] = j
				verts = append(verts, key.p[:]...)
				norms = append(norms, key.n[:]...)
				uvs = append(uvs, key.uv[:]...)
			}
			idx = binary.LittleEndian.AppendUint32(idx, j)
		}
		surf = binary.LittleEndian.AppendUint16(surf, a.Surface)
	}
	md := &MeshData{Vertices: f32bytes(verts), Normals: f32bytes(norms), UVs: f32bytes(uvs), Indices: idx,
		TriSurfaces: surf, TwoSided: m.TwoSided, Surfaces: make([]SurfaceInfo, len(m.Surfaces))}
	for i, sf := range m.Surfaces {
		if sf == nil {
			md.Surfaces[i] = SurfaceInfo{Color: [3]float64{m.Color.R, m.Color.G, m.Color.B}}
			continue
		}
		md.Surfaces[i] = SurfaceInfo{Name: sf.Name, Color: [3]float64{sf.Color.R, sf.Color.G, sf.Color.B},
			Texture: b.texture(sf.Texture), Cutout: sf.HasCutout(), Emissive: sf.Emissive}
	}
	return md
}

// texture returns a texture's hash and adds its image to the payload unless
// this connection already carried it.
func (b *meshBuilder) texture(t *sim.Texture) string {
	if t == nil || len(t.Levels) == 0 || t.Levels[0] == nil {
		return ""
	}
	img := t.Levels[0]
	h := t.Hash
	if h == "" {
		sum := sha256.Sum256(img.Pix)
		h = "px-" + hex.EncodeToString(sum[:16])
	}
	if b.sent[h] || b.hm.Textures[h] != nil {
		return h
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return "" // cannot happen for an in-memory NRGBA; the surface falls back to its colour
	}
	if b.hm.Textures == nil {
		b.hm.Textures = map[string]*TextureImage{}
	}
	b.hm.Textures[h] = &TextureImage{Width: img.Rect.Dx(), Height: img.Rect.Dy(), PNG: buf.Bytes()}
	if b.sent != nil {
		b.sent[h] = true
	}
	return h
}

func f32v(v sim.Vec3) [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }

func finiteVec(v sim.Vec3) bool { return finite(v[0], v[1], v[2]) }

func f32bytes(a []float32) []byte {
	out := make([]byte, 4*len(a))
	for i, x := range a {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out
}
