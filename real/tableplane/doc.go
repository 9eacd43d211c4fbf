// Package tableplane recovers Language-Table's table-plane geometry
// (FlowBench paper, Appendix B.3): a homography between the image and the
// board, fitted with RANSAC to correspondences between the bottom-centre
// pixel of the arm mask and the recorded end-effector position, pooled per
// camera setup; objects are then placed on the board and their motion
// perpendicular to it is zero.
//
// Direction. The model H maps a board position (x, y) in metres to an
// image pixel (u, v): [u v 1]ᵀ ∼ H [x y 1]ᵀ. The RANSAC inlier threshold
// of B.3 (8 px) is an image distance, so residuals are measured in the
// image, ‖(u, v) − H(x, y)‖ in pixels, and the DLT is solved in that
// direction. Fit.ToBoard applies H⁻¹, Fit.ToImage applies H.
//
// Coordinates. Pixels are continuous: pixel column i spans [i, i+1), so a
// box image.Rectangle{Min, Max} has its bottom edge at v = Max.Y. Board
// positions are in metres in the frame of the recorded end-effector
// positions.
package tableplane
