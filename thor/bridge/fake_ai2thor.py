"""A stand-in for ai2thor.controller.Controller, for testing the AI2-THOR
bridge without AI2-THOR. Its events follow AI2-THOR's metadata schema and
its error strings: objects report their pivot as position, TeleportObject
refuses colliding poses with "<id> is colliding with <other> after
teleport.", GetReachablePositions returns body-centre positions."""

import math

import flowbench_protocol as fp

BODY_Y = 0.9009997  # AI2-THOR's standing agent body centre
EYE_Y = 1.576

# id: (type, pivot, yaw, size, pivot→centre offset in the object frame, flags, parent, colour)
SCENE = {
    "Table|1": ("DiningTable", (2.0, 0.0, 2.0), 0.0, (1.2, 0.8, 0.8), (0.0, 0.4, 0.0), dict(receptacle=True), "", (255, 0, 0)),
    "Mug|1": ("Mug", (2.1, 0.8, 2.0), 0.0, (0.1, 0.12, 0.1), (0.0, 0.06, 0.01), dict(pickupable=True, moveable=True), "Table|1", (0, 255, 0)),
    "Chair|1": ("Chair", (3.5, 0.0, 3.5), 90.0, (0.5, 0.9, 0.5), (0.05, 0.45, 0.0), dict(moveable=True), "", (255, 255, 0)),
}
WALL_ID, WALL_RGB = "wall|room|0.00|0.00|5.00|0.00", (0, 0, 255)


def axes(yaw):
    s, c = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
    return (c, 0.0, -s), (s, 0.0, c)


def obb(pivot, yaw, size, off):
    ax, az = axes(yaw)
    centre = tuple(pivot[k] + off[0] * ax[k] + off[2] * az[k] + (off[1] if k == 1 else 0.0) for k in range(3))
    corners = []
    for i in range(8):
        sx, sy, sz = (1 if i & 1 else -1), (1 if i & 2 else -1), (1 if i & 4 else -1)
        corners.append([centre[k] + sx * size[0] / 2 * ax[k] + sz * size[2] / 2 * az[k] + (sy * size[1] / 2 if k == 1 else 0.0)
                        for k in range(3)])
    lo = [min(c[k] for c in corners) for k in range(3)]
    hi = [max(c[k] for c in corners) for k in range(3)]
    return centre, corners, lo, hi


class FakeEvent:
    def __init__(self, metadata, w, h, objects):
        np = fp.import_optional("numpy")
        self.metadata = metadata
        self.frame = np.full((h, w, 3), 128, dtype=np.uint8)
        self.depth_frame = np.full((h, w), 3.0, dtype=np.float32)
        seg = np.zeros((h, w, 3), dtype=np.uint8)
        seg[:, :] = WALL_RGB
        seg[h // 2:, : w // 2] = SCENE["Table|1"][7]   # bottom-left: table
        seg[h // 2:, w // 2:] = SCENE["Chair|1"][7]    # bottom-right: chair
        seg[h // 4: h // 2, w // 4: w // 2] = SCENE["Mug|1"][7]
        seg[0, 0] = (9, 9, 9)                          # a colour AI2-THOR does not name
        self.depth_frame[h // 2:, :] = 2.0
        self.instance_segmentation_frame = seg
        self.color_to_object_id = {v[7]: k for k, v in SCENE.items()}
        self.color_to_object_id[WALL_RGB] = WALL_ID


class FakeController:
    def __init__(self, width=800, height=800, fieldOfView=90, gridSize=0.25, **kwargs):
        self.w, self.h, self.fov = width, height, fieldOfView
        self.calls = []
        self.pose = {k: [v[1], v[2]] for k, v in SCENE.items()}
        self.agent = {"x": 0.0, "y": BODY_Y, "z": 0.0}
        self.rot, self.horizon, self.standing = 0.0, 0.0, True
        self.loaded = False
        self.falling = 0

    def stop(self):
        pass

    def box(self, oid):
        t, _, _, size, off, _, _, _ = SCENE[oid]
        return obb(self.pose[oid][0], self.pose[oid][1], size, off)

    def objects(self):
        out = []
        for oid, (t, _, _, size, off, flags, parent, _) in SCENE.items():
            centre, corners, lo, hi = self.box(oid)
            e = fp.object_entry(oid, t, self.pose[oid][0], self.pose[oid][1], lo, hi, corners, size, parent=parent,
                                children=[k for k, v in SCENE.items() if v[6] == oid], **flags)
            del e["boxSize"]  # AI2-THOR has no such field
            out.append(e)
        return out

    def event(self, action, ok=True, err="", ret=None):
        md = fp.empty_metadata(action)
        del md["agent"]["eyeHeight"]
        md.update(lastActionSuccess=ok, errorMessage=err, actionReturn=ret, screenWidth=self.w, screenHeight=self.h,
                  fov=float(self.fov), sceneName="Procedural", isSceneAtRest=self.falling == 0)
        md["agent"].update(position=dict(self.agent), rotation=fp.xyz(0, self.rot, 0), cameraHorizon=self.horizon,
                           isStanding=self.standing)
        md["cameraPosition"] = fp.xyz(self.agent["x"], self.agent["y"] + (EYE_Y - BODY_Y if self.standing else 0.2), self.agent["z"])
        md["objects"] = self.objects() if self.loaded else []
        return FakeEvent(md, self.w, self.h, md["objects"])

    def step(self, action, **kw):
        self.calls.append((action, kw))
        if action == "CreateHouse":
            if "rooms" not in kw.get("house", {}):
                return self.event(action, False, "house is missing rooms")
            self.loaded = True
            return self.event(action)
        if action == "ChangeResolution":
            self.w, self.h = kw["x"], kw["y"]
            return self.event(action)
        if action == "TeleportFull":
            self.agent = dict(kw["position"], y=BODY_Y)  # the agent stands on the floor
            self.rot, self.horizon, self.standing = kw["rotation"]["y"], kw["horizon"], kw.get("standing", True)
            return self.event(action)
        if action == "GetReachablePositions":
            return self.event(action, ret=[fp.xyz(x * 0.25, BODY_Y, z * 0.25) for x in range(1, 4) for z in range(1, 3)])
        if action == "TeleportObject":
            oid = kw["objectId"]
            if oid not in SCENE:
                return self.event(action, False, "Object ID appears to be invalid.")
            old = self.pose[oid]
            self.pose[oid] = [tuple(fp_vec(kw["position"])), kw["rotation"]["y"]]
            if not kw.get("forceAction"):
                _, _, lo, hi = self.box(oid)
                for other in SCENE:
                    if other == oid or other == SCENE[oid][6]:
                        continue
                    _, _, lo2, hi2 = self.box(other)
                    if all(lo[k] < hi2[k] - 1e-3 and lo2[k] < hi[k] - 1e-3 for k in range(3)):
                        self.pose[oid] = old
                        return self.event(action, False, "%s is colliding with %s after teleport." % (oid, other))
            if self.pose[oid][0][1] > 1.0:
                self.falling = 3
            return self.event(action)
        if action == "AdvancePhysicsStep":
            if self.falling:
                self.falling -= 1
                if self.falling == 0:
                    for oid in SCENE:
                        p = self.pose[oid][0]
                        if p[1] > 1.0:
                            self.pose[oid][0] = (p[0], 0.8, p[2])
            return self.event(action)
        if action == "GetCoordinateFromRaycast":
            return self.event(action, ret=fp.xyz(kw["x"] * 5, 0.0, kw["y"] * 5))
        if action == "Done":
            return self.event(action)
        return self.event(action, False, "Invalid action: %s" % action)


def fp_vec(p):
    return (float(p["x"]), float(p["y"]), float(p["z"]))
