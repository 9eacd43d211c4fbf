package rlds

import "fmt"

// EncodeEpisode writes an Episode as the Example of layout l that
// BuildEpisode reads back into it: the step flags, each camera's frames
// under its first key, the instruction (one string per step, or code
// points), the gripper (stored as the layout stores it) and the pose in
// their vectors (values outside the slices read are 0), the calibration
// and the metadata. ep.Steps, every camera's frame count, Gripper and
// EEPose (when the layout has them) must agree.
func EncodeEpisode(ep *Episode, l Layout) (*Example, error) {
	n := ep.Steps
	if n < 1 {
		return nil, fmt.Errorf("rlds: encode: %d steps", n)
	}
	ex := NewExample()
	first, last := make([]int64, n), make([]int64, n)
	first[0], last[n-1] = 1, 1
	ex.SetInt64s(StepKey, first...)
	ex.SetInt64s(LastKey, last...)
	for _, c := range l.Cameras {
		frames, ok := ep.Images[c.Camera]
		if !ok {
			if c.Required {
				return nil, fmt.Errorf("rlds: encode: no frames of the required camera %s", c.Camera)
			}
			continue
		}
		if len(frames) != n {
			return nil, fmt.Errorf("rlds: encode: camera %s has %d frames for %d steps", c.Camera, len(frames), n)
		}
		ex.SetBytes(c.Keys[0], frames...)
	}
	if l.InstructionCodepoints {
		r := []rune(ep.Instruction)
		if len(r) > l.InstructionWidth {
			return nil, fmt.Errorf("rlds: encode: instruction of %d code points, the layout holds %d", len(r), l.InstructionWidth)
		}
		cps := make([]int64, n*l.InstructionWidth)
		for s := range n {
			for i, c := range r {
				cps[s*l.InstructionWidth+i] = int64(c)
			}
		}
		ex.SetInt64s(l.Instruction.Keys[0], cps...)
	} else {
		vals := make([][]byte, n)
		for s := range vals {
			vals[s] = []byte(ep.Instruction)
		}
		ex.SetBytes(l.Instruction.Keys[0], vals...)
	}
	vectors := map[string][]float32{}
	put := func(f VectorField, rows [][]float64) error {
		if f.Width == 0 {
			return nil
		}
		if len(rows) != n {
			return fmt.Errorf("rlds: encode: %s has %d rows for %d steps", f.Keys[0], len(rows), n)
		}
		v := vectors[f.Keys[0]]
		if v == nil {
			v = make([]float32, n*f.Width)
			vectors[f.Keys[0]] = v
		}
		for s, row := range rows {
			for i := 0; i < f.Len && i < len(row); i++ {
				v[s*f.Width+f.Offset+i] = float32(row[i])
			}
		}
		return nil
	}
	if err := put(l.Pose, ep.EEPose); err != nil {
		return nil, err
	}
	if l.Gripper.Width > 0 {
		rows := make([][]float64, len(ep.Gripper))
		for s, g := range ep.Gripper {
			if l.GripperOpenIs1 {
				g = 1 - g
			}
			rows[s] = []float64{g}
		}
		if err := put(l.Gripper, rows); err != nil {
			return nil, err
		}
	}
	for k, v := range vectors {
		ex.SetFloats(k, v...)
	}
	for _, c := range l.Calibration {
		cal, ok := ep.Calibration[c.Camera]
		if !ok {
			continue
		}
		ex.SetFloats(c.Extrinsics.Keys[0], float32s(cal.Extrinsics)...)
		ex.SetFloats(c.Intrinsics.Keys[0], float32s(cal.Intrinsics)...)
	}
	for k, v := range ep.Metadata {
		ex.SetBytes(MetadataPrefix+k, []byte(v))
	}
	return ex, nil
}

// float32s converts values for a float_list.
func float32s(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}
