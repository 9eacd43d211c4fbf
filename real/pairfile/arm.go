package pairfile

import (
	"bytes"
	"image"
	"image/png"
)

// readArm reads an arm mask PNG of any colour model: a pixel is arm when
// its gray value, palette index or colour (R, G or B) is nonzero.
func (r *pairReader) readArm(file, field string) ([]bool, error) {
	img, _, err := r.readImageFile(file, field, "an arm mask PNG", []string{kindPNG}, nil)
	if err != nil {
		return nil, err
	}
	return armFromImage(img, r.w, r.h), nil
}

// armFromImage turns a decoded W×H arm image into a row-major mask.
func armFromImage(img image.Image, w, h int) []bool {
	arm := make([]bool, w*h)
	switch m := img.(type) {
	case *image.Gray:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+w]
			for x, v := range row {
				arm[y*w+x] = v != 0
			}
		}
	case *image.Paletted:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+w]
			for x, v := range row {
				arm[y*w+x] = v != 0
			}
		}
	case *image.Gray16:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+2*w]
			for x := 0; x < w; x++ {
				arm[y*w+x] = row[2*x] != 0 || row[2*x+1] != 0
			}
		}
	default:
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				arm[y*w+x] = cr != 0 || cg != 0 || cb != 0
			}
		}
	}
	return arm
}

// encodeArm writes an arm mask as an 8-bit gray PNG, 255 for arm.
func encodeArm(arm []bool, w, h int) ([]byte, error) {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i, a := range arm {
		if a {
			g.Pix[i] = 255
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
