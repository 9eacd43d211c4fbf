package rlds

import (
	"slices"
	"testing"

	"flowbench/real"
)

// TestSourceLayouts writes, for each source, a dataset directory of two
// shards (episodes of 3, 5 and 4 steps) in its layout and reads every
// episode back exactly: frames, instruction, gripper (1 = closed
// whatever the source stores), pose, calibration and metadata.
func TestSourceLayouts(t *testing.T) {
	for _, l := range Layouts {
		t.Run(l.Source, func(t *testing.T) {
			dir := t.TempDir()
			lengths := []int{3, 5, 4}
			writeDataset(t, dir, tfdsNames[l.Source],
				[]*Example{synthExample(t, l, 3), synthExample(t, l, 5)},
				[]*Example{synthExample(t, l, 4)})
			d, err := Open(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d.Source != l.Source || len(d.Shards) != 2 || d.Shards[1].Index != 1 || d.Shards[1].Count != 2 {
				t.Fatalf("opened %s with %d shards %+v", d.Source, len(d.Shards), d.Shards)
			}
			n := 0
			for ep, err := range d.Episodes() {
				if err != nil {
					t.Fatalf("episode %d: %v", n, err)
				}
				checkEpisode(t, l, ep, lengths[n])
				wantRecord := []int{0, 1, 0}[n]
				if ep.Record != wantRecord || ep.File != d.Shards[min(n, 2)/2].Path {
					t.Fatalf("episode %d: file %s record %d", n, ep.File, ep.Record)
				}
				n++
			}
			if n != 3 {
				t.Fatalf("read %d episodes, want 3", n)
			}
		})
	}
}

// checkEpisode compares an episode read back with what synthExample
// wrote.
func checkEpisode(t *testing.T, l Layout, ep *Episode, steps int) {
	t.Helper()
	if ep.Source != l.Source || ep.Steps != steps || ep.Instruction != testInstruction {
		t.Fatalf("source %q steps %d instruction %q", ep.Source, ep.Steps, ep.Instruction)
	}
	var cams []Camera
	for _, c := range l.Cameras {
		cams = append(cams, c.Camera)
	}
	if !slices.Equal(ep.Cameras(), cams) {
		t.Fatalf("cameras %v, want %v", ep.Cameras(), cams)
	}
	for c, cam := range cams {
		first, err := ep.First(cam)
		if err != nil || string(first) != string(framePNG(t, frameLevel(c, 0))) {
			t.Fatalf("%s first frame: %v", cam, err)
		}
		last, _ := ep.Last(cam)
		if string(last) != string(framePNG(t, frameLevel(c, steps-1))) {
			t.Fatalf("%s last frame differs", cam)
		}
		img, err := ep.DecodeFrame(cam, steps-1)
		if err != nil || grey(img) != frameLevel(c, steps-1) {
			t.Fatalf("%s decoded last frame: %v", cam, err)
		}
	}
	if l.Gripper.Width == 0 {
		if ep.Gripper != nil {
			t.Fatalf("gripper %v for a source without one", ep.Gripper)
		}
	} else {
		for s := range steps {
			if ep.Gripper[s] != wantGripper(s) {
				t.Fatalf("gripper %v", ep.Gripper)
			}
		}
	}
	if len(ep.EEPose) != steps || ep.PoseFormat != l.PoseFormat {
		t.Fatalf("pose of %d steps, format %q", len(ep.EEPose), ep.PoseFormat)
	}
	for s, row := range ep.EEPose {
		if len(row) != l.Pose.Len {
			t.Fatalf("pose row %d has %d values", s, len(row))
		}
		for i, v := range row {
			if v != float64(rawValue(s, l.Pose.Offset+i)) {
				t.Fatalf("pose[%d][%d] = %v, want %v", s, i, v, rawValue(s, l.Pose.Offset+i))
			}
		}
	}
	if len(ep.Calibration) != len(l.Calibration) {
		t.Fatalf("calibration of %d cameras, want %d", len(ep.Calibration), len(l.Calibration))
	}
	for c, cal := range l.Calibration {
		got := ep.Calibration[cal.Camera]
		if !slices.Equal(got.Extrinsics, []float64{float64(c), 0.25, 0.5, 0.75, 1, 1.25}) ||
			!slices.Equal(got.Intrinsics, []float64{520 + float64(c), 521, 320, 180}) {
			t.Fatalf("calibration of %s: %+v", cal.Camera, got)
		}
	}
	if l.Source == real.DROID && ep.Metadata["file_path"] != "/lab/success/2023-07-07/trajectory.h5" {
		t.Fatalf("metadata %v", ep.Metadata)
	}
}

// TestDetectSource maps the TFDS names of the releases to sources and
// refuses others.
func TestDetectSource(t *testing.T) {
	for name, want := range map[string]string{
		"bridge": real.BridgeV2, "bridge_dataset": real.BridgeV2, "droid": real.DROID, "droid_100": real.DROID,
		"language_table": real.LanguageTable, "fractal20220817_data": real.RT1, "Berkeley_Autolab_UR5": real.BerkeleyUR5,
	} {
		if got, err := DetectSource(name); err != nil || got != want {
			t.Errorf("DetectSource(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"", "kuka", "language_table_sim", "droid2"} {
		if got, err := DetectSource(name); err == nil {
			t.Errorf("DetectSource(%q) = %q, want an error", name, got)
		}
	}
}

// TestLayoutsCoverSources checks that every source has one layout whose
// pose slice fits its width, whose gripper is one value and whose
// primary camera is required.
func TestLayoutsCoverSources(t *testing.T) {
	if len(Layouts) != len(SourceNames) {
		t.Fatalf("%d layouts for %d sources", len(Layouts), len(SourceNames))
	}
	for _, name := range SourceNames {
		l, err := LookupLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		if l.Pose.Offset+l.Pose.Len > l.Pose.Width || l.Pose.Len == 0 {
			t.Errorf("%s: pose [%d,%d) of %d", name, l.Pose.Offset, l.Pose.Offset+l.Pose.Len, l.Pose.Width)
		}
		if l.Gripper.Width > 0 && (l.Gripper.Len != 1 || l.Gripper.Offset >= l.Gripper.Width) {
			t.Errorf("%s: gripper %+v", name, l.Gripper)
		}
		if len(l.Cameras) == 0 || !l.Cameras[0].Required {
			t.Errorf("%s: primary camera not required", name)
		}
	}
	if _, err := LookupLayout("custom"); err == nil {
		t.Error("LookupLayout(custom) succeeded")
	}
}
