package simsource

import (
	"fmt"
	"image"
	"image/draw"
	"os"
	"path/filepath"
	"testing"
	"time"

	"flowbench/render"
)

// TestLookWrite writes frame0/frame1 side by side for a few pairs when
// SIMSOURCE_LOOK names a directory (for a person to look at), dressed with
// the installed furniture libraries when SIMSOURCE_LOOK_ASSETS=1.
func TestLookWrite(t *testing.T) {
	dir := os.Getenv("SIMSOURCE_LOOK")
	if dir == "" {
		t.Skip("set SIMSOURCE_LOOK=DIR to write pictures")
	}
	var opts GenerateOptions
	if os.Getenv("SIMSOURCE_LOOK_ASSETS") == "1" {
		opts.Assets = testLibrary(t)
	}
	for i := 0; i < 6; i++ {
		t0 := time.Now()
		p, tr, err := GenerateWith(1, i, NoiseNone, opts)
		if err != nil {
			t.Fatal(err)
		}
		el := time.Since(t0)
		img := image.NewRGBA(image.Rect(0, 0, 2*p.W, p.H))
		draw.Draw(img, image.Rect(0, 0, p.W, p.H), p.F0.Image, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(p.W, 0, 2*p.W, p.H), p.F1.Image, image.Point{}, draw.Src)
		if err := render.WritePNG(filepath.Join(dir, fmt.Sprintf("pair%d.png", i)), img); err != nil {
			t.Fatal(err)
		}
		mv := tr.Objects[tr.Movers[0]]
		t.Logf("pair %d: %v, %s on %s, %d objects, %d masks, movers %d, mover %s moved %.3f m, cam pitch %.0f", i, el, tr.House, tr.Surface,
			len(tr.Objects), len(p.F0.Masks), len(tr.Movers), mv.Label, mv.Center1.Sub(mv.Center0).Len(), tr.Camera.Horizon)
	}
}
