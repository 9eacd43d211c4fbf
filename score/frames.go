package score

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
)

// MaxPSNR caps the PSNR of a region reproduced exactly (MSE = 0), in dB.
const MaxPSNR = 100

// SampleFrame holds one generated frame's PSNRs on the change region.
type SampleFrame struct {
	ID        string  `json:"id"`
	Pixels    int     `json:"change_pixels"`
	PSNR      float64 `json:"psnr"`      // generated frame vs I1
	PSNRCopy  float64 `json:"psnr_copy"` // I0 vs I1: the copy-frame-0 baseline
	DeltaPSNR float64 `json:"delta_psnr"`
	Predicted bool    `json:"predicted"` // false: the frame was missing and I0 was used
}

// FrameReport aggregates ΔPSNR over samples with a non-empty change region.
type FrameReport struct {
	Samples     int     `json:"samples"`
	Missing     int     `json:"missing"`    // no generated frame: scored as a copy of I0 (ΔPSNR 0)
	EmptyChange int     `json:"empty"`      // samples whose change mask is empty, left out
	PSNRMean    float64 `json:"psnr_mean"`  // generated frame on the change region
	CopyMean    float64 `json:"copy_mean"`  // copy of I0 on the change region
	DeltaMean   float64 `json:"delta_mean"` // mean ΔPSNR
	DeltaMedian float64 `json:"delta_median"`
}

// RegionPSNR returns the PSNR (dB, peak 255) of img against ref over the
// RGB channels of the pixels where mask is non-zero, capped at MaxPSNR,
// and how many pixels the mask selects.
func RegionPSNR(img, ref image.Image, mask []uint8) (float64, int, error) {
	b, rb := img.Bounds(), ref.Bounds()
	if b.Dx() != rb.Dx() || b.Dy() != rb.Dy() {
		return 0, 0, fmt.Errorf("frame is %dx%d, reference %dx%d", b.Dx(), b.Dy(), rb.Dx(), rb.Dy())
	}
	w, h := b.Dx(), b.Dy()
	if len(mask) != w*h {
		return 0, 0, fmt.Errorf("change mask has %d entries for %dx%d", len(mask), w, h)
	}
	var se float64
	n := 0
	for y := range h {
		for x := range w {
			if mask[y*w+x] == 0 {
				continue
			}
			r1, g1, b1, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			r2, g2, b2, _ := ref.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			for _, d := range [3]float64{float64(r1>>8) - float64(r2>>8), float64(g1>>8) - float64(g2>>8), float64(b1>>8) - float64(b2>>8)} {
				se += d * d
			}
			n++
		}
	}
	if n == 0 {
		return 0, 0, nil
	}
	mse := se / float64(3*n)
	if mse == 0 {
		return MaxPSNR, n, nil
	}
	return min(MaxPSNR, 10*math.Log10(255*255/mse)), n, nil
}

// DecodePNG decodes PNG bytes; name labels errors.
func DecodePNG(data []byte, name string) (image.Image, error) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: not a PNG: %w", name, err)
	}
	return img, nil
}

// AddFrame scores a generated outcome frame (nil = missing: the copy of I0
// is used, so ΔPSNR = 0) on the sample's change region.
func (fs *FlowScorer) AddFrame(gt *FlowSample, gen image.Image) error {
	if gt.Before == nil || gt.After == nil || gt.Change == nil {
		return fmt.Errorf("sample %s: frames need the raw before/after images and the change mask", gt.ID)
	}
	before, err := DecodePNG(gt.Before, gt.ID+" image_before_raw")
	if err != nil {
		return err
	}
	after, err := DecodePNG(gt.After, gt.ID+" image_after_raw")
	if err != nil {
		return err
	}
	copyPSNR, n, err := RegionPSNR(before, after, gt.Change)
	if err != nil {
		return fmt.Errorf("sample %s: %w", gt.ID, err)
	}
	s := SampleFrame{ID: gt.ID, Pixels: n, PSNRCopy: copyPSNR, Predicted: gen != nil}
	if gen == nil {
		gen = before
	}
	s.PSNR, _, err = RegionPSNR(gen, after, gt.Change)
	if err != nil {
		return fmt.Errorf("sample %s: generated %w", gt.ID, err)
	}
	s.DeltaPSNR = s.PSNR - s.PSNRCopy
	fs.frames = append(fs.frames, s)
	return nil
}

// frameReport summarises frames; samples with an empty change region are
// counted and left out.
func frameReport(frames []SampleFrame) FrameReport {
	var r FrameReport
	var deltas []float64
	for _, f := range frames {
		if f.Pixels == 0 {
			r.EmptyChange++
			continue
		}
		if !f.Predicted {
			r.Missing++
		}
		r.PSNRMean += f.PSNR
		r.CopyMean += f.PSNRCopy
		deltas = append(deltas, f.DeltaPSNR)
	}
	r.Samples = len(deltas)
	if r.Samples > 0 {
		r.PSNRMean /= float64(r.Samples)
		r.CopyMean /= float64(r.Samples)
	}
	r.DeltaMean, r.DeltaMedian = meanMedian(deltas)
	return r
}
