#!/usr/bin/env python3
"""flowbench-thor bridge for AI2-THOR (docs/protocol.md).

    python3 thor/bridge/ai2thor_bridge.py --port 8767 [--host 127.0.0.1]

Wraps ai2thor.controller.Controller (imported lazily, on the first
Initialize or CreateHouse) and translates between flowbench's conventions and
AI2-THOR's:

* object positions: flowbench uses the bounding-box centre, AI2-THOR's
  TeleportObject and metadata use the object's pivot. The bridge measures
  each object's pivot → box-centre offset (in the object's frame) from
  AI2-THOR's metadata and converts both ways;
* the agent: flowbench sends the floor point under the eye and the eye
  height; AI2-THOR's position y is the body centre and its eye height is
  fixed, so the bridge keeps AI2-THOR's body y and refuses other eye heights;
* frames: AI2-THOR's instance segmentation colours are turned into uint16
  instance ids with an id table (objects in metadata order, then other
  segments sorted by id);
* SettleObject is emulated with AdvancePhysicsStep until the scene rests.

Requires numpy and websockets; ai2thor only when a session starts.
"""

import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flowbench_protocol as fp  # noqa: E402

ACTIONS = ["Initialize", "CreateHouse", "TeleportFull", "GetReachablePositions", "TeleportObject",
           "PlaceObjectAtPoint", "SettleObject", "GetCoordinateFromRaycast", "Render", "Pass"]
COLLISION_RE = re.compile(r"^(.+?) is colliding with (.+) after (teleport|settle)\.$")
EYE_TOLERANCE = 0.02  # metres between the requested and AI2-THOR's eye height


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


class Ai2ThorSession:
    """One connection's translation state around an AI2-THOR controller."""

    def __init__(self, controller_factory=default_controller_factory):
        self.factory = controller_factory
        self.controller = None
        self.init = {"width": 800, "height": 800, "fieldOfView": 90.0, "gridSize": fp.GRID_SIZE}
        self.event = None
        self.offsets = {}  # objectId → pivot→box-centre offset in the object frame
        self.eye_height = fp.CAMERA_HEIGHT
        self.house = False

    def close(self):
        if self.controller is not None and hasattr(self.controller, "stop"):
            self.controller.stop()

    # --- AI2-THOR plumbing ---------------------------------------------

    def ensure_controller(self):
        if self.controller is None:
            self.controller = self.factory(width=self.init["width"], height=self.init["height"],
                                           fieldOfView=self.init["fieldOfView"], gridSize=self.init["gridSize"],
                                           renderDepthImage=True, renderInstanceSegmentation=True)
        return self.controller

    def step(self, action, **kwargs):
        ev = self.ensure_controller().step(action=action, **kwargs)
        self.event = ev
        return ev

    def check(self, ev, action):
        md = ev.metadata
        if not md.get("lastActionSuccess", False):
            msg = md.get("errorMessage") or ("%s failed" % action)
            m = COLLISION_RE.match(msg)
            ret = None
            if m:
                ret = {"collision": {"mover": self.mover or m.group(1), "object": m.group(1), "other": m.group(2),
                                     "depth": 0.0, "action": m.group(3)}}
            raise fp.ActionError(msg, ret)
        return md

    def objects_by_id(self):
        return {o["objectId"]: o for o in (self.event.metadata.get("objects") or [])} if self.event else {}

    def learn_offsets(self):
        """Measures pivot → box-centre offsets of objects not seen before."""
        for oid, o in self.objects_by_id().items():
            if oid in self.offsets:
                continue
            c = vec(o["axisAlignedBoundingBox"]["center"])
            p = vec(o["position"])
            yaw = float(o["rotation"]["y"])
            self.offsets[oid] = to_local(tuple(a - b for a, b in zip(c, p)), yaw)

    def pivot_for(self, oid, centre, yaw):
        off = to_world(self.offsets.get(oid, (0.0, 0.0, 0.0)), yaw)
        return tuple(a - b for a, b in zip(centre, off))

    # --- actions --------------------------------------------------------

    def act(self, req_id, action, args):
        self.mover = None
        fn = getattr(self, "do_" + action, None)
        if fn is None:
            raise fp.ActionError("unknown action %r" % action)
        return fn(req_id, args)

    def do_Pass(self, req_id, args):
        if self.controller is not None:
            self.check(self.step("Done"), "Pass")
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
        if float(new["gridSize"]) != fp.GRID_SIZE:
            raise fp.ActionError("Initialize: gridSize %r is not supported (only %g)" % (new["gridSize"], fp.GRID_SIZE))
        if self.controller is not None:
            if float(new["fieldOfView"]) != float(self.init["fieldOfView"]):
                raise fp.ActionError("Initialize: the AI2-THOR bridge cannot change fieldOfView after the "
                                     "controller started; send Initialize before CreateHouse")
            if (new["width"], new["height"]) != (self.init["width"], self.init["height"]):
                self.check(self.step("ChangeResolution", x=new["width"], y=new["height"]), "Initialize")
        self.init = new
        return fp.Result()

    def do_CreateHouse(self, req_id, args):
        house = args.get("house")
        if not isinstance(house, dict):
            raise fp.ActionError('CreateHouse: missing "house"')
        self.check(self.step("CreateHouse", house=house), "CreateHouse")
        agent = (house.get("metadata") or {}).get("agent")
        if agent:  # AI2-THOR leaves the agent where the previous scene had it
            self.check(self.step("TeleportFull", **{k: agent[k] for k in ("position", "rotation", "horizon") if k in agent},
                                 standing=agent.get("standing", True)), "CreateHouse")
        self.offsets = {}
        self.learn_offsets()
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
        md = self.event.metadata
        eye = args.get("eyeHeight", fp.CAMERA_HEIGHT) + float(pos.get("y", 0.0))
        body_y = float(md["agent"]["position"]["y"])
        thor_eye = float(md["cameraPosition"]["y"]) if md["agent"].get("isStanding", True) else None
        if thor_eye is not None and abs(thor_eye - eye) > EYE_TOLERANCE:
            raise fp.ActionError("TeleportFull: eye height %.3f m is not AI2-THOR's standing eye height %.3f m" % (eye, thor_eye))
        self.check(self.step("TeleportFull", position={"x": pos["x"], "y": body_y, "z": pos["z"]},
                             rotation={"x": 0.0, "y": float(rot.get("y", 0.0)), "z": 0.0},
                             horizon=float(args.get("horizon", 0.0)), standing=args.get("standing", True) is not False),
                   "TeleportFull")
        self.eye_height = eye
        return fp.Result()

    def do_GetReachablePositions(self, req_id, args):
        self.need_house("GetReachablePositions")
        md = self.check(self.step("GetReachablePositions"), "GetReachablePositions")
        ps = md.get("actionReturn") or md.get("actionVector3sReturn") or []
        # AI2-THOR reports body centres; flowbench wants floor points (floors are at y = 0).
        return fp.Result(vector3s=[fp.xyz(p["x"], 0.0, p["z"]) for p in ps])

    def teleport(self, action, oid, centre, yaw, force):
        obj = self.objects_by_id().get(oid)
        if obj is None:
            raise fp.ActionError("%s: unknown objectId %r" % (action, oid))
        self.mover = oid
        pivot = self.pivot_for(oid, centre, yaw)
        self.check(self.step("TeleportObject", objectId=oid, position=fp.xyz(*pivot), rotation=fp.xyz(0, yaw, 0),
                             forceAction=bool(force)), action)

    def do_TeleportObject(self, req_id, args):
        self.need_house("TeleportObject")
        oid, pos = args.get("objectId"), args.get("position")
        if not isinstance(oid, str) or not isinstance(pos, dict):
            raise fp.ActionError('TeleportObject: "objectId" and "position" are required')
        obj = self.objects_by_id().get(oid)
        if obj is None:
            raise fp.ActionError("TeleportObject: unknown objectId %r" % oid)
        yaw = float((args.get("rotation") or obj["rotation"])["y"])
        self.teleport("TeleportObject", oid, vec(pos), yaw, args.get("forceAction", False))
        return fp.Result()

    def do_PlaceObjectAtPoint(self, req_id, args):
        self.need_house("PlaceObjectAtPoint")
        oid, pos = args.get("objectId"), args.get("position")
        if not isinstance(oid, str) or not isinstance(pos, dict):
            raise fp.ActionError('PlaceObjectAtPoint: "objectId" and "position" are required')
        self.mover = oid
        self.check(self.step("PlaceObjectAtPoint", objectId=oid, position=pos), "PlaceObjectAtPoint")
        return fp.Result()

    def do_SettleObject(self, req_id, args):
        self.need_house("SettleObject")
        oid = args.get("objectId")
        before = self.objects_by_id().get(oid)
        if before is None:
            raise fp.ActionError("SettleObject: unknown objectId %r" % (oid,))
        y0 = float(before["axisAlignedBoundingBox"]["center"]["y"])
        for _ in range(100):
            md = self.check(self.step("AdvancePhysicsStep", timeStep=0.05), "SettleObject")
            if md.get("isSceneAtRest", True):
                break
        after = self.objects_by_id()[oid]
        parents = after.get("parentReceptacles") or []
        return fp.Result({"dropped": y0 - float(after["axisAlignedBoundingBox"]["center"]["y"]),
                          "parentReceptacle": parents[0] if parents else ""})

    def pixel_of(self, args):
        w, h = self.init["width"], self.init["height"]
        if args.get("u") is not None and args.get("v") is not None:
            return (float(args["u"]) + 0.5) / w, (float(args["v"]) + 0.5) / h
        if args.get("x") is None or args.get("y") is None:
            raise fp.ActionError('GetCoordinateFromRaycast: needs "x" and "y" (or "u" and "v")')
        return float(args["x"]), float(args["y"])

    def do_GetCoordinateFromRaycast(self, req_id, args):
        self.need_house("GetCoordinateFromRaycast")
        x, y = self.pixel_of(args)
        if not (0 <= x <= 1 and 0 <= y <= 1):
            raise fp.ActionError("GetCoordinateFromRaycast: (%g, %g) is outside the viewport" % (x, y))
        ev = self.step("GetCoordinateFromRaycast", x=x, y=y)
        md = ev.metadata
        if not md.get("lastActionSuccess", False):
            return fp.Result({"x": 0.0, "y": 0.0, "z": 0.0, "hit": False})
        p = vec(md["actionReturn"])
        w, h = self.init["width"], self.init["height"]
        i, j = min(int(x * w), w - 1), min(int(y * h), h - 1)
        oid = ""
        seg = getattr(ev, "instance_segmentation_frame", None)
        if seg is not None:
            oid = ev.color_to_object_id.get(tuple(int(c) for c in seg[j][i]), "")
        depth = float(ev.depth_frame[j][i]) if getattr(ev, "depth_frame", None) is not None else 0.0
        cam = vec(md["cameraPosition"])
        dist = math.sqrt(sum((a - b) ** 2 for a, b in zip(p, cam)))
        return fp.Result({"x": p[0], "y": p[1], "z": p[2], "hit": True, "objectId": oid, "distance": dist, "depth": depth})

    def do_Render(self, req_id, args):
        self.need_house("Render")
        passes = fp.parse_passes(args)
        ev = self.step("Done")
        self.check(ev, "Render")
        np = fp.import_optional("numpy")
        frames, table = [], [""]
        for p in passes:
            if p == "rgb":
                frames.append(fp.encode_frame(fp.PASS_RGB, req_id, np.asarray(ev.frame, dtype=np.uint8)))
            elif p == "depth":
                frames.append(fp.encode_frame(fp.PASS_DEPTH, req_id, np.asarray(ev.depth_frame, dtype=np.float32)))
            else:
                ids, table = self.instance_ids(ev)
                frames.append(fp.encode_frame(fp.PASS_IDS, req_id, ids))
        if "ids" not in passes:
            _, table = self.instance_ids(ev)
        h, w = np.asarray(ev.depth_frame if ev.depth_frame is not None else ev.frame).shape[:2]
        return fp.Result({"width": int(w), "height": int(h), "passes": passes, "idTable": table}, frames)

    def instance_ids(self, ev):
        """Turns the instance segmentation colours into ids and an id table:
        "" first, then objects in metadata order, then other segments sorted."""
        np = fp.import_optional("numpy")
        seg = np.asarray(ev.instance_segmentation_frame, dtype=np.uint32)
        keys = (seg[..., 0] << 16) | (seg[..., 1] << 8) | seg[..., 2]
        order = [o["objectId"] for o in ev.metadata.get("objects") or []]
        known = set(order)
        others = sorted(set(v for v in ev.color_to_object_id.values() if v not in known))
        table = [""] + order + others
        index = {oid: i for i, oid in enumerate(table)}
        uniq, inverse = np.unique(keys, return_inverse=True)
        lut = np.zeros(len(uniq), dtype=np.uint16)
        for k, key in enumerate(uniq.tolist()):
            rgb = ((key >> 16) & 255, (key >> 8) & 255, key & 255)
            lut[k] = index.get(ev.color_to_object_id.get(rgb, ""), 0)
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
        agent["position"] = fp.xyz(agent["position"]["x"], 0.0, agent["position"]["z"])
        agent["eyeHeight"] = float(src.get("cameraPosition", {}).get("y", self.eye_height))
        md["agent"] = agent
        if with_objects:
            self.learn_offsets()
            md["objects"] = [self.object_metadata(o) for o in src.get("objects") or []]
        return md

    def object_metadata(self, o):
        """AI2-THOR's entry with position moved to the box centre and flowbench's boxSize."""
        out = dict(o)
        yaw = float(o["rotation"]["y"])
        out["position"] = dict(o["axisAlignedBoundingBox"]["center"])
        obb = o.get("objectOrientedBoundingBox")
        if obb and obb.get("cornerPoints"):
            out["boxSize"] = fp.xyz(*box_size(obb["cornerPoints"], yaw))
        else:
            out["boxSize"] = dict(o["axisAlignedBoundingBox"]["size"])
        return out


def main(argv=None, controller_factory=default_controller_factory, ready=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8767)
    ap.add_argument("--listen-any", action="store_true", help="allow a non-loopback --host")
    a = ap.parse_args(argv)
    fp.check_host(a.host, a.listen_any)
    fp.serve(lambda: Ai2ThorSession(controller_factory), a.host, a.port, "ai2thor", ACTIONS, ready=ready)


if __name__ == "__main__":
    main()
