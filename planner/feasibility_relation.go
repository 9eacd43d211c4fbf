package planner

// Probe relations to the setup move of a feasibility question, as written
// to metrics.probe.setup_relation.
const (
	// RelOrthogonal: a single slide on the other camera axis than the
	// setup move (A.2.5's orthogonal probe).
	RelOrthogonal = "orthogonal"
	// RelSame: a single slide in the setup move's direction, continuing it.
	RelSame = "same"
	// RelOpposite: a single slide back along the setup move.
	RelOpposite = "opposite"
	// RelCompound: a compound probe, one component on each camera axis.
	RelCompound = "compound"
	// RelDown: a straight drop.
	RelDown = "down"
)

// lateral reports whether d lies on the camera's left/right axis.
func lateral(d Direction) bool { return d == Left || d == Right }

// singleRelation is the relation of a single slide in direction d to a
// setup move in direction setup.
func singleRelation(setup, d Direction) string {
	switch {
	case lateral(setup) != lateral(d):
		return RelOrthogonal
	case setup == d:
		return RelSame
	}
	return RelOpposite
}

// relation is the probe's relation to a setup move in direction setup.
func (p probe) relation(setup Direction) string {
	switch p.kind {
	case ProbeDown:
		return RelDown
	case ProbeCompound:
		return RelCompound
	}
	return singleRelation(setup, p.dir)
}
