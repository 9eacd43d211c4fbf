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

// markedMovers returns the movers that can carry a Set-of-Marks dot on I0
// (the size rule, c.markable) and are framed there, so no attempt is spent on a mover whose
// mark would be refused.
func (c *viewCtx) markedMovers() []*ObjectMeta { return c.keepMarkable(c.movers()) }

// markedReferables returns the objects a question about mover may mention
// that can carry a dot on I0 (the size rule) and are framed there. Planners choose landmarks,
// options and neighbour pools among them.
func (c *viewCtx) markedReferables(mover string) []*ObjectMeta {
	return c.keepMarkable(c.referables(mover))
}

// keepMarkable keeps the objects that pass the size rule on I0 and are
// framed there (framedIn0: not cut by the border by more than a third),
// measured once per view (every slot of the view shares its base) for every object
// visible in I0.
func (c *viewCtx) keepMarkable(objs []*ObjectMeta) []*ObjectMeta {
	if c.base.markOK == nil {
		var vis []*ObjectMeta
		for i := range c.objs0 {
			if c.visible(c.m0, c.objs0[i].ID) {
				vis = append(vis, &c.objs0[i])
			}
		}
		c.base.markOK = map[string]bool{}
		for _, o := range c.markable(vis) {
			c.base.markOK[o.ID] = c.framedIn0(o)
		}
	}
	var out []*ObjectMeta
	for _, o := range objs {
		if c.base.markOK[o.ID] {
			out = append(out, o)
		}
	}
	return out
}
