#!/usr/bin/env python3
"""flowbench-thor bridge for AI2-THOR (docs/protocol.md).

    python3 thor/bridge/ai2thor_bridge.py --port 8767 [--host 127.0.0.1] [--asset-db asset-database.json]

Wraps ai2thor.controller.Controller (imported lazily, on the first
Initialize or CreateHouse) and translates between flowbench's conventions and
AI2-THOR's. Every AI2-THOR behaviour the bridge relies on is marked with the
file of allenai/ai2thor (or allenai/procthor) it was read from:

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
* SettleObject runs AI2-THOR's physics: SetObjectPoses(placeStationary=False)
  to make the object dynamic again, PausePhysicsAutoSim, AdvancePhysicsStep
  until isSceneAtRest (BaseFPSAgentController.cs AdvancePhysicsStep;
  PhysicsSceneManager.cs SetObjectPoses), then puts back whatever else moved;
* the agent: flowbench sends the floor point under the eye and the eye
  height; AI2-THOR's position y is the body centre, its eye height is fixed,
  positions must be on the grid and horizons in [-30, 60]
  (BaseFPSAgentController.cs teleportFull). Views the agent cannot take go to a
  third-party camera (AgentManager.cs AddThirdPartyCamera/UpdateThirdPartyCamera);
* GetCoordinateFromRaycast succeeds even when the ray meets nothing and then
  returns (0, 0, 0) (BaseFPSAgentController.cs GetCoordinateFromRaycast): the
  bridge reports that as a miss;
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

    def __init__(self, controller_factory=default_controller_factory, asset_sizes=None):
        self.factory = controller_factory
        self.asset_sizes = asset_sizes or {}
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
        ev = self.ensure_controller().step(action=action, **kwargs)
        self.event = ev
        return ev

    def check(self, ev, action):
        md = ev.metadata
        if not md.get("lastActionSuccess", False):
            msg = md.get("errorMessage") or ("%s failed" % action)
            ret = None
            m = COLLISION_RE.match(msg)
            if m:
                ret = {"collision": {"mover": self.mover or m.group(1), "object": m.group(1),
                                     "other": self.other_name(m.group(2)), "depth": 0.0, "action": m.group(3)}}
            m = SPAWN_RE.search(msg)
            if m and self.mover:
                ret = {"collision": {"mover": self.mover, "object": self.mover, "other": self.other_name(m.group(1)),
                                     "depth": 0.0, "action": "teleport"}}
            raise fp.ActionError(msg, ret)
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
        targets = {}
        for k in load:
            o = objs[k]
            rel = tuple(a - b for a, b in zip(self.centre_of(o), old_centre))
            c = tuple(a + b for a, b in zip(centre, to_world(rel, dyaw)))
            ky = float(o["rotation"]["y"]) + dyaw
            targets[k] = (self.pivot_for(k, c, ky), ky)
        pivot = self.pivot_for(oid, centre, yaw)
        self.mover = oid
        try:
            # the load first, unchecked: AI2-THOR would otherwise see the mover
            # collide with what it carries
            for k in load:
                self.put(k, targets[k][0], targets[k][1], True, action)
            if place is not None:
                try:
                    place(pivot)
                    force = True  # AI2-THOR checked the spot; the exact pose follows
                except fp.ActionError as e:
                    if ((e.ret or {}).get("collision") or {}).get("other") not in load:
                        raise
            try:
                self.put(oid, pivot, yaw, force, action)
            except fp.ActionError as e:
                other = ((e.ret or {}).get("collision") or {}).get("other")
                if other not in load:
                    raise
                self.put(oid, pivot, yaw, True, action)  # touching its own load is no collision
        except fp.ActionError as e:
            err = e
            try:
                self.restore(before, action)
            except fp.ActionError as e2:
                err = fp.ActionError("%s; restoring the previous poses failed: %s" % (e.message, e2.message), e.ret)
            raise err
        self.verify(oid, pivot, yaw, action)
        for k in load:
            self.verify(k, targets[k][0], targets[k][1], action)

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
        self.ensure_controller()
        if self.house_loaded_once:
            # CreateHouse adds to the scene; a second house needs a fresh
            # "Procedural" scene (procthor/generation/house.py resets first),
            # which also drops the third-party camera
            self.event = self.controller.reset(scene="Procedural", width=self.init["width"], height=self.init["height"])
            self.third_party = False
        self.house = False
        self.house_loaded_once = True
        self.check(self.step("CreateHouse", house=house), "CreateHouse")
        self.root_id = house.get("id") or "Floor"  # ProceduralTools.cs DefaultHouseRootObjectName
        self.house_ids = set(house_object_ids(house))
        self.offsets, self.sizes, self.view = {}, {}, None
        md = self.event.metadata
        agent = (house.get("metadata") or {}).get("agent")
        if agent and isinstance(agent.get("position"), dict):
            # AI2-THOR leaves the agent where the scene had it; the house's start
            # pose is best effort (procthor/generation/house.py validate)
            body_y = float(md["agent"]["position"]["y"])
            horizon = min(max(float(agent.get("horizon", 0.0)), MIN_HORIZON), MAX_HORIZON)
            ev = self.step("TeleportFull", position=fp.xyz(agent["position"]["x"], body_y, agent["position"]["z"]),
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
            body_y = float(self.event.metadata["agent"]["position"]["y"])
            ev = self.step("TeleportFull", position={"x": x, "y": body_y, "z": z}, rotation=fp.xyz(0, yaw, 0),
                           horizon=horizon, standing=True)
            if ev.metadata.get("lastActionSuccess", False):
                self.view, self.eye_height = None, eye
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
        md = self.check(self.step("GetReachablePositions"), "GetReachablePositions")
        # Current AI2-THOR returns the positions in actionReturn
        # (unity/Assets/Scripts/BaseFPSAgentController.cs GetReachablePositions:
        # actionFinishedEmit(true, reachablePositions)); AI2-THOR 2.x used
        # actionVector3sReturn, still read here.
        ps = md.get("actionReturn") or md.get("actionVector3sReturn") or []
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
        # PhysicsSceneManager.cs SetObjectPoses: the only way to make an object
        # that TeleportObject(forceKinematic) froze dynamic again; every
        # pickupable or moveable object must be listed or it is disabled
        poses = [{"objectName": o["name"], "position": o["position"], "rotation": o["rotation"]}
                 for o in raw if o.get("pickupable") or o.get("moveable")]
        # BaseFPSAgentController.cs: AdvancePhysicsStep needs PausePhysicsAutoSim;
        # pausing first also keeps the object from falling before we step
        self.check(self.step("PausePhysicsAutoSim"), "SettleObject")
        try:
            self.check(self.step("SetObjectPoses", objectPoses=poses, placeStationary=False), "SettleObject")
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
        finally:
            self.step("UnpausePhysicsAutoSim")
        # freeze the object where physics left it (upright, as flowbench keeps
        # objects), carry its load by the same drop, put back everything else
        now = self.objects_by_id()
        p1, y1 = vec(now[oid]["position"]), float(now[oid]["rotation"]["y"])
        self.mover = oid
        self.put(oid, p1, y1, True, "SettleObject")
        delta = tuple(a - b for a, b in zip(self.centre_of(self.objects_by_id()[oid]), centres[oid]))
        fix = {}
        for k, (p, y) in before.items():
            if k == oid or k not in now:
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

    def view_ray(self, x, y):
        """Direction through viewport (x, y) of the current view, scaled so its
        forward component is 1 (depth * ray + eye is the hit)."""
        v = self.view
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
            depth = float(depth_frame[j][i])
            if not depth > 0:
                return fp.Result(miss)
            ray = self.view_ray((i + 0.5) / w, (j + 0.5) / h)
            eye = self.view["eye"]
            p = tuple(eye[k] + depth * ray[k] for k in range(3))
            cam = eye
        else:
            ev = self.step("GetCoordinateFromRaycast", x=x, y=y)
            md = self.check(ev, "GetCoordinateFromRaycast")
            p = vec(md["actionReturn"])
            # BaseFPSAgentController.cs: a ray that meets nothing returns (0, 0, 0)
            if p == (0.0, 0.0, 0.0):
                return fp.Result(miss)
            _, depth_frame, seg = self.frames(ev)
            depth = float(depth_frame[j][i]) if depth_frame is not None else 0.0
            cam = vec(md["cameraPosition"])
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
                frames.append(fp.encode_frame(fp.PASS_DEPTH, req_id, np.asarray(depth, dtype=np.float32)))
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


def main(argv=None, controller_factory=default_controller_factory, ready=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8767)
    ap.add_argument("--listen-any", action="store_true", help="allow a non-loopback --host")
    ap.add_argument("--asset-db", help="AI2-THOR's asset-database.json: exact sizes of static objects")
    a = ap.parse_args(argv)
    fp.check_host(a.host, a.listen_any)
    sizes = load_asset_sizes(a.asset_db) if a.asset_db else None
    fp.serve(lambda: Ai2ThorSession(controller_factory, sizes), a.host, a.port, "ai2thor", ACTIONS, ready=ready)


if __name__ == "__main__":
    main()
