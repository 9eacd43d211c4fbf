package flow

import (
	"image/color"
	"math"
	"testing"
)

func TestColorWheelTable(t *testing.T) {
	if WheelColors != 55 {
		t.Fatalf("%d wheel colours, want 55", WheelColors)
	}
	// First colour of each segment: red, yellow, green, cyan, blue, magenta.
	starts := map[int][3]float64{0: {255, 0, 0}, 15: {255, 255, 0}, 21: {0, 255, 0}, 25: {0, 255, 255}, 36: {0, 0, 255}, 49: {255, 0, 255}}
	for k, want := range starts {
		if colorWheel[k] != want {
			t.Errorf("wheel[%d] = %v, want %v", k, colorWheel[k], want)
		}
	}
	// Within a segment one channel ramps by floor(255·i/n): RY step 1 of 15 is 17.
	if colorWheel[1] != [3]float64{255, 17, 0} || colorWheel[54] != [3]float64{255, 0, 43} {
		t.Errorf("wheel[1] = %v, wheel[54] = %v", colorWheel[1], colorWheel[54])
	}
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

func TestWheelColorDirectionsAndSaturation(t *testing.T) {
	cases := []struct {
		u, v float64
		want color.RGBA
	}{
		{0, 0, color.RGBA{255, 255, 255, 255}},   // no motion: white
		{1, 0, color.RGBA{255, 0, 0, 255}},       // right: red
		{-1, 0, color.RGBA{0, 255, 255, 255}},    // left: the wheel's middle, fk = 27 (cyan side of CB)
		{0, 1, color.RGBA{255, 229, 0, 255}},     // down: fk = 13.5, between wheel[13] and wheel[14]
		{0, -1, color.RGBA{88, 0, 255, 255}},     // up: fk = 40.5, BM steps 4 and 5 of 13: r = (78+98)/2
		{0.5, 0, color.RGBA{255, 127, 127, 255}}, // half length: half saturated
		{2, 0, color.RGBA{191, 0, 0, 255}},       // beyond the normaliser: 75 % brightness
	}
	for _, tc := range cases {
		// The independent expectation for "left" is wheel[27] = CB step 2 of 11: (0, 255-46, 255).
		want := tc.want
		if tc.u == -1 {
			want = color.RGBA{0, 209, 255, 255}
		}
		if got := WheelColor(tc.u, tc.v); !near(got, want, 1) {
			t.Errorf("WheelColor(%g, %g) = %v, want %v", tc.u, tc.v, got, want)
		}
	}
	// Hue depends only on direction; saturation grows monotonically with length.
	prev := -1
	for r := 0.0; r <= 1; r += 0.05 {
		c := WheelColor(r*math.Cos(1), r*math.Sin(1))
		sat := int(max(c.R, c.G, c.B)) - int(min(c.R, c.G, c.B))
		if sat < prev {
			t.Fatalf("saturation drops from %d to %d at length %g", prev, sat, r)
		}
		prev = sat
	}
}

func TestColorImageNormalisesMasksAndDrawsLegend(t *testing.T) {
	f := NewField(120, 100)
	f.D[2*(50*120+10)] = 4       // pixel (10, 50) moves 4 px right: the largest vector
	f.D[2*(50*120+11)] = 2       // pixel (11, 50): half of it
	f.D[2*(60*120+10)] = Unknown // unknown
	f.D[2*(60*120+10)+1] = Unknown
	img := ColorImage(f, WheelOptions{})
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, y) }
	if !near(at(10, 50), color.RGBA{255, 0, 0, 255}, 1) || !near(at(11, 50), color.RGBA{255, 127, 127, 255}, 1) {
		t.Errorf("normalised colours %v %v", at(10, 50), at(11, 50))
	}
	if at(10, 60) != (color.RGBA{0, 0, 0, 255}) || at(20, 80) != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("unknown pixel %v, still pixel %v", at(10, 60), at(20, 80))
	}
	// Legend: radius max(8, 100/12) = 8, centre (120-2-8-1, 2+8) = (109, 10);
	// its right edge shows "right" (red) and its centre white.
	if !near(at(109+7, 10), WheelColor(7.0/8, 0), 0) || at(109, 10) != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("legend right %v, centre %v", at(116, 10), at(109, 10))
	}
	// A fixed Max and a mask.
	mask := make([]uint8, 120*100)
	mask[50*120+11] = 1
	img = ColorImage(f, WheelOptions{Max: 8, Mask: mask, NoLegend: true})
	if !near(img.RGBAAt(11, 50), WheelColor(0.25, 0), 0) || img.RGBAAt(10, 50) != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("masked image: %v %v", img.RGBAAt(11, 50), img.RGBAAt(10, 50))
	}
	if img.RGBAAt(109, 10) != (color.RGBA{0, 0, 0, 255}) {
		t.Error("NoLegend still drew a legend")
	}
}
