package render

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"
)

// RenderLabelsInto draws exactly the depth, ids and stats of
// RenderInto, and leaves RGB untouched (a nil image stays nil).
func TestRenderLabelsMatchRender(t *testing.T) {
	s := randomScene(t, 11, 20)
	rng := rand.New(rand.NewPCG(11, 12))
	r, err := New(s, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 6; k++ {
		cam := randomCamera(s, rng, 96, 72)
		var full, labels Frame
		if err := r.RenderInto(cam, &full); err != nil {
			t.Fatal(err)
		}
		if err := r.RenderLabelsInto(cam, &labels); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(full.Depth, labels.Depth) || !slices.Equal(full.IDs, labels.IDs) {
			t.Fatalf("camera %d: labels differ from the full render", k)
		}
		for i := range full.Stats {
			if full.Stats[i] != labels.Stats[i] {
				t.Fatalf("camera %d: stats of instance %d differ", k, i)
			}
		}
		if labels.RGB != nil {
			t.Fatalf("camera %d: RenderLabelsInto made an RGB image", k)
		}
		// An existing image is left as it was.
		labels.RGB = image.NewRGBA(image.Rect(0, 0, cam.Width, cam.Height))
		if err := r.RenderLabelsInto(cam, &labels); err != nil {
			t.Fatal(err)
		}
		for _, p := range labels.RGB.Pix {
			if p != 0 {
				t.Fatalf("camera %d: RenderLabelsInto wrote RGB", k)
			}
		}
	}
}
