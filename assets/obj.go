package assets

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"flowbench/sim"
)

// corner is one triangle corner of an OBJ: indices into the position, UV
// and normal arrays (-1 when absent).
type corner struct{ p, t, n int32 }

// objMesh is a parsed OBJ file, fan-triangulated, in the file's frame.
type objMesh struct {
	pos     []sim.Vec3
	uv      [][2]float32
	nrm     []sim.Vec3
	tris    [][3]corner
	triMat  []int32 // index into mats
	mats    []string
	mtllibs []string
}

func bstr(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// nextField returns the next blank-separated field of b and the rest.
func nextField(b []byte) (field, rest []byte) {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	j := i
	for j < len(b) && b[j] != ' ' && b[j] != '\t' {
		j++
	}
	return b[i:j], b[j:]
}

func parseFloats(rest []byte, out []float64, min int, what string, line int) (int, error) {
	n := 0
	for n < len(out) {
		var f []byte
		f, rest = nextField(rest)
		if len(f) == 0 {
			break
		}
		v, err := strconv.ParseFloat(bstr(f), 64)
		if err != nil {
			return 0, fmt.Errorf("line %d: bad %s number %q", line, what, f)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("line %d: %s coordinate is %v", line, what, v)
		}
		out[n] = v
		n++
	}
	if n < min {
		return 0, fmt.Errorf("line %d: %s needs %d numbers, has %d", line, what, min, n)
	}
	return n, nil
}

// nextLine splits the first line (without its '\n') off data.
func nextLine(data []byte) (line, rest []byte) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i], data[i+1:]
	}
	return data, nil
}

// continues reports whether an OBJ line ends with a '\' continuation.
func continues(line []byte) bool {
	return bytes.HasSuffix(bytes.TrimRight(line, "\r"), []byte("\\"))
}

// parseOBJ reads an OBJ file. Out-of-range indices, non-finite numbers and
// more than caps.vertices positions (texture coordinates, normals) or
// caps.triangles triangles are errors; lines it does not know are ignored.
func parseOBJ(data []byte) (*objMesh, error) {
	m := &objMesh{}
	matIdx := map[string]int32{}
	cur := int32(-1)
	var poly []corner
	var fl [4]float64
	var joined []byte // continued lines, joined in one reused buffer (linear)
	lineNo := 0
	for len(data) > 0 {
		var line []byte
		line, data = nextLine(data)
		lineNo++
		if len(line) > 0 && continues(line) && len(data) > 0 {
			joined = joined[:0]
			for len(line) > 0 && continues(line) && len(data) > 0 {
				t := bytes.TrimRight(line, "\r")
				joined = append(joined, t[:len(t)-1]...)
				line, data = nextLine(data)
				lineNo++
			}
			line = append(joined, line...)
			joined = line
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		kw, rest := nextField(line)
		if len(kw) == 0 || kw[0] == '#' {
			continue
		}
		switch bstr(kw) {
		case "v":
			if len(m.pos) >= caps.vertices {
				return nil, fmt.Errorf("line %d: more than %d vertices, %w", lineNo, caps.vertices, errOverCap)
			}
			if _, err := parseFloats(rest, fl[:3], 3, "vertex", lineNo); err != nil {
				return nil, err
			}
			m.pos = append(m.pos, sim.Vec3{fl[0], fl[1], fl[2]})
		case "vt":
			if len(m.uv) >= caps.vertices {
				return nil, fmt.Errorf("line %d: more than %d texture coordinates, %w", lineNo, caps.vertices, errOverCap)
			}
			fl[1] = 0
			if _, err := parseFloats(rest, fl[:3], 1, "texture", lineNo); err != nil {
				return nil, err
			}
			m.uv = append(m.uv, [2]float32{float32(fl[0]), float32(fl[1])})
		case "vn":
			if len(m.nrm) >= caps.vertices {
				return nil, fmt.Errorf("line %d: more than %d normals, %w", lineNo, caps.vertices, errOverCap)
			}
			if _, err := parseFloats(rest, fl[:3], 3, "normal", lineNo); err != nil {
				return nil, err
			}
			m.nrm = append(m.nrm, sim.Vec3{fl[0], fl[1], fl[2]})
		case "f":
			poly = poly[:0]
			for {
				var f []byte
				f, rest = nextField(rest)
				if len(f) == 0 {
					break
				}
				c, err := parseCorner(f, len(m.pos), len(m.uv), len(m.nrm))
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", lineNo, err)
				}
				poly = append(poly, c)
				if len(m.tris)+len(poly)-2 > caps.triangles {
					return nil, fmt.Errorf("line %d: more than %d triangles, %w", lineNo, caps.triangles, errOverCap)
				}
			}
			if len(poly) < 3 {
				continue // a degenerate face: skip it
			}
			if cur < 0 {
				cur = m.material("", matIdx)
			}
			for k := 1; k+1 < len(poly); k++ {
				m.tris = append(m.tris, [3]corner{poly[0], poly[k], poly[k+1]})
				m.triMat = append(m.triMat, cur)
			}
		case "usemtl":
			cur = m.material(strings.TrimSpace(bstr(rest)), matIdx)
		case "mtllib":
			if s := strings.TrimSpace(bstr(rest)); s != "" {
				m.mtllibs = append(m.mtllibs, strings.Clone(s))
			}
		}
	}
	if len(m.tris) == 0 {
		return nil, fmt.Errorf("no faces (an invisible light source?)")
	}
	for i, t := range m.tris {
		for _, c := range t {
			switch {
			case int(c.p) >= len(m.pos):
				return nil, fmt.Errorf("triangle %d: vertex index %d out of range (%d defined)", i, c.p+1, len(m.pos))
			case int(c.t) >= len(m.uv):
				return nil, fmt.Errorf("triangle %d: texture index %d out of range (%d defined)", i, c.t+1, len(m.uv))
			case int(c.n) >= len(m.nrm):
				return nil, fmt.Errorf("triangle %d: normal index %d out of range (%d defined)", i, c.n+1, len(m.nrm))
			}
		}
	}
	return m, nil
}

func (m *objMesh) material(name string, idx map[string]int32) int32 {
	if i, ok := idx[name]; ok {
		return i
	}
	name = strings.Clone(name)
	i := int32(len(m.mats))
	m.mats = append(m.mats, name)
	idx[name] = i
	return i
}

// parseIndex turns an OBJ index (1-based, or negative: relative to the n
// elements defined so far) into a 0-based one. Positive indices may point
// forward (some exporters write vt after f): parseOBJ checks them at the
// end, so here they need only fit an int32.
func parseIndex(b []byte, n int, what string) (int32, error) {
	v, err := strconv.Atoi(bstr(b))
	if err != nil {
		return 0, fmt.Errorf("bad %s index %q", what, b)
	}
	limit := n
	if v < 0 {
		v += n
	} else {
		v--
		limit = math.MaxInt32
	}
	if v < 0 || v >= limit {
		return 0, fmt.Errorf("%s index %s out of range (%d defined)", what, b, n)
	}
	return int32(v), nil
}

func parseCorner(f []byte, np, nt, nn int) (corner, error) {
	c := corner{-1, -1, -1}
	parts := [3][]byte{}
	k := 0
	start := 0
	for i := 0; i <= len(f); i++ {
		if i == len(f) || f[i] == '/' {
			if k < 3 {
				parts[k] = f[start:i]
			}
			k++
			start = i + 1
		}
	}
	var err error
	if c.p, err = parseIndex(parts[0], np, "vertex"); err != nil {
		return c, err
	}
	if len(parts[1]) > 0 {
		if c.t, err = parseIndex(parts[1], nt, "texture"); err != nil {
			return c, err
		}
	}
	if len(parts[2]) > 0 {
		if c.n, err = parseIndex(parts[2], nn, "normal"); err != nil {
			return c, err
		}
	}
	return c, nil
}

// mtlMaterial is one material of an MTL file.
type mtlMaterial struct {
	Kd    [3]float64
	hasKd bool
	D     float64 // opacity, 1 when absent
	MapKd string  // texture path relative to the MTL file, "" when none
}

// parseMTL reads the materials of an MTL file.
func parseMTL(data []byte) map[string]*mtlMaterial {
	out := map[string]*mtlMaterial{}
	var cur *mtlMaterial
	hasD := false
	for _, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || line[0] == '#' {
			continue
		}
		kw, rest, _ := strings.Cut(line, " ")
		if i := strings.IndexByte(kw, '\t'); i >= 0 {
			kw, rest = line[:i], line[i+1:]
		}
		rest = strings.TrimSpace(rest)
		if kw == "newmtl" {
			cur = &mtlMaterial{Kd: [3]float64{0.8, 0.8, 0.8}, D: 1}
			out[rest] = cur
			hasD = false
			continue
		}
		if cur == nil {
			continue
		}
		switch kw {
		case "Kd":
			f := strings.Fields(rest)
			var v [3]float64
			ok := len(f) >= 1
			for i := 0; i < 3 && ok; i++ {
				s := f[0]
				if i < len(f) {
					s = f[i]
				}
				x, err := strconv.ParseFloat(s, 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					ok = false
				}
				v[i] = math.Max(0, math.Min(1, x))
			}
			if ok {
				cur.Kd, cur.hasKd = v, true
			}
		case "d":
			if x, err := strconv.ParseFloat(lastField(rest), 64); err == nil && x >= 0 && x <= 1 {
				cur.D, hasD = x, true
			}
		case "Tr":
			if x, err := strconv.ParseFloat(lastField(rest), 64); err == nil && x >= 0 && x < 1 && !hasD {
				cur.D = 1 - x
			}
		case "map_Kd":
			cur.MapKd = mapFileName(rest)
		}
	}
	return out
}

func lastField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// mapFileName strips the options (-s 1 1 1, -clamp on, ...) of a map_ line;
// what remains is the file name, which may contain spaces.
func mapFileName(rest string) string {
	args := map[string]int{"-blendu": 1, "-blendv": 1, "-bm": 1, "-boost": 1, "-cc": 1, "-clamp": 1,
		"-imfchan": 1, "-mm": 2, "-o": 3, "-s": 3, "-t": 3, "-texres": 1, "-type": 1}
	for strings.HasPrefix(rest, "-") {
		opt, tail, _ := strings.Cut(rest, " ")
		n, ok := args[opt]
		if !ok {
			break
		}
		tail = strings.TrimSpace(tail)
		for i := 0; i < n; i++ {
			f, t, _ := strings.Cut(tail, " ")
			if opt == "-o" || opt == "-s" || opt == "-t" { // up to 3 numbers
				if _, err := strconv.ParseFloat(f, 64); err != nil {
					break
				}
			}
			tail = strings.TrimSpace(t)
		}
		rest = tail
	}
	return strings.TrimSpace(rest)
}
