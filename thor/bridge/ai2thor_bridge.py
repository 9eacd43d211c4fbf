#!/usr/bin/env python3
"""flowbench-thor bridge for AI2-THOR (docs/protocol.md).

    python3 thor/bridge/ai2thor_bridge.py --port 8767 [--host 127.0.0.1] [--asset-db asset-database.json]

Wraps ai2thor.controller.Controller (imported lazily, on the first
Initialize or CreateHouse) and translates between flowbench's conventions and
AI2-THOR's. Every AI2-THOR behaviour the bridge relies on is marked with the
file of allenai/ai2thor (or allenai/procthor) it was read from:

* AI2-THOR creates only the assets of its database (ProceduralTools.cs
  CreateHouse skips any other): the hello declares assets=["ai2thor"], and a
  house with a flowbench-only asset id (prefix flowbench_) is refused, so
  the client's house and the scene never disagree;
* the controller starts in the empty "Procedural" scene and each CreateHouse
  after the first reloads it (procthor/constants.py PROCTHOR_INITIALIZATION,
  procthor/generation/house.py; ai2thor/controller.py reset);
* object positions: flowbench uses the bounding-box centre, AI2-THOR's
  TeleportObject and metadata use the object's pivot
  (unity/Assets/Scripts/BaseFPSAgentController.cs ObjectMetadataFromSimObjPhysics;
  ProceduralTools.cs spawnSimObjPrefab places house objects by box centre).
  The bridge measures each object's pivot → box-centre offset in its own frame
  and converts both ways;
* TeleportObject is exact: forceKinematic=True, because without it physics
  runs after the move; AI2-THOR moves only the object itself, so the bridge
  moves what rests on it explicitly and puts everything back when AI2-THOR
  refuses the pose (PhysicsRemoteFPSAgentController.cs TeleportObject);
* SettleObject runs AI2-THOR's physics: PausePhysicsAutoSim,
  SetObjectPoses(placeStationary=False) to make the object dynamic again
  (it lists every pickupable or moveable object, or the unlisted ones are
  disabled, and leaves them all dynamic: PhysicsSceneManager.cs
  SetObjectPoses), then freezes every listed object except the mover and
  what rests on it with TeleportObject(forceKinematic) where it is, steps
  AdvancePhysicsStep until isSceneAtRest (BaseFPSAgentController.cs
  AdvancePhysicsStep; AgentManager.cs resumes auto-simulation by itself
  once the scene rests), freezes the mover where it landed and only then
  resumes auto-simulation: nothing is left dynamic to drift unseen;
* collisions: AI2-THOR refuses any overlap of the object's colliders, the
  agent's body included (UtilityFunctions.cs firstColliderObjectCollidingWith);
  the protocol allows 1 mm, so a refusal whose boxes overlap by at most 1 mm
  is retried with forceAction; before a move whose boxes would meet the
  agent's body, or when AI2-THOR names a collider that is no sim object, the
  agent is parked below the floor (TeleportFull forceAction) and the view
  moves to the third-party camera at the same pose; the agent stands up again
  for the next agent view or GetReachablePositions;
* the agent: flowbench sends the floor point under the eye and the eye
  height; AI2-THOR's position y is the body centre, its eye height is fixed,
  positions must be on the grid and horizons in [-30, 60]
  (BaseFPSAgentController.cs teleportFull). Views the agent cannot take go to a
  third-party camera (AgentManager.cs AddThirdPartyCamera/UpdateThirdPartyCamera);
* GetCoordinateFromRaycast succeeds even when the ray meets nothing and then
  returns (0, 0, 0), and casts only against the layers Default, Agent,
  SimObjVisible and PlaceableSurface (BaseFPSAgentController.cs
  GetCoordinateFromRaycast); CreateHouse puts a wall without a hole on the
  wall's "layer" (ProcTHOR and flowbench write Procedural1-3), so the ray
  passes through it (ProceduralTools.cs createWalls/createAndJoinWall): the
  bridge intersects the ray with the house's walls itself (their quads minus
  the door and window holes, placed as createAndJoinWall places them) and
  reports the wall when it is nearer than AI2-THOR's hit or when the
  segmentation shows a wall at the pixel;
* depth: ai2thor/server.py Event._image_depth scales the normalised depth by
  far - near and has no code for "nothing": sky seen through a window reads
  the far plane; the bridge maps depth at the far plane to the protocol's 0;
* CreateHouse places the agent at metadata.agentPoses[agentMode]
  (ProceduralTools.cs CreateHouse); the bridge then teleports it to
  metadata.agent, flowbench's start pose, when AI2-THOR accepts that pose;
* door and window assetPosition: flowbench's houses carry it as ProcTHOR
  computes it (hole min + the asset's offset + half the asset's box;
  procthor/generation/doors.py, wall_objects.py). With the asset sizes
  (--asset-db) and the wall-hole offsets (--wall-holes, ProcTHOR's
  wall-holes.json) the bridge also rewrites it that way for holes cut to
  their asset's size, which matters only for houses written by earlier
  flowbench versions (the hole centre, up to 9 mm away);
* the planner sees only the house's objects: AI2-THOR also reports walls,
  rooms, the house floor ("Floor" or the house id), doors, windows and
  "<id>___<n>" parts of prefabs as sim objects (ProceduralTools.cs
  CreateHouse/spawnSimObjPrefab; procthor/generation/small_objects.py drops
  the same ids);
* frames: AI2-THOR's instance segmentation colours become uint16 ids with an
  id table (objects in metadata order, then other segments sorted).

Requires numpy and websockets; ai2thor only when a session starts.
"""

import argparse
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flowbench_protocol as fp  # noqa: E402

ACTIONS = ["Initialize", "CreateHouse", "TeleportFull", "GetReachablePositions", "TeleportObject",
           "PlaceObjectAtPoint", "SettleObject", "GetCoordinateFromRaycast", "Render", "Pass"]
# PhysicsRemoteFPSAgentController.cs TeleportObject's refusal
COLLISION_RE = re.compile(r"^(.+?) is colliding with (.+) after (teleport|settle)\.$")
# PhysicsRemoteFPSAgentController.cs PlaceObjectAtPoint's refusal:
# "Spawn area not clear (<id>) is in the way), can't place object at that point"
SPAWN_RE = re.compile(r"Spawn area not clear \((.*?)\)(?: is in the way\))?")
EYE_TOLERANCE = 0.02  # metres between the requested and AI2-THOR's eye height
# AI2-THOR's limits on the agent camera (BaseFPSAgentController.cs maxUpwardLookAngle/maxDownwardLookAngle)
MIN_HORIZON, MAX_HORIZON = -30.0, 60.0
# Unity keeps poses in float32: a read-back position is within a few ulps
# (1e-6 m at 10 m) of what was set, plus rounding through its rotation
# matrices; these tolerances are far above that and far below what matters.
POSITION_TOLERANCE = 1e-4  # metres
YAW_TOLERANCE = 0.01  # degrees
SETTLE_STEP = 0.02  # seconds per AdvancePhysicsStep (AI2-THOR allows (0, 0.05])
SETTLE_MAX_STEPS = 250
PLACE_LIFT = 0.01  # PlaceObjectAtPoint casts down from this far above the requested bottom
TOUCH = 1e-3  # the protocol's contact tolerance: overlaps up to 1 mm are no collision (docs/protocol.md)
# ai2thor/controller.py's default clipping planes of the agent camera; a
# depth within FAR_EPS of far - near is a ray that met nothing
NEAR_PLANE, FAR_PLANE, FAR_EPS = 0.1, 20.0, 1e-3
# the agent's body (BaseFPSAgentController.cs: a CharacterController
# capsule, radius 0.2 m, 1.8 m tall at the default agent), with a margin
AGENT_RADIUS, AGENT_HEIGHT, AGENT_MARGIN = 0.2, 1.8, 0.05
PARK_DEPTH = 20.0  # metres below the floor the agent is parked while objects move


def default_controller_factory(**kwargs):
    from ai2thor.controller import Controller  # lazily: only users with AI2-THOR need it
    return Controller(**kwargs)


def yaw_axes(yaw):
    s, c = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
    return (c, 0.0, -s), (s, 0.0, c)  # local +x, local +z in world (Unity, as sim.YawAxes)


def to_local(v, yaw):
    ax, az = yaw_axes(yaw)
    return (v[0] * ax[0] + v[2] * ax[2], v[1], v[0] * az[0] + v[2] * az[2])


def to_world(v, yaw):
    ax, az = yaw_axes(yaw)
    return (v[0] * ax[0] + v[2] * az[0], v[1], v[0] * ax[2] + v[2] * az[2])


def vec(p):
    return (float(p["x"]), float(p["y"]), float(p["z"]))


def box_size(corners, yaw):
    """Extents of an oriented box along its own axes."""
    loc = [to_local(c, yaw) for c in corners]
    return tuple(max(p[k] for p in loc) - min(p[k] for p in loc) for k in range(3))


def size_from_aabb(size, yaw):
    """The box's own extents from the axis-aligned extents of the box turned by
    yaw: X = |cos|w + |sin|d, Z = |sin|w + |cos|d (x and z swap at 90°)."""
    c, s = abs(math.cos(math.radians(yaw))), abs(math.sin(math.radians(yaw)))
    X, Y, Z = size
    det = c * c - s * s
    if abs(det) < 1e-3:  # 45°: only w + d is known
        w = d = X / (2 * max(c, s))
    else:
        w, d = (c * X - s * Z) / det, (c * Z - s * X) / det
    return (max(w, 0.0), Y, max(d, 0.0))


def yaw_diff(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0)


def obb_corners(centre, size, yaw):
    """Corner points in sim's bit order (bit 0 = +x, bit 1 = +y, bit 2 = +z)."""
    ax, az = yaw_axes(yaw)
    out = []
    for i in range(8):
        sx, sy, sz = (1 if i & 1 else -1), (1 if i & 2 else -1), (1 if i & 4 else -1)
        out.append([centre[k] + sx * size[0] / 2 * ax[k] + sz * size[2] / 2 * az[k] + (sy * size[1] / 2 if k == 1 else 0.0)
                    for k in range(3)])
    return out


def box_penetration(a, b):
    """Overlap depth of two yaw-only boxes (centre, size, yaw) over the
    separating axes; <= 0 when they are apart."""
    (ca, sa, ya), (cb, sb, yb) = a, b
    best = min(ca[1] + sa[1] / 2, cb[1] + sb[1] / 2) - max(ca[1] - sa[1] / 2, cb[1] - sb[1] / 2)
    for yaw in (ya, yb):
        for axis in yaw_axes(yaw):
            lo_hi = []
            for c, sz, y in ((ca, sa, ya), (cb, sb, yb)):
                ax, az = yaw_axes(y)
                r = (abs(axis[0] * ax[0] + axis[2] * ax[2]) * sz[0] / 2 + abs(axis[0] * az[0] + axis[2] * az[2]) * sz[2] / 2)
                m = axis[0] * c[0] + axis[2] * c[2]
                lo_hi.append((m - r, m + r))
            best = min(best, min(lo_hi[0][1], lo_hi[1][1]) - max(lo_hi[0][0], lo_hi[1][0]))
    return best


def house_walls(house):
    """The house's walls as AI2-THOR builds them (ProceduralTools.cs
    createAndJoinWall): a quad from polygon[0] along the base to the other
    base point, with the hole of the door or window naming it, measured from
    polygon[0] on wall0 and mirrored (width - max.x) on wall1."""
    walls = {}
    for w in house.get("walls") or []:
        if not isinstance(w, dict) or w.get("empty") or not w.get("polygon"):
            continue
        ps = [vec(p) for p in w["polygon"]]
        y0 = min(p[1] for p in ps)
        base = [p for p in ps if p[1] == y0]
        p0 = ps[0]
        p1 = max(base, key=lambda p: math.hypot(p[0] - p0[0], p[2] - p0[2]))
        length = math.hypot(p1[0] - p0[0], p1[2] - p0[2])
        if length == 0:
            continue
        walls[w["id"]] = {"id": w["id"], "p0": (p0[0], p0[2]), "dir": ((p1[0] - p0[0]) / length, (p1[2] - p0[2]) / length),
                          "length": length, "y0": y0, "height": max(p[1] for p in ps) - y0, "holes": []}
    for kind in ("doors", "windows"):
        for d in house.get(kind) or []:
            hp = (d.get("holePolygon") or []) if isinstance(d, dict) else []
            if len(hp) < 2:
                continue
            xs, ys = [float(p["x"]) for p in hp], [float(p["y"]) for p in hp]
            for side in ("wall0", "wall1"):
                w = walls.get(d.get(side))
                if w is None:
                    continue
                lo, hi = min(xs), max(xs)
                if side == "wall1" and d.get("wall1") != d.get("wall0"):
                    lo, hi = w["length"] - hi, w["length"] - lo
                w["holes"].append((lo, hi, min(ys), max(ys)))
    return list(walls.values())


def wall_hit(walls, origin, ray):
    """Nearest wall hit of origin + t * ray (t > 0) outside the holes: (t, wall id) or (inf, "")."""
    best, best_id = math.inf, ""
    for w in walls:
        n = (-w["dir"][1], w["dir"][0])  # the wall's normal in xz
        f = ray[0] * n[0] + ray[2] * n[1]
        if abs(f) < 1e-12:
            continue
        t = ((w["p0"][0] - origin[0]) * n[0] + (w["p0"][1] - origin[2]) * n[1]) / f
        if not 1e-9 < t < best:
            continue
        p = tuple(origin[k] + t * ray[k] for k in range(3))
        u = (p[0] - w["p0"][0]) * w["dir"][0] + (p[2] - w["p0"][1]) * w["dir"][1]
        y = p[1] - w["y0"]
        if not (0 <= u <= w["length"] and 0 <= y <= w["height"]):
            continue
        if any(lo < u < hi and y0 < y < y1 for lo, hi, y0, y1 in w["holes"]):
            continue
        best, best_id = t, w["id"]
    return best, best_id


def with_asset_positions(house, asset_sizes, wall_holes):
    """The house with each door's and window's assetPosition as ProcTHOR
    computes it (procthor/generation/doors.py, wall_objects.py): hole min +
    the asset's wall-hole offset + half the asset's box, for the assets whose
    box and offset are known; the house itself when nothing changes.

    Only a hole cut to its asset's size (wall-holes.json max - min, or the
    asset's box for the Doorframe_* assets that file does not list, within
    1 mm) is rewritten: the formula assumes such a hole, and would move the
    asset of a hand-made hole of another size out of it. flowbench's
    generated houses (sim/procgen_walls.go) and ProcTHOR's already carry
    this position, so the rewrite leaves them as they are; it moves the
    asset (by up to 9 mm) in houses written by flowbench before it did so,
    which put the asset at the hole centre."""
    out = None
    for kind in ("doors", "windows"):
        for i, d in enumerate(house.get(kind) or []):
            if not isinstance(d, dict) or len(d.get("holePolygon") or []) < 2:
                continue
            aid = d.get("assetId") or ""
            size = asset_sizes.get(aid)
            # doors.py: the Doorframe_* assets share their Doorway_* offsets
            hole = wall_holes.get(aid) or wall_holes.get(aid.replace("Doorframe", "Doorway"))
            if size is None or hole is None:
                continue
            want = size[:2]
            if aid in wall_holes and "min" in hole and "max" in hole:
                want = tuple(float(hole["max"][k]) - float(hole["min"][k]) for k in ("x", "y"))
            hp = d["holePolygon"]
            lo = [min(float(p[k]) for p in hp) for k in ("x", "y")]
            hi = [max(float(p[k]) for p in hp) for k in ("x", "y")]
            if any(abs(hi[k] - lo[k] - want[k]) > 1e-3 for k in (0, 1)):
                continue
            off = hole.get("offset") or {}
            pos = {"x": lo[0] + float(off.get("x", 0.0)) + size[0] / 2,
                   "y": lo[1] + float(off.get("y", 0.0)) + size[1] / 2, "z": 0}
            old = d.get("assetPosition") or {}
            if all(abs(float(old.get(k, 0.0)) - pos[k]) <= 1e-6 for k in ("x", "y", "z")):
                continue
            if out is None:
                out = dict(house, doors=list(house.get("doors") or []), windows=list(house.get("windows") or []))
            out[kind][i] = dict(d, assetPosition=pos)
    return house if out is None else out


def load_wall_holes(path):
    """assetId → {"min", "max", "offset"} from ProcTHOR's wall-holes.json."""
    with open(path) as f:
        return json.load(f)


def house_object_ids(house):
    ids = []

    def walk(objs):
        for o in objs or []:
            if isinstance(o, dict) and isinstance(o.get("id"), str):
                ids.append(o["id"])
                walk(o.get("children"))
    walk(house.get("objects"))
    return ids


def load_asset_sizes(path):
    """assetId → (x, y, z) full extents from AI2-THOR's/ProcTHOR's asset-database.json."""
    with open(path) as f:
        db = json.load(f)
    sizes = {}
    for assets in db.values():
        for a in assets:
            bb = a.get("boundingBox")
            if bb:
                sizes[a["assetId"]] = (float(bb["x"]), float(bb["y"]), float(bb["z"]))
    return sizes


class Ai2ThorSession:
    """One connection's translation state around an AI2-THOR controller."""

    def __init__(self, controller_factory=default_controller_factory, asset_sizes=None, wall_holes=None):
        self.factory = controller_factory
        self.asset_sizes = asset_sizes or {}
        self.wall_holes = wall_holes or {}
        self.walls = []  # house_walls of the current house
        self.parked = False  # whether the agent is parked below the floor
        self.body_y = None  # AI2-THOR's standing body-centre height
        self.agent_home = None  # (x, z, yaw, horizon) of the agent's last standing pose
        self.reach = []  # the last reachable positions (x, z)
        self.controller = None
        self.init = {"width": 800, "height": 800, "fieldOfView": 90.0, "gridSize": fp.GRID_SIZE}
        self.agent_fov = None  # the agent camera's field of view (fixed when the controller starts)
        self.event = None
        self.offsets = {}  # objectId → pivot→box-centre offset in the object frame
        self.sizes = {}  # objectId → box extents in the object frame
        self.eye_height = fp.CAMERA_HEIGHT
        self.standing_eye = None  # AI2-THOR's standing eye height above the floor
        self.house = False
        self.house_loaded_once = False
        self.house_ids = set()
        self.view = None  # the third-party camera pose when it, not the agent, is the view
        self.third_party = False  # whether AI2-THOR holds our third-party camera
        self.mover = None
        self.root_id = "Floor"

    def close(self):
        if self.controller is not None and hasattr(self.controller, "stop"):
            self.controller.stop()

    # --- AI2-THOR plumbing ---------------------------------------------

    def ensure_controller(self):
        if self.controller is None:
            # procthor/constants.py: ProcTHOR houses are built in the "Procedural" scene
            self.controller = self.factory(scene="Procedural", width=self.init["width"], height=self.init["height"],
                                           fieldOfView=self.init["fieldOfView"], gridSize=self.init["gridSize"],
                                           snapToGrid=True, renderDepthImage=True, renderInstanceSegmentation=True)
            self.agent_fov = float(self.init["fieldOfView"])
        return self.controller

    def step(self, action, **kwargs):
        try:
            ev = self.ensure_controller().step(action=action, **kwargs)
        except ValueError as e:
            # ai2thor/controller.py step raises ValueError for an invalid
            # action, a missing or an invalid argument
            raise fp.ActionError("%s: AI2-THOR refused the call: %s" % (action, e))
        self.event = ev
        return ev

    def check(self, ev, action):
        md = ev.metadata
        if not md.get("lastActionSuccess", False):
            msg = md.get("errorMessage") or ("%s failed" % action)
            ret, raw = None, None
            m = COLLISION_RE.match(msg)
            if m:
                ret = {"collision": {"mover": self.mover or m.group(1), "object": m.group(1),
                                     "other": self.other_name(m.group(2)), "depth": 0.0, "action": m.group(3)}}
                raw = m.group(2)
            m = SPAWN_RE.search(msg)
            if m and self.mover:
                ret = {"collision": {"mover": self.mover, "object": self.mover, "other": self.other_name(m.group(1)),
                                     "depth": 0.0, "action": "teleport"}}
                raw = m.group(1)
            err = fp.ActionError(msg, ret)
            err.raw = raw  # the collider's name as AI2-THOR gave it
            raise err
        return md

    def other_name(self, oid):
        """A collider's owner in flowbench's names: prefab parts belong to their
        object, the house floor and room floors are "Floor"."""
        oid = oid.split("___")[0]
        if oid == self.root_id or oid.startswith("room|"):
            return "Floor"
        return oid

    def raw_objects(self):
        return (self.event.metadata.get("objects") or []) if self.event else []

    def objects_by_id(self):
        return {o["objectId"]: o for o in self.raw_objects()}

    def is_house_object(self, oid):
        # ProceduralTools.cs names prefab parts "<id>___<n>"; walls, rooms, the
        # floor, doors and windows are not in the house's object list
        return oid in self.house_ids and "___" not in oid

    def house_objects(self):
        return [o for o in self.raw_objects() if self.is_house_object(o["objectId"])]

    def learn(self):
        """Pivot → box-centre offsets and sizes of objects not seen before."""
        for o in self.house_objects():
            oid = o["objectId"]
            if oid in self.offsets:
                continue
            c = vec(o["axisAlignedBoundingBox"]["center"])
            p = vec(o["position"])
            yaw = float(o["rotation"]["y"])
            self.offsets[oid] = to_local(tuple(a - b for a, b in zip(c, p)), yaw)
            self.sizes[oid] = self.measure_size(o)

    def measure_size(self, o):
        yaw = float(o["rotation"]["y"])
        obb = o.get("objectOrientedBoundingBox")
        if obb and obb.get("cornerPoints"):
            return box_size(obb["cornerPoints"], yaw)
        # BaseFPSAgentController.cs: static objects have no oriented box; take
        # the asset's size, or undo the yaw on the axis-aligned one
        if o.get("assetId") in self.asset_sizes:
            return self.asset_sizes[o["assetId"]]
        return size_from_aabb(vec(o["axisAlignedBoundingBox"]["size"]), yaw)

    def centre_of(self, o):
        return vec(o["axisAlignedBoundingBox"]["center"])

    def pivot_for(self, oid, centre, yaw):
        off = to_world(self.offsets.get(oid, (0.0, 0.0, 0.0)), yaw)
        return tuple(a - b for a, b in zip(centre, off))

    def descendants(self, oid):
        """Objects resting on oid, directly or on each other, parents first."""
        objs = self.objects_by_id()
        out, todo = [], [oid]
        while todo:
            cur = todo.pop(0)
            for c in (objs.get(cur) or {}).get("receptacleObjectIds") or []:
                if self.is_house_object(c) and c != oid and c not in out:
                    out.append(c)
                    todo.append(c)
        return out

    def pose(self, oid):
        o = self.objects_by_id()[oid]
        return vec(o["position"]), float(o["rotation"]["y"])

    def put(self, oid, pivot, yaw, force, action="TeleportObject"):
        """One exact AI2-THOR TeleportObject (PhysicsRemoteFPSAgentController.cs:
        forceKinematic keeps physics from moving it afterwards)."""
        self.check(self.step("TeleportObject", objectId=oid, position=fp.xyz(*pivot), rotation=fp.xyz(0, yaw, 0),
                             forceAction=bool(force), forceKinematic=True), action)

    def verify(self, oid, pivot, yaw, what):
        got_p, got_y = self.pose(oid)
        if max(abs(a - b) for a, b in zip(got_p, pivot)) > POSITION_TOLERANCE or yaw_diff(got_y, yaw) > YAW_TOLERANCE:
            raise fp.ActionError("%s: AI2-THOR holds %s at pivot (%.6f, %.6f, %.6f) yaw %.4f, not (%.6f, %.6f, %.6f) "
                                 "yaw %.4f" % ((what, oid) + got_p + (got_y,) + tuple(pivot) + (yaw,)))

    def move_with_load(self, action, oid, centre, yaw, force, place=None):
        """Moves oid to (centre, yaw) and what rests on it rigidly with it;
        restores everything when AI2-THOR refuses."""
        objs = self.objects_by_id()
        obj = objs[oid]
        old_centre, old_yaw = self.centre_of(obj), float(obj["rotation"]["y"])
        load = self.descendants(oid)
        before = {k: self.pose(k) for k in [oid] + load}
        dyaw = yaw - old_yaw
        targets, boxes = {}, [(centre, self.sizes[oid], yaw)]
        for k in load:
            o = objs[k]
            rel = tuple(a - b for a, b in zip(self.centre_of(o), old_centre))
            c = tuple(a + b for a, b in zip(centre, to_world(rel, dyaw)))
            ky = float(o["rotation"]["y"]) + dyaw
            targets[k] = (self.pivot_for(k, c, ky), ky)
            boxes.append((c, self.sizes.get(k) or self.measure_size(o), ky))
        pivot = self.pivot_for(oid, centre, yaw)
        self.mover = oid
        if any(box_penetration(bx, self.agent_box()) > 0 for bx in boxes):
            self.park()  # UtilityFunctions.cs: the agent's body would refuse the move

        def tolerable(e):
            # the mover touching its own load, or overlapping another object
            # by no more than the protocol's 1 mm, is no collision
            other = ((e.ret or {}).get("collision") or {}).get("other")
            return other in load or self.overlap(other, boxes[0]) <= TOUCH

        def attempt(force):
            # the load first, unchecked: AI2-THOR would otherwise see the mover
            # collide with what it carries
            for k in load:
                self.put(k, targets[k][0], targets[k][1], True, action)
            if place is not None:
                try:
                    place(pivot)
                    force = True  # AI2-THOR checked the spot; the exact pose follows
                except fp.ActionError as e:
                    if not tolerable(e):
                        raise
            try:
                self.put(oid, pivot, yaw, force, action)
            except fp.ActionError as e:
                if not tolerable(e):
                    raise
                self.put(oid, pivot, yaw, True, action)

        def undo(e):
            try:
                self.restore(before, action)
            except fp.ActionError as e2:
                return fp.ActionError("%s; restoring the previous poses failed: %s" % (e.message, e2.message), e.ret)
            return e

        try:
            attempt(force)
        except fp.ActionError as e:
            other = getattr(e, "raw", None)
            if self.parked or not other or other in self.objects_by_id():
                raise undo(e)
            # a collider that is no sim object: the agent's body (AI2-THOR
            # names its collider); park the agent and try once more
            err = undo(e)
            if err is not e:
                raise err
            self.park()
            self.mover = oid
            try:
                attempt(force)
            except fp.ActionError as e3:
                raise undo(e3)
        self.verify(oid, pivot, yaw, action)
        for k in load:
            self.verify(k, targets[k][0], targets[k][1], action)

    def overlap(self, other, box):
        """How deep box overlaps the sim object named other (flowbench's name)
        at its current pose; inf when that cannot be measured."""
        if other == "Floor":
            return -(box[0][1] - box[1][1] / 2)  # below the floor (y = 0)
        o = self.objects_by_id().get(other)
        if o is None:
            return math.inf
        size = self.sizes.get(other) or self.measure_size(o)
        return box_penetration(box, (self.centre_of(o), size, float(o["rotation"]["y"])))

    def agent_box(self):
        """The agent's body (a box around its capsule, with a margin), or a
        box nowhere when it is parked."""
        if self.parked or self.event is None:
            return ((0.0, -1e6, 0.0), (0.0, 0.0, 0.0), 0.0)
        p = self.event.metadata["agent"]["position"]
        r = 2 * (AGENT_RADIUS + AGENT_MARGIN)
        return ((float(p["x"]), float(p["y"]), float(p["z"])), (r, AGENT_HEIGHT + 2 * AGENT_MARGIN, r), 0.0)

    def park(self):
        """Moves the agent out of the objects' way, below the floor
        (BaseFPSAgentController.cs teleportFull with forceAction takes any
        position); the view, if it was the agent's, goes to the third-party
        camera at the same pose first."""
        if self.parked:
            return
        md = self.event.metadata
        a = md["agent"]
        if self.view is None:
            eye = vec(md["cameraPosition"])
            self.third_party_view(eye[0], eye[1], eye[2], float(a["rotation"]["y"]), float(a["cameraHorizon"]),
                                  a.get("isStanding", True))
        a = self.event.metadata["agent"]
        p = a["position"]
        self.agent_home = (float(p["x"]), float(p["z"]), float(a["rotation"]["y"]), float(a["cameraHorizon"]))
        self.check(self.step("TeleportFull", position=fp.xyz(p["x"], self.body_y - PARK_DEPTH, p["z"]),
                             rotation=fp.xyz(0, a["rotation"]["y"], 0), horizon=float(a["cameraHorizon"]),
                             standing=True, forceAction=True), "moving the agent out of the way")
        self.parked = True

    def unpark(self, action):
        """Stands the parked agent up where it stood, or else at the nearest
        position it could reach before."""
        x0, z0, yaw, horizon = self.agent_home
        spots = [(x0, z0)] + sorted(self.reach, key=lambda p: (p[0] - x0) ** 2 + (p[1] - z0) ** 2)
        for x, z in spots:
            ev = self.step("TeleportFull", position={"x": x, "y": self.body_y, "z": z}, rotation=fp.xyz(0, yaw, 0),
                           horizon=min(max(horizon, MIN_HORIZON), MAX_HORIZON), standing=True)
            if ev.metadata.get("lastActionSuccess", False):
                self.parked = False
                return
        raise fp.ActionError("%s: the agent, moved out of the objects' way, can stand nowhere it could before" % action)

    def restore(self, before, action):
        for k, (p, y) in before.items():
            cur_p, cur_y = self.pose(k)
            if max(abs(a - b) for a, b in zip(cur_p, p)) > POSITION_TOLERANCE or yaw_diff(cur_y, y) > YAW_TOLERANCE:
                self.put(k, p, y, True, action)
            self.verify(k, p, y, action + " (restoring)")

    # --- actions --------------------------------------------------------

    def act(self, req_id, action, args):
        self.mover = None
        fn = getattr(self, "do_" + action, None)
        if fn is None:
            raise fp.ActionError("unknown action %r" % action)
        return fn(req_id, args)

    def do_Pass(self, req_id, args):
        if self.controller is not None:
            self.check(self.step("Pass"), "Pass")
        return fp.Result()

    def do_Initialize(self, req_id, args):
        new = dict(self.init)
        for k in ("width", "height", "fieldOfView", "gridSize"):
            if k in args and args[k]:
                new[k] = args[k]
        if not (isinstance(new["width"], int) and isinstance(new["height"], int) and new["width"] > 0 and new["height"] > 0):
            raise fp.ActionError("Initialize: image size %rx%r must be positive integers" % (new["width"], new["height"]))
        if not 0 < float(new["fieldOfView"]) < 180:
            raise fp.ActionError("Initialize: fieldOfView %r must be in (0, 180)" % new["fieldOfView"])
        fp.check_render_size("Initialize", new["width"], new["height"])
        if float(new["gridSize"]) != fp.GRID_SIZE:
            raise fp.ActionError("Initialize: gridSize %r is not supported (only %g)" % (new["gridSize"], fp.GRID_SIZE))
        if self.controller is not None and (new["width"], new["height"]) != (self.init["width"], self.init["height"]):
            self.check(self.step("ChangeResolution", x=new["width"], y=new["height"]), "Initialize")
        fov_changed = float(new["fieldOfView"]) != float(self.init["fieldOfView"])
        self.init = new
        if self.house and fov_changed:
            # the agent camera's field of view is fixed once AI2-THOR runs: the
            # current view moves to the third-party camera with the new one
            if self.view is not None:
                v = self.view
                self.third_party_view(v["eye"][0], v["eye"][1], v["eye"][2], v["yaw"], v["horizon"], v["standing"])
            elif float(new["fieldOfView"]) != self.agent_fov:
                md = self.event.metadata
                eye = vec(md["cameraPosition"])
                self.third_party_view(eye[0], eye[1], eye[2], float(md["agent"]["rotation"]["y"]),
                                      float(md["agent"]["cameraHorizon"]), md["agent"].get("isStanding", True))
        return fp.Result()

    def do_CreateHouse(self, req_id, args):
        house = args.get("house")
        if not isinstance(house, dict):
            raise fp.ActionError('CreateHouse: missing "house"')
        fp.check_house_grid(house)
        check_ai2thor_assets(house)
        self.ensure_controller()
        if self.house_loaded_once:
            # CreateHouse adds to the scene; a second house needs a fresh
            # "Procedural" scene (procthor/generation/house.py resets first),
            # which also drops the third-party camera
            self.event = self.controller.reset(scene="Procedural", width=self.init["width"], height=self.init["height"])
            self.third_party = False
        self.house = False
        self.house_loaded_once = True
        self.check(self.step("CreateHouse", house=with_asset_positions(house, self.asset_sizes, self.wall_holes)),
                   "CreateHouse")
        self.root_id = house.get("id") or "Floor"  # ProceduralTools.cs DefaultHouseRootObjectName
        self.house_ids = set(house_object_ids(house))
        self.walls = house_walls(house)
        self.offsets, self.sizes, self.view, self.parked, self.reach = {}, {}, None, False, []
        md = self.event.metadata
        self.body_y = float(md["agent"]["position"]["y"])
        agent = (house.get("metadata") or {}).get("agent")
        if agent and isinstance(agent.get("position"), dict):
            # CreateHouse has put the agent at metadata.agentPoses[agentMode]
            # (ProceduralTools.cs CreateHouse); flowbench's start pose is
            # metadata.agent: go there when AI2-THOR accepts it (procthor/
            # generation/house.py validate teleports the same way)
            horizon = min(max(float(agent.get("horizon", 0.0)), MIN_HORIZON), MAX_HORIZON)
            ev = self.step("TeleportFull", position=fp.xyz(agent["position"]["x"], self.body_y, agent["position"]["z"]),
                           rotation=agent.get("rotation") or fp.xyz(), horizon=horizon,
                           standing=agent.get("standing", True))
            if not ev.metadata.get("lastActionSuccess", False):
                self.step("Pass")
        # floors are at y = 0: a standing agent's camera height is its eye height
        self.eye_height = float(self.event.metadata["cameraPosition"]["y"])
        if self.event.metadata["agent"].get("isStanding", True):
            self.standing_eye = self.eye_height
        self.learn()
        self.house = True
        return fp.Result()

    def need_house(self, action):
        if not self.house:
            raise fp.ActionError("%s: no house loaded (send CreateHouse first)" % action)

    def do_TeleportFull(self, req_id, args):
        self.need_house("TeleportFull")
        pos, rot = args.get("position"), args.get("rotation")
        if not isinstance(pos, dict) or not isinstance(rot, dict):
            raise fp.ActionError('TeleportFull: "position" and "rotation" are required')
        if float(rot.get("x", 0.0)) != 0.0 or float(rot.get("z", 0.0)) != 0.0:
            raise fp.ActionError("TeleportFull: rotation must be a yaw only (x = z = 0)")
        x, y0, z = float(pos["x"]), float(pos.get("y", 0.0)), float(pos["z"])
        yaw = float(rot.get("y", 0.0))
        horizon = float(args.get("horizon", 0.0))
        standing = args.get("standing", True) is not False
        if args.get("eyeHeight") is None and not standing:
            raise fp.ActionError('TeleportFull: "standing": false needs "eyeHeight"')
        eye = y0 + float(args.get("eyeHeight", fp.CAMERA_HEIGHT))
        values = (x, eye, z, yaw, horizon)
        if not all(math.isfinite(v) for v in values):
            raise fp.ActionError("TeleportFull: pose %r is not finite" % (values,))
        if not -90.0 < horizon < 90.0:
            raise fp.ActionError("TeleportFull: horizon %g is outside (-90, 90): no camera looks that way" % horizon)
        g = fp.GRID_SIZE
        on_grid = all(abs(v / g - round(v / g)) < 1e-4 for v in (x, z))
        agent_can = (standing and self.standing_eye is not None and abs(eye - y0 - self.standing_eye) <= EYE_TOLERANCE
                     and abs(y0) <= EYE_TOLERANCE and on_grid and MIN_HORIZON <= horizon <= MAX_HORIZON
                     and float(self.init["fieldOfView"]) == self.agent_fov)
        if agent_can:
            ev = self.step("TeleportFull", position={"x": x, "y": self.body_y, "z": z}, rotation=fp.xyz(0, yaw, 0),
                           horizon=horizon, standing=True)
            if ev.metadata.get("lastActionSuccess", False):
                self.view, self.eye_height, self.parked = None, eye, False
                return fp.Result()
            # the agent cannot stand there (collision, bounds): the camera still can
        self.third_party_view(x, eye, z, yaw, horizon, standing)
        return fp.Result()

    def third_party_view(self, x, eye, z, yaw, horizon, standing):
        """AgentManager.cs: a third-party camera takes any pose and field of
        view; its rotation is Unity euler angles (x = pitch down, y = yaw)."""
        pos, rot = fp.xyz(x, eye, z), fp.xyz(horizon, yaw, 0)
        fov = float(self.init["fieldOfView"])
        if not self.third_party:
            self.check(self.step("AddThirdPartyCamera", position=pos, rotation=rot, fieldOfView=fov), "TeleportFull")
            self.third_party = True
        else:
            self.check(self.step("UpdateThirdPartyCamera", thirdPartyCameraId=0, position=pos, rotation=rot,
                                 fieldOfView=fov), "TeleportFull")
        self.view = {"eye": (x, eye, z), "yaw": yaw, "horizon": horizon, "standing": standing, "fov": fov}
        self.eye_height = eye

    def do_GetReachablePositions(self, req_id, args):
        self.need_house("GetReachablePositions")
        if self.parked:
            # AI2-THOR searches from where the agent stands
            self.unpark("GetReachablePositions")
        md = self.check(self.step("GetReachablePositions"), "GetReachablePositions")
        # Current AI2-THOR returns the positions in actionReturn
        # (unity/Assets/Scripts/BaseFPSAgentController.cs GetReachablePositions:
        # actionFinishedEmit(true, reachablePositions)); AI2-THOR 2.x used
        # actionVector3sReturn, still read here.
        ps = md.get("actionReturn") or md.get("actionVector3sReturn") or []
        self.reach = [(float(p["x"]), float(p["z"])) for p in ps]
        # AI2-THOR reports body centres; flowbench wants floor points (floors are at y = 0).
        return fp.Result([fp.xyz(p["x"], 0.0, p["z"]) for p in ps])

    def house_object(self, action, oid):
        if not isinstance(oid, str) or not self.is_house_object(oid):
            raise fp.ActionError("%s: unknown objectId %r" % (action, oid))
        obj = self.objects_by_id().get(oid)
        if obj is None:
            raise fp.ActionError("%s: unknown objectId %r (AI2-THOR did not spawn it)" % (action, oid))
        self.learn()
        return obj

    def do_TeleportObject(self, req_id, args):
        self.need_house("TeleportObject")
        oid, pos = args.get("objectId"), args.get("position")
        if not isinstance(pos, dict):
            raise fp.ActionError('TeleportObject: "objectId" and "position" are required')
        obj = self.house_object("TeleportObject", oid)
        rot = args.get("rotation") or obj["rotation"]
        if args.get("rotation") and (float(rot.get("x", 0)) != 0.0 or float(rot.get("z", 0)) != 0.0):
            raise fp.ActionError("TeleportObject: rotation must be a yaw only (x = z = 0)")
        self.move_with_load("TeleportObject", oid, vec(pos), float(rot["y"]), args.get("forceAction", False))
        return fp.Result()

    def do_PlaceObjectAtPoint(self, req_id, args):
        self.need_house("PlaceObjectAtPoint")
        oid, pos = args.get("objectId"), args.get("position")
        if not isinstance(pos, dict):
            raise fp.ActionError('PlaceObjectAtPoint: "objectId" and "position" are required')
        obj = self.house_object("PlaceObjectAtPoint", oid)
        yaw = float(obj["rotation"]["y"])
        bottom = vec(pos)
        h = self.sizes[oid][1]
        centre = (bottom[0], bottom[1] + h / 2, bottom[2])

        def place(pivot):
            # PhysicsRemoteFPSAgentController.cs PlaceObjectAtPoint: the pivot's
            # x, z go to the point, the bottom 5 mm above the surface found below
            # it; then the exact pose is set by TeleportObject
            self.check(self.step("PlaceObjectAtPoint", objectId=oid,
                                 position=fp.xyz(pivot[0], bottom[1] + PLACE_LIFT, pivot[2]), forceKinematic=True),
                       "PlaceObjectAtPoint")
        self.move_with_load("PlaceObjectAtPoint", oid, centre, yaw, False, place=place)
        return fp.Result()

    def do_SettleObject(self, req_id, args):
        self.need_house("SettleObject")
        oid = args.get("objectId")
        obj = self.house_object("SettleObject", oid)
        y0 = self.centre_of(obj)[1]
        if obj.get("pickupable") or obj.get("moveable"):
            self.settle(oid)
        # a static object is kinematic in AI2-THOR: physics leaves it where it is
        after = self.objects_by_id()[oid]
        parents = [p for p in after.get("parentReceptacles") or [] if self.is_house_object(p)]
        return fp.Result({"dropped": y0 - self.centre_of(after)[1], "parentReceptacle": parents[0] if parents else ""})

    def settle(self, oid):
        raw = self.raw_objects()
        load = self.descendants(oid)
        before = {o["objectId"]: (vec(o["position"]), float(o["rotation"]["y"])) for o in raw}
        centres = {o["objectId"]: self.centre_of(o) for o in raw}
        listed = [o for o in raw if o.get("pickupable") or o.get("moveable")]
        # PhysicsSceneManager.cs SetObjectPoses: the only way to make an object
        # that TeleportObject(forceKinematic) froze dynamic again; every
        # pickupable or moveable object must be listed or it is disabled, and
        # every listed one is left dynamic
        poses = [{"objectName": o["name"], "position": o["position"], "rotation": o["rotation"]} for o in listed]
        self.mover = oid
        # BaseFPSAgentController.cs: AdvancePhysicsStep needs PausePhysicsAutoSim;
        # pausing first also keeps anything from moving before we step
        self.check(self.step("PausePhysicsAutoSim"), "SettleObject")
        try:
            self.check(self.step("SetObjectPoses", objectPoses=poses, placeStationary=False), "SettleObject")
            # freeze every listed object but the mover and its load where it
            # is: flowbench's Settle moves only those, and an object left
            # dynamic (a chair that is kinematic in the house, an object
            # balanced over an edge) could tip or drift later, unseen
            for o in listed:
                k = o["objectId"]
                if k != oid and k not in load and k in before:
                    self.put(k, before[k][0], before[k][1], True, "SettleObject")
            for _ in range(SETTLE_MAX_STEPS):
                ev = self.step("AdvancePhysicsStep", timeStep=SETTLE_STEP)
                if not ev.metadata.get("lastActionSuccess") and "PausePhysicsAutoSim" in (ev.metadata.get("errorMessage") or ""):
                    # AgentManager.cs turns auto-simulation back on once the scene rests: pause again
                    self.check(self.step("PausePhysicsAutoSim"), "SettleObject")
                    ev = self.step("AdvancePhysicsStep", timeStep=SETTLE_STEP)
                md = self.check(ev, "SettleObject")
                if md.get("isSceneAtRest", False):
                    break
            else:
                raise fp.ActionError("SettleObject: the scene did not come to rest after %g s of physics"
                                     % (SETTLE_MAX_STEPS * SETTLE_STEP))
            # freeze the object where physics left it (upright, as flowbench
            # keeps objects) and carry its load by the same drop, before
            # auto-simulation resumes: nothing is left dynamic
            now = self.objects_by_id()
            p1, y1 = vec(now[oid]["position"]), float(now[oid]["rotation"]["y"])
            self.put(oid, p1, y1, True, "SettleObject")
        finally:
            self.step("UnpausePhysicsAutoSim")
        delta = tuple(a - b for a, b in zip(self.centre_of(self.objects_by_id()[oid]), centres[oid]))
        now = self.objects_by_id()
        fix = {}
        for k, (p, y) in before.items():
            if k == oid or k not in now or not self.is_house_object(k):
                continue
            fix[k] = (tuple(a + b for a, b in zip(p, delta)), y) if k in load else (p, y)
        self.restore(fix, "SettleObject")

    def pixel_of(self, args):
        w, h = self.init["width"], self.init["height"]
        if args.get("u") is not None and args.get("v") is not None:
            return (float(args["u"]) + 0.5) / w, (float(args["v"]) + 0.5) / h
        if args.get("x") is None or args.get("y") is None:
            raise fp.ActionError('GetCoordinateFromRaycast: needs "x" and "y" (or "u" and "v")')
        return float(args["x"]), float(args["y"])

    def segment_name(self, name):
        """flowbench's name of an AI2-THOR segment: prefab parts are their
        object, room floors are "floor|<room>", ceilings "ceiling|<room>"."""
        name = name.split("___")[0]
        if name.startswith("room|"):
            return "floor|" + name
        if name.startswith("Ceiling_"):
            return "ceiling|" + name[len("Ceiling_"):]
        return name

    def frames(self, ev):
        """(rgb, depth, instance segmentation) of the current view; a
        third-party camera's are in the event's third_party_*_frames lists
        (ai2thor/server.py Event)."""
        if self.view is not None:
            return (ev.third_party_camera_frames[0], ev.third_party_depth_frames[0],
                    ev.third_party_instance_segmentation_frames[0])
        return ev.frame, ev.depth_frame, getattr(ev, "instance_segmentation_frame", None)

    def far_depth(self):
        """Depth AI2-THOR reports where a ray meets nothing
        (ai2thor/server.py Event._image_depth: normalised 1 × (far − near))."""
        return FAR_PLANE - NEAR_PLANE

    def no_hit_depth(self, depth):
        """Depth in the protocol's convention: 0 where nothing is hit."""
        np = fp.import_optional("numpy")
        d = np.asarray(depth, dtype=np.float32)
        return np.where(d >= self.far_depth() - FAR_EPS, np.float32(0.0), d).astype(np.float32)

    def view_ray(self, x, y, v=None):
        """Direction through viewport (x, y) of the current view, scaled so its
        forward component is 1 (depth * ray + eye is the hit)."""
        v = v or self.view
        s, c = math.sin(math.radians(v["yaw"])), math.cos(math.radians(v["yaw"]))
        sh, ch = math.sin(math.radians(v["horizon"])), math.cos(math.radians(v["horizon"]))
        fwd, right, up = (s * ch, -sh, c * ch), (c, 0.0, -s), (s * sh, ch, c * sh)
        t = math.tan(math.radians(v["fov"]) / 2)
        a = (2 * x - 1) * t * self.init["width"] / self.init["height"]
        b = (1 - 2 * y) * t
        return tuple(fwd[k] + a * right[k] + b * up[k] for k in range(3))

    def do_GetCoordinateFromRaycast(self, req_id, args):
        self.need_house("GetCoordinateFromRaycast")
        x, y = self.pixel_of(args)
        if not (0 <= x <= 1 and 0 <= y <= 1):
            raise fp.ActionError("GetCoordinateFromRaycast: (%g, %g) is outside the viewport" % (x, y))
        miss = {"x": 0.0, "y": 0.0, "z": 0.0, "hit": False, "objectId": "", "distance": 0.0, "depth": 0.0}
        w, h = self.init["width"], self.init["height"]
        i, j = min(int(x * w), w - 1), min(int(y * h), h - 1)
        if self.view is not None:
            # AI2-THOR casts from the agent camera only: read the third-party
            # camera's depth and segmentation at the pixel instead
            ev = self.step("Pass")
            self.check(ev, "GetCoordinateFromRaycast")
            _, depth_frame, seg = self.frames(ev)
            depth = float(self.no_hit_depth(depth_frame[j][i]))
            if not depth > 0:
                return fp.Result(miss)
            ray = self.view_ray((i + 0.5) / w, (j + 0.5) / h)
            eye = self.view["eye"]
            p = tuple(eye[k] + depth * ray[k] for k in range(3))
            cam = eye
        else:
            ev = self.step("GetCoordinateFromRaycast", x=x, y=y)
            md = self.check(ev, "GetCoordinateFromRaycast")
            cam = vec(md["cameraPosition"])
            ray = self.view_ray(x, y, {"yaw": float(md["agent"]["rotation"]["y"]),
                                       "horizon": float(md["agent"]["cameraHorizon"]), "fov": self.agent_fov})
            p = vec(md["actionReturn"])
            # BaseFPSAgentController.cs: a ray that meets nothing returns (0, 0, 0)
            t_thor = math.inf if p == (0.0, 0.0, 0.0) else \
                sum((p[k] - cam[k]) * ray[k] for k in range(3)) / sum(r * r for r in ray)
            # ... and it casts past walls on the house's layers: the walls' hit
            # comes from the house geometry
            t_wall, wall_id = wall_hit(self.walls, cam, ray)
            _, depth_frame, seg = self.frames(ev)
            seg_name = self.segment_name(ev.color_to_object_id.get(tuple(int(c) for c in seg[j][i]), "")) \
                if seg is not None else None
            if math.isfinite(t_wall) and (t_wall < t_thor or seg_name == wall_id):
                p = tuple(cam[k] + t_wall * ray[k] for k in range(3))
            elif not math.isfinite(t_thor):
                return fp.Result(miss)
            depth = float(self.no_hit_depth(depth_frame[j][i])) if depth_frame is not None else 0.0
        oid = ""
        if seg is not None:
            oid = self.segment_name(ev.color_to_object_id.get(tuple(int(c) for c in seg[j][i]), ""))
        dist = math.sqrt(sum((a - b) ** 2 for a, b in zip(p, cam)))
        return fp.Result({"x": p[0], "y": p[1], "z": p[2], "hit": True, "objectId": oid, "distance": dist, "depth": depth})

    def do_Render(self, req_id, args):
        self.need_house("Render")
        passes = fp.parse_passes(args)
        ev = self.step("Pass")
        self.check(ev, "Render")
        np = fp.import_optional("numpy")
        rgb, depth, seg = self.frames(ev)
        frames, table = [], [""]
        for p in passes:
            if p == "rgb":
                frames.append(fp.encode_frame(fp.PASS_RGB, req_id, np.asarray(rgb, dtype=np.uint8)))
            elif p == "depth":
                frames.append(fp.encode_frame(fp.PASS_DEPTH, req_id, self.no_hit_depth(depth)))
            else:
                ids, table = self.instance_ids(ev, seg)
                frames.append(fp.encode_frame(fp.PASS_IDS, req_id, ids))
        if "ids" not in passes:
            _, table = self.instance_ids(ev, seg)
        h, w = np.asarray(depth if depth is not None else rgb).shape[:2]
        return fp.Result({"width": int(w), "height": int(h), "passes": passes, "idTable": table}, frames)

    def instance_ids(self, ev, seg):
        """Turns the instance segmentation colours into ids and an id table:
        "" first, then the house's objects in metadata order, then other
        segments (in flowbench's names) sorted."""
        np = fp.import_optional("numpy")
        seg = np.asarray(seg, dtype=np.uint32)
        keys = (seg[..., 0] << 16) | (seg[..., 1] << 8) | seg[..., 2]
        order = [o["objectId"] for o in self.house_objects()]
        known = set(order)
        others = sorted(set(self.segment_name(v) for v in ev.color_to_object_id.values()) - known - {""})
        table = [""] + order + others
        index = {oid: i for i, oid in enumerate(table)}
        uniq, inverse = np.unique(keys, return_inverse=True)
        lut = np.zeros(len(uniq), dtype=np.uint16)
        for k, key in enumerate(uniq.tolist()):
            rgb = ((key >> 16) & 255, (key >> 8) & 255, key & 255)
            lut[k] = index.get(self.segment_name(ev.color_to_object_id.get(rgb, "")), 0)
        return lut[inverse].reshape(keys.shape), table

    # --- metadata -------------------------------------------------------

    def metadata(self, action, with_objects):
        md = fp.empty_metadata(action)
        md["screenWidth"], md["screenHeight"], md["fov"] = self.init["width"], self.init["height"], float(self.init["fieldOfView"])
        if self.event is None:
            return md
        src = self.event.metadata
        for k in ("agent", "cameraPosition", "sceneName", "sceneBounds", "isSceneAtRest", "currentTime"):
            if k in src:
                md[k] = src[k]
        agent = dict(md["agent"])
        if self.view is not None:
            eye = self.view["eye"]
            agent.update(position=fp.xyz(eye[0], 0.0, eye[2]), rotation=fp.xyz(0, self.view["yaw"], 0),
                         cameraHorizon=self.view["horizon"], isStanding=self.view["standing"])
            md["cameraPosition"] = fp.xyz(*eye)
            agent["eyeHeight"] = eye[1]
        else:
            agent["position"] = fp.xyz(agent["position"]["x"], 0.0, agent["position"]["z"])
            agent["eyeHeight"] = float(src.get("cameraPosition", {}).get("y", self.eye_height))
        md["agent"] = agent
        if with_objects:
            self.learn()
            md["objects"] = [self.object_metadata(o) for o in self.house_objects()]
        return md

    def object_metadata(self, o):
        """AI2-THOR's entry with position moved to the box centre, flowbench's
        boxSize, a yaw-only rotation and parents/children among the house's
        objects only (the house floor is no parent)."""
        out = dict(o)
        oid = o["objectId"]
        yaw = float(o["rotation"]["y"])
        centre = self.centre_of(o)
        size = self.sizes.get(oid) or self.measure_size(o)
        out["position"] = fp.xyz(*centre)
        out["rotation"] = fp.xyz(0, yaw, 0)
        out["boxSize"] = fp.xyz(*size)
        out["objectOrientedBoundingBox"] = {"cornerPoints": obb_corners(centre, size, yaw)}
        parents = [p for p in o.get("parentReceptacles") or [] if self.is_house_object(p)]
        out["parentReceptacles"] = parents or None
        if o.get("receptacleObjectIds") is not None:
            out["receptacleObjectIds"] = [c for c in o["receptacleObjectIds"] if self.is_house_object(c)]
        return out


def check_ai2thor_assets(house):
    """Refuses a house with a flowbench-only asset id: AI2-THOR has no such
    asset and would skip the object (ProceduralTools.cs CreateHouse), leaving
    the client's house and the scene apart. The hello declares only
    AI2-THOR's ids, so flowbench's client leaves such objects out first."""
    bad = [(oid, aid) for oid, aid in fp.house_assets(house) if fp.flowbench_only_asset(aid)]
    if bad:
        raise fp.ActionError("CreateHouse: AI2-THOR cannot create %s (asset %s)%s: this bridge creates only AI2-THOR's "
                             "asset ids (hello assets [\"ai2thor\"])"
                             % (bad[0][0], bad[0][1], " and %d more objects" % (len(bad) - 1) if len(bad) > 1 else ""))


def main(argv=None, controller_factory=default_controller_factory, ready=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8767)
    ap.add_argument("--listen-any", action="store_true", help="allow a non-loopback --host")
    ap.add_argument("--asset-db", help="AI2-THOR's asset-database.json: exact sizes of static objects")
    ap.add_argument("--wall-holes", help="ProcTHOR's wall-holes.json: with --asset-db, door and window assetPosition "
                                         "as ProcTHOR computes it, for holes cut to their asset's size (houses "
                                         "from earlier flowbench versions; today's and ProcTHOR's have it already)")
    a = ap.parse_args(argv)
    fp.check_host(a.host, a.listen_any)
    sizes = load_asset_sizes(a.asset_db) if a.asset_db else None
    holes = load_wall_holes(a.wall_holes) if a.wall_holes else None
    fp.serve(lambda: Ai2ThorSession(controller_factory, sizes, holes), a.host, a.port, "ai2thor", ACTIONS, ready=ready,
             assets=[fp.ASSETS_AI2THOR])


if __name__ == "__main__":
    main()
