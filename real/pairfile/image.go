package pairfile

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// Image kinds a frame file may be, told from its first bytes.
const (
	kindPNG  = "PNG"
	kindJPEG = "JPEG"
)

// sniffImage returns kindPNG or kindJPEG from a file's first bytes, ""
// for anything else.
func sniffImage(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return kindPNG
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		return kindJPEG
	}
	return ""
}

// imageExt returns the file extension for an image kind.
func imageExt(kind string) string {
	if kind == kindJPEG {
		return ".jpg"
	}
	return ".png"
}

// decodeConfig reads the header of a PNG or JPEG file.
func decodeConfig(kind string, b []byte) (image.Config, error) {
	if kind == kindJPEG {
		return jpeg.DecodeConfig(bytes.NewReader(b))
	}
	return png.DecodeConfig(bytes.NewReader(b))
}

// decodeImage decodes a PNG or JPEG file.
func decodeImage(kind string, b []byte) (image.Image, error) {
	if kind == kindJPEG {
		return jpeg.Decode(bytes.NewReader(b))
	}
	return png.Decode(bytes.NewReader(b))
}

// readImageFile reads an image file of the description, which must be one
// of kinds, and checks from its header, before decoding, that it is W×H;
// check may refuse the header's colour model.
func (r *pairReader) readImageFile(file, field, what string, kinds []string, check func(image.Config) string) (image.Image, []byte, error) {
	b, err := r.readFile(file, field, MaxImageBytes, what)
	if err != nil {
		return nil, nil, err
	}
	kind := sniffImage(b)
	ok := false
	for _, k := range kinds {
		ok = ok || k == kind
	}
	if !ok {
		if len(kinds) == 1 {
			return nil, nil, r.dataErr(file, field, "not a %s file", kinds[0])
		}
		return nil, nil, r.dataErr(file, field, "not a PNG or JPEG file")
	}
	cfg, err := decodeConfig(kind, b)
	if err != nil {
		return nil, nil, r.dataErr(file, field, "reading the %s header: %v", kind, err)
	}
	if cfg.Width != r.w || cfg.Height != r.h {
		return nil, nil, r.dataErr(file, field, "image is %d×%d (want %d×%d, width × height)", cfg.Width, cfg.Height, r.w, r.h)
	}
	if check != nil {
		if why := check(cfg); why != "" {
			return nil, nil, r.dataErr(file, field, "%s", why)
		}
	}
	img, err := decodeImage(kind, b)
	if err != nil {
		return nil, nil, r.dataErr(file, field, "decoding the %s: %v", kind, err)
	}
	if img.Bounds() != image.Rect(0, 0, r.w, r.h) {
		return nil, nil, r.dataErr(file, field, "decoded image spans %v (want %d×%d)", img.Bounds(), r.w, r.h)
	}
	return img, b, nil
}

// readImage reads a frame: PNG or JPEG, W×H. It returns the decoded image
// and the file's bytes.
func (r *pairReader) readImage(file, field string) (image.Image, []byte, error) {
	return r.readImageFile(file, field, "a frame image", []string{kindPNG, kindJPEG}, nil)
}

// modelName describes a colour model for errors.
func modelName(m color.Model) string {
	switch m {
	case color.GrayModel:
		return "8-bit gray"
	case color.Gray16Model:
		return "16-bit gray"
	case color.RGBAModel, color.NRGBAModel:
		return "8-bit RGB(A)"
	case color.RGBA64Model, color.NRGBA64Model:
		return "16-bit RGB(A)"
	case color.YCbCrModel:
		return "YCbCr"
	case color.CMYKModel:
		return "CMYK"
	}
	if _, ok := m.(color.Palette); ok {
		return "paletted"
	}
	return "of an unknown colour model"
}
