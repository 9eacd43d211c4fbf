package render

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"flowbench/sim"
)

// Renderer draws one scene repeatedly. It keeps the scene's meshes and all
// per-frame work buffers, so rendering the same scene again allocates almost
// nothing. A Renderer is not safe for concurrent use; its Frames are
// independent once returned.
type Renderer struct {
	scene *sim.Scene
	opts  Options

	// Meshes: the scene's objects in order, then the structure meshes.
	objMeshes    []sim.Mesh
	objKeys      []poseKey
	structMeshes []sim.Mesh
	ids          []string // instance id → id string (index 0 = "")
	index        map[string]uint16
	classes      []uint8 // instance id → class id
	meshStart    []int   // instance id - 1 → first triangle index; len = meshes + 1

	// Flat triangle store in mesh order.
	tris     []sim.Triangle
	triInst  []uint16
	triColor [][4]uint8

	// Per-frame work buffers.
	setups    []triSetup
	bins      [][]int32
	wbuf      []float64
	tbuf      []int32
	ssBins    [][]int32
	ssW       []float64
	ssT       []int32
	bandStats [][]ObjectStats
	cull      []bool

	// The frame being drawn and its views (pixel centres, and supersamples).
	frame  *Frame
	cur    *view
	v, sv  view
	bandsN int

	// Last frame's counters, for benchmarks.
	lastTris    int
	lastVisible int
}

// poseKey is everything ObjectMesh depends on.
type poseKey struct {
	pos   sim.Vec3
	yaw   float64
	size  sim.Vec3
	shape sim.ShapeKind
	color sim.RGB
}

func keyOf(o *sim.Object) poseKey {
	return poseKey{o.Position, o.Yaw, o.Size, o.Shape, o.Color}
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
	r.structMeshes = sim.StructureMeshes(scene)
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

// Update refreshes the object meshes from the objects' current poses. Render
// calls it itself, so callers only need it to pay the cost up front; it
// rebuilds only the meshes whose object moved, turned, or changed size,
// shape or colour. Adding or removing objects rebuilds the id table.
func (r *Renderer) Update() error {
	if len(r.scene.Objects) != len(r.objMeshes) {
		return r.rebuildAll()
	}
	changed := false
	for i, o := range r.scene.Objects {
		k := keyOf(o)
		if k == r.objKeys[i] && o.ID == r.ids[i+1] {
			continue
		}
		if o.ID != r.ids[i+1] {
			return r.rebuildAll()
		}
		m := sim.ObjectMesh(o)
		r.objKeys[i] = k
		if len(m.Tris) != len(r.objMeshes[i].Tris) {
			r.objMeshes[i] = m
			changed = true
			continue
		}
		r.objMeshes[i] = m
		r.fillTris(i+1, &m, r.meshStart[i])
	}
	if changed {
		r.flatten()
	}
	return nil
}

// rebuildAll rebuilds every object mesh and the id table.
func (r *Renderer) rebuildAll() error {
	s := r.scene
	n := len(s.Objects) + len(r.structMeshes)
	if n > MaxInstances {
		return fmt.Errorf("render: scene has %d meshes, more than the %d instance ids available", n, MaxInstances)
	}
	typeIndex := map[string]int{}
	for i, t := range s.Catalog.Types() {
		typeIndex[t] = i
	}
	r.objMeshes = make([]sim.Mesh, len(s.Objects))
	r.objKeys = make([]poseKey, len(s.Objects))
	r.ids = make([]string, 1, n+1)
	r.classes = make([]uint8, 1, n+1)
	r.index = make(map[string]uint16, n)
	for i, o := range s.Objects {
		r.objMeshes[i] = sim.ObjectMesh(o)
		r.objKeys[i] = keyOf(o)
		r.ids = append(r.ids, o.ID)
		r.classes = append(r.classes, classOf(&r.objMeshes[i], o.Type, typeIndex))
	}
	for i := range r.structMeshes {
		m := &r.structMeshes[i]
		r.ids = append(r.ids, m.ID)
		r.classes = append(r.classes, classOf(m, "", typeIndex))
	}
	for i := 1; i < len(r.ids); i++ {
		if _, dup := r.index[r.ids[i]]; dup {
			return fmt.Errorf("render: duplicate mesh id %q", r.ids[i])
		}
		r.index[r.ids[i]] = uint16(i)
	}
	r.flatten()
	return nil
}

// mesh returns the mesh of instance id inst (≥ 1).
func (r *Renderer) mesh(inst int) *sim.Mesh {
	if inst-1 < len(r.objMeshes) {
		return &r.objMeshes[inst-1]
	}
	return &r.structMeshes[inst-1-len(r.objMeshes)]
}

// flatten rebuilds the flat triangle store from all meshes.
func (r *Renderer) flatten() {
	nm := len(r.ids) - 1
	total := 0
	r.meshStart = r.meshStart[:0]
	for i := 1; i <= nm; i++ {
		r.meshStart = append(r.meshStart, total)
		total += len(r.mesh(i).Tris)
	}
	r.meshStart = append(r.meshStart, total)
	r.tris = grow(r.tris, total)
	r.triInst = grow(r.triInst, total)
	r.triColor = grow(r.triColor, total)
	for i := 1; i <= nm; i++ {
		r.fillTris(i, r.mesh(i), r.meshStart[i-1])
	}
	r.cull = grow(r.cull, nm)
}

// fillTris copies a mesh's triangles and their lit colours into the store at start.
func (r *Renderer) fillTris(inst int, m *sim.Mesh, start int) {
	l := r.opts.LightDir.Normalize()
	for j := range m.Tris {
		t := &m.Tris[j]
		r.tris[start+j] = *t
		r.triInst[start+j] = uint16(inst)
		r.triColor[start+j] = shadeColor(m.Color, t, l, r.opts.Ambient, r.opts.Diffuse)
	}
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
func (r *Renderer) RenderInto(cam sim.Camera, f *Frame) error {
	if err := cam.Validate(); err != nil {
		return err
	}
	if err := r.Update(); err != nil {
		return err
	}
	f.resize(cam.Width, cam.Height)
	f.Camera = cam
	f.IDTable = r.ids
	f.index = r.index
	f.Stats = grow(f.Stats, len(r.ids))

	r.frame = f
	defer func() { r.frame = nil }()
	r.v = newView(cam, 1, r.opts.Near)
	nb := (cam.Height + DefaultBandHeight - 1) / DefaultBandHeight
	r.bandsN = nb
	r.setupAll(&r.v)
	r.bins = r.binAll(r.bins, nb, DefaultBandHeight)
	n := cam.Width * cam.Height
	r.wbuf = grow(r.wbuf, n)
	r.tbuf = grow(r.tbuf, n)
	r.bandStats = grow(r.bandStats, nb)
	r.parallel(nb, jobRaster)
	if k := r.opts.Supersample; k > 1 {
		r.sv = newView(cam, k, r.opts.Near)
		r.setupAll(&r.sv)
		r.ssBins = r.binAll(r.ssBins, nb, DefaultBandHeight*k)
		r.ssW = grow(r.ssW, n*k*k)
		r.ssT = grow(r.ssT, n*k*k)
		r.parallel(nb, jobSupersample)
	}
	r.mergeStats(f, nb)
	return nil
}

// job names a kind of work unit run by parallel.
type job int

const (
	jobSetup job = iota
	jobRaster
	jobSupersample
)

// runJob runs work unit i of kind j.
func (r *Renderer) runJob(j job, i int) {
	switch j {
	case jobSetup:
		r.setupChunk(i)
	case jobRaster:
		r.rasterBand(i)
	case jobSupersample:
		r.supersampleBand(i)
	}
}

// parallel runs units 0..n-1 of kind j on the configured number of workers.
// Work units write disjoint outputs, so the result does not depend on the
// schedule or on the number of workers.
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
	wg.Add(w)
	for range w {
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				r.runJob(j, i)
			}
		}()
	}
	wg.Wait()
}

// mergeStats sums the per-band mask statistics in band order.
func (r *Renderer) mergeStats(f *Frame, nb int) {
	for i := range f.Stats {
		f.Stats[i] = ObjectStats{Min: f.RGB.Rect.Max, Max: image0}
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
