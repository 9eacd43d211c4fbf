package sim

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"

	"github.com/fogleman/gg"
)

// This file draws a top-down floor plan of a scene: rooms coloured by type
// with a legend, walls as dark lines with door gaps and window marks, object
// footprints as labelled rotated rectangles, and the reachable grid as dots.
// The picture uses x to the right and z up the page.

// roomTypeColors are the fill colours of the room types on the plan.
var roomTypeColors = map[RoomType]color.RGBA{
	Kitchen:    {250, 222, 170, 255},
	LivingRoom: {196, 226, 190, 255},
	Bedroom:    {190, 208, 240, 255},
	Bathroom:   {226, 200, 236, 255},
}

// planRoomColor returns a room type's fill colour (grey for unknown types).
func planRoomColor(t RoomType) color.RGBA {
	if c, ok := roomTypeColors[t]; ok {
		return c
	}
	return color.RGBA{220, 220, 220, 255}
}

// shortTypeLabel abbreviates an objectType for the plan: the capital letters
// of a compound name ("CounterTop" → "CT"), or the first three letters.
func shortTypeLabel(t string) string {
	var caps []rune
	for _, c := range t {
		if c >= 'A' && c <= 'Z' {
			caps = append(caps, c)
		}
	}
	if len(caps) >= 2 {
		return string(caps)
	}
	if len(t) > 3 {
		return t[:3]
	}
	return t
}

// DrawFloorPlan draws the scene from above and writes it to path as PNG,
// atomically. reachable may be nil; its points are drawn as dots.
func DrawFloorPlan(s *Scene, reachable []Vec3, path string) error {
	b, err := EncodeFloorPlan(s, reachable)
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(path, b); err != nil {
		return fmt.Errorf("floor plan %s: %w", path, err)
	}
	return nil
}

// EncodeFloorPlan draws the floor plan and returns the PNG bytes.
func EncodeFloorPlan(s *Scene, reachable []Vec3) ([]byte, error) {
	if len(s.Rooms) == 0 {
		return nil, fmt.Errorf("floor plan: the scene has no rooms")
	}
	x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range s.Rooms {
		a, b, c, d := PolygonBounds(r.Polygon)
		x0, z0, x1, z1 = math.Min(x0, a), math.Min(z0, b), math.Max(x1, c), math.Max(z1, d)
	}
	span := math.Max(x1-x0, z1-z0)
	scale := math.Min(90, 1400/math.Max(span, 1)) // pixels per metre
	const margin, legendW = 30.0, 210.0
	W := int(math.Ceil((x1-x0)*scale + 2*margin + legendW))
	H := int(math.Ceil(math.Max((z1-z0)*scale+2*margin, 220)))
	px := func(x, z float64) (float64, float64) {
		return margin + (x-x0)*scale, margin + (z1-z)*scale
	}
	dc := gg.NewContext(W, H)
	dc.SetRGB(1, 1, 1)
	dc.Clear()

	// Rooms.
	for _, r := range s.Rooms {
		for i, p := range r.Polygon {
			x, y := px(p[0], p[1])
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
		dc.SetColor(planRoomColor(r.Type))
		dc.Fill()
	}
	// Reachable grid.
	dc.SetRGBA(0.15, 0.45, 0.15, 0.8)
	dotR := math.Max(1.2, scale*0.025)
	for _, p := range reachable {
		x, y := px(p[0], p[2])
		dc.DrawCircle(x, y, dotR)
		dc.Fill()
	}
	// Objects: floor objects first, then what rests on them.
	for _, o := range s.Objects {
		fp := objectFootprint([2]float64{o.Position[0], o.Position[2]}, o.Yaw, o.Size)
		for i, c := range fp.corners() {
			x, y := px(c[0], c[1])
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
		a := 0.55
		if o.Parent != "" {
			a = 0.8
		}
		dc.SetRGBA(o.Color.R, o.Color.G, o.Color.B, a)
		dc.FillPreserve()
		dc.SetRGBA(0.2, 0.2, 0.2, 0.9)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	for _, o := range s.Objects {
		x, y := px(o.Position[0], o.Position[2])
		if o.Parent != "" && scale < 50 {
			continue // too small to label legibly
		}
		dc.SetRGB(0.05, 0.05, 0.05)
		dc.DrawStringAnchored(shortTypeLabel(o.Type), x, y, 0.5, 0.35)
	}
	// Walls, with door gaps and window marks.
	for i := range s.Walls {
		w := &s.Walls[i]
		l := w.Length()
		if l <= 0 {
			continue
		}
		pt := func(u float64) (float64, float64) {
			t := u / l
			return px(w.A[0]+t*(w.B[0]-w.A[0]), w.A[1]+t*(w.B[1]-w.A[1]))
		}
		cuts := []float64{0, l}
		for _, h := range w.Holes {
			if h.Door || h.Y0 <= doorHoleMaxSill {
				cuts = append(cuts, clamp(h.U0, 0, l), clamp(h.U1, 0, l))
			}
		}
		sortFloats(cuts)
		dc.SetRGB(0.12, 0.12, 0.12)
		dc.SetLineWidth(3)
		for k := 0; k+1 < len(cuts); k++ {
			um := (cuts[k] + cuts[k+1]) / 2
			open := false
			for _, h := range w.Holes {
				if (h.Door || h.Y0 <= doorHoleMaxSill) && h.U0 < um && um < h.U1 {
					open = true
				}
			}
			if open || cuts[k+1]-cuts[k] < 1e-9 {
				continue
			}
			ax, ay := pt(cuts[k])
			bx, by := pt(cuts[k+1])
			dc.DrawLine(ax, ay, bx, by)
			dc.Stroke()
		}
		dc.SetRGB(0.25, 0.6, 0.95)
		dc.SetLineWidth(5)
		for _, h := range w.Holes {
			if h.Door || h.Y0 <= doorHoleMaxSill {
				continue
			}
			ax, ay := pt(clamp(h.U0, 0, l))
			bx, by := pt(clamp(h.U1, 0, l))
			dc.DrawLine(ax, ay, bx, by)
			dc.Stroke()
		}
	}
	// Legend.
	lx := float64(W) - legendW + 10
	ly := margin
	dc.SetRGB(0, 0, 0)
	dc.DrawString("rooms", lx, ly)
	ly += 8
	for _, t := range RoomTypes {
		dc.SetColor(planRoomColor(t))
		dc.DrawRectangle(lx, ly, 16, 12)
		dc.FillPreserve()
		dc.SetRGB(0.3, 0.3, 0.3)
		dc.SetLineWidth(1)
		dc.Stroke()
		dc.SetRGB(0, 0, 0)
		dc.DrawString(string(t), lx+22, ly+11)
		ly += 18
	}
	dc.SetRGBA(0.15, 0.45, 0.15, 0.8)
	dc.DrawCircle(lx+8, ly+6, 3)
	dc.Fill()
	dc.SetRGB(0, 0, 0)
	dc.DrawString(fmt.Sprintf("reachable (%d)", len(reachable)), lx+22, ly+11)
	ly += 18
	dc.SetRGB(0.25, 0.6, 0.95)
	dc.SetLineWidth(5)
	dc.DrawLine(lx, ly+6, lx+16, ly+6)
	dc.Stroke()
	dc.SetRGB(0, 0, 0)
	dc.DrawString("window", lx+22, ly+11)
	ly += 18
	dc.SetRGB(0.12, 0.12, 0.12)
	dc.SetLineWidth(3)
	dc.DrawLine(lx, ly+6, lx+5, ly+6)
	dc.DrawLine(lx+11, ly+6, lx+16, ly+6)
	dc.Stroke()
	dc.SetRGB(0, 0, 0)
	dc.DrawString("wall / door gap", lx+22, ly+11)
	ly += 24
	dc.DrawString(fmt.Sprintf("%d objects, 1 m = %.0f px", len(s.Objects), scale), lx, ly)
	ly += 16
	dc.DrawString("labels: type initials", lx, ly)

	var buf bytes.Buffer
	if err := png.Encode(&buf, dc.Image()); err != nil {
		return nil, fmt.Errorf("floor plan: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}
