// Package simsource renders FlowBench-Real input pairs from flowbench's own
// simulator, with the exact truth the real robot datasets lack (issue 50,
// Deliver item 8).
//
// Generate builds a tabletop scene (a procedural house's counter, dining
// table, desk or side table with small objects on it), places a camera in
// front of it as a robot's external camera would stand (640×480, f = 610,
// looking down 25–50°, 0.5–1.2 m from the objects), moves one object 5–30 cm
// on the surface with the simulator's collision and support checks
// (sometimes a second one), and renders both frames with the package render
// rasterizer. GenerateWith with GenerateOptions.Assets dresses the house with
// real furniture models first (assets.Library.Dress, as generate does), so
// the pairs look like photographs of real tabletops; the truth then follows
// the drawn models. It returns a *real.Pair holding what the estimators would give
// (RGB, metric depth, instance masks with labels, point tracks from the
// package flow's exact forward flow), degraded by a noise model that imitates
// each estimator at a chosen level (noise.go), and a Truth: every object's
// exact centre, box, visible and hidden pixel counts and surface-to-surface
// distances in the camera frame of I0, plus the exact instance id images.
//
// Check recomputes every emitted question's answer from the Truth with the
// category's definition applied to exact geometry, and Report aggregates the
// agreement per category and noise level (docs/real.md).
package simsource
