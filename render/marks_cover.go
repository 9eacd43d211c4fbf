package render

import (
	"math"
	"sort"
)

// Coverage. A mark covers the pixels whose centre lies within its Radius of
// its centre (the drawn disc, outline included: DrawMarks strokes a circle
// of radius Radius − lw/2 with width lw). Its cover is the share of its
// object's visible pixels it covers, counted pixel by pixel, and it never
// exceeds MaxMarkCover: a mark's Fit is the largest radius that keeps the
// disc inside the visible mask and its cover within that share.

// MaxMarkCover is the largest share of its object's visible pixels a mark
// may cover.
const MaxMarkCover = 0.2

// MarkAreaFactor is 1/MaxMarkCover: an object's visible area must be at
// least this many times the pixel count of its mark's disc.
const MarkAreaFactor = 5

// discPixels is the number of pixel centres within r of a pixel centre.
func discPixels(r float64) int {
	n, k := 0, int(math.Floor(r))
	for j := -k; j <= k; j++ {
		for i := -k; i <= k; i++ {
			if float64(i*i+j*j) <= r*r {
				n++
			}
		}
	}
	return n
}

// MinMarkArea is the smallest visible area, in pixels, of an object that
// can carry a mark of MinMarkRadius: MarkAreaFactor times the pixels of that
// disc. It is a necessary condition of MarkFits, cheap enough to filter
// objects by their pixel counts first.
func MinMarkArea(style MarkStyle, width, height int) int {
	return MinAreaForRadius(MinMarkRadius(style, width, height))
}

// CoveredPixels counts the pixels of instance inst in f whose centre lies
// within r of (x, y) (covered), and all its pixels (visible).
func CoveredPixels(f *Frame, inst uint16, x, y, r float64) (covered, visible int) {
	if inst == 0 {
		return 0, 0
	}
	x0, x1 := max(0, int(math.Ceil(x-r))), min(f.Width-1, int(math.Floor(x+r)))
	y0, y1 := max(0, int(math.Ceil(y-r))), min(f.Height-1, int(math.Floor(y+r)))
	for v, id := range f.IDs {
		if id != inst {
			continue
		}
		visible++
		u, w := v%f.Width, v/f.Width
		if u >= x0 && u <= x1 && w >= y0 && w <= y1 {
			dx, dy := float64(u)-x, float64(w)-y
			if dx*dx+dy*dy <= r*r {
				covered++
			}
		}
	}
	return covered, visible
}

// MarkCover is the share of its object's visible pixels in f that mark m
// covers (0 for an object f does not show).
func MarkCover(f *Frame, m Mark) float64 {
	inst, _ := f.Instance(m.ID)
	c, n := CoveredPixels(f, inst, m.X, m.Y, m.Radius)
	if n == 0 {
		return 0
	}
	return float64(c) / float64(n)
}

// CarriesDot reports whether pixel (x, y) of instance inst in f carries a
// dot of radius r: every pixel centre closer than r + ½ belongs to the
// instance (the disc stays inside its visible mask, the image border
// counting as boundary), and the disc covers at most MaxMarkCover of the
// instance's visible pixels.
func CarriesDot(f *Frame, inst uint16, x, y int, r float64) bool {
	if inst == 0 || x < 0 || y < 0 || x >= f.Width || y >= f.Height {
		return false
	}
	k := int(math.Ceil(r + 0.5))
	for j := -k; j <= k; j++ {
		for i := -k; i <= k; i++ {
			if d := math.Hypot(float64(i), float64(j)); d >= r+0.5 {
				continue
			}
			u, v := x+i, y+j
			if u < 0 || v < 0 || u >= f.Width || v >= f.Height || f.IDs[v*f.Width+u] != inst {
				return false
			}
		}
	}
	covered, visible := CoveredPixels(f, inst, float64(x), float64(y), r)
	return MarkAreaFactor*covered <= visible
}

// coverRadius is the largest radius, at most rmax, of a disc centred on
// pixel (x, y) that covers at most MaxMarkCover of the mask's pixels: just
// under the distance of the first mask pixel the share cannot take.
func (mf *maskField) coverRadius(x, y int, rmax float64) float64 {
	allowed := mf.area / MarkAreaFactor // floor(MaxMarkCover · area)
	k := int(math.Ceil(rmax))
	var d2 []int
	for j := -k; j <= k; j++ {
		for i := -k; i <= k; i++ {
			if float64(i*i+j*j) <= rmax*rmax && mf.at(x+i, y+j) {
				d2 = append(d2, i*i+j*j)
			}
		}
	}
	if len(d2) <= allowed {
		return rmax
	}
	sort.Ints(d2)
	// A twentieth of a pixel under the distance keeps that pixel out, also
	// for a reader that measures the radius from the drawn image (the
	// audit's FindDots, to 0.01 px).
	return math.Sqrt(float64(d2[allowed])) - coverMargin
}

// coverMargin is how far under the distance of the first pixel a disc may
// not cover its radius stays.
const coverMargin = 0.05

// at reports whether pixel (x, y) belongs to the mask.
func (mf *maskField) at(x, y int) bool {
	u, v := x-mf.x0+1, y-mf.y0+1
	return u >= 0 && v >= 0 && u < mf.w && v < mf.h && mf.mask[v*mf.w+u]
}

// fit is the largest radius, at most rmax, of a mark centred on pixel
// (x, y) of inset inset: its disc stays inside the visible mask (inset − ½)
// and covers at most MaxMarkCover of it. It is negative when no disc fits.
func (mf *maskField) fit(x, y int, inset, rmax float64) float64 {
	r := math.Min(inset-0.5, rmax)
	if r <= 0 {
		return r
	}
	return math.Min(r, mf.coverRadius(x, y, r))
}
