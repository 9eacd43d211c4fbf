package marks

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"testing"
)

// photoLike is a 640×480 stand-in for a photo: a smooth two-way gradient
// with coloured rectangles (objects) and a little deterministic noise.
func photoLike(w, h int) (*image.NRGBA, [][]int32) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := uint8((x*7 + y*13) % 9)
			img.SetNRGBA(x, y, color.NRGBA{uint8(90 + 100*x/w + int(n)), uint8(80 + 60*y/h + int(n)), uint8(70 + 40*(x+y)/(w+h)), 255})
		}
	}
	rects := []struct {
		r image.Rectangle
		c color.NRGBA
	}{
		{image.Rect(60, 60, 200, 180), color.NRGBA{200, 40, 40, 255}},    // red box
		{image.Rect(260, 90, 340, 250), color.NRGBA{40, 150, 60, 255}},   // green bottle
		{image.Rect(400, 50, 560, 140), color.NRGBA{240, 230, 210, 255}}, // white plate
		{image.Rect(90, 280, 230, 420), color.NRGBA{40, 60, 170, 255}},   // blue mug
		{image.Rect(380, 300, 520, 400), color.NRGBA{230, 200, 40, 255}}, // yellow sponge
		{image.Rect(560, 380, 640, 480), color.NRGBA{30, 30, 30, 255}},   // black thing in the corner
		{image.Rect(0, 0, 40, 40), color.NRGBA{150, 90, 40, 255}},        // brown thing in the corner
	}
	var masks [][]int32
	for _, r := range rects {
		var m []int32
		for y := r.r.Min.Y; y < r.r.Max.Y; y++ {
			for x := r.r.Min.X; x < r.r.Max.X; x++ {
				shade := 0.85 + 0.3*float64(y-r.r.Min.Y)/float64(r.r.Dy())
				img.SetNRGBA(x, y, color.NRGBA{sat(float64(r.c.R) * shade), sat(float64(r.c.G) * shade), sat(float64(r.c.B) * shade), 255})
				m = append(m, int32(y*w+x))
			}
		}
		masks = append(masks, m)
	}
	return img, masks
}

func sat(v float64) uint8 { return uint8(math.Min(255, math.Max(0, math.Round(v)))) }

// TestWriteSample writes numbered and dotted sample images for a person to
// look at when MARKS_SAMPLE names a directory.
func TestWriteSample(t *testing.T) {
	dir := os.Getenv("MARKS_SAMPLE")
	if dir == "" {
		t.Skip("set MARKS_SAMPLE=dir to write sample images")
	}
	img, masks := photoLike(640, 480)
	var badges []Badge
	var dots []Dot
	cols, err := ChooseColors(img, masks, newRNG(3))
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range masks {
		x, y := Anchor(m, 640)
		badges = append(badges, Badge{N: k + 1, X: x, Y: y})
		dots = append(dots, Dot{X: x, Y: y, Color: cols[k]})
		t.Logf("object %d: %s", k, cols[k].Name)
	}
	badges = append(badges, Badge{N: 10, X: 320, Y: 440}, Badge{N: 12, X: 360, Y: 440})
	for _, out := range []struct {
		name string
		img  image.Image
	}{{"numbered.png", Numbered(img, badges)}, {"dots.png", Dots(img, dots)},
		{"zoom_badges.png", zoom(Numbered(img, badges), image.Rect(290, 410, 390, 470), 5)},
		{"zoom_badge1.png", zoom(Numbered(img, badges), image.Rect(100, 95, 160, 145), 5)},
		{"zoom_dots.png", zoom(Dots(img, dots), image.Rect(570, 400, 630, 460), 5)}} {
		f, err := os.Create(dir + "/" + out.name)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, out.img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	// Every digit, zoomed.
	var digits []Badge
	for n := range 10 {
		digits = append(digits, Badge{N: n, X: float64(20 + 26*n), Y: 20})
	}
	digits = append(digits, Badge{N: 10, X: 20, Y: 50}, Badge{N: 11, X: 46, Y: 50}, Badge{N: 25, X: 72, Y: 50}, Badge{N: 38, X: 98, Y: 50}, Badge{N: 99, X: 124, Y: 50})
	bg := image.NewNRGBA(image.Rect(0, 0, 640, 480))
	copy(bg.Pix, img.Pix)
	f0, _ := os.Create(dir + "/digits.png")
	png.Encode(f0, zoom(Numbered(bg, digits), image.Rect(0, 0, 270, 70), 4))
	f0.Close()
	// All palette colours as dots, for judging each.
	var all []Dot
	for i, c := range Palette() {
		all = append(all, Dot{X: 40 + float64(i)*50, Y: 240, Color: c}, Dot{X: 40 + float64(i)*50, Y: 200, Color: c})
	}
	f, _ := os.Create(dir + "/palette.png")
	png.Encode(f, Dots(img, all))
	f.Close()
}

// zoom returns the crop r of img scaled up k times (nearest neighbour).
func zoom(img image.Image, r image.Rectangle, k int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx()*k, r.Dy()*k))
	for y := 0; y < r.Dy()*k; y++ {
		for x := 0; x < r.Dx()*k; x++ {
			out.Set(x, y, img.At(r.Min.X+x/k, r.Min.Y+y/k))
		}
	}
	return out
}
