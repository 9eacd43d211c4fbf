package rlds

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"testing"

	"flowbench/real"
)

// tfdsNames is the dataset_info.json name the fixtures use per source.
var tfdsNames = map[string]string{
	real.BridgeV2:      "bridge_dataset",
	real.DROID:         "droid",
	real.LanguageTable: "language_table",
	real.RT1:           "fractal20220817_data",
	real.BerkeleyUR5:   "berkeley_autolab_ur5",
}

// testInstruction is every fixture episode's task text.
const testInstruction = "put the red block left of the bowl"

// framePNG encodes an 8×6 frame of one grey level.
func framePNG(t testing.TB, level uint8) []byte {
	img := image.NewGray(image.Rect(0, 0, 8, 6))
	for i := range img.Pix {
		img.Pix[i] = level
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// frameLevel is the grey level of camera c's frame at step s.
func frameLevel(c, s int) uint8 { return uint8(40*c + 10*s) }

// rawGripper is the gripper value a fixture stores at step s: closed on
// steps 1 and 2 (with the source's own convention), open otherwise.
func rawGripper(l Layout, s int) float32 {
	closed := s == 1 || s == 2
	if l.GripperOpenIs1 {
		closed = !closed
	}
	if closed {
		return 1
	}
	return 0
}

// wantGripper is Episode.Gripper's value at step s: 1 = closed.
func wantGripper(s int) float64 {
	if s == 1 || s == 2 {
		return 1
	}
	return 0
}

// rawValue is the value a fixture stores at step s, index i of a vector
// feature; exact in float32.
func rawValue(s, i int) float32 { return float32(10*s+i) + 0.5 }

// synthExample builds an episode of steps steps in layout l: every camera
// with PNG frames, the instruction, the gripper, the pose and, for DROID,
// the calibration.
func synthExample(t testing.TB, l Layout, steps int) *Example {
	ex := NewExample()
	flags := func(first bool) []int64 {
		v := make([]int64, steps)
		if first {
			v[0] = 1
		} else {
			v[steps-1] = 1
		}
		return v
	}
	ex.SetInt64s(StepKey, flags(true)...)
	ex.SetInt64s(LastKey, flags(false)...)
	for c, cam := range l.Cameras {
		frames := make([][]byte, steps)
		for s := range frames {
			frames[s] = framePNG(t, frameLevel(c, s))
		}
		ex.SetBytes(cam.Keys[0], frames...)
	}
	if l.InstructionCodepoints {
		cps := make([]int64, steps*l.InstructionWidth)
		for s := range steps {
			for i, r := range []rune(testInstruction) {
				cps[s*l.InstructionWidth+i] = int64(r)
			}
		}
		ex.SetInt64s(l.Instruction.Keys[0], cps...)
	} else {
		vals := make([][]byte, steps)
		for s := range vals {
			vals[s] = []byte(testInstruction)
		}
		ex.SetBytes(l.Instruction.Keys[0], vals...)
	}
	// Gripper and pose may share one feature (Bridge's state, UR5's
	// robot_state): fill each feature once with rawValue, then the
	// gripper's slot with rawGripper.
	vectors := map[string][]float32{}
	for _, f := range []VectorField{l.Pose, l.Gripper} {
		if f.Width == 0 {
			continue
		}
		if _, ok := vectors[f.Keys[0]]; !ok {
			v := make([]float32, steps*f.Width)
			for s := range steps {
				for i := range f.Width {
					v[s*f.Width+i] = rawValue(s, i)
				}
			}
			vectors[f.Keys[0]] = v
		}
	}
	if l.Gripper.Width > 0 {
		v := vectors[l.Gripper.Keys[0]]
		for s := range steps {
			v[s*l.Gripper.Width+l.Gripper.Offset] = rawGripper(l, s)
		}
	}
	for k, v := range vectors {
		ex.SetFloats(k, v...)
	}
	for c, cal := range l.Calibration {
		ex.SetFloats(cal.Extrinsics.Keys[0], float32(c), 0.25, 0.5, 0.75, 1, 1.25)
		ex.SetFloats(cal.Intrinsics.Keys[0], 520+float32(c), 521, 320, 180)
	}
	if l.Source == real.DROID {
		ex.SetBytes(MetadataPrefix+"file_path", []byte("/lab/success/2023-07-07/trajectory.h5"))
	}
	return ex
}

// shardBytes frames records as one TFRecord file.
func shardBytes(t testing.TB, records ...[]byte) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, r := range records {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// writeDataset writes a prepared dataset directory named name with one
// train shard per element of shards, each holding its examples.
func writeDataset(t testing.TB, dir, name string, shards ...[]*Example) {
	if err := WriteDataset(dir, name, "train", shards...); err != nil {
		t.Fatal(err)
	}
}

// pad5 formats i as five digits, as shard names do.
func pad5(i int) string { return fmt.Sprintf("%05d", i) }

// grey returns the grey level of an image's top-left pixel.
func grey(img image.Image) uint8 {
	return color.GrayModel.Convert(img.At(0, 0)).(color.Gray).Y
}
