package export

import (
	"fmt"
	"math"

	"flowbench/sim"
)

// rowContext is what the annotation checks need from the question row.
type rowContext struct {
	ID     string
	Camera CameraRow
	Mover  string
	Motion sim.Vec3 // realised motion
}

// Tolerances of the semantic checks.
const (
	// movedEps is the realised motion below which the mover counts as not
	// moved, metres.
	movedEps = 1e-3
	// poseEps is the tolerance on objects_after − objects_before against
	// the realised motion, metres (positions are float64 in both).
	poseEps = 1e-4
	// zeroFlowShare is the share of the mover's valid pixels that may have
	// exactly zero forward flow when it moved (the focus of expansion).
	zeroFlowShare = 0.01
	// aabbSlack and aabbSlackPerMetre bound how far outside its object's
	// bounding box the point seen at a pixel may lie: float32 depth and
	// the rasteriser's edge rounding, metres plus metres per metre depth.
	aabbSlack         = 0.005
	aabbSlackPerMetre = 0.005
)

// checkAnnotationSemantics cross-checks an annotations row against itself
// and its question: flow is zero outside the change mask, the change mask
// covers the mover in both frames, the mover's flow is not zero when it
// moved, objects_after lists exactly the objects whose pose changed and
// moves the mover by the realised motion, and every pixel of a listed
// object has a depth that puts it inside that object's bounding box.
func checkAnnotationSemantics(q *rowContext, a *AnnotationRow) string {
	w := int(a.Width)
	for i, m := range a.ChangeMask {
		if m != 0 {
			continue
		}
		for _, f := range []struct {
			name string
			v    []float32
		}{{"flow_forward", a.FlowForward}, {"flow_backward", a.FlowBackward}} {
			if f.v[2*i] != 0 || f.v[2*i+1] != 0 {
				return fmt.Sprintf("%s at pixel (x=%d, y=%d) is (%g, %g) outside the change mask, where flow must be 0",
					f.name, i%w, i/w, f.v[2*i], f.v[2*i+1])
			}
		}
	}
	before := map[string]*ObjectRow{}
	for k := range a.ObjectsBefore {
		before[a.ObjectsBefore[k].ObjectID] = &a.ObjectsBefore[k]
	}
	after := map[string]*ObjectRow{}
	for k := range a.ObjectsAfter {
		o := &a.ObjectsAfter[k]
		if after[o.ObjectID] != nil {
			return fmt.Sprintf("objects_after lists %q twice", o.ObjectID)
		}
		after[o.ObjectID] = o
		b := before[o.ObjectID]
		if b == nil {
			return fmt.Sprintf("objects_after lists %q, which objects_before does not", o.ObjectID)
		}
		if b.Position == o.Position && b.Yaw == o.Yaw {
			return fmt.Sprintf("objects_after lists %q with its pose before the motion (objects_after holds only the objects whose pose changed)", o.ObjectID)
		}
	}
	mb := before[q.Mover]
	if mb == nil {
		return fmt.Sprintf("objects_before has no entry for the mover %q", q.Mover)
	}
	moved := q.Motion.Len() >= movedEps
	if ma := after[q.Mover]; ma != nil {
		if d := ma.Position.Sub(mb.Position); d.Sub(q.Motion).Len() > poseEps {
			return fmt.Sprintf("objects_after moves the mover %q by (%.4f, %.4f, %.4f) m, but realised_motion is (%.4f, %.4f, %.4f) m",
				q.Mover, d[0], d[1], d[2], q.Motion[0], q.Motion[1], q.Motion[2])
		}
	} else if moved {
		return fmt.Sprintf("objects_after has no entry for the mover %q, which moved by %.3f m", q.Mover, q.Motion.Len())
	}
	for _, fr := range []struct {
		frame string
		ids   []uint16
		idMap []string
		depth []float32
		objs  func(string) (*ObjectRow, string)
	}{
		{"before", a.InstanceBefore, a.InstanceMapBefore, a.DepthBefore, func(id string) (*ObjectRow, string) { return before[id], "objects_before" }},
		{"after", a.InstanceAfter, a.InstanceMapAfter, a.DepthAfter, func(id string) (*ObjectRow, string) {
			if o := after[id]; o != nil {
				return o, "objects_after"
			}
			return before[id], "objects_before"
		}},
	} {
		if r := checkFrameObjects(q, a, fr.frame, fr.ids, fr.idMap, fr.depth, fr.objs); r != "" {
			return r
		}
	}
	if moved {
		if r := checkMoverFlow(q, a); r != "" {
			return r
		}
	}
	return ""
}

// checkFrameObjects checks one frame: the mover's pixels are in the change
// mask, and each pixel of a listed object has a depth inside its box.
func checkFrameObjects(q *rowContext, a *AnnotationRow, frame string, ids []uint16, idMap []string, depth []float32, objs func(string) (*ObjectRow, string)) string {
	w := int(a.Width)
	rows := make([]*ObjectRow, len(idMap))
	lists := make([]string, len(idMap))
	mover := make([]bool, len(idMap))
	for k, id := range idMap {
		if k > 0 {
			rows[k], lists[k] = objs(id)
			mover[k] = id == q.Mover
		}
	}
	cam := q.Camera
	f, cx, cy := cam.K[0], cam.K[2], cam.K[5]
	M := cam.WorldToCamera
	for i, id := range ids {
		if mover[id] && a.ChangeMask[i] != 1 {
			return fmt.Sprintf("instance_%s shows the mover at pixel (x=%d, y=%d), outside the change mask", frame, i%w, i/w)
		}
		o := rows[id]
		if o == nil {
			continue
		}
		z := float64(depth[i])
		if z <= 0 {
			return fmt.Sprintf("depth_%s at pixel (x=%d, y=%d) is %g where instance_%s shows %q", frame, i%w, i/w, z, frame, o.ObjectID)
		}
		c := [3]float64{(float64(i%w) - cx) / f * z, (float64(i/w) - cy) / f * z, z}
		var p sim.Vec3 // world point: the inverse of the rigid world_to_camera
		for r := range 3 {
			for k := range 3 {
				p[r] += M[4*k+r] * (c[k] - M[4*k+3])
			}
		}
		out := 0.0
		for k := range 3 {
			out = math.Max(out, math.Max(o.AABBMin[k]-p[k], p[k]-o.AABBMax[k]))
		}
		if out > aabbSlack+aabbSlackPerMetre*z {
			return fmt.Sprintf("depth_%s at pixel (x=%d, y=%d) puts the point of %q %.3f m outside its aabb in %s", frame, i%w, i/w, o.ObjectID, out, lists[id])
		}
	}
	return ""
}

// checkMoverFlow checks that the mover's valid pixels in I0 have non-zero
// forward flow when it moved.
func checkMoverFlow(q *rowContext, a *AnnotationRow) string {
	valid, zero := 0, 0
	for i, id := range a.InstanceBefore {
		if int(id) >= len(a.InstanceMapBefore) || a.InstanceMapBefore[id] != q.Mover || a.FlowValid[i] == 0 {
			continue
		}
		valid++
		if a.FlowForward[2*i] == 0 && a.FlowForward[2*i+1] == 0 {
			zero++
		}
	}
	if zero > 0 && float64(zero) > zeroFlowShare*float64(valid) {
		return fmt.Sprintf("flow_forward is 0 on %d of the mover's %d valid pixels, but it moved by %.3f m", zero, valid, q.Motion.Len())
	}
	return ""
}
