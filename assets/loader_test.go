package assets

import (
	"archive/zip"
	"bytes"
	"encoding/gob"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

// writeZip writes an archive of name → content into dir.
func writeZip(t *testing.T, dir, name string, files map[string][]byte) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for n, b := range files {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func pngBytes(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// catalogEntry writes the properties of entry n.
func catalogEntry(n int, id, model string, w, d, h float64, extra string) string {
	return fmt.Sprintf("id#%d=Test#%s\nname#%d=%s\ncategory#%d=Test\ntags#%d=a, b\nmodel#%d=%s\nwidth#%d=%g\ndepth#%d=%g\nheight#%d=%g\nmovable#%d=true\ndoorOrWindow#%d=false\ncreator#%d=Me\n%s\n",
		n, id, n, id, n, n, n, model, n, w, n, d, n, h, n, n, n, extra)
}

// boxOBJ is an axis-aligned box [0,10]×[0,20]×[0,30] cm with UVs and
// normals; its +z face (z = 30) is counter-clockwise seen from +z.
const boxOBJ = `mtllib box.mtl
v 0 0 0
v 10 0 0
v 10 20 0
v 0 20 0
v 0 0 30
v 10 0 30
v 10 20 30
v 0 20 30
vt 0 0
vt 1 0
vt 1 1
vt 0 1
vn 0 0 1
vn 0 0 -1
vn 1 0 0
vn -1 0 0
vn 0 1 0
vn 0 -1 0
usemtl front
f 5/1/1 6/2/1 7/3/1 8/4/1
usemtl rest
f 1//2 4//2 3//2 2//2
f 2//3 3//3 7//3 6//3
f 1//4 5//4 8//4 4//4
f 4//5 8//5 7//5 3//5
f 1//6 2//6 6//6 5//6
`

const boxMTL = `newmtl front
Kd 0.8 0.8 0.8
map_Kd tex.png
newmtl rest
Kd 0.2 0.4 0.6
d 1
`

// testArchive writes a plug-in archive holding the box under several
// entries (plain, rotated) and broken models.
func testArchive(t *testing.T, dir string) string {
	tex := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < 16; i++ {
		a := uint8(255)
		if i < 4 { // a quarter of the texels are holes
			a = 0
		}
		tex.SetNRGBA(i%4, i/4, color.NRGBA{200, 100, 50, a})
	}
	cat := "# test catalog\nlicense=Creative Commons Attribution 3.0 United States license\nprovider=test\n\n" +
		catalogEntry(1, "box", "/test/box/box.obj", 50, 150, 100, "dropOnTopElevation#1=60") +
		catalogEntry(2, "rotbox", "/test/box/box.obj", 150, 50, 100, "modelRotation#2=0 0 -1 0 1 0 1 0 0") +
		catalogEntry(3, "badindex", "/test/bad/bad.obj", 10, 10, 10, "") +
		catalogEntry(4, "nan", "/test/nan/nan.obj", 10, 10, 10, "") +
		catalogEntry(5, "notex", "/test/notex/notex.obj", 10, 10, 10, "") +
		catalogEntry(6, "nomtl", "/test/nomtl/nomtl.obj", 10, 10, 10, "") +
		catalogEntry(7, "missing", "/test/missing.obj", 10, 10, 10, "lightSourceX#7=0.5") +
		"name#8=Escaped \\u20ac sign \\\n   continued\n"
	return writeZip(t, dir, "Test.sh3f", map[string][]byte{
		"PluginFurnitureCatalog.properties": []byte(cat),
		"LICENSE.TXT":                       []byte("These files are under the Creative Commons Attribution 3.0 United States license"),
		"test/box/box.obj":                  []byte(boxOBJ),
		"test/box/box.mtl":                  []byte(boxMTL),
		"test/box/tex.png":                  pngBytes(t, tex),
		"test/bad/bad.obj":                  []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n"),
		"test/nan/nan.obj":                  []byte("v 0 0 0\nv NaN 0 0\nv 0 1 0\nf 1 2 3\n"),
		"test/notex/notex.obj":              []byte("mtllib notex.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 1\nusemtl m\nf 1 2 3\n"),
		"test/notex/notex.mtl":              []byte("newmtl m\nKd 1 0 0\nmap_Kd gone.png\n"),
		"test/nomtl/nomtl.obj":              []byte("mtllib nothere.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 1\nusemtl m\nf 1 2 3\n"),
	})
}

func openTest(t *testing.T) (*Library, string) {
	t.Helper()
	dir := t.TempDir()
	testArchive(t, dir)
	l, err := Open(Options{Dirs: []string{dir}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, dir
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func bounds(l *sim.ModelLevel) (lo, hi sim.Vec3) {
	lo = sim.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = lo.Mul(-1)
	for _, p := range l.Pos {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
		}
	}
	return
}

func TestCatalogEntries(t *testing.T) {
	l, _ := openTest(t)
	if len(l.Entries) != 7 {
		t.Fatalf("%d entries, want 7", len(l.Entries))
	}
	e, ok := l.Entry("Test:Test#box")
	if !ok {
		t.Fatal("no Test:Test#box")
	}
	if e.Library != "Test" || e.Name != "box" || e.Category != "Test" || len(e.Tags) != 2 || e.Tags[1] != "b" ||
		e.Size != (sim.Vec3{0.5, 1, 1.5}) || !near(e.DropOnTop, 0.6) || !e.Movable || e.DoorOrWindow || e.Light ||
		e.Creator != "Me" || e.License != "CC-BY 3.0 US" || e.ModelPath != "test/box/box.obj" {
		t.Errorf("entry %+v", e)
	}
	if m, _ := l.Entry("Test:Test#missing"); !m.Light {
		t.Error("lightSourceX not read")
	}
	for i := 1; i < len(l.Entries); i++ {
		if l.Entries[i-1].Key >= l.Entries[i].Key {
			t.Error("entries not sorted by key")
		}
	}
}

func TestProperties(t *testing.T) {
	p := parseProperties([]byte("# c\n! c\na=1\nb : two words \\\n    more\nc\\u0020d=\\u20ac\ne=caf\xe9\n"))
	want := map[string]string{"a": "1", "b": "two words more", "c d": "€", "e": "café"}
	for k, v := range want {
		if p[k] != v {
			t.Errorf("%q = %q, want %q", k, p[k], v)
		}
	}
}

func TestLicenseSummary(t *testing.T) {
	for _, c := range []struct{ key, text, want string }{
		{"Public domain", "", "CC0"},
		{"Creative Commons Attribution 3.0 license", "", "CC-BY 3.0"},
		{"", "Creative Commons Attribution 3.0 United States license", "CC-BY 3.0 US"},
		{"", "The sh3f file and its content are under the Creative Commons Attribution 3.0 Unported license", "CC-BY 3.0"},
		{"GNU GPL / CC-BY 3.0 (c) eTeks", "", "GPL / CC-BY 3.0"},
	} {
		if got := licenseSummary(c.key, c.text); got != c.want {
			t.Errorf("licenseSummary(%q, %q) = %q, want %q", c.key, c.text, got, c.want)
		}
	}
}

// TestBoxNormalised checks scale, centring, the mirror to the left-handed
// frame (OBJ +x ends at local -x, +z stays the front), winding, UVs,
// normals, surfaces and SupportY.
func TestBoxNormalised(t *testing.T) {
	l, _ := openTest(t)
	md, err := l.Model("Test:Test#box")
	if err != nil {
		t.Fatal(err)
	}
	if md2, _ := l.Model("Test:Test#box"); md2 != md {
		t.Error("Model returned a different pointer the second time")
	}
	if md.Key != "Test:Test#box" || md.Size != (sim.Vec3{0.5, 1, 1.5}) || !near(md.SupportY, 0.6) {
		t.Errorf("key %q size %v support %v", md.Key, md.Size, md.SupportY)
	}
	lv := &md.Levels[0]
	if len(lv.Tris) != 12 {
		t.Fatalf("%d triangles, want 12", len(lv.Tris))
	}
	lo, hi := bounds(lv)
	if lo != (sim.Vec3{-0.25, -0.5, -0.75}) || hi != (sim.Vec3{0.25, 0.5, 0.75}) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	front := -1
	for i, s := range md.Surfaces {
		if s.Name == "front" {
			front = i
		}
	}
	if front < 0 {
		t.Fatal("no front surface")
	}
	sf := md.Surfaces[front]
	if sf.Texture == nil || !sf.Cutout || sf.Color != (sim.RGB{R: 1, G: 1, B: 1}) {
		t.Errorf("front surface %+v: want textured, cut out, white", sf)
	}
	for _, s := range md.Surfaces {
		if s.Name == "rest" && (s.Texture != nil || s.Color != (sim.RGB{R: 0.2, G: 0.4, B: 0.6})) {
			t.Errorf("rest surface %+v", s)
		}
	}
	for _, tr := range lv.Tris {
		a, b, c := lv.Pos[tr.V[0]], lv.Pos[tr.V[1]], lv.Pos[tr.V[2]]
		cr := b.Sub(a).Cross(c.Sub(a))
		for _, vi := range tr.V {
			if cr.Dot(lv.Normal[vi]) <= 0 {
				t.Errorf("triangle %v: winding disagrees with its normal %v", tr, lv.Normal[vi])
			}
		}
		if int(tr.Surface) == front {
			for _, vi := range tr.V {
				p, n, uv := lv.Pos[vi], lv.Normal[vi], lv.UV[vi]
				if !near(p[2], 0.75) || n != (sim.Vec3{0, 0, 1}) {
					t.Errorf("front vertex %v normal %v: want z = 0.75, normal +z", p, n)
				}
				// OBJ vertex 6 (10,0,30) has vt 1 0 and is at +x: it must end at -x.
				if near(p[1], -0.5) && !near(p[0], -0.25) == (uv == [2]float32{1, 0}) {
					t.Errorf("vertex %v uv %v: OBJ +x must map to local -x", p, uv)
				}
			}
		}
		if n := lv.Normal[tr.V[0]]; near(n[0], -1) || near(n[0], 1) {
			// the OBJ +x face (normal +x) is at local -x with normal -x
			if p := lv.Pos[tr.V[0]]; !near(p[0]*n[0], 0.25) {
				t.Errorf("side face at x=%v has normal %v", p[0], n)
			}
		}
	}
}

// TestRotatedBox applies modelRotation first: rows (0 0 -1)(0 1 0)(1 0 0)
// map OBJ (x,y,z) to (-z, y, x), so the OBJ +x corner goes to +z (front)
// and the OBJ far z side to -x, i.e. local +x after the mirror.
func TestRotatedBox(t *testing.T) {
	l, _ := openTest(t)
	md, err := l.Model("Test:Test#rotbox")
	if err != nil {
		t.Fatal(err)
	}
	lv := &md.Levels[0]
	lo, hi := bounds(lv)
	if lo != (sim.Vec3{-0.75, -0.5, -0.25}) || hi != (sim.Vec3{0.75, 0.5, 0.25}) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	for _, tr := range lv.Tris {
		if md.Surfaces[tr.Surface].Name != "front" {
			continue
		}
		// the OBJ front face (z = 30, normal +z) becomes rotated x' = -30, the min x', so local +x after the mirror
		for _, vi := range tr.V {
			if p, n := lv.Pos[vi], lv.Normal[vi]; !near(p[0], 0.75) || !near(n[0], 1) {
				t.Errorf("rotated front vertex %v normal %v: want x = 0.75, normal +x", p, n)
			}
		}
	}
}

func TestBadModels(t *testing.T) {
	l, _ := openTest(t)
	for key, want := range map[string]string{
		"Test:Test#badindex": "vertex index 7 out of range",
		"Test:Test#nan":      "NaN",
		"Test:Test#missing":  "not in the archive",
	} {
		md, err := l.Model(key)
		if err == nil || md != nil {
			t.Errorf("%s: no error", key)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "Test.sh3f") || !strings.Contains(msg, strings.TrimPrefix(key, "Test:")) || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q should name the archive, the entry and %q", key, msg, want)
		}
	}
	// degraded but loaded: missing texture and missing MTL
	for key, want := range map[string]string{"Test:Test#notex": "gone.png", "Test:Test#nomtl": "nothere.mtl"} {
		md, err := l.Model(key)
		if err != nil || md == nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		found := false
		for _, w := range l.LateWarnings() {
			if strings.Contains(w, strings.TrimPrefix(key, "Test:")) && strings.Contains(w, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no warning naming %s in %q", key, want, l.LateWarnings())
		}
	}
	if md, _ := l.Model("Test:Test#notex"); md.Surfaces[0].Color != (sim.RGB{R: 1}) || md.Surfaces[0].Texture != nil {
		t.Errorf("missing texture: surface %+v, want plain Kd red", md.Surfaces[0])
	}
}

func TestCorruptArchive(t *testing.T) {
	dir := t.TempDir()
	testArchive(t, dir)
	bad := filepath.Join(dir, "Broken.sh3f")
	os.WriteFile(bad, []byte("this is not a zip file"), 0o644)
	l, err := Open(Options{Dirs: []string{dir}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range l.Warnings {
		if strings.Contains(w, bad) {
			found = true
		}
	}
	if !found || len(l.Entries) != 7 {
		t.Errorf("broken archive: warnings %q, %d entries", l.Warnings, len(l.Entries))
	}
	// only the broken archive: a clear error, ErrNoAssets
	_, err = Open(Options{Dirs: []string{bad}, CacheDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("only a broken archive: err %v", err)
	}
	if _, err := Open(Options{Dirs: []string{t.TempDir()}, CacheDir: t.TempDir()}); err != ErrNoAssets {
		t.Errorf("no archives: err %v, want ErrNoAssets", err)
	}
}

func TestBuildAndCache(t *testing.T) {
	dir := t.TempDir()
	testArchive(t, dir)
	cache := t.TempDir()
	opts := Options{Dirs: []string{dir}, CacheDir: cache}
	l, rep, err := Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Built != 4 || rep.Failed != 3 || len(l.Entries) != 4 {
		t.Errorf("built %d failed %d entries %d, want 4 3 4", rep.Built, rep.Failed, len(l.Entries))
	}
	for _, key := range []string{"Test:Test#badindex", "Test:Test#nan", "Test:Test#missing"} {
		n := 0
		for _, w := range l.Warnings {
			if strings.Contains(w, strings.TrimPrefix(key, "Test:")) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d warnings, want 1 (%q)", key, n, l.Warnings)
		}
	}
	// reopen from the cache: same hash, entries and models
	l2, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	if l2.Hash != l.Hash || len(l2.Entries) != 4 || len(l2.Warnings) != len(l.Warnings) {
		t.Errorf("reopened: hash %s/%s entries %d warnings %d/%d", l2.Hash, l.Hash, len(l2.Entries), len(l2.Warnings), len(l.Warnings))
	}
	md, err := l2.Model("Test:Test#box")
	if err != nil {
		t.Fatal(err)
	}
	if tex := md.Surfaces[0].Texture; md.Surfaces[0].Name == "front" && (tex == nil || len(tex.Levels) != 3) {
		t.Errorf("cached texture %+v", tex)
	}
	// corrupt the cache file: a warning naming it, and the model rebuilt
	file := filepath.Join(l2.dir, modelFile("Test:Test#box")+".bin")
	if err := os.WriteFile(file, []byte("FBASSET1garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	l3, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	md3, err := l3.Model("Test:Test#box")
	if err != nil || len(md3.Levels[0].Tris) != 12 {
		t.Fatalf("rebuild after corruption: %v", err)
	}
	if w := l3.LateWarnings(); len(w) != 1 || !strings.Contains(w[0], file) {
		t.Errorf("warnings %q should name %s", w, file)
	}
	// a corrupt index is rebuilt too
	os.WriteFile(filepath.Join(l2.dir, indexName), []byte("junk"), 0o644)
	l4, err := Open(opts)
	if err != nil || len(l4.Entries) != 7 {
		t.Fatalf("corrupt index: %v, %d entries", err, len(l4.Entries))
	}
}

func TestModelRoundTrip(t *testing.T) {
	l, _ := openTest(t)
	md, err := l.Model("Test:Test#box")
	if err != nil {
		t.Fatal(err)
	}
	b, err := encodeModel(md)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeModel(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Key != md.Key || got.Size != md.Size || got.SupportY != md.SupportY || len(got.Surfaces) != len(md.Surfaces) || len(got.Levels) != len(md.Levels) {
		t.Fatalf("round trip differs")
	}
	for i := range md.Levels {
		a, c := md.Levels[i], got.Levels[i]
		if len(a.Pos) != len(c.Pos) || len(a.Tris) != len(c.Tris) {
			t.Fatalf("level %d differs", i)
		}
		for j := range a.Pos {
			if a.Pos[j] != c.Pos[j] || a.UV[j] != c.UV[j] || a.Normal[j] != c.Normal[j] {
				t.Fatalf("level %d vertex %d differs", i, j)
			}
		}
		for j := range a.Tris {
			if a.Tris[j] != c.Tris[j] {
				t.Fatalf("level %d tri %d differs", i, j)
			}
		}
	}
	for i, s := range md.Surfaces {
		g := got.Surfaces[i]
		if s.Name != g.Name || s.Color != g.Color || s.Cutout != g.Cutout || (s.Texture == nil) != (g.Texture == nil) {
			t.Errorf("surface %d differs", i)
		}
		if s.Texture != nil && (s.Texture.Hash != g.Texture.Hash || !bytes.Equal(s.Texture.Levels[0].Pix, g.Texture.Levels[0].Pix) || len(g.Texture.Levels) != len(s.Texture.Levels)) {
			t.Errorf("texture %d differs", i)
		}
	}
	for n := 0; n < len(b); n += 7 { // truncations never panic
		if _, err := decodeModel(b[:n], nil); err == nil {
			t.Fatalf("truncated at %d: no error", n)
		}
	}
}

func TestTextureMips(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	// left half red, right half blue; top row opaque, bottom row alpha 0 on the right
	for x := 0; x < 4; x++ {
		for y := 0; y < 2; y++ {
			c := color.NRGBA{255, 0, 0, 255}
			if x >= 2 {
				c = color.NRGBA{0, 0, 255, 255}
				if y == 1 {
					c.A = 0
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	src := pngBytes(t, img)
	tex, cut, err := decodeTexture(src)
	if err != nil {
		t.Fatal(err)
	}
	if !cut {
		t.Error("25% transparent texels: want cutout")
	}
	if len(tex.Levels) != 3 || tex.Levels[1].Rect.Dx() != 2 || tex.Levels[1].Rect.Dy() != 1 || tex.Levels[2].Rect.Dx() != 1 {
		t.Fatalf("levels %d", len(tex.Levels))
	}
	if c := tex.Levels[1].NRGBAAt(0, 0); c != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("level 1 left %v", c)
	}
	if c := tex.Levels[1].NRGBAAt(1, 0); c != (color.NRGBA{0, 0, 255, 128}) {
		t.Errorf("level 1 right %v (alpha-weighted colour, averaged alpha)", c)
	}
	if c := tex.Levels[2].NRGBAAt(0, 0); c.A != 192 || c.R != 170 || c.B != 85 {
		t.Errorf("level 2 %v", c)
	}
	if tex.Hash != textureHash(src) || len(tex.Hash) != 32 {
		t.Errorf("hash %q", tex.Hash)
	}
	// v = 0 is the bottom row: no flip in the image
	if r := sim.TexelRow(0.1, 2); r != 1 {
		t.Errorf("TexelRow(0.1) = %d", r)
	}
	// large images are shrunk to MaxTextureSize
	big := image.NewNRGBA(image.Rect(0, 0, 1000, 500))
	for i := range big.Pix {
		big.Pix[i] = 255
	}
	tb, cut, err := decodeTexture(pngBytes(t, big))
	if err != nil || cut || tb.Levels[0].Rect.Dx() != MaxTextureSize || tb.Levels[0].Rect.Dy() != 128 {
		t.Errorf("big: %v %v %v", err, cut, tb.Levels[0].Rect)
	}
	if _, _, err := decodeTexture([]byte("not an image")); err == nil {
		t.Error("garbage decoded")
	}
}

// sphereMesh is a UV sphere of radius 0.5 with a seam at u = 0/1.
func sphereMesh(rings, segs int) *workMesh {
	w := &workMesh{}
	idx := func(r, s int) int32 { return int32(r*(segs+1) + s) }
	for r := 0; r <= rings; r++ {
		th := math.Pi * float64(r) / float64(rings)
		for s := 0; s <= segs; s++ {
			ph := 2 * math.Pi * float64(s%segs) / float64(segs)
			p := sim.Vec3{0.5 * math.Sin(th) * math.Cos(ph), 0.5 * math.Cos(th), 0.5 * math.Sin(th) * math.Sin(ph)}
			if r == 0 || r == rings {
				p = sim.Vec3{0, 0.5 * math.Cos(th), 0}
			}
			w.pos = append(w.pos, p)
		}
	}
	// weld the seam and the poles the way normalise does
	weld := map[sim.Vec3]int32{}
	remap := make([]int32, len(w.pos))
	var pos []sim.Vec3
	for i, p := range w.pos {
		j, ok := weld[p]
		if !ok {
			j = int32(len(pos))
			pos = append(pos, p)
			weld[p] = j
		}
		remap[i] = j
	}
	w.pos = pos
	add := func(a, b, c [2]int) {
		t := [3]int32{remap[idx(a[0], a[1])], remap[idx(b[0], b[1])], remap[idx(c[0], c[1])]}
		if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
			return
		}
		var uv [3][2]float32
		for k, q := range [][2]int{a, b, c} {
			uv[k] = [2]float32{float32(q[1]) / float32(segs), 1 - float32(q[0])/float32(rings)}
		}
		w.tris = append(w.tris, t)
		w.mat = append(w.mat, 0)
		w.uv = append(w.uv, uv)
		w.nrm = append(w.nrm, [3][3]float32{})
	}
	for r := 0; r < rings; r++ {
		for s := 0; s < segs; s++ {
			add([2]int{r, s}, [2]int{r, s + 1}, [2]int{r + 1, s + 1})
			add([2]int{r, s}, [2]int{r + 1, s + 1}, [2]int{r + 1, s})
		}
	}
	w.computeNormals(false)
	return w
}

func TestLevelsOfDetail(t *testing.T) {
	for _, c := range []struct{ rings, segs int }{{48, 96}, {120, 200}} {
		w := sphereMesh(c.rings, c.segs)
		levels := buildLevels(w)
		n := []int{}
		for _, l := range levels {
			n = append(n, len(l.tris))
		}
		t.Logf("sphere %d×%d: %d triangles → levels %v", c.rings, c.segs, len(w.tris), n)
		if len(levels) != 3 {
			t.Fatalf("%d levels, want 3", len(levels))
		}
		n0 := min(len(w.tris), MaxTris)
		if n[0] > MaxTris || n[0] < MaxTris*9/10 && len(w.tris) > MaxTris {
			t.Errorf("level 0 has %d triangles, want ≤ %d", n[0], MaxTris)
		}
		if want := int(0.25 * float64(n0)); n[1] > want*11/10 {
			t.Errorf("level 1 has %d triangles, want ≈ %d", n[1], want)
		}
		if want := int(0.06 * float64(n0)); n[2] > want*12/10 {
			t.Errorf("level 2 has %d triangles, want ≈ %d", n[2], want)
		}
		lo0, hi0 := bounds(ptrLevel(w.level()))
		for li, l := range levels {
			ml := l.level()
			lo, hi := bounds(&ml)
			for k := 0; k < 3; k++ {
				ext := hi0[k] - lo0[k]
				if math.Abs(lo[k]-lo0[k]) > 0.05*ext || math.Abs(hi[k]-hi0[k]) > 0.05*ext {
					t.Errorf("level %d: box %v %v, original %v %v", li, lo, hi, lo0, hi0)
				}
			}
			for _, tr := range ml.Tris {
				a, b, cc := ml.Pos[tr.V[0]], ml.Pos[tr.V[1]], ml.Pos[tr.V[2]]
				if tr.V[0] == tr.V[1] || tr.V[1] == tr.V[2] || tr.V[0] == tr.V[2] || b.Sub(a).Cross(cc.Sub(a)).Len() < degenerateLen {
					t.Fatalf("level %d: degenerate triangle %v", li, tr)
				}
				// outward facing, as the sphere's
				if b.Sub(a).Cross(cc.Sub(a)).Dot(a.Add(b).Add(cc)) <= 0 {
					t.Fatalf("level %d: flipped triangle %v", li, tr)
				}
			}
			for i, uv := range ml.UV {
				if uv[0] < 0 || uv[0] > 1 || uv[1] < 0 || uv[1] > 1 {
					t.Fatalf("level %d: vertex %d uv %v out of the original range", li, i, uv)
				}
			}
		}
	}
	// a small mesh gets no coarser level
	if levels := buildLevels(sphereMesh(6, 12)); len(levels) != 1 {
		t.Errorf("small mesh: %d levels", len(levels))
	}
}

func ptrLevel(l sim.ModelLevel) *sim.ModelLevel { return &l }

func TestModelConcurrent(t *testing.T) {
	l, _ := openTest(t)
	keys := []string{"Test:Test#box", "Test:Test#rotbox", "Test:Test#nan", "Test:Test#notex"}
	got := make([][]*sim.Model, 8)
	done := make(chan int)
	for g := range got {
		go func() {
			for _, k := range keys {
				md, _ := l.Model(k)
				got[g] = append(got[g], md)
			}
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for g := range got {
		for i := range keys {
			if got[g][i] != got[0][i] {
				t.Errorf("goroutine %d got another copy of %s", g, keys[i])
			}
		}
	}
	if _, err := l.Model("nope"); err == nil {
		t.Error("unknown key: no error")
	}
}

// TestDoubleSided: a face present twice with opposite windings is kept
// once (the renderer draws models two-sided), with the copy whose normals
// agree with its winding; a back copy with another surface is kept as well.
func TestDoubleSided(t *testing.T) {
	src := "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nvn 0 0 -1\nusemtl a\nf 1//2 3//2 2//2\nf 1//1 2//1 3//1\nf 1//1 2//1 3//1\n"
	for _, c := range []struct {
		back string
		want int
	}{{"a", 1}, {"b", 2}} {
		o, err := parseOBJ([]byte(strings.Replace(src, "f 1//1 2//1 3//1\nf", "usemtl "+c.back+"\nf 1//1 2//1 3//1\nf", 1)))
		if err != nil {
			t.Fatal(err)
		}
		mats := make([]uint16, len(o.mats))
		for i := range mats {
			mats[i] = uint16(i)
		}
		w, err := normalise(o, nil, sim.Vec3{1, 1, 0.1}, mats)
		if err != nil {
			t.Fatal(err)
		}
		l := w.level()
		if len(l.Tris) != c.want {
			t.Fatalf("back surface %s: %d triangles, want %d", c.back, len(l.Tris), c.want)
		}
		for _, tr := range l.Tris {
			a, b, cc := l.Pos[tr.V[0]], l.Pos[tr.V[1]], l.Pos[tr.V[2]]
			if b.Sub(a).Cross(cc.Sub(a)).Dot(l.Normal[tr.V[0]]) <= 0 {
				t.Errorf("back surface %s: triangle %v normal disagrees with its winding", c.back, tr)
			}
		}
	}
}

func TestBuildRemovesStaleCaches(t *testing.T) {
	dir := t.TempDir()
	testArchive(t, dir)
	cache := t.TempDir()
	stale := filepath.Join(cache, "assets-0123")
	os.MkdirAll(stale, 0o755)
	var buf bytes.Buffer
	gob.NewEncoder(&buf).Encode(&indexFile{Version: "flowbench-assets-0"})
	os.WriteFile(filepath.Join(stale, indexName), buf.Bytes(), 0o644)
	unknown := filepath.Join(cache, "assets-4567") // no index: left alone
	os.MkdirAll(unknown, 0o755)
	_, rep, err := Build(Options{Dirs: []string{dir}, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Removed) != 1 || rep.Removed[0] != stale {
		t.Errorf("removed %q, want %s", rep.Removed, stale)
	}
	if _, err := os.Stat(unknown); err != nil {
		t.Errorf("a directory without index was removed")
	}
	if _, err := os.Stat(rep.CacheDir); err != nil {
		t.Errorf("the current cache is gone: %v", err)
	}
}
