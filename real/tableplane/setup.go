package tableplane

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Episode is what one Language-Table episode gives the table-plane fit.
type Episode struct {
	// ID names the episode in errors.
	ID string
	// SetupID is the camera setup the data names, if it names one.
	SetupID string
	// Board is the board outline in the image: its four corners, pixels,
	// in any order. It identifies the setup when SetupID is empty.
	Board []Point
	// Corrs are the episode's correspondences (B.3 takes one per pair,
	// from its first frame).
	Corrs []Correspondence
}

// Setup is a group of episodes taken with one camera setup.
type Setup struct {
	// Key is "id:" and the setup id, or "board:" and the index of the
	// board cluster in order of first appearance.
	Key string
	// Episodes are the indices of the setup's episodes, in input order.
	Episodes []int
	// Board is the mean canonical board outline of a board cluster (nil
	// for a setup named by id).
	Board []Point
	// Corrs are the episodes' correspondences pooled, in input order.
	Corrs []Correspondence
}

// ErrNoSetup is returned for an episode with neither a setup id nor a
// usable board outline.
var ErrNoSetup = errors.New("tableplane: episode has no setup id and no board outline")

// GroupSetups groups episodes by camera setup (B.3: "pairs taken with the
// same camera setup (identified by the position of the board edges in the
// image)"). An episode with a SetupID joins the setup of that id. The
// others are grouped by their board outline: the four corners are put in
// a canonical order (counter-clockwise in the image from the corner with
// the least u + v, the top left), two episodes agree when every
// corresponding corner lies within tolPx pixels, and a setup is a
// connected component of agreement (so grouping does not depend on input
// order). tolPx ≤ 0 means SetupTolerancePx. Setups come in order of first
// appearance: all id setups first, then the board clusters.
func GroupSetups(eps []Episode, tolPx float64) ([]Setup, error) {
	if tolPx <= 0 || math.IsNaN(tolPx) {
		tolPx = SetupTolerancePx
	}
	var out []Setup
	byID := map[string]int{}
	var boardEps []int
	var boards [][4]Point
	for i, e := range eps {
		if e.SetupID != "" {
			k, ok := byID[e.SetupID]
			if !ok {
				k = len(out)
				byID[e.SetupID] = k
				out = append(out, Setup{Key: "id:" + e.SetupID})
			}
			out[k].Episodes = append(out[k].Episodes, i)
			continue
		}
		b, err := CanonicalBoard(e.Board)
		if err != nil {
			return nil, fmt.Errorf("episode %d (%s): %w", i, e.ID, err)
		}
		boardEps = append(boardEps, i)
		boards = append(boards, b)
	}

	// Union-find over board agreement.
	parent := make([]int, len(boards))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range boards {
		for j := i + 1; j < len(boards); j++ {
			if boardsAgree(boards[i], boards[j], tolPx) {
				ri, rj := find(i), find(j)
				if ri != rj {
					parent[max(ri, rj)] = min(ri, rj)
				}
			}
		}
	}
	cluster := map[int]int{}
	first := len(out)
	for bi, ei := range boardEps {
		r := find(bi)
		k, ok := cluster[r]
		if !ok {
			k = len(out)
			cluster[r] = k
			out = append(out, Setup{Key: fmt.Sprintf("board:%d", k-first), Board: make([]Point, 4)})
		}
		out[k].Episodes = append(out[k].Episodes, ei)
		for c := range 4 {
			out[k].Board[c].X += boards[bi][c].X
			out[k].Board[c].Y += boards[bi][c].Y
		}
	}
	for k := range out {
		if out[k].Board != nil {
			m := float64(len(out[k].Episodes))
			for c := range 4 {
				out[k].Board[c].X /= m
				out[k].Board[c].Y /= m
			}
		}
		for _, ei := range out[k].Episodes {
			out[k].Corrs = append(out[k].Corrs, eps[ei].Corrs...)
		}
	}
	return out, nil
}

// CanonicalBoard orders a board outline's four corners counter-clockwise
// as seen in the image (u right, v down: top left, bottom left, bottom
// right, top right for an upright board), starting from the corner with
// the least u + v. It refuses anything but four finite, distinct corners.
func CanonicalBoard(corners []Point) ([4]Point, error) {
	var b [4]Point
	if len(corners) != 4 {
		return b, fmt.Errorf("%w: %d board corners, want 4", ErrNoSetup, len(corners))
	}
	var cx, cy float64
	for i, c := range corners {
		if !finite(c.X) || !finite(c.Y) {
			return b, fmt.Errorf("%w: board corner %d", ErrNotFinite, i)
		}
		for _, d := range corners[:i] {
			if c == d {
				return b, fmt.Errorf("%w: repeated board corner", ErrDegenerate)
			}
		}
		cx += c.X / 4
		cy += c.Y / 4
	}
	s := slices.Clone(corners)
	// Angle in the image's own (v-down) axes, decreasing, which runs
	// counter-clockwise on screen.
	ang := func(p Point) float64 { return math.Atan2(p.Y-cy, p.X-cx) }
	slices.SortStableFunc(s, func(p, q Point) int {
		a, c := ang(p), ang(q)
		switch {
		case a > c:
			return -1
		case a < c:
			return 1
		}
		return 0
	})
	start := 0
	for i, p := range s {
		if p.X+p.Y < s[start].X+s[start].Y {
			start = i
		}
	}
	for i := range 4 {
		b[i] = s[(start+i)%4]
	}
	return b, nil
}

// boardsAgree reports whether every corner of a lies within tol pixels of
// the same corner of b.
func boardsAgree(a, b [4]Point, tol float64) bool {
	for i := range a {
		if math.Hypot(a[i].X-b[i].X, a[i].Y-b[i].Y) > tol {
			return false
		}
	}
	return true
}

// FitSetups fits the table plane of every setup with opt. A setup with
// fewer than the minimum correspondences (30, B.3) or whose fit fails gets
// its error in errs instead of a plane; planes and errs are indexed like
// setups.
func FitSetups(setups []Setup, opt Options) (planes []*Plane, errs []error) {
	planes = make([]*Plane, len(setups))
	errs = make([]error, len(setups))
	for i, s := range setups {
		p, err := Fit(s.Corrs, opt)
		if err != nil {
			errs[i] = fmt.Errorf("setup %s: %w", s.Key, err)
			continue
		}
		planes[i] = p
	}
	return planes, errs
}
