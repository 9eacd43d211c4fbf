// Package render is flowbench's pure-Go rasterizer. It draws a sim.Scene from
// a sim.Camera into an RGB image, a planar depth map (metres), a per-pixel
// instance id map and a per-pixel class map, and it measures each instance's
// visible mask (pixel count, bounding box, centroid).
//
// # Coverage, depth and ids (exact at pixel centres)
//
// A pixel (i, j) belongs to a triangle when the camera ray through (i, j)
// (sim.Camera.RayCamera) crosses it, and its depth is the planar z of that
// crossing, computed in float64 as a ray–plane intersection. Triangles are
// tested in homogeneous (eye-space) form, so no triangle is ever clipped into
// slivers; the near plane is applied per pixel. The rules, shared with the
// ray caster (sim.Caster.Cast), are:
//
//   - One-sided meshes (primitives, walls, floors, ceilings) count only where
//     the ray meets the front face, the side of cross(V1−V0, V2−V0).
//   - Two-sided meshes (sim.Mesh.TwoSided: real models) count from both
//     sides. A triangle seen from its back is rasterized as the front-facing
//     triangle (V0, V2, V1): same crossing, same depth, and its edge
//     ownership (the top-left rule for samples exactly on an edge) follows
//     that order. A ray in the triangle's plane never counts.
//   - Cut-outs: on a surface with Surface.HasCutout, a crossing counts only
//     where surface.Texture.Opaque(u, v) holds, (u, v) being the triangle's
//     UVs interpolated with the crossing's perspective-correct barycentrics
//     (the same ones the depth comes from: E_i / ΣE in setup.go,
//     (1−b1−b2, b1, b2) of Möller–Trumbore in the ray caster). Holes
//     therefore show what is behind in colour, depth and ids alike.
//   - Ties: the nearest crossing wins, and a later triangle (meshes in id
//     order: objects in scene order, then structure meshes; triangles in
//     mesh order) replaces the current one only when its depth is smaller by
//     more than a relative 1e-9 (tieFactor), for one- and two-sided
//     triangles alike.
//
// Depth, ids, classes and stats are always computed at pixel centres on the
// meshes drawn: every model is drawn at level 0 (the ray caster's mesh);
// with Options.LevelOfDetail each object's level of detail follows its
// projected size instead (lod.go), which can change silhouettes; with
// Options.ClusterLOD each model is drawn cluster by cluster from a
// hierarchy of simplified cluster groups, the coarsest whose error projects
// under half a pixel (cluster_lod.go, cluster_simplify.go).
//
// # Shading (RGB only)
//
// The default LightInterior model lights each sample with an ambient term, a
// soft directional "window" light and the main light of the mesh's room: a
// warm point light hanging RoomLightDrop below the ceiling over
// sim.RoomLightXZ (the room polygon's centroid), with
// 1/(1+(d/RoomLightFalloff)²) falloff and shadows from a 5-face cube shadow
// map (2×2 percentage-closer filtering), built
// once per scene state and rebuilt when objects move; surfaces facing down
// (ceilings, undersides) also get that light's bounce from the floor
// (BounceFraction), unshadowed. Emissive surfaces (the ceiling lamps'
// diffusers, sim.Surface.Emissive) take no light: their colour as is.
// Textured surfaces are
// sampled at perspective-correct UVs, bilinearly in the mip level chosen from
// the UV derivatives (Options.Trilinear blends two levels); meshes with
// attributes use interpolated vertex normals (negated on the back of
// two-sided triangles), others their flat face normal. LightFlat keeps the
// original one-Lambert-colour-per-triangle look. A sample whose ray hits
// nothing shows the outdoors (sky.go: sky and lawn by the ray's elevation)
// unless Options.Background sets one flat colour.
//
// The light (not the texture) is computed exactly at every other pixel of
// every other row and at the ends of each triangle's runs, and interpolated
// between them within a triangle (shade_band.go).
//
// RGB is anti-aliased by default (AAEdge): pixels whose 3×3 pixel-centre
// neighbourhood shows a different instance, another surface (material) of
// its mesh, a depth step or crease, or a cut-out are shaded from 2×2
// samples; Supersample k > 1 supersamples every pixel instead. Neither changes depth, ids, classes or stats. The output is
// byte-identical for any Options.Workers.
//
// # Work kept between frames
//
// None of these changes a frame; each is a function of the scene state and
// the camera only. Model levels are posed straight into one world position
// and normal per vertex with the model's vertex indices, not a triangle
// soup, so shared vertices are prepared once per view (compact_mesh.go).
// The set-up array holds the meshes a view does not cull, not the whole
// house; of a posed model only the clusters of 64–128 triangles (split once
// per model level, clusters.go) that lie in the view's frustum and, where
// the structure pass ran, are not hidden behind the structure are set up
// (cluster_cull.go), their triangles in the model's order. Occlusion
// culling keeps its structure pass per camera (occlusion.go). A frame from the same camera as the last keeps the
// set-ups of the meshes that did not change and the labels and visible
// triangles of the bands no changed mesh touches (label_cache.go). Each
// room light keeps the shadow maps of the state before its last rebuild and
// takes them back when the objects return to it (shadow_cache.go); a stale
// face is redrawn only inside the moved objects' projected boxes, one
// rectangle per group of overlapping boxes (shadow_partial.go). The last
// two RGB frames are kept whole and copied back when the camera and every
// object's pose are theirs again, as for the next "before" frame of a view
// after an example's "after" frame (frame_memo.go); a frame another
// renderer of the same scene drew can be taken instead of shaded
// (RenderWithRGB, frame_adopt.go). An RGB frame from the last RGB frame's
// camera shades only the column spans of each band that the changed meshes
// or the moved objects' possible shadows reach (per moved box, the pixels
// whose surface lies in its shadow pyramid, and edges), and keeps the last
// frame's colours elsewhere (shade_incremental.go, lit_pixels.go,
// shade_spans.go).
//
// MaskBounds bounds the objects' mask pixel counts of a camera from the
// structure pass alone (mask_bounds.go), for the planner's lazy scoring of
// candidate views.
//
// The package also places and draws Set-of-Marks overlays (marks.go) and
// reads and writes the files flowbench produces: PNG images, 16-bit depth PNGs
// and NumPy .npy arrays (npy.go).
package render
