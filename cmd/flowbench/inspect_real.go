package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // raw Real frames may be JPEG
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"flowbench/export"
	"flowbench/real"
	"flowbench/render"
)

// inspectReal draws one question of a FlowBench-Real dataset: I0 with the
// numbered badges next to the texts (move, question, choices, answer, the
// rule and its measured quantities), I1 with the badges, and I0 with the
// colour dots and the question in its dot wording.
func inspectReal(ds *export.Dataset, id, out string, stdout io.Writer) error {
	var q export.QuestionRow
	var err error
	if id == "" {
		q, err = firstQuestion(ds)
	} else {
		q, err = ds.Question(id)
	}
	if err != nil {
		return err
	}
	a, err := export.RealAnnotation(ds.Dir, q.ID)
	if err != nil {
		return err
	}
	img, err := drawRealPanel(&q, &a)
	if err != nil {
		return fmt.Errorf("question %s: %w", q.ID, err)
	}
	if err := render.WritePNG(out, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "question %s (%s, %s)\nwrote %s\n", q.ID, q.Category, a.Source, out)
	return nil
}

// drawRealPanel lays out the Real panel: 3 tiles (I0 badges, I1 badges,
// I0 dots) in the second row, the text above them.
func drawRealPanel(q *export.QuestionRow, a *export.RealAnnotationRow) (image.Image, error) {
	var rq real.Question
	if err := json.Unmarshal([]byte(a.QuestionSpec), &rq); err != nil {
		return nil, fmt.Errorf("column question_spec: %w", err)
	}
	captions := [3]string{"I0 (before, numbered badges)", "I1 (after, badges moved with the objects)", "I0 with colour dots"}
	dotsTitle, dotsText := "With colour dots (dots "+strings.Join(a.DotColors, ", ")+")", a.MotionTextDots+" "+a.QuestionDots
	if rq.Named { // B.4.9: no marks anywhere; the dot version is the question itself
		captions = [3]string{"I0 (before, unmarked: objects are named)", "I1 (after, unmarked)", "I0 of the dot prompts (the same, unmarked)"}
		dotsTitle, dotsText = "Names (B.4.9)", strings.Join(rq.Names, "; ")
	}
	var tiles []struct {
		caption string
		img     image.Image
	}
	for _, t := range []struct {
		caption, column string
		b               []byte
	}{{captions[0], "image", q.Image.Bytes}, {captions[1], "image_after", q.ImageAfter.Bytes},
		{captions[2], "image_dots", a.ImageDots.Bytes}} {
		img, _, err := image.Decode(bytes.NewReader(t.b))
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", t.column, err)
		}
		tiles = append(tiles, struct {
			caption string
			img     image.Image
		}{t.caption, img})
	}
	var qty []string
	for _, k := range slices.Sorted(maps.Keys(rq.Quantities)) {
		qty = append(qty, fmt.Sprintf("%s=%.3g", k, rq.Quantities[k]))
	}
	regular, bold, err := panelFonts()
	if err != nil {
		return nil, err
	}
	// Tiles keep the frames' aspect: the row is as tall as the tallest.
	tileH := 0
	for _, t := range tiles {
		b := t.img.Bounds()
		tileH = max(tileH, panelTile*b.Dy()/max(b.Dx(), b.Dy()))
	}
	cell := tileH + panelCaption + panelGap
	W := 3*panelTile + 4*panelGap
	x, width := float64(panelGap), float64(W-2*panelGap)
	lines := []struct {
		face font.Face
		text string
	}{
		{bold, fmt.Sprintf("%s   [%s, %s]", q.ID, q.Category, q.SceneStyle)},
		{bold, "Motion"}, {regular, q.MotionText},
		{bold, "Question"}, {regular, q.Question},
		{bold, "Answer"}, {regular, answerText(q)},
		{bold, dotsTitle}, {regular, dotsText},
		{bold, "Rule " + rq.Rule}, {regular, strings.Join(qty, "  ")},
	}
	// Lay the text out once to size the panel, then draw it: the frames
	// follow the text without a gap.
	layout := func(dc *gg.Context, draw bool) float64 {
		y := float64(panelGap) + 15
		for _, l := range lines {
			dc.SetFontFace(l.face)
			for _, s := range strings.Split(l.text, "\n") {
				for _, w := range dc.WordWrap(s, width) {
					if draw {
						dc.DrawString(w, x, y)
					}
					y += 16
				}
			}
			if l.face == regular {
				y += 6
			}
		}
		return y
	}
	textH := int(layout(gg.NewContext(W, 1), false)) + panelGap
	dc := gg.NewContext(W, textH+cell+panelGap)
	dc.SetColor(color.White)
	dc.Clear()
	dc.SetColor(color.Black)
	layout(dc, true)
	for k, t := range tiles {
		tx := float64(panelGap + k*(panelTile+panelGap))
		ty := float64(textH)
		dc.SetFontFace(bold)
		dc.SetColor(color.Black)
		dc.DrawString(t.caption, tx, ty+15)
		drawScaled(dc, t.img, tx, ty+panelCaption, panelTile)
	}
	return dc.Image(), nil
}
