package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneRoomHouse reads the one-room test house.
func oneRoomHouse(t testing.TB) *House {
	t.Helper()
	h, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// nestedObjects returns a chain of depth objects, each the only child of
// the one before, all at (x, z) = (2, 2).
func nestedObjects(depth int) []HouseObject {
	var list []HouseObject
	for d := depth; d >= 1; d-- {
		o := HouseObject{AssetID: "Mug_1", ID: fmt.Sprintf("Mug|nest|%d", d), Position: XYZ{2, 1, 2}}
		if list != nil {
			o.Children = list
		}
		list = []HouseObject{o}
	}
	return list
}

// TestHouseBoundsRefuseHostileHouses edits the one-room house past each
// bound and requires an error naming the field and the limit; the house at
// each bound's edge (where one fits in the one-room house) still validates.
func TestHouseBoundsRefuseHostileHouses(t *testing.T) {
	square := func(x0, z0, side float64) []XYZ {
		return []XYZ{{x0, 0, z0}, {x0, 0, z0 + side}, {x0 + side, 0, z0 + side}, {x0 + side, 0, z0}}
	}
	cases := []struct {
		name string
		edit func(h *House)
		want []string
	}{
		{"room spanning 1e6 m", func(h *House) { h.Rooms[0].FloorPolygon = square(0, 0, 1e6) },
			[]string{"rooms[0].floorPolygon[1].z", "coordinate 1e+06 lies more than 1000 m from the origin"}},
		{"room at ±1e300", func(h *House) {
			h.Rooms[0].FloorPolygon = []XYZ{{-1e300, 0, -1e300}, {-1e300, 0, 1e300}, {1e300, 0, 1e300}}
		}, []string{"rooms[0].floorPolygon[0].x", "-1e+300 lies more than 1000 m"}},
		{"object far away", func(h *House) { h.Objects[0].Position.Y = -2000 },
			[]string{"objects[0].position.y", "more than 1000 m"}},
		{"nested child far away", func(h *House) { h.Objects[0].Children[0].Position.Z = 1001 },
			[]string{"objects[0].children[0].position.z", "more than 1000 m"}},
		{"huge angle", func(h *House) { h.Objects[0].Rotation.Y = 1e7 },
			[]string{"objects[0].rotation.y", "angle 1e+07 is beyond ±1e+06 degrees"}},
		{"hole corner far away", func(h *House) { h.Windows[0].HolePolygon[1].X = 5000 },
			[]string{"windows[0].holePolygon[1].x", "more than 1000 m"}},
		{"plan wider than the span", func(h *House) {
			r := h.Rooms[0]
			r.ID, r.FloorPolygon = "room|far", square(300, 0, 4)
			h.Rooms = append(h.Rooms, r)
		}, []string{"rooms[1].floorPolygon", "spans 304.0 m × 5.0 m", "more than the 256 m limit per side"}},
		{"too many floor points", func(h *House) {
			pts := make([]XYZ, MaxPolygonPoints+1)
			for i := range pts {
				pts[i] = XYZ{float64(i % 4), 0, float64(i % 3)}
			}
			h.Rooms[0].FloorPolygon = pts
		}, []string{"rooms[0].floorPolygon", "201 points, more than the limit of 200"}},
		{"too many floor points in all", func(h *House) {
			h.Rooms = costlyHouse(costlyHouseSpec{rooms: MaxHouseFloorPoints/MaxPolygonPoints + 1, points: MaxPolygonPoints}).Rooms
		}, []string{"rooms[10].floorPolygon", "have 2200 points in all, more than the limit of 2000 for the house"}},
		{"too many wall points", func(h *House) { h.Walls[0].Polygon = make([]XYZ, MaxWallPolygonPoints+1) },
			[]string{"walls[0].polygon", "41 points, more than the limit of 40"}},
		{"too many hole points", func(h *House) { h.Windows[0].HolePolygon = make([]XYZ, MaxWallPolygonPoints+1) },
			[]string{"windows[0].holePolygon", "41 points, more than the limit of 40"}},
		{"too many rooms", func(h *House) { h.Rooms = make([]Room, MaxHouseRooms+1) },
			[]string{"rooms:", "101 entries, more than the limit of 100"}},
		{"too many walls", func(h *House) { h.Walls = make([]Wall, MaxHouseWalls+1) },
			[]string{"walls:", "1001 entries, more than the limit of 1000"}},
		{"too many windows", func(h *House) { h.Windows = make([]Window, MaxHouseOpenings+1) },
			[]string{"windows:", "201 entries, more than the limit of 200"}},
		{"too many lights", func(h *House) { h.ProceduralParameters.Lights = make([]Light, MaxHouseLights+1) },
			[]string{"proceduralParameters.lights:", "101 entries, more than the limit of 100"}},
		{"too many objects", func(h *House) {
			h.Objects = nil
			for i := 0; i <= MaxHouseObjects; i++ {
				h.Objects = append(h.Objects, HouseObject{ID: fmt.Sprintf("Mug|%d", i), Position: XYZ{2, 1, 2}})
			}
		}, []string{"objects[1000]", "more than 1000 objects"}},
		{"children nested too deep", func(h *House) { h.Objects = nestedObjects(MaxObjectNesting + 1) },
			[]string{"objects[0]" + strings.Repeat(".children[0]", MaxObjectNesting), "nest more than 16 levels"}},
		{"4000 nested children", func(h *House) { h.Objects = nestedObjects(4000) },
			[]string{"nest more than 16 levels"}},
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
		if _, err := NewScene(h); err == nil {
			t.Errorf("%s: NewScene built the scene", c.name)
		}
	}
	// At the edges: the deepest allowed nesting and a room touching the
	// coordinate bound pass the bounds (and fail, if at all, elsewhere).
	h := oneRoomHouse(t)
	h.Objects = nestedObjects(MaxObjectNesting)
	if err := checkHouseSize(h); err != nil {
		t.Errorf("nesting of exactly %d levels refused: %v", MaxObjectNesting, err)
	}
	h = oneRoomHouse(t)
	h.Rooms[0].FloorPolygon = square(MaxHouseCoordinate-MaxHouseSpan, -MaxHouseCoordinate, MaxHouseSpan)
	if err := checkHouseExtent(h); err != nil {
		t.Errorf("a %g m room touching the %g m bound refused: %v", MaxHouseSpan, MaxHouseCoordinate, err)
	}
}

// TestDecodeHouseRefusesDeepJSON checks the nesting scan on JSON text: 4,000
// nested children (the 1.1 MB amplifier) and a deep array inside a
// room's free-form children are refused before decoding, naming the line and
// field path, while brackets inside strings do not count.
func TestDecodeHouseRefusesDeepJSON(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"rooms": [], "objects": [`)
	for i := 0; i < 4000; i++ {
		fmt.Fprintf(&b, `{"id": "Mug|%d", "assetId": "Mug_1", "position": {"x": 2, "y": 1, "z": 2}, "children": [`, i)
	}
	b.WriteString(strings.Repeat("]}", 4000) + "]}")
	_, err := DecodeHouse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "nest deeper than 64 levels") || !strings.Contains(err.Error(), "line 1, column") ||
		!strings.Contains(err.Error(), "objects[0].children[0].children[0]") {
		t.Errorf("4000 nested children: error %v", err)
	}
	deep := `{"rooms": [{"id": "r", "children": ` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}]}`
	if _, err := DecodeHouse([]byte(deep)); err == nil || !strings.Contains(err.Error(), "rooms[0].children") {
		t.Errorf("deep free-form children: error %v", err)
	}
	inString := `{"rooms": [{"id": "` + strings.Repeat("[{", 100) + `"}]}`
	h, err := DecodeHouse([]byte(inString))
	if err != nil || h.Rooms[0].ID != strings.Repeat("[{", 100) {
		t.Errorf("brackets inside a string counted as nesting: %v", err)
	}
	escaped := `{"rooms": [{"id": "\"` + strings.Repeat("[", 100) + `"}]}`
	if _, err := DecodeHouse([]byte(escaped)); err != nil {
		t.Errorf("brackets after an escaped quote counted as nesting: %v", err)
	}
}

// TestReadHouseFileIsBounded reads an endless stream and a sparse file
// larger than the limit: both are refused, naming the file and the limit.
func TestReadHouseFileIsBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxHouseBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "/dev/zero: a character device, not a house"},
		{big, big + ": the file is 33554433 bytes, more than the 33554432-byte limit"},
		{t.TempDir(), ": a directory, not a house"},
	} {
		if _, err := os.Stat(c.path); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		_, err := ReadHouseFile(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadHouseFile(%s) = %v, want an error containing %q", c.path, err, c.want)
		}
		_, _, err = LoadHouseFile(c.path, ImportOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadHouseFile(%s) = %v, want an error containing %q", c.path, err, c.want)
		}
	}
	if _, err := DecodeHouse(make([]byte, MaxHouseBytes+1)); err == nil || !strings.Contains(err.Error(), "more than the 33554432-byte limit") {
		t.Errorf("DecodeHouse of an oversized message: %v", err)
	}
}

// quadraticJSONPathAt is the former jsonPathAt, which rebuilt the path at
// every token: the reference the linear version must agree with.
func quadraticJSONPathAt(b []byte, stop int64) string {
	var st []jsonFrame
	endValue := func() {
		if n := len(st); n > 0 {
			if st[n-1].obj {
				st[n-1].wantKey = true
			} else {
				st[n-1].idx++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	last := ""
	for {
		t, err := dec.Token()
		if err != nil {
			if stop >= 0 {
				return last
			}
			return jsonFramesPath(st)
		}
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '{', '[':
				last = jsonFramesPath(st)
				st = append(st, jsonFrame{obj: d == '{', wantKey: d == '{'})
			default:
				st = st[:len(st)-1]
				endValue()
			}
		} else if n := len(st); n > 0 && st[n-1].obj && st[n-1].wantKey {
			st[n-1].key, _ = t.(string)
			st[n-1].wantKey = false
			continue
		} else {
			last = jsonFramesPath(st)
			endValue()
		}
		if stop >= 0 && dec.InputOffset() >= stop {
			return last
		}
	}
}

// randomJSON writes a random JSON value of at most depth levels.
func randomJSON(r *rand.Rand, sb *strings.Builder, depth int) {
	k := r.IntN(6)
	if depth == 0 {
		k = r.IntN(3)
	}
	switch k {
	case 0:
		fmt.Fprintf(sb, "%d", r.IntN(100))
	case 1:
		fmt.Fprintf(sb, `"s%d"`, r.IntN(10))
	case 2:
		sb.WriteString("null")
	case 3, 4:
		sb.WriteByte('{')
		for i := range r.IntN(4) {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(sb, `"k%d": `, i)
			randomJSON(r, sb, depth-1)
		}
		sb.WriteByte('}')
	default:
		sb.WriteByte('[')
		for i := range r.IntN(4) {
			if i > 0 {
				sb.WriteByte(',')
			}
			randomJSON(r, sb, depth-1)
		}
		sb.WriteByte(']')
	}
}

// TestJSONPathAtMatchesQuadraticReference cross-checks the two-pass linear
// jsonPathAt against the former one-pass builder at every offset of random
// documents, valid and truncated or corrupted at a random byte.
func TestJSONPathAtMatchesQuadraticReference(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		var sb strings.Builder
		randomJSON(r, &sb, 6)
		b := []byte(sb.String())
		if seed%2 == 1 && len(b) > 2 {
			b = b[:1+r.IntN(len(b)-1)]
			if seed%4 == 3 {
				b = append(b, '}', ':')
			}
		}
		for off := int64(-1); off <= int64(len(b)); off++ {
			if got, want := jsonPathAt(b, off), quadraticJSONPathAt(b, off); got != want {
				t.Fatalf("seed %d, %q at %d: jsonPathAt = %q, reference = %q", seed, b, off, got, want)
			}
		}
	}
}

// nestedArrays returns n nested arrays, each holding one number and the next.
func nestedArrays(n int) []byte {
	return []byte(strings.Repeat("[1,", n) + strings.Repeat("]", n))
}

// BenchmarkJSONPathAtNested times the error path of deeply nested input at
// two sizes, beside the former quadratic builder; ns/op growing about 4× for
// 4× the depth shows linear time (the reference grows about 16×).
func BenchmarkJSONPathAtNested(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		doc := nestedArrays(n)
		doc[len(doc)-1] = '}' // invalid at the very end
		b.Run(fmt.Sprintf("depth=%d", n), func(b *testing.B) {
			for b.Loop() {
				jsonPathAt(doc, -1)
				jsonPathAt(doc, int64(len(doc)-1))
			}
		})
		b.Run(fmt.Sprintf("quadratic-reference/depth=%d", n), func(b *testing.B) {
			for b.Loop() {
				quadraticJSONPathAt(doc, -1)
				quadraticJSONPathAt(doc, int64(len(doc)-1))
			}
		})
	}
}

// TestLoadAssetDBIsBounded reads an endless asset database (refused as a
// device) and a sparse one over MaxAssetDBBytes (refused by size), naming
// the file, before reading it.
func TestLoadAssetDBIsBounded(t *testing.T) {
	if _, err := LoadAssetDB("/dev/zero"); err == nil || !strings.Contains(err.Error(), "/dev/zero: a character device, not an asset database") {
		t.Errorf("LoadAssetDB(/dev/zero) = %v", err)
	}
	big := filepath.Join(t.TempDir(), "db.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxAssetDBBytes + 1)
	f.Close()
	if _, err := LoadAssetDB(big); err == nil || !strings.Contains(err.Error(), big+": the file is 268435457 bytes, more than the 268435456-byte limit for an asset database") {
		t.Errorf("LoadAssetDB(%s) = %v", big, err)
	}
}

// TestIndentedSizeEstimate cross-checks scanJSONNesting's estimate against
// the length json.Indent really produces, on random compact documents with
// non-empty containers, and refuses a 16 MB house whose free-form room
// children would indent to about a gigabyte.
func TestIndentedSizeEstimate(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		depth := 1 + r.IntN(40)
		var sb strings.Builder
		for d := 0; d < depth; d++ {
			sb.WriteString(`[1,`)
		}
		n := 1 + r.IntN(2000)
		for k := 0; k < n; k++ {
			if k > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "%d", r.IntN(1000))
		}
		sb.WriteString(strings.Repeat("]", depth))
		b := []byte(sb.String())
		var out bytes.Buffer
		if err := json.Indent(&out, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		_, est := scanJSONNesting(b)
		if got := float64(est) / float64(out.Len()); got < 0.95 || got > 1.05 {
			t.Errorf("seed %d (depth %d, %d values): estimate %d, json.Indent %d bytes", seed, depth, n, est, out.Len())
		}
	}
	var sb strings.Builder
	sb.WriteString(`{"rooms": [{"id": "r", "children": ` + strings.Repeat("[", 60))
	sb.WriteString(strings.Repeat("1,", 8<<20) + "1")
	sb.WriteString(strings.Repeat("]", 60) + `}]}`)
	_, err := DecodeHouse([]byte(sb.String()))
	if err == nil || !strings.Contains(err.Error(), "re-encoded with indentation the house would take about") || !strings.Contains(err.Error(), "more than the 268435456-byte limit") {
		t.Errorf("a 16 MB house of deeply nested values: %v", err)
	}
	if _, err := ReadHouseFile(filepath.Join("..", "testdata", "houses", "one_room.json")); err != nil {
		t.Errorf("an ordinary house: %v", err)
	}
}
