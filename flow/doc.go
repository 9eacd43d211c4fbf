// Package flow computes exact optical flow, validity (occlusion) masks and
// change-region masks from per-pixel depth, instance ids, the camera model and
// the realised rigid motions of the objects that moved.
//
// Conventions (shared with sim and render): pixel (i, j) has its centre at
// OpenCV coordinates (i, j); x grows to the right and y downwards; depth is
// planar z in metres with 0 meaning "nothing hit". A flow field stores, for
// every pixel of the source image, the displacement (dx, dy) in pixels of the
// surface point seen there, interleaved row-major: D[2*(j*W+i)] = dx,
// D[2*(j*W+i)+1] = dy.
//
// Forward flow F01 maps image I0 to I1: each pixel of I0 is back-projected
// with its depth D0 and the intrinsics K, moved by the rigid motion of the
// object that owns it (identity for static pixels), and projected into the
// same camera. Backward flow F10 does the same for I1 with D1 and the inverse
// motions. Both are exact up to float32 rounding of the output.
package flow
