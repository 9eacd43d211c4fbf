package tableplane

// The constants of Appendix B.3 this package uses live here, once, with
// their citation; constants_test.go pins each value. They are not in
// package real's constants.go because package real may come to import
// this package, and an import back would be a cycle.

// B.3, Language-Table table plane.
const (
	// InlierThresholdPx is the RANSAC inlier threshold, pixels (B.3:
	// "fitted with RANSAC (inlier threshold 8 px)").
	InlierThresholdPx = 8.0
	// MinCorrespondences is the fewest correspondences pooled per camera
	// setup (B.3: "pooling at least 30 correspondences from pairs taken
	// with the same camera setup").
	MinCorrespondences = 30
	// ContactRaise is the share of the box height by which an object's
	// bottom-centre point is raised to place it on the plane (B.3: "the
	// bottom centre of its box raised by a quarter of the box height").
	ContactRaise = 0.25
	// PaperMedianResidualPx and PaperP90ResidualPx are the residuals the
	// paper reports for its fit on the real data, pixels (B.3: "The median
	// residual is 12.4 px (90th percentile 14.7 px), roughly 1 cm"). They
	// are a reference for reports, not a bound this package applies.
	PaperMedianResidualPx = 12.4
	PaperP90ResidualPx    = 14.7
)

// flowbench choices, not from the appendix.
const (
	// SetupTolerancePx is how far, pixels, each board corner of two
	// episodes may lie apart for the episodes to share a camera setup
	// when the data gives no setup id (B.3 identifies setups "by the
	// position of the board edges in the image" without a tolerance).
	SetupTolerancePx = 10.0
	// DefaultMaxIterations caps RANSAC's adaptive iteration count.
	DefaultMaxIterations = 2000
	// DefaultConfidence is the probability RANSAC's adaptive count aims
	// for of drawing at least one all-inlier sample.
	DefaultConfidence = 0.999
	// MinSampleSize is the number of correspondences that fix a
	// homography.
	MinSampleSize = 4
)
