package planner

// SettleDrop is the smallest drop, in metres, that counts as the mover
// settling under gravity; the motion text mentions only drops over
// SettleText.
const SettleDrop = 1e-4

// settledAfter reports whether a mover that was settled after its move
// (settleRan) actually settled: it dropped by more than SettleDrop, or it
// now rests on another receptacle (a drop of a few millimetres onto a
// neighbouring surface changes its parent).
func settledAfter(settleRan bool, before, after ObjectMeta) bool {
	if !settleRan {
		return false
	}
	return after.Position[1]-before.Position[1] < -SettleDrop || after.Parent != before.Parent
}
