package main

import (
	"math"
	"sync"

	"github.com/fogleman/fauxgl"

	"flowbench/sim"
)

// fauxglFar is the far plane of fauxgl's projection (flowbench has none;
// every house is far smaller).
const fauxglFar = 1000

// fauxglSide renders the workload's views with fauxgl's solid-colour
// shader: one context (colour and depth buffers) and the house's triangles
// in fauxgl's form, with the mesh of each.
type fauxglSide struct {
	ctx     *fauxgl.Context
	tris    []*fauxgl.Triangle
	mesh    []int32 // triangle → mesh index
	colors  []fauxgl.Color
	twoSide []bool
	threads int
	ctxs    []fauxgl.Context // per mesh: ctx with the mesh's shader (shared buffers)
}

// newFauxglSide converts the workload's triangles once. Vertex order is
// kept, so a triangle's front face is the one flowbench draws.
func newFauxglSide(w *workload, threads int) *fauxglSide {
	c := w.cams[0]
	fs := &fauxglSide{ctx: fauxgl.NewContext(c.Width, c.Height), threads: threads}
	fs.ctxs = make([]fauxgl.Context, len(w.meshes))
	for mi, m := range w.meshes {
		fs.colors = append(fs.colors, fauxgl.Color{R: m.Color.R, G: m.Color.G, B: m.Color.B, A: 1})
		fs.twoSide = append(fs.twoSide, m.TwoSided)
		for _, t := range m.Tris {
			v := func(p sim.Vec3) fauxgl.Vertex {
				return fauxgl.Vertex{Position: fauxgl.Vector{X: p[0], Y: p[1], Z: p[2]}}
			}
			fs.tris = append(fs.tris, &fauxgl.Triangle{V1: v(t.V[0]), V2: v(t.V[1]), V3: v(t.V[2])})
			fs.mesh = append(fs.mesh, int32(mi))
		}
	}
	return fs
}

// viewMatrix returns fauxgl's clip matrix of camera c: flowbench's world to
// OpenCV camera transform, then OpenGL's eye axes (y up, z backwards), then
// fauxgl's perspective projection with flowbench's near plane. Pixel
// centres then agree: both put pixel i's centre at i − (W−1)/2 from the
// principal point.
func viewMatrix(c sim.Camera, near float64) fauxgl.Matrix {
	m := c.WorldToCamera()
	view := fauxgl.Matrix{
		X00: m[0][0], X01: m[0][1], X02: m[0][2], X03: m[0][3],
		X10: -m[1][0], X11: -m[1][1], X12: -m[1][2], X13: -m[1][3],
		X20: -m[2][0], X21: -m[2][1], X22: -m[2][2], X23: -m[2][3],
		X33: 1,
	}
	return fauxgl.Perspective(c.FOV, float64(c.Width)/float64(c.Height), near, fauxglFar).Mul(view)
}

// draw renders view i: clear both buffers, then every triangle with its
// mesh's solid colour, one-sided triangles culled at the back, as
// fauxgl.Context.DrawTriangles does (triangle k on worker k mod threads)
// but with the side's thread count rather than runtime.NumCPU.
func (fs *fauxglSide) draw(w *workload, i int) {
	mat := viewMatrix(w.cams[i], 0.01)
	fs.ctx.ClearColorBuffer()
	fs.ctx.ClearDepthBuffer()
	for mi := range fs.ctxs {
		c := &fs.ctxs[mi]
		*c = *fs.ctx
		c.Shader = fauxgl.NewSolidColorShader(mat, fs.colors[mi])
		c.FrontFace = fauxgl.FaceCW // Unity's left-handed world: the y flip reverses the winding
		if fs.twoSide[mi] {
			c.Cull = fauxgl.CullNone
		}
	}
	if fs.threads <= 1 {
		for k, t := range fs.tris {
			fs.ctxs[fs.mesh[k]].DrawTriangle(t)
		}
		return
	}
	var wg sync.WaitGroup
	for wi := range fs.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := wi; k < len(fs.tris); k += fs.threads {
				fs.ctxs[fs.mesh[k]].DrawTriangle(fs.tris[k])
			}
		}()
	}
	wg.Wait()
}

// hit reports whether fauxgl drew something at pixel (x, y).
func (fs *fauxglSide) hit(x, y int) bool {
	return fs.ctx.DepthBuffer[y*fs.ctx.Width+x] != math.MaxFloat64
}
