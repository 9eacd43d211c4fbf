package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"

	"flowbench/sim"
)

// Output file names written by WriteFrameFiles.
const (
	FileRGB      = "rgb.png"
	FileDepthPNG = "depth.png"
	FileDepthNPY = "depth.npy"
	FileIDsNPY   = "ids.npy"
	FileSegPNG   = "seg.png"
	FileIDTable  = "ids.json"
)

// WritePNG encodes img as PNG and writes it atomically.
func WritePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return sim.WriteFileAtomic(path, buf.Bytes())
}

// DepthImage16 converts planar depth in metres to a 16-bit grey image in
// millimetres (rounded, saturating at 65535; 0 stays 0 = no hit).
func DepthImage16(depth []float32, width, height int) *image.Gray16 {
	img := image.NewGray16(image.Rect(0, 0, width, height))
	for i, d := range depth[:width*height] {
		mm := math.Round(float64(d) * 1000)
		switch {
		case !(mm > 0):
			mm = 0
		case mm > math.MaxUint16:
			mm = math.MaxUint16
		}
		img.Pix[2*i] = uint8(uint16(mm) >> 8)
		img.Pix[2*i+1] = uint8(uint16(mm))
	}
	return img
}

// SegColor returns the colour of instance id in segmentation images: black
// for 0, else a deterministic, well-spread hue per id.
func SegColor(id uint16) color.RGBA {
	if id == 0 {
		return color.RGBA{0, 0, 0, 255}
	}
	h := math.Mod(float64(id)*0.6180339887498949, 1)
	s := 0.55 + 0.4*math.Mod(float64(id)*0.37, 1)
	v := 0.65 + 0.35*math.Mod(float64(id)*0.71, 1)
	c := sim.HSV(h, s, v)
	return color.RGBA{uint8(math.Round(255 * c.R)), uint8(math.Round(255 * c.G)), uint8(math.Round(255 * c.B)), 255}
}

// SegImage colours an instance-id map with SegColor.
func SegImage(ids []uint16, width, height int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i, id := range ids[:width*height] {
		c := SegColor(id)
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = c.R, c.G, c.B, 255
	}
	return img
}

// IDTableEntry is one row of ids.json.
type IDTableEntry struct {
	Instance int    `json:"instance"`
	ID       string `json:"id"`
	Class    int    `json:"class"`
	Pixels   int    `json:"pixels"`
	// BBox is [u0, v0, u1, v1] inclusive, absent when not visible.
	BBox     []int     `json:"bbox,omitempty"`
	Centroid []float64 `json:"centroid,omitempty"`
}

// IDTableJSON describes every instance of the frame: its id string, its class
// (the class of its pixels) and its visible-mask statistics.
func IDTableJSON(f *Frame) ([]byte, error) {
	classOfInst := make([]int, len(f.IDTable))
	for i, id := range f.IDs {
		classOfInst[id] = int(f.ClassIDs[i])
	}
	var rows []IDTableEntry
	for i := 1; i < len(f.IDTable); i++ {
		e := IDTableEntry{Instance: i, ID: f.IDTable[i], Class: classOfInst[i]}
		if i < len(f.Stats) && f.Stats[i].Pixels > 0 {
			s := f.Stats[i]
			e.Pixels = s.Pixels
			e.BBox = []int{s.Min.X, s.Min.Y, s.Max.X, s.Max.Y}
			e.Centroid = []float64{s.Centroid[0], s.Centroid[1]}
		}
		rows = append(rows, e)
	}
	b, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WriteFrameFiles writes rgb.png, depth.png (uint16 millimetres),
// depth.npy (float32 metres, shape (H, W)), ids.npy (uint16, shape (H, W)),
// seg.png and ids.json into dir, creating it if needed. Each file is
// written atomically.
func WriteFrameFiles(dir string, f *Frame) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	shape := []int{f.Height, f.Width}
	if err := WritePNG(filepath.Join(dir, FileRGB), f.RGB); err != nil {
		return err
	}
	if err := WritePNG(filepath.Join(dir, FileDepthPNG), DepthImage16(f.Depth, f.Width, f.Height)); err != nil {
		return err
	}
	if err := WriteNPYFile(filepath.Join(dir, FileDepthNPY), shape, f.Depth); err != nil {
		return err
	}
	if err := WriteNPYFile(filepath.Join(dir, FileIDsNPY), shape, f.IDs); err != nil {
		return err
	}
	if err := WritePNG(filepath.Join(dir, FileSegPNG), SegImage(f.IDs, f.Width, f.Height)); err != nil {
		return err
	}
	tab, err := IDTableJSON(f)
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(filepath.Join(dir, FileIDTable), tab)
}
