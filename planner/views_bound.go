package planner

import (
	"errors"
	"fmt"

	"flowbench/sim"
)

// Candidate poses are scored lazily (SelectViews): a pose's score s(c)
// (eq. 8) has a cheap upper bound, and the per-room greedy (best score
// first, τ apart, m kept) needs exact scores only for the poses that could
// still come next in score order. The bound counts an object as possibly
// visible when the simulator's mask bound (MaskBounder: the pixel centres of
// its projected box that no wall, floor or ceiling hides) reaches the
// visible-pixel threshold, and takes Φ's maximum. The poses kept are exactly
// those scoring every pose keeps: the same scores, the same order (score,
// then pose order), the same τ rule; poses within τ of a kept one are
// dropped unscored, since the greedy would pass over them. The structure
// rule (greedyKeep) changes nothing here: a pose's bound bounds its score
// whether or not the pose proves to be one the greedy may keep, which only
// its render tells.

// MaskBounder is implemented by simulators that can bound the instance
// mask pixel counts of the current camera's labels without rendering them.
// SelectViews then scores only the candidate poses whose score bound shows
// they could be kept.
type MaskBounder interface {
	// MaskBounds returns, per object in Objects order, a number at least
	// min(capAt, the object's mask pixel count in RenderLabels).
	MaskBounds(capAt int) ([]int, error)
	// CoverBound returns a number at least the count of pixels that
	// show an object in RenderLabels, the objects i with skip[i] set (in
	// Objects order) left out.
	CoverBound(skip []bool) (int, error)
}

// MaskBounds bounds the mask pixel counts of the current camera
// (render.Renderer.MaskBounds).
func (l *Local) MaskBounds(capAt int) ([]int, error) {
	if l.scene == nil {
		return nil, errNoHouse
	}
	if !l.camSet {
		return nil, errors.New("local simulator: MaskBounds before SetCamera")
	}
	var err error
	l.bounds, err = l.renderer.MaskBounds(l.cam, capAt, l.bounds)
	return l.bounds, err
}

// CoverBound bounds the object pixels of the current camera
// (render.Renderer.CoverBound).
func (l *Local) CoverBound(skip []bool) (int, error) {
	if l.scene == nil {
		return 0, errNoHouse
	}
	if !l.camSet {
		return 0, errors.New("local simulator: CoverBound before SetCamera")
	}
	return l.renderer.CoverBound(l.cam, skip)
}

// scoreBound is an upper bound of scoreView's score for the full camera
// full (scored at cfg.ScoreSize): the score computed as scoreView computes it
// from counts no smaller than its (an object counts when its mask bound
// reaches the visible-pixel threshold) and Φ's maximum. band is the bound of
// |B|: a pose with band 0 cannot be a candidate. minStructure is a lower
// bound of the structure share (View.Structure), from the pixels no
// object but wall decor (decor, in objs order) can cover; it is computed
// only when band is not 0.
func scoreBound(mb MaskBounder, s Simulator, full sim.Camera, objs []ObjectMeta, decor []bool, ci catalogInfo, cfg Config) (ub float64, band int, minStructure float64, err error) {
	cam := scoreCamera(full, cfg)
	if err := s.SetCamera(cam); err != nil {
		return 0, 0, 0, err
	}
	n := scaleFor(cam.Width).area(cfg.VisiblePixels)
	px, err := mb.MaskBounds(n)
	if err != nil {
		return 0, 0, 0, err
	}
	if len(px) != len(objs) {
		return 0, 0, 0, fmt.Errorf("mask bounds: %d objects, want %d", len(px), len(objs))
	}
	visible, band, pref := countVisible(objs, cam, ci, func(i int) bool { return px[i] >= n })
	if band == 0 {
		return 0, 0, 0, nil
	}
	cover, err := mb.CoverBound(decor)
	if err != nil {
		return 0, 0, 0, err
	}
	pixels := cam.Width * cam.Height
	return viewScore(pref, band, visible, phiMax), band, 1 - float64(min(cover, pixels))/float64(pixels), nil
}

// phiMax is the largest value of Phi.
const phiMax = 4

// scoreCamera is the camera a candidate pose is scored with: full at
// cfg.ScoreSize pixels wide when that is smaller.
func scoreCamera(full sim.Camera, cfg Config) sim.Camera {
	cam := full
	if cfg.ScoreSize > 0 && cfg.ScoreSize < full.Width {
		cam.Width, cam.Height = cfg.ScoreSize, cfg.ScoreSize*full.Height/full.Width
	}
	return cam
}

// roomCand is one candidate pose of a room during lazy selection.
type roomCand struct {
	cam sim.Camera
	ub  float64 // score bound (+Inf when not bounded)
	// minStructure is a lower bound of the structure share (0 when not
	// bounded).
	minStructure float64
	scored       bool // v and ok hold scoreView's result
	ok           bool
	gone         bool // taken by the greedy or ruled out by τ
	v            View
}

// greedyKeep returns the views the per-room greedy keeps: candidates in
// descending score order (pose order among equal scores) whose structure
// share is at most maxShare (MaxStructureShare), each kept when it is at
// least ViewTau from those kept before, until perRoom are kept. score is
// called only for the poses whose bounds could still put them next: a
// score bound above the best eligible score so far and a structure bound
// (roomCand.minStructure) within maxShare. Candidates scored on the way
// stay scored in cands; when it keeps nothing, it drops none, so a wider
// search may add candidates and run it again (views_search.go).
func greedyKeep(cands []roomCand, perRoom int, maxShare float64, score func(sim.Camera) (View, bool, error)) ([]View, error) {
	var kept []View
	for len(kept) < perRoom {
		best := -1 // the best scored eligible candidate still in the running
		for i := range cands {
			c := &cands[i]
			if !c.gone && c.scored && c.ok && showsRoom(c.v, maxShare) && (best < 0 || c.v.Score > cands[best].v.Score) {
				best = i
			}
		}
		next := -1 // the unscored candidate that could pass with the largest bound
		for i := range cands {
			c := &cands[i]
			if !c.gone && !c.scored && c.minStructure <= maxShare && (next < 0 || c.ub > cands[next].ub) {
				next = i
			}
		}
		if next >= 0 && (best < 0 || cands[next].ub > cands[best].v.Score ||
			cands[next].ub == cands[best].v.Score && next < best) {
			v, ok, err := score(cands[next].cam)
			if err != nil {
				return nil, err
			}
			cands[next].v, cands[next].ok, cands[next].scored = v, ok, true
			continue
		}
		if best < 0 {
			break
		}
		// best is at least τ from every view kept: those within τ of one
		// were dropped when it was kept.
		v := cands[best].v
		cands[best].gone = true
		kept = append(kept, v)
		// Every candidate still in the running comes after v in score
		// order (or is not eligible), so one within τ of v would be passed
		// over: drop it unscored.
		for i := range cands {
			if !cands[i].gone && cands[i].cam.Position.Sub(v.Camera.Position).Len() < ViewTau {
				cands[i].gone = true
			}
		}
	}
	return kept, nil
}
