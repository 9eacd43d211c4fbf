package sim

import "strings"

// Counter tops. AI2-THOR's counter assets come in four shapes: straight runs
// along a wall (Countertop_I_*, 61 cm deep), islands (Countertop_Island_*,
// 92 cm deep), and L- and C-shaped runs (Countertop_L_*, Countertop_C_*)
// whose bounding boxes reach 3 × 3 m while the counter itself is a 61 cm
// band round two or three sides. flowbench simulates, draws and collides
// every object as its box, so an L or C asset would become a solid block of
// counter up to 3 m deep: neither the kitchen AI2-THOR shows for the same
// house (objects rested on the block's middle would float there) nor one a
// real kitchen has. Generated houses therefore use only the straight and
// island assets, whose shape is their box; imported houses keep whatever
// asset they name.

// straightCounter reports whether a counter-top asset is a straight run or
// an island: a counter whose bounding box is its shape.
func straightCounter(assetID string) bool {
	return strings.HasPrefix(assetID, "Countertop_I_") || strings.HasPrefix(assetID, "Countertop_Island_")
}
