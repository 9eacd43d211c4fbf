package pairfile

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"

	"flowbench/render"
	"flowbench/storage/localfile"
)

// readNPY reads a float32 (or float64, converted) .npy array of exactly
// the given shape. The file may hold at most the shape's float64 data
// plus a header, so a file much larger than the frame's arrays is refused
// by its size before it is read; render.ReadNPYFile then refuses a header
// whose shape needs more data than the file holds before allocating it.
func (r *pairReader) readNPY(file, field string, shape []int) ([]float32, error) {
	if file == "" {
		return nil, r.docErr(field, "missing")
	}
	n := 1
	for _, s := range shape {
		n *= s
	}
	path := r.path(file)
	if _, err := localfile.Check(path, int64(maxNPYHeaderBytes+8*n), "an .npy array of shape "+shapeString(shape)); err != nil {
		return nil, r.fileErr(file, field, err)
	}
	got, data, err := render.ReadNPYFile(path)
	if err != nil {
		return nil, r.dataErr(file, field, "%s", strings.TrimPrefix(err.Error(), path+": "))
	}
	if !slices.Equal(got, shape) {
		return nil, r.dataErr(file, field, "shape %s (want %s)", shapeString(got), shapeString(shape))
	}
	switch d := data.(type) {
	case []float32:
		return d, nil
	case []float64:
		out := make([]float32, len(d))
		for i, v := range d {
			out[i] = float32(v)
		}
		return out, nil
	}
	return nil, r.dataErr(file, field, "dtype %s (want float32 or float64)", dtypeName(data))
}

// shapeString formats a shape as NumPy prints it.
func shapeString(shape []int) string {
	var sb bytes.Buffer
	sb.WriteByte('(')
	for i, s := range shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprint(&sb, s)
	}
	if len(shape) == 1 {
		sb.WriteByte(',')
	}
	sb.WriteByte(')')
	return sb.String()
}

// dtypeName names the NumPy dtype of a slice render.ReadNPY returned.
func dtypeName(data any) string {
	switch data.(type) {
	case []uint8:
		return "uint8"
	case []uint16:
		return "uint16"
	case []int32:
		return "int32"
	}
	return fmt.Sprintf("%T", data)
}

// readDepth reads a frame's depth: (H, W), every value finite and > 0.
func (r *pairReader) readDepth(file, field string) ([]float32, error) {
	d, err := r.readNPY(file, field, []int{r.h, r.w})
	if err != nil {
		return nil, err
	}
	if i, why := checkDepth(d); why != "" {
		return nil, r.dataErr(file, field, "depth at %s is %s (every depth must be finite and > 0)", pixelXY(i, r.w), why)
	}
	return d, nil
}

// checkDepth returns the first value that is not finite and > 0, and
// what it is.
func checkDepth(d []float32) (int, string) {
	for i, v := range d {
		if v > 0 && v <= math.MaxFloat32 {
			continue
		}
		return i, fmt.Sprint(v)
	}
	return -1, ""
}

// readVectors reads tracks or flow: (H, W, 2) displacements (dx, dy) in
// pixels. lost allows NaN in both components (a lost track).
func (r *pairReader) readVectors(file, field string, lost bool) ([]float32, error) {
	v, err := r.readNPY(file, field, []int{r.h, r.w, 2})
	if err != nil {
		return nil, err
	}
	if i, why := checkVectors(v, lost); why != "" {
		return nil, r.dataErr(file, field, "%s at %s", why, pixelXY(i, r.w))
	}
	return v, nil
}

// checkVectors returns the first pixel whose displacement is not allowed:
// infinite, NaN in one component only, or NaN at all unless lost.
func checkVectors(v []float32, lost bool) (int, string) {
	for i := 0; i+1 < len(v); i += 2 {
		if v[i]-v[i] == 0 && v[i+1]-v[i+1] == 0 { // both finite
			continue
		}
		dx, dy := float64(v[i]), float64(v[i+1])
		nx, ny := math.IsNaN(dx), math.IsNaN(dy)
		switch {
		case math.IsInf(dx, 0) || math.IsInf(dy, 0):
			return i / 2, fmt.Sprintf("infinite displacement (%g, %g)", dx, dy)
		case (nx || ny) && !lost:
			return i / 2, fmt.Sprintf("NaN displacement (%g, %g) (flow must be finite)", dx, dy)
		case nx != ny:
			return i / 2, fmt.Sprintf("displacement (%g, %g) is NaN in one component (a lost track is NaN in both)", dx, dy)
		}
	}
	return -1, ""
}
