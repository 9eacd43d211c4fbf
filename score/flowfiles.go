package score

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"flowbench/flow"
	"flowbench/render"
	"flowbench/storage/localfile"
)

// predictionPaths lists where a sample's prediction may be stored under
// dir: the id as a relative path (DIR/house_0/v1/occlusion.npy) or
// flattened with "__" for "/" (DIR/house_0__v1__occlusion.npy).
func predictionPaths(dir, id, ext string) []string {
	return []string{
		filepath.Join(dir, filepath.FromSlash(id)+ext),
		filepath.Join(dir, strings.ReplaceAll(id, "/", "__")+ext),
	}
}

// ReadPredictedFlow reads a sample's predicted flow from dir as .npy
// (float32 or float64, shape [H, W, 2]) or Middlebury .flo, and checks its
// size. found is false when no file exists; a sample with both an .npy and
// a .flo file is an error.
func ReadPredictedFlow(dir, id string, w, h int) (data []float32, found bool, err error) {
	var hits []string
	for _, ext := range []string{".npy", ".flo"} {
		for _, p := range predictionPaths(dir, id, ext) {
			if _, err := os.Stat(p); err == nil {
				hits = append(hits, p)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return nil, false, err
			}
		}
	}
	switch len(hits) {
	case 0:
		return nil, false, nil
	case 1:
	default:
		return nil, false, fmt.Errorf("sample %s has several predicted flows: %s", id, strings.Join(hits, ", "))
	}
	p := hits[0]
	if strings.HasSuffix(p, ".flo") {
		f, err := flow.ReadFlo(p)
		if err != nil {
			return nil, false, err
		}
		if f.W != w || f.H != h {
			return nil, false, fmt.Errorf("%s: flow is %dx%d, ground truth %dx%d", p, f.W, f.H, w, h)
		}
		return f.D, true, nil
	}
	shape, raw, err := render.ReadNPYFile(p)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", p, err)
	}
	if len(shape) != 3 || shape[0] != h || shape[1] != w || shape[2] != 2 {
		return nil, false, fmt.Errorf("%s: shape %v, want [%d %d 2] (H, W, 2)", p, shape, h, w)
	}
	switch v := raw.(type) {
	case []float32:
		return v, true, nil
	case []float64:
		out := make([]float32, len(v))
		for i, x := range v {
			out[i] = float32(x)
		}
		return out, true, nil
	}
	return nil, false, fmt.Errorf("%s: dtype %T, want float32 or float64", p, raw)
}

// Bounds on a generated frame: its file size and its declared pixels (the
// decoder allocates from the declared size before reading the data).
const (
	maxFrameFileBytes = 256 << 20
	maxFramePixels    = 8192 * 8192
)

// ReadPredictedFrame reads a sample's generated outcome frame (PNG) from dir.
// A file over 256 MiB or a PNG declaring more than 8192 × 8192 pixels is
// refused before it is decoded.
func ReadPredictedFrame(dir, id string) (image.Image, bool, error) {
	for _, p := range predictionPaths(dir, id, ".png") {
		f, err := localfile.Open(p, maxFrameFileBytes, "a PNG frame")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, false, err
		}
		data, err := io.ReadAll(io.LimitReader(f, maxFrameFileBytes+1))
		f.Close()
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", p, err)
		}
		if len(data) > maxFrameFileBytes {
			return nil, false, fmt.Errorf("%s: the file is longer than the %d-byte limit for a frame", p, maxFrameFileBytes)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err == nil && int64(cfg.Width)*int64(cfg.Height) > maxFramePixels {
			return nil, false, fmt.Errorf("%s: the PNG declares %d × %d pixels, more than the %d-pixel limit", p, cfg.Width, cfg.Height, maxFramePixels)
		}
		img, err := DecodePNG(data, p)
		return img, err == nil, err
	}
	return nil, false, nil
}
