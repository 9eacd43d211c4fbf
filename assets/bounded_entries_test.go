package assets

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rawEntry is a zip entry written as given: data is stored (method Store)
// and the header declares size bytes, whatever len(data) is.
type rawEntry struct {
	name string
	data []byte
	size uint64
}

// writeRawZip writes an archive of ordinary files (compressed) and raw
// entries whose headers may lie.
func writeRawZip(t *testing.T, dir, name string, files map[string][]byte, raws ...rawEntry) string {
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
	for _, r := range raws {
		w, err := zw.CreateRaw(&zip.FileHeader{Name: r.name, Method: zip.Store, CRC32: crc32.ChecksumIEEE(r.data),
			CompressedSize64: uint64(len(r.data)), UncompressedSize64: r.size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(r.data)
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

// withCaps sets caps for the test, restoring them after.
func withCaps(t *testing.T, c readCaps) {
	saved := caps
	caps = c
	t.Cleanup(func() { caps = saved })
}

// pngHeader is the start of a PNG declaring w×h RGBA pixels: the signature
// and the IHDR chunk, no pixel data (decoding it would fail on the missing
// IDAT, so an error naming the size shows it was refused from the header).
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = 8, 6 // 8 bits, RGBA
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// hostileArchive writes a small archive, Hostile.sh3f: entry 1 "big" has
// the OBJ given (nil: a raw entry gives it), entry 2 "tex" a triangle whose
// material's texture declares 40000×40000 pixels.
func hostileArchive(t *testing.T, dir string, obj []byte, raws ...rawEntry) string {
	t.Helper()
	cat := catalogEntry(1, "big", "/h/big.obj", 10, 10, 10, "") + catalogEntry(2, "tex", "/h/tex.obj", 10, 10, 10, "")
	files := map[string][]byte{
		"PluginFurnitureCatalog.properties": []byte(cat),
		"h/tex.obj":                         []byte("mtllib tex.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 1\nusemtl m\nf 1 2 3\n"),
		"h/tex.mtl":                         []byte("newmtl m\nKd 1 0 0\nmap_Kd huge.png\n"),
		"h/huge.png":                        pngHeader(40000, 40000),
	}
	if obj != nil {
		files["h/big.obj"] = obj
	}
	return writeRawZip(t, dir, "Hostile.sh3f", files, raws...)
}

// TestHugeTextureRefused: a PNG declaring 40000×40000 pixels (a 6 KB
// archive that once took 2.5 GB) is refused from its header, before any
// decoding; the model keeps its plain colour with a warning naming the
// entry and the size.
func TestHugeTextureRefused(t *testing.T) {
	_, _, err := decodeTexture(pngHeader(40000, 40000))
	if !errors.Is(err, errOverCap) || !strings.Contains(err.Error(), "40000×40000") {
		t.Fatalf("decodeTexture: %v, want a refusal naming 40000×40000", err)
	}
	if _, _, err := decodeTexture(pngHeader(maxImageSide+1, 1)); !errors.Is(err, errOverCap) {
		t.Errorf("a side of %d: %v, want refused", maxImageSide+1, err)
	}
	if _, _, err := decodeTexture(pngHeader(maxImageSide, maxImageSide)); !errors.Is(err, errOverCap) {
		t.Errorf("%d pixels: %v, want refused", maxImageSide*maxImageSide, err)
	}
	dir := t.TempDir()
	hostileArchive(t, dir, []byte(boxOBJ))
	l, err := Open(Options{Dirs: []string{dir}, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	md, err := l.Model("Hostile:Test#tex")
	if err != nil {
		t.Fatal(err)
	}
	if s := md.Surfaces[0]; s.Texture != nil || s.Color.R != 1 {
		t.Errorf("surface %+v, want plain red", s)
	}
	w := strings.Join(l.LateWarnings(), "\n")
	if !strings.Contains(w, "entry Test#tex") || !strings.Contains(w, "h/huge.png") || !strings.Contains(w, "40000×40000") {
		t.Errorf("warnings %q should name the entry, the texture and its size", w)
	}
}

// TestHugeOBJRefused: OBJ files over the caps are refused, whether the zip
// header declares the size (here 1000 MiB in a tiny archive: refused
// before decompressing) or lies about it, and OBJs over the vertex or
// triangle caps are refused while parsing; each error names the archive,
// the entry and the cap.
func TestHugeOBJRefused(t *testing.T) {
	dir := t.TempDir()
	p := hostileArchive(t, dir, nil, rawEntry{name: "h/big.obj", data: []byte("v 0 0 0\n"), size: 1000 << 20})
	check := func(what, want string) {
		t.Helper()
		l, err := Open(Options{Dirs: []string{dir}, CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		md, err := l.Model("Hostile:Test#big")
		if err == nil || md != nil {
			t.Fatalf("%s: loaded", what)
		}
		msg := err.Error()
		if !strings.Contains(msg, p) || !strings.Contains(msg, "entry Test#big") || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q should name %s, entry Test#big and %q", what, msg, p, want)
		}
		if _, err := l.Model("Hostile:Test#tex"); err != nil { // the rest of the archive still loads
			t.Errorf("%s: the other entry: %v", what, err)
		}
	}
	check("declared 1000 MiB", "declares 1048576000 bytes")

	// the header lies (declares 8 bytes): refused all the same
	os.Remove(p)
	big := bytes.Repeat([]byte("v 0 0 0\n"), 1<<15) // 256 KiB
	hostileArchive(t, dir, nil, rawEntry{name: "h/big.obj", data: big, size: 8})
	check("a lying header", "h/big.obj")

	withCaps(t, readCaps{archive: maxArchiveBytes, entry: 1 << 20, catalog: 1 << 20, obj: 64 << 10, mtl: 1 << 10,
		vertices: 100, triangles: 10, imageSide: 64, imagePixels: 4096})
	os.Remove(p)
	hostileArchive(t, dir, big) // honest header, 256 KiB > 64 KiB
	check("over caps.obj", "cap of 65536 bytes")

	os.Remove(p)
	hostileArchive(t, dir, bytes.Repeat([]byte("v 0 0 0\n"), 101))
	check("101 vertices", "more than 100 vertices")

	os.Remove(p)
	hostileArchive(t, dir, []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf"+strings.Repeat(" 1 2 3", 5)+"\n"))
	check("a 15-corner face (13 triangles)", "more than 10 triangles")
}

// TestOBJIndexErrorCount: an out-of-range index error gives the number of
// vertices really defined (it once said 2147483647).
func TestOBJIndexErrorCount(t *testing.T) {
	for _, f := range []string{"f 0 1 2", "f 1 2 3000000000", "f 1 2 4", "f 1 2 -4"} {
		_, err := parseOBJ([]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\n" + f + "\n"))
		if err == nil || !strings.Contains(err.Error(), "(3 defined)") {
			t.Errorf("%q: error %v, want one saying (3 defined)", f, err)
		}
	}
}
