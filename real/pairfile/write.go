package pairfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"

	"flowbench/real"
	"flowbench/render"
)

// Write writes p as the pair folder dir: frame0/frame1 (Encoded as it is,
// .png or .jpg by its bytes, or Image as PNG when Encoded is nil), per
// frame a 16-bit label PNG (masksN.png) when the masks do not overlap and
// a COCO RLE file with compressed counts (masksN.json) when they do,
// depthN.npy, armN.png when the frame has an arm mask, tracks.npy, flow.npy
// when the pair has flow, and pair.json with the intrinsics always given.
// p is checked first as Read would check it (an *Error names the file and
// field). The folder is filled under a hidden temporary name beside dir
// and renamed into place, so dir is absent or complete; an existing dir is
// replaced only when it is empty or a pair folder (holds pair.json).
func Write(dir string, p *real.Pair) error {
	if err := checkPair(p); err != nil {
		return err
	}
	src, err := sourceDocOf(p.Source)
	if err != nil {
		return &Error{Pair: p.ID, File: PairJSON, Field: "source", Reason: err.Error()}
	}
	if err := checkReplaceable(dir); err != nil {
		return err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(filepath.Clean(dir))+".tmp-*")
	if err != nil {
		return err
	}
	if err := fillPair(tmp, p, src); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return swapIn(tmp, dir)
}

// checkReplaceable refuses to replace dir unless it is missing, an empty
// folder or a pair folder.
func checkReplaceable(dir string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: exists and is not a folder: refusing to replace it with a pair folder", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, PairJSON)); err == nil {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return fmt.Errorf("%s: a non-empty folder without %s: refusing to replace it with a pair folder", dir, PairJSON)
	}
	return nil
}

// swapIn renames the filled folder tmp to dir, moving an existing dir
// aside first and removing it after.
func swapIn(tmp, dir string) error {
	if _, err := os.Lstat(dir); err != nil {
		if err := os.Rename(tmp, dir); err != nil {
			os.RemoveAll(tmp)
			return err
		}
		return nil
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		os.RemoveAll(tmp)
		return err
	}
	return os.RemoveAll(old)
}

// sourceDocOf returns how pair.json names a source: a known source by
// name, a custom one as an object. Constants that neither gives are
// refused, since Read could not restore them.
func sourceDocOf(s real.Source) (sourceDoc, error) {
	if s.Name == real.Custom {
		c, err := real.CustomSource(s.G, s.Margin, s.RoomScale, s.DepthOrder)
		if err != nil {
			return sourceDoc{}, err
		}
		if c != s {
			return sourceDoc{}, fmt.Errorf("custom source constants %+v are not CustomSource's for g, margin, room_scale and depth_order", s)
		}
		g, m := s.G, s.Margin
		return sourceDoc{Name: s.Name, Custom: &customDoc{Name: s.Name, G: &g, Margin: &m, RoomScale: s.RoomScale, DepthOrder: s.DepthOrder}}, nil
	}
	k, err := real.LookupSource(s.Name)
	if err != nil {
		return sourceDoc{}, err
	}
	if k != s {
		return sourceDoc{}, fmt.Errorf("source constants %+v differ from %s's (write other constants as a custom source)", s, s.Name)
	}
	return sourceDoc{Name: s.Name}, nil
}

// fillPair writes p's files and pair.json into the folder tmp.
func fillPair(tmp string, p *real.Pair, src sourceDoc) error {
	k := p.K
	d := pairDoc{Format: FormatV1, ID: p.ID, Source: src, Task: p.Task, Width: p.W, Height: p.H,
		Intrinsics: &intrinsicsDoc{Fx: &k.Fx, Fy: &k.Fy, Cx: &k.Cx, Cy: &k.Cy}, Tracks: "tracks.npy", Board: boardDocOf(p.Board)}
	put := func(name string, b []byte) error { return os.WriteFile(filepath.Join(tmp, name), b, 0o644) }
	for i, fr := range []*real.Frame{&p.F0, &p.F1} {
		fd, err := writeFrame(tmp, i, fr, p, put)
		if err != nil {
			return err
		}
		d.Frames = append(d.Frames, fd)
	}
	if err := putNPY(put, "tracks.npy", []int{p.H, p.W, 2}, p.Tracks); err != nil {
		return err
	}
	if p.Flow != nil {
		d.Flow = "flow.npy"
		if err := putNPY(put, d.Flow, []int{p.H, p.W, 2}, p.Flow); err != nil {
			return err
		}
	}
	b, err := marshalJSON(&d, "  ")
	if err != nil {
		return err
	}
	return put(PairJSON, b)
}

// writeFrame writes frame i's image, masks, depth and arm mask and returns
// its entry of pair.json.
func writeFrame(tmp string, i int, fr *real.Frame, p *real.Pair, put func(string, []byte) error) (frameDoc, error) {
	var fd frameDoc
	img := fr.Encoded
	kind := kindPNG
	if img != nil {
		if kind = sniffImage(img); kind == "" {
			return fd, &Error{Pair: p.ID, File: frameName(i, ""), Field: fmt.Sprintf("frames[%d].image", i), Reason: "Encoded is neither PNG nor JPEG"}
		}
		cfg, err := decodeConfig(kind, img)
		if err != nil || cfg.Width != p.W || cfg.Height != p.H {
			return fd, &Error{Pair: p.ID, File: frameName(i, imageExt(kind)), Field: fmt.Sprintf("frames[%d].image", i),
				Reason: fmt.Sprintf("Encoded is %d×%d (%v), want %d×%d", cfg.Width, cfg.Height, err, p.W, p.H)}
		}
	} else {
		var buf bytes.Buffer
		if err := png.Encode(&buf, fr.Image); err != nil {
			return fd, err
		}
		img = buf.Bytes()
	}
	fd.Image = frameName(i, imageExt(kind))
	if err := put(fd.Image, img); err != nil {
		return fd, err
	}
	labels, ok, err := encodeLabels(fr.Masks, p.W, p.H)
	if err != nil {
		return fd, err
	}
	if ok {
		fd.Masks.Labels = fmt.Sprintf("masks%d.png", i)
		for j, m := range fr.Masks {
			s := m.Score
			fd.Masks.Instances = append(fd.Masks.Instances, instanceDoc{ID: j + 1, Label: m.Label, Score: &s, TaskNoun: m.TaskNoun})
		}
		err = put(fd.Masks.Labels, labels)
	} else {
		fd.Masks.RLE = fmt.Sprintf("masks%d.json", i)
		var b []byte
		if b, err = encodeRLEFile(fr.Masks, p.W, p.H); err == nil {
			err = put(fd.Masks.RLE, b)
		}
	}
	if err != nil {
		return fd, err
	}
	fd.Depth = fmt.Sprintf("depth%d.npy", i)
	if err := putNPY(put, fd.Depth, []int{p.H, p.W}, fr.Depth); err != nil {
		return fd, err
	}
	if fr.Arm != nil {
		fd.Arm = fmt.Sprintf("arm%d.png", i)
		b, err := encodeArm(fr.Arm, p.W, p.H)
		if err == nil {
			err = put(fd.Arm, b)
		}
		if err != nil {
			return fd, err
		}
	}
	return fd, nil
}

// encodeRLEFile returns masks as a COCO RLE masks file with compressed
// counts.
func encodeRLEFile(masks []real.Mask, w, h int) ([]byte, error) {
	docs := make([]rleDoc, len(masks))
	for i, m := range masks {
		counts, err := pixToRLE(m.Pix, h, w)
		if err != nil {
			return nil, err
		}
		s, err := marshalJSON(encodeRLEString(counts), "")
		if err != nil {
			return nil, err
		}
		score := m.Score
		docs[i] = rleDoc{Label: m.Label, Score: &score, TaskNoun: m.TaskNoun, Segmentation: &rleSeg{Size: []int{h, w}, Counts: s}}
	}
	return marshalJSON(docs, " ")
}

// marshalJSON encodes v indented by indent ("" for one line, no final
// newline), leaving '<', '>' and '&' unescaped (they occur in compressed
// RLE counts and labels).
func marshalJSON(v any, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if indent == "" {
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
	return buf.Bytes(), nil
}

// putNPY writes a float32 array as a C-ordered .npy file.
func putNPY(put func(string, []byte) error, name string, shape []int, data []float32) error {
	var buf bytes.Buffer
	if err := render.WriteNPY(&buf, shape, data); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return put(name, buf.Bytes())
}
