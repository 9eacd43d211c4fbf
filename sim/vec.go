package sim

import "github.com/go-gl/mathgl/mgl64"

// Vec3 is a point or direction in the Unity world frame (x right, y up, z forward, metres).
type Vec3 = mgl64.Vec3

// Mat4 is a 4×4 matrix, column-major as in mathgl.
type Mat4 = mgl64.Mat4

// Mat3 is a 3×3 matrix, column-major as in mathgl.
type Mat3 = mgl64.Mat3
