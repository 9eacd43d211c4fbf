package score

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/flow"
	"flowbench/render"
)

// gtSample is a 4×2 sample: pixels 0 and 1 move by (3, 4), pixel 2 by
// (0.24, 0.32) (0.4 px: below MovingThreshold), the rest is static.
func gtSample(id string) *FlowSample {
	f := make([]float32, 16)
	f[0], f[1], f[2], f[3], f[4], f[5] = 3, 4, 3, 4, 0.24, 0.32
	return &FlowSample{ID: id, W: 4, H: 2, Flow: f}
}

func TestFlowSampleMetricsHand(t *testing.T) {
	gt := gtSample("s1")
	pred := make([]float32, 16)
	pred[0], pred[1] = 3, 4 // exact: error 0
	pred[11] = 2            // pixel 5 moves (0, 2): spurious, but counts for Dir
	s, err := FlowSampleMetrics(gt, pred)
	if err != nil {
		t.Fatal(err)
	}
	// rEPE = (0/5 + 5/5) / 2; Dir between Σgt = (6, 8) and Σpred = (3, 6)
	wantDir := (math.Atan2(6, 3) - math.Atan2(8, 6)) * 180 / math.Pi
	if s.Moving != 2 || !near(s.REPE, 0.5) || s.Blank || !near(s.MaxPred, 5) || !s.DirOK || math.Abs(s.DirDeg-wantDir) > 1e-9 {
		t.Fatalf("metrics %+v, want moving 2, rEPE 0.5, dir %.4f", s, wantDir)
	}
	// opposite direction: 180°
	opp := make([]float32, 16)
	opp[0], opp[1] = -3, -4
	if s, _ := FlowSampleMetrics(gt, opp); !near(s.DirDeg, 180) || !near(s.REPE, (2+1)/2.0) {
		t.Errorf("opposite: %+v", s)
	}
	// a sub-pixel prediction is blank and has no direction
	small := make([]float32, 16)
	small[0] = 0.9
	if s, _ := FlowSampleMetrics(gt, small); !s.Blank || s.DirOK {
		t.Errorf("0.9 px prediction: %+v", s)
	}
	// unknown predicted vectors count as zero; NaN is an error; size is checked
	unk := make([]float32, 16)
	unk[0], unk[1] = flow.Unknown, flow.Unknown
	if s, _ := FlowSampleMetrics(gt, unk); !near(s.REPE, 1) || !s.Blank {
		t.Errorf("unknown prediction: %+v", s)
	}
	unk[2] = float32(math.NaN())
	if _, err := FlowSampleMetrics(gt, unk); err == nil || !strings.Contains(err.Error(), "pixel (1, 0)") {
		t.Errorf("NaN: %v", err)
	}
	if _, err := FlowSampleMetrics(gt, make([]float32, 10)); err == nil || !strings.Contains(err.Error(), "s1") {
		t.Errorf("size: %v", err)
	}
}

func TestFlowReportAndBaselines(t *testing.T) {
	pred1 := make([]float32, 16)
	pred1[0], pred1[1], pred1[11] = 3, 4, 2
	static := &FlowSample{ID: "still", W: 4, H: 2, Flow: make([]float32, 16)}
	fs := &FlowScorer{Name: "model"}
	for _, c := range []struct {
		gt   *FlowSample
		pred []float32
	}{{gtSample("a"), pred1}, {gtSample("b"), nil}, {static, pred1}, {gtSample("c"), gtSample("c").Flow}} {
		if err := fs.Add(c.gt, c.pred); err != nil {
			t.Fatal(err)
		}
	}
	r := fs.Report()
	wantDir := (math.Atan2(6, 3) - math.Atan2(8, 6)) * 180 / math.Pi
	if r.Samples != 3 || r.StaticGT != 1 || r.Missing != 1 || !near(r.REPEMean, 0.5) || !near(r.REPEMedian, 0.5) ||
		!near(r.Acc, 1.0/3) || !near(r.Blank, 1.0/3) || r.DirN != 2 || !near(r.DirMean, wantDir/2) || !near(r.DirMedian, wantDir/2) {
		t.Fatalf("report %+v", r)
	}
	// built-in baselines over many samples
	zero, oracle := &FlowScorer{Name: "zero"}, &FlowScorer{Name: "oracle"}
	for k := range 20 {
		gt := &FlowSample{ID: "x", W: 8, H: 8, Flow: make([]float32, 128)}
		for p := k; p < 64; p += 3 {
			gt.Flow[2*p], gt.Flow[2*p+1] = float32(k+1), -float32(p%5)
		}
		zero.Add(gt, nil)
		oracle.Add(gt, gt.Flow)
	}
	zr, or := zero.Report(), oracle.Report()
	if zr.REPEMean != 1 || zr.REPEMedian != 1 || zr.Acc != 0 || zr.Blank != 1 || zr.DirN != 0 {
		t.Errorf("zero baseline %+v, want rEPE 1, Acc 0, Blank 1", zr)
	}
	if or.REPEMean != 0 || or.Acc != 1 || or.Blank != 0 || or.DirMean > 1e-6 || or.DirN != 20 {
		t.Errorf("oracle baseline %+v, want rEPE 0, Acc 1, Blank 0, Dir 0", or)
	}
}

func pngOf(t *testing.T, px ...color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, len(px), 1))
	for i, c := range px {
		img.SetRGBA(i, 0, c)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDeltaPSNRHand(t *testing.T) {
	grey := color.RGBA{100, 100, 100, 255}
	gt := &FlowSample{ID: "f", W: 2, H: 1, Flow: make([]float32, 4), Change: []uint8{1, 1},
		Before: pngOf(t, color.RGBA{120, 100, 100, 255}, grey), After: pngOf(t, grey, grey)}
	gen, _ := DecodePNG(pngOf(t, color.RGBA{110, 100, 100, 255}, grey), "gen")
	fs := &FlowScorer{}
	if err := fs.AddFrame(gt, gen); err != nil {
		t.Fatal(err)
	}
	f := fs.frames[0]
	// generated: SE 100 over 6 values; copy: SE 400 → ΔPSNR = 10·log10(4)
	if !near(f.PSNR, 10*math.Log10(255*255*6/100.0)) || !near(f.PSNRCopy, 10*math.Log10(255*255*6/400.0)) || !near(f.DeltaPSNR, 10*math.Log10(4)) {
		t.Fatalf("frame %+v", f)
	}
	// missing frame = copy of I0: ΔPSNR 0; exact frame: capped at MaxPSNR
	after, _ := DecodePNG(gt.After, "after")
	fs.AddFrame(gt, nil)
	fs.AddFrame(gt, after)
	if fs.frames[1].DeltaPSNR != 0 || fs.frames[2].PSNR != MaxPSNR {
		t.Errorf("copy/exact frames %+v %+v", fs.frames[1], fs.frames[2])
	}
	// empty change region: left out of the report
	empty := *gt
	empty.Change = []uint8{0, 0}
	fs.AddFrame(&empty, gen)
	fs.Add(gtSample("flowless"), nil)
	fr := fs.Report().Frames
	if fr.Samples != 3 || fr.EmptyChange != 1 || fr.Missing != 1 || !near(fr.DeltaMean, (10*math.Log10(4)+0+MaxPSNR-f.PSNRCopy)/3) || !near(fr.DeltaMedian, 10*math.Log10(4)) {
		t.Errorf("frame report %+v", fr)
	}
	wrong, _ := DecodePNG(pngOf(t, grey, grey, grey), "wide")
	if err := fs.AddFrame(gt, wrong); err == nil || !strings.Contains(err.Error(), "3x1") {
		t.Errorf("size mismatch: %v", err)
	}
}

func TestReadPredictedFlowFiles(t *testing.T) {
	dir := t.TempDir()
	data := make([]float32, 2*3*2)
	data[5] = 7
	nested := filepath.Join(dir, "h0", "v1", "occlusion.npy")
	os.MkdirAll(filepath.Dir(nested), 0o755)
	if err := render.WriteNPYFile(nested, []int{2, 3, 2}, data); err != nil {
		t.Fatal(err)
	}
	got, ok, err := ReadPredictedFlow(dir, "h0/v1/occlusion", 3, 2)
	if err != nil || !ok || got[5] != 7 {
		t.Fatalf("npy: %v %v %v", got, ok, err)
	}
	if _, _, err := ReadPredictedFlow(dir, "h0/v1/occlusion", 2, 3); err == nil || !strings.Contains(err.Error(), "want [3 2 2]") {
		t.Errorf("npy shape: %v", err)
	}
	fl := flow.NewField(3, 2)
	fl.D[1] = -2.5
	if err := flow.WriteFlo(filepath.Join(dir, "h0__v2__near.flo"), fl); err != nil {
		t.Fatal(err)
	}
	got, ok, err = ReadPredictedFlow(dir, "h0/v2/near", 3, 2)
	if err != nil || !ok || got[1] != -2.5 {
		t.Fatalf("flo: %v %v %v", got, ok, err)
	}
	if _, ok, err := ReadPredictedFlow(dir, "h9/v0/x", 3, 2); ok || err != nil {
		t.Errorf("missing: %v %v", ok, err)
	}
	render.WriteNPYFile(filepath.Join(dir, "h0__v2__near.npy"), []int{2, 3, 2}, data)
	if _, _, err := ReadPredictedFlow(dir, "h0/v2/near", 3, 2); err == nil || !strings.Contains(err.Error(), "several") {
		t.Errorf("two files: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "bad.png"), []byte("nope"), 0o644)
	if _, _, err := ReadPredictedFrame(dir, "bad"); err == nil {
		t.Error("bad PNG accepted")
	}
}
