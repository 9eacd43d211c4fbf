package main

import (
	"fmt"

	"flowbench/sim"
)

// workload is what both renderers draw: one generated house with primitive
// shapes (no furniture library), its triangles grouped by mesh, and the
// cameras.
type workload struct {
	scene  *sim.Scene
	meshes []sim.Mesh // every object's full-detail mesh, then the structure meshes
	tris   int
	cams   []sim.Camera
}

// newWorkload generates procthor house (seed, index), as `flowbench scene
// --style procthor --seed S --index I` does, and places n cameras of
// size×size pixels at eye height on reachable points spread over the house
// (every len/n-th), turned 15° more each and pitched horizon degrees down
// (30 by default, the pitch of the renderer's own benchmarks).
func newWorkload(seed int64, index, n, size int, horizon float64) (*workload, error) {
	h, err := sim.Generate(sim.StyleProcTHOR, seed, index)
	if err != nil {
		return nil, err
	}
	s, err := sim.NewScene(h)
	if err != nil {
		return nil, fmt.Errorf("generated house (seed %d, index %d): %w", seed, index, err)
	}
	w := &workload{scene: s}
	for _, o := range s.Objects {
		w.meshes = append(w.meshes, sim.ObjectMesh(o))
	}
	w.meshes = append(w.meshes, sim.StructureMeshes(s)...)
	for _, m := range w.meshes {
		w.tris += len(m.Tris)
	}
	reach := s.ReachablePositions()
	if len(reach) == 0 {
		return nil, fmt.Errorf("house (seed %d, index %d) has no reachable position", seed, index)
	}
	for i := range n {
		eye := reach[i*len(reach)/n]
		eye[1] = sim.CameraHeight
		c := sim.NewCamera(eye, float64(15*i), horizon)
		c.Width, c.Height = size, size
		w.cams = append(w.cams, c)
	}
	return w, nil
}
