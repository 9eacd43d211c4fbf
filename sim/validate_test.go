package sim

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

func TestBadHouseFilesGiveClearErrors(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"malformed.json", []string{"line 12, column 5", "rooms[0].floorPolygon[2]", "malformed JSON", "invalid character '{' after array element"}},
		{"polygon2.json", []string{"rooms[1].floorPolygon", `room "room|2" has 2 points, need at least 3`}},
		{"outside.json", []string{"objects[1].position", `object "Sofa|2|0" at (x 9.500, z 3.500) lies outside every room`}},
		{"nan.json", []string{"line 46, column 22", "objects[1].position.x", "NaN is not a finite number"}},
		{"dupid.json", []string{"objects[1].children[0].id", `duplicate objectId "Mug|surface|1|1" (also objects[0].children[0])`}},
		{"badwall.json", []string{"doors[0].wall1", `"door|1|2" references wall "wall|2|4.00|0.00|4.00|9.00", which is not in walls`}},
		{"schema.json", []string{"metadata.schema", `version "2.0.0" is not supported`}},
	}
	for _, c := range cases {
		p := filepath.Join("..", "testdata", "houses", "bad", c.file)
		_, _, err := LoadHouseFile(p, ImportOptions{NoBuiltinAssetDB: true})
		if err == nil {
			t.Errorf("%s: loaded without error", c.file)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, p+": ") {
			t.Errorf("%s: error %q does not start with the file path", c.file, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q does not contain %q", c.file, msg, w)
			}
		}
		// Lenient mode relaxes only the unknown-asset and outside-room rules.
		if c.file != "outside.json" {
			if _, _, err := LoadHouseFile(p, ImportOptions{Lenient: true}); err == nil {
				t.Errorf("%s: lenient import accepted a broken house", c.file)
			}
		}
	}
}

func TestLenientImportDropsObjectOutsideRooms(t *testing.T) {
	p := filepath.Join("..", "testdata", "houses", "bad", "outside.json")
	s, rep, err := LoadHouseFile(p, ImportOptions{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.Object("Sofa|2|0") != nil || len(rep.Dropped()) != 1 || rep.Dropped()[0].Field != "objects[1]" {
		t.Fatalf("lenient import kept the outside sofa or reported %+v", rep.Dropped())
	}
}

// mutate loads the two-room house, applies f and validates it.
func mutate(t *testing.T, f func(h *House)) error {
	t.Helper()
	h, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "two_rooms_door.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateHouse(h); err != nil {
		t.Fatalf("unmodified house invalid: %v", err)
	}
	f(h)
	return ValidateHouse(h)
}

func TestValidateHouseBuiltInCodeNamesField(t *testing.T) {
	cases := []struct {
		name   string
		f      func(h *House)
		field  string
		reason string
	}{
		{"nan object", func(h *House) { h.Objects[0].Children[0].Position.Y = math.NaN() }, "objects[0].children[0].position.y", "NaN is not a finite number"},
		{"inf polygon", func(h *House) { h.Rooms[1].FloorPolygon[2].X = math.Inf(1) }, "rooms[1].floorPolygon[2].x", "+Inf is not a finite number"},
		{"nan yaw", func(h *House) { h.Objects[1].Rotation.Y = math.NaN() }, "objects[1].rotation.y", "not a finite number"},
		{"nan agent", func(h *House) { h.Metadata.Agent.Position.Z = math.NaN() }, "metadata.agent.position.z", "not a finite number"},
		{"nan hole", func(h *House) { h.Doors[0].HolePolygon[1].Y = math.NaN() }, "doors[0].holePolygon[1].y", "not a finite number"},
		{"two points", func(h *House) { h.Rooms[0].FloorPolygon = h.Rooms[0].FloorPolygon[:2] }, "rooms[0].floorPolygon", "2 points, need at least 3"},
		{"zero area", func(h *House) {
			p := h.Rooms[0].FloorPolygon
			h.Rooms[0].FloorPolygon = []XYZ{p[0], p[1], p[0]}
		}, "rooms[0].floorPolygon", "zero area"},
		{"self-intersecting", func(h *House) {
			// (0,0) (0,4) (4,0) (4,4.5): two lobes of different areas.
			h.Rooms[0].FloorPolygon = []XYZ{{X: 0, Z: 0}, {X: 0, Z: 4}, {X: 4, Z: 0}, {X: 4, Z: 4.5}}
		}, "rooms[0].floorPolygon", "edges 1 and 3 cross or touch"},
		{"wound twice", func(h *House) {
			p := h.Rooms[0].FloorPolygon
			h.Rooms[0].FloorPolygon = append(append([]XYZ{}, p...), p...)
		}, "rooms[0].floorPolygon", "point 4 repeats point 0"},
		{"zero-width spike", func(h *House) {
			// Out from (0,4) to (0,5) and straight back down the closing edge.
			h.Rooms[0].FloorPolygon = []XYZ{{X: 0, Z: 4}, {X: 4, Z: 4}, {X: 4, Z: 0}, {X: 0, Z: 0}, {X: 0, Z: 5}}
		}, "rooms[0].floorPolygon", "fold back onto each other at point 4 (a zero-width spike)"},
		{"spike inside", func(h *House) {
			// A spike from the middle of an edge into the room and back.
			h.Rooms[0].FloorPolygon = []XYZ{{X: 0, Z: 0}, {X: 0, Z: 2}, {X: 2, Z: 2}, {X: 0, Z: 2.0001}, {X: 0, Z: 4}, {X: 4, Z: 4}, {X: 4, Z: 0}}
		}, "rooms[0].floorPolygon", "not a simple polygon"},
		{"dup door id", func(h *House) { h.Windows[0].ID = h.Doors[0].ID }, "windows[0].id", `duplicate id "door|1|2" (also doors[0])`},
		{"empty window id", func(h *House) { h.Windows[0].ID = "" }, "windows[0].id", "empty id"},
		{"door openness", func(h *House) { h.Doors[0].Openness = -5 }, "doors[0].openness", "openness -5 is outside [0, 1]"},
		{"object openness", func(h *House) { v := 1.5; h.Objects[1].Openness = &v }, "objects[1].openness", "openness 1.5 is outside [0, 1]"},
		{"no rooms", func(h *House) { h.Rooms = nil }, "rooms", "no rooms"},
		{"dup room", func(h *House) { h.Rooms[1].ID = h.Rooms[0].ID }, "rooms[1].id", "duplicate room id"},
		{"dup wall", func(h *House) { h.Walls[3].ID = h.Walls[0].ID }, "walls[3].id", "duplicate wall id"},
		{"wall room", func(h *House) { h.Walls[0].RoomID = "room|9" }, "walls[0].roomId", `names room "room|9"`},
		{"wall flat", func(h *House) {
			for i := range h.Walls[2].Polygon {
				h.Walls[2].Polygon[i].Y = 0
			}
		}, "walls[2].polygon", "height 0 must be positive"},
		{"wall points", func(h *House) { h.Walls[1].Polygon = h.Walls[1].Polygon[:2] }, "walls[1].polygon", "2 points, need at least 3"},
		{"door wall", func(h *House) { h.Doors[0].Wall0 = "wall|nope" }, "doors[0].wall0", `references wall "wall|nope"`},
		{"window wall", func(h *House) { h.Windows[0].Wall1 = "wall|exterior|0|0|0|0" }, "windows[0].wall1", "not in walls"},
		{"door room", func(h *House) { h.Doors[0].Room1 = "room|7" }, "doors[0].room1", `references room "room|7"`},
		{"door hole", func(h *House) { h.Doors[0].HolePolygon = h.Doors[0].HolePolygon[:1] }, "doors[0].holePolygon", "need 2 corners"},
		{"hole past wall end", func(h *House) { h.Doors[0].HolePolygon[1].X = 4.2 }, "doors[0].holePolygon", `does not fit wall "wall|1|4.00|0.00|4.00|4.00" (4.000 m long, 2.500 m high)`},
		{"hole too high", func(h *House) { h.Windows[0].HolePolygon[1].Y = 2.6 }, "windows[0].holePolygon", "does not fit wall"},
		{"hole flat", func(h *House) { h.Doors[0].HolePolygon[1].Y = 0 }, "doors[0].holePolygon", "has no area"},
		{"dup object", func(h *House) { h.Objects[2].ID = "Sofa|2|0" }, "objects[2].id", `duplicate objectId "Sofa|2|0" (also objects[1])`},
		{"empty id", func(h *House) { h.Objects[0].Children[0].ID = "" }, "objects[0].children[0].id", "empty objectId"},
		{"outside", func(h *House) { h.Objects[0].Children[0].Position.Z = -0.5 }, "objects[0].children[0].position", "outside every room"},
		{"schema", func(h *House) { h.Metadata.Schema = "0.9" }, "metadata.schema", `"0.9" is not supported`},
	}
	for _, c := range cases {
		err := mutate(t, c.f)
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v is not a *FieldError", c.name, err)
			continue
		}
		if fe.Field != c.field || !strings.Contains(fe.Reason, c.reason) {
			t.Errorf("%s: got field %q reason %q, want field %q reason containing %q", c.name, fe.Field, fe.Reason, c.field, c.reason)
		}
	}
}

func TestNewSceneRejectsInvalidHouse(t *testing.T) {
	h, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	h.Objects[1].Position.X = math.NaN()
	if _, err := NewScene(h); err == nil || !strings.Contains(err.Error(), "objects[1].position.x") {
		t.Fatalf("NewScene error = %v, want one naming objects[1].position.x", err)
	}
}
