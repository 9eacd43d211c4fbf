package rlds

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// BuildEpisode reads the features of layout l from a parsed episode
// record. file and record name it in errors: every refusal is an *Error
// naming the file, the record, the feature and, where one is at fault,
// the step. Images alias ex's bytes.
func BuildEpisode(ex *Example, l Layout, file string, record int) (*Episode, error) {
	b := builder{ex: ex, ep: &Episode{Source: l.Source, File: file, Record: record,
		PoseFormat: l.PoseFormat, Images: map[Camera][][]byte{}, keys: map[Camera]string{}}}
	if err := b.steps(); err != nil {
		return nil, err
	}
	for _, c := range l.Cameras {
		if err := b.camera(c); err != nil {
			return nil, err
		}
	}
	if err := b.instruction(l); err != nil {
		return nil, err
	}
	if l.Gripper.Width > 0 {
		vals, err := b.vector(l.Gripper)
		if err != nil {
			return nil, err
		}
		b.ep.Gripper = make([]float64, len(vals))
		for i, v := range vals {
			if l.GripperOpenIs1 {
				v[0] = 1 - v[0]
			}
			b.ep.Gripper[i] = v[0]
		}
	}
	if l.Pose.Width > 0 {
		vals, err := b.vector(l.Pose)
		if err != nil {
			return nil, err
		}
		b.ep.EEPose = vals
	}
	if err := b.calibration(l.Calibration); err != nil {
		return nil, err
	}
	b.metadata()
	return b.ep, nil
}

// builder fills an Episode from an Example.
type builder struct {
	ex *Example
	ep *Episode
}

// fail returns an *Error about feature (and step, -1 for none).
func (b *builder) fail(feature string, step int, err error) *Error {
	return &Error{File: b.ep.File, Record: b.ep.Record, Feature: feature, Step: step, Err: err}
}

// steps sets the step count from StepKey and checks LastKey against it.
func (b *builder) steps() error {
	first, err := b.ex.Int64s(StepKey)
	if err != nil {
		return b.fail(StepKey, -1, err)
	}
	switch {
	case len(first) == 0:
		return b.fail(StepKey, -1, errors.New("episode has no steps"))
	case len(first) > MaxSteps:
		return b.fail(StepKey, -1, fmt.Errorf("%w: %d steps, at most %d (MaxSteps)", ErrTooLarge, len(first), MaxSteps))
	}
	b.ep.Steps = len(first)
	if b.ex.Has(LastKey) {
		last, err := b.ex.Int64s(LastKey)
		if err != nil {
			return b.fail(LastKey, -1, err)
		}
		if err := b.count(LastKey, len(last), 1); err != nil {
			return err
		}
	}
	return nil
}

// count checks that a feature has per values for each step.
func (b *builder) count(key string, n, per int) error {
	if n != b.ep.Steps*per {
		want := fmt.Sprintf("%d values (%d steps × %d)", b.ep.Steps*per, b.ep.Steps, per)
		return b.fail(key, -1, &FeatureError{Feature: key, Want: want, Found: fmt.Sprintf("%d values", n)})
	}
	return nil
}

// present returns the first of f's keys the Example has, or "".
func (b *builder) present(f Field) string {
	for _, k := range f.Keys {
		if b.ex.Has(k) {
			return k
		}
	}
	return ""
}

// missing is the error for a Field none of whose keys is present.
func (b *builder) missing(f Field, want Kind) error {
	found := "missing"
	if len(f.Keys) > 1 {
		found = "missing (also tried " + strings.Join(f.Keys[1:], ", ") + ")"
	}
	return b.fail(f.Keys[0], -1, &FeatureError{Feature: f.Keys[0], Want: want.String(), Found: found})
}

// camera reads one camera's frames.
func (b *builder) camera(c CameraField) error {
	key := b.present(c.Field)
	if key == "" {
		if c.Required {
			return b.missing(c.Field, KindBytes)
		}
		return nil
	}
	frames, err := b.ex.Bytes(key)
	if err != nil {
		return b.fail(key, -1, err)
	}
	if err := b.count(key, len(frames), 1); err != nil {
		return err
	}
	b.ep.Images[c.Camera] = frames
	b.ep.keys[c.Camera] = key
	b.ep.cameras = append(b.ep.cameras, c.Camera)
	return nil
}

// instruction reads the task text: the first non-empty step value of the
// first key that has one.
func (b *builder) instruction(l Layout) error {
	if l.InstructionCodepoints {
		return b.codepoints(l.Instruction)
	}
	seen := false
	for _, key := range l.Instruction.Keys {
		if !b.ex.Has(key) {
			continue
		}
		seen = true
		vals, err := b.ex.Bytes(key)
		if err != nil {
			return b.fail(key, -1, err)
		}
		if err := b.count(key, len(vals), 1); err != nil {
			return err
		}
		for step, v := range vals {
			if len(v) == 0 {
				continue
			}
			if !utf8.Valid(v) {
				return b.fail(key, step, errors.New("instruction is not valid UTF-8"))
			}
			if utf8.RuneCount(v) > MaxInstructionRunes {
				return b.fail(key, step, fmt.Errorf("%w: instruction of %d runes, at most %d", ErrTooLarge, utf8.RuneCount(v), MaxInstructionRunes))
			}
			b.ep.Instruction = strings.TrimSpace(string(v))
			return nil
		}
	}
	if !seen {
		return b.missing(l.Instruction, KindBytes)
	}
	return nil
}

// codepoints reads Language-Table's instruction: per step a fixed number
// of int32 Unicode code points, zero-padded.
func (b *builder) codepoints(f Field) error {
	key := b.present(f)
	if key == "" {
		return b.missing(f, KindInt64)
	}
	cps, err := b.ex.Int64s(key)
	if err != nil {
		return b.fail(key, -1, err)
	}
	if len(cps)%b.ep.Steps != 0 {
		return b.fail(key, -1, &FeatureError{Feature: key,
			Want:  fmt.Sprintf("the same number of code points for each of %d steps", b.ep.Steps),
			Found: fmt.Sprintf("%d values", len(cps))})
	}
	width := len(cps) / b.ep.Steps
	if width > MaxInstructionRunes {
		return b.fail(key, -1, fmt.Errorf("%w: %d code points per step, at most %d", ErrTooLarge, width, MaxInstructionRunes))
	}
	for step := range b.ep.Steps {
		var sb strings.Builder
		for _, c := range cps[step*width : (step+1)*width] {
			if c == 0 {
				break
			}
			if c < 0 || c > utf8.MaxRune || !utf8.ValidRune(rune(c)) {
				return b.fail(key, step, fmt.Errorf("code point %d is not a valid Unicode scalar value", c))
			}
			sb.WriteRune(rune(c))
		}
		if s := strings.TrimSpace(sb.String()); s != "" {
			b.ep.Instruction = s
			return nil
		}
	}
	return nil
}

// vector reads values [Offset, Offset+Len) of each step of a float
// feature Width wide; every value must be finite.
func (b *builder) vector(f VectorField) ([][]float64, error) {
	key := b.present(f.Field)
	if key == "" {
		return nil, b.missing(f.Field, KindFloat)
	}
	vals, err := b.ex.Floats(key)
	if err != nil {
		return nil, b.fail(key, -1, err)
	}
	if err := b.count(key, len(vals), f.Width); err != nil {
		return nil, err
	}
	backing := make([]float64, b.ep.Steps*f.Len)
	out := make([][]float64, b.ep.Steps)
	for step := range out {
		row := backing[step*f.Len : (step+1)*f.Len : (step+1)*f.Len]
		for i := range row {
			v := float64(vals[step*f.Width+f.Offset+i])
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, b.fail(key, step, fmt.Errorf("value %d is %v", f.Offset+i, v))
			}
			row[i] = v
		}
		out[step] = row
	}
	return out, nil
}

// calibration reads the calibration features that are present.
func (b *builder) calibration(fields []CalibrationField) error {
	for _, c := range fields {
		var cal Calibration
		var err error
		if cal.Extrinsics, err = b.fixed(c.Extrinsics, 6); err != nil {
			return err
		}
		if cal.Intrinsics, err = b.fixed(c.Intrinsics, 4); err != nil {
			return err
		}
		if cal.Extrinsics == nil && cal.Intrinsics == nil {
			continue
		}
		if b.ep.Calibration == nil {
			b.ep.Calibration = map[Camera]Calibration{}
		}
		b.ep.Calibration[c.Camera] = cal
	}
	return nil
}

// fixed reads an optional episode-level float feature of n finite values;
// nil when absent.
func (b *builder) fixed(f Field, n int) ([]float64, error) {
	key := b.present(f)
	if key == "" {
		return nil, nil
	}
	vals, err := b.ex.Floats(key)
	if err != nil {
		return nil, b.fail(key, -1, err)
	}
	if len(vals) != n {
		return nil, b.fail(key, -1, &FeatureError{Feature: key, Want: fmt.Sprintf("%d values", n), Found: fmt.Sprintf("%d values", len(vals))})
	}
	out := make([]float64, n)
	for i, v := range vals {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, b.fail(key, -1, fmt.Errorf("value %d is %v", i, v))
		}
		out[i] = float64(v)
	}
	return out, nil
}

// metadata keeps the single-string episode-level features.
func (b *builder) metadata() {
	for k, f := range b.ex.Features {
		name, ok := strings.CutPrefix(k, MetadataPrefix)
		if !ok || f.Kind != KindBytes || len(f.Bytes) != 1 || !utf8.Valid(f.Bytes[0]) {
			continue
		}
		if b.ep.Metadata == nil {
			b.ep.Metadata = map[string]string{}
		}
		b.ep.Metadata[name] = string(f.Bytes[0])
	}
}
