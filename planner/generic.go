package planner

// genericMove is one proposal of the shared generic translation: a
// camera-frame direction and a length from GenericLengths.
type genericMove struct {
	dir    Direction
	length float64
}

// genericMoves returns the 16 generic proposals in a seeded order.
func (c *viewCtx) genericMoves() []genericMove {
	var out []genericMove
	for _, d := range []Direction{Left, Right, Forward, Back} {
		for _, m := range GenericLengths {
			out = append(out, genericMove{d, m})
		}
	}
	c.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// moverProposal pairs a mover with a generic move.
type moverProposal struct {
	a  *ObjectMeta
	mv genericMove
}

// genericProposals interleaves movers (shuffled) with their generic moves so
// that a budget of n proposals visits many movers: the k-th round gives
// each mover its k-th move.
func (c *viewCtx) genericProposals(movers []*ObjectMeta) []moverProposal {
	ms := append([]*ObjectMeta(nil), movers...)
	c.rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	per := make([][]genericMove, len(ms))
	for i := range ms {
		per[i] = c.genericMoves()
	}
	var out []moverProposal
	for k := 0; k < len(GenericLengths)*4; k++ {
		for i, a := range ms {
			if c.plausibleTarget(a, Delta(c.cam, per[i][k].dir, per[i][k].length)) {
				out = append(out, moverProposal{a, per[i][k]})
			}
		}
	}
	return out
}
