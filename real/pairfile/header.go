package pairfile

import (
	"fmt"
	"math"
	"regexp"

	"flowbench/real"
)

// idPattern is what a pair id may be: it names output rows and question
// ids ("<pair>/<category>").
var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// checkID refuses an id that is empty, too long or holds other characters
// than letters, digits, '.', '_' and '-' (not first).
func checkID(id string) string {
	switch {
	case id == "":
		return "empty pair id"
	case len(id) > MaxIDBytes:
		return fmt.Sprintf("pair id is %d bytes (at most %d)", len(id), MaxIDBytes)
	case !idPattern.MatchString(id):
		return fmt.Sprintf("pair id %q may hold only letters, digits, '.', '_' and '-' (not first)", id)
	}
	return ""
}

// header is what pair.json says about the pair as a whole.
type header struct {
	source real.Source
	k      real.Intrinsics
	w, h   int
}

// checkHeader checks pair.json's fields other than the files: format,
// source, task, size, intrinsics and the frame count.
func (r *pairReader) checkHeader(d *pairDoc) (*header, error) {
	if d.Format != FormatV1 {
		if d.Format == "" {
			return nil, r.docErr("format", "missing (want %q)", FormatV1)
		}
		return nil, r.docErr("format", "unsupported format %q (want %q)", d.Format, FormatV1)
	}
	src, err := r.source(&d.Source)
	if err != nil {
		return nil, err
	}
	if len(d.Task) > MaxTaskBytes {
		return nil, r.docErr("task", "%d bytes (at most %d)", len(d.Task), MaxTaskBytes)
	}
	if d.Width < MinSize || d.Width > MaxSize {
		return nil, r.docErr("width", "%d (want %d..%d)", d.Width, MinSize, MaxSize)
	}
	if d.Height < MinSize || d.Height > MaxSize {
		return nil, r.docErr("height", "%d (want %d..%d)", d.Height, MinSize, MaxSize)
	}
	hd := &header{source: src, w: d.Width, h: d.Height}
	if hd.k, err = r.intrinsics(d, src); err != nil {
		return nil, err
	}
	if len(d.Frames) != 2 {
		return nil, r.docErr("frames", "%d frames (want exactly 2: I0 and I1)", len(d.Frames))
	}
	if d.Tracks == "" {
		return nil, r.docErr("tracks", "missing (the point tracks .npy is required)")
	}
	return hd, nil
}

// source resolves pair.json's "source" to its constants.
func (r *pairReader) source(s *sourceDoc) (real.Source, error) {
	if s.Custom == nil {
		switch s.Name {
		case "":
			return real.Source{}, r.docErr("source", "missing (want one of %v)", real.SourceNames)
		case real.Custom:
			return real.Source{}, r.docErr("source", `a custom source is an object {"name": "custom", "g": …, "margin": …}`)
		}
		src, err := real.LookupSource(s.Name)
		if err != nil {
			return real.Source{}, r.docErr("source", "%v", err)
		}
		return src, nil
	}
	c := s.Custom
	switch {
	case c.Name != real.Custom:
		return real.Source{}, r.docErr("source.name", "%q in an object source (want %q; name a known source as a string)", c.Name, real.Custom)
	case c.G == nil:
		return real.Source{}, r.docErr("source.g", "missing (a custom source needs its depth factor g)")
	case c.Margin == nil:
		return real.Source{}, r.docErr("source.margin", "missing (a custom source needs its margin m, metres)")
	}
	src, err := real.CustomSource(*c.G, *c.Margin, c.RoomScale, c.DepthOrder)
	if err != nil {
		return real.Source{}, r.docErr("source", "%v", err)
	}
	return src, nil
}

// intrinsics returns pair.json's intrinsics, or the appendix default where
// it may stand in (640×480, any source but DROID).
func (r *pairReader) intrinsics(d *pairDoc, src real.Source) (real.Intrinsics, error) {
	in := d.Intrinsics
	if in == nil {
		switch {
		case src.Name == real.DROID:
			return real.Intrinsics{}, r.docErr("intrinsics", "missing (DROID pairs need their calibrated intrinsics)")
		case d.Width != real.DefaultWidth || d.Height != real.DefaultHeight:
			return real.Intrinsics{}, r.docErr("intrinsics", "missing (the default f = %g, c = (%g, %g) holds only at %d×%d, the frames are %d×%d)",
				real.DefaultFocal, real.DefaultCx, real.DefaultCy, real.DefaultWidth, real.DefaultHeight, d.Width, d.Height)
		}
		return real.DefaultIntrinsics, nil
	}
	vals := []struct {
		name string
		v    *float64
		max  float64
	}{{"fx", in.Fx, MaxFocal}, {"fy", in.Fy, MaxFocal}, {"cx", in.Cx, float64(d.Width)}, {"cy", in.Cy, float64(d.Height)}}
	for i, f := range vals {
		field := "intrinsics." + f.name
		switch {
		case f.v == nil:
			return real.Intrinsics{}, r.docErr(field, "missing")
		case math.IsNaN(*f.v) || *f.v > f.max:
			return real.Intrinsics{}, r.docErr(field, "%g (at most %g)", *f.v, f.max)
		case i < 2 && !(*f.v > 0):
			return real.Intrinsics{}, r.docErr(field, "%g (a focal length must be > 0)", *f.v)
		case i >= 2 && *f.v < 0:
			return real.Intrinsics{}, r.docErr(field, "%g (the principal point must lie in the frame)", *f.v)
		}
	}
	return real.Intrinsics{Fx: *in.Fx, Fy: *in.Fy, Cx: *in.Cx, Cy: *in.Cy}, nil
}
