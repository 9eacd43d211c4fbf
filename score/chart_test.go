package score

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

func TestChartPNG(t *testing.T) {
	qs := simSet(64)
	lines, _, _ := BuildPrompts(qs, PromptOptions{Mode: Mode1A, Shuffles: 3})
	var preds, static []Prediction
	for i, l := range lines {
		preds = append(preds, Prediction{ID: l.ID, Shuffle: l.Shuffle, Response: "A", Line: i + 1})
		static = append(static, Prediction{ID: l.ID, Shuffle: l.Shuffle, Response: l.Answer, Line: i + 1})
	}
	m, err := Score(qs, "test", preds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Score(qs, "test", static, Options{Static: true})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := ImaginationGap(m, s)
	rep := &Report{Mode: Mode1A, Motion: m, Static: s, Gap: g}
	data, err := rep.ChartPNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != chartW || b.Dy() != chartH {
		t.Fatalf("chart size %v", b)
	}
	// the chance markers are drawn: count pure-ish red pixels
	red := 0
	for y := range chartH {
		for x := range chartW {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 180 && g>>8 < 80 && b>>8 < 80 {
				red++
			}
		}
	}
	if red < 10*(len(m.Categories)+2) {
		t.Errorf("only %d chance-marker pixels", red)
	}
	if p := os.Getenv("FLOWBENCH_CHART_OUT"); p != "" {
		os.WriteFile(p, data, 0o644)
	}
	var md bytes.Buffer
	rep.WriteMarkdown(&md)
	if p := os.Getenv("FLOWBENCH_MD_OUT"); p != "" {
		os.WriteFile(p, md.Bytes(), 0o644)
	}
}
