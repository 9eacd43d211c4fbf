package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"flowbench/sim"

	"github.com/fogleman/gg"
)

// SheetCell is one labelled view of a contact sheet.
type SheetCell struct {
	Label  string // up to two lines, separated by "\n"
	Scene  *sim.Scene
	Camera sim.Camera // its Width and Height set the cell's image size
}

// sheetLabelHeight is the label strip under each cell, in pixels.
const sheetLabelHeight = 30

// ContactSheet renders every cell with opts and lays them out in a grid of
// cols columns, each view above its label. All cells must have the same
// image size.
func ContactSheet(cells []SheetCell, cols int, opts Options) (*image.RGBA, error) {
	if len(cells) == 0 {
		return nil, fmt.Errorf("render: contact sheet: no cells")
	}
	if cols < 1 {
		cols = 1
	}
	w, h := cells[0].Camera.Width, cells[0].Camera.Height
	imgs := make([]image.Image, len(cells))
	labels := make([]string, len(cells))
	for i, c := range cells {
		if c.Camera.Width != w || c.Camera.Height != h {
			return nil, fmt.Errorf("render: contact sheet: cell %d (%s) is %dx%d, not %dx%d", i, c.Label, c.Camera.Width, c.Camera.Height, w, h)
		}
		r, err := New(c.Scene, opts)
		if err != nil {
			return nil, fmt.Errorf("render: contact sheet: cell %d (%s): %w", i, c.Label, err)
		}
		f, err := r.Render(c.Camera)
		if err != nil {
			return nil, fmt.Errorf("render: contact sheet: cell %d (%s): %w", i, c.Label, err)
		}
		imgs[i], labels[i] = f.RGB, c.Label
	}
	return ImageSheet(imgs, labels, cols), nil
}

// ImageSheet lays images out in a grid of cols columns, each above its
// label (up to two lines, separated by "\n"), on a light background. Every
// cell takes the size of the first image; larger images are cropped to it.
func ImageSheet(imgs []image.Image, labels []string, cols int) *image.RGBA {
	if len(imgs) == 0 {
		return image.NewRGBA(image.Rect(0, 0, 0, 0))
	}
	if cols < 1 {
		cols = 1
	}
	w, h := imgs[0].Bounds().Dx(), imgs[0].Bounds().Dy()
	rows := (len(imgs) + cols - 1) / cols
	cw, ch := w, h+sheetLabelHeight
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cw, rows*ch))
	draw.Draw(sheet, sheet.Rect, image.NewUniform(color.RGBA{250, 250, 250, 255}), image.Point{}, draw.Src)
	for i, img := range imgs {
		x0, y0 := (i%cols)*cw, (i/cols)*ch
		draw.Draw(sheet, image.Rect(x0, y0, x0+w, y0+h), img, img.Bounds().Min, draw.Src)
	}
	dc := gg.NewContextForRGBA(sheet)
	dc.SetFontFace(badgeFace(11))
	dc.SetRGB(0.1, 0.1, 0.1)
	for i := range imgs {
		if i >= len(labels) {
			break
		}
		x0, y0 := float64((i%cols)*cw), float64((i/cols)*ch+h)
		for k, line := range splitLines(labels[i], 2) {
			dc.DrawStringAnchored(fitText(dc, line, float64(w-4)), x0+float64(w)/2, y0+9+13*float64(k), 0.5, 0.5)
		}
	}
	return sheet
}

// splitLines splits s at newlines into at most n lines.
func splitLines(s string, n int) []string {
	var out []string
	start := 0
	for i := 0; i < len(s) && len(out) < n-1; i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// fitText shortens s with an ellipsis until it is at most width pixels wide.
func fitText(dc *gg.Context, s string, width float64) string {
	r := []rune(s)
	for len(r) > 1 {
		if tw, _ := dc.MeasureString(string(r)); tw <= width {
			return string(r)
		}
		r = append(r[:len(r)-2], '…')
	}
	return string(r)
}
