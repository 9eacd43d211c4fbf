package assets

import (
	"errors"
	"fmt"
	"math"
	"path"
	"strings"

	"flowbench/sim"
)

// texLoader returns the texture of an archive path (shared per archive).
type texLoader func(p string) (*sim.Texture, bool, error)

// defaultColor is the colour of faces without a known material.
var defaultColor = sim.RGB{R: 0.8, G: 0.8, B: 0.8}

// surfaceFor turns an MTL material into a surface. Colour choices:
//   - with a texture, the colour is white (the texture replaces the colour,
//     as Sweet Home 3D shows it) unless Kd is clearly tinted (channels
//     differing by more than 0.1), then Kd tints the texture;
//   - without a texture the colour is Kd; a transparent material (d < 1,
//     glass) stays solid with its colour lightened towards white by
//     (1-d)/2, so windows and vases read as light, not dark, solids;
//   - Cutout only when the texture has real alpha holes (≥5% of its texels
//     below sim.CutoutThreshold).
func surfaceFor(name string, m *mtlMaterial, tex *sim.Texture, cutout bool) *sim.Surface {
	s := &sim.Surface{Name: name, Color: defaultColor}
	if m == nil {
		return s
	}
	c := sim.RGB{R: m.Kd[0], G: m.Kd[1], B: m.Kd[2]}
	if tex != nil {
		s.Texture = tex
		s.Cutout = cutout
		hi := math.Max(c.R, math.Max(c.G, c.B))
		lo := math.Min(c.R, math.Min(c.G, c.B))
		if !m.hasKd || hi-lo <= 0.1 || hi <= 0 {
			c = sim.RGB{R: 1, G: 1, B: 1}
		} else { // a tint: keep its hue, brightest channel 1
			c = sim.RGB{R: c.R / hi, G: c.G / hi, B: c.B / hi}
		}
	} else if m.D < 1 {
		f := (1 - m.D) / 2
		c = sim.RGB{R: c.R + (1-c.R)*f, G: c.G + (1-c.G)*f, B: c.B + (1-c.B)*f}
	}
	s.Color = c
	return s
}

// buildModel reads, normalises and simplifies the model of one entry.
// Missing MTL files and textures are warnings (the faces keep a plain
// colour); unreadable or invalid geometry is an error.
func buildModel(z *zipIndex, e *Entry, texs texLoader) (md *sim.Model, warns []string, srcTris int, err error) {
	defer func() {
		if r := recover(); r != nil {
			md, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	warn := func(format string, args ...any) {
		warns = append(warns, fmt.Sprintf("%s: entry %s: ", e.Library, e.ID)+fmt.Sprintf(format, args...))
	}
	data, err := z.read(e.ModelPath, caps.obj)
	if err != nil {
		return nil, nil, 0, err
	}
	o, err := parseOBJ(data)
	data = nil
	if err != nil {
		return nil, nil, 0, fmt.Errorf("%s: %w", e.ModelPath, err)
	}
	srcTris = len(o.tris)
	dir := path.Dir(e.ModelPath)
	mtls := map[string]*mtlMaterial{}
	for _, lib := range o.mtllibs {
		names := []string{lib}
		if strings.ContainsAny(lib, " \t") {
			names = append(names, strings.Fields(lib)...)
		}
		found := false
		for _, n := range names {
			b, err := z.read(path.Join(dir, strings.ReplaceAll(n, "\\", "/")), caps.mtl)
			if errors.Is(err, errOverCap) { // there but refused: say so, not "missing"
				found = true
				warn("material library %v; using plain colours", err)
				break
			}
			if err != nil {
				continue
			}
			found = true
			for k, v := range parseMTL(b) {
				mtls[k] = v
			}
			if n == lib {
				break
			}
		}
		if !found { // a renamed library: the OBJ's name with .mtl, or the only .mtl beside it
			alt := strings.TrimSuffix(e.ModelPath, path.Ext(e.ModelPath)) + ".mtl"
			if z.lookup(alt) == nil {
				alt = z.onlyMTL(dir)
			}
			if b, err := z.read(alt, caps.mtl); alt != "" && err == nil {
				for k, v := range parseMTL(b) {
					mtls[k] = v
				}
				warn("material library %s missing, using %s", path.Join(dir, lib), alt)
			} else {
				warn("material library %s missing, using plain colours", path.Join(dir, lib))
			}
		}
	}
	if len(o.mats) > math.MaxUint16 {
		return nil, warns, srcTris, fmt.Errorf("%s: %d materials", e.ModelPath, len(o.mats))
	}
	md = &sim.Model{Key: e.Key, Size: e.Size, SupportY: e.DropOnTop}
	matIdx := make([]uint16, len(o.mats))
	for i, name := range o.mats {
		m := mtls[name]
		if m == nil {
			m = defaultMaterial(name) // Java3D's predefined materials
		}
		if m == nil && name != "" && len(o.mtllibs) > 0 && len(mtls) > 0 {
			warn("material %q not defined, using a plain colour", name)
		}
		var tex *sim.Texture
		cutout := false
		if m != nil && m.MapKd != "" {
			tp := path.Join(dir, strings.ReplaceAll(m.MapKd, "\\", "/"))
			t, cut, err := texs(tp)
			if err != nil && path.Base(tp) != tp { // an absolute path of the author's machine: try the file name beside the OBJ
				if alt := path.Join(dir, path.Base(tp)); z.lookup(alt) != nil {
					t, cut, err = texs(alt)
				}
			}
			if err != nil {
				warn("material %q: texture %s: %v; using its colour", name, tp, err)
			} else {
				tex, cutout = t, cut
			}
		}
		matIdx[i] = uint16(len(md.Surfaces))
		md.Surfaces = append(md.Surfaces, surfaceFor(name, m, tex, cutout))
	}
	w, err := normalise(o, e.rotation, e.Size, matIdx)
	if err != nil {
		return nil, warns, srcTris, fmt.Errorf("%s: %w", e.ModelPath, err)
	}
	for _, l := range buildLevels(w) {
		md.Levels = append(md.Levels, l.level())
	}
	md.Surfaces = pruneSurfaces(md)
	return md, warns, srcTris, nil
}

// pruneSurfaces drops surfaces no triangle uses and renumbers the rest.
func pruneSurfaces(md *sim.Model) []*sim.Surface {
	used := make([]bool, len(md.Surfaces))
	for _, l := range md.Levels {
		for _, t := range l.Tris {
			used[t.Surface] = true
		}
	}
	re := make([]uint16, len(md.Surfaces))
	var out []*sim.Surface
	for i, s := range md.Surfaces {
		if used[i] {
			re[i] = uint16(len(out))
			out = append(out, s)
		}
	}
	for li := range md.Levels {
		l := &md.Levels[li]
		for i := range l.Tris {
			l.Tris[i].Surface = re[l.Tris[i].Surface]
		}
	}
	return out
}
