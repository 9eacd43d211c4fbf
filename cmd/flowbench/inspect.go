package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/spf13/pflag"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"flowbench/export"
	"flowbench/flow"
	"flowbench/planner"
	"flowbench/render"
)

// The "inspect" subcommand draws one question as a panel in the manner of
// the method's Figure 6: I0 with its marks next to the motion, question,
// choices, answer and reasoning; then I1 with its marks, the depth maps D0
// and D1, the instance maps S0 and S1, and the forward flow on the
// Middlebury colour wheel.

func init() {
	register(command{
		name:    "inspect",
		use:     "DIR|URL --out FILE [flags]",
		summary: "draw one question of a dataset as a panel (images, depth, instances, flow, text)",
		long: "inspect draws one question (--id, default the first) as a panel: I0 and the question, I1, depth,\n" +
			"instances and forward flow; --sheet N draws a contact sheet of N random questions' marked I0.",
		example: "flowbench inspect out/demo --out panel.png\nflowbench inspect out/demo --id train_000001/v0/closer_to --out q.png\n" +
			"flowbench inspect out/test --sheet 24 --seed 1 --out sheet.png",
		args:  datasetArgs,
		setup: inspectCommand,
	})
}

func inspectCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	id := fs.String("id", "", "question id (default: the first question of the first split); for a viewpoint dataset, a scene id")
	out := fs.String("out", "", "write the panel PNG here (required)")
	sheet := boundedInt(fs, "sheet", 0, 0, maxSheetImages, "write instead a contact sheet of this many random questions' marked I0 images")
	split := fs.String("split", "", "with --sheet: the split to draw from (default: the dataset's only split)")
	seed := uint64SeedFlag(fs, 1, "with --sheet: the random seed of the sample")
	tile := boundedInt(fs, "tile", 192, 16, 1024, "with --sheet: each image's longer side, pixels")
	return func(args []string) error {
		return withDatasetIn(args[0], func(dir string) error {
			return runInspect(dir, *id, *out, *sheet, *split, *seed, *tile, stdout)
		})
	}
}

func runInspect(dir, id, out string, sheet int, split string, seed uint64, tile int, stdout io.Writer) error {
	if out == "" {
		return fmt.Errorf("%w: --out is required", errUsage)
	}
	if err := export.CheckOutputFile("--out", out); err != nil {
		return err
	}
	if fam, err := export.DatasetFamily(dir); err == nil && fam == export.FamilyViewpoint {
		return inspectViewpoint(dir, id, out, stdout)
	}
	ds, err := export.CheckDataset(dir)
	if err != nil {
		return err
	}
	if fam, err := export.DatasetFamily(dir); err == nil && fam == export.FamilyReal && sheet == 0 {
		return inspectReal(ds, id, out, stdout)
	}
	if sheet < 0 || tile < 16 || tile > 1024 {
		return fmt.Errorf("%w: --sheet must not be negative and --tile lie in 16..1024 (got %d, %d)", errUsage, sheet, tile)
	}
	if sheet > 0 {
		s, err := oneSplit(dir, split, ds.Splits())
		if err != nil {
			return err
		}
		return inspectSheet(ds, s, sheet, seed, tile, out, stdout)
	}
	var q export.QuestionRow
	if id == "" {
		q, err = firstQuestion(ds)
	} else {
		q, err = ds.Question(id)
	}
	if err != nil {
		return err
	}
	a, err := ds.Annotation(q.ID)
	if err != nil {
		return fmt.Errorf("%w (a questions-only dataset has no annotations to draw)", err)
	}
	img, err := drawPanel(&q, &a)
	if err != nil {
		return fmt.Errorf("question %s: %w", q.ID, err)
	}
	if err := render.WritePNG(out, img); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "question %s (%s)\nwrote %s\n", q.ID, q.Category, out)
	if q.CausalGraph != "" {
		g, err := planner.ParseCausalGraph(q.CausalGraph)
		if err != nil {
			return fmt.Errorf("question %s: %w", q.ID, err)
		}
		fmt.Fprintf(stdout, "causal graph (%d nodes, %d edges; docs/causal.md):\n", len(g.Nodes), len(g.Edges))
		for _, l := range g.Lines() {
			fmt.Fprintln(stdout, "  "+l)
		}
	}
	return nil
}

// firstQuestion returns the first question of the first split.
func firstQuestion(ds *export.Dataset) (export.QuestionRow, error) {
	for _, s := range ds.Splits() {
		for q, err := range ds.Questions(s) {
			return q, err
		}
	}
	return export.QuestionRow{}, fmt.Errorf("%s holds no questions", ds.Dir)
}

// Panel geometry.
const (
	panelTile    = 360 // tile edge, pixels
	panelGap     = 12
	panelCaption = 22
)

// drawPanel lays out the panel: 3 columns × 3 rows of tiles, the text
// taking the two right tiles of the first row.
func drawPanel(q *export.QuestionRow, a *export.AnnotationRow) (image.Image, error) {
	w, h := int(a.Width), int(a.Height)
	i0, err := decodePNG(q.Image.Bytes, "image")
	if err != nil {
		return nil, err
	}
	i1, err := decodePNG(q.ImageAfter.Bytes, "image_after")
	if err != nil {
		return nil, err
	}
	maxDepth := float32(0)
	for _, d := range [][]float32{a.DepthBefore, a.DepthAfter} {
		for _, v := range d {
			maxDepth = max(maxDepth, v)
		}
	}
	tiles := []struct {
		caption string
		img     image.Image
	}{
		{"I0 (before, marked)", i0},
		{"I1 (after, marked)", i1},
		{"D0 depth before", depthImage(a.DepthBefore, w, h, maxDepth)},
		{"D1 depth after", depthImage(a.DepthAfter, w, h, maxDepth)},
		{"S0 instances before", render.SegImage(a.InstanceBefore, w, h)},
		{"S1 instances after", render.SegImage(a.InstanceAfter, w, h)},
		{"forward flow F01", flow.ColorImage(flow.Field{W: w, H: h, D: a.FlowForward}, flow.WheelOptions{})},
	}
	cell := panelTile + panelCaption + panelGap
	W := 3*panelTile + 4*panelGap
	H := 3*cell + panelGap
	dc := gg.NewContext(W, H)
	dc.SetColor(color.White)
	dc.Clear()
	regular, bold, err := panelFonts()
	if err != nil {
		return nil, err
	}
	pos := [][2]int{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}
	for k, t := range tiles {
		x := float64(panelGap + pos[k][0]*(panelTile+panelGap))
		y := float64(panelGap + pos[k][1]*cell)
		dc.SetFontFace(bold)
		dc.SetColor(color.Black)
		dc.DrawString(t.caption, x, y+15)
		drawScaled(dc, t.img, x, y+panelCaption, panelTile)
	}
	// The text block to the right of I0.
	x := float64(2*panelGap + panelTile)
	width := float64(2*panelTile + panelGap)
	y := float64(panelGap) + 15
	lines := []struct {
		face font.Face
		text string
	}{
		{bold, fmt.Sprintf("%s   [%s, view %d]", q.ID, q.Category, q.ViewID)},
		{bold, "Motion"}, {regular, q.MotionText},
		{bold, "Question"}, {regular, q.Question},
		{bold, "Choices"}, {regular, choiceList(q.Choices)},
		{bold, "Answer"}, {regular, answerText(q)},
		{bold, "Reasoning"}, {regular, q.Reasoning},
	}
	for _, l := range lines {
		dc.SetFontFace(l.face)
		dc.SetColor(color.Black)
		for _, s := range dc.WordWrap(l.text, width) {
			if y > float64(cell) {
				break // the text block ends where the second row starts
			}
			dc.DrawString(s, x, y)
			y += 16
		}
		if l.face == regular {
			y += 6
		}
	}
	return dc.Image(), nil
}

// drawScaled draws img scaled to fit a size×size square at (x, y).
func drawScaled(dc *gg.Context, img image.Image, x, y float64, size int) {
	b := img.Bounds()
	s := float64(size) / float64(max(b.Dx(), b.Dy()))
	dc.Push()
	dc.Translate(x, y)
	dc.Scale(s, s)
	dc.DrawImage(img, 0, 0)
	dc.Pop()
}

// choiceList renders "A. yes   B. no".
func choiceList(choices []string) string {
	parts := make([]string, len(choices))
	for i, c := range choices {
		parts[i] = fmt.Sprintf("%c. %s", 'A'+i, c)
	}
	return strings.Join(parts, "   ")
}

// answerText renders the answer letters with their choice texts, and the
// answer before the motion when the category has one.
func answerText(q *export.QuestionRow) string {
	name := func(ans string) string {
		var parts []string
		for _, r := range ans {
			i := int(r - 'A')
			if i >= 0 && i < len(q.Choices) {
				parts = append(parts, fmt.Sprintf("%c (%s)", r, q.Choices[i]))
			} else {
				parts = append(parts, string(r))
			}
		}
		return strings.Join(parts, ", ")
	}
	s := name(q.Answer)
	if q.BeforeAnswer != "" {
		s += fmt.Sprintf("; before the motion: %s; changed: %v", name(q.BeforeAnswer), q.Changed)
	}
	return s
}

// depthImage maps planar depth to grey, near bright and far dark, with
// pixels where nothing was hit in dark blue.
func depthImage(d []float32, w, h int, maxDepth float32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if maxDepth <= 0 {
		maxDepth = 1
	}
	for i, v := range d {
		c := color.RGBA{10, 10, 60, 255}
		if v > 0 {
			g := uint8(235 - 200*min(v/maxDepth, 1))
			c = color.RGBA{g, g, g, 255}
		}
		img.SetRGBA(i%w, i/w, c)
	}
	return img
}

func decodePNG(b []byte, column string) (image.Image, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", column, err)
	}
	return img, nil
}

// panelFonts returns the Go fonts at the panel's text sizes.
func panelFonts() (regular, bold font.Face, err error) {
	r, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return nil, nil, err
	}
	b, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return nil, nil, err
	}
	return truetype.NewFace(r, &truetype.Options{Size: 12}), truetype.NewFace(b, &truetype.Options{Size: 12}), nil
}
