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
// with its depth D0 and the intrinsics K (Camera.Focal, Camera.Principal),
// moved by the rigid motion of the object that owns it (identity for static
// pixels, which get exactly 0), and projected into the same camera. Backward
// flow F10 does the same for I1 with D1 and the inverse motions. The
// arithmetic is float64, folded per object into one affine map in camera
// coordinates; only the output is rounded to float32.
//
// Motions are keyed by objectId and come from the realised poses (Snapshot
// before and after an action, then MotionsBetween), so the mover, the objects
// carried with it and any object that gravity settled are all covered. A
// RigidMotion moves p to To.Position + R(To.Yaw − From.Yaw)·(p − From.Position).
//
// ValidForward marks pixels of I0 whose moved point lands inside I1 and is
// visible there: its transformed depth matches I1's depth at the exact
// sub-pixel target within DepthTol = 1 cm (see depthAt in
// compute.go for the sampling), so pixels occluded after the motion, or
// turned away, are 0. ValidBackward is the same for I1. Change marks the
// pixels owned by a moving object in I0 or in I1.
//
// Files: Middlebury .flo (WriteFlo, ReadFlo), the Baker et al. colour coding
// with a legend wheel (ColorImage) and mask pictures (MaskImage, WritePNG);
// .npy goes through render.WriteNPYFile with shape [H, W, 2].
package flow
