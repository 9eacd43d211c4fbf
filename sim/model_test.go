package sim

import (
	"image"
	"testing"
)

// Opaque reads v from the bottom of the image, as OBJ UVs, TexelRow and the
// renderer's colour sampling do: a texture whose top row is solid and bottom
// row a hole is solid at v = 0.75 and a hole at v = 0.25.
func TestTextureOpaqueCountsVFromTheBottom(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for x := 0; x < 2; x++ {
		img.Pix[0*img.Stride+4*x+3] = 255 // top row solid
		img.Pix[1*img.Stride+4*x+3] = 0   // bottom row a hole
	}
	tex := &Texture{Levels: []*image.NRGBA{img}}
	if !tex.Opaque(0.3, 0.75) {
		t.Error("v = 0.75 (top row) is a hole, want solid")
	}
	if tex.Opaque(0.3, 0.25) {
		t.Error("v = 0.25 (bottom row) is solid, want a hole")
	}
	if !tex.Opaque(0.3, 1.75) || tex.Opaque(0.3, -0.75) {
		t.Error("wrap-around does not repeat the rows")
	}
	if TexelRow(0.9, 10) != 0 || TexelRow(0.05, 10) != 9 {
		t.Errorf("TexelRow(0.9) = %d, TexelRow(0.05) = %d; want 0 and 9", TexelRow(0.9, 10), TexelRow(0.05, 10))
	}
}
