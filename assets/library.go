package assets

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"flowbench/sim"
)

// ErrNoAssets is returned by Open and Build when no archive is found.
var ErrNoAssets = errors.New("assets: no Sweet Home 3D archives found")

// Options says where the archives and the cache are.
type Options struct {
	// Dirs lists .sh3f files, sweethome3d.jar files, or directories holding
	// them (directly or in a furniture/ subdirectory). Empty means
	// /usr/share/sweethome3d and $FLOWBENCH_SH3D_DIR.
	Dirs []string
	// CacheDir defaults to $XDG_CACHE_HOME/flowbench or ~/.cache/flowbench.
	CacheDir string
	Log      *slog.Logger
	// Workers bounds Build's parallelism (default min(GOMAXPROCS, 2)).
	Workers int
}

// Library is the set of catalog entries of the archives found, with their
// models loaded lazily from the cache (built on first use when missing).
type Library struct {
	Entries  []Entry          // sorted by Key
	Textures []SurfaceTexture // the jar's floor and wall textures
	Hash     string           // identifies the sources and the format: the cache is <CacheDir>/assets-<Hash>
	Warnings []string         // skipped models and textures known when Open or Build returned

	dir      string
	archives []archiveSrc
	log      *slog.Logger
	slots    map[string]*slot

	mu       sync.Mutex
	zips     []*zipHandle
	texMaps  []map[string]*texSlot
	shared   map[string]*sim.Texture
	lateWarn []string
	skipped  []string // archives refused before opening (findArchives, sourceHash)
}

type slot struct {
	once  sync.Once
	entry *Entry
	file  string
	md    *sim.Model
	err   error
}

type zipHandle struct {
	once sync.Once
	f    *os.File
	idx  *zipIndex
	err  error
}

type texSlot struct {
	once sync.Once
	tex  *sim.Texture
	cut  bool
	err  error
}

// indexFile is the cache's index (gob).
type indexFile struct {
	Version  string
	Hash     string
	Archives []archiveSrc
	Entries  []indexEntry
	Textures []SurfaceTexture // without pixels: those are in textures.bin
	Warnings []string
	Complete bool // every model was built (by Build)
}

type indexEntry struct {
	E        Entry
	Rotation []float64
	Archive  int
	Err      string // why the model could not be built (Complete indexes)
}

const (
	indexName    = "index.gob"
	texturesName = "textures.bin"
)

func (o *Options) defaults() {
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.CacheDir == "" {
		if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
			o.CacheDir = filepath.Join(x, "flowbench")
		} else if h, err := os.UserHomeDir(); err == nil {
			o.CacheDir = filepath.Join(h, ".cache", "flowbench")
		} else {
			o.CacheDir = filepath.Join(os.TempDir(), "flowbench-cache")
		}
	}
	if o.Workers <= 0 {
		o.Workers = min(runtime.GOMAXPROCS(0), 2)
	}
}

// modelFile names an entry's cache file.
func modelFile(key string) string {
	h := sha256.Sum256([]byte(key))
	return "m-" + hex.EncodeToString(h[:12])
}

// Open finds the archives, and reads the cache index, or builds it from the
// archives' catalogs (models are then built lazily, on first use). It
// returns ErrNoAssets when there is no archive.
func Open(opts Options) (*Library, error) {
	opts.defaults()
	archives, skipped := findArchives(opts.Dirs)
	if len(archives) > 0 {
		if err := os.MkdirAll(opts.CacheDir, 0o755); err != nil {
			return nil, fmt.Errorf("assets: cache directory: %w", err)
		}
	}
	var hash string
	var more []skippedArchive
	if len(archives) > 0 {
		hash, archives, more = sourceHash(archives, opts.CacheDir)
		skipped = append(skipped, more...)
	}
	var skipWarns []string
	for _, sk := range skipped {
		opts.Log.Warn("assets: archive skipped", "archive", sk.Path, "err", sk.Err)
		skipWarns = append(skipWarns, sk.Err.Error())
	}
	if len(archives) == 0 {
		if len(skipWarns) > 0 {
			return nil, fmt.Errorf("%w (%s)", ErrNoAssets, strings.Join(skipWarns, "; "))
		}
		return nil, ErrNoAssets
	}
	dir := filepath.Join(opts.CacheDir, "assets-"+hash)
	l := &Library{Hash: hash, dir: dir, archives: archives, log: opts.Log, shared: map[string]*sim.Texture{}, skipped: skipWarns}
	l.zips = make([]*zipHandle, len(archives))
	l.texMaps = make([]map[string]*texSlot, len(archives))
	for i := range archives {
		l.zips[i] = &zipHandle{}
		l.texMaps[i] = map[string]*texSlot{}
	}
	idx, err := l.readIndex()
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			opts.Log.Warn("assets: cache index unreadable, rebuilding it", "file", filepath.Join(dir, indexName), "err", err)
		}
		idx, err = l.makeIndex()
		if err != nil {
			return nil, err
		}
	}
	l.fromIndex(idx)
	return l, nil
}

func (l *Library) fromIndex(idx *indexFile) {
	l.Entries = l.Entries[:0]
	l.Warnings = append(append([]string(nil), l.skipped...), idx.Warnings...)
	l.slots = map[string]*slot{}
	for _, ie := range idx.Entries {
		if ie.Err != "" {
			l.Warnings = append(l.Warnings, fmt.Sprintf("%s: entry %s: %s", ie.E.Library, ie.E.ID, ie.Err))
			continue
		}
		e := ie.E
		e.archive = ie.Archive
		if len(ie.Rotation) == 9 {
			var r [9]float64
			copy(r[:], ie.Rotation)
			e.rotation = &r
		}
		l.Entries = append(l.Entries, e)
	}
	sort.Slice(l.Entries, func(i, j int) bool { return l.Entries[i].Key < l.Entries[j].Key })
	for i := range l.Entries {
		e := &l.Entries[i]
		l.slots[e.Key] = &slot{entry: e, file: filepath.Join(l.dir, modelFile(e.Key))}
	}
}

func (l *Library) readIndex() (*indexFile, error) {
	name := filepath.Join(l.dir, indexName)
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var idx indexFile
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&idx); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if idx.Version != formatVersion || idx.Hash != l.Hash {
		return nil, fmt.Errorf("%s: version or hash mismatch", name)
	}
	texs, err := readTextures(filepath.Join(l.dir, texturesName), len(idx.Textures))
	if err != nil {
		return nil, err
	}
	for i := range idx.Textures {
		idx.Textures[i].Texture = l.share(texs[i])
	}
	l.Textures = idx.Textures
	return &idx, nil
}

func readTextures(name string, n int) ([]*sim.Texture, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	raw, err := decompress(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := &dec{b: raw}
	if c := int(d.u32()); c != n {
		return nil, fmt.Errorf("%s: %d textures, the index has %d", name, c, n)
	}
	out := make([]*sim.Texture, n)
	for i := range out {
		out[i] = decodeTexture2(d)
	}
	if d.err != nil {
		return nil, fmt.Errorf("%s: %w", name, d.err)
	}
	return out, nil
}

// makeIndex reads every archive's catalog and the jar's textures and writes
// the index.
func (l *Library) makeIndex() (*indexFile, error) {
	idx := &indexFile{Version: formatVersion, Hash: l.Hash, Archives: l.archives}
	texData := []*sim.Texture{} // non-nil: textures.bin is written even when empty
	for ai, a := range l.archives {
		z, err := l.zip(ai)
		if err != nil {
			idx.Warnings = append(idx.Warnings, err.Error())
			l.log.Warn("assets: archive skipped", "archive", a.Path, "err", err)
			continue
		}
		entries, texs, texPaths, warns, err := readCatalog(a, ai, z)
		if err != nil {
			idx.Warnings = append(idx.Warnings, err.Error())
			l.log.Warn("assets: archive skipped", "archive", a.Path, "err", err)
			continue
		}
		idx.Warnings = append(idx.Warnings, warns...)
		seen := map[string]bool{}
		for _, e := range entries {
			if seen[e.Key] {
				idx.Warnings = append(idx.Warnings, fmt.Sprintf("%s: entry %s: duplicate id, skipped", e.Library, e.ID))
				continue
			}
			seen[e.Key] = true
			ie := indexEntry{E: e, Archive: ai}
			if e.rotation != nil {
				ie.Rotation = e.rotation[:]
			}
			idx.Entries = append(idx.Entries, ie)
		}
		for i, t := range texs {
			src, err := z.read(texPaths[i], caps.entry)
			var tex *sim.Texture
			if err == nil {
				tex, _, err = decodeTexture(src)
			}
			if err != nil {
				idx.Warnings = append(idx.Warnings, fmt.Sprintf("%s: texture %s: %v", a.Library, t.Key, err))
				continue
			}
			idx.Textures = append(idx.Textures, t)
			texData = append(texData, tex)
		}
	}
	if len(idx.Entries) == 0 && len(idx.Textures) == 0 {
		return nil, fmt.Errorf("%w (no readable catalog: %s)", ErrNoAssets, strings.Join(idx.Warnings, "; "))
	}
	for i := range idx.Textures {
		idx.Textures[i].Texture = l.share(texData[i])
	}
	l.Textures = idx.Textures
	if err := l.writeIndex(idx, texData); err != nil {
		l.log.Warn("assets: cannot write the cache index", "dir", l.dir, "err", err)
	}
	return idx, nil
}

func (l *Library) writeIndex(idx *indexFile, texData []*sim.Texture) error {
	if err := os.MkdirAll(l.dir, 0o755); err != nil {
		return err
	}
	if texData != nil {
		var e enc
		e.u32(uint32(len(texData)))
		for _, t := range texData {
			encodeTexture(&e, t)
		}
		b, err := compress(e.b)
		if err != nil {
			return err
		}
		if err := sim.WriteFileAtomic(filepath.Join(l.dir, texturesName), b); err != nil {
			return err
		}
	}
	saved := make([]SurfaceTexture, len(idx.Textures))
	copy(saved, idx.Textures)
	for i := range saved {
		saved[i].Texture = nil
	}
	cp := *idx
	cp.Textures = saved
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&cp); err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(l.dir, indexName), buf.Bytes())
}

// zip opens archive ai once, through openArchive (a regular file within
// caps.archive).
func (l *Library) zip(ai int) (*zipIndex, error) {
	h := l.zips[ai]
	h.once.Do(func() {
		p := l.archives[ai].Path
		f, size, err := openArchive(p)
		if err != nil {
			h.err = err
			return
		}
		r, err := zip.NewReader(f, size)
		if err != nil {
			f.Close()
			h.err = fmt.Errorf("archive %s: %w", p, err)
			return
		}
		h.f, h.idx = f, newZipIndex(r)
	})
	return h.idx, h.err
}

// Close releases the open archives. Models already loaded stay valid.
func (l *Library) Close() error {
	for _, h := range l.zips {
		h.once.Do(func() {}) // no later open
		if h.f != nil {
			h.f.Close()
		}
	}
	return nil
}

// share returns the library's copy of a texture with the same hash.
func (l *Library) share(t *sim.Texture) *sim.Texture {
	if t == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.shared[t.Hash]; ok {
		return s
	}
	l.shared[t.Hash] = t
	return t
}

func (l *Library) texLoader(ai int, z *zipIndex) texLoader {
	return func(p string) (*sim.Texture, bool, error) {
		l.mu.Lock()
		m := l.texMaps[ai]
		if m == nil {
			m = map[string]*texSlot{}
			l.texMaps[ai] = m
		}
		ts := m[p]
		if ts == nil {
			ts = &texSlot{}
			m[p] = ts
		}
		l.mu.Unlock()
		ts.once.Do(func() {
			src, err := z.read(p, caps.entry)
			if err != nil {
				ts.err = err
				return
			}
			ts.tex, ts.cut, ts.err = decodeTexture(src)
			ts.tex = l.share(ts.tex)
		})
		return ts.tex, ts.cut, ts.err
	}
}

// Entry returns the entry of a key.
func (l *Library) Entry(key string) (Entry, bool) {
	s := l.slots[key]
	if s == nil {
		return Entry{}, false
	}
	return *s.entry, true
}

// LateWarnings returns the warnings of models built or found broken after
// Open returned (Library.Warnings holds those known at Open).
func (l *Library) LateWarnings() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lateWarn...)
}

// warn records late warnings; skipped models and corrupt cache files are
// logged at warning level, degraded models (a missing texture) at debug.
func (l *Library) warn(serious bool, ws ...string) {
	if len(ws) == 0 {
		return
	}
	l.mu.Lock()
	l.lateWarn = append(l.lateWarn, ws...)
	l.mu.Unlock()
	for _, w := range ws {
		if serious {
			l.log.Warn("assets: " + w)
		} else {
			l.log.Debug("assets: " + w)
		}
	}
}

// Model returns the model of an entry, loading it from the cache (or
// building and caching it) on first use. It is safe for concurrent use and
// returns the same pointer every time; callers must not modify it.
func (l *Library) Model(key string) (*sim.Model, error) {
	s := l.slots[key]
	if s == nil {
		return nil, fmt.Errorf("assets: unknown model %q", key)
	}
	s.once.Do(func() {
		s.md, s.err = l.load(s)
		if s.err != nil {
			l.warn(true, fmt.Sprintf("%s: entry %s: model skipped: %v", s.entry.Library, s.entry.ID, s.err))
		}
	})
	return s.md, s.err
}

// load reads a model from its cache file, or builds it.
func (l *Library) load(s *slot) (*sim.Model, error) {
	b, err := os.ReadFile(s.file + ".bin")
	if err == nil {
		md, derr := decodeModel(b, l.share)
		if derr == nil {
			return md, nil
		}
		l.warn(true, fmt.Sprintf("cache file %s is corrupt (%v): rebuilding %s", s.file+".bin", derr, s.entry.Key))
	} else if b, err := os.ReadFile(s.file + ".err"); err == nil {
		return nil, errors.New(string(b))
	}
	md, warns, _, err := l.buildRecovered(s)
	l.warn(false, warns...)
	return md, err
}

// buildRecovered is build with a panic (a reader bug met on some malformed
// model) turned into that model's error, so the model is skipped with a
// warning naming it instead of ending the process.
func (l *Library) buildRecovered(s *slot) (md *sim.Model, warns []string, src int, err error) {
	defer func() {
		if p := recover(); p != nil {
			md, err = nil, fmt.Errorf("%s: internal error while reading the model: %v", s.entry.Key, p)
		}
	}()
	return l.build(s)
}

// build makes an entry's model from its archive and writes its cache file
// (or, when it cannot be built, a .err file holding the reason).
func (l *Library) build(s *slot) (*sim.Model, []string, int, error) {
	e := s.entry
	a := l.archives[e.archive]
	z, err := l.zip(e.archive)
	if err != nil {
		return nil, nil, 0, err
	}
	md, warns, srcTris, err := buildModel(z, e, l.texLoader(e.archive, z))
	if err != nil {
		err = fmt.Errorf("archive %s: entry %s: %w", a.Path, e.ID, err)
		if werr := os.MkdirAll(l.dir, 0o755); werr == nil {
			_ = sim.WriteFileAtomic(s.file+".err", []byte(err.Error()))
		}
		return nil, warns, srcTris, err
	}
	if b, eerr := encodeModel(md); eerr == nil {
		if werr := os.MkdirAll(l.dir, 0o755); werr == nil {
			werr = sim.WriteFileAtomic(s.file+".bin", b)
			if werr != nil {
				l.log.Warn("assets: cannot write a cache file", "file", s.file+".bin", "err", werr)
			}
		}
	}
	return md, warns, srcTris, nil
}

// ArchiveReport counts what Build did with one archive.
type ArchiveReport struct {
	Library, Path string
	Entries       int // catalog entries
	Built, Cached int // models built now, models already in the cache
	Failed        int // models skipped (see Warnings)
	Warnings      int
	TrisSource    int64 // triangles of the source OBJs (built models)
	TrisLevel     [3]int64
	Levels        [3]int // models having level k
	Duration      time.Duration
	MaxModelTime  time.Duration
	MaxModelKey   string
}

// BuildReport is what Build did.
type BuildReport struct {
	Archives   []ArchiveReport
	Entries    int
	Built      int
	Cached     int
	Failed     int
	Textures   int // floor/wall textures
	Duration   time.Duration
	CacheDir   string
	CacheBytes int64
	Removed    []string // caches of older format versions removed
	Warnings   []string
}

// Build opens the library and builds every model not yet in the cache,
// then marks the cache complete (failed models leave Entries and become
// Warnings).
func Build(opts Options) (*Library, BuildReport, error) {
	opts.defaults()
	start := time.Now()
	l, err := Open(opts)
	if err != nil {
		return nil, BuildReport{}, err
	}
	rep := BuildReport{CacheDir: l.dir, Entries: len(l.Entries), Textures: len(l.Textures)}
	rep.Archives = make([]ArchiveReport, len(l.archives))
	for i, a := range l.archives {
		rep.Archives[i] = ArchiveReport{Library: a.Library, Path: a.Path}
	}
	// entries in archive order, so each archive's textures can be dropped when it is done
	order := make([]*slot, 0, len(l.Entries))
	remaining := make([]int, len(l.archives))
	for i := range l.Entries {
		s := l.slots[l.Entries[i].Key]
		order = append(order, s)
		remaining[s.entry.archive]++
		rep.Archives[s.entry.archive].Entries++
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].entry.archive < order[j].entry.archive })
	type result struct {
		s       *slot
		md      *sim.Model
		warns   []string
		src     int
		err     error
		cached  bool
		elapsed time.Duration
	}
	jobs := make(chan *slot)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range jobs {
				t0 := time.Now()
				r := result{s: s}
				if _, err := os.Stat(s.file + ".bin"); err == nil {
					r.cached = true
				} else if b, err := os.ReadFile(s.file + ".err"); err == nil {
					r.err = errors.New(string(b))
				} else {
					r.md, r.warns, r.src, r.err = l.buildRecovered(s)
				}
				r.elapsed = time.Since(t0)
				results <- r
			}
		}()
	}
	go func() {
		for _, s := range order {
			jobs <- s
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	failed := map[string]string{}
	archStart := make([]time.Time, len(l.archives))
	for r := range results {
		ai := r.s.entry.archive
		ar := &rep.Archives[ai]
		if archStart[ai].IsZero() {
			archStart[ai] = time.Now().Add(-r.elapsed)
		}
		ar.Warnings += len(r.warns)
		rep.Warnings = append(rep.Warnings, r.warns...)
		switch {
		case r.err != nil:
			ar.Failed++
			failed[r.s.entry.Key] = r.err.Error()
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: entry %s: model skipped: %v", r.s.entry.Library, r.s.entry.ID, r.err))
			ar.Warnings++
		case r.cached:
			ar.Cached++
		default:
			ar.Built++
			ar.TrisSource += int64(r.src)
			for k, lv := range r.md.Levels {
				if k < 3 {
					ar.TrisLevel[k] += int64(len(lv.Tris))
					ar.Levels[k]++
				}
			}
			if r.elapsed > ar.MaxModelTime {
				ar.MaxModelTime, ar.MaxModelKey = r.elapsed, r.s.entry.Key
			}
		}
		remaining[ai]--
		if remaining[ai] == 0 {
			ar.Duration = time.Since(archStart[ai])
			l.mu.Lock()
			l.texMaps[ai] = nil // the built models hold what they use
			l.mu.Unlock()
			l.log.Info("assets: archive done", "library", ar.Library, "built", ar.Built, "cached", ar.Cached, "failed", ar.Failed, "time", ar.Duration.Round(time.Millisecond))
		}
	}
	for _, ar := range rep.Archives {
		rep.Built += ar.Built
		rep.Cached += ar.Cached
		rep.Failed += ar.Failed
	}
	// rewrite the index, complete
	idx, err := l.readIndex()
	if err != nil {
		return nil, rep, fmt.Errorf("assets: re-reading the cache index: %w", err)
	}
	idx.Complete = true
	for i := range idx.Entries {
		if msg, ok := failed[idx.Entries[i].E.Key]; ok {
			idx.Entries[i].Err = msg
		}
	}
	idx.Warnings = append(idx.Warnings, dropSkipped(rep.Warnings)...)
	if err := l.writeIndex(idx, nil); err != nil {
		return nil, rep, fmt.Errorf("assets: writing the cache index: %w", err)
	}
	l.fromIndex(idx)
	rep.Warnings = l.Warnings
	rep.Removed = removeStaleCaches(opts.CacheDir, l.dir, opts.Log)
	rep.Duration = time.Since(start)
	filepath.WalkDir(l.dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				rep.CacheBytes += fi.Size()
			}
		}
		return nil
	})
	return l, rep, nil
}

// removeStaleCaches removes the assets-* directories of cacheDir, other
// than keep, whose index was written by another format version (they can
// never be used again). Directories without a readable index are left
// alone: another process may be writing them.
func removeStaleCaches(cacheDir, keep string, log *slog.Logger) []string {
	dirs, _ := filepath.Glob(filepath.Join(cacheDir, "assets-*"))
	var removed []string
	for _, d := range dirs {
		if d == keep {
			continue
		}
		b, err := os.ReadFile(filepath.Join(d, indexName))
		if err != nil {
			continue
		}
		var idx struct{ Version string }
		if gob.NewDecoder(bytes.NewReader(b)).Decode(&idx) != nil || idx.Version == formatVersion {
			continue
		}
		if err := os.RemoveAll(d); err == nil {
			removed = append(removed, d)
			log.Info("assets: removed a cache of an older format", "dir", d, "version", idx.Version)
		}
	}
	return removed
}

// dropSkipped drops the model-skipped lines (fromIndex adds them from Err).
func dropSkipped(ws []string) []string {
	var out []string
	for _, w := range ws {
		if strings.Contains(w, ": model skipped: ") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// sourceHash hashes the archives' bytes and the format version. Per-file
// digests are memoised in <cacheDir>/sources.json by path, size and mtime,
// so reopening does not re-read the archives. An archive that cannot be
// read (openArchive refuses it, or reading it fails) is left out of the
// hash and returned as skipped; kept lists the others.
func sourceHash(archives []archiveSrc, cacheDir string) (hash string, kept []archiveSrc, skipped []skippedArchive) {
	type memo struct {
		Size  int64
		MTime int64
		Sum   string
	}
	memoFile := filepath.Join(cacheDir, "sources.json")
	memos := map[string]memo{}
	if b, err := os.ReadFile(memoFile); err == nil {
		_ = json.Unmarshal(b, &memos)
	}
	changed := false
	h := sha256.New()
	io.WriteString(h, formatVersion+"\n")
	for _, a := range archives {
		st, err := checkArchive(a.Path)
		if err != nil {
			skipped = append(skipped, skippedArchive{Path: a.Path, Err: err})
			continue
		}
		m, ok := memos[a.Path]
		if !ok || m.Size != st.Size() || m.MTime != st.ModTime().UnixNano() {
			sum, err := hashArchive(a.Path)
			if err != nil {
				skipped = append(skipped, skippedArchive{Path: a.Path, Err: err})
				continue
			}
			m = memo{Size: st.Size(), MTime: st.ModTime().UnixNano(), Sum: sum}
			memos[a.Path] = m
			changed = true
		}
		fmt.Fprintf(h, "%s\n%s\n", a.Library, m.Sum)
		kept = append(kept, a)
	}
	if changed {
		if b, err := json.MarshalIndent(memos, "", " "); err == nil {
			_ = sim.WriteFileAtomic(memoFile, b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), kept, skipped
}

// hashArchive returns the hex SHA-256 of an archive's bytes, read through
// openArchive and no further than the size it checked.
func hashArchive(p string) (string, error) {
	f, size, err := openArchive(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fh := sha256.New()
	n, err := io.Copy(fh, io.LimitReader(f, size))
	if err == nil && n != size {
		err = fmt.Errorf("read %d of its %d bytes", n, size)
	}
	if err != nil {
		return "", fmt.Errorf("archive %s: %w", p, err)
	}
	return hex.EncodeToString(fh.Sum(nil)), nil
}
