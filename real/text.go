package real

import (
	"fmt"
	"strings"
)

// Namer names an object of a measurement in question text.
type Namer func(obj int) string

// MarkNamer names objects by their numbered badge: "the cup (mark 3)".
func MarkNamer(m *Measurement) Namer {
	return func(i int) string { return fmt.Sprintf("the %s (mark %d)", m.Objects[i].Label, m.Objects[i].Mark) }
}

// NameNamer names objects by their accepted names (B.4.9): "the red cup";
// names maps object indices to normalized names.
func NameNamer(names map[int]string) Namer {
	return func(i int) string { return "the " + names[i] }
}

// DotNamer names objects by the colour of their dot: "the cup (blue
// dot)"; colours maps object indices to colour names.
func DotNamer(m *Measurement, colours map[int]string) Namer {
	return func(i int) string { return fmt.Sprintf("the %s (%s dot)", m.Objects[i].Label, colours[i]) }
}

// Texts are a question's texts in one naming.
type Texts struct {
	Motion, Question, Static string
	Choices                  []string
}

// Render writes q's move text, question, static (2A) question and choices
// with objects named by name (B.4: move text in whole centimetres,
// components under 2 cm omitted, depth not stated, with the scale
// reference; every direction as seen from the camera).
func Render(q *Question, m *Measurement, name Namer) Texts {
	return render(q, m, name, ", as seen from the camera")
}

// RenderNamed writes a named-object question's texts (B.4.9): objects
// named by name, and every direction followed by NamedDirections.
func RenderNamed(q *Question, m *Measurement, name Namer) Texts {
	return render(q, m, name, " "+NamedDirections)
}

// render writes q's texts; seen follows every stated direction.
func render(q *Question, m *Measurement, name Namer, seen string) Texts {
	var t Texts
	t.Motion = motionText(m, name, seen)
	s := &q.Spec
	cm := func(v float64) string { return fmt.Sprintf("%.0f cm", v*100) }
	var stem, static string
	switch s.Category {
	case CatThreshold:
		l := name(s.Landmark)
		if s.Claim == "beyond" {
			stem = fmt.Sprintf("will %s be more than %s away from %s?", name(m.Mover), cm(s.T), l)
		} else {
			stem = fmt.Sprintf("will %s be within %s of %s?", name(m.Mover), cm(s.T), l)
		}
		t.Choices = yesNo
	case CatLeftRight:
		stem = fmt.Sprintf("will %s be to the %s of %s%s?", name(m.Mover), s.Side, name(s.Landmark), seen)
		t.Choices = yesNo
	case CatDepthOrder:
		stem = fmt.Sprintf("will %s be closer to the camera than %s?", name(m.Mover), name(s.Landmark))
		t.Choices = yesNo
	case CatOcclusion:
		stem = fmt.Sprintf("will %s be fully visible, or partly blocked, as seen from the camera?", name(s.Landmark))
		t.Choices = occlusionChoices
	case CatCloserTo:
		stem = fmt.Sprintf("which of these objects will %s be closest to?", name(m.Mover))
		t.Choices = names(s.Options, name)
	case CatClosestThree:
		stem = fmt.Sprintf("which three of these objects will %s be closest to? Answer with three letters.", name(m.Mover))
		t.Choices = names(s.Options, name)
	case CatCountNear:
		stem = fmt.Sprintf("how many of %s will be within %s of %s?", joinNames(s.Counted, name), cm(s.T), name(m.Mover))
		for _, v := range s.CountChoices {
			t.Choices = append(t.Choices, fmt.Sprint(v))
		}
	}
	static = "In this image, " + staticOf(stem)
	t.Question = "After the move, " + stem + "\n" + formatChoices(t.Choices)
	t.Static = static + "\n" + formatChoices(t.Choices)
	return t
}

// staticOf turns a question about the future into one about the image:
// "will X be" becomes "is X".
func staticOf(stem string) string {
	if rest, ok := strings.CutPrefix(stem, "will "); ok {
		if i := strings.Index(rest, " be "); i >= 0 {
			return "is " + rest[:i] + " " + rest[i+4:]
		}
	}
	return strings.Replace(stem, " will ", " are ", 1)
}

// motionText states the mover's (and a second mover's) displacement and
// the scale reference: "Imagine moving the cup (mark 3) 12 cm to the left
// and 5 cm up, as seen from the camera. For scale, …".
func motionText(m *Measurement, name Namer, seen string) string {
	var moves []string
	for _, i := range []int{m.Mover, m.Mover2} {
		if i >= 0 {
			cx, cy := statedMove(m.Objects[i].Delta())
			moves = append(moves, name(i)+" "+moveWords(cx, cy))
		}
	}
	// The imperative needs no verb agreement ("the keys", "the cup").
	text := "Imagine moving " + strings.Join(moves, ", and ") + seen + "."
	if m.Ref >= 0 {
		text += fmt.Sprintf(" For scale, %s measures about %.0f cm at its largest.", name(m.Ref), m.RefCm)
	}
	return text
}

// moveWords writes "12 cm to the left and 5 cm up".
func moveWords(cx, cy int) string {
	var parts []string
	switch {
	case cx < 0:
		parts = append(parts, fmt.Sprintf("%d cm to the left", -cx))
	case cx > 0:
		parts = append(parts, fmt.Sprintf("%d cm to the right", cx))
	}
	switch {
	case cy < 0:
		parts = append(parts, fmt.Sprintf("%d cm up", -cy))
	case cy > 0:
		parts = append(parts, fmt.Sprintf("%d cm down", cy))
	}
	if len(parts) == 0 {
		return "slightly"
	}
	return strings.Join(parts, " and ")
}

func names(objs []int, name Namer) []string {
	out := make([]string, len(objs))
	for k, i := range objs {
		out[k] = name(i)
	}
	return out
}

// joinNames writes "A, B and C".
func joinNames(objs []int, name Namer) string {
	n := names(objs, name)
	if len(n) <= 1 {
		return strings.Join(n, "")
	}
	return strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1]
}

// formatChoices renders "A. yes\nB. no".
func formatChoices(choices []string) string {
	var b strings.Builder
	for i, c := range choices {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%c. %s", 'A'+i, c)
	}
	return b.String()
}
