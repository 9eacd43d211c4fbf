package sim

import (
	"strings"
	"testing"
)

// TestValidateRefusesStructureIDs: an object (or a child) whose id is a
// floor's, a ceiling's, a wall's, a door's or a window's, and a wall whose
// id is a floor's, are refused when the house is validated, naming the
// object and the clashing structure. Before, "scene --import" accepted
// them and "render" failed with "duplicate mesh id".
func TestValidateRefusesStructureIDs(t *testing.T) {
	cases := []struct {
		name string
		edit func(h *House)
		want []string
	}{
		{"object named like a floor", func(h *House) { h.Objects[1].ID = "floor|" + h.Rooms[0].ID },
			[]string{`objects[1].id: objectId "floor|room|1" is also the id of the floor of rooms[0] ("room|1")`}},
		{"child named like a ceiling", func(h *House) { h.Objects[0].Children[0].ID = "ceiling|" + h.Rooms[0].ID },
			[]string{`objects[0].children[0].id: objectId "ceiling|room|1"`, "the ceiling of rooms[0]"}},
		{"object named like a wall", func(h *House) { h.Objects[1].ID = h.Walls[2].ID },
			[]string{"objects[1].id", `"wall|1|4.00|0.00|4.00|5.00" is also the id of walls[2]`}},
		{"object named like a window", func(h *House) { h.Objects[1].ID = h.Windows[0].ID },
			[]string{"objects[1].id", "windows[0]"}},
		{"wall named like a floor", func(h *House) { h.Walls[3].ID = "floor|" + h.Rooms[0].ID },
			[]string{`walls[3].id: wall id "floor|room|1" is also the id of the floor of rooms[0]`}},
	}
	for _, c := range cases {
		h := oneRoomHouse(t)
		c.edit(h)
		err := ValidateHouse(h)
		if err == nil {
			t.Errorf("%s: validated", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", c.name, err, w)
			}
		}
	}
	if err := ValidateHouse(oneRoomHouse(t)); err != nil {
		t.Errorf("the one-room house: %v", err)
	}
}
