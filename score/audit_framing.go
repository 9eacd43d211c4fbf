package score

import (
	"math"
	"sort"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
)

// The framing audit recomputes, from what a dataset stores, the planner's
// framing rule (docs/planner.md, "Shared rules"; issue 52): every object a
// question names (the mover and the referenced landmarks, options and
// counted objects) shows in I0 at least its mark's required area
// (render.MinMarkArea) and the image border cuts at most a third of its
// projected box; in I1 every named object that moved (listed in
// objects_after) is cut by at most a third at its new pose and shows at
// least the smallest followed mark's area (render.MinFollowArea). The
// projection is written here again from the stored intrinsics K and
// world_to_camera matrix and the objects' stored boxes (position, yaw,
// size), so a bug in the planner's geometry cannot hide itself.

// FramingMaxCut is the largest share of a named object's projected box
// the image border may cut.
const FramingMaxCut = 1.0 / 3

// framingNear is the camera depth, metres, at which boxes are clipped
// before projection (the planner's rule).
const framingNear = 0.01

// FramingRow is one question's named objects with the data to check them.
type FramingRow struct {
	ID       string
	Category string
	Width    int
	Height   int
	K        [9]float64  // OpenCV intrinsics, row-major
	W2C      [16]float64 // world → OpenCV camera, row-major
	Named    []string    // object ids the question names: mover first
	Occludee string      // an occlusion question's occludee (its mark may be smaller), else ""
	Inst     export.InstanceRow
}

// FramingFinding is one named object that is not framed in one frame.
type FramingFinding struct {
	Row      string  `json:"row"`
	Category string  `json:"category"`
	State    string  `json:"state"` // "I0" or "I1"
	Kind     string  `json:"kind"`  // "area" (visible pixels under the mark's area) or "cut" (border cut over a third)
	Object   string  `json:"object"`
	Value    float64 `json:"value"` // visible pixels, or the cut share
	Limit    float64 `json:"limit"` // the required area, or FramingMaxCut
}

// FramingCounts counts one category's findings per state (index 0 = I0,
// 1 = I1) and its rows with at least one finding.
type FramingCounts struct {
	Rows    int    `json:"rows"`
	Area    [2]int `json:"area"`
	Cut     [2]int `json:"cut"`
	BadRows int    `json:"bad_rows"`
}

// FramingReport is the framing audit of one split.
type FramingReport struct {
	Split      string                    `json:"split"`
	Rows       int                       `json:"rows"`
	Categories map[string]*FramingCounts `json:"categories"`
	Total      FramingCounts             `json:"total"`
	Findings   []FramingFinding          `json:"findings"`
}

// Clean reports whether no named object breaks the framing rule.
func (r *FramingReport) Clean() bool { return len(r.Findings) == 0 }

// FramingAudit checks every row (in the given order; findings sorted by
// row, state, object and kind).
func FramingAudit(split string, rows []FramingRow) FramingReport {
	rep := FramingReport{Split: split, Rows: len(rows), Categories: map[string]*FramingCounts{}}
	for i := range rows {
		r := &rows[i]
		cc := rep.Categories[r.Category]
		if cc == nil {
			cc = &FramingCounts{}
			rep.Categories[r.Category] = cc
		}
		cc.Rows++
		rep.Total.Rows++
		fs := framingFindings(r)
		for _, f := range fs {
			s := 0
			if f.State == "I1" {
				s = 1
			}
			if f.Kind == "area" {
				cc.Area[s]++
				rep.Total.Area[s]++
			} else {
				cc.Cut[s]++
				rep.Total.Cut[s]++
			}
		}
		if len(fs) > 0 {
			cc.BadRows++
			rep.Total.BadRows++
		}
		rep.Findings = append(rep.Findings, fs...)
	}
	sort.SliceStable(rep.Findings, func(a, b int) bool {
		x, y := rep.Findings[a], rep.Findings[b]
		if x.Row != y.Row {
			return x.Row < y.Row
		}
		if x.State != y.State {
			return x.State < y.State
		}
		if x.Object != y.Object {
			return x.Object < y.Object
		}
		return x.Kind < y.Kind
	})
	return rep
}

// framingFindings checks one row's named objects in I0 and, where they
// moved, in I1.
func framingFindings(r *FramingRow) []FramingFinding {
	var out []FramingFinding
	before := map[string]*export.ObjectRow{}
	for i := range r.Inst.ObjectsBefore {
		before[r.Inst.ObjectsBefore[i].ObjectID] = &r.Inst.ObjectsBefore[i]
	}
	after := map[string]*export.ObjectRow{}
	for i := range r.Inst.ObjectsAfter {
		after[r.Inst.ObjectsAfter[i].ObjectID] = &r.Inst.ObjectsAfter[i]
	}
	px0 := instancePixels(r.Inst.InstanceBefore, r.Inst.InstanceMapBefore)
	px1 := instancePixels(r.Inst.InstanceAfter, r.Inst.InstanceMapAfter)
	area0 := render.MinMarkArea(render.StyleDots, r.Width, r.Height)
	area1 := render.MinFollowArea(render.StyleDots, r.Width, r.Height)
	seen := map[string]bool{}
	add := func(state, kind, id string, v, lim float64) {
		out = append(out, FramingFinding{Row: r.ID, Category: r.Category, State: state, Kind: kind, Object: id, Value: v, Limit: lim})
	}
	for _, id := range r.Named {
		if seen[id] {
			continue
		}
		seen[id] = true
		need := area0
		if id == r.Occludee {
			need = planner.OccludeeMinArea(r.Width, r.Height)
		}
		if n := px0[id]; n < need {
			add("I0", "area", id, float64(n), float64(need))
		}
		if o := before[id]; o != nil {
			if cut := boxCut(r, o); cut > FramingMaxCut+1e-9 {
				add("I0", "cut", id, cut, FramingMaxCut)
			}
		}
		o := after[id]
		if o == nil {
			continue // did not move: framed as in I0
		}
		if n := px1[id]; n < area1 {
			add("I1", "area", id, float64(n), float64(area1))
		}
		if cut := boxCut(r, o); cut > FramingMaxCut+1e-9 {
			add("I1", "cut", id, cut, FramingMaxCut)
		}
	}
	return out
}

// instancePixels counts each object's pixels in an instance image.
func instancePixels(ids []uint16, names []string) map[string]int {
	n := make([]int, len(names))
	for _, v := range ids {
		if int(v) < len(n) {
			n[v]++
		}
	}
	out := map[string]int{}
	for i, s := range names {
		if i > 0 && s != "" {
			out[s] += n[i]
		}
	}
	return out
}

// boxCut is the share of o's projected box outside the image: the box's
// eight corners (its stored centre, yaw about +y and full size) go through
// world_to_camera; edges crossing the plane at framingNear are clipped
// there; the pixel bounding rectangle of what is left is compared with
// the image [−½, W−½] × [−½, H−½].
func boxCut(r *FramingRow, o *export.ObjectRow) float64 {
	s, c := math.Sincos(o.Yaw * math.Pi / 180)
	ax := [3]float64{c, 0, -s} // the object's +x in the world (Unity, left-handed, yaw about +y)
	az := [3]float64{s, 0, c}
	var cam [8][3]float64
	for i := range cam {
		sx, sy, sz := -0.5, -0.5, -0.5
		if i&1 != 0 {
			sx = 0.5
		}
		if i&2 != 0 {
			sy = 0.5
		}
		if i&4 != 0 {
			sz = 0.5
		}
		w := [3]float64{
			o.Position[0] + sx*o.Size[0]*ax[0] + sz*o.Size[2]*az[0],
			o.Position[1] + sy*o.Size[1],
			o.Position[2] + sx*o.Size[0]*ax[2] + sz*o.Size[2]*az[2],
		}
		for k := 0; k < 3; k++ {
			cam[i][k] = r.W2C[4*k]*w[0] + r.W2C[4*k+1]*w[1] + r.W2C[4*k+2]*w[2] + r.W2C[4*k+3]
		}
	}
	u0, v0, u1, v1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	seen := false
	proj := func(p [3]float64) {
		x, y := p[0]/p[2], p[1]/p[2]
		u := r.K[0]*x + r.K[1]*y + r.K[2]
		v := r.K[4]*y + r.K[5]
		u0, u1, v0, v1 = math.Min(u0, u), math.Max(u1, u), math.Min(v0, v), math.Max(v1, v)
		seen = true
	}
	for i := 0; i < 8; i++ {
		if cam[i][2] >= framingNear {
			proj(cam[i])
		}
		for j := i + 1; j < 8; j++ {
			if d := i ^ j; d != 1 && d != 2 && d != 4 {
				continue // not an edge
			}
			a, b := cam[i], cam[j]
			if (a[2] < framingNear) == (b[2] < framingNear) {
				continue
			}
			t := (framingNear - a[2]) / (b[2] - a[2])
			proj([3]float64{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1]), framingNear})
		}
	}
	if !seen {
		return 1
	}
	W, H := float64(r.Width), float64(r.Height)
	iw := math.Min(u1, W-0.5) - math.Max(u0, -0.5)
	ih := math.Min(v1, H-0.5) - math.Max(v0, -0.5)
	if iw < 0 || ih < 0 {
		return 1
	}
	full := (u1 - u0) * (v1 - v0)
	if full <= 1e-12 {
		return 0
	}
	return math.Max(0, 1-iw*ih/full)
}
