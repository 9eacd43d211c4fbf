"""flowbench-thor bridge for Blender (docs/protocol.md).

    blender -b -P thor/bridge/blender_bridge.py -- --port 8766 [--samples 1] [--supersample 3] [--host 127.0.0.1]

Blender is the renderer and the collision engine:

* the house is built from CreateHouse's "meshes" (the exact triangles
  flowbench draws; the hello asks for them with wants=["meshes"], and
  declares assets=["all"], since any asset arrives as triangles); Unity
  (x, y, z) becomes Blender (x, z, y), a reflection, so triangle winding is
  swapped to keep front faces, and an object's yaw becomes a rotation of
  -yaw about Blender's z;
* real models and textured structures arrive as indexed meshes ("mesh":
  float32 vertices, normals, UVs, per-triangle surfaces) with textures by
  hash, each sent once per connection; they get custom split normals, a UV
  map and image-textured Principled materials (colour × texture, alpha
  cut-outs), models two-sided;
* primitive and structure surfaces are one-sided as in flowbench: their
  material is transparent on back faces, and the view layer's alpha
  threshold keeps back faces (and cut-out holes) out of the depth and index
  passes;
* lighting is the Go renderer's (ambient, window light, one light per room
  near the ceiling, warm white), built so that nothing is sampled at random
  (see AMBIENT below): one sample per pixel gives a clean image;
* Render uses Cycles on the CPU at --supersample k (default 3) times the
  image size with a pixel filter of 0.01 px, so every sample lands on its
  sub-pixel's centre: RGB (samples configurable) is the mean of each
  pixel's k x k sub-pixels (anti-aliasing), depth (the Z pass, planar) and
  instance ids (the object index pass, pass_index = the id-table index) are
  the middle sub-pixel's, the pixel centre the Go renderer's labels sample;
* textures are mip-mapped as the Go renderer's (mip_chain, mip_mapped): the
  same pyramid, bilinear in the level the pixel's footprint picks;
* TeleportObject and SettleObject check collisions with BVH overlap
  (mathutils.bvhtree) of box proxies (the objects' bounding boxes, shrunk by
  half the 1 mm tolerance) against each other and against the wall panels,
  plus the floor and the house outline;
* GetCoordinateFromRaycast uses scene.ray_cast, skipping back faces of
  one-sided meshes and cut-out holes;
* GetReachablePositions is a breadth-first walk of the 0.25 m grid from the
  house's agent position: the agent disc (radius 0.2 m) must be inside a
  room, clear of object footprints below 1.8 m, and not blocked by walls
  (horizontal ray casts at ankle height); an approximation of flowbench's.
"""

import argparse
import base64
import hashlib
import math
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flowbench_protocol as fp  # noqa: E402

import bpy  # noqa: E402
from mathutils import Matrix, Vector  # noqa: E402
from mathutils.bvhtree import BVHTree  # noqa: E402

ACTIONS = ["Initialize", "CreateHouse", "TeleportFull", "GetReachablePositions", "TeleportObject",
           "PlaceObjectAtPoint", "SettleObject", "GetCoordinateFromRaycast", "Render", "Pass"]
TOL = 0.001            # sim.CollisionTolerance
AGENT_RADIUS = 0.2
NAV_MAX_HEIGHT = 1.8
NEAR = 0.01
NO_HIT_DEPTH = 1e9     # Cycles writes 1e10 where nothing is hit
WALL_LIFT = 5e-6       # metres each wall side is moved towards its room in Blender (see do_CreateHouse)

# Lighting, after the Go renderer's interior model (render/lights.go, render/shade.go):
#   colour = base × (AMBIENT + WINDOW × max(0, n·w)
#            + ROOM_LIGHT × warm × (max(0, n·l) × shadow + BOUNCE × max(0, −n_up)) / (1 + (d/ROOM_FALLOFF)²))
# on flowbench's colour values as they are (no sRGB decoding; the view
# transform is "Raw"), so both renderers do the same arithmetic. Cycles picks
# one light per sample, so with a light per room and a sun every pixel would
# be noisy; instead the ambient and window terms are emission computed in the
# material from the shading normal, the camera's room has the one real point
# light (hard shadows; the material scales its diffuse colour by
# d² / (d² + ROOM_FALLOFF²) so Cycles' inverse square becomes the rasterizer's
# falloff), and surfaces of other rooms get their own room's light in the
# material, unshadowed; the bounce term (light the floor throws back up onto
# ceilings and undersides) is emission too, from the surface's own room's
# light, unshadowed. Nothing is sampled at random but the pixel position,
# so one sample gives a clean image (docs/protocol.md).
AMBIENT = 0.36
WINDOW = 0.2
WINDOW_DIR = (0.35, 1.0, -0.45)
ROOM_LIGHT = 0.85
ROOM_FALLOFF = 2.4
ROOM_LIGHT_DROP = 0.3       # metres below the ceiling
BOUNCE = 0.5                # render.BounceFraction: the floor's light on surfaces facing down
ROOM_LIGHT_COLOR = (1.0, 0.9, 0.76)
# The outdoors seen through windows and outside doors (render/sky.go): by the
# sine e of a ray's elevation, (e, sRGB colour 0-255) stops of a linear ramp,
# the sky for e >= 0 and the lawn for e < 0 (by -e); a step at the horizon.
SKY_STOPS = ((0.0, (96, 116, 92)), (0.04, (112, 130, 104)), (0.0401, (206, 222, 236)), (0.25, (160, 194, 230)), (1.0, (112, 152, 214)))
GROUND_STOPS = ((0.0, (146, 156, 126)), (0.15, (104, 124, 78)), (1.0, (70, 94, 52)))
# Sub-pixels a side (odd): Render draws k x k sub-pixels a pixel at their
# centres and averages their RGB; depth and ids come from the middle one, the
# pixel's centre (do_Render).
SUPERSAMPLE = 3
CUTOUT_ALPHA = 127.5 / 255  # sim.CutoutThreshold: texels with alpha >= 128 are solid


def u2b(p):
    """Unity (x, y, z) → Blender (x, z, y)."""
    return (p[0], p[2], p[1])


def b2u(p):
    return (p[0], p[2], p[1])


def yaw_axes(yaw):
    s, c = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
    return (c, 0.0, -s), (s, 0.0, c)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def mul(a, k):
    return (a[0] * k, a[1] * k, a[2] * k)


class Box:
    """A yaw-only oriented box (sim.OBB)."""

    def __init__(self, centre, half, yaw):
        self.c, self.h, self.yaw = tuple(centre), tuple(half), yaw
        self.ax, self.az = yaw_axes(yaw)

    def corners(self):
        out = []
        for i in range(8):
            sx, sy, sz = (1 if i & 1 else -1), (1 if i & 2 else -1), (1 if i & 4 else -1)
            out.append(add(add(self.c, mul(self.ax, sx * self.h[0])), add((0.0, sy * self.h[1], 0.0), mul(self.az, sz * self.h[2]))))
        return out

    def aabb(self):
        cs = self.corners()
        return [min(p[k] for p in cs) for k in range(3)], [max(p[k] for p in cs) for k in range(3)]

    def shrunk(self, d):
        return Box(self.c, tuple(max(x - d, 1e-6) for x in self.h), self.yaw)

    def contains(self, p):
        r = sub(p, self.c)
        return abs(dot(r, self.ax)) <= self.h[0] and abs(r[1]) <= self.h[1] and abs(dot(r, self.az)) <= self.h[2]

    def bvh(self):
        faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
        return BVHTree.FromPolygons(self.corners(), faces)

    def footprint(self):
        ax, az = mul(self.ax, self.h[0]), mul(self.az, self.h[2])
        c = self.c
        return [(c[0] - ax[0] - az[0], c[2] - ax[2] - az[2]), (c[0] + ax[0] - az[0], c[2] + ax[2] - az[2]),
                (c[0] + ax[0] + az[0], c[2] + ax[2] + az[2]), (c[0] - ax[0] + az[0], c[2] - ax[2] + az[2])]


def boxes_collide(a, b):
    """BVH overlap of two box proxies, or one inside the other."""
    if a.bvh().overlap(b.bvh()):
        return True
    return any(b.contains(p) for p in a.corners()) or any(a.contains(p) for p in b.corners())


def footprint_overlap(a, lo, hi):
    """sim.footprintOverlap of box a and the axis-aligned rectangle [lo, hi] (x, z)."""
    b = Box(((lo[0] + hi[0]) / 2, 0, (lo[2] + hi[2]) / 2), ((hi[0] - lo[0]) / 2, 0, (hi[2] - lo[2]) / 2), 0.0)
    depth = float("inf")
    dx, dz = b.c[0] - a.c[0], b.c[2] - a.c[2]
    for l in ((a.ax[0], a.ax[2]), (a.az[0], a.az[2]), (1.0, 0.0), (0.0, 1.0)):
        ra = a.h[0] * abs(a.ax[0] * l[0] + a.ax[2] * l[1]) + a.h[2] * abs(a.az[0] * l[0] + a.az[2] * l[1])
        rb = b.h[0] * abs(l[0]) + b.h[2] * abs(l[1])
        depth = min(depth, ra + rb - abs(dx * l[0] + dz * l[1]))
    return depth


def point_in_polygon(poly, x, z):
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        a, b = poly[i], poly[j]
        if (a[1] > z) != (b[1] > z) and x < (b[0] - a[0]) * (z - a[1]) / (b[1] - a[1]) + a[0]:
            inside = not inside
        j = i
    return inside


def seg_dist(a, b, x, z):
    dx, dz = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dz * dz
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (z - a[1]) * dz) / l2))
    return math.hypot(x - a[0] - t * dx, z - a[1] - t * dz)


def polygon_centroid(p):
    """Area centroid of a polygon (vertex mean when degenerate); a concave
    room whose centroid lies outside uses the middle of the longest inside
    chord at the centroid's z (render.makeLights)."""
    a = cx = cz = 0.0
    for i in range(len(p)):
        q, r = p[i], p[(i + 1) % len(p)]
        k = q[0] * r[1] - r[0] * q[1]
        a += k
        cx += (q[0] + r[0]) * k
        cz += (q[1] + r[1]) * k
    if abs(a) < 1e-12:
        c = (sum(q[0] for q in p) / len(p), sum(q[1] for q in p) / len(p))
    else:
        c = (cx / (3 * a), cz / (3 * a))
    if point_in_polygon(p, c[0], c[1]):
        return c
    xs = sorted(q[0] + (c[1] - q[1]) / (r[1] - q[1]) * (r[0] - q[0])
                for q, r in zip(p, p[1:] + p[:1]) if (q[1] > c[1]) != (r[1] > c[1]))
    best, out = -1.0, p[0]
    for i in range(0, len(xs) - 1, 2):
        if xs[i + 1] - xs[i] > best:
            best, out = xs[i + 1] - xs[i], ((xs[i] + xs[i + 1]) / 2, c[1])
    return out


def box_resize(src, nw, nh):
    """assets.boxResize on a (h, w, 4) uint8 image, top row first: each
    destination texel averages the source texels whose centres fall in its
    footprint, colour weighted by alpha, rounded as Go's integer division."""
    np = fp.import_optional("numpy")
    h, w = src.shape[:2]
    ys = [y * h // nh for y in range(nh)]
    xs = [x * w // nw for x in range(nw)]
    a = src[:, :, 3].astype(np.uint64)
    rgb = src[:, :, :3].astype(np.uint64) * a[:, :, None]

    def sums(v):
        return np.add.reduceat(np.add.reduceat(v, ys, axis=0), xs, axis=1)
    r, asum = sums(rgb), sums(a)
    cnt = np.outer(np.diff(ys + [h]), np.diff(xs + [w])).astype(np.uint64)
    out = np.zeros((nh, nw, 4), dtype=np.uint8)
    safe = np.maximum(asum, 1)[:, :, None]
    out[:, :, :3] = np.where(asum[:, :, None] > 0, (r + safe // 2) // safe, 0).astype(np.uint8)
    out[:, :, 3] = ((asum + cnt // 2) // cnt).astype(np.uint8)
    return out


def decode_mesh(md):
    """A "mesh" entry (docs/protocol.md) as numpy arrays: pos, nrm (n, 3),
    uv (n, 2), idx (t, 3), surf (t,), without degenerate triangles (a
    repeated vertex index)."""
    np = fp.import_optional("numpy")

    def arr(key, dtype, k):
        try:
            a = np.frombuffer(base64.b64decode(md[key], validate=True), dtype=dtype)
        except Exception as e:
            raise fp.ActionError("CreateHouse: mesh %r: %s" % (key, e))
        if a.size % k:
            raise fp.ActionError("CreateHouse: mesh %r: %d values, not a multiple of %d" % (key, a.size, k))
        return a.reshape(-1, k)
    pos, nrm, uv = arr("vertices", "<f4", 3), arr("normals", "<f4", 3), arr("uvs", "<f4", 2)
    idx, surf = arr("indices", "<u4", 3), arr("triSurfaces", "<u2", 1)[:, 0]
    if len(nrm) != len(pos) or len(uv) != len(pos) or len(surf) != len(idx):
        raise fp.ActionError("CreateHouse: mesh: %d vertices, %d normals, %d uvs, %d triangles, %d surface indices"
                             % (len(pos), len(nrm), len(uv), len(idx), len(surf)))
    if idx.size and int(idx.max()) >= len(pos):
        raise fp.ActionError("CreateHouse: mesh: vertex index %d out of %d" % (int(idx.max()), len(pos)))
    keep = (idx[:, 0] != idx[:, 1]) & (idx[:, 1] != idx[:, 2]) & (idx[:, 0] != idx[:, 2])
    nrm = nrm.astype(np.float64)
    ln = np.linalg.norm(nrm, axis=1, keepdims=True)
    nrm = np.where(ln > 0, nrm / np.where(ln > 0, ln, 1), np.array([0.0, 1.0, 0.0]))
    return {"pos": pos.astype(np.float64), "nrm": nrm, "uv": uv, "idx": idx[keep].astype(np.int64),
            "surf": surf[keep].astype(np.int64), "surfaces": list(md.get("surfaces") or []),
            "twoSided": bool(md.get("twoSided"))}


class Obj:
    """One object's runtime state."""

    def __init__(self, m, index):
        self.id, self.type, self.parent = m["objectId"], m["objectType"], m.get("parent", "")
        self.pos = (m["position"]["x"], m["position"]["y"], m["position"]["z"])
        self.yaw = float(m["yaw"])
        self.size = (m["boxSize"]["x"], m["boxSize"]["y"], m["boxSize"]["z"])
        self.pickupable, self.moveable, self.receptacle = m["pickupable"], m["moveable"], m["receptacle"]
        self.index = index
        self.bobj = None

    def box(self, pos=None, yaw=None):
        return Box(self.pos if pos is None else pos, mul(self.size, 0.5), self.yaw if yaw is None else yaw)


def rigid_pose(o, root_from, root_to, dyaw):
    """sim.rigidPose: where a carried object goes when the root moves."""
    off = sub(o.pos, root_from)
    if dyaw == 0:
        return add(root_to, off), o.yaw
    s, c = math.sin(math.radians(dyaw)), math.cos(math.radians(dyaw))
    r = (c * off[0] + s * off[2], off[1], -s * off[0] + c * off[2])
    return add(root_to, r), o.yaw + dyaw


class BlenderSession:
    """The Blender state of one connection: its own bpy scene (objects,
    lights, camera, world, compositor tree, render settings) and its own
    datablocks, so concurrent connections (generate's planning workers and
    its annotation stage) never see each other's houses. Requests are
    answered one at a time (flowbench_protocol.serve runs them on one
    thread), and each first makes its session's scene the window's scene
    (activate), since the render operator and the evaluated depsgraph used by
    ray casts follow the context's scene."""

    count = 0  # sessions created, for unique scene names

    def __init__(self, samples, supersample=SUPERSAMPLE):
        BlenderSession.count += 1
        self.scene = bpy.data.scenes.new("fb_session_%d" % BlenderSession.count)
        self.owned = []  # (bpy.data collection, datablock) of the current house, removed by clear()
        self.world = bpy.data.worlds.new("fb_world")
        self.scene.world = self.world
        self.activate()
        self.samples, self.supersample = samples, supersample
        self.width, self.height, self.fov = 800, 800, 90.0
        self.floor, self.eye_height, self.yaw, self.horizon, self.cam_set = (0.0, 0.0, 0.0), fp.CAMERA_HEIGHT, 0.0, 0.0, False
        self.objects, self.by_id, self.rooms, self.house = [], {}, [], None
        self.wall_tris, self.wall_ids, self.walls_bvh = [], [], None
        self.table = [""]
        self.visible = set()
        self.tmp = tempfile.mkdtemp(prefix="flowbench-blender-")
        self.texture_files, self.images, self.materials, self.alphas, self.mips = {}, {}, {}, {}, {}
        self.light_pos, self.light, self.structure_rooms = [], None, []
        self.setup_render()

    def activate(self):
        """Makes this session's scene the context's scene. Background
        Blender has one window; without it there is no way to switch scenes,
        and the bridge refuses to serve two sessions at once."""
        win = bpy.context.window
        if win is None:
            if len([s for s in bpy.data.scenes if s.name.startswith("fb_session_")]) > 1:
                raise fp.ActionError("this Blender has no window to switch scenes: the bridge serves one "
                                     "connection at a time; close the other connection first")
            return
        if win.scene != self.scene:
            win.scene = self.scene

    def own(self, collection, block):
        """Records a datablock of the current house (removed by clear)."""
        self.owned.append((collection, block))
        return block

    def close(self):
        """Removes the session's datablocks, scene and files."""
        self.clear()
        win = bpy.context.window
        if win is not None and win.scene == self.scene:
            others = [s for s in bpy.data.scenes if s != self.scene]
            if others:
                win.scene = others[0]
        self.scene.render.use_persistent_data = False  # frees Cycles' kept data (RE_FreePersistentData)
        bpy.data.scenes.remove(self.scene)
        bpy.data.worlds.remove(self.world)
        shutil.rmtree(self.tmp, ignore_errors=True)

    # --- scene construction ------------------------------------------

    def setup_render(self):
        sc = self.scene
        sc.render.engine = "CYCLES"
        sc.cycles.device = "CPU"
        sc.cycles.samples = self.samples
        sc.cycles.use_denoising = False  # Debian's Blender has no OpenImageDenoise
        sc.cycles.use_adaptive_sampling = False
        sc.cycles.filter_width = 0.01
        # Direct light only, as the rasterizer: ambient is an emission term,
        # the room lights are points (hard shadows) and the window light a
        # shadowless sun, so a pixel's colour has no sampling noise at all
        # and one sample gives a clean image (docs/protocol.md).
        sc.cycles.max_bounces = 0
        sc.cycles.diffuse_bounces = 0
        sc.cycles.glossy_bounces = 0
        sc.cycles.transmission_bounces = 0
        sc.cycles.volume_bounces = 0
        sc.cycles.transparent_max_bounces = 16
        sc.cycles.sample_clamp_indirect = 1.0
        sc.cycles.caustics_reflective = sc.cycles.caustics_refractive = False
        sc.render.film_transparent = False
        sc.render.dither_intensity = 0.0
        # Keep Cycles' scene (BVH, images, shaders) between renders: only
        # what changed since the last render is synced (a 32 px render: 2.2 s
        # without, 0.1-0.6 s with). Freed in close().
        sc.render.use_persistent_data = True
        try:
            sc.view_settings.view_transform = "Raw"
        except TypeError:
            sc.view_settings.view_transform = "Standard"
        sc.view_settings.look = "None"
        sc.view_settings.exposure, sc.view_settings.gamma = 0.0, 1.0
        sc.render.image_settings.file_format = "PNG"
        sc.render.image_settings.color_mode = "RGB"
        sc.render.resolution_percentage = 100
        vl = sc.view_layers[0]
        vl.use_pass_z = True
        vl.use_pass_object_index = True
        vl.pass_alpha_threshold = 0.5
        sc.use_nodes = True
        sc.render.use_compositing = True
        tree = sc.node_tree
        tree.nodes.clear()
        rl = tree.nodes.new("CompositorNodeRLayers")
        out = tree.nodes.new("CompositorNodeOutputFile")
        out.base_path = self.tmp
        out.format.file_format = "OPEN_EXR"
        out.format.color_depth = "32"
        out.format.exr_codec = "NONE"
        out.file_slots.clear()
        out.file_slots.new("depth")
        out.file_slots.new("index")
        out.file_slots.new("rgb")
        tree.links.new(rl.outputs["Depth"], out.inputs["depth"])
        tree.links.new(rl.outputs["IndexOB"], out.inputs["index"])
        tree.links.new(rl.outputs["Image"], out.inputs["rgb"])
        comp = tree.nodes.new("CompositorNodeComposite")
        tree.links.new(rl.outputs["Image"], comp.inputs["Image"])

    def clear(self):
        """Removes this session's house: its objects first, then the data
        they use (other sessions' datablocks are left alone)."""
        order = {"objects": 0, "meshes": 1, "materials": 2, "lights": 3, "cameras": 3, "images": 4}
        for name, block in sorted(self.owned, key=lambda cb: order[cb[0]]):
            coll = getattr(bpy.data, name)
            try:
                coll.remove(block, do_unlink=True)
            except ReferenceError:
                pass  # already gone with its user
        self.owned = []
        self.materials = {}
        self.images = {}
        self.mips = {}
        self.alphas = {}

    # Materials: Principled BSDF (no specular) + an emission of AMBIENT × base,
    # base = surface colour × image texture (UV map); cut-outs mix in a
    # transparent shader where the texture's alpha (nearest texel, as sim's
    # Texture.Opaque) is below 128; one-sided surfaces are transparent from
    # behind (and so absent from the depth and index passes).

    def material(self, rgb, texture="", cutout=False, two_sided=False, emissive=False):
        key = (tuple(round(float(c), 5) for c in rgb), texture or "", bool(cutout and texture), bool(two_sided), bool(emissive))
        if key in self.materials:
            return self.materials[key]
        col, texture, cutout, two_sided, emissive = key
        mat = self.own("materials", bpy.data.materials.new("fb_%d" % len(self.materials)))
        mat.use_nodes = True
        try:
            mat.cycles.sample_as_light = False  # emissive surfaces are not lights
        except AttributeError:
            pass
        nt = mat.node_tree
        nt.nodes.clear()
        links = nt.links
        base = None
        if texture:
            uv = nt.nodes.new("ShaderNodeUVMap")
            uv.uv_map = "UVMap"
            texel = self.mip_mapped(nt, uv.outputs["UV"], texture)
            mul = nt.nodes.new("ShaderNodeMixRGB")
            mul.blend_type = "MULTIPLY"
            mul.inputs["Fac"].default_value = 1.0
            links.new(texel, mul.inputs["Color1"])
            mul.inputs["Color2"].default_value = (col[0], col[1], col[2], 1.0)
            base = mul.outputs["Color"]
        if base is None:
            rgb_node = nt.nodes.new("ShaderNodeRGB")
            rgb_node.outputs[0].default_value = (col[0], col[1], col[2], 1.0)
            base = rgb_node.outputs[0]
        if emissive:
            # A lamp's diffuser (sim.Surface.Emissive): its colour as is, unlit.
            glow = nt.nodes.new("ShaderNodeEmission")
            glow.inputs["Strength"].default_value = 1.0
            links.new(base, glow.inputs["Color"])
            shader = glow.outputs["Emission"]
        else:
            shader = self.lit(nt, base)
        if cutout:
            alpha = nt.nodes.new("ShaderNodeTexImage")
            alpha.image, alpha.interpolation, alpha.extension = self.image(texture), "Closest", "REPEAT"
            links.new(uv.outputs["UV"], alpha.inputs["Vector"])
            solid = nt.nodes.new("ShaderNodeMath")
            solid.operation = "GREATER_THAN"
            solid.inputs[1].default_value = CUTOUT_ALPHA
            links.new(alpha.outputs["Alpha"], solid.inputs[0])
            hole = nt.nodes.new("ShaderNodeBsdfTransparent")
            mix = nt.nodes.new("ShaderNodeMixShader")
            links.new(solid.outputs["Value"], mix.inputs["Fac"])
            links.new(hole.outputs["BSDF"], mix.inputs[1])
            links.new(shader, mix.inputs[2])
            shader = mix.outputs["Shader"]
        if not two_sided:
            geom = nt.nodes.new("ShaderNodeNewGeometry")
            back = nt.nodes.new("ShaderNodeBsdfTransparent")
            mix = nt.nodes.new("ShaderNodeMixShader")
            links.new(geom.outputs["Backfacing"], mix.inputs["Fac"])
            links.new(shader, mix.inputs[1])
            links.new(back.outputs["BSDF"], mix.inputs[2])
            shader = mix.outputs["Shader"]
        out = nt.nodes.new("ShaderNodeOutputMaterial")
        links.new(shader, out.inputs["Surface"])
        if cutout:
            mat["fb_cutout_texture"] = texture
        self.materials[key] = mat
        return mat

    def mip_mapped(self, nt, uv, texture):
        """The texture's colour at uv, bilinear in the mip level the Go
        renderer picks (render.sampleTexture, nearestLevel): the level
        round(log2(rho)) of the texture's pyramid (mip_chain), rho the longer
        of the two pixel axes' footprints in level-0 texels. A pixel axis's
        footprint on the surface is dP = (z / f) (R - d (N.R) / (N.d)) (R the
        camera's right or up vector, d the ray's direction, N the true normal,
        z the planar depth, f the focal length in output pixels: the object
        property fb_ipf = 1 / f); its length in texels is |dP| times the
        face's texel density (the face attribute fb_texel, level-0 texels per
        metre: sqrt of the face's UV area in texels over its area, an
        isotropic stand-in for the UV derivatives). Returns the colour socket."""
        links = nt.links
        levels = self.mip_chain(texture)

        def node(kind, op=None, *inputs):
            n = nt.nodes.new(kind)
            if op:
                n.operation = op
            for i, v in enumerate(inputs):
                if isinstance(v, (int, float, tuple)):
                    n.inputs[i].default_value = v
                else:
                    links.new(v, n.inputs[i])
            return n

        def m(op, a, b=0.0):
            return node("ShaderNodeMath", op, a, b).outputs["Value"]

        def vm(op, a, b=(0.0, 0.0, 0.0)):
            n = node("ShaderNodeVectorMath", op, a, b)
            return n.outputs["Value"] if op in ("DOT_PRODUCT", "LENGTH") else n.outputs["Vector"]

        def cam_axis(v):
            n = nt.nodes.new("ShaderNodeVectorTransform")
            n.vector_type, n.convert_from, n.convert_to = "VECTOR", "CAMERA", "WORLD"
            n.inputs["Vector"].default_value = v
            return n.outputs["Vector"]

        def attr(kind, name):
            n = nt.nodes.new("ShaderNodeAttribute")
            n.attribute_type, n.attribute_name = kind, name
            return n.outputs["Fac"]

        geo = nt.nodes.new("ShaderNodeNewGeometry")
        cam = nt.nodes.new("ShaderNodeCameraData")
        N = geo.outputs["True Normal"]
        flip = node("ShaderNodeVectorMath", "SCALE", geo.outputs["Incoming"])
        flip.inputs["Scale"].default_value = -1.0
        d = flip.outputs["Vector"]
        nd = vm("DOT_PRODUCT", N, d)
        # 1 / (N.d) with |N.d| >= 1e-3 (grazing views take the coarsest levels).
        inv = m("DIVIDE", m("SIGN", nd), m("MAXIMUM", m("ABSOLUTE", nd), 1e-3))
        axes = []
        for v in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0)):
            r = cam_axis(v)
            k = m("MULTIPLY", vm("DOT_PRODUCT", N, r), inv)
            scaled = node("ShaderNodeVectorMath", "SCALE", d)
            links.new(k, scaled.inputs["Scale"])
            dp = vm("SUBTRACT", r, scaled.outputs["Vector"])
            axes.append(vm("DOT_PRODUCT", dp, dp))
        foot = m("MULTIPLY", m("MULTIPLY", cam.outputs["View Z Depth"], attr("OBJECT", "fb_ipf")), attr("GEOMETRY", "fb_texel"))
        rho2 = m("MULTIPLY", m("MAXIMUM", axes[0], axes[1]), m("MULTIPLY", foot, foot))
        # nearestLevel: round(log2(rho2) / 2), 0 where rho2 <= 1, at most the top level.
        lod = m("MULTIPLY", m("LOGARITHM", m("MAXIMUM", rho2, 1.0), 2.0), 0.5)
        level = m("MINIMUM", m("FLOOR", m("ADD", lod, 0.5)), float(len(levels) - 1))
        colour = None
        for j, img in enumerate(levels):
            tex = nt.nodes.new("ShaderNodeTexImage")
            tex.image, tex.interpolation, tex.extension = img, "Linear", "REPEAT"
            links.new(uv, tex.inputs["Vector"])
            if colour is None:
                colour = tex.outputs["Color"]
                continue
            mix = nt.nodes.new("ShaderNodeMixRGB")
            mix.blend_type = "MIX"
            sel = node("ShaderNodeMath", "COMPARE", level, float(j), 0.25)
            links.new(sel.outputs["Value"], mix.inputs["Fac"])
            links.new(colour, mix.inputs["Color1"])
            links.new(tex.outputs["Color"], mix.inputs["Color2"])
            colour = mix.outputs["Color"]
        return colour

    def lit(self, nt, base):
        """The lighting nodes (see AMBIENT): Principled BSDF lit by the real
        light plus the emission terms; returns the shader socket."""
        links = nt.links

        def node(kind, op=None, *inputs):
            n = nt.nodes.new(kind)
            if op:
                n.operation = op
            for i, v in enumerate(inputs):
                if isinstance(v, (int, float)):
                    n.inputs[i].default_value = v
                elif isinstance(v, tuple):
                    n.inputs[i].default_value = v
                else:
                    links.new(v, n.inputs[i])
            return n

        def attr(name):
            n = nt.nodes.new("ShaderNodeAttribute")
            n.attribute_type, n.attribute_name = "OBJECT", name
            return n

        def vsub(a, b):
            return node("ShaderNodeVectorMath", "SUBTRACT", a, b).outputs["Vector"]

        def vdot(a, b):
            return node("ShaderNodeVectorMath", "DOT_PRODUCT", a, b).outputs["Value"]

        def m(op, a, b):
            return node("ShaderNodeMath", op, a, b).outputs["Value"]

        geo = nt.nodes.new("ShaderNodeNewGeometry")
        P, N = geo.outputs["Position"], geo.outputs["Normal"]
        # Ambient + window light: emission.
        w = Vector(u2b(WINDOW_DIR)).normalized()
        wdot = m("MAXIMUM", vdot(N, (w.x, w.y, w.z)), 0.0)
        amb = m("ADD", m("MULTIPLY", wdot, WINDOW), AMBIENT)
        e1 = node("ShaderNodeEmission", None, base, amb)
        # The own room's light for surfaces outside the camera's room: emission.
        dv = vsub(attr("fb_room_light").outputs["Vector"], P)
        d2 = vdot(dv, dv)
        ndl = m("MAXIMUM", vdot(N, node("ShaderNodeVectorMath", "NORMALIZE", dv).outputs["Vector"]), 0.0)
        k = m("DIVIDE", ndl, m("ADD", m("MULTIPLY", d2, 1.0 / ROOM_FALLOFF ** 2), 1.0))
        k = m("MULTIPLY", m("MULTIPLY", k, ROOM_LIGHT), attr("fb_shader_light").outputs["Fac"])
        warm = node("ShaderNodeMixRGB", None, 1.0, base, ROOM_LIGHT_COLOR + (1.0,))
        warm.blend_type = "MULTIPLY"
        e2 = node("ShaderNodeEmission", None, warm.outputs["Color"], k)
        # The light the floor throws back up to surfaces facing down (BOUNCE):
        # emission from the own room's light, unshadowed, in every room.
        down = m("MAXIMUM", vdot(N, (0.0, 0.0, -1.0)), 0.0)
        kb = m("DIVIDE", m("MULTIPLY", down, ROOM_LIGHT * BOUNCE), m("ADD", m("MULTIPLY", d2, 1.0 / ROOM_FALLOFF ** 2), 1.0))
        e3 = node("ShaderNodeEmission", None, warm.outputs["Color"], kb)
        # The camera room's real light: diffuse colour × d² / (d² + falloff²)
        # on the camera room's surfaces only. A surface of another room has
        # its own room's light above and takes none of the real light, which
        # would otherwise reach it through a doorway as well (the rasterizer
        # lights each surface by its own room's light alone).
        dc = vsub(attr("fb_cam_light").outputs["Vector"], P)
        dc2 = vdot(dc, dc)
        g = m("DIVIDE", dc2, m("ADD", dc2, ROOM_FALLOFF ** 2))
        g = m("MULTIPLY", g, m("SUBTRACT", 1.0, attr("fb_shader_light").outputs["Fac"]))
        scaled = node("ShaderNodeMixRGB", None, 1.0, base, g)
        scaled.blend_type = "MULTIPLY"
        bsdf = nt.nodes.new("ShaderNodeBsdfPrincipled")
        bsdf.inputs["Specular"].default_value = 0.0
        bsdf.inputs["Roughness"].default_value = 0.5
        links.new(scaled.outputs["Color"], bsdf.inputs["Base Color"])
        s1 = node("ShaderNodeAddShader", None, bsdf.outputs["BSDF"], e1.outputs["Emission"])
        s2 = node("ShaderNodeAddShader", None, s1.outputs["Shader"], e2.outputs["Emission"])
        s3 = node("ShaderNodeAddShader", None, s2.outputs["Shader"], e3.outputs["Emission"])
        return s3.outputs["Shader"]

    # Textures: CreateHouse's "textures" (hash → PNG) are written to the
    # session's temporary directory and kept for the whole connection (the
    # client sends each hash once); only the current house's images are
    # loaded into Blender, so memory follows the house, not the session.

    def store_textures(self, textures):
        if not textures:
            return
        if not isinstance(textures, dict):
            raise fp.ActionError('CreateHouse: "meshes.textures" must be an object (hash → image)')
        os.makedirs(os.path.join(self.tmp, "textures"), exist_ok=True)
        for h, ti in textures.items():
            try:
                data = base64.b64decode(ti["png"], validate=True)
            except Exception as e:
                raise fp.ActionError("CreateHouse: texture %r: bad png: %s" % (h, e))
            if data[:8] != b"\x89PNG\r\n\x1a\n":
                raise fp.ActionError("CreateHouse: texture %r is not a PNG" % h)
            name = re.sub(r"[^0-9A-Za-z_-]", "", h)[:40] + "-" + hashlib.sha1(h.encode()).hexdigest()[:8]
            path = os.path.join(self.tmp, "textures", name + ".png")
            with open(path, "wb") as f:
                f.write(data)
            self.texture_files[h] = path

    def image(self, h):
        if h in self.images:
            return self.images[h]
        path = self.texture_files.get(h)
        if path is None:
            raise fp.ActionError("CreateHouse: texture %r was never sent on this connection" % h)
        img = self.own("images", bpy.data.images.load(path, check_existing=False))
        img.name = "fbtex_%d" % len(self.images)
        img.colorspace_settings.name = "Non-Color"  # flowbench multiplies colour values as stored
        img.alpha_mode = "STRAIGHT"
        self.images[h] = img
        return img

    def mip_chain(self, h):
        """The texture's mip levels as Blender images, level 0 first: each
        level half the last (rounding down, at least 1), every texel the
        alpha-weighted average of the texels it covers, as assets.newTexture
        builds them for the Go renderer (box_resize)."""
        if h in self.mips:
            return self.mips[h]
        np = fp.import_optional("numpy")
        img0 = self.image(h)
        w, hh = img0.size
        px = np.empty(w * hh * 4, dtype=np.float32)
        img0.pixels.foreach_get(px)
        cur = np.rint(px.reshape(hh, w, 4)[::-1] * 255).astype(np.uint8)  # top row first, as Go's images
        out = [img0]
        while cur.shape[0] > 1 or cur.shape[1] > 1:
            cur = box_resize(cur, max(1, cur.shape[1] // 2), max(1, cur.shape[0] // 2))
            lh, lw = cur.shape[:2]
            img = self.own("images", bpy.data.images.new("%s_mip%d" % (img0.name, len(out)), lw, lh, alpha=True))
            img.colorspace_settings.name = "Non-Color"
            img.alpha_mode = "STRAIGHT"
            img.pixels.foreach_set((cur[::-1].astype(np.float32) / 255).ravel())
            img.pack()  # a generated image's pixels would otherwise be regenerated blank when its buffer is freed
            out.append(img)
        self.mips[h] = out
        return out

    def link_object(self, name, me, pass_index):
        ob = self.own("objects", bpy.data.objects.new(name, me))
        ob.pass_index = pass_index
        ob["fbid"] = name
        # Surfaces are seen by camera rays and block shadow rays only: their
        # emission (the ambient term) must not light other surfaces, which
        # Cycles would otherwise do by BSDF sampling even without bounces.
        ob.visible_diffuse = ob.visible_glossy = ob.visible_transmission = ob.visible_volume_scatter = False
        self.scene.collection.objects.link(ob)
        return ob

    def mesh_object(self, name, tris, rgb, pass_index, lift=0.0, shades=None):
        """A Blender object from flat Unity triangles (winding swapped), each
        triangle moved by lift metres along its front normal; shades (one per
        triangle) scale the colour."""
        verts, faces = [], []
        for t in range(0, len(tris), 9):
            v0, v1, v2 = tris[t:t + 3], tris[t + 3:t + 6], tris[t + 6:t + 9]
            if lift:
                e1, e2 = sub(v1, v0), sub(v2, v0)
                nrm = (e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0])
                ln = math.sqrt(dot(nrm, nrm)) or 1.0
                off = mul(nrm, lift / ln)
                v0, v1, v2 = add(v0, off), add(v1, off), add(v2, off)
            n = len(verts)
            verts += [u2b(v0), u2b(v2), u2b(v1)]
            faces.append((n, n + 1, n + 2))
        me = self.own("meshes", bpy.data.meshes.new(name))
        me.from_pydata(verts, [], faces)
        me.update()
        if shades and len(shades) == len(faces):
            slots = {}
            for k in shades:
                if k not in slots:
                    slots[k] = len(slots)
                    me.materials.append(self.material([c * float(k) for c in rgb]))
            me.polygons.foreach_set("material_index", [slots[k] for k in shades])
        else:
            me.materials.append(self.material(rgb))
        return self.link_object(name, me, pass_index)

    def textured_object(self, name, md, pass_index, lift=0.0):
        """A Blender object from a "mesh" entry: indexed float32 vertices with
        custom split normals (smooth shading), a UV map and one material per
        surface. Returns the object and its Unity triangles (for walls)."""
        g = decode_mesh(md)
        np = fp.import_optional("numpy")
        pos, nrm, uv, idx, surf = g["pos"], g["nrm"], g["uv"], g["idx"], g["surf"]
        if lift:
            pos = pos + nrm * lift
        bpos, bnrm = pos[:, [0, 2, 1]], nrm[:, [0, 2, 1]]
        bidx = idx[:, [0, 2, 1]]  # the Unity → Blender reflection swaps the winding
        nt = len(bidx)
        me = self.own("meshes", bpy.data.meshes.new(name))
        me.vertices.add(len(bpos))
        me.vertices.foreach_set("co", bpos.astype(np.float32).ravel())
        me.loops.add(3 * nt)
        me.loops.foreach_set("vertex_index", bidx.astype(np.int32).ravel())
        me.polygons.add(nt)
        me.polygons.foreach_set("loop_start", np.arange(0, 3 * nt, 3, dtype=np.int32))
        me.polygons.foreach_set("loop_total", np.full(nt, 3, dtype=np.int32))
        me.polygons.foreach_set("use_smooth", np.ones(nt, dtype=bool))
        me.update(calc_edges=True)
        for s in g["surfaces"]:
            c = s.get("color") or [0.8, 0.8, 0.8]
            me.materials.append(self.material(c, s.get("texture") or "", bool(s.get("cutout")), g["twoSided"], bool(s.get("emissive"))))
        if not g["surfaces"]:
            me.materials.append(self.material([0.8, 0.8, 0.8], "", False, g["twoSided"]))
        me.polygons.foreach_set("material_index", np.minimum(surf, max(len(g["surfaces"]) - 1, 0)).astype(np.int32))
        layer = me.uv_layers.new(name="UVMap")
        layer.data.foreach_set("uv", uv[bidx.ravel()].astype(np.float32).ravel())
        # Level-0 texels per metre of each face (mip_mapped): sqrt of its UV
        # area in texels over its area; 0 on untextured faces.
        texels = np.array([float(self.image(s["texture"]).size[0] * self.image(s["texture"]).size[1]) if s.get("texture") else 0.0
                           for s in g["surfaces"]] or [0.0])
        tri, tuv = pos[idx], uv[idx].astype(np.float64)
        area = 0.5 * np.linalg.norm(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]), axis=1)
        e1, e2 = tuv[:, 1] - tuv[:, 0], tuv[:, 2] - tuv[:, 0]
        uv_area = 0.5 * np.abs(e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0])
        dens = np.sqrt(uv_area * texels[np.minimum(surf, len(texels) - 1)] / np.where(area > 0, area, 1.0))
        dens = np.where(area > 0, dens, 0.0)
        me.attributes.new("fb_texel", "FLOAT", "FACE").data.foreach_set("value", dens.astype(np.float32))
        if hasattr(me, "use_auto_smooth"):
            me.use_auto_smooth = True  # Blender < 4.1 needs it for custom normals
        me.normals_split_custom_set_from_vertices([tuple(v) for v in bnrm.tolist()])
        ob = self.link_object(name, me, pass_index)
        ob["fb_two_sided"] = g["twoSided"]
        ob["fb_cutout"] = any(s.get("cutout") and s.get("texture") for s in g["surfaces"])
        tris = pos[idx]  # (nt, 3, 3) Unity
        return ob, tris

    def do_CreateHouse(self, req_id, args):
        house, meshes = args.get("house"), args.get("meshes")
        if isinstance(meshes, dict):
            self.store_textures(meshes.get("textures"))  # kept even when the house is refused
        if not isinstance(house, dict):
            raise fp.ActionError('CreateHouse: missing "house"')
        fp.check_house_grid(house)
        if not isinstance(meshes, dict):
            raise fp.ActionError('CreateHouse: the Blender bridge needs the "meshes" argument (flowbench\'s Go client '
                                 'sends it when the hello lists wants=["meshes"])')
        self.clear()
        objects = [Obj(m, i) for i, m in enumerate(meshes.get("objects") or [])]
        self.objects, self.by_id = objects, {o.id: o for o in objects}
        self.table = [""] + [o.id for o in objects] + [s["id"] for s in meshes.get("structures") or []]
        for i, (o, m) in enumerate(zip(objects, meshes["objects"])):
            if m.get("meshOf"):
                src = self.by_id.get(m["meshOf"])
                if src is None or src.bobj is None or src.index >= i:
                    raise fp.ActionError("CreateHouse: object %r: meshOf %r is not an earlier object" % (o.id, m["meshOf"]))
                o.bobj = self.link_object(o.id, src.bobj.data, i + 1)
                o.bobj["fb_two_sided"], o.bobj["fb_cutout"] = src.bobj.get("fb_two_sided", False), src.bobj.get("fb_cutout", False)
            elif m.get("mesh"):
                o.bobj, _ = self.textured_object(o.id, m["mesh"], i + 1)
            else:
                o.bobj = self.mesh_object(o.id, m["triangles"], m["color"], i + 1, shades=m.get("shades"))
            self.pose_blender(o)
        self.wall_tris, self.wall_ids = [], []
        structure_obs = []
        ceiling = 0.0
        for k, s in enumerate(meshes.get("structures") or []):
            # The two sides of a zero-thickness wall are coplanar: lift each
            # side towards its own room so the opaque front face is met first.
            # 5 µm is far above float32 rounding at house coordinates and
            # moves edges by about 1e-4 px; 0.5 mm moved the edges of wall
            # holes and corners enough to flip 25 of 517,000 pixels at 512 px
            # (TestBlenderLabelsMatchPixels).
            lift = WALL_LIFT if s["kind"] == "wall" else 0.0
            if s.get("mesh"):
                ob, tris = self.textured_object(s["id"], s["mesh"], len(objects) + 1 + k, lift)
                tris = [tuple(c for v in t for c in v) for t in tris.tolist()]
            else:
                ob = self.mesh_object(s["id"], s["triangles"], s["color"], len(objects) + 1 + k, lift)
                t = s["triangles"]
                tris = [t[j:j + 9] for j in range(0, len(t), 9)]
            structure_obs.append((ob, s))
            for t in tris:
                if s["kind"] == "ceiling":
                    ceiling = max(ceiling, t[1], t[4], t[7])
                if s["kind"] == "wall":
                    self.wall_tris.append((tuple(t[0:3]), tuple(t[3:6]), tuple(t[6:9])))
                    self.wall_ids.append(s["id"])
                    ceiling = max(ceiling, t[1], t[4], t[7])
        verts = [v for tri in self.wall_tris for v in tri]
        self.walls_bvh = BVHTree.FromPolygons(verts, [(3 * i, 3 * i + 1, 3 * i + 2) for i in range(len(self.wall_tris))]) if verts else None
        self.rooms = [[(p["x"], p["z"]) for p in r.get("floorPolygon") or []] for r in house.get("rooms") or []]
        self.house = house
        self.add_lights(ceiling or 2.5)
        room_index = {r.get("id"): k for k, r in enumerate(house.get("rooms") or [])}
        wall_room = {w.get("id"): w.get("roomId") for w in house.get("walls") or [] if isinstance(w, dict)}
        self.structure_rooms = []
        for ob, s in structure_obs:
            rid = s["id"].split("|", 1)[1] if s["kind"] in ("floor", "ceiling") else wall_room.get(s["id"])
            self.structure_rooms.append((ob, room_index.get(rid)))
        cam_data = self.own("cameras", bpy.data.cameras.new("fb_camera"))
        self.camera = self.own("objects", bpy.data.objects.new("fb_camera", cam_data))
        self.scene.collection.objects.link(self.camera)
        self.scene.camera = self.camera
        self.cam_set, self.visible, self.reach = False, set(), None
        return fp.Result()

    @staticmethod
    def outdoor_gradient(tree, colour_in):
        """Feeds colour_in the outdoors of render/sky.go: the world ray's unit
        direction's Blender z (Unity y) is e; a linear colour ramp of
        SKY_STOPS at e and one of GROUND_STOPS at -e, the sky where e > 0."""
        nodes, links = tree.nodes, tree.links
        coord = nodes.new("ShaderNodeTexCoord")
        unit = nodes.new("ShaderNodeVectorMath")
        unit.operation = "NORMALIZE"
        links.new(coord.outputs["Generated"], unit.inputs[0])
        xyz = nodes.new("ShaderNodeSeparateXYZ")
        links.new(unit.outputs["Vector"], xyz.inputs["Vector"])
        e = xyz.outputs["Z"]

        def ramp(stops, fac):
            r = nodes.new("ShaderNodeValToRGB")
            r.color_ramp.interpolation = "LINEAR"
            r.color_ramp.color_mode = "RGB"
            els = r.color_ramp.elements
            while len(els) < len(stops):
                els.new(1.0)
            for el, (pos, c) in zip(els, stops):
                el.position = pos
                el.color = (c[0] / 255, c[1] / 255, c[2] / 255, 1.0)
            links.new(fac, r.inputs["Fac"])
            return r.outputs["Color"]

        down = nodes.new("ShaderNodeMath")
        down.operation = "MULTIPLY"
        down.inputs[1].default_value = -1.0
        links.new(e, down.inputs[0])
        above = nodes.new("ShaderNodeMath")
        above.operation = "GREATER_THAN"
        above.inputs[1].default_value = 0.0
        links.new(e, above.inputs[0])
        mix = nodes.new("ShaderNodeMixRGB")
        mix.blend_type = "MIX"
        links.new(above.outputs["Value"], mix.inputs["Fac"])
        links.new(ramp(GROUND_STOPS, down.outputs["Value"]), mix.inputs["Color1"])
        links.new(ramp(SKY_STOPS, e), mix.inputs["Color2"])
        links.new(mix.outputs["Color"], colour_in)

    def add_lights(self, ceiling):
        """The room lights' positions (ROOM_LIGHT_DROP below the ceiling above
        each room's centroid), the one real point light (moved to the
        camera's room at each render, see light_for_camera) and the world: the
        outdoors (outdoor_gradient), seen by the camera only (it lights nothing)."""
        world = self.world
        world.use_nodes = True
        bg = world.node_tree.nodes.get("Background") or world.node_tree.nodes.new("ShaderNodeBackground")
        if not bg.inputs["Color"].is_linked:  # built once per session, not per house
            self.outdoor_gradient(world.node_tree, bg.inputs["Color"])
        bg.inputs["Strength"].default_value = 1.0
        out = world.node_tree.nodes.get("World Output") or world.node_tree.nodes.new("ShaderNodeOutputWorld")
        world.node_tree.links.new(bg.outputs["Background"], out.inputs["Surface"])
        vis = world.cycles_visibility
        vis.diffuse = vis.glossy = vis.transmission = vis.scatter = False
        # Not a light either: shadow rays would reach the sky through the
        # transparent back faces of the walls.
        if hasattr(world.cycles, "sampling_method"):
            world.cycles.sampling_method = "NONE"
        else:
            world.cycles.sample_as_light = False
        self.light_pos = []
        for poly in self.rooms:
            cx, cz = polygon_centroid(poly) if poly else (0.0, 0.0)
            self.light_pos.append((cx, ceiling - ROOM_LIGHT_DROP, cz))
        light = self.own("lights", bpy.data.lights.new("fb_light", "POINT"))
        # value = P cosθ / (4π² d²) in Cycles; × d² / (d² + f²) in the material
        light.energy = ROOM_LIGHT * ROOM_FALLOFF ** 2 * 4 * math.pi ** 2
        light.color = ROOM_LIGHT_COLOR
        light.shadow_soft_size = 0.0
        self.light = self.own("objects", bpy.data.objects.new("fb_light", light))
        self.scene.collection.objects.link(self.light)
        self.light_room = None

    def room_of(self, x, z):
        """render.lightOf: the room containing the point, else the one whose
        light is nearest horizontally; None without rooms."""
        for k, poly in enumerate(self.rooms):
            if poly and point_in_polygon(poly, x, z):
                return k
        best = None
        for k, p in enumerate(self.light_pos):
            d = math.hypot(p[0] - x, p[2] - z)
            if best is None or d < best[0]:
                best = (d, k)
        return None if best is None else best[1]

    def light_for_camera(self):
        """Puts the real light in the camera's room and tells every surface
        (object properties read by the materials) which light is real and
        which room light the material must add itself."""
        if not self.light_pos:
            return
        eye = self.eye()
        cam_room = self.room_of(eye[0], eye[2])
        cam_light = u2b(self.light_pos[cam_room])
        self.light.location = cam_light
        far = (0.0, 0.0, 1e6)
        for ob, room in self.surface_rooms():
            own = u2b(self.light_pos[room]) if room is not None else far
            flag = 1.0 if room is not None and room != cam_room else 0.0
            if ob.get("fb_shader_light") != flag or tuple(ob.get("fb_room_light", ())) != own or tuple(ob.get("fb_cam_light", ())) != cam_light:
                ob["fb_shader_light"], ob["fb_room_light"], ob["fb_cam_light"] = flag, own, cam_light
                ob.update_tag(refresh={"OBJECT"})  # the persistent render data re-syncs only tagged objects

    def set_pixel_scale(self):
        """Tells every surface the size of an output pixel at unit depth
        (the object property fb_ipf = 1 / focal length in pixels), which the
        textures' mip selection reads (mip_mapped)."""
        ipf = 2 * math.tan(math.radians(self.fov) / 2) / self.height
        for ob, _ in self.surface_rooms():
            if ob.get("fb_ipf") != ipf:
                ob["fb_ipf"] = ipf
                ob.update_tag(refresh={"OBJECT"})

    def surface_rooms(self):
        for o in self.objects:
            yield o.bobj, self.room_of(o.pos[0], o.pos[2])
        for ob, room in self.structure_rooms:
            yield ob, room

    def pose_blender(self, o):
        o.bobj.location = u2b(o.pos)
        o.bobj.rotation_euler = (0.0, 0.0, -math.radians(o.yaw))

    # --- protocol plumbing ------------------------------------------

    def act(self, req_id, action, args):
        fn = getattr(self, "do_" + action, None)
        if fn is None:
            raise fp.ActionError("unknown action %r" % action)
        self.activate()
        return fn(req_id, args)

    def need_house(self, action):
        if self.house is None:
            raise fp.ActionError("%s: no house loaded (send CreateHouse first)" % action)

    def need_camera(self, action):
        self.need_house(action)
        if not self.cam_set:
            raise fp.ActionError("%s: camera not placed (send TeleportFull first)" % action)

    def do_Pass(self, req_id, args):
        return fp.Result()

    def do_Initialize(self, req_id, args):
        w, h, fov = args.get("width") or self.width, args.get("height") or self.height, args.get("fieldOfView") or self.fov
        if not (isinstance(w, int) and isinstance(h, int) and 0 < w <= 8192 and 0 < h <= 8192):
            raise fp.ActionError("Initialize: image size %rx%r must be within 1..8192" % (w, h))
        if not 0 < float(fov) < 180:
            raise fp.ActionError("Initialize: fieldOfView %r must be in (0, 180)" % fov)
        fp.check_render_size("Initialize", w, h)
        if args.get("gridSize") not in (None, 0, fp.GRID_SIZE):
            raise fp.ActionError("Initialize: gridSize %r is not supported (only %g)" % (args["gridSize"], fp.GRID_SIZE))
        self.width, self.height, self.fov = w, h, float(fov)
        return fp.Result()

    def do_TeleportFull(self, req_id, args):
        pos, rot = args.get("position"), args.get("rotation")
        if not isinstance(pos, dict) or not isinstance(rot, dict):
            raise fp.ActionError('TeleportFull: "position" and "rotation" are required')
        if rot.get("x", 0) or rot.get("z", 0):
            raise fp.ActionError("TeleportFull: only a yaw about y is supported")
        standing = args.get("standing", True) is not False
        if "eyeHeight" not in args and not standing:
            raise fp.ActionError('TeleportFull: standing=false needs an explicit "eyeHeight"')
        horizon = float(args.get("horizon", 0.0))
        if not -89.9 <= horizon <= 89.9:
            raise fp.ActionError("TeleportFull: horizon %g must be within (-90, 90)" % horizon)
        self.floor = (float(pos["x"]), float(pos.get("y", 0.0)), float(pos["z"]))
        self.eye_height = float(args.get("eyeHeight", fp.CAMERA_HEIGHT))
        self.yaw, self.horizon, self.standing, self.cam_set = float(rot.get("y", 0.0)), horizon, standing, True
        return fp.Result()

    def eye(self):
        return add(self.floor, (0.0, self.eye_height, 0.0))

    def basis(self):
        """sim.Camera.Basis: right, down, forward (Unity)."""
        sy, cy = math.sin(math.radians(self.yaw)), math.cos(math.radians(self.yaw))
        sh, ch = math.sin(math.radians(self.horizon)), math.cos(math.radians(self.horizon))
        right, forward, up = (cy, 0.0, -sy), (sy * ch, -sh, cy * ch), (sy * sh, ch, cy * sh)
        return right, mul(up, -1), forward

    def ray_dir(self, u, v):
        """sim.Camera.RayCamera: forward component 1."""
        r, d, f = self.basis()
        fl = 0.5 * self.height / math.tan(math.radians(self.fov) / 2)
        cx, cy = (self.width - 1) / 2, (self.height - 1) / 2
        return add(f, add(mul(r, (u - cx) / fl), mul(d, (v - cy) / fl)))

    def place_camera(self):
        r, d, f = self.basis()
        rb, ub, fb = u2b(r), u2b(mul(d, -1)), u2b(f)
        m = Matrix(((rb[0], ub[0], -fb[0], 0), (rb[1], ub[1], -fb[1], 0), (rb[2], ub[2], -fb[2], 0), (0, 0, 0, 1)))
        m.translation = Vector(u2b(self.eye()))
        self.camera.matrix_world = m
        cam = self.camera.data
        cam.sensor_fit = "VERTICAL"
        cam.sensor_height = 24.0
        cam.lens = 12.0 / math.tan(math.radians(self.fov) / 2)
        cam.clip_start, cam.clip_end = NEAR, 1000.0
        cam.shift_x = cam.shift_y = 0.0
        sc = self.scene
        sc.render.resolution_x, sc.render.resolution_y = self.supersample * self.width, self.supersample * self.height
        sc.render.pixel_aspect_x = sc.render.pixel_aspect_y = 1.0

    # --- collisions --------------------------------------------------

    def moved_set(self, o):
        out = [o]
        k = 0
        while k < len(out):
            out += [c for c in self.objects if c.parent == out[k].id]
            k += 1
        return out

    def check_box(self, box, skip):
        """First thing box penetrates: objects (lowest index), walls, floor, outside."""
        small = box.shrunk(TOL / 2)
        lo, hi = box.aabb()
        for o in self.objects:
            if o.id in skip:
                continue
            olo, ohi = o.box().aabb()
            if any(lo[k] > ohi[k] or olo[k] > hi[k] for k in range(3)):
                continue
            if boxes_collide(small, o.box().shrunk(TOL / 2)):
                return o.id
        if self.walls_bvh is not None:
            pairs = box.shrunk(TOL).bvh().overlap(self.walls_bvh)
            if pairs:
                return self.wall_ids[min(j for _, j in pairs)]
        if box.c[1] - box.h[1] < -TOL:
            return "Floor"
        for x, z in box.footprint():
            if not self.in_house(x, z):
                return "outside the house"
        return None

    def in_house(self, x, z):
        if any(point_in_polygon(p, x, z) for p in self.rooms):
            return True
        return any(seg_dist(p[i - 1], p[i], x, z) <= TOL for p in self.rooms for i in range(len(p)))

    def check_move(self, moved, pos, yaw, action):
        root = moved[0]
        dyaw = yaw - root.yaw
        skip = {o.id for o in moved}
        for o in moved:
            p, y = (pos, yaw) if o is root else rigid_pose(o, root.pos, pos, dyaw)
            other = self.check_box(o.box(p, y), skip)
            if other is not None:
                msg = "%s is colliding with %s after %s." % (o.id, other, action)
                raise fp.ActionError(msg, {"collision": {"mover": root.id, "object": o.id, "other": other,
                                                          "depth": 0.0, "action": action}})

    def commit(self, moved, pos, yaw):
        root = moved[0]
        dyaw = yaw - root.yaw
        for o in moved[1:]:
            o.pos, o.yaw = rigid_pose(o, root.pos, pos, dyaw)
        root.pos, root.yaw = tuple(pos), yaw
        for o in moved:
            self.pose_blender(o)
        self.reach = None

    def support_below(self, box, skip):
        bottom = box.c[1] - box.h[1]
        best, top = None, 0.0
        for o in self.objects:
            if not o.receptacle or o.id in skip:
                continue
            lo, hi = o.box().aabb()
            t = hi[1]
            if t > bottom + TOL or t < top or (best is not None and t == top):
                continue
            if footprint_overlap(box, lo, hi) <= TOL:
                continue
            best, top = o, t
        if best is None or top <= 0:
            return None, 0.0
        return best, top

    def set_parent(self, o):
        box = o.box()
        sup, top = self.support_below(box, {m.id for m in self.moved_set(o)})
        o.parent = sup.id if sup is not None and box.c[1] - box.h[1] - top <= TOL else ""

    def obj(self, action, args):
        self.need_house(action)
        oid = args.get("objectId")
        if not isinstance(oid, str) or oid not in self.by_id:
            raise fp.ActionError("%s: unknown objectId %r" % (action, oid))
        return self.by_id[oid]

    def do_TeleportObject(self, req_id, args):
        o = self.obj("TeleportObject", args)
        pos = args.get("position")
        if not isinstance(pos, dict):
            raise fp.ActionError('TeleportObject: missing "position"')
        rot = args.get("rotation") or {"y": o.yaw}
        if rot.get("x", 0) or rot.get("z", 0):
            raise fp.ActionError("TeleportObject: only a yaw about y is supported")
        p, yaw = (float(pos["x"]), float(pos["y"]), float(pos["z"])), float(rot.get("y", o.yaw))
        moved = self.moved_set(o)
        if not args.get("forceAction", False):
            self.check_move(moved, p, yaw, "teleport")
        self.commit(moved, p, yaw)
        self.set_parent(o)
        return fp.Result()

    def do_PlaceObjectAtPoint(self, req_id, args):
        o = self.obj("PlaceObjectAtPoint", args)
        pos = args.get("position")
        if not isinstance(pos, dict):
            raise fp.ActionError('PlaceObjectAtPoint: missing "position"')
        p = (float(pos["x"]), float(pos["y"]) + o.size[1] / 2, float(pos["z"]))
        moved = self.moved_set(o)
        self.check_move(moved, p, o.yaw, "teleport")
        self.commit(moved, p, o.yaw)
        self.set_parent(o)
        return fp.Result()

    def do_SettleObject(self, req_id, args):
        o = self.obj("SettleObject", args)
        moved = self.moved_set(o)
        box = o.box()
        sup, top = self.support_below(box, {m.id for m in moved})
        p = (o.pos[0], top + box.h[1], o.pos[2])
        dropped = o.pos[1] - p[1]
        self.check_move(moved, p, o.yaw, "settle")
        self.commit(moved, p, o.yaw)
        o.parent = sup.id if sup is not None else ""
        return fp.Result({"dropped": dropped, "parentReceptacle": o.parent})

    # --- ray casts ---------------------------------------------------

    def cast(self, origin, direction, max_dist=1e4, structures_only=False):
        """First hit (Unity in and out): (point, id, t) or None. Back faces
        count only on two-sided meshes; cut-out holes are skipped."""
        dg = bpy.context.evaluated_depsgraph_get()
        d = Vector(u2b(direction))
        length = d.length
        dn = d.normalized()
        o = Vector(u2b(origin))
        travelled = 0.0
        for _ in range(64):
            ok, loc, normal, face, ob, _ = self.scene.ray_cast(dg, o, dn, distance=max_dist - travelled)
            if not ok:
                return None
            step = (loc - o).length
            travelled += step
            front = normal.dot(dn) < 0 or (ob is not None and ob.get("fb_two_sided"))
            fbid = ob.get("fbid", "") if ob is not None else ""
            if front and (not structures_only or fbid not in self.by_id) and not self.in_hole(ob, face, loc):
                return b2u(tuple(loc)), fbid, travelled / length
            o = loc + dn * 1e-6
            travelled += 1e-6
        return None

    def in_hole(self, ob, face, loc):
        """Whether a hit falls in a cut-out hole: the level-0 texel nearest to
        the hit's UV has alpha < 128 (sim.Texture.Opaque)."""
        if ob is None or not ob.get("fb_cutout") or face < 0:
            return False
        me = ob.data
        poly = me.polygons[face]
        mat = me.materials[poly.material_index] if poly.material_index < len(me.materials) else None
        h = mat.get("fb_cutout_texture") if mat is not None else None
        if not h or not me.uv_layers:
            return False
        p = ob.matrix_world.inverted() @ loc
        vs = [me.vertices[me.loops[li].vertex_index].co for li in poly.loop_indices]
        uvs = [me.uv_layers[0].data[li].uv for li in poly.loop_indices]
        a, b, c = vs[0], vs[1], vs[2]
        v0, v1, v2 = b - a, c - a, p - a
        d00, d01, d11, d20, d21 = v0.dot(v0), v0.dot(v1), v1.dot(v1), v2.dot(v0), v2.dot(v1)
        den = d00 * d11 - d01 * d01
        if den == 0:
            return False
        wb = (d11 * d20 - d01 * d21) / den
        wc = (d00 * d21 - d01 * d20) / den
        wa = 1 - wb - wc
        u = wa * uvs[0][0] + wb * uvs[1][0] + wc * uvs[2][0]
        v = wa * uvs[0][1] + wb * uvs[1][1] + wc * uvs[2][1]
        alpha = self.alpha_map(h)
        hgt, wid = alpha.shape

        def wrap(x, n):
            i = int((x - math.floor(x)) * n)
            return min(max(i, 0), n - 1)
        return alpha[wrap(v, hgt), wrap(u, wid)] < CUTOUT_ALPHA  # Blender's rows start at the bottom, like v

    def alpha_map(self, h):
        if h not in self.alphas:
            np = fp.import_optional("numpy")
            img = self.image(h)
            w, hh = img.size
            px = np.empty(w * hh * 4, dtype=np.float32)
            img.pixels.foreach_get(px)
            self.alphas[h] = px.reshape(hh, w, 4)[:, :, 3].copy()
        return self.alphas[h]

    def do_GetCoordinateFromRaycast(self, req_id, args):
        self.need_camera("GetCoordinateFromRaycast")
        if args.get("u") is not None and args.get("v") is not None:
            u, v = float(args["u"]), float(args["v"])
        elif args.get("x") is not None and args.get("y") is not None:
            u, v = float(args["x"]) * self.width - 0.5, float(args["y"]) * self.height - 0.5
        else:
            raise fp.ActionError('GetCoordinateFromRaycast: needs "x" and "y" (or "u" and "v")')
        self.place_camera()
        d = self.ray_dir(u, v)
        hit = self.cast(self.eye(), d)
        if hit is None:
            return fp.Result({"x": 0.0, "y": 0.0, "z": 0.0, "hit": False})
        p, oid, t = hit
        dl = math.sqrt(dot(d, d))
        return fp.Result({"x": p[0], "y": p[1], "z": p[2], "hit": True, "objectId": oid, "distance": t * dl, "depth": t})

    # --- reachability ------------------------------------------------

    def agent_fits(self, x, z):
        if not any(point_in_polygon(p, x, z) for p in self.rooms):
            return False
        for o in self.objects:
            b = o.box()
            if b.c[1] - b.h[1] >= NAV_MAX_HEIGHT:
                continue
            fp_ = b.footprint()
            inside = point_in_polygon(fp_, x, z)
            if inside or min(seg_dist(fp_[i - 1], fp_[i], x, z) for i in range(4)) < AGENT_RADIUS:
                return False
        for k in range(16):
            a = 2 * math.pi * k / 16
            if self.cast((x, 0.05, z), (math.cos(a), 0.0, math.sin(a)), AGENT_RADIUS, structures_only=True):
                return False
        return True

    def do_GetReachablePositions(self, req_id, args):
        self.need_house("GetReachablePositions")
        if self.reach is None:
            g = fp.GRID_SIZE
            ag = (self.house.get("metadata") or {}).get("agent") or {}
            ap = ag.get("position") or {"x": 0.0, "z": 0.0}
            xs = [p[0] for r in self.rooms for p in r]
            zs = [p[1] for r in self.rooms for p in r]
            i0, i1 = math.ceil(min(xs) / g - 1e-9), math.floor(max(xs) / g + 1e-9)
            j0, j1 = math.ceil(min(zs) / g - 1e-9), math.floor(max(zs) / g + 1e-9)
            fits = {}

            def ok(i, j):
                if (i, j) not in fits:
                    fits[(i, j)] = i0 <= i <= i1 and j0 <= j <= j1 and self.agent_fits(i * g, j * g)
                return fits[(i, j)]
            start = (round(ap["x"] / g), round(ap["z"] / g))
            if not ok(*start):
                cands = [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1) if ok(i, j)]
                start = min(cands, key=lambda c: ((c[0] * g - ap["x"]) ** 2 + (c[1] * g - ap["z"]) ** 2, c)) if cands else None
            out = []
            if start is not None:
                seen, queue = {start}, [start]
                for c in queue:
                    for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        n = (c[0] + d[0], c[1] + d[1])
                        if n in seen or not ok(*n):
                            continue
                        if self.cast((c[0] * g, 0.05, c[1] * g), (d[0], 0.0, d[1]), g, structures_only=True):
                            continue
                        seen.add(n)
                        queue.append(n)
                out = [fp.xyz(i * g, 0.0, j * g) for i, j in queue]
            self.reach = out
        return fp.Result(self.reach)  # in actionReturn, as current AI2-THOR (docs/protocol.md)

    # --- rendering ---------------------------------------------------

    def read_exr(self, name, channels=1):
        """A pass the compositor wrote, top row first: (h, w), or (h, w, channels)."""
        np = fp.import_optional("numpy")
        path = os.path.join(self.tmp, "%s%04d.exr" % (name, self.scene.frame_current))
        img = bpy.data.images.load(path)
        img.colorspace_settings.name = "Non-Color"
        w, h = img.size
        px = np.empty(w * h * 4, dtype=np.float32)
        img.pixels.foreach_get(px)
        bpy.data.images.remove(img)
        os.remove(path)
        px = px.reshape(h, w, 4)[::-1]
        return px[:, :, 0] if channels == 1 else px[:, :, :channels]

    def do_Render(self, req_id, args):
        self.need_camera("Render")
        passes = fp.parse_passes(args)
        np = fp.import_optional("numpy")
        self.place_camera()
        self.light_for_camera()
        self.set_pixel_scale()
        sc = self.scene
        sc.cycles.samples = self.samples
        k = self.supersample if "rgb" in passes else 1  # depth and ids alone: the centre samples suffice
        sc.render.resolution_x, sc.render.resolution_y = k * self.width, k * self.height
        bpy.ops.render.render(write_still=False)
        # k x k sub-pixels a pixel (k odd), each sampled at its centre: the
        # middle one is the pixel's centre, where depth and ids are taken (the
        # points the Go renderer's labels sample); RGB is the mean of the k x k
        # sub-pixels, each clamped to 0..1 first as the Go renderer's samples
        # (a box pixel filter: anti-aliased edges).
        c = k // 2
        depth = self.read_exr("depth")[c::k, c::k]
        depth = np.where(depth >= NO_HIT_DEPTH, 0.0, depth).astype(np.float32)
        ids = np.rint(self.read_exr("index")[c::k, c::k]).astype(np.int64)
        sub = np.clip(self.read_exr("rgb", 3), 0.0, 1.0)
        ids = np.where((ids < 0) | (ids >= len(self.table)), 0, ids).astype(np.uint16)
        self.visible = {self.table[i] for i in np.unique(ids).tolist() if i > 0}
        frames = []
        for p in passes:
            if p == "rgb":
                mean = sub.reshape(self.height, k, self.width, k, 3).mean(axis=(1, 3))
                rgb = np.rint(mean * 255).astype(np.uint8)
                frames.append(fp.encode_frame(fp.PASS_RGB, req_id, rgb))
            elif p == "depth":
                frames.append(fp.encode_frame(fp.PASS_DEPTH, req_id, depth))
            else:
                frames.append(fp.encode_frame(fp.PASS_IDS, req_id, ids))
        return fp.Result({"width": self.width, "height": self.height, "passes": passes, "idTable": self.table}, frames)

    # --- metadata ----------------------------------------------------

    def metadata(self, action, with_objects):
        md = fp.empty_metadata(action)
        eye = self.eye()
        md["agent"].update(position=fp.xyz(*self.floor), rotation=fp.xyz(0, self.yaw, 0), cameraHorizon=self.horizon,
                           eyeHeight=self.eye_height)
        md["cameraPosition"] = fp.xyz(*eye)
        md["fov"], md["screenWidth"], md["screenHeight"] = self.fov, self.width, self.height
        if self.house is not None:
            md["sceneName"] = (self.house.get("metadata") or {}).get("roomSpecId") or "house"
        if with_objects:
            for o in self.objects:
                b = o.box()
                lo, hi = b.aabb()
                md["objects"].append(fp.object_entry(
                    o.id, o.type, o.pos, o.yaw, lo, hi, b.corners(), o.size, o.pickupable, o.moveable, o.receptacle,
                    o.parent, [c.id for c in self.objects if c.parent == o.id], o.id in self.visible,
                    math.sqrt(sum((a - c) ** 2 for a, c in zip(o.pos, eye)))))
        return md


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    ap = argparse.ArgumentParser(prog="blender -b -P blender_bridge.py --", description="flowbench-thor bridge for Blender")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8766)
    ap.add_argument("--samples", type=int, default=1,
                    help="Cycles samples per sub-pixel for RGB (the lighting is noise-free and the pixel filter 0.01 px, so 1 is enough; see docs/protocol.md)")
    ap.add_argument("--supersample", type=int, default=SUPERSAMPLE,
                    help="sub-pixels a side, odd: RGB is the mean of k x k sub-pixel centres (anti-aliasing), "
                         "depth and ids the middle one's, the pixel centre (1: no anti-aliasing)")
    ap.add_argument("--listen-any", action="store_true", help="allow a non-loopback --host")
    a = ap.parse_args(argv)
    if a.samples < 1:
        ap.error("--samples must be at least 1")
    if a.supersample < 1 or a.supersample % 2 == 0 or a.supersample > 7:
        ap.error("--supersample must be 1, 3, 5 or 7 (odd, so that a sub-pixel centre is the pixel centre)")
    fp.check_host(a.host, a.listen_any)
    # the house is built from CreateHouse's meshes, so every asset can be drawn
    fp.serve(lambda: BlenderSession(a.samples, a.supersample), a.host, a.port, "blender", ACTIONS, wants=["meshes"],
             assets=[fp.ASSETS_ALL])


if __name__ == "__main__":
    main()
