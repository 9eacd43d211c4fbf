package thor

import (
	"encoding/json"
	"math"

	"flowbench/sim"
)

// Memory estimates, in bytes, from which a session reserves its share of
// the server's budget before it acts. They are measured upper bounds of
// what the Go heap holds live, not exact counts.
const (
	// sessionBaseBytes is a session with nothing loaded: its state, the
	// connection's read buffer and bookkeeping.
	sessionBaseBytes = 256 << 10
	// decodeBytesPerMessageByte covers a request while it is decoded: the
	// message, its arguments' copy and the decoded values (12 concurrent
	// 64 MiB requests held 3.25 GB: 4.2 bytes per message byte).
	decodeBytesPerMessageByte = 5
	// houseBytesPerJSONByte is what a loaded house keeps per byte of its
	// JSON: scene, indexes and renderer meshes (a 28 KB ProcTHOR house keeps
	// 0.4 MB, 14 per byte).
	houseBytesPerJSONByte = 16
	// renderBytesPerPixel is what a session keeps per pixel once it has
	// rendered: the frame (RGBA, depth, ids, classes), the RGB pass copy and
	// the renderer's work buffers and frame cache (63 measured at 2048²;
	// the Render reply's frames are views of these).
	renderBytesPerPixel = 64
	// reachCacheBytesPerCell is the cached reachable positions per grid
	// cell, and reachReplyBytesPerCell a GetReachablePositions reply's
	// positions and JSON text per cell.
	reachCacheBytesPerCell = 24
	reachReplyBytesPerCell = 80
	// objectReplyBytes bounds one object's metadata in a reply.
	objectReplyBytes = 4 << 10
)

// renderBytes is what rendering a w × h image keeps.
func renderBytes(w, h int) int64 { return int64(w) * int64(h) * renderBytesPerPixel }

// residentBytes estimates what the session keeps between requests.
func (s *session) residentBytes() int64 {
	n := int64(sessionBaseBytes) + s.houseBytes*houseBytesPerJSONByte + int64(len(s.reach))*reachCacheBytesPerCell
	if s.frame != nil {
		n += renderBytes(s.frame.Width, s.frame.Height)
	}
	return n
}

// requestBytes estimates the most the session holds while it answers a
// msgLen-byte request for action: what it keeps afterwards, plus the
// decoding and the reply meanwhile.
func (s *session) requestBytes(action string, msgLen int) int64 {
	keep := s.residentBytes()
	n := int64(msgLen) * decodeBytesPerMessageByte
	if s.scene != nil {
		n += int64(len(s.scene.Objects)) * objectReplyBytes
	}
	switch action {
	case ActionRender:
		keep += renderBytes(s.width, s.height) // at the new size; the old frame is resized in place
		if s.frame != nil {
			keep -= renderBytes(s.frame.Width, s.frame.Height)
		}
	case ActionCreateHouse:
		keep += int64(msgLen) * houseBytesPerJSONByte // the old house stays live until the new one is built
	case ActionReachable:
		if !s.reachOK {
			n += s.gridCells * reachCacheBytesPerCell
		}
		n += s.gridCells * reachReplyBytesPerCell
	}
	return keep + n
}

// peekAction reads a request's "action" without decoding the rest; "" when
// the message is not a JSON object with a string action.
func peekAction(msg []byte) string {
	var p struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(msg, &p) != nil {
		return ""
	}
	return p.Action
}

// houseGridCells is the number of 0.25 m grid cells over a house's rooms
// and the extent they span (0 cells for a house without rooms).
func houseGridCells(h *sim.House) (cells, dx, dz float64) {
	x0, z0, x1, z1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range h.Rooms {
		for _, p := range r.FloorPolygon {
			x0, z0, x1, z1 = math.Min(x0, p.X), math.Min(z0, p.Z), math.Max(x1, p.X), math.Max(z1, p.Z)
		}
	}
	if x1 < x0 || z1 < z0 {
		return 0, 0, 0
	}
	ni, nj := math.Floor((x1-x0)/sim.GridSize)+1, math.Floor((z1-z0)/sim.GridSize)+1
	return ni * nj, x1 - x0, z1 - z0
}
