package pipeline

import (
	"context"
	"fmt"
	"image"
	"slices"
	"strings"

	"flowbench/export"
	"flowbench/real"
	"flowbench/real/tableplane"
)

// Language-Table's table plane in a Real build (B.3). The first pass
// reads every pair; a Language-Table pair with a board observation is not
// measured yet but gives its correspondence (the bottom-centre pixel of
// the arm mask in I0 and the end-effector's board position at I0) and its
// camera setup. The correspondences are pooled per setup and a plane is
// fitted to each (tableplane.Fit: RANSAC, 8 px, at least 30); then those
// pairs are read again and measured on their setup's plane. A pair whose
// setup has no plane is left out with stage "scale".

// realBoardObs is what the first pass keeps of a deferred pair.
type realBoardObs struct {
	obs  real.BoardObservation
	k    real.Intrinsics
	corr *tableplane.Correspondence // nil: no arm in I0
}

// boardObservation returns the pair's table-plane observation, or nil
// when the pair is not placed on a plane (another source, or no "board").
func boardObservation(p *real.Pair) *realBoardObs {
	if p.Source.Name != real.LanguageTable || p.Board == nil {
		return nil
	}
	o := &realBoardObs{obs: *p.Board, k: p.K}
	if box, ok := maskBox(p.F0.Arm, p.W); ok {
		c := tableplane.BottomCentre(box)
		o.corr = &tableplane.Correspondence{U: c.X, V: c.Y, X: p.Board.Effector0[0], Y: p.Board.Effector0[1]}
	}
	return o
}

// maskBox returns the bounding box of a row-major mask w pixels wide.
func maskBox(m []bool, w int) (image.Rectangle, bool) {
	var b image.Rectangle
	found := false
	for i, on := range m {
		if !on {
			continue
		}
		p := image.Pt(i%w, i/w)
		r := image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))}
		if !found {
			b, found = r, true
		} else {
			b = b.Union(r)
		}
	}
	return b, found
}

// fitRealPlanes groups the deferred pairs (results[i].board set) by camera
// setup, fits each setup's plane with the run's seed, and returns each
// pair's board frame (absent when its setup has none) and a skip reason
// per pair without a plane; each pair's result gets its setup's report
// (results[i].plane, shared by the setup's pairs).
func fitRealPlanes(results []realPairResult, seed int64) (map[int]*real.BoardFrame, map[int]string) {
	var idx []int
	var eps []tableplane.Episode
	for i := range results {
		o := results[i].board
		if o == nil {
			continue
		}
		ep := tableplane.Episode{ID: results[i].id, SetupID: o.obs.SetupID}
		for _, c := range o.obs.Corners {
			ep.Board = append(ep.Board, tableplane.Point{X: c[0], Y: c[1]})
		}
		if o.corr != nil {
			ep.Corrs = []tableplane.Correspondence{*o.corr}
		}
		idx, eps = append(idx, i), append(eps, ep)
	}
	frames, skips := map[int]*real.BoardFrame{}, map[int]string{}
	if len(eps) == 0 {
		return frames, skips
	}
	// An episode whose corners cannot be put in order is its own
	// failure; the others are grouped without it.
	var okIdx []int
	var okEps []tableplane.Episode
	for k, ep := range eps {
		if ep.SetupID == "" {
			if _, err := tableplane.CanonicalBoard(ep.Board); err != nil {
				skips[idx[k]] = fmt.Sprintf("table plane (B.3): board corners: %v", err)
				continue
			}
		}
		okIdx, okEps = append(okIdx, idx[k]), append(okEps, ep)
	}
	setups, err := tableplane.GroupSetups(okEps, 0)
	if err != nil { // not reached: every episode was checked above
		for _, i := range okIdx {
			skips[i] = fmt.Sprintf("table plane (B.3): %v", err)
		}
		return frames, skips
	}
	for _, s := range setups {
		rep := &export.RealTablePlane{Setup: s.Key, Pairs: len(s.Episodes), Correspondences: len(s.Corrs)}
		pl, err := tableplane.Fit(s.Corrs, tableplane.Options{Seed: uint64(seed)})
		if err == nil {
			rep.Inliers, rep.MedianPx, rep.P90Px = pl.Stats.Inliers, pl.Stats.Median, pl.Stats.P90
		} else {
			rep.Error = err.Error()
		}
		for _, e := range s.Episodes {
			i := okIdx[e]
			results[i].plane = rep
			if err != nil {
				skips[i] = fmt.Sprintf("table plane (B.3) of camera setup %s (%d correspondences): %v", s.Key, len(s.Corrs), err)
				continue
			}
			k := results[i].board.k
			pose, perr := pl.Pose(k.Fx, k.Fy, k.Cx, k.Cy)
			if perr != nil {
				skips[i] = fmt.Sprintf("table plane (B.3) of camera setup %s: %v", s.Key, perr)
				continue
			}
			frames[i] = &real.BoardFrame{Setup: s.Key, Plane: pl, Pose: pose}
		}
	}
	return frames, skips
}

// tablePlaneReport lists the setups the results' pairs were placed with,
// once each, sorted by setup key (nil when none).
func tablePlaneReport(results []realPairResult) []export.RealTablePlane {
	seen := map[*export.RealTablePlane]bool{}
	var out []export.RealTablePlane
	for i := range results {
		if r := results[i].plane; r != nil && !seen[r] {
			seen[r] = true
			out = append(out, *r)
		}
	}
	slices.SortFunc(out, func(a, b export.RealTablePlane) int { return strings.Compare(a.Setup, b.Setup) })
	return out
}

// realPlanePass measures the deferred pairs on their setup's plane: each
// is read again and processed with its board frame, or left out with the
// reason its setup has none.
func realPlanePass(ctx context.Context, pairs []RealPairRef, results []realPairResult, opt RealOptions) error {
	frames, skips := fitRealPlanes(results, opt.Seed)
	var todo []int
	for i := range results {
		if results[i].board == nil {
			continue
		}
		if why, ok := skips[i]; ok {
			results[i].skips = append(results[i].skips, export.RealSkip{PairID: results[i].id, Stage: "scale", Reason: why})
			results[i].board = nil
			continue
		}
		todo = append(todo, i)
	}
	return realPass(ctx, pairs, todo, results, opt, frames)
}
