package main

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strings"

	"github.com/fogleman/gg"

	"flowbench/export"
	"flowbench/render"
)

// inspectViewpoint draws one scene of a viewpoint dataset: the tagged
// source view, the nine withheld target views with their viewpoint, pull
// and visible tags, and the first pair's ten questions with their answers.
func inspectViewpoint(dir, scene, out string, stdout io.Writer) error {
	if err := export.CheckManifestFile(dir); err != nil {
		return err
	}
	var split string
	if m, err := export.ReadViewpointManifest(dir); err == nil {
		for s := range m.Splits {
			if split == "" || s < split {
				split = s
			}
		}
	} else {
		return err
	}
	qs, err := export.ViewpointQuestions(dir, split)
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return fmt.Errorf("%s split %s holds no viewpoint questions", dir, split)
	}
	if scene == "" {
		scene = qs[0].SceneID
	}
	var sq []export.ViewpointQuestionRow
	for _, q := range qs {
		if q.SceneID == scene {
			sq = append(sq, q)
		}
	}
	if len(sq) == 0 {
		return fmt.Errorf("%s split %s has no scene %q", dir, split, scene)
	}
	var views []export.ViewpointViewRow
	err = export.EachViewpointView(dir, split, func(v *export.ViewpointViewRow) error {
		if v.SceneID == scene {
			views = append(views, *v)
		}
		return nil
	})
	if err != nil {
		return err
	}
	img, err := drawViewpointPanel(sq, views)
	if err != nil {
		return fmt.Errorf("scene %s: %w", scene, err)
	}
	if err := render.WritePNG(out, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "viewpoint scene %s (%d questions, %d target views)\nwrote %s\n", scene, len(sq), len(views), out)
	return nil
}

// drawViewpointPanel lays out 4 columns × 3 rows of tiles (the source,
// then the target views) and the first pair's questions below.
func drawViewpointPanel(qs []export.ViewpointQuestionRow, views []export.ViewpointViewRow) (image.Image, error) {
	const tile, cols = 300, 4
	src, err := decodePNG(qs[0].Image.Bytes, "image")
	if err != nil {
		return nil, err
	}
	type labelled struct {
		caption string
		img     image.Image
	}
	tiles := []labelled{{"source view, tagged", src}}
	for _, v := range views {
		im, err := decodePNG(v.Image.Bytes, "viewpoint_views.image")
		if err != nil {
			return nil, err
		}
		c := fmt.Sprintf("%s (pull %.2f, %d tags seen)", v.Viewpoint, v.Pull, v.TagsVisible)
		if v.Obstructed {
			c += " obstructed"
		}
		tiles = append(tiles, labelled{c, im})
	}
	rows := (len(tiles) + cols - 1) / cols
	cell := tile + panelCaption + panelGap
	W := cols*tile + (cols+1)*panelGap
	textH := 16*14 + 2*panelGap
	dc := gg.NewContext(W, rows*cell+panelGap+textH)
	dc.SetColor(color.White)
	dc.Clear()
	regular, bold, err := panelFonts()
	if err != nil {
		return nil, err
	}
	for k, t := range tiles {
		x := float64(panelGap + (k%cols)*(tile+panelGap))
		y := float64(panelGap + (k/cols)*cell)
		dc.SetFontFace(bold)
		dc.SetColor(color.Black)
		dc.DrawString(t.caption, x, y+15)
		drawScaled(dc, t.img, x, y+panelCaption, tile)
	}
	y := float64(rows*cell+panelGap) + 15
	dc.SetFontFace(bold)
	first := qs[0]
	dc.DrawString(fmt.Sprintf("%s: tag %d → tag %d, %s", first.SceneID, first.Subject, first.Object, first.ContextImage[strings.Index(first.ContextImage, "{"):]), float64(panelGap), y)
	dc.SetFontFace(regular)
	for _, q := range qs {
		if q.Subject != first.Subject || q.Object != first.Object {
			continue
		}
		y += 16
		dc.DrawString(fmt.Sprintf("%-9s %v", q.Viewpoint, q.Answer), float64(panelGap), y)
	}
	return dc.Image(), nil
}
