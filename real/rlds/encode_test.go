package rlds

import (
	"reflect"
	"testing"
)

// TestEncodeEpisodeRoundTrip: for every source layout, the episode
// BuildEpisode reads from synthExample's record, encoded again with
// EncodeEpisode and read back, is the same episode.
func TestEncodeEpisodeRoundTrip(t *testing.T) {
	for _, l := range Layouts {
		ep, err := BuildEpisode(parsed(t, synthExample(t, l, 4)), l, "f", 0)
		if err != nil {
			t.Fatalf("%s: %v", l.Source, err)
		}
		ex, err := EncodeEpisode(ep, l)
		if err != nil {
			t.Fatalf("%s: %v", l.Source, err)
		}
		again, err := BuildEpisode(parsed(t, ex), l, "f", 0)
		if err != nil {
			t.Fatalf("%s: %v", l.Source, err)
		}
		if !reflect.DeepEqual(again.Images, ep.Images) || again.Instruction != ep.Instruction || !reflect.DeepEqual(again.Gripper, ep.Gripper) ||
			!reflect.DeepEqual(again.EEPose, ep.EEPose) || !reflect.DeepEqual(again.Calibration, ep.Calibration) || !reflect.DeepEqual(again.Metadata, ep.Metadata) {
			t.Errorf("%s: the round trip changed the episode", l.Source)
		}
	}
}

// parsed marshals and parses an Example, as a record read from a file is.
func parsed(t *testing.T, ex *Example) *Example {
	p, err := ParseExample(ex.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	return p
}
