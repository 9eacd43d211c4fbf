package export

import (
	"fmt"
	"strings"

	"flowbench/planner"
	"flowbench/sim"
)

// ViewpointQuestionRow is one row of the viewpoint questions table.
type ViewpointQuestionRow struct {
	ID, Split, HouseID, SceneID string
	ViewID                      int32
	Image                       Image // source view with tag badges
	Camera                      CameraRow
	Centre                      sim.Vec3
	Tags                        []planner.ViewTag
	Subject, Object             int32
	Viewpoint                   string
	Orbit                       int32
	Top                         bool
	Step                        int32
	Answer                      []string
	Question                    string
	// The three representations' scene blocks.
	ContextImage, ContextBBox, ContextSceneGraph string
}

// ViewpointViewRow is one row of the viewpoint target-views table.
type ViewpointViewRow struct {
	ID, SceneID, Viewpoint string
	Camera                 CameraRow
	Pull                   float64
	Obstructed             bool
	TagsVisible            int32
	Width, Height          int32
	Image                  Image
	Depth                  []float32
	InstanceIDs            []uint16
	InstanceMap            []string
}

// ViewID is the id of a scene's target view: "<scene>/<viewpoint without
// spaces>" ("house_000/v2/left45").
func ViewID(scene, viewpoint string) string {
	return scene + "/" + strings.ReplaceAll(viewpoint, " ", "")
}

// NewViewpointRows builds a scene's rows: its questions (image = the tagged
// source view PNG) and its target views (views[i] the PNG of
// sc.Targets[i]). margin is the relation margin the scene graph uses.
func NewViewpointRows(sc *planner.ViewpointScene, split string, image []byte, views [][]byte, margin float64) ([]ViewpointQuestionRow, []ViewpointViewRow, error) {
	if len(views) != len(sc.Targets) {
		return nil, nil, fmt.Errorf("export: scene %s: %d target images for %d target views", sc.ID, len(views), len(sc.Targets))
	}
	var ctx [3]string
	for i, rep := range []string{planner.RepImage, planner.RepBBox, planner.RepSceneGraph} {
		s, err := sc.SceneBlock(rep, margin)
		if err != nil {
			return nil, nil, err
		}
		ctx[i] = s
	}
	cam := NewCameraRow(sc.Camera)
	steps := map[[2]int]int32{}
	qs := make([]ViewpointQuestionRow, len(sc.Questions))
	for k, q := range sc.Questions {
		pair := [2]int{q.Subject, q.Object}
		steps[pair]++
		ans := make([]string, len(q.Answer))
		for i, r := range q.Answer {
			ans[i] = string(r)
		}
		qs[k] = ViewpointQuestionRow{ID: fmt.Sprintf("%s/q%d", sc.ID, k), Split: split, HouseID: sc.HouseID, SceneID: sc.ID,
			ViewID: int32(sc.ViewID), Image: Image{Bytes: image, Path: imagePath(sc.ID, "tagged")},
			Camera: cam, Centre: sc.Centre, Tags: sc.Tags, Subject: int32(q.Subject), Object: int32(q.Object),
			Viewpoint: q.View, Orbit: int32(q.Viewpoint.Orbit), Top: q.Viewpoint.Top, Step: steps[pair],
			Answer: ans, Question: q.Question, ContextImage: ctx[0], ContextBBox: ctx[1], ContextSceneGraph: ctx[2]}
		if q.Viewpoint.Top {
			qs[k].Orbit = 0
		}
	}
	vs := make([]ViewpointViewRow, len(sc.Targets))
	for i, t := range sc.Targets {
		f := t.Frame
		if f == nil {
			return nil, nil, fmt.Errorf("export: scene %s view %s was not rendered", sc.ID, t.View)
		}
		id := ViewID(sc.ID, t.View)
		vs[i] = ViewpointViewRow{ID: id, SceneID: sc.ID, Viewpoint: t.View, Camera: NewCameraRow(t.Camera),
			Pull: t.Pull, Obstructed: t.Obstructed, TagsVisible: int32(t.TagsVisible),
			Width: int32(f.W), Height: int32(f.H), Image: Image{Bytes: views[i], Path: imagePath(id, "view")},
			Depth: f.Depth, InstanceIDs: f.IDs, InstanceMap: f.IDTable}
	}
	return qs, vs, nil
}
