package pairfile

import (
	"fmt"
	"math"

	"flowbench/real"
)

// readMasks reads a frame's instance masks from a label PNG with its
// instances or from a COCO RLE file. A frame must have at least one mask.
func (r *pairReader) readMasks(m *masksDoc, field string) ([]real.Mask, error) {
	switch {
	case m.Labels != "" && m.RLE != "":
		return nil, r.docErr(field, "both labels and rle (give one)")
	case m.RLE != "" && m.Instances != nil:
		return nil, r.docErr(field+".instances", "instances go with a labels PNG; an RLE file carries its own labels")
	case m.RLE != "":
		return r.readRLEMasks(m.RLE, field+".rle")
	case m.Labels == "":
		return nil, r.docErr(field, "missing (a labels PNG with instances, or an rle file)")
	}
	if len(m.Instances) == 0 {
		return nil, r.docErr(field+".instances", "no masks (a frame needs at least one instance)")
	}
	if len(m.Instances) > MaxInstances {
		return nil, r.docErr(field+".instances", "%d instances (at most %d)", len(m.Instances), MaxInstances)
	}
	seen := make(map[int]int, len(m.Instances))
	for i, in := range m.Instances {
		f := fmt.Sprintf("%s.instances[%d]", field, i)
		if in.ID < 1 || in.ID > math.MaxUint16 {
			return nil, r.docErr(f+".id", "%d (want 1..65535; 0 is the background)", in.ID)
		}
		if j, dup := seen[in.ID]; dup {
			return nil, r.docErr(f+".id", "id %d is also instance %d's", in.ID, j)
		}
		seen[in.ID] = i
		if why := checkMaskInfo(in.Label, in.Score); why != "" {
			return nil, r.docErr(f, "%s", why)
		}
	}
	return r.readLabels(m.Labels, field+".labels", m.Instances)
}

// checkMaskInfo checks a mask's label and score.
func checkMaskInfo(label string, score *float64) string {
	switch {
	case label == "":
		return "empty label"
	case len(label) > MaxLabelBytes:
		return fmt.Sprintf("label is %d bytes (at most %d)", len(label), MaxLabelBytes)
	case score == nil:
		return "score missing"
	case !(*score >= 0 && *score <= 1):
		return fmt.Sprintf("score %g (want 0..1)", *score)
	}
	return ""
}

// pixelXY formats a row-major index as a pixel.
func pixelXY(i, w int) string { return fmt.Sprintf("pixel (x=%d, y=%d)", i%w, i/w) }
