// Package render is flowbench's pure-Go rasterizer. It draws a sim.Scene from
// a sim.Camera into an RGB image, a planar depth map (metres), a per-pixel
// instance id map and a per-pixel class map, and it measures each instance's
// visible mask (pixel count, bounding box, centroid).
//
// Coverage and depth are exact at pixel centres: a pixel (i, j) belongs to a
// triangle when the camera ray through (i, j) (sim.Camera.RayCamera) crosses
// the triangle's front face, and its depth is the planar z of that crossing,
// computed in float64 as a ray–plane intersection. Triangles are tested in
// homogeneous (eye-space) form, so no triangle is ever clipped into slivers;
// the near plane is applied per pixel.
//
// The package also places and draws Set-of-Marks overlays (marks.go) and
// reads and writes the files flowbench produces: PNG images, 16-bit depth PNGs
// and NumPy .npy arrays (npy.go).
package render
