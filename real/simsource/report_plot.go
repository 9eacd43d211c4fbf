package simsource

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"flowbench/real"
)

// Plot geometry: two panels side by side above a one-row legend.
const (
	plotW, plotH = 1200, 520
	plotTop      = 70  // top of both panels
	plotBottom   = 100 // below the panels: tick labels, axis title, legend
	// PlotMinQuestions is the fewest questions a category needs at a level
	// for PlotPNG to draw its agreement there; PlotLabelBelow the count
	// under which the point is labelled with it.
	PlotMinQuestions = 10
	PlotLabelBelow   = 30
)

// The panels' horizontal extents.
var (
	plotLeftPanel  = [2]float64{66, 566}
	plotRightPanel = [2]float64{676, 1176}
)

// plotColours are the categories' colours, in real.Categories order
// (Tableau 10, the light ones darkened for white paper); the total is black.
var plotColours = []color.RGBA{
	{31, 119, 180, 255},  // near_object: blue
	{255, 127, 14, 255},  // left_right: orange
	{44, 160, 44, 255},   // closer_to: green
	{214, 39, 40, 255},   // closest_three: red
	{148, 103, 189, 255}, // count_near: purple
	{140, 86, 75, 255},   // depth_order: brown
	{23, 190, 207, 255},  // occlusion: cyan
}

var (
	plotTotal  = color.RGBA{0, 0, 0, 255}
	plotTarget = color.RGBA{120, 120, 120, 255}
	plotGrid   = color.Gray{225}
)

var plotRegular, plotBold = mustFont(goregular.TTF), mustFont(gobold.TTF)

func mustFont(ttf []byte) *truetype.Font {
	f, err := truetype.Parse(ttf)
	if err != nil {
		panic("simsource: parsing an embedded Go font: " + err.Error())
	}
	return f
}

func plotFace(f *truetype.Font, size float64) font.Face {
	return truetype.NewFace(f, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// sortedLevels returns the report's noise levels (those with pairs or
// questions) in NoiseLevels order, any unknown name after them by name.
func (r *Report) sortedLevels() []string {
	order := map[string]int{}
	for i, l := range NoiseLevels {
		order[l.String()] = i
	}
	var levels []string
	for l := range r.Pairs {
		levels = append(levels, l)
	}
	for l := range r.Cells {
		if _, ok := r.Pairs[l]; !ok {
			levels = append(levels, l)
		}
	}
	rank := func(l string) int {
		if i, ok := order[l]; ok {
			return i
		}
		return len(order)
	}
	slices.SortFunc(levels, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return levels
}

// plotPanel maps a panel's values to pixels.
type plotPanel struct {
	x0, x1, y0, y1 float64 // pixel box: y0 top, y1 bottom
	lo, hi         float64 // value range, bottom to top
	n              int     // noise levels on the x-axis
}

func (p plotPanel) x(i int) float64 {
	return p.x0 + (p.x1-p.x0)*(float64(i)+0.5)/float64(p.n)
}

func (p plotPanel) y(v float64) float64 {
	return p.y1 - (p.y1-p.y0)*(v-p.lo)/(p.hi-p.lo)
}

// PlotPNG draws the report as a 1200×520 PNG of two panels against the
// noise level (in NoiseLevels order): on the left each category's agreement
// with the truth (%), drawn where it has at least PlotMinQuestions
// questions and labelled with their number below PlotLabelBelow, with the
// 95 % and 99 % targets dashed; on the right each category's questions per
// checked pair and their total. The title states the pairs per level and
// Seed.
func (r *Report) PlotPNG() ([]byte, error) {
	levels := r.sortedLevels()
	dc := gg.NewContext(plotW, plotH)
	dc.SetColor(color.White)
	dc.Clear()
	title, small, regular := plotFace(plotBold, 16), plotFace(plotRegular, 11), plotFace(plotRegular, 13)
	bold := plotFace(plotBold, 13)

	dc.SetFontFace(title)
	dc.SetColor(color.Black)
	dc.DrawStringAnchored("FlowBench-Real on simulated pairs: agreement with exact geometry and questions per pair, by noise level",
		plotW/2, 18, 0.5, 0.5)
	dc.SetFontFace(regular)
	dc.DrawStringAnchored(r.plotSubtitle(levels), plotW/2, 38, 0.5, 0.5)
	if len(levels) == 0 {
		dc.DrawStringAnchored("no pairs checked", plotW/2, plotH/2, 0.5, 0.5)
		return encodePNG(dc)
	}

	// Left: agreement. The y-axis starts at 80 % unless a drawn point lies
	// lower.
	type point struct {
		lv   int
		v    float64
		n    int
		draw bool
	}
	agree := make([][]point, len(real.Categories))
	lowest := 100.0
	for ci, cat := range real.Categories {
		for li, l := range levels {
			a, n := r.Agreement(l, cat)
			p := point{lv: li, v: 100 * a, n: n, draw: n >= PlotMinQuestions}
			if p.draw {
				lowest = min(lowest, p.v)
			}
			agree[ci] = append(agree[ci], p)
		}
	}
	lo := 80.0
	if lowest < lo+1 {
		lo = max(0, 10*math.Floor((lowest-2)/10))
	}
	top, bottom := float64(plotTop), float64(plotH-plotBottom)
	left := plotPanel{plotLeftPanel[0], plotLeftPanel[1], top, bottom, lo, 101, len(levels)}
	step := 5.0
	if 100-lo > 30 {
		step = 10
	}
	if 100-lo > 60 {
		step = 20
	}
	drawAxes(dc, left, levels, step, "%.0f", regular, bold, "agreement with the truth (%)")
	for _, t := range []float64{95, 99} {
		if t <= lo {
			continue
		}
		dc.SetColor(plotTarget)
		dc.SetLineWidth(1.5)
		dc.SetDash(7, 5)
		dc.DrawLine(left.x0, left.y(t), left.x1, left.y(t))
		dc.Stroke()
		dc.SetDash()
		dc.SetFontFace(small)
		dc.DrawStringAnchored(fmt.Sprintf("%.0f %%", t), left.x1+8, left.y(t), 0, 0.5)
	}
	// Categories are nudged sideways a little so that equal values (all at
	// 100 %, often) stay apart.
	const dodgeStep = 6.5
	half := float64(len(real.Categories)-1) / 2
	dodge := func(ci int) float64 { return dodgeStep * (float64(ci) - half) }
	type label struct {
		y    float64
		text string
		c    color.Color
	}
	labels := make([][]label, len(levels))
	for ci, pts := range agree {
		c := plotColours[ci%len(plotColours)]
		dc.SetColor(c)
		dc.SetLineWidth(2)
		for i := 1; i < len(pts); i++ {
			if pts[i-1].draw && pts[i].draw {
				dc.DrawLine(left.x(pts[i-1].lv)+dodge(ci), left.y(pts[i-1].v), left.x(pts[i].lv)+dodge(ci), left.y(pts[i].v))
				dc.Stroke()
			}
		}
		for _, p := range pts {
			if !p.draw {
				continue
			}
			drawMarker(dc, ci, left.x(p.lv)+dodge(ci), left.y(p.v), c)
			if p.n < PlotLabelBelow {
				labels[p.lv] = append(labels[p.lv], label{left.y(p.v), fmt.Sprintf("n=%d", p.n), c})
			}
		}
	}
	// The counts go right of each level's markers, stacked downwards where
	// they would overlap, on a white box over the lines.
	dc.SetFontFace(small)
	for li, ls := range labels {
		slices.SortStableFunc(ls, func(a, b label) int { return int(a.y - b.y) })
		x, prev := left.x(li)+dodgeStep*half+9, math.Inf(-1)
		for _, l := range ls {
			y := max(l.y, prev+13)
			prev = y
			w, _ := dc.MeasureString(l.text)
			dc.SetColor(color.White)
			dc.DrawRectangle(x-1, y-6.5, w+2, 13)
			dc.Fill()
			dc.SetColor(l.c)
			dc.DrawStringAnchored(l.text, x, y, 0, 0.5)
		}
	}

	// Right: questions per pair.
	perPair := make([][]float64, len(real.Categories)+1) // the last row is the total
	highest := 0.0
	for li, l := range levels {
		pairs := float64(max(1, r.Pairs[l]))
		for ci, cat := range real.Categories {
			_, n := r.Agreement(l, cat)
			perPair[ci] = append(perPair[ci], float64(n)/pairs)
		}
		_, n := r.Agreement(l, "")
		perPair[len(real.Categories)] = append(perPair[len(real.Categories)], float64(n)/pairs)
		highest = max(highest, perPair[len(real.Categories)][li])
	}
	qStep := niceStep(highest, 6)
	right := plotPanel{plotRightPanel[0], plotRightPanel[1], top, bottom, 0, qStep * math.Max(1, math.Ceil(highest/qStep+0.05)), len(levels)}
	format := "%.1f"
	if qStep < 0.1 {
		format = "%.2f"
	}
	drawAxes(dc, right, levels, qStep, format, regular, bold, "questions per pair")
	for ci, vals := range perPair {
		c, width := plotTotal, 3.0
		if ci < len(real.Categories) {
			c, width = plotColours[ci%len(plotColours)], 2
		}
		dc.SetColor(c)
		dc.SetLineWidth(width)
		for i := 1; i < len(vals); i++ {
			dc.DrawLine(right.x(i-1), right.y(vals[i-1]), right.x(i), right.y(vals[i]))
			dc.Stroke()
		}
		for i, v := range vals {
			drawMarker(dc, ci, right.x(i), right.y(v), c)
		}
	}

	drawLegend(dc, regular)
	return encodePNG(dc)
}

// plotSubtitle states the pairs per level (once when every level has the
// same number) and the seed.
func (r *Report) plotSubtitle(levels []string) string {
	same := true
	for _, l := range levels {
		same = same && r.Pairs[l] == r.Pairs[levels[0]]
	}
	var pairs string
	switch {
	case len(levels) == 0:
		pairs = "0 pairs"
	case same:
		pairs = fmt.Sprintf("%d pairs per noise level", r.Pairs[levels[0]])
	default:
		var parts []string
		for _, l := range levels {
			parts = append(parts, fmt.Sprintf("%s %d", l, r.Pairs[l]))
		}
		pairs = "pairs: " + strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%s, seed %d; agreement drawn where a category has ≥ %d questions, n labelled below %d",
		pairs, r.Seed, PlotMinQuestions, PlotLabelBelow)
}

// drawAxes draws a panel's grid, y tick labels, the noise levels under the
// x-axis, the x-axis title and the panel's title above it.
func drawAxes(dc *gg.Context, p plotPanel, levels []string, step float64, format string, regular, bold font.Face, title string) {
	dc.SetFontFace(regular)
	for v := p.lo; v <= p.hi+1e-9; v += step {
		v := math.Round(v/step) * step
		dc.SetColor(plotGrid)
		dc.SetLineWidth(1)
		dc.DrawLine(p.x0, p.y(v), p.x1, p.y(v))
		dc.Stroke()
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(fmt.Sprintf(format, v), p.x0-8, p.y(v), 1, 0.5)
	}
	dc.SetColor(color.Black)
	dc.SetLineWidth(1)
	dc.DrawLine(p.x0, p.y0, p.x0, p.y1)
	dc.DrawLine(p.x0, p.y1, p.x1, p.y1)
	dc.Stroke()
	for i, l := range levels {
		dc.DrawLine(p.x(i), p.y1, p.x(i), p.y1+5)
		dc.Stroke()
		dc.DrawStringAnchored(l, p.x(i), p.y1+16, 0.5, 0.5)
	}
	dc.DrawStringAnchored("noise level", (p.x0+p.x1)/2, p.y1+36, 0.5, 0.5)
	dc.SetFontFace(bold)
	dc.DrawStringAnchored(title, p.x0, p.y0-14, 0, 0.5)
}

// drawMarker draws series k's marker (a shape per series, white-edged so
// that overlapping markers stay apart).
func drawMarker(dc *gg.Context, k int, x, y float64, c color.Color) {
	const r = 5
	path := func() {
		switch k % 8 {
		case 0:
			dc.DrawCircle(x, y, r)
		case 1:
			dc.DrawRectangle(x-r+1, y-r+1, 2*r-2, 2*r-2)
		case 2:
			dc.DrawRegularPolygon(3, x, y, r+1.5, -math.Pi/2)
		case 3:
			dc.DrawRegularPolygon(4, x, y, r+1, 0)
		case 4:
			dc.DrawRegularPolygon(3, x, y, r+1.5, math.Pi/2)
		case 5:
			dc.DrawRegularPolygon(5, x, y, r+0.5, -math.Pi/2)
		case 6:
			dc.DrawRegularPolygon(6, x, y, r+0.5, 0)
		default: // the total
			dc.DrawCircle(x, y, r)
		}
	}
	path()
	dc.SetColor(c)
	dc.FillPreserve()
	dc.SetColor(color.White)
	dc.SetLineWidth(1)
	dc.Stroke()
}

// drawLegend draws one centred row: the seven categories and the total.
func drawLegend(dc *gg.Context, face font.Face) {
	dc.SetFontFace(face)
	names := append(slices.Clone(real.Categories), "all (questions per pair)")
	const swatch, gap, after = 26.0, 8.0, 22.0
	width := 0.0
	for _, n := range names {
		w, _ := dc.MeasureString(n)
		width += swatch + gap + w + after
	}
	tw, _ := dc.MeasureString(targetLegend)
	width += swatch + gap + tw
	x, y := (plotW-width)/2, float64(plotH-20)
	for k, n := range names {
		c := plotTotal
		if k < len(real.Categories) {
			c = plotColours[k%len(plotColours)]
		}
		dc.SetColor(c)
		dc.SetLineWidth(2)
		dc.DrawLine(x, y, x+swatch, y)
		dc.Stroke()
		drawMarker(dc, k, x+swatch/2, y, c)
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(n, x+swatch+gap, y, 0, 0.5)
		w, _ := dc.MeasureString(n)
		x += swatch + gap + w + after
	}
	dc.SetColor(plotTarget)
	dc.SetLineWidth(1.5)
	dc.SetDash(7, 5)
	dc.DrawLine(x, y, x+swatch, y)
	dc.Stroke()
	dc.SetDash()
	dc.SetColor(color.Black)
	dc.DrawStringAnchored(targetLegend, x+swatch+gap, y, 0, 0.5)
}

const targetLegend = "target"

// niceStep returns a 1, 2 or 5 × 10^k step that splits [0, hi] into at most
// ticks intervals.
func niceStep(hi float64, ticks int) float64 {
	if hi <= 0 {
		return 0.5
	}
	raw := hi / float64(ticks)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

func encodePNG(dc *gg.Context) ([]byte, error) {
	var buf bytes.Buffer
	if err := dc.EncodePNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
