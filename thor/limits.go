package thor

import (
	"fmt"

	"flowbench/sim"
)

// Memory bounds per request. A small request can ask for a very large
// reply: a 23 KB house whose one room spans 1 km × 1 km has 16 million grid
// points (a 444 MB GetReachablePositions reply), and Initialize at
// 8192 × 8192 makes every Render reply 604 MB. The server refuses such
// requests up front, naming the input and the limit, rather than building
// the reply.
const (
	// DefaultMaxReplyBytes bounds one reply: its JSON text plus its binary
	// frames (a 4096 × 4096 Render with all three passes is 151 MB).
	DefaultMaxReplyBytes = 256 << 20
	// DefaultMaxGridCells bounds the 0.25 m grid over a house's rooms
	// (2^20 cells: 256 m × 256 m), which GetReachablePositions walks and
	// returns.
	DefaultMaxGridCells = 1 << 20
)

// renderReplyBytes is the size of a Render reply's frames for the passes.
func renderReplyBytes(w, h int, passes []string) int64 {
	var n int64
	for _, p := range passes {
		dt, ch, _ := passNames[p].layout()
		n += FrameHeaderSize + int64(w)*int64(h)*int64(ch)*int64(dt.size())
	}
	return n
}

// checkRenderSize refuses an image size whose full Render reply (rgb, depth
// and ids) would exceed maxBytes.
func checkRenderSize(action string, w, h int, maxBytes int64) error {
	if n := renderReplyBytes(w, h, []string{"rgb", "depth", "ids"}); n > maxBytes {
		return failf("%s: image size %dx%d makes a %d-byte Render reply, over the server's limit of %d bytes (ServerOptions.MaxReplyBytes)",
			action, w, h, n, maxBytes)
	}
	return nil
}

// checkHouseGrid refuses a house whose rooms span more 0.25 m grid cells
// than maxCells (GetReachablePositions would walk and return them all).
func checkHouseGrid(h *sim.House, maxCells int64) error {
	if cells, dx, dz := houseGridCells(h); cells > float64(maxCells) {
		return failf("CreateHouse: the rooms span %.0f m × %.0f m, %.0f grid cells of %g m, over the server's limit of %d cells (ServerOptions.MaxGridCells)",
			dx, dz, cells, sim.GridSize, maxCells)
	}
	return nil
}

// checkRenderMemory refuses an image size whose rendering would keep more
// than the session's memory budget, with the house loaded.
func (s *session) checkRenderMemory(w, h int) error {
	need := int64(sessionBaseBytes) + s.houseBytes*houseBytesPerJSONByte + renderBytes(w, h)
	if need > s.opts.MaxSessionMemoryBytes {
		return failf("Initialize: image size %dx%d needs an estimated %d bytes to render (%d per pixel), over the session's memory budget of %d bytes (ServerOptions.MaxSessionMemoryBytes)",
			w, h, need, renderBytesPerPixel, s.opts.MaxSessionMemoryBytes)
	}
	return nil
}

// checkReplySize refuses an encoded reply (text plus frames) over maxBytes.
func checkReplySize(action string, text int, frames []outFrame, maxBytes int64) error {
	n := int64(text)
	for _, f := range frames {
		n += int64(len(f.head) + len(f.body))
	}
	if n > maxBytes {
		return fmt.Errorf("%s: the reply would be %d bytes, over the server's limit of %d bytes (ServerOptions.MaxReplyBytes); ask withObjects=false or a smaller image", action, n, maxBytes)
	}
	return nil
}
