package score

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteFlowMarkdown writes Table 3's columns, one row per predictor.
func WriteFlowMarkdown(w io.Writer, reps []FlowReport) error {
	var b strings.Builder
	b.WriteString("| Model | Samples | Acc (%) | rEPE_move mean | rEPE_move median | Blank (%) | Dir (°) | ΔPSNR (dB) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range reps {
		dir, dpsnr := "–", "–"
		if r.DirN > 0 {
			dir = fmt.Sprintf("%.1f (n=%d)", r.DirMean, r.DirN)
		}
		if r.Frames != nil && r.Frames.Samples > 0 {
			dpsnr = fmt.Sprintf("%+.2f", r.Frames.DeltaMean)
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f | %.3f | %.3f | %.1f | %s | %s |\n", r.Name, r.Samples, 100*r.Acc, r.REPEMean, r.REPEMedian, 100*r.Blank, dir, dpsnr)
	}
	for _, r := range reps {
		if r.Missing > 0 || r.StaticGT > 0 {
			fmt.Fprintf(&b, "\n%s: %d samples had no predicted flow (scored as zero flow); %d samples without ground-truth motion were left out.", r.Name, r.Missing, r.StaticGT)
		}
		if f := r.Frames; f != nil && (f.Missing > 0 || f.EmptyChange > 0) {
			fmt.Fprintf(&b, "\n%s: %d samples had no generated frame (scored as a copy of frame 0); %d with an empty change region were left out.", r.Name, f.Missing, f.EmptyChange)
		}
	}
	b.WriteString(fmt.Sprintf("\n\nAcc: share of samples with rEPE_move ≤ %.2f; moving pixels: ‖F‖ > %.1f px; Blank: max ‖F̂‖ < %.0f px; ΔPSNR on the change mask, peak 255, capped at %d dB.\n",
		AccThreshold, MovingThreshold, BlankThreshold, MaxPSNR))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteFlowCSV writes one row per predictor.
func WriteFlowCSV(w io.Writer, reps []FlowReport) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"model", "samples", "static_gt", "missing", "acc", "repe_mean", "repe_median", "blank", "dir_mean_deg", "dir_median_deg", "dir_samples",
		"frames", "psnr_mean", "psnr_copy_mean", "delta_psnr_mean", "delta_psnr_median"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for _, r := range reps {
		rec := []string{r.Name, strconv.Itoa(r.Samples), strconv.Itoa(r.StaticGT), strconv.Itoa(r.Missing), f(r.Acc), f(r.REPEMean), f(r.REPEMedian), f(r.Blank),
			f(r.DirMean), f(r.DirMedian), strconv.Itoa(r.DirN), "", "", "", "", ""}
		if fr := r.Frames; fr != nil {
			copy(rec[11:], []string{strconv.Itoa(fr.Samples), f(fr.PSNRMean), f(fr.CopyMean), f(fr.DeltaMean), f(fr.DeltaMedian)})
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// WriteFlowJSON writes the reports as indented JSON.
func WriteFlowJSON(w io.Writer, reps []FlowReport) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(reps)
}
