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

// settlesIn reports whether a category lets a pickupable mover settle under
// gravity after its teleport. A.2 lets pickupables settle "for selected
// categories" and names one: feasibility, whose edit is "a generic
// translation, optionally followed by gravity settling" (A.2.5). The other
// categories keep the planned height (eq. 17).
func settlesIn(cat Category) bool { return cat == Feasibility }

// settleOutcome decides an executed edit of a mover the planner settled
// (settleRan): when the mover may settle (a pickupable in a category that
// settles, settlesIn) it reports whether it settled (settledAfter);
// otherwise the settle was a support probe and the mover must already rest
// on a support at its planned height, so a drop over SettleDrop fails the
// edit ("unsupported": it would float in I1) and the edit never counts as
// settled.
func settleOutcome(maySettle, settleRan bool, before, after ObjectMeta) (settled bool, why string) {
	if !settleRan || maySettle {
		return settledAfter(settleRan, before, after), ""
	}
	if before.Position[1]-after.Position[1] > SettleDrop {
		return false, "unsupported"
	}
	return false, ""
}
