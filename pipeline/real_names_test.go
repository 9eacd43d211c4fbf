package pipeline

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/real"
	"flowbench/score"
)

// fakeNamer answers the three naming requests on the synthetic table
// scenes: a crop is named by the colour at its centre (the cup "red cup",
// the bowl "blue bowl", the apple "green apple", the banana "banana", the
// can "purple object", the bottle "teal bottle"); "banana" fits two
// objects, every other name one; the name check says no for the bottle.
func fakeNamer(req *score.ChatRequest) (string, int) {
	parts := req.Messages[0].Content
	if len(parts) != 2 || parts[0].ImageURL == nil {
		return "want an image and an instruction", 400
	}
	text := parts[1].Text
	switch {
	case strings.HasPrefix(text, "This is a crop"):
		b64, ok := strings.CutPrefix(parts[0].ImageURL.URL, "data:image/png;base64,")
		raw, err := base64.StdEncoding.DecodeString(b64)
		if !ok || err != nil {
			return "want a PNG crop", 400
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			return err.Error(), 400
		}
		b := img.Bounds()
		r, g, bl, _ := img.At((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2).RGBA()
		switch [3]uint32{r >> 8, g >> 8, bl >> 8} {
		case [3]uint32{200, 30, 30}:
			return "Red cup.", 0
		case [3]uint32{30, 30, 200}:
			return "blue bowl", 0
		case [3]uint32{30, 180, 30}:
			return "\"green apple\"", 0
		case [3]uint32{230, 220, 40}:
			return "banana", 0
		case [3]uint32{200, 100, 200}:
			return "purple object", 0
		case [3]uint32{20, 200, 200}:
			return "teal bottle", 0
		}
		return "grey thing", 0
	case strings.HasPrefix(text, "How many objects"):
		if strings.Contains(text, `"banana"`) {
			return "2", 0
		}
		return "1", 0
	case strings.HasPrefix(text, "Is the object inside the green box"):
		if strings.Contains(text, "teal bottle") {
			return "No, it is a cup.", 0
		}
		return "Yes.", 0
	}
	return "unexpected request " + text, 400
}

// TestRealNamedQuestions builds a split with naming on against the fake
// server: every pair's six objects are named and judged by B.4.9's rules
// (the generic, the ambiguous and the failed check rejected), the named
// candidates use the three accepted names only, carry no marks, state
// directions with the note, validate (answers recomputed from their
// measurement), and the report counts what the rules did.
func TestRealNamedQuestions(t *testing.T) {
	srv, calls := replyServer(t, fakeNamer)
	dir := filepath.Join(t.TempDir(), "ds")
	res := buildReal(t, dir, realTestPairs(5), func(o *RealOptions) {
		o.Names = &score.EvalOptions{Endpoint: srv.URL, Model: "namer-9b", MaxRetries: -1}
	})
	if _, err := export.ValidateReal(dir); err != nil {
		t.Fatalf("ValidateReal: %v", err)
	}
	m, err := export.ReadRealManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := m.Splits["train"].Run.Names
	// 5 measured pairs × 6 objects; each pair: 1 crop request per object,
	// a count for the 5 usable names, a check for the 4 that fit once.
	if n == nil || n.Model != "namer-9b" || n.Objects != 30 || n.Accepted != 15 ||
		n.Rejected["generic_head"] != 5 || n.Rejected["fits_several"] != 5 || n.Rejected["name_check"] != 5 || n.Candidates == 0 {
		t.Fatalf("names report %+v", n)
	}
	if got := calls.Load(); got != 5*(6+5+4) {
		t.Errorf("%d requests, want %d", got, 5*(6+5+4))
	}
	named := 0
	err = export.RealAnnotations(dir, "train", func(a *export.RealAnnotationRow) error {
		var q real.Question
		if err := json.Unmarshal([]byte(a.QuestionSpec), &q); err != nil {
			return err
		}
		if !q.Named {
			return nil
		}
		named++
		if named == 1 {
			t.Logf("%s\n%s\n%s", q.ID, q.MotionText, q.Question)
		}
		for _, name := range q.Names {
			if name != "red cup" && name != "blue bowl" && name != "green apple" {
				t.Errorf("%s names %q", q.ID, name)
			}
		}
		if !strings.Contains(q.MotionText, "the red cup") || !strings.Contains(q.MotionText, real.NamedDirections) ||
			strings.Contains(q.Question, "mark") || len(a.DotColors) != 0 {
			t.Errorf("%s: %q / %q, dots %v", q.ID, q.MotionText, q.Question, a.DotColors)
		}
		img, err := png.Decode(bytes.NewReader(a.ImageDots.Bytes))
		if err != nil {
			return err
		}
		raw, _, err := image.Decode(bytes.NewReader(a.ImageBeforeRaw.Bytes))
		if err != nil {
			return err
		}
		if !sameImage(img, raw) {
			t.Errorf("%s: the named question's image is not the unmarked frame", q.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if named == 0 || res.Questions == 0 {
		t.Fatalf("%d named questions written of %d", named, res.Questions)
	}
	if got := m.Splits["train"].Named; got != named {
		t.Errorf("manifest counts %d named questions, the shards hold %d", got, named)
	}
	// Off by default: the same build without a server has no named question
	// and no names report.
	plain := filepath.Join(t.TempDir(), "plain")
	buildReal(t, plain, realTestPairs(5), nil)
	pm, err := export.ReadRealManifest(plain)
	if err != nil || pm.Splits["train"].Run.Names != nil {
		t.Fatalf("plain build: names report %+v (%v)", pm.Splits["train"].Run.Names, err)
	}
}

// sameImage compares two images pixel by pixel.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r0, g0, b0, a0 := a.At(x, y).RGBA()
			r1, g1, b1, a1 := b.At(x, y).RGBA()
			if r0 != r1 || g0 != g1 || b0 != b1 || a0 != a1 {
				return false
			}
		}
	}
	return true
}
