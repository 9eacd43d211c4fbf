package assets

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// The fuzz targets of the archive parsers (make fuzz; the seeds below run
// under plain go test). Each must return, never panic, and what it returns
// must hold together.

// FuzzProperties: parseProperties returns valid UTF-8 keys and values,
// never more text than twice the input (Latin-1 bytes become two UTF-8
// bytes; escapes and continuations only shrink), and no more keys than the
// input has lines.
func FuzzProperties(f *testing.F) {
	for _, s := range []string{
		"# c\n! c\na=1\nb : two words \\\n    more\nc\\u0020d=\\u20ac\ne=caf\xe9\n",
		catalogEntry(1, "box", "/test/box/box.obj", 50, 150, 100, "modelRotation#1=0 0 -1 0 1 0 1 0 0"),
		"a=x\\\\\nb=y\\\r\n  z\r\nc=\\ud800\\u12\\\n",
		"key\\\n\\\n\\\n",
		"=\n:\n \\=\\:= \\\t\n",
		string(continuedProperties(100)),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := parseProperties(data)
		total := 0
		for k, v := range p {
			if !utf8.ValidString(k) || !utf8.ValidString(v) {
				t.Fatalf("invalid UTF-8: %q = %q", k, v)
			}
			total += len(k) + len(v)
		}
		if total > 2*len(data) {
			t.Fatalf("%d bytes of keys and values from %d bytes", total, len(data))
		}
		if lines := 1 + strings.Count(string(data), "\n") + strings.Count(string(data), "\r"); len(p) > lines {
			t.Fatalf("%d keys from %d lines", len(p), lines)
		}
	})
}

// FuzzOBJ: parseOBJ returns an error, or a mesh whose every triangle
// corner indexes a defined position (and texture coordinate and normal,
// when it has one), whose every triangle has a material, whose positions
// are finite, and whose counts are within the caps.
func FuzzOBJ(f *testing.F) {
	for _, s := range []string{
		boxOBJ,
		"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n",
		"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n",
		"v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3/-1 -2 -1//-1\nvt 0 0\nvn 0 0 1\n",
		"v 0 0 0\nv 1 0 \\\n0\r\nv 0 1 0\nusemtl a b\nf 1 2 3 1 2 3\n",
		"v NaN 0 0\nv 1e400 0 0\nv 0 1 0\nf 1 2 3\n",
		"mtllib x.mtl\nf 1/2/3/4 2 3\n# comment\n\\\n\\",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseOBJ(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		if len(m.tris) == 0 || len(m.tris) != len(m.triMat) || len(m.tris) > caps.triangles {
			t.Fatalf("%d triangles, %d materials of triangles", len(m.tris), len(m.triMat))
		}
		if len(m.pos) > caps.vertices || len(m.uv) > caps.vertices || len(m.nrm) > caps.vertices {
			t.Fatalf("%d positions, %d uvs, %d normals", len(m.pos), len(m.uv), len(m.nrm))
		}
		for _, p := range m.pos {
			for _, x := range p {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("position %v", p)
				}
			}
		}
		for i, tri := range m.tris {
			if mi := m.triMat[i]; mi < 0 || int(mi) >= len(m.mats) {
				t.Fatalf("triangle %d: material %d of %d", i, mi, len(m.mats))
			}
			for _, c := range tri {
				if c.p < 0 || int(c.p) >= len(m.pos) || c.t < -1 || int(c.t) >= len(m.uv) || c.n < -1 || int(c.n) >= len(m.nrm) {
					t.Fatalf("triangle %d: corner %+v with %d/%d/%d defined", i, c, len(m.pos), len(m.uv), len(m.nrm))
				}
			}
		}
	})
}

// FuzzMTL: parseMTL's materials have colours and opacities in [0, 1] and
// texture names without surrounding blanks.
func FuzzMTL(f *testing.F) {
	for _, s := range []string{
		boxMTL,
		"newmtl m\nKd 1 0 0\nmap_Kd gone.png\n",
		"newmtl g\nKd 2 -1 NaN\nd 0.3\nTr 0.9\nmap_Kd -s 1 1 1 -clamp on  my file.png \n",
		"Kd 1 1 1\nnewmtl\tt\nTr 0.25\nd 7\nmap_Kd -o 1 -bm\n",
		"newmtl x\r\nKd 0.5\r\nmap_Kd C:\\textures\\wood.jpg\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, m := range parseMTL(data) {
			for _, c := range m.Kd {
				if !(c >= 0 && c <= 1) {
					t.Fatalf("%q: Kd %v", name, m.Kd)
				}
			}
			if !(m.D >= 0 && m.D <= 1) {
				t.Fatalf("%q: d %v", name, m.D)
			}
			if m.MapKd != strings.TrimSpace(m.MapKd) {
				t.Fatalf("%q: map_Kd %q", name, m.MapKd)
			}
		}
	})
}
