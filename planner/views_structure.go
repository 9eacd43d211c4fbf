package planner

// MaxStructureShare is the largest structure share (View.Structure: the
// share of a candidate's scoring frame that shows no object — walls,
// floor, ceiling, the doorways and windows cut in them and the outdoors
// seen through them) that a proposal may have while another candidate of
// its room has no more (keepBest). It is our addition to A.1, whose
// constants are unchanged: eq. 8 scores a pose by the objects it sees, so
// a pose that sees a few objects in the band beside a large bare wall,
// floor or ceiling was proposed: of the 370 views that the unchanged A.1
// selected in 40 generated train houses (seed 1), 96 % had a share over
// 0.70 and 71 % over 0.80.
const MaxStructureShare = 0.70

// structureShare is View.Structure of a frame of pixels pixels whose
// per-id pixel counts are m: one minus the share of the pixels showing
// one of objs. Every other pixel shows structure or nothing.
func structureShare(m Masks, objs []ObjectMeta, pixels int) float64 {
	if pixels <= 0 {
		return 0
	}
	n := 0
	for i := range objs {
		n += m.Pixels(objs[i].ID)
	}
	return 1 - float64(min(n, pixels))/float64(pixels)
}

// showsRoom reports whether a scored view passes the structure rule: its
// structure share is at most maxShare.
func showsRoom(v View, maxShare float64) bool { return v.Structure <= maxShare }
