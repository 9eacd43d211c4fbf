package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"flowbench/sim"
)

// Renderer draws one scene repeatedly. It keeps the scene's posed meshes
// (per object and level of detail), the room lights' shadow maps and all
// per-frame work buffers, so rendering the same scene again allocates almost
// nothing. A Renderer is not safe for concurrent use; its Frames are
// independent once returned.
type Renderer struct {
	scene    *sim.Scene
	opts     Options
	lightDir sim.Vec3 // unit direction towards the window light

	// inst[i] is instance id i+1: the scene's objects in order, then the
	// structure meshes.
	inst    []instance
	nObj    int
	ids     []string // instance id → id string (index 0 = "")
	index   map[string]uint16
	classes []uint8 // instance id → class id

	// Draw lists: this frame's meshes (chosen levels of detail) and the
	// shadowLevel meshes the shadow maps are drawn from.
	dl, dlShadow drawList

	// Room lights and their shadow maps.
	lights []roomLight

	// Per-frame work buffers.
	units     []setupUnit
	vbase     []int     // draw-list mesh → first vertex in vcache, -1 for none, vbaseKept
	vcache    []camVert // prepared vertices of the meshes with a vertex cache
	setups    []triSetup
	bins      [][]int32
	wbuf      []float64
	tbuf      []int32
	ssBins    [][]int32
	ssW       []float64
	ssT       []int32
	bandStats [][]ObjectStats
	bandLight []bandLight // per band: shading work memory (shade_band.go)
	lstep     int         // this frame's lightStep
	stepFix   int         // when > 0, lstep for every frame (tests)
	cull      []bool
	needLight []bool

	// Cluster culling (cluster_cull.go): per draw-list mesh with clusters,
	// the first of its clusters' flags in alive (true: set up in the
	// current set-up pass), -1 for a mesh set up whole.
	alive []bool
	abase []int
	// tbits marks, from word tbase[i] on, the triangles of mesh i that
	// cullClusters kept (bit j: triangle j), for setupClusters to walk in
	// triangle order without visiting the dropped ones.
	tbits []uint64
	tbase []int

	// Occlusion culling (occlusion.go): per instance, hidden behind the
	// structure in the current view; honoured by setupAll while occActive.
	occluded  []bool
	occActive bool
	occSetups []triSetup
	occBins   [][]int32
	occW      []float64
	cover     []bool // CoverBound's pixels covered so far
	occT      []int32
	occMin    []float64
	occView   *view
	// occMin was drawn for occCacheView (valid while occCached).
	occCacheView view
	occCached    bool
	// occForce runs the structure pass whatever occlusionPays says (tests).
	occForce bool

	// Shadow-map work buffers.
	shSetups []triSetup
	shBins   [][]int32
	shW      []float64
	shT      []int32
	shFace   *shadowFace
	shRect   *texRect // the texels a partial face rebuild redraws (nil: all)
	staleBuf []texRect

	// State of the phase being run by parallel.
	frame  *Frame
	cur    *view
	curDL  *drawList
	curSet []triSetup
	curAll bool // draw every triangle two-sided (shadow maps)
	v, sv  view
	bandsN int

	// Label cache (label_cache.go): this frame's bands of each mesh, the
	// bands to rasterise, and the cached labels.
	tb0, tb1   []int32
	tx0, tx1   []int32
	dirty      []bool
	lspans     [][]colSpan // per band, the column spans to rasterise (lspansOn)
	lspansOn   bool        // the dirty bands are rasterised in r.lspans only
	cacheOn    bool        // this frame uses and keeps the label cache
	fuseFlat   bool        // the raster pass writes the flat colours (flat_fused.go)
	fused      []bool      // per band, its colours were written by the raster pass
	keepSetups bool        // setupAll may keep unchanged meshes' set-ups (a frame's main view)
	lc         labelCache
	memo       frameMemo // recent RGB frames (frame_memo.go)
	// Incremental shading (shade_incremental.go): 1 + the memo slot of the
	// last frame drawn when it was an RGB frame (0: none); the slot this
	// frame keeps colours from (nil: none); per band, the columns to shade.
	memoLast    int
	incSlot     *memoSlot
	incremental bool
	spans       [][]colSpan  // per band, the columns shaded (shade_spans.go)
	wspans      [][]colSpan  // widenSpans' copy
	hitCols     []bool       // markLitPixels' marked columns of a band
	hullPts     [][2]float64 // markHullBands' work buffer
	pyrs        []pyramid    // shadow pyramids markLitPixels refines
	hdirty      []bool       // per band, the pyramids' projections
	hx0, hx1    []int32

	// Last frame's counters, for benchmarks: the draw list's triangles, the
	// triangles of the meshes not culled whole, those set up (after cluster
	// culling) and those whose set-up survived.
	lastTris    int
	inMesh      int // setupAll's triangles of the meshes not culled whole
	lastInMesh  int
	lastSetUp   int
	lastVisible int
	// shadowRestores counts lights whose shadow maps came back from the
	// previous state (shadow_cache.go), for tests.
	shadowRestores int
	// partialFaces counts shadow faces redrawn only where objects moved
	// (shadow_partial.go), for tests.
	partialFaces int
	// incFrames counts frames shaded incrementally, incKept their bands
	// kept whole from the last frame (shade_incremental.go), for tests.
	incFrames, incKept int
}

// instance is one mesh of the scene: an object (all its levels of detail)
// or a structure mesh.
type instance struct {
	levels []meshEntry // objects: one per model level (1 for primitives); structure: 1
	key    poseKey
	box    sim.AABB // the object's box at pose key (it bounds every level)
	light  int      // index of the room light that lights it, -1 for none
}

// meshEntry is one posed mesh with its per-triangle shading data.
type meshEntry struct {
	mesh   sim.Mesh
	color  [][4]uint8   // flat Lambert colour (LightFlat)
	normal [][3]float32 // unit front normal
	valid  bool
	gen    uint64 // incremented each time the mesh is posed (label cache)
	shaded bool   // color and normal are filled (ensureShading)
	// Posed model levels (compact_mesh.go): mesh.Tris and mesh.Attrs are
	// nil and triangle j's corners are verts[vidx[j].V[k]], with normals
	// vnorm and UVs vuv at the same indices; ntri is the triangle count.
	// vidx is nil for other meshes (primitives, structure).
	vidx  []sim.ModelTri
	verts []sim.Vec3
	ntri  int
	vnorm []sim.Vec3
	vuv   [][2]float32
	// Posed model levels: the level's clusters and their world bounds
	// (clusters.go); nil for other meshes.
	clusters *levelClusters
	cbounds  []clusterBounds
	// With a hierarchy (Options.ClusterLOD): each cluster's own and
	// parent group's error and sphere, posed (cluster_lod.go); vidx then
	// holds the coarser clusters' triangles after the level's ntri.
	lself, lparent []lodBound
}

// drawList lists one mesh per instance and, after setupAll, where their
// set-ups lie in its set-up array.
type drawList struct {
	mesh  []*meshEntry // instance id - 1 → mesh
	start []int        // instance id - 1 → first set-up (setupAll); len = instances + 1
	tris  int          // the meshes' triangles, culled or not
}

// poseKey is everything ObjectMeshLevel depends on.
type poseKey struct {
	pos   sim.Vec3
	yaw   float64
	size  sim.Vec3
	shape sim.ShapeKind
	color sim.RGB
	model *sim.Model
}

func keyOf(o *sim.Object) poseKey {
	return poseKey{o.Position, o.Yaw, o.Size, o.Shape, o.Color, o.Model}
}

// MaxInstances is the largest number of meshes (objects plus structure
// meshes) a scene may have, so that instance ids fit in a uint16.
const MaxInstances = math.MaxUint16

// New returns a renderer for the scene. Structure meshes are built once;
// object meshes follow the objects' poses (see Update).
func New(scene *sim.Scene, opts Options) (*Renderer, error) {
	if scene == nil {
		return nil, errors.New("render: nil scene")
	}
	r := &Renderer{scene: scene, opts: opts.withDefaults()}
	r.lightDir = r.opts.LightDir.Normalize()
	if err := r.rebuildAll(); err != nil {
		return nil, err
	}
	return r, nil
}

// Scene returns the scene the renderer draws.
func (r *Renderer) Scene() *sim.Scene { return r.scene }

// IDTable returns the instance id table shared by all frames of the current
// scene layout (index 0 = ""). It must not be modified.
func (r *Renderer) IDTable() []string { return r.ids }

// Update notes the objects' current poses. Render calls it itself. Posed
// meshes are cached per (object, level of detail) and re-posed only when the
// object moved, turned, or changed size, shape, colour or model; any such
// change also marks the shadow maps for rebuilding. Adding or removing
// objects rebuilds the id table.
func (r *Renderer) Update() error {
	if len(r.scene.Objects) != r.nObj {
		return r.rebuildAll()
	}
	for i, o := range r.scene.Objects {
		if o.ID != r.ids[i+1] {
			return r.rebuildAll()
		}
		k := keyOf(o)
		in := &r.inst[i]
		if k == in.key {
			continue
		}
		if k.model != in.key.model {
			in.levels = make([]meshEntry, max(1, o.Model.LevelCount()))
		}
		for l := range in.levels {
			in.levels[l].valid = false
		}
		box := o.AABB()
		r.invalidateShadows(in.box, box)
		in.key, in.box = k, box
		in.light = r.lightOf(o.Position)
	}
	return nil
}

// rebuildAll rebuilds the instance table, the id table and the lights.
func (r *Renderer) rebuildAll() error {
	s := r.scene
	structs := sim.StructureMeshes(s)
	n := len(s.Objects) + len(structs)
	if n > MaxInstances {
		return fmt.Errorf("render: scene has %d meshes, more than the %d instance ids available", n, MaxInstances)
	}
	r.lights = makeLights(s)
	r.occCached = false
	r.lc.ok, r.lc.setupsOK = false, false
	r.memo.reset()
	r.memoLast = 0
	typeIndex := map[string]int{}
	for i, t := range s.Catalog.Types() {
		typeIndex[t] = i
	}
	r.nObj = len(s.Objects)
	r.inst = make([]instance, n)
	r.ids = make([]string, 1, n+1)
	r.classes = make([]uint8, 1, n+1)
	r.index = make(map[string]uint16, n)
	for i, o := range s.Objects {
		in := &r.inst[i]
		in.levels = make([]meshEntry, max(1, o.Model.LevelCount()))
		in.key = keyOf(o)
		in.box = o.AABB()
		in.light = r.lightOf(o.Position)
		r.ids = append(r.ids, o.ID)
		m := sim.Mesh{Kind: sim.MeshObject}
		r.classes = append(r.classes, classOf(&m, o.Type, typeIndex))
	}
	for j := range structs {
		m := &structs[j]
		in := &r.inst[len(s.Objects)+j]
		in.levels = []meshEntry{{}}
		r.fillEntry(&in.levels[0], *m)
		in.light = r.structureLight(m)
		r.ids = append(r.ids, m.ID)
		r.classes = append(r.classes, classOf(m, "", typeIndex))
	}
	for i := 1; i < len(r.ids); i++ {
		if _, dup := r.index[r.ids[i]]; dup {
			return fmt.Errorf("render: duplicate mesh id %q", r.ids[i])
		}
		r.index[r.ids[i]] = uint16(i)
	}
	r.dl = drawList{mesh: make([]*meshEntry, n), start: make([]int, n+1)}
	r.dlShadow = drawList{mesh: make([]*meshEntry, n), start: make([]int, n+1)}
	r.cull = make([]bool, n)
	r.needLight = make([]bool, len(r.lights))
	return nil
}

// entry returns the posed mesh of object instance i (index) at level lvl,
// posing it when its cache is stale.
func (r *Renderer) entry(i, lvl int) *meshEntry {
	in := &r.inst[i]
	lvl = min(max(lvl, 0), len(in.levels)-1)
	e := &in.levels[lvl]
	if !e.valid && i < r.nObj {
		o := r.scene.Objects[i]
		if !r.poseCompact(e, o, lvl) {
			r.fillEntry(e, sim.ObjectMeshLevel(o, lvl))
		}
	}
	return e
}

// fillEntry stores a posed mesh and its per-triangle shading data.
func (r *Renderer) fillEntry(e *meshEntry, m sim.Mesh) {
	e.mesh = m
	e.gen++
	e.vidx = nil
	e.vnorm, e.vuv, e.ntri = nil, nil, 0
	e.clusters = nil
	e.lself, e.lparent = e.lself[:0], e.lparent[:0]
	e.shaded = false
	if m.Attrs != nil && len(m.Attrs) != len(m.Tris) {
		e.mesh.Attrs = nil // malformed: draw flat
	}
	e.valid = true
}

// ensureShading computes e's per-triangle shading data (flat colours and
// unit normals) if it has not been since the mesh was posed: only frames
// with RGB need it, label-only frames never pay for it.
func (r *Renderer) ensureShading(e *meshEntry) {
	if e.shaded {
		return
	}
	m := &e.mesh
	n := e.triCount()
	if e.compact() {
		n = len(e.vidx) // with the coarser clusters' triangles
	}
	e.color = grow(e.color, n)
	e.normal = grow(e.normal, n)
	for j := range n {
		tv := e.tri(j)
		t := &tv
		e.color[j] = shadeColor(m.Color, t, r.lightDir, r.opts.Ambient, r.opts.Diffuse)
		n := t.Normal()
		if ln := n.Len(); ln > 0 {
			n = n.Mul(1 / ln)
		}
		e.normal[j] = [3]float32{float32(n[0]), float32(n[1]), float32(n[2])}
	}
	e.shaded = true
}

// prepareLists chooses each object's level of detail for cam and fills the
// frame's draw list.
func (r *Renderer) prepareLists(cam *sim.Camera) {
	total := 0
	_, _, fwd := cam.Basis()
	for i := range r.inst {
		lvl := 0
		if i < r.nObj {
			lvl = r.chooseLevel(r.scene.Objects[i], cam, fwd)
		}
		e := r.entry(i, lvl)
		r.dl.mesh[i] = e
		total += e.triCount()
	}
	r.dl.tris = total
}

// shadowLevel is the model level shadow maps are drawn with: shadows need
// the shape, not the detail, and the coarser mesh makes a cube face several
// times cheaper.
const shadowLevel = 1

// prepareShadowCasters fills the draw list of the shadow maps: every model
// at shadowLevel (or its coarsest level, when it has fewer).
func (r *Renderer) prepareShadowCasters() {
	total := 0
	for i := range r.inst {
		e := r.entry(i, shadowLevel)
		r.dlShadow.mesh[i] = e
		total += e.triCount()
	}
	r.dlShadow.tris = total
}

// shadeColor applies the Lambert model to a triangle of a mesh colour.
func shadeColor(c sim.RGB, t *sim.Triangle, l sim.Vec3, ambient, diffuse float64) [4]uint8 {
	n := t.Normal()
	lambert := 0.0
	if nl := n.Len(); nl > 0 {
		lambert = math.Max(0, n.Dot(l)/nl)
	}
	k := t.Shade * (ambient + diffuse*lambert)
	ch := func(x float64) uint8 {
		return uint8(math.Round(255 * math.Max(0, math.Min(1, x*k))))
	}
	return [4]uint8{ch(c.R), ch(c.G), ch(c.B), 255}
}

// grow returns s resized to n, reusing its storage when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// Render draws the scene from cam into a new Frame.
func (r *Renderer) Render(cam sim.Camera) (*Frame, error) {
	f := &Frame{}
	if err := r.RenderInto(cam, f); err != nil {
		return nil, err
	}
	return f, nil
}

// RenderInto draws the scene from cam into f, reusing f's buffers when they
// already have the camera's size. With Workers = 1 and an unchanged scene it
// does not allocate.
//
// A frame is drawn in phases: level-of-detail choice; triangle set-up and
// binning; visibility at pixel centres (depth, ids, classes, stats); shadow
// maps of the room lights the visible meshes need, when stale; shading
// (with edge anti-aliasing), or full supersampling.
func (r *Renderer) RenderInto(cam sim.Camera, f *Frame) error {
	return r.renderInto(cam, f, r.opts.SkipRGB, nil)
}

// RenderLabelsInto draws only depth, ids, classes and stats into f (as
// Options.SkipRGB does, for this frame only): exactly the labels RenderInto
// draws, without the cost of shading. f.RGB is left as it was (a nil image
// stays nil; one of another size is resized).
func (r *Renderer) RenderLabelsInto(cam sim.Camera, f *Frame) error {
	return r.renderInto(cam, f, true, nil)
}

// renderInto draws a frame: labels only with skipRGB; otherwise with RGB,
// shaded, or, when adopt is not nil, copied from adopt (frame_adopt.go).
func (r *Renderer) renderInto(cam sim.Camera, f *Frame, skipRGB bool, adopt []uint8) error {
	if err := cam.Validate(); err != nil {
		return err
	}
	if err := r.Update(); err != nil {
		return err
	}
	f.resize(cam.Width, cam.Height, !skipRGB)
	f.Camera = cam
	f.IDTable = r.ids
	f.index = r.index
	f.Stats = grow(f.Stats, len(r.ids))
	memo := !skipRGB && !r.opts.NoFrameCache
	if memo && r.recall(cam, f) {
		return nil
	}
	prev := r.memoLast
	r.memoLast = 0

	r.frame = f
	defer func() { r.frame = nil }()
	r.prepareLists(&cam)
	r.v = newView(cam, 1, r.opts.Near)
	nb := (cam.Height + DefaultBandHeight - 1) / DefaultBandHeight
	r.bandsN = nb
	if !r.opts.NoOcclusionCulling {
		r.occlusionCull(&r.v)
	}
	r.cacheOn = !r.opts.NoFrameCache
	r.keepSetups = !r.opts.NoFrameCache
	r.setups = r.setupAll(&r.v, &r.dl, r.setups, false, nil)
	r.lastInMesh, r.lastSetUp = r.inMesh, r.dl.start[len(r.dl.mesh)]
	r.keepSetups = false
	r.occActive = false
	r.bins = r.binAll(&r.dl, r.setups, r.bins, nb, DefaultBandHeight, true)
	n := cam.Width * cam.Height
	r.wbuf = grow(r.wbuf, n)
	r.tbuf = grow(r.tbuf, n)
	r.bandStats = grow(r.bandStats, nb)
	r.bandLight = grow(r.bandLight, nb)
	r.lstep = lightStep(cam.Width)
	if r.stepFix > 0 {
		r.lstep = r.stepFix
	}
	inc := memo && adopt == nil && r.prepareIncremental(cam, prev, nb)
	r.markDirty(r.cacheOn, skipRGB, nb)
	if r.cacheOn {
		r.lc.depth, r.lc.ids, r.lc.cls = grow(r.lc.depth, n), grow(r.lc.ids, n), grow(r.lc.cls, n)
	}
	r.fuseFlat = r.fuseFlatOK(skipRGB, adopt != nil, inc)
	defer func() { r.fuseFlat = false }()
	r.fused = grow(r.fused, nb)
	if r.fuseFlat {
		for i, e := range r.dl.mesh {
			if !r.cull[i] {
				r.ensureShading(e)
			}
		}
	}
	r.parallel(nb, jobRaster)
	r.keepLabels(r.cacheOn)
	r.mergeStats(f, nb)
	if skipRGB {
		return nil
	}
	if adopt != nil {
		r.adoptRGB(cam, f, adopt, memo)
		return nil
	}
	for i, e := range r.dl.mesh {
		if !r.cull[i] {
			r.ensureShading(e)
		}
	}
	if r.opts.Lighting == LightInterior && !r.opts.NoShadows {
		r.buildShadows(f)
	}
	if inc && r.addShadowSpans(nb) {
		r.widenSpans(nb, cam.Width)
		r.incremental = true
		r.incFrames++
		for _, sp := range r.spans[:nb] {
			if len(sp) == 0 {
				r.incKept++
			}
		}
	}
	defer func() { r.incremental, r.incSlot = false, nil }()
	if k := r.opts.Supersample; k > 1 {
		r.sv = newView(cam, k, r.opts.Near)
		r.lc.setupsOK = false // the set-up array now holds the supersampled view's
		r.occActive = !r.opts.NoOcclusionCulling
		r.setups = r.setupAll(&r.sv, &r.dl, r.setups, false, nil)
		r.occActive = false
		for i, e := range r.dl.mesh {
			if !r.cull[i] {
				r.ensureShading(e)
			}
		}
		r.ssBins = r.binAll(&r.dl, r.setups, r.ssBins, nb, DefaultBandHeight*k, false)
		r.ssW = grow(r.ssW, n*k*k)
		r.ssT = grow(r.ssT, n*k*k)
		r.parallel(nb, jobSupersample)
	} else if !r.fuseFlat || slices.Contains(r.fused[:nb], false) {
		r.parallel(nb, jobShade)
	}
	if memo {
		r.remember(cam, f)
	}
	return nil
}

// job names a kind of work unit run by parallel.
type job int

const (
	jobSetup job = iota
	jobRaster
	jobShade
	jobSupersample
	jobShadowBand
	jobOcclusion
)

// runJob runs work unit i of kind j.
func (r *Renderer) runJob(j job, i int) {
	switch j {
	case jobSetup:
		r.setupChunk(i)
	case jobRaster:
		r.rasterBand(i)
	case jobShade:
		r.shadeBand(i)
	case jobSupersample:
		r.supersampleBand(i)
	case jobShadowBand:
		r.shadowBand(i)
	case jobOcclusion:
		r.occlusionBand(i)
	}
}

// parallel runs units 0..n-1 of kind j on the configured number of workers:
// the calling goroutine and workers-1 more, taking units in turn. Work units
// write disjoint outputs, so the result does not depend on the schedule or
// on the number of workers.
func (r *Renderer) parallel(n int, j job) {
	w := min(r.opts.Workers, n)
	if w <= 1 {
		for i := 0; i < n; i++ {
			r.runJob(j, i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var crash WorkerPanic
	work := func() {
		defer crash.Catch(func() { next.Store(int64(n)) })
		for {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			r.runJob(j, i)
		}
	}
	wg.Add(w - 1)
	for range w - 1 {
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	crash.Rethrow()
}

// mergeStats sums the per-band mask statistics in band order.
func (r *Renderer) mergeStats(f *Frame, nb int) {
	for i := range f.Stats {
		f.Stats[i] = ObjectStats{Min: image.Point{X: f.Width, Y: f.Height}, Max: image0}
	}
	for b := 0; b < nb; b++ {
		for i, s := range r.bandStats[b] {
			if s.Pixels == 0 {
				continue
			}
			d := &f.Stats[i]
			d.Pixels += s.Pixels
			d.sumU += s.sumU
			d.sumV += s.sumV
			d.Min.X, d.Min.Y = min(d.Min.X, s.Min.X), min(d.Min.Y, s.Min.Y)
			d.Max.X, d.Max.Y = max(d.Max.X, s.Max.X), max(d.Max.Y, s.Max.Y)
		}
	}
	for i := range f.Stats {
		d := &f.Stats[i]
		if d.Pixels == 0 {
			*d = ObjectStats{}
			continue
		}
		d.Centroid = [2]float64{float64(d.sumU) / float64(d.Pixels), float64(d.sumV) / float64(d.Pixels)}
	}
}
