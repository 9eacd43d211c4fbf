package score

import (
	"fmt"
	"math"
	"sort"
)

// Text-to-flow thresholds (Sec. 4.4, Table 3).
const (
	// MovingThreshold: a ground-truth pixel is moving when its forward flow
	// is known and longer than this (pixels). The exact flow of a static
	// camera is exactly zero off the moved objects, so this selects the
	// moved objects' pixels while keeping ‖F‖ away from zero in the ratio.
	MovingThreshold = 0.5
	// AccThreshold: a sample is accurate when its rEPE_move is at most this.
	AccThreshold = 0.40
	// BlankThreshold: a prediction is blank when no vector is this long
	// (pixels); the same length marks predicted moving pixels for Dir.
	BlankThreshold = 1.0
)

// FlowSample is the ground truth of one text-to-flow sample.
type FlowSample struct {
	ID   string
	W, H int
	Flow []float32 // forward flow F01, H*W*(dx, dy), pixels; |v| > 1e9 = unknown
	// Change marks pixels owned by a moving object in I0 or I1 (H*W, 0/1);
	// it is the region ΔPSNR is measured on. May be nil for flow-only scoring.
	Change []uint8
	Before []byte // PNG of I0 without marks (the copy baseline), may be nil
	After  []byte // PNG of I1 without marks (the target), may be nil
}

// SampleFlow holds one sample's flow metrics.
type SampleFlow struct {
	ID        string  `json:"id"`
	Moving    int     `json:"moving_pixels"` // ground-truth moving pixels
	REPE      float64 `json:"repe_move"`     // NaN-free; 0 when Moving = 0
	MaxPred   float64 `json:"max_pred"`      // longest predicted vector, pixels
	Blank     bool    `json:"blank"`
	DirOK     bool    `json:"dir_ok"` // both the ground truth and the prediction move
	DirDeg    float64 `json:"dir_deg"`
	Predicted bool    `json:"predicted"` // false when the prediction was missing (scored as zero flow)
}

// FlowSampleMetrics computes rEPE_move, Blank and Dir of one predicted flow
// (H*W*(dx, dy); nil means zero flow) against its ground truth.
//
//   - rEPE_move: mean over moving ground-truth pixels of ‖F̂−F‖/‖F‖.
//   - Blank: max ‖F̂‖ < BlankThreshold.
//   - Dir: angle (degrees, 0–180) between the mean ground-truth vector over
//     its moving pixels and the mean predicted vector over predicted moving
//     pixels (‖F̂‖ ≥ BlankThreshold); defined when both exist and are non-zero.
//
// Unknown predicted vectors (|v| > 1e9, the .flo convention) count as zero;
// NaN or infinite ones are an error.
func FlowSampleMetrics(gt *FlowSample, pred []float32) (SampleFlow, error) {
	n := gt.W * gt.H
	if len(gt.Flow) != 2*n {
		return SampleFlow{}, fmt.Errorf("sample %s: ground-truth flow has %d values for %dx%d", gt.ID, len(gt.Flow), gt.W, gt.H)
	}
	if pred != nil && len(pred) != 2*n {
		return SampleFlow{}, fmt.Errorf("sample %s: predicted flow has %d values, want %dx%dx2 = %d", gt.ID, len(pred), gt.H, gt.W, 2*n)
	}
	s := SampleFlow{ID: gt.ID, Predicted: pred != nil}
	var sum float64
	var gx, gy, px, py float64
	var np int
	for p := range n {
		fx, fy := float64(gt.Flow[2*p]), float64(gt.Flow[2*p+1])
		var qx, qy float64
		if pred != nil {
			qx, qy = float64(pred[2*p]), float64(pred[2*p+1])
			if math.IsNaN(qx) || math.IsNaN(qy) || math.IsInf(qx, 0) || math.IsInf(qy, 0) {
				return SampleFlow{}, fmt.Errorf("sample %s: predicted flow is not finite at pixel (%d, %d)", gt.ID, p%gt.W, p/gt.W)
			}
			if math.Abs(qx) > 1e9 || math.Abs(qy) > 1e9 {
				qx, qy = 0, 0
			}
		}
		pm := math.Hypot(qx, qy)
		s.MaxPred = max(s.MaxPred, pm)
		if pm >= BlankThreshold {
			px, py = px+qx, py+qy
			np++
		}
		if math.Abs(fx) > 1e9 || math.Abs(fy) > 1e9 {
			continue
		}
		fm := math.Hypot(fx, fy)
		if fm <= MovingThreshold {
			continue
		}
		s.Moving++
		sum += math.Hypot(qx-fx, qy-fy) / fm
		gx, gy = gx+fx, gy+fy
	}
	s.Blank = s.MaxPred < BlankThreshold
	if s.Moving > 0 {
		s.REPE = sum / float64(s.Moving)
	}
	if s.Moving > 0 && np > 0 {
		a, b := math.Hypot(gx, gy), math.Hypot(px, py)
		if a > 0 && b > 0 {
			c := (gx*px + gy*py) / (a * b)
			s.DirDeg = math.Acos(max(-1, min(1, c))) * 180 / math.Pi
			s.DirOK = true
		}
	}
	return s, nil
}

// FlowReport aggregates text-to-flow and frame metrics over samples.
type FlowReport struct {
	Name       string       `json:"name"`
	Samples    int          `json:"samples"`     // samples scored
	StaticGT   int          `json:"static_gt"`   // samples without ground-truth motion, left out of every figure
	Missing    int          `json:"missing"`     // samples with no predicted flow, scored as zero flow
	REPEMean   float64      `json:"repe_mean"`   // over samples with ground-truth motion
	REPEMedian float64      `json:"repe_median"` //
	Acc        float64      `json:"acc"`         // fraction with rEPE_move ≤ AccThreshold
	Blank      float64      `json:"blank"`       // fraction with max ‖F̂‖ < BlankThreshold
	DirMean    float64      `json:"dir_mean_deg"`
	DirMedian  float64      `json:"dir_median_deg"`
	DirN       int          `json:"dir_samples"` // samples where both move
	Frames     *FrameReport `json:"frames,omitempty"`
}

// FlowScorer accumulates per-sample metrics of one predictor.
type FlowScorer struct {
	Name   string
	flows  []SampleFlow
	static int
	frames []SampleFrame
}

// Add scores one predicted flow (nil = missing, scored as zero flow).
func (fs *FlowScorer) Add(gt *FlowSample, pred []float32) error {
	s, err := FlowSampleMetrics(gt, pred)
	if err != nil {
		return err
	}
	if s.Moving == 0 {
		fs.static++
		return nil
	}
	fs.flows = append(fs.flows, s)
	return nil
}

// Samples returns the per-sample flow metrics added so far.
func (fs *FlowScorer) Samples() []SampleFlow { return fs.flows }

// Report summarises the samples added.
func (fs *FlowScorer) Report() FlowReport {
	r := FlowReport{Name: fs.Name, Samples: len(fs.flows), StaticGT: fs.static}
	var repe, dirs []float64
	for _, s := range fs.flows {
		repe = append(repe, s.REPE)
		if !s.Predicted {
			r.Missing++
		}
		if s.REPE <= AccThreshold {
			r.Acc++
		}
		if s.Blank {
			r.Blank++
		}
		if s.DirOK {
			dirs = append(dirs, s.DirDeg)
		}
	}
	if n := float64(len(fs.flows)); n > 0 {
		r.Acc /= n
		r.Blank /= n
		r.REPEMean, r.REPEMedian = meanMedian(repe)
	}
	r.DirN = len(dirs)
	r.DirMean, r.DirMedian = meanMedian(dirs)
	if len(fs.frames) > 0 {
		fr := frameReport(fs.frames)
		r.Frames = &fr
	}
	return r
}

// meanMedian returns the mean and median of xs (0, 0 when empty); the
// median of an even count is the mean of the middle two.
func meanMedian(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	m := len(s) / 2
	med := s[m]
	if len(s)%2 == 0 {
		med = (s[m-1] + s[m]) / 2
	}
	return sum / float64(len(s)), med
}
