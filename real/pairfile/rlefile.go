package pairfile

import (
	"bytes"
	"encoding/json"
	"fmt"

	"flowbench/real"
)

// readRLEMasks reads a COCO RLE masks file: a JSON list of {"label",
// "score", "task_noun", "segmentation": {"size": [h, w], "counts": …}}
// whose counts are pycocotools' compressed string or a list of run
// lengths. The masks may overlap.
func (r *pairReader) readRLEMasks(file, field string) ([]real.Mask, error) {
	b, err := r.readFile(file, field, MaxRLEBytes, "a COCO RLE masks file")
	if err != nil {
		return nil, err
	}
	var docs []rleDoc
	if err := decodeStrict(b, &docs); err != nil {
		f := field
		if jf := jsonField(err); jf != "" {
			f += " " + jf
		}
		return nil, r.dataErr(file, f, "%s", jsonReason(err))
	}
	if len(docs) == 0 {
		return nil, r.dataErr(file, field, "no masks (a frame needs at least one mask)")
	}
	if len(docs) > MaxInstances {
		return nil, r.dataErr(file, field, "%d masks (at most %d)", len(docs), MaxInstances)
	}
	masks := make([]real.Mask, len(docs))
	for i, d := range docs {
		f := fmt.Sprintf("%s[%d]", field, i)
		if why := checkMaskInfo(d.Label, d.Score); why != "" {
			return nil, r.dataErr(file, f, "%s", why)
		}
		pix, err := r.decodeSegmentation(file, f+".segmentation", d.Segmentation)
		if err != nil {
			return nil, err
		}
		if len(pix) == 0 {
			return nil, r.dataErr(file, f+".segmentation", "mask %d (%q) has no pixels", i, d.Label)
		}
		masks[i] = real.Mask{Label: d.Label, Score: *d.Score, TaskNoun: d.TaskNoun, Pix: pix}
	}
	return masks, nil
}

// decodeSegmentation checks an RLE's size against the frame and decodes
// its counts.
func (r *pairReader) decodeSegmentation(file, field string, s *rleSeg) ([]int32, error) {
	if s == nil {
		return nil, r.dataErr(file, field, "missing")
	}
	if len(s.Size) != 2 || s.Size[0] != r.h || s.Size[1] != r.w {
		return nil, r.dataErr(file, field+".size", "%v (want [h, w] = [%d, %d])", s.Size, r.h, r.w)
	}
	raw := bytes.TrimSpace(s.Counts)
	var counts []uint32
	switch {
	case len(raw) == 0:
		return nil, r.dataErr(file, field+".counts", "missing")
	case raw[0] == '"':
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return nil, r.dataErr(file, field+".counts", "%v", err)
		}
		var err error
		if counts, err = decodeRLEString(str); err != nil {
			return nil, r.dataErr(file, field+".counts", "%v", err)
		}
	case raw[0] == '[':
		// Runs of h*w pixels have at most h*w+1 counts: refuse a longer
		// list before decoding it.
		if n := bytes.Count(raw, []byte{','}) + 1; n > r.w*r.h+1 {
			return nil, r.dataErr(file, field+".counts", "%d run lengths (at most h×w+1 = %d)", n, r.w*r.h+1)
		}
		if err := json.Unmarshal(raw, &counts); err != nil {
			return nil, r.dataErr(file, field+".counts", "want a list of run lengths >= 0: %s", jsonReason(err))
		}
	default:
		return nil, r.dataErr(file, field+".counts", "neither a compressed string nor a list of run lengths")
	}
	pix, err := rleToPix(counts, r.h, r.w)
	if err != nil {
		return nil, r.dataErr(file, field+".counts", "%v", err)
	}
	return pix, nil
}
