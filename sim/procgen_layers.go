package sim

import (
	"fmt"
	"strings"
)

// ProcTHOR puts every room with its walls and objects on a Unity layer
// "Procedural<k>" and gives each room's light that layer, culling the other
// layers (cullingMaskOff), so a room light does not light its neighbours
// through walls (procthor/generation/__init__.py and lights in the reference
// house: rooms on Procedural1..3, lights culling the other three of
// Procedural0..3). The generator colours the room adjacency graph greedily
// with Procedural1..3 (Procedural0 when a room touches all three), so
// neighbouring rooms differ.

// layerCount is the number of procedural layers, Procedural0..3.
const layerCount = 4

// roomLayers returns each plan room's layer index.
func roomLayers(plan *floorPlan) []int {
	layers := make([]int, len(plan.rooms))
	for i := range plan.rooms {
		used := map[int]bool{}
		for _, e := range plan.rooms[i].edges {
			if e.other >= 0 && e.other < i {
				used[layers[e.other]] = true
			}
		}
		layers[i] = 0
		for _, k := range []int{1, 2, 3} {
			if !used[k] {
				layers[i] = k
				break
			}
		}
	}
	return layers
}

func layerName(k int) string { return fmt.Sprintf("Procedural%d", k) }

// setLayers writes the rooms', walls', objects' and room lights' layers.
func setLayers(h *House, plan *floorPlan, roomObjects [][]int) {
	layers := roomLayers(plan)
	wallLayer := map[string]string{}
	for i := range plan.rooms {
		pr := &plan.rooms[i]
		name := layerName(layers[i])
		h.Rooms[i].Layer = name
		for _, e := range pr.edges {
			wallLayer[e.wallID] = name
			if e.extID != "" {
				wallLayer[e.extID] = name
			}
		}
		var mark func(o *HouseObject)
		mark = func(o *HouseObject) {
			o.Layer = name
			for k := range o.Children {
				mark(&o.Children[k])
			}
		}
		for _, j := range roomObjects[i] {
			mark(&h.Objects[j])
		}
		for k := range h.ProceduralParameters.Lights {
			l := &h.ProceduralParameters.Lights[k]
			if l.ID != fmt.Sprintf("light_%d", pr.num) {
				continue
			}
			l.Layer = name
			l.CullingMaskOff = nil
			for m := 0; m < layerCount; m++ {
				if m != layers[i] {
					l.CullingMaskOff = append(l.CullingMaskOff, layerName(m))
				}
			}
		}
	}
	for k := range h.Walls {
		h.Walls[k].Layer = wallLayer[h.Walls[k].ID]
	}
}

// lightShadow returns ProcTHOR's soft-shadow settings for a light (bias 0
// for the sun, 0.05 for room lights, as in ProcTHOR's houses).
func lightShadow(typ string) *LightShadow {
	bias := 0.05
	if strings.EqualFold(typ, "directional") {
		bias = 0
	}
	return &LightShadow{Type: "Soft", Strength: 1, NormalBias: 0, Bias: bias, NearPlane: 0.2, Resolution: "FromQualitySettings"}
}
