package real

// Options configure Process.
type Options struct {
	// Seed makes the per-pair random choices (mark numbers, dot colours,
	// no-change thresholds, the false claim): each pair draws from
	// hash(Seed, pair ID), so output does not depend on order or parts.
	Seed int64
	// Extended adds questions made with halved margins for the
	// categories that do not depend on absolute scale (B.7).
	Extended bool
	// UseTask requires the mover to be the object the task names, where
	// the pair has task text (B.2).
	UseTask bool
}

// Process measures a pair (B.2, B.3), generates its candidate questions
// (B.4) and applies the filters (B.5). A pair that yields nothing returns
// a Skip naming the stage and the reason; the questions are candidates
// for Select (B.6, B.7).
func Process(p *Pair, opt Options) (*Measurement, []Question, *Skip) {
	return nil, nil, &Skip{PairID: p.ID, Stage: "measure", Reason: "not implemented yet"}
}
