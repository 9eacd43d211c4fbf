package assets

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"flowbench/sim"
)

// Entry is one piece of furniture of a catalog.
type Entry struct {
	Library      string // archive base name ("BlendSwap-CC-0"), "Default" for the sweethome3d jar
	ID           string // catalog id ("Blend Swap CC-0#armchair")
	Key          string // Library + ":" + ID, unique in a Library
	Name         string
	Category     string
	Tags         []string
	Size         sim.Vec3 // metres: x width, y height, z depth
	DropOnTop    float64  // metres above the bottom of the top support surface, 0 if absent
	Movable      bool
	DoorOrWindow bool
	Light        bool
	Creator      string
	License      string // summary of the archive's licence: "CC0", "CC-BY 3.0", "CC-BY 3.0 US", "GPL / CC-BY 3.0"
	ModelPath    string // path of the OBJ inside the archive (no leading '/')

	rotation *[9]float64 // modelRotation, row-major, nil when absent
	archive  int         // index into Library.archives
}

// SurfaceTexture is one floor or wall texture of the Sweet Home 3D jar.
type SurfaceTexture struct {
	Key      string     // "Default:" + catalog id
	Name     string     // "Wooden floor"
	Category string     // "Floor", "Wall", ...
	Size     [2]float64 // metres covered by one repeat (width, height)
	Creator  string
	License  string
	Texture  *sim.Texture
}

// archiveSrc is one source archive.
type archiveSrc struct {
	Path    string // absolute path of the file
	Library string // "Default" for the jar, else the base name without extension
	Jar     bool
}

const (
	jarCatalog      = "com/eteks/sweethome3d/io/DefaultFurnitureCatalog.properties"
	jarTextures     = "com/eteks/sweethome3d/io/DefaultTexturesCatalog.properties"
	pluginCatalog   = "PluginFurnitureCatalog.properties"
	defaultLibrary  = "Default"
	defaultSH3DRoot = "/usr/share/sweethome3d"
)

// findArchives lists the archives named by dirs (files or directories); an
// empty dirs means /usr/share/sweethome3d and $FLOWBENCH_SH3D_DIR. Files
// named like archives that checkArchive refuses (not regular files, too
// large) are returned as skipped, never opened.
func findArchives(dirs []string) (out []archiveSrc, skipped []skippedArchive) {
	if len(dirs) == 0 {
		dirs = []string{defaultSH3DRoot}
		if d := os.Getenv("FLOWBENCH_SH3D_DIR"); d != "" {
			dirs = append(dirs, d)
		}
	}
	seen := map[string]bool{}
	libs := map[string]bool{}
	add := func(p string) {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		if seen[abs] {
			return
		}
		base := filepath.Base(abs)
		a := archiveSrc{Path: abs}
		switch {
		case strings.EqualFold(base, "sweethome3d.jar"):
			a.Library, a.Jar = defaultLibrary, true
		case strings.HasSuffix(strings.ToLower(base), ".sh3f"):
			a.Library = strings.TrimSuffix(base, filepath.Ext(base))
		default:
			return
		}
		if libs[a.Library] { // the same library found twice (two install dirs): keep the first
			return
		}
		seen[abs] = true
		if _, err := checkArchive(abs); err != nil {
			skipped = append(skipped, skippedArchive{Path: abs, Err: err})
			return
		}
		libs[a.Library] = true
		out = append(out, a)
	}
	for _, d := range dirs {
		st, err := os.Stat(d)
		if err != nil {
			continue
		}
		if !st.IsDir() {
			add(d)
			continue
		}
		for _, sub := range []string{d, filepath.Join(d, "furniture")} {
			if st, err := os.Stat(sub); err != nil || !st.IsDir() {
				continue // only a directory is listed, checked before it is opened
			}
			ents, err := os.ReadDir(sub)
			if err != nil {
				continue
			}
			for _, e := range ents {
				if !e.IsDir() {
					add(filepath.Join(sub, e.Name()))
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Library < out[j].Library })
	return out, skipped
}

// zipIndex maps normalised names (no leading '/', forward slashes) of a zip
// to its files, with a case-insensitive fallback.
type zipIndex struct {
	files map[string]*zip.File
	lower map[string]*zip.File
}

func newZipIndex(r *zip.Reader) *zipIndex {
	z := &zipIndex{files: map[string]*zip.File{}, lower: map[string]*zip.File{}}
	for _, f := range r.File {
		n := cleanZipPath(f.Name)
		z.files[n] = f
		z.lower[strings.ToLower(n)] = f
	}
	return z
}

func cleanZipPath(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	p = path.Clean("/" + p)
	return strings.TrimPrefix(p, "/")
}

func (z *zipIndex) lookup(p string) *zip.File {
	p = cleanZipPath(p)
	if f := z.files[p]; f != nil {
		return f
	}
	return z.lower[strings.ToLower(p)]
}

// onlyMTL returns the only .mtl file of a directory, "" if none or several.
func (z *zipIndex) onlyMTL(dir string) string {
	found := ""
	for n := range z.files {
		if path.Dir(n) == dir && strings.EqualFold(path.Ext(n), ".mtl") {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}

// read returns the decompressed bytes of entry p, refusing it with
// errOverCap when it is larger than limit bytes: by the size its header
// declares, or, should the header lie, by the bytes actually decompressed
// (read through an io.LimitReader, so no more than limit+1 are ever held).
func (z *zipIndex) read(p string, limit int64) ([]byte, error) {
	f := z.lookup(p)
	if f == nil {
		return nil, fmt.Errorf("%s: not in the archive", p)
	}
	if f.UncompressedSize64 > uint64(limit) {
		return nil, fmt.Errorf("%s: declares %d bytes, %w of %d bytes", p, f.UncompressedSize64, errOverCap, limit)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	defer rc.Close()
	buf, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if int64(len(buf)) > limit {
		return nil, fmt.Errorf("%s: decompresses to more than %d bytes (its header declares %d), %w", p, limit, f.UncompressedSize64, errOverCap)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return buf, nil
}

// licenseSummary condenses an archive's licence texts to a short tag.
func licenseSummary(key, text string) string {
	k := strings.ToLower(key)
	t := strings.ToLower(text)
	switch {
	case strings.Contains(k, "gpl"):
		return "GPL / CC-BY 3.0"
	case strings.Contains(k, "public domain") || strings.Contains(t, "creative commons zero") || strings.Contains(t, "publicdomain/zero") || strings.Contains(t, "choose/zero"):
		return "CC0"
	case strings.Contains(k+t, "3.0 united states") || strings.Contains(t, "by/3.0/us"):
		return "CC-BY 3.0 US"
	case strings.Contains(k+t, "attribution 3.0") || strings.Contains(t, "by/3.0"):
		return "CC-BY 3.0"
	case strings.Contains(k+t, "attribution 4.0") || strings.Contains(t, "by/4.0"):
		return "CC-BY 4.0"
	case key != "":
		return key
	}
	return "unknown"
}

// readCatalog parses the furniture (and for the jar, texture) catalog of one
// archive. Problems with single entries become warnings.
func readCatalog(a archiveSrc, ai int, z *zipIndex) (entries []Entry, texs []SurfaceTexture, texPaths []string, warns []string, err error) {
	catName := pluginCatalog
	if a.Jar {
		catName = jarCatalog
	}
	data, err := z.read(catName, caps.catalog)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("archive %s: catalog: %w", a.Path, err)
	}
	props := parseProperties(data)
	var licText string
	if b, err := z.read("LICENSE.TXT", caps.catalog); err == nil && !a.Jar {
		licText = string(b)
	}
	license := licenseSummary(props["license"], licText)
	for n := 1; ; n++ {
		suf := "#" + strconv.Itoa(n)
		id, ok := props["id"+suf]
		if !ok {
			if _, more := props["model"+suf]; !more && n > 1 && !hasIndexAbove(props, n) {
				break
			}
			if _, has := props["model"+suf]; !has {
				continue
			}
			id = "entry" + strconv.Itoa(n)
		}
		e := Entry{Library: a.Library, ID: id, Key: a.Library + ":" + id, archive: ai, License: license,
			Name: props["name"+suf], Category: props["category"+suf], Creator: props["creator"+suf]}
		if e.Name == "" {
			e.Name = id
		}
		for _, t := range strings.Split(props["tags"+suf], ",") {
			if t = strings.TrimSpace(t); t != "" {
				e.Tags = append(e.Tags, t)
			}
		}
		e.ModelPath = cleanZipPath(props["model"+suf])
		if props["model"+suf] == "" {
			warns = append(warns, fmt.Sprintf("%s: entry %s: no model", a.Library, id))
			continue
		}
		var dims [3]float64
		bad := ""
		for k, name := range []string{"width", "height", "depth"} {
			v, err := strconv.ParseFloat(strings.TrimSpace(props[name+suf]), 64)
			if err != nil || !(v > 0) || v > 1e5 {
				bad = fmt.Sprintf("bad %s %q", name, props[name+suf])
				break
			}
			dims[k] = v / 100
		}
		if bad != "" {
			warns = append(warns, fmt.Sprintf("%s: entry %s: %s", a.Library, id, bad))
			continue
		}
		e.Size = sim.Vec3{dims[0], dims[1], dims[2]}
		if s, ok := props["dropOnTopElevation"+suf]; ok {
			if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && v > 0 && v/100 < e.Size[1] {
				e.DropOnTop = v / 100
			}
		}
		e.Movable = parseBool(props["movable"+suf], true)
		e.DoorOrWindow = parseBool(props["doorOrWindow"+suf], false)
		_, e.Light = props["lightSourceX"+suf]
		if s, ok := props["modelRotation"+suf]; ok {
			f := strings.Fields(s)
			var m [9]float64
			okRot := len(f) == 9
			for i := 0; okRot && i < 9; i++ {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil || v != v {
					okRot = false
				}
				m[i] = v
			}
			if !okRot {
				warns = append(warns, fmt.Sprintf("%s: entry %s: bad modelRotation %q", a.Library, id, s))
				continue
			}
			e.rotation = &m
		}
		entries = append(entries, e)
	}
	if !a.Jar {
		return entries, nil, nil, warns, nil
	}
	tdata, err := z.read(jarTextures, caps.catalog)
	if err != nil {
		warns = append(warns, fmt.Sprintf("%s: textures catalog: %v", a.Library, err))
		return entries, nil, nil, warns, nil
	}
	tp := parseProperties(tdata)
	tlicense := licenseSummary(tp["license"], "")
	for n := 1; ; n++ {
		suf := "#" + strconv.Itoa(n)
		id, ok := tp["id"+suf]
		if !ok {
			break
		}
		w, err1 := strconv.ParseFloat(strings.TrimSpace(tp["width"+suf]), 64)
		h, err2 := strconv.ParseFloat(strings.TrimSpace(tp["height"+suf]), 64)
		if err1 != nil || err2 != nil || !(w > 0) || !(h > 0) || tp["image"+suf] == "" {
			warns = append(warns, fmt.Sprintf("%s: texture %s: bad size or image", a.Library, id))
			continue
		}
		texs = append(texs, SurfaceTexture{Key: a.Library + ":" + id, Name: tp["name"+suf], Category: tp["category"+suf],
			Size: [2]float64{w / 100, h / 100}, Creator: tp["creator"+suf], License: tlicense})
		texPaths = append(texPaths, cleanZipPath(tp["image"+suf]))
	}
	return entries, texs, texPaths, warns, nil
}

// hasIndexAbove reports whether any "id#k" or "model#k" with k > n exists
// (catalogs may skip numbers).
func hasIndexAbove(props map[string]string, n int) bool {
	for k := n + 1; k < n+50; k++ {
		s := "#" + strconv.Itoa(k)
		if _, ok := props["id"+s]; ok {
			return true
		}
		if _, ok := props["model"+s]; ok {
			return true
		}
	}
	return false
}

func parseBool(s string, def bool) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true":
		return true
	case "false":
		return false
	}
	return def
}
