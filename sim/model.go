package sim

import (
	"image"
	"math"
	"sync"
)

// Texture is an RGBA image with its mip chain, shared by every surface that
// uses it. Levels[0] is the full image; each further level halves both sides
// (rounding down, at least 1) down to 1×1. Textures are immutable once built.
type Texture struct {
	Hash   string // content hash of the source file (hex), for caches and bridges
	Levels []*image.NRGBA
}

// CutoutThreshold is the alpha (0..255) below which a cut-out surface is absent.
const CutoutThreshold = 128

// Opaque reports whether the texture is solid at (u, v) for alpha cut-outs.
// It reads the nearest texel of level 0 with wrap-around addressing, so the
// renderer and the ray caster, which both call it, agree on every hit.
func (t *Texture) Opaque(u, v float64) bool {
	if t == nil || len(t.Levels) == 0 {
		return true
	}
	img := t.Levels[0]
	w, h := img.Rect.Dx(), img.Rect.Dy()
	x := wrapTexel(u, w)
	y := TexelRow(v, h)
	return img.Pix[y*img.Stride+4*x+3] >= CutoutThreshold
}

// wrapTexel maps a texture coordinate to a texel index in [0, n) with
// wrap-around; v = 0 is the bottom row, as in OBJ files.
func wrapTexel(c float64, n int) int {
	if math.IsNaN(c) || math.IsInf(c, 0) {
		return 0
	}
	f := c - math.Floor(c)
	i := int(f * float64(n))
	if i >= n {
		i = n - 1
	}
	if i < 0 {
		i = 0
	}
	return i
}

// TexelRow converts a wrapped v coordinate to an image row (row 0 at the top
// of the image, v = 0 at the bottom).
func TexelRow(v float64, h int) int { return h - 1 - wrapTexel(v, h) }

// Surface is how a set of triangles looks: a diffuse colour, optionally
// multiplied by a texture, optionally cut out where the texture's alpha is low.
type Surface struct {
	Name    string
	Color   RGB      // diffuse colour (MTL Kd); multiplies the texture
	Texture *Texture // nil for a plain colour
	Cutout  bool     // texels with alpha < CutoutThreshold are holes (leaves, grilles)
	// Emissive marks a lamp's glowing surface: the renderers show its
	// colour (× texture) as is, without lighting or shadows.
	Emissive bool
	// Tile is the world size in metres of one texture repeat for structure
	// surfaces (floors, walls), whose UVs are computed from world coordinates.
	// Unused for model surfaces, whose UVs come from the model.
	Tile float64
}

// HasCutout reports whether the surface can have holes.
func (s *Surface) HasCutout() bool { return s != nil && s.Cutout && s.Texture != nil }

// ModelTri is one triangle of a model level: vertex indices into the level's
// arrays (position, normal and UV share one index) and a surface index into
// Model.Surfaces.
type ModelTri struct {
	V       [3]uint32
	Surface uint16
}

// ModelLevel is one level of detail of a model, in the model's local frame.
type ModelLevel struct {
	Pos    []Vec3       // metres, local frame (see Model)
	Normal []Vec3       // unit vertex normals, local frame
	UV     [][2]float32 // texture coordinates (v up, as in OBJ)
	Tris   []ModelTri
}

// Model is a real triangle mesh that replaces an object's primitive shape.
// Its local frame is the object's: x along the width, y up, z along the depth
// with the front facing +z; it is centred on the bounding-box centre and
// scaled to Size, so it spans [-Size/2, Size/2]. Levels[0] is the full-detail
// mesh the ray caster, the physics-facing code and the exactness checks use;
// further levels are coarser (for distant views).
type Model struct {
	Key      string // asset key "<library>:<entry id>" (assets.Entry.Key), for attribution
	Size     Vec3   // the box the levels were scaled to
	Surfaces []*Surface
	Levels   []ModelLevel
	// SupportY is the height above the model's bottom of its main support
	// surface (table top, seat, bed surface); 0 means the top of the box.
	SupportY float64

	// ray is the ray caster's tree over level 0, built on first use and
	// shared by every scene and pose (modelTree).
	ray struct {
		once sync.Once
		tree *bvh
	}
	// heights indexes level 0's triangles by their footprint in the model's
	// xz plane, built on first use (heightIndexOf, support_rest.go).
	heights struct {
		once sync.Once
		idx  *heightIndex
	}
}

// LevelCount returns the number of levels (0 for nil).
func (m *Model) LevelCount() int {
	if m == nil {
		return 0
	}
	return len(m.Levels)
}

// TriAttr holds the shading attributes of one mesh triangle: world vertex
// normals, texture coordinates and the surface it belongs to.
type TriAttr struct {
	N       [3]Vec3
	UV      [3][2]float32
	Surface uint16 // index into Mesh.Surfaces
}

// modelMesh poses level lvl of a model as the object's world mesh. The model
// is stretched per axis from Model.Size to the object's Size (a no-op when the
// model was fitted to this object), turned by the yaw and moved to Position.
func modelMesh(o *Object, md *Model, lvl int) Mesh {
	l := &md.Levels[lvl]
	m := Mesh{ID: o.ID, Kind: MeshObject, Color: o.Color, Surfaces: md.Surfaces, TwoSided: true,
		Tris: make([]Triangle, len(l.Tris)), Attrs: make([]TriAttr, len(l.Tris))}
	var sc Vec3
	for k := 0; k < 3; k++ {
		sc[k] = 1
		if md.Size[k] > 0 && o.Size[k] > 0 {
			sc[k] = o.Size[k] / md.Size[k]
		}
	}
	ax, az := o.Axes()
	toWorld := func(p Vec3) Vec3 {
		return o.Position.Add(ax.Mul(p[0] * sc[0])).Add(Vec3{0, p[1] * sc[1], 0}).Add(az.Mul(p[2] * sc[2]))
	}
	normal := func(n Vec3) Vec3 { // inverse-transpose of the stretch, then the turn
		w := ax.Mul(n[0] / sc[0]).Add(Vec3{0, n[1] / sc[1], 0}).Add(az.Mul(n[2] / sc[2]))
		if ln := w.Len(); ln > 0 {
			return w.Mul(1 / ln)
		}
		return Vec3{0, 1, 0}
	}
	// Each vertex is transformed once (vertices are shared by several triangles).
	wp := make([]Vec3, len(l.Pos))
	for i, p := range l.Pos {
		wp[i] = toWorld(p)
	}
	wn := make([]Vec3, len(l.Normal))
	for i, n := range l.Normal {
		wn[i] = normal(n)
	}
	for i, t := range l.Tris {
		tr := &m.Tris[i]
		tr.Shade = 1
		at := &m.Attrs[i]
		at.Surface = t.Surface
		for k, vi := range t.V {
			tr.V[k] = wp[vi]
			if int(vi) < len(wn) {
				at.N[k] = wn[vi]
			}
			if int(vi) < len(l.UV) {
				at.UV[k] = l.UV[vi]
			}
		}
	}
	m.finish()
	return m
}
