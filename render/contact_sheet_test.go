package render

import (
	"image"
	"math/rand/v2"
	"testing"
)

func TestContactSheetLaysOutViewsAndLabels(t *testing.T) {
	s := randomScene(t, 3, 12)
	rng := rand.New(rand.NewPCG(3, 4))
	var cells []SheetCell
	for i := 0; i < 3; i++ {
		cells = append(cells, SheetCell{Label: "Cell\nsecond line", Scene: s, Camera: randomCamera(s, rng, 64, 48)})
	}
	sheet, err := ContactSheet(cells, 2, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := image.Rect(0, 0, 2*64, 2*(48+sheetLabelHeight)); sheet.Rect != want {
		t.Fatalf("sheet is %v, want %v", sheet.Rect, want)
	}
	// The third cell (row 1, column 0) is exactly the view rendered on its own.
	r, _ := New(s, Options{Workers: 1})
	f, err := r.Render(cells[2].Camera)
	if err != nil {
		t.Fatal(err)
	}
	y0 := 48 + sheetLabelHeight
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			if sheet.RGBAAt(x, y0+y) != f.RGB.RGBAAt(x, y) {
				t.Fatalf("cell 2 pixel (%d,%d) differs from the direct render", x, y)
			}
		}
	}
	// Labels are drawn: dark pixels in the first label strip; the empty
	// fourth cell stays background.
	dark := 0
	for y := 48; y < 48+sheetLabelHeight; y++ {
		for x := 0; x < 64; x++ {
			if c := sheet.RGBAAt(x, y); c.R < 128 {
				dark++
			}
		}
	}
	if dark < 20 {
		t.Errorf("label strip has %d dark pixels; the label was not drawn", dark)
	}
	if c := sheet.RGBAAt(64+30, y0+20); c.R != 250 {
		t.Errorf("empty cell pixel = %v, want the background", c)
	}
	if _, err := ContactSheet(append(cells, SheetCell{Label: "odd", Scene: s, Camera: randomCamera(s, rng, 32, 32)}), 2, Options{}); err == nil {
		t.Error("a cell of another size was accepted")
	}
}
