package planner

import (
	"fmt"
	"strings"
)

// StructureBinEdges are the upper edges of the bins of a
// StructureHistogram but the last: ≤ 0.5, (0.5, 0.6], (0.6, 0.7],
// (0.7, 0.8], (0.8, 0.9] and > 0.9.
var StructureBinEdges = []float64{0.5, 0.6, 0.7, 0.8, 0.9}

// StructureHistogram is the distribution of the structure share
// (View.Structure) over a set of selected views.
type StructureHistogram struct {
	Views  int   `json:"views"`
	Counts []int `json:"counts"` // per bin of StructureBinEdges, len(StructureBinEdges)+1 bins
	// Over counts the views whose share exceeds MaxStructureShare.
	Over int `json:"over"`
}

// NewStructureHistogram bins structure shares (planner.Report.Structure
// of any number of houses).
func NewStructureHistogram(shares []float64) StructureHistogram {
	h := StructureHistogram{Views: len(shares), Counts: make([]int, len(StructureBinEdges)+1)}
	for _, s := range shares {
		b := 0
		for b < len(StructureBinEdges) && s > StructureBinEdges[b] {
			b++
		}
		h.Counts[b]++
		if s > MaxStructureShare {
			h.Over++
		}
	}
	return h
}

// String renders the histogram on one line: the share of the views in
// each bin, then those over MaxStructureShare.
func (h StructureHistogram) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "structure share of %d selected views:", h.Views)
	for i, n := range h.Counts {
		var label string
		switch {
		case i == 0:
			label = fmt.Sprintf("≤%.1f", StructureBinEdges[0])
		case i == len(StructureBinEdges):
			label = fmt.Sprintf(">%.1f", StructureBinEdges[i-1])
		default:
			label = fmt.Sprintf("%.1f–%.1f", StructureBinEdges[i-1], StructureBinEdges[i])
		}
		fmt.Fprintf(&b, " %s %s", label, percent(n, h.Views))
	}
	fmt.Fprintf(&b, "; over %.2f: %d (%s)", MaxStructureShare, h.Over, percent(h.Over, h.Views))
	return b.String()
}

// percent renders n of total as a percentage ("-" when total is 0).
func percent(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(total))
}
