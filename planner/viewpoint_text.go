package planner

import (
	"fmt"
	"strings"
)

// The three representations of a viewpoint scene (CVT-Bench §7.4): the
// tagged image with an object dictionary, the object dictionary with
// bounding boxes instead of the image, and that dictionary with the
// source view's scene graph.

// Representation names.
const (
	RepImage      = "image"
	RepBBox       = "text_bbox"
	RepSceneGraph = "scene_graph"
)

// ObjectDictionary is `{"0": "clothes dryer", "1": "washing machine"}`.
func (sc *ViewpointScene) ObjectDictionary() string {
	parts := make([]string, len(sc.Tags))
	for i, t := range sc.Tags {
		parts[i] = fmt.Sprintf("%q: %q", fmt.Sprint(t.Tag), DisplayName(t.ObjectType))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// BBoxDictionary is `{"0": ("clothes dryer", [x, y, w, h]), ...}`, boxes of
// the visible masks in source-image pixels.
func (sc *ViewpointScene) BBoxDictionary() string {
	parts := make([]string, len(sc.Tags))
	for i, t := range sc.Tags {
		parts[i] = fmt.Sprintf("%q: (%q, [%d, %d, %d, %d])", fmt.Sprint(t.Tag), DisplayName(t.ObjectType), t.BBox[0], t.BBox[1], t.BBox[2], t.BBox[3])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// SceneGraph lists, per tag X, the tags in each direction from X in the
// source view: "Tag 0 | left:[1, 3] front:[2]" (directions with targets
// only, in the order left, right, front, behind), one line per tag.
func (sc *ViewpointScene) SceneGraph(margin float64) string {
	var lines []string
	for a := range sc.Tags {
		by := map[ViewRelation][]string{}
		for b := range sc.Tags {
			if a == b {
				continue
			}
			rels, _ := RelationsAt(Viewpoint{}, offset(sc.Tags, a, b), margin)
			for _, r := range rels {
				by[r] = append(by[r], fmt.Sprint(sc.Tags[b].Tag))
			}
		}
		line := fmt.Sprintf("Tag %d |", sc.Tags[a].Tag)
		for _, r := range []ViewRelation{RelLeft, RelRight, RelFront, RelBehind} {
			if len(by[r]) > 0 {
				line += fmt.Sprintf(" %s:[%s]", r, strings.Join(by[r], ", "))
			}
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// CheckRepresentation reports an error naming the representations when rep
// is not one of them.
func CheckRepresentation(rep string) error {
	switch rep {
	case RepImage, RepBBox, RepSceneGraph:
		return nil
	}
	return fmt.Errorf("unknown representation %q (want %s, %s or %s)", rep, RepImage, RepBBox, RepSceneGraph)
}

// SceneBlock is the scene's context for one representation, the text that
// precedes its questions in a CVT prompt.
func (sc *ViewpointScene) SceneBlock(rep string, margin float64) (string, error) {
	if err := CheckRepresentation(rep); err != nil {
		return "", err
	}
	switch rep {
	case RepImage:
		return "Refer to the numeric tags overlaid on the objects in the image.\nScene Object Dictionary: " + sc.ObjectDictionary(), nil
	case RepBBox:
		return "Refer to the bounding boxes [x, y, w, h] provided in the dictionary.\nScene Object Dictionary: " + sc.BBoxDictionary(), nil
	default: // RepSceneGraph
		return "Scene Object Dictionary: " + sc.BBoxDictionary() + "\nScene Graph (original view):\n" + sc.SceneGraph(margin), nil
	}
}
