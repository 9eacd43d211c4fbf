package flow

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"flowbench/sim"
)

// WritePNG encodes an image as PNG and writes it atomically (temporary file + rename).
func WritePNG(path string, img image.Image) error {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return sim.WriteFileAtomic(path, b.Bytes())
}
