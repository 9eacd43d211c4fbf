package thor

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

// oneRoomHouse reads testdata/houses/one_room.json (one 4 m × 5 m room)
// with every coordinate of its rooms, walls, objects and agent scaled by k.
func oneRoomHouse(t *testing.T, k float64) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "houses", "one_room.json"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := sim.DecodeHouse(b)
	if err != nil {
		t.Fatal(err)
	}
	scale := func(p *sim.XYZ) { p.X, p.Z = p.X*k, p.Z*k }
	for i := range h.Rooms {
		for j := range h.Rooms[i].FloorPolygon {
			scale(&h.Rooms[i].FloorPolygon[j])
		}
	}
	for i := range h.Walls {
		for j := range h.Walls[i].Polygon {
			scale(&h.Walls[i].Polygon[j])
		}
	}
	out, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// call sends one request to a session and returns the reply's metadata.
func call(t *testing.T, s *session, req string) (Metadata, []outFrame, int) {
	t.Helper()
	frames, reply := s.handle([]byte(req))
	var r Reply
	if err := json.Unmarshal(reply, &r); err != nil {
		t.Fatal(err)
	}
	return r.Metadata, frames, len(reply)
}

// A small house whose room spans 200 m × 250 m (801,801 grid points; sim
// refuses plans over 256 m a side, so a default-limit refusal needs a
// nearly square 256 m plan) is, under a 100,000-cell limit,
// refused by CreateHouse with a message naming the limit; the limit is the
// exact cell count: a house of exactly MaxGridCells cells loads, one cell
// fewer allowed refuses it.
func TestCreateHouseBoundsTheGrid(t *testing.T) {
	huge := oneRoomHouse(t, 50) // 200 m × 250 m
	s := newSession(ServerOptions{MaxGridCells: 100_000}.withDefaults())
	md, _, n := call(t, s, `{"id":1,"action":"CreateHouse","args":{"house":`+string(huge)+`}}`)
	if md.LastActionSuccess || !strings.Contains(md.ErrorMessage, "MaxGridCells") || !strings.Contains(md.ErrorMessage, "200 m × 250 m") {
		t.Fatalf("a %d-byte house spanning 250 m: success %v, error %q", len(huge), md.LastActionSuccess, md.ErrorMessage)
	}
	if n > 64<<10 {
		t.Errorf("the refusal is %d bytes", n)
	}
	// one_room is 4 m × 5 m: 17 × 21 = 357 cells of 0.25 m.
	house := oneRoomHouse(t, 1)
	for _, c := range []struct {
		limit int64
		ok    bool
	}{{357, true}, {356, false}} {
		s := newSession(ServerOptions{MaxGridCells: c.limit}.withDefaults())
		md, _, _ := call(t, s, `{"id":1,"action":"CreateHouse","args":{"house":`+string(house)+`}}`)
		if md.LastActionSuccess != c.ok {
			t.Errorf("357-cell house with MaxGridCells %d: success %v (%s), want %v", c.limit, md.LastActionSuccess, md.ErrorMessage, c.ok)
		}
	}
}

// Initialize refuses an image size whose Render reply would exceed
// MaxReplyBytes (8192 × 8192 is 604 MB by default), at the exact boundary.
func TestInitializeBoundsTheRenderReply(t *testing.T) {
	s := newSession(ServerOptions{}.withDefaults())
	md, _, _ := call(t, s, `{"id":1,"action":"Initialize","args":{"width":8192,"height":8192}}`)
	if md.LastActionSuccess || !strings.Contains(md.ErrorMessage, "MaxReplyBytes") || !strings.Contains(md.ErrorMessage, "8192x8192") {
		t.Fatalf("Initialize 8192x8192: success %v, error %q", md.LastActionSuccess, md.ErrorMessage)
	}
	// 4096 × 4096 fits the reply limit (151 MB) but its rendering keeps
	// 1 GiB: it needs a session budget that large.
	big := newSession(ServerOptions{MaxSessionMemoryBytes: 2 << 30, MaxMemoryBytes: 2 << 30}.withDefaults())
	if md, _, _ := call(t, big, `{"id":2,"action":"Initialize","args":{"width":4096,"height":4096}}`); !md.LastActionSuccess {
		t.Fatalf("Initialize 4096x4096: %s", md.ErrorMessage)
	}
	limit := renderReplyBytes(64, 64, []string{"rgb", "depth", "ids"}) // 3 headers + 64·64·9 bytes
	if limit != 3*FrameHeaderSize+64*64*9 {
		t.Fatalf("renderReplyBytes(64, 64) = %d", limit)
	}
	s = newSession(ServerOptions{MaxReplyBytes: limit}.withDefaults())
	for _, c := range []struct {
		w, h int
		ok   bool
	}{{64, 64, true}, {65, 64, false}, {64, 65, false}} {
		md, _, _ := call(t, s, fmt.Sprintf(`{"id":1,"action":"Initialize","args":{"width":%d,"height":%d}}`, c.w, c.h))
		if md.LastActionSuccess != c.ok {
			t.Errorf("Initialize %dx%d under a %d-byte limit: success %v (%s), want %v", c.w, c.h, limit, md.LastActionSuccess, md.ErrorMessage, c.ok)
		}
	}
}

// Any reply over MaxReplyBytes becomes a small error reply naming the
// limit; the same request without objects fits.
func TestReplyOverTheLimitIsRefused(t *testing.T) {
	h, err := sim.Generate(sim.StyleProcTHOR, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := json.Marshal(h)
	s := newSession(ServerOptions{MaxReplyBytes: 16 << 10}.withDefaults())
	if md, _, _ := call(t, s, `{"id":1,"action":"CreateHouse","args":{"house":`+string(hb)+`},"withObjects":false}`); !md.LastActionSuccess {
		t.Fatal(md.ErrorMessage)
	}
	md, _, n := call(t, s, `{"id":2,"action":"Pass"}`)
	if md.LastActionSuccess || !strings.Contains(md.ErrorMessage, "MaxReplyBytes") || n > 16<<10 {
		t.Errorf("Pass with %d objects under a 16 KiB limit: success %v, %d bytes, error %q", len(h.Objects), md.LastActionSuccess, n, md.ErrorMessage)
	}
	if md, _, _ := call(t, s, `{"id":3,"action":"Pass","withObjects":false}`); !md.LastActionSuccess {
		t.Errorf("Pass without objects: %s", md.ErrorMessage)
	}
}

// Under the default session budget (512 MiB) Initialize refuses an image
// size whose rendering would keep more (4096 × 4096 kept about 1 GiB per
// Render), naming the estimate and MaxSessionMemoryBytes; 2048 × 2048
// (256 MiB) is accepted; a smaller budget moves the boundary.
func TestInitializeBoundsTheRenderMemory(t *testing.T) {
	s := newSession(ServerOptions{}.withDefaults())
	md, _, _ := call(t, s, `{"id":1,"action":"Initialize","args":{"width":4096,"height":4096}}`)
	if md.LastActionSuccess || !strings.Contains(md.ErrorMessage, "image size 4096x4096 needs an estimated") || !strings.Contains(md.ErrorMessage, "MaxSessionMemoryBytes") {
		t.Fatalf("Initialize 4096x4096: success %v, error %q", md.LastActionSuccess, md.ErrorMessage)
	}
	if md, _, _ := call(t, s, `{"id":2,"action":"Initialize","args":{"width":2048,"height":2048}}`); !md.LastActionSuccess {
		t.Fatalf("Initialize 2048x2048: %s", md.ErrorMessage)
	}
	limit := int64(sessionBaseBytes) + renderBytes(100, 100)
	s = newSession(ServerOptions{MaxSessionMemoryBytes: limit}.withDefaults())
	for _, c := range []struct {
		w, h int
		ok   bool
	}{{100, 100, true}, {101, 100, false}} {
		md, _, _ := call(t, s, fmt.Sprintf(`{"id":1,"action":"Initialize","args":{"width":%d,"height":%d}}`, c.w, c.h))
		if md.LastActionSuccess != c.ok {
			t.Errorf("Initialize %dx%d under a %d-byte session budget: success %v (%s), want %v", c.w, c.h, limit, md.LastActionSuccess, md.ErrorMessage, c.ok)
		}
	}
}
