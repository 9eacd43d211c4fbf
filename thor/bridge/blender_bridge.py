"""flowbench-thor bridge for Blender (docs/protocol.md).

    blender -b -P thor/bridge/blender_bridge.py -- --port 8766 [--samples 16] [--host 127.0.0.1]

Blender is the renderer and the collision engine:

* the house is built from CreateHouse's "meshes" (the exact triangles
  flowbench draws; the hello asks for them with wants=["meshes"]); Unity
  (x, y, z) becomes Blender (x, z, y), a reflection, so triangle winding is
  swapped to keep front faces, and an object's yaw becomes a rotation of
  -yaw about Blender's z;
* structure surfaces are one-sided as in flowbench: their material is
  transparent on back faces, and the view layer's alpha threshold keeps
  back faces out of the depth and index passes;
* Render uses Cycles on the CPU: RGB (samples configurable), depth from the
  Z pass (planar) and instance ids from the object index pass (pass_index =
  the id-table index), with a pixel filter of 0.01 px so the data passes
  sample pixel centres like the rasterizer;
* TeleportObject and SettleObject check collisions with BVH overlap
  (mathutils.bvhtree) of box proxies (the objects' bounding boxes, shrunk by
  half the 1 mm tolerance) against each other and against the wall panels,
  plus the floor and the house outline;
* GetCoordinateFromRaycast uses scene.ray_cast, skipping back faces;
* GetReachablePositions is a breadth-first walk of the 0.25 m grid from the
  house's agent position: the agent disc (radius 0.2 m) must be inside a
  room, clear of object footprints below 1.8 m, and not blocked by walls
  (horizontal ray casts at ankle height); an approximation of flowbench's.
"""

import argparse
import math
import os
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
WALL_LIFT = 0.0005     # metres each wall side is moved towards its room in Blender


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
    """The Blender scene for one connection (Blender has one scene: a new
    connection's CreateHouse replaces the previous house)."""

    def __init__(self, samples):
        self.samples = samples
        self.width, self.height, self.fov = 800, 800, 90.0
        self.floor, self.eye_height, self.yaw, self.horizon, self.cam_set = (0.0, 0.0, 0.0), fp.CAMERA_HEIGHT, 0.0, 0.0, False
        self.objects, self.by_id, self.rooms, self.house = [], {}, [], None
        self.wall_tris, self.wall_ids, self.walls_bvh = [], [], None
        self.table = [""]
        self.visible = set()
        self.tmp = tempfile.mkdtemp(prefix="flowbench-blender-")
        self.setup_render()

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    # --- scene construction ------------------------------------------

    def setup_render(self):
        sc = bpy.context.scene
        sc.render.engine = "CYCLES"
        sc.cycles.device = "CPU"
        sc.cycles.samples = self.samples
        sc.cycles.use_denoising = False
        sc.cycles.filter_width = 0.01
        sc.cycles.max_bounces = 2
        sc.cycles.diffuse_bounces = 2
        sc.cycles.transparent_max_bounces = 16
        sc.render.film_transparent = False
        sc.view_settings.view_transform = "Standard"
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
        out.format.exr_codec = "ZIP"
        out.file_slots.clear()
        out.file_slots.new("depth")
        out.file_slots.new("index")
        tree.links.new(rl.outputs["Depth"], out.inputs["depth"])
        tree.links.new(rl.outputs["IndexOB"], out.inputs["index"])
        comp = tree.nodes.new("CompositorNodeComposite")
        tree.links.new(rl.outputs["Image"], comp.inputs["Image"])

    def clear(self):
        for o in list(bpy.data.objects):
            bpy.data.objects.remove(o, do_unlink=True)
        for m in list(bpy.data.meshes):
            bpy.data.meshes.remove(m)
        for m in list(bpy.data.materials):
            bpy.data.materials.remove(m)
        for l in list(bpy.data.lights):
            bpy.data.lights.remove(l)
        self.materials = {}

    def material(self, rgb):
        key = tuple(round(float(c), 4) for c in rgb)
        if key in self.materials:
            return self.materials[key]
        mat = bpy.data.materials.new("fb_%d" % len(self.materials))
        mat.use_nodes = True
        nt = mat.node_tree
        nt.nodes.clear()
        diffuse = nt.nodes.new("ShaderNodeBsdfDiffuse")
        diffuse.inputs["Color"].default_value = (key[0], key[1], key[2], 1.0)
        transparent = nt.nodes.new("ShaderNodeBsdfTransparent")
        geom = nt.nodes.new("ShaderNodeNewGeometry")
        mix = nt.nodes.new("ShaderNodeMixShader")
        out = nt.nodes.new("ShaderNodeOutputMaterial")
        nt.links.new(geom.outputs["Backfacing"], mix.inputs["Fac"])
        nt.links.new(diffuse.outputs["BSDF"], mix.inputs[1])
        nt.links.new(transparent.outputs["BSDF"], mix.inputs[2])
        nt.links.new(mix.outputs["Shader"], out.inputs["Surface"])
        self.materials[key] = mat
        return mat

    def mesh_object(self, name, tris, rgb, pass_index, lift=0.0):
        """A Blender object from flat Unity triangles (winding swapped), each
        triangle moved by lift metres along its front normal."""
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
        me = bpy.data.meshes.new(name)
        me.from_pydata(verts, [], faces)
        me.update()
        me.materials.append(self.material(rgb))
        ob = bpy.data.objects.new(name, me)
        ob.pass_index = pass_index
        ob["fbid"] = name
        bpy.context.scene.collection.objects.link(ob)
        return ob

    def do_CreateHouse(self, req_id, args):
        house, meshes = args.get("house"), args.get("meshes")
        if not isinstance(house, dict):
            raise fp.ActionError('CreateHouse: missing "house"')
        if not isinstance(meshes, dict):
            raise fp.ActionError('CreateHouse: the Blender bridge needs the "meshes" argument (flowbench\'s Go client '
                                 'sends it when the hello lists wants=["meshes"])')
        self.clear()
        objects = [Obj(m, i) for i, m in enumerate(meshes.get("objects") or [])]
        self.objects, self.by_id = objects, {o.id: o for o in objects}
        self.table = [""] + [o.id for o in objects] + [s["id"] for s in meshes.get("structures") or []]
        for i, (o, m) in enumerate(zip(objects, meshes["objects"])):
            o.bobj = self.mesh_object(o.id, m["triangles"], m["color"], i + 1)
            self.pose_blender(o)
        self.wall_tris, self.wall_ids = [], []
        ceiling = 0.0
        for k, s in enumerate(meshes.get("structures") or []):
            # The two sides of a zero-thickness wall are coplanar: lift each
            # side towards its own room so the opaque front face is met first.
            lift = WALL_LIFT if s["kind"] == "wall" else 0.0
            self.mesh_object(s["id"], s["triangles"], s["color"], len(objects) + 1 + k, lift)
            if s["kind"] == "wall":
                t = s["triangles"]
                for j in range(0, len(t), 9):
                    self.wall_tris.append((tuple(t[j:j + 3]), tuple(t[j + 3:j + 6]), tuple(t[j + 6:j + 9])))
                    self.wall_ids.append(s["id"])
                    ceiling = max(ceiling, t[j + 1], t[j + 4], t[j + 7])
        verts = [v for tri in self.wall_tris for v in tri]
        self.walls_bvh = BVHTree.FromPolygons(verts, [(3 * i, 3 * i + 1, 3 * i + 2) for i in range(len(self.wall_tris))]) if verts else None
        self.rooms = [[(p["x"], p["z"]) for p in r.get("floorPolygon") or []] for r in house.get("rooms") or []]
        self.house = house
        self.add_lights(ceiling or 2.5)
        cam_data = bpy.data.cameras.new("fb_camera")
        self.camera = bpy.data.objects.new("fb_camera", cam_data)
        bpy.context.scene.collection.objects.link(self.camera)
        bpy.context.scene.camera = self.camera
        world = bpy.context.scene.world or bpy.data.worlds.new("fb_world")
        bpy.context.scene.world = world
        world.use_nodes = True
        bg = world.node_tree.nodes.get("Background")
        if bg:
            bg.inputs["Color"].default_value = (178 / 255, 204 / 255, 229 / 255, 1)
            bg.inputs["Strength"].default_value = 1.0
        self.cam_set, self.visible, self.reach = False, set(), None
        return fp.Result()

    def add_lights(self, ceiling):
        for k, poly in enumerate(self.rooms):
            if not poly:
                continue
            cx, cz = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
            area = abs(sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))) / 2
            light = bpy.data.lights.new("fb_light_%d" % k, "POINT")
            light.energy = 120.0 * max(area, 4.0)
            ob = bpy.data.objects.new("fb_light_%d" % k, light)
            ob.location = u2b((cx, ceiling - 0.4, cz))
            bpy.context.scene.collection.objects.link(ob)

    def pose_blender(self, o):
        o.bobj.location = u2b(o.pos)
        o.bobj.rotation_euler = (0.0, 0.0, -math.radians(o.yaw))

    # --- protocol plumbing ------------------------------------------

    def act(self, req_id, action, args):
        fn = getattr(self, "do_" + action, None)
        if fn is None:
            raise fp.ActionError("unknown action %r" % action)
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
        sc = bpy.context.scene
        sc.render.resolution_x, sc.render.resolution_y = self.width, self.height
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
        """First front-facing hit (Unity in and out): (point, id, t) or None."""
        dg = bpy.context.evaluated_depsgraph_get()
        d = Vector(u2b(direction))
        length = d.length
        dn = d.normalized()
        o = Vector(u2b(origin))
        travelled = 0.0
        for _ in range(64):
            ok, loc, normal, _, ob, _ = bpy.context.scene.ray_cast(dg, o, dn, distance=max_dist - travelled)
            if not ok:
                return None
            step = (loc - o).length
            travelled += step
            front = normal.dot(dn) < 0
            fbid = ob.get("fbid", "") if ob is not None else ""
            if front and (not structures_only or fbid not in self.by_id):
                return b2u(tuple(loc)), fbid, travelled / length
            o = loc + dn * 1e-6
            travelled += 1e-6
        return None

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
        return fp.Result(vector3s=self.reach)

    # --- rendering ---------------------------------------------------

    def read_exr(self, name):
        np = fp.import_optional("numpy")
        path = os.path.join(self.tmp, "%s%04d.exr" % (name, bpy.context.scene.frame_current))
        img = bpy.data.images.load(path)
        img.colorspace_settings.name = "Non-Color"
        w, h = img.size
        px = np.empty(w * h * 4, dtype=np.float32)
        img.pixels.foreach_get(px)
        bpy.data.images.remove(img)
        os.remove(path)
        return px.reshape(h, w, 4)[::-1, :, 0]

    def do_Render(self, req_id, args):
        self.need_camera("Render")
        passes = fp.parse_passes(args)
        np = fp.import_optional("numpy")
        self.place_camera()
        sc = bpy.context.scene
        sc.cycles.samples = self.samples
        rgb_path = os.path.join(self.tmp, "rgb.png")
        sc.render.filepath = rgb_path
        bpy.ops.render.render(write_still=True)
        depth = self.read_exr("depth")
        depth = np.where(depth >= NO_HIT_DEPTH, 0.0, depth).astype(np.float32)
        ids = np.rint(self.read_exr("index")).astype(np.int64)
        ids = np.where((ids < 0) | (ids >= len(self.table)), 0, ids).astype(np.uint16)
        self.visible = {self.table[i] for i in np.unique(ids).tolist() if i > 0}
        frames = []
        for p in passes:
            if p == "rgb":
                img = bpy.data.images.load(rgb_path)
                w, h = img.size
                px = np.empty(w * h * 4, dtype=np.float32)
                img.pixels.foreach_get(px)
                bpy.data.images.remove(img)
                rgb = np.rint(np.clip(px.reshape(h, w, 4)[::-1, :, :3], 0, 1) * 255).astype(np.uint8)
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
    ap.add_argument("--samples", type=int, default=16, help="Cycles samples per pixel for RGB")
    ap.add_argument("--listen-any", action="store_true", help="allow a non-loopback --host")
    a = ap.parse_args(argv)
    if a.samples < 1:
        ap.error("--samples must be at least 1")
    fp.check_host(a.host, a.listen_any)
    fp.serve(lambda: BlenderSession(a.samples), a.host, a.port, "blender", ACTIONS, wants=["meshes"])


if __name__ == "__main__":
    main()
