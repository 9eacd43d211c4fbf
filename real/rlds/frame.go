package rlds

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // RLDS frames are JPEG ...
	_ "image/png"  // ... or PNG.
)

// DecodeFrame decodes the frame of camera cam at step. The frame's
// dimensions are read first and checked against MaxFrameSide and
// MaxFramePixels, so a header declaring a huge image is refused before
// the pixels are allocated. A frame that does not decode is an *Error
// naming the camera's feature and the step.
func (e *Episode) DecodeFrame(cam Camera, step int) (image.Image, error) {
	data, err := e.Frame(cam, step)
	if err != nil {
		return nil, err
	}
	img, err := DecodeImage(data)
	if err != nil {
		return nil, &Error{File: e.File, Record: e.Record, Feature: e.keys[cam], Step: step, Err: err}
	}
	return img, nil
}

// DecodeImage decodes an encoded JPEG or PNG frame after checking its
// dimensions against MaxFrameSide and MaxFramePixels.
func DecodeImage(data []byte) (image.Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("frame does not decode (%d bytes): %w", len(data), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxFrameSide || cfg.Height > MaxFrameSide ||
		int64(cfg.Width)*int64(cfg.Height) > MaxFramePixels {
		return nil, fmt.Errorf("%w: %s frame of %d×%d pixels (at most %d per side, %d in all)",
			ErrTooLarge, format, cfg.Width, cfg.Height, MaxFrameSide, MaxFramePixels)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s frame does not decode (%d bytes): %w", format, len(data), err)
	}
	return img, nil
}
