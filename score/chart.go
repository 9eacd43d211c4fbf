package score

import (
	"bytes"
	"fmt"
	"image/color"

	"flowbench/sim"

	"github.com/fogleman/gg"
)

// Chart geometry and colours.
const (
	chartW, chartH = 1100, 520
	chartLeft      = 60
	chartRight     = 20
	chartTop       = 50
	chartBottom    = 70
)

var (
	barColours  = []color.RGBA{{66, 114, 196, 255}, {237, 125, 49, 255}}
	chanceColor = color.RGBA{200, 30, 30, 255}
)

// ChartPNG draws a bar chart of accuracy per category (plus Avg and
// Cat-avg): one bar per setting with a ±std whisker, and the chance level
// of each group as a dashed red line across its bars.
func (rep *Report) ChartPNG() ([]byte, error) {
	type series struct {
		label string
		r     *Result
	}
	ss := []series{{string(rep.Mode), rep.Motion}}
	if rep.Static != nil {
		ss = append(ss, series{"2A", rep.Static})
	}
	type group struct {
		name   string
		chance float64
		vals   []Stat
	}
	var groups []group
	for i, c := range rep.Motion.Categories {
		g := group{name: DisplayName(c.Name), chance: c.Chance}
		for _, s := range ss {
			g.vals = append(g.vals, s.r.Categories[i].Stat)
		}
		groups = append(groups, g)
	}
	avg := group{name: "Avg", chance: rep.Motion.Avg.Chance}
	cat := group{name: "Cat-avg", chance: rep.Motion.CatAvg.Chance}
	for _, s := range ss {
		avg.vals = append(avg.vals, s.r.Avg)
		cat.vals = append(cat.vals, s.r.CatAvg)
	}
	groups = append(groups, avg, cat)

	dc := gg.NewContext(chartW, chartH)
	dc.SetColor(color.White)
	dc.Clear()
	plotW := float64(chartW - chartLeft - chartRight)
	plotH := float64(chartH - chartTop - chartBottom)
	y := func(v float64) float64 { return float64(chartTop) + plotH*(1-v) }
	// grid and axis labels
	for v := 0; v <= 100; v += 20 {
		dc.SetColor(color.Gray{220})
		dc.SetLineWidth(1)
		dc.DrawLine(chartLeft, y(float64(v)/100), chartW-chartRight, y(float64(v)/100))
		dc.Stroke()
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(fmt.Sprintf("%d", v), chartLeft-8, y(float64(v)/100), 1, 0.5)
	}
	dc.DrawStringAnchored("accuracy (%)", 12, chartTop-20, 0, 0.5)
	title := fmt.Sprintf("FlowBench %s split: accuracy per category, mean over %d shuffles", rep.Motion.Split, rep.Motion.Shuffles)
	dc.DrawStringAnchored(title, chartW/2, 18, 0.5, 0.5)

	slot := plotW / float64(len(groups))
	barW := slot * 0.7 / float64(len(ss))
	for gi, g := range groups {
		x0 := float64(chartLeft) + slot*float64(gi) + slot*0.15
		for si, st := range g.vals {
			x := x0 + barW*float64(si)
			dc.SetColor(barColours[si%len(barColours)])
			dc.DrawRectangle(x, y(st.Mean), barW-2, y(0)-y(st.Mean))
			dc.Fill()
			if st.Std > 0 {
				dc.SetColor(color.Black)
				dc.SetLineWidth(1.5)
				cx := x + (barW-2)/2
				dc.DrawLine(cx, y(min(1, st.Mean+st.Std)), cx, y(max(0, st.Mean-st.Std)))
				dc.Stroke()
			}
			dc.SetColor(color.Black)
			dc.DrawStringAnchored(pct(st.Mean), x+(barW-2)/2, y(st.Mean)-8, 0.5, 0.5)
		}
		dc.SetColor(chanceColor)
		dc.SetLineWidth(2.5)
		dc.SetDash(6, 4)
		dc.DrawLine(x0-4, y(g.chance), x0+barW*float64(len(ss))+2, y(g.chance))
		dc.Stroke()
		dc.SetDash()
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(g.name, x0+barW*float64(len(ss))/2, float64(chartH-chartBottom)+16, 0.5, 0.5)
	}
	// legend
	lx := float64(chartLeft + 10)
	ly := float64(chartH - 22)
	for si, s := range ss {
		dc.SetColor(barColours[si%len(barColours)])
		dc.DrawRectangle(lx, ly-6, 14, 12)
		dc.Fill()
		dc.SetColor(color.Black)
		dc.DrawStringAnchored(s.label, lx+20, ly, 0, 0.5)
		lx += 80
	}
	dc.SetColor(chanceColor)
	dc.SetLineWidth(2.5)
	dc.SetDash(6, 4)
	dc.DrawLine(lx, ly, lx+24, ly)
	dc.Stroke()
	dc.SetDash()
	dc.SetColor(color.Black)
	dc.DrawStringAnchored("chance", lx+30, ly, 0, 0.5)

	var buf bytes.Buffer
	if err := dc.EncodePNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteChart writes ChartPNG to path atomically.
func (rep *Report) WriteChart(path string) error {
	png, err := rep.ChartPNG()
	if err != nil {
		return err
	}
	return sim.WriteFileAtomic(path, png)
}
