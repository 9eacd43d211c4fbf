package sim

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestEncodeFloorPlanPixels(t *testing.T) {
	const w, d = 4.0, 4.0
	s := mustScene(t, boxRoomHouse(2, w, d, []Door{sharedDoor(w, d, 1, 2, 0)}))
	reach := s.ReachablePositions()
	b, err := EncodeFloorPlan(s, reach)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// The plan is 8 m wide: 90 px per metre, 30 px margin, z up the page.
	at := func(x, z float64) [3]uint32 {
		c := img.At(int(30+x*90), int(30+(d-z)*90))
		r, g, bl, _ := c.RGBA()
		return [3]uint32{r >> 8, g >> 8, bl >> 8}
	}
	dark := func(c [3]uint32) bool { return c[0] < 80 && c[1] < 80 && c[2] < 80 }
	bed := planRoomColor(Bedroom)
	if c := at(2, 3.1); c != [3]uint32{uint32(bed.R), uint32(bed.G), uint32(bed.B)} {
		t.Errorf("room interior pixel %v, want the bedroom colour %v", c, bed)
	}
	if c := at(0, 2.1); !dark(c) {
		t.Errorf("exterior wall pixel %v is not dark", c)
	}
	if c := at(w, 3.1); !dark(c) {
		t.Errorf("shared wall pixel %v is not dark", c)
	}
	if c := at(w, 1.6); dark(c) {
		t.Errorf("door gap pixel %v is dark: the gap is not drawn", c)
	}
	if c := at(1, 1); !(c[1] > c[0]+20 && c[1] > c[2]) {
		t.Errorf("reachable dot pixel %v is not green", c)
	}
	// DrawFloorPlan writes the same bytes atomically.
	path := filepath.Join(t.TempDir(), "plan.png")
	if err := DrawFloorPlan(s, reach, path); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, b) {
		t.Errorf("DrawFloorPlan wrote %d bytes (err %v), want the %d encoded bytes", len(got), err, len(b))
	}
	if err := DrawFloorPlan(s, reach, filepath.Join(t.TempDir(), "missing", "plan.png")); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
}

func TestShortTypeLabel(t *testing.T) {
	for in, want := range map[string]string{"CounterTop": "CT", "Mug": "Mug", "Apple": "App", "TVStand": "TVS"} {
		if got := shortTypeLabel(in); got != want {
			t.Errorf("shortTypeLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
