// Package assets reads the Sweet Home 3D furniture libraries into
// normalised sim.Models, with levels of detail and an on-disk cache.
//
// # Sources
//
// Open and Build read the plug-in archives of the Debian package
// sweethome3d-furniture (/usr/share/sweethome3d/furniture/*.sh3f: zip files
// holding PluginFurnitureCatalog.properties, LICENSE.TXT and one folder of
// OBJ, MTL and PNG/JPEG files per model) and, when present, the Sweet Home
// 3D jar (sweethome3d.jar: DefaultFurnitureCatalog.properties, library
// "Default", and the floor/wall textures of DefaultTexturesCatalog.properties,
// returned as Library.Textures). Options.Dirs names archives or directories
// holding them; by default /usr/share/sweethome3d and $FLOWBENCH_SH3D_DIR are
// searched. Catalogs are Java properties files (ISO-8859-1, \uXXXX escapes,
// line continuations). Each entry's key is "<library>:<catalog id>", e.g.
// "Scopia:Scopia#truck"; sim.Model.Key is that key too.
//
// # Frames
//
// OBJ files are right-handed, y up, with the model's front facing +z;
// flowbench's object frame is left-handed (x right, y up, z forward). A
// model is normalised as follows: the catalog's modelRotation (row-major 3×3,
// p' = R p) is applied first; the bounding box of the referenced vertices is
// centred and scaled per axis to the catalog size (width → x, height → y,
// depth → z, centimetres → metres), so the model spans [-Size/2, Size/2];
// then x is negated and every triangle's winding reversed (normals' x
// negated too), so the model is not mirrored and its front faces local +z.
// Model.SupportY is dropOnTopElevation (metres above the bottom) when it is
// present and below the height, else 0.
//
// OBJ faces may be polygons (fan-triangulated) with negative or forward
// indices; missing normals are computed per corner, area-weighted over the
// faces around the position within 60° of the corner's face. Materials come
// from the mtllib files (or Java3D's predefined materials, which the jar's
// models use without an mtllib). A textured material is white unless Kd is
// clearly tinted; a transparent material without texture (glass, d < 1)
// stays solid with its colour lightened towards white by (1-d)/2;
// Surface.Cutout is set only when the texture has real alpha holes (≥ 5% of
// texels below sim.CutoutThreshold). Textures are box-filtered down to at
// most MaxTextureSize (256) pixels a side, get a full mip chain, and are
// shared by content hash (sim.Texture.Hash: hex of the first 16 bytes of the
// sha256 of the source file). A missing MTL file or texture is a warning
// (the faces keep a plain colour); unreadable geometry (out-of-range
// indices, non-finite numbers, no faces) skips the model with a warning
// naming the archive and the entry.
//
// # Levels of detail
//
// Level 0 is the model capped at MaxTris (20,000) triangles; level 1 has
// about 25% of level 0's triangles (at least 200) and level 2 about 6% (at
// least 100); a level is kept only if it has at most 80% of the previous
// level's triangles. Simplification is quadric-error half-edge collapse: a
// vertex is merged into a neighbour, which keeps its position, UV and normal
// (the normal of the neighbour's corner closest to the collapsed corner's).
// Vertices on UV seams, material borders, non-manifold edges and the
// bounding box never move (so the box is kept exactly), open borders only
// shrink along themselves (with heavy border quadrics), and collapses that
// turn a face by more than 60°, make it degenerate, turn a carried normal
// against its face or break the local topology are refused. When these
// rules stall above the target (1.25× for levels 1 and 2, exactly for the
// level-0 cap) the pass restarts from the current mesh with relaxed rules:
// first seams and material borders may move, then small separate pieces
// (leaves) may vanish with a 78° turn limit, and, only when level 0 needed
// it, borders and non-manifold edges are freed with a 90° limit. Huge
// foliage (Scopia's trees) thus meets the cap by losing most leaves.
//
// A face given twice with opposite windings (double-sided leaves and panes)
// is kept once, as the copy whose normals agree with its winding, since
// models are drawn two-sided with back faces shaded by negated normals; the
// reversed copy is kept as well only when its surface differs.
//
// # Cache
//
// The cache lives in <CacheDir>/assets-<Hash>/, where Hash covers a format
// version and the bytes of every source archive (per-archive digests are
// memoised in <CacheDir>/sources.json by path, size and mtime, so reopening
// does not re-read the archives):
//
//	index.gob       entries, floor/wall texture metadata, warnings, whether Build completed
//	textures.bin    the floor/wall textures (level 0 pixels, flate-compressed)
//	m-<hash>.bin    one model: "FBASSET1" + flate(binary model, textures as level-0 NRGBA)
//	m-<hash>.err    why a model could not be built
//
// Every file is written to a temporary file and renamed into place, so a
// killed build never leaves a broken file. Open reads the index (or writes
// it from the catalogs when absent); models load lazily on the first
// Library.Model call, from their cache file or, when it is missing, by
// building it from the archive and caching it. A corrupt cache file is
// reported (naming it) and the model rebuilt. Build builds every model
// eagerly and marks the index complete: models that failed then leave
// Library.Entries and stay in Library.Warnings.
package assets
