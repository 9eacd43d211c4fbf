package pairfile

import (
	"math"

	"flowbench/real"
)

// boardDoc is pair.json's optional "board": a Language-Table pair's
// observation for the table-plane fit (B.3).
type boardDoc struct {
	SetupID   string       `json:"setup_id,omitempty"`
	Corners   [][2]float64 `json:"corners,omitempty"`
	Effector0 *[2]float64  `json:"effector0"`
}

// MaxBoardMetres bounds a board position's coordinates, metres.
const MaxBoardMetres = 100

// board checks pair.json's "board" and returns the observation (nil when
// absent): only for Language-Table, with the end-effector's board
// position at I0 and a setup id or the board's four corners in I0.
func (r *pairReader) board(b *boardDoc, src real.Source, w, h int) (*real.BoardObservation, error) {
	if b == nil {
		return nil, nil
	}
	switch {
	case src.Name != real.LanguageTable:
		return nil, r.docErr("board", "source %s: only Language-Table pairs are placed on a table plane (B.3)", src.Name)
	case b.Effector0 == nil:
		return nil, r.docErr("board.effector0", "missing (the end-effector's board position at I0, metres)")
	case b.SetupID == "" && b.Corners == nil:
		return nil, r.docErr("board", "needs setup_id or the board's four corners in I0")
	case len(b.SetupID) > MaxTaskBytes:
		return nil, r.docErr("board.setup_id", "%d bytes (at most %d)", len(b.SetupID), MaxTaskBytes)
	case b.Corners != nil && len(b.Corners) != 4:
		return nil, r.docErr("board.corners", "%d corners (want 4)", len(b.Corners))
	}
	for k, v := range b.Effector0 {
		if math.IsNaN(v) || math.Abs(v) > MaxBoardMetres {
			return nil, r.docErr("board.effector0", "coordinate %d is %v (want a finite number within ±%d m)", k, v, MaxBoardMetres)
		}
	}
	for i, c := range b.Corners {
		if math.IsNaN(c[0]) || math.IsNaN(c[1]) || math.Abs(c[0]) > float64(4*w) || math.Abs(c[1]) > float64(4*h) {
			return nil, r.docErr("board.corners", "corner %d is %v (want finite pixels near the %dx%d frame)", i, c, w, h)
		}
	}
	return &real.BoardObservation{SetupID: b.SetupID, Corners: b.Corners, Effector0: *b.Effector0}, nil
}

// boardDocOf is the "board" entry of a pair's observation (nil: none).
func boardDocOf(o *real.BoardObservation) *boardDoc {
	if o == nil {
		return nil
	}
	e := o.Effector0
	return &boardDoc{SetupID: o.SetupID, Corners: o.Corners, Effector0: &e}
}
