"""A strict stand-in for ai2thor.controller.Controller, for testing the
AI2-THOR bridge without AI2-THOR (no Unity, no network).

It refuses what AI2-THOR refuses and behaves the way AI2-THOR's own sources
say it does (allenai/ai2thor; file paths below are paths in that repository,
allenai/procthor for ProcTHOR):

* CreateHouse needs ``metadata.schema`` == "1.0.0" and looks floor, wall and
  ceiling materials up by name, failing on any other name
  (unity/Assets/Scripts/ProceduralTools.cs: CreateHouse, materialDb.getAsset).
  The names are ProcTHOR's material database; the fake reads
  ``../shared/reference/procthor/material-database.json`` (or
  ``$FLOWBENCH_SHARED/...``) when it exists and otherwise knows a short list of
  names checked against that file (procthor commit 53d5bd4c).
* Objects are the house's own: spawned with their bounding-box centre at the
  house position (ProceduralTools.cs: spawnSimObjPrefab,
  positionBoundingBoxCenter), reported with the *pivot* as ``position`` and the
  box centre in ``axisAlignedBoundingBox.center``
  (BaseFPSAgentController.cs: ObjectMetadataFromSimObjPhysics), a null
  ``objectOrientedBoundingBox`` for objects that are neither pickupable nor
  moveable, the house root "Floor" as the parent of what stands on the floor,
  and walls, rooms, doors, windows and ``<id>___<n>`` sub-objects as sim
  objects too (ProceduralTools.cs; procthor/generation/small_objects.py filters
  them out the same way).
* TeleportFull refuses pitch/roll, horizons outside [-30, 60] and, with
  snapToGrid (the default), positions off the 0.25 m grid
  (BaseFPSAgentController.cs: teleportFull, isPositionOnGrid).
* TeleportObject sets the pivot and rotation, refuses colliding poses with
  "<id> is colliding with <other> after teleport." unless forceAction, moves
  only that object (what rests on it stays), makes it kinematic only with
  forceKinematic, and otherwise lets physics run until it stops
  (PhysicsRemoteFPSAgentController.cs / BaseFPSAgentController.cs:
  TeleportObject, checkIfObjectHasStoppedMoving).
* PlaceObjectAtPoint puts the pivot's x, z at the point and the object's
  bottom 5 mm above the surface below it, and refuses with "Spawn area not
  clear (<id>) is in the way), can't place object at that point"
  (PhysicsRemoteFPSAgentController.cs: PlaceObjectAtPoint).
* AdvancePhysicsStep fails unless PausePhysicsAutoSim ran first (or
  allowAutoSimulation); timeStep must be in (0, 0.05]
  (BaseFPSAgentController.cs: AdvancePhysicsStep).
* SetObjectPoses disables every pickupable or moveable object it is not given
  and makes the given ones kinematic only with placeStationary
  (PhysicsSceneManager.cs: SetObjectPoses).
* GetCoordinateFromRaycast always succeeds and returns (0, 0, 0) when the ray
  meets nothing (BaseFPSAgentController.cs: GetCoordinateFromRaycast).
* Unknown actions fail with "Invalid action: <name>", unknown arguments with
  AI2-THOR's invalid-argument message (BaseFPSAgentController.cs:
  ProcessControlCommand).
* Third-party cameras (AgentManager.cs: AddThirdPartyCamera,
  UpdateThirdPartyCamera) render RGB, depth and instance segmentation into
  ``third_party_*_frames`` like ai2thor/server.py's Event.

Frames are ray-cast from the fake's own geometry (yaw-only boxes, wall quads,
room floors; no ceiling), so depth, ids and GetCoordinateFromRaycast agree.
Issue 41 added: CreateHouse throws for an unknown skybox
(procthor/databases/skyboxes.json names), an unknown door or window asset, a
missing wall0, two holes on one wall, a holePolygon of fewer than 2 points
and a material given as a string; walls have their door and window holes
(on wall1 from width - max.x, as createAndJoinWall builds them) and their
layer (SimObjVisible when holed), and GetCoordinateFromRaycast casts only
against AI2-THOR's mask; rays that meet nothing read far - near in depth;
collisions include the agent's body ("FPSController") with no tolerance;
SetObjectPoses(placeStationary=False) leaves listed objects dynamic; an
object balanced over an edge rests TIP_DELAY seconds, below the rest
threshold, then falls; auto-simulation runs AUTOSIM_PER_ACTION seconds
during every action and resumes by itself when a paused step ends at rest;
CreateHouse places the agent at metadata.agentPoses[agentMode]; invalid
actions and arguments raise ValueError (ai2thor/controller.py).

What the fake does not model: walls in object collision checks, wall
colliders' thickness, rotation when objects tip or slide, door and window
frames, ceilings.
"""

import json
import math
import os

import flowbench_protocol as fp

BODY_Y = 0.9009997  # AI2-THOR's standing agent body centre above the floor
EYE_Y = 1.576  # its standing eye height
CROUCH_EYE_Y = 0.9  # crouching eye height (the fake's choice)
HOUSE_SCHEMA = "1.0.0"
GRAVITY = 9.81
# UtilityFunctions.cs firstColliderObjectCollidingWith: any overlap of the
# object's colliders is a collision (no tolerance); 10 µm covers float32
# rounding of poses that touch exactly
TOUCH = 1e-5
AGENT_NAME = "FPSController"  # the agent's collider as AI2-THOR's collision messages name it (assumed)
AGENT_RADIUS, AGENT_HEIGHT = 0.2, 1.8  # the agent's capsule, modelled as a box (radius, height)
# ai2thor/server.py Event._image_depth scales normalised depth by far - near;
# a ray that meets nothing reads 1, i.e. far - near metres
NEAR_PLANE, FAR_PLANE = 0.1, 20.0
RAYCAST_LAYERS = frozenset(["Default", "Agent", "SimObjVisible", "PlaceableSurface"])  # GetCoordinateFromRaycast's mask
REST_ACCEL = 1e-4  # PhysicsSceneManager.cs LateUpdate: |d(v^2)|/dt below this is "not in motion"
TIP_DELAY = 0.25  # seconds an object balanced over an edge rests before it tips (the fake's model)
AUTOSIM_PER_ACTION = 0.1  # seconds of physics auto-simulation run during each action (the fake's model)
INVALID_CODES = ("InvalidAction", "MissingArguments", "AmbiguousAction", "InvalidArgument")
DEFAULT_SCENE = "FloorPlan_Train1_3"  # ai2thor/controller.py's default scene

# Names checked against ProcTHOR's procthor/databases/material-database.json
# (commit 53d5bd4c), used when that file is not available.
BUILTIN_MATERIALS = frozenset([
    "PureWhite", "BedroomFloor1", "OrangeWood", "WoodFloorsCross", "DarkWoodFloors", "Walldrywall4Tiled",
    "WallDrywallWhite", "RedBrick", "WhiteWood", "Drywall", "DrywallBeige", "CeramicTiles1", "ConcreteFloor",
    "GreyFloor", "LightWoodCounters", "DarkWoodSmooth", "EggshellDrywall",
    # every floor, wall, exterior and ceiling material of flowbench's
    # generator styles (sim/procgen_styles.go; a Go test checks the list)
    "WoodGrain_Brown", "WoodGrains", "GreyFloor 3", "LightWoodCounters4", "TexturesCom_WoodFineWhite",
    "BrownDrywall", "DrywallGreen", "YellowDrywall", "WhiteMarble", "DarkWoodSmooth2", "CeramicTiles3",
    "RoseGraniteTiles", "Carpet2", "WallDrywallGrey", "OrangeDrywall", "Drywall3", "CreameDrywall",
    "WallDrywallWhite2", "WallDrywallWhite3",
])

# procthor/databases/skyboxes.json (procthor commit 53d5bd4c)
SKYBOXES = frozenset([
    "Sky1", "Sky2", "SkyAlbany", "SkyAlbanyHill", "SkyDalyCity", "SkyEmeryville", "SkyGarden", "SkyGasworks",
    "SkyMosconeCenter", "SkyMountain", "SkyOakland", "SkySeaStacks", "SkySFCityHall", "SkySFDowntown", "SkySFGarden",
    "SkySnow", "SkyNeighborhood", "SkySouthLakeUnion", "SkySunset", "SkyTreeFarm", "SkyTropical", "Sky2Dusk",
])

SUBOBJECT_TYPES = {"Sink": "SinkBasin", "Bathtub": "BathtubBasin"}

ARGS = {  # the arguments the fake accepts per action (renderImage everywhere)
    "Done": set(), "Pass": set(), "CreateHouse": {"house"}, "ChangeResolution": {"x", "y"},
    "TeleportFull": {"position", "rotation", "horizon", "standing", "forceAction"},
    "GetReachablePositions": set(),
    "TeleportObject": {"objectId", "position", "rotation", "forceAction", "forceKinematic", "allowTeleportOutOfHand",
                       "makeUnbreakable"},
    "PlaceObjectAtPoint": {"objectId", "position", "rotation", "forceKinematic"},
    "SetObjectPoses": {"objectPoses", "placeStationary"},
    "PausePhysicsAutoSim": set(), "UnpausePhysicsAutoSim": set(),
    "AdvancePhysicsStep": {"timeStep", "simSeconds", "allowAutoSimulation"},
    "GetCoordinateFromRaycast": {"x", "y"},
    "AddThirdPartyCamera": {"position", "rotation", "fieldOfView", "skyboxColor", "orthographic", "orthographicSize",
                            "nearClippingPlane", "farClippingPlane", "antiAliasing"},
    "UpdateThirdPartyCamera": {"thirdPartyCameraId", "position", "rotation", "fieldOfView", "skyboxColor",
                               "orthographic", "orthographicSize", "nearClippingPlane", "farClippingPlane"},
}
REQUIRED = {"CreateHouse": ["house"], "TeleportObject": ["objectId", "position", "rotation"],
            "PlaceObjectAtPoint": ["objectId", "position"], "ChangeResolution": ["x", "y"],
            "GetCoordinateFromRaycast": ["x", "y"], "SetObjectPoses": ["objectPoses"],
            "AddThirdPartyCamera": ["position", "rotation"], "TeleportFull": ["position", "rotation"]}


def shared_dir():
    return os.environ.get("FLOWBENCH_SHARED") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                                              "..", "shared")


def load_shared(*parts):
    """A JSON file under ../shared/reference, or None when it is not there."""
    path = os.path.join(shared_dir(), "reference", *parts)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def material_names():
    db = load_shared("procthor", "material-database.json")
    if db is None:
        return BUILTIN_MATERIALS
    return frozenset(n for names in db.values() for n in names)


def shared_assets():
    """assetId → asset entry from the shared asset database, or None."""
    db = load_shared("procthor", "asset-database.json")
    if db is None:
        return None
    return {a["assetId"]: a for assets in db.values() for a in assets}


def f32(v):
    """Rounds like a Unity float (AI2-THOR's metadata comes from float32s)."""
    return fp.import_optional("numpy").float32(v).item()


def axes(yaw):
    s, c = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
    return (c, 0.0, -s), (s, 0.0, c)


def local_to_world(v, yaw):
    ax, az = axes(yaw)
    return (v[0] * ax[0] + v[2] * az[0], v[1], v[0] * ax[2] + v[2] * az[2])


def vec(p):
    return (float(p["x"]), float(p["y"]), float(p["z"]))


class Body:
    """One sim object: a yaw-only box around its centre, posed by its pivot."""

    def __init__(self, oid, otype, asset, size, off, pivot, yaw, primary="Static", receptacle=False,
                 kinematic=True, structure=False):
        self.id, self.type, self.asset = oid, otype, asset
        self.size, self.off = tuple(size), tuple(off)  # off: pivot → box centre in the object frame
        self.pivot, self.yaw = tuple(pivot), float(yaw)
        self.primary, self.receptacle, self.kinematic, self.structure = primary, receptacle, kinematic, structure
        self.vy = 0.0
        self.v2 = 0.0  # squared speed after the last physics step
        self.in_motion = False  # PhysicsSceneManager.cs: |d(v^2)|/dt over REST_ACCEL in the last step
        self.tip_clock = 0.0  # seconds spent balanced over an edge
        self.enabled = True
        self.owner = None  # for ___n sub-objects: the object that carries them

    @property
    def movable(self):
        return self.primary in ("CanPickup", "Moveable")

    def centre(self):
        o = local_to_world(self.off, self.yaw)
        return tuple(self.pivot[k] + o[k] for k in range(3))

    def set_centre(self, c):
        o = local_to_world(self.off, self.yaw)
        self.pivot = tuple(c[k] - o[k] for k in range(3))

    def corners(self):
        c = self.centre()
        ax, az = axes(self.yaw)
        out = []
        for i in (7, 3, 5, 1, 6, 2, 4, 0):  # not sim's bit order: a bridge must not depend on it
            sx, sy, sz = (1 if i & 1 else -1), (1 if i & 2 else -1), (1 if i & 4 else -1)
            out.append([c[k] + sx * self.size[0] / 2 * ax[k] + sz * self.size[2] / 2 * az[k] +
                        (sy * self.size[1] / 2 if k == 1 else 0.0) for k in range(3)])
        return out

    def aabb(self):
        cs = self.corners()
        return [min(p[k] for p in cs) for k in range(3)], [max(p[k] for p in cs) for k in range(3)]

    def bottom(self):
        return self.centre()[1] - self.size[1] / 2

    def top(self):
        return self.centre()[1] + self.size[1] / 2

    def footprint_contains(self, x, z, margin=0.0):
        c = self.centre()
        ax, az = axes(self.yaw)
        dx, dz = x - c[0], z - c[2]
        u, w = dx * ax[0] + dz * ax[2], dx * az[0] + dz * az[2]
        return abs(u) <= self.size[0] / 2 + margin and abs(w) <= self.size[2] / 2 + margin


def penetration(a, b):
    """Smallest overlap of two yaw-only boxes over the separating axes (<= 0: apart)."""
    ca, cb = a.centre(), b.centre()
    dy = min(ca[1] + a.size[1] / 2, cb[1] + b.size[1] / 2) - max(ca[1] - a.size[1] / 2, cb[1] - b.size[1] / 2)
    best = dy
    for box in (a, b):
        ax, az = axes(box.yaw)
        for axis in (ax, az):
            def extent(bx, c):
                bx_ax, bx_az = axes(bx.yaw)
                r = (abs(axis[0] * bx_ax[0] + axis[2] * bx_ax[2]) * bx.size[0] / 2 +
                     abs(axis[0] * bx_az[0] + axis[2] * bx_az[2]) * bx.size[2] / 2)
                p = axis[0] * c[0] + axis[2] * c[2]
                return p - r, p + r
            lo1, hi1 = extent(a, ca)
            lo2, hi2 = extent(b, cb)
            best = min(best, min(hi1, hi2) - max(lo1, lo2))
    return best


def penetration_xz(a, b):
    """Overlap of two yaw-only boxes' footprints (<= 0: apart)."""
    ta = Body(a.id, a.type, None, (a.size[0], 1.0, a.size[2]), (0, 0, 0), (a.centre()[0], 0, a.centre()[2]), a.yaw)
    tb = Body(b.id, b.type, None, (b.size[0], 1.0, b.size[2]), (0, 0, 0), (b.centre()[0], 0, b.centre()[2]), b.yaw)
    return penetration(ta, tb)


def points_in_polygon(xs, zs, poly):
    """Vectorised even-odd test for numpy arrays of points."""
    np = fp.import_optional("numpy")
    inside = np.zeros(np.shape(xs), dtype=bool)
    n = len(poly)
    for i in range(n):
        x1, z1 = poly[i]
        x2, z2 = poly[(i + 1) % n]
        if z1 == z2:
            continue
        with np.errstate(invalid="ignore"):
            cross = ((z1 > zs) != (z2 > zs)) & (xs < (x2 - x1) * (zs - z1) / (z2 - z1) + x1)
        inside ^= cross
    return inside


def point_in_polygon(x, z, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        x1, z1 = poly[i]
        x2, z2 = poly[(i + 1) % n]
        if (z1 > z) != (z2 > z) and x < (x2 - x1) * (z - z1) / (z2 - z1) + x1:
            inside = not inside
    return inside


def colour_of(oid, used):
    h = 2166136261
    for ch in oid.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    while True:
        rgb = ((h >> 16) & 255, (h >> 8) & 255, h & 255)
        if rgb not in used and rgb != (0, 0, 0):
            used.add(rgb)
            return rgb
        h = (h * 1103515245 + 12345) & 0xFFFFFFFF


class ActionFailure(Exception):
    pass


def out_of_range(msg):
    # AI2-THOR reports exceptions thrown by actions as "<type>: <message>" (BaseFPSAgentController.cs)
    return ActionFailure("ArgumentOutOfRangeException: Specified argument was out of the range of valid values.\n"
                         "Parameter name: " + msg)


class FakeEvent:
    """An event whose frames are rendered when first read (they must be read
    before the next action changes the scene, as a bridge does)."""

    FRAMES = ("frame", "depth_frame", "instance_segmentation_frame", "third_party_camera_frames",
              "third_party_depth_frames", "third_party_instance_segmentation_frames")

    def __init__(self, metadata, names, render, version):
        self.metadata = metadata
        self.color_to_object_id = names
        self.object_id_to_color = {v: k for k, v in names.items()}
        self._render, self._version, self._frames = render, version, None

    def __getattr__(self, name):
        if name not in FakeEvent.FRAMES:
            raise AttributeError(name)
        if self._frames is None:
            self._frames = self._render(self._version)
        return self._frames[FakeEvent.FRAMES.index(name)]


class FakeController:
    def __init__(self, width=300, height=300, fieldOfView=90, gridSize=0.25, snapToGrid=True, scene=DEFAULT_SCENE,
                 assets=None, raise_invalid=True, **kwargs):
        self.raise_invalid = raise_invalid
        self.agent_mode = kwargs.pop("agentMode", "default")  # ai2thor/controller.py raises ValueError on invalid actions
        self.w, self.h, self.fov, self.grid, self.snap = int(width), int(height), float(fieldOfView), gridSize, snapToGrid
        self.scene = scene if isinstance(scene, str) else "Procedural"
        self.kwargs = kwargs
        self.assets = assets if assets is not None else shared_assets()
        self.materials = material_names()
        self.calls = []
        self.bodies = []
        self.rooms = []  # (room id, [(x, z)])
        self.walls = []  # (wall id, p0 (x, z), p1 (x, z), height)
        self.agent = {"x": 0.0, "y": BODY_Y, "z": 0.0}
        self.rot, self.horizon, self.standing = 0.0, 0.0, True
        self.loaded = False
        self.autosim = True
        self.cameras = []  # third-party cameras: dict(position, rotation, fieldOfView)
        self.colours = {}
        self.version = 0
        self.last_event = None
        if isinstance(scene, dict):
            self.step(action="CreateHouse", house=scene)

    def stop(self):
        pass

    def reset(self, scene=None, **kwargs):
        """Reloads the scene: the house, third-party cameras and physics state go
        (AgentManager.cs keeps its cameras in the scene that is reloaded)."""
        self.calls.append(("reset", dict(kwargs, scene=scene)))
        self.w, self.h = int(kwargs.get("width", self.w)), int(kwargs.get("height", self.h))
        self.bodies, self.rooms, self.walls, self.loaded, self.cameras, self.autosim = [], [], [], False, [], True
        if isinstance(scene, dict):
            self.scene = "Procedural"
            return self.step(action="CreateHouse", house=scene)
        if scene is not None:
            self.scene = scene
        return self.step(action="Done")

    # --- world ------------------------------------------------------------

    def body(self, oid):
        for b in self.bodies:
            if b.id == oid and b.enabled:
                return b
        return None

    def solids(self, exclude=()):
        return [b for b in self.bodies if b.enabled and not b.structure and b.owner is None and b.id not in exclude]

    def in_house(self, x, z):
        return any(point_in_polygon(x, z, poly) for _, poly in self.rooms)

    def surface_below(self, x, y, z, exclude=()):
        """Height of the highest surface at (x, z) not above y, or None outside the house."""
        best = 0.0 if self.in_house(x, z) else None
        for b in self.solids(exclude):
            t = b.top()
            if t <= y + 1e-6 and b.footprint_contains(x, z) and (best is None or t > best):
                best = t
        return best

    def parent_of(self, b):
        c = b.centre()
        best, best_top = None, -1.0
        for r in self.solids(exclude=(b.id,)):
            if r.receptacle and abs(r.top() - b.bottom()) <= 0.02 and r.footprint_contains(c[0], c[2]) and r.top() > best_top:
                best, best_top = r, r.top()
        if best is not None:
            return best.id
        if abs(b.bottom()) <= 0.02 and self.in_house(c[0], c[2]):
            return self.root_id
        return None

    def agent_body(self):
        """The agent's capsule as a box (BaseFPSAgentController.cs: its
        CharacterController takes part in object collision checks)."""
        a = Body(AGENT_NAME, "Agent", None, (2 * AGENT_RADIUS, AGENT_HEIGHT, 2 * AGENT_RADIUS), (0, 0, 0),
                 (self.agent["x"], self.agent["y"], self.agent["z"]), 0.0, structure=True)
        return a

    def collision(self, b):
        """UtilityFunctions.cs firstColliderObjectCollidingWith: the first
        collider the object's colliders overlap at all, the agent's included."""
        for o in self.solids(exclude=(b.id,)):
            if penetration(b, o) > TOUCH:
                return o.id
        if self.loaded and penetration(b, self.agent_body()) > TOUCH:
            return AGENT_NAME
        if b.bottom() < -TOUCH:
            return self.root_id
        return None

    def dynamic(self):
        return [b for b in self.solids() if not b.kinematic and b.movable]

    def unsupported(self, b):
        c = b.centre()
        s = self.surface_below(c[0], b.bottom() + 1e-6, c[2], exclude=(b.id,))
        return s is not None and b.bottom() > s + 1e-6, s

    def balanced_on_edge(self, b):
        """Whether b's bottom rests on something that does not reach under its
        centre (its centre of mass is over an edge: it will tip)."""
        for o in self.solids(exclude=(b.id,)):
            if abs(o.top() - b.bottom()) <= 1e-6 and penetration_xz(b, o) > 0:
                return True
        return False

    def physics_step(self, dt):
        """One step of the fake's physics: unsupported dynamic objects fall;
        one balanced over an edge first rests TIP_DELAY seconds (it tips
        slowly, below PhysicsSceneManager.cs's rest threshold) and then falls.
        Sets each object's in_motion as PhysicsSceneManager.cs LateUpdate does."""
        moved = False
        for b in self.dynamic():
            v2_before = b.v2
            falling, s = self.unsupported(b)
            if falling and b.vy == 0.0 and self.balanced_on_edge(b) and b.tip_clock < TIP_DELAY:
                b.tip_clock += dt
                falling = False
            if falling or b.vy != 0.0:
                b.vy -= GRAVITY * dt
                c = list(b.centre())
                c[1] += b.vy * dt
                if s is not None and c[1] - b.size[1] / 2 <= s:
                    c[1], b.vy = s + b.size[1] / 2, 0.0
                b.set_centre(c)
                moved = True
            b.v2 = b.vy * b.vy
            b.in_motion = abs(b.v2 - v2_before) / dt > REST_ACCEL
        return moved

    def at_rest(self):
        return not any(b.in_motion for b in self.dynamic())

    def run_to_rest(self):
        for _ in range(2000):
            if not self.physics_step(0.02) and self.at_rest():
                return

    def auto_simulate(self, seconds):
        """Physics auto-simulation while an action runs (Unity's FixedUpdate)."""
        for _ in range(int(round(seconds / 0.02))):
            self.physics_step(0.02)

    # --- house ------------------------------------------------------------

    def asset_entry(self, asset, oid, kinematic):
        if fp.flowbench_only_asset(asset):
            return None  # no AI2-THOR asset exists for it: skipped, as any asset not in the database
        if self.assets is not None:
            return self.assets.get(asset)
        # no asset database: a plausible object from the id and the house's kinematic flag
        otype = oid.split("|")[0]
        if kinematic:
            return {"objectType": otype, "boundingBox": {"x": 0.8, "y": 0.8, "z": 0.6}, "primaryProperty": "Static",
                    "secondaryProperties": ["Receptacle"]}
        return {"objectType": otype, "boundingBox": {"x": 0.12, "y": 0.12, "z": 0.12}, "primaryProperty": "CanPickup",
                "secondaryProperties": []}

    def check_material(self, m, where):
        if isinstance(m, str):
            # ProceduralTools.cs deserialises materials as MaterialProperties
            # objects ({"name": ...}); a bare string does not convert
            raise ActionFailure("JsonSerializationException: Error converting value \"%s\" to type "
                                "'MaterialProperties'. Path '%s'." % (m, where))
        name = m.get("name") if isinstance(m, dict) else None
        if not isinstance(name, str) or not name:
            raise ActionFailure("NullReferenceException: Object reference not set to an instance of an object (%s has "
                                "no material name)" % where)
        if name not in self.materials:
            # ProceduralTools.cs: materialDb.getAsset(name) is a Dictionary lookup
            raise ActionFailure("KeyNotFoundException: The given key '%s' was not present in the dictionary. (%s)"
                                % (name, where))

    def create_house(self, house):
        if not isinstance(house, dict):
            raise ActionFailure("action: CreateHouse has an invalid argument: house")
        md = house.get("metadata")
        if not isinstance(md, dict) or md.get("schema") is None:
            raise ActionFailure("ArgumentException: House metadata schema not specified! Should be under "
                                "house['metadata']['schema']. The current schema for this THOR version is '%s'"
                                % HOUSE_SCHEMA)
        if md["schema"] != HOUSE_SCHEMA:
            raise ActionFailure("ArgumentException: Invalid house version: '%s'. Supported version: '%s'"
                                % (md["schema"], HOUSE_SCHEMA))
        rooms = house.get("rooms")
        if not isinstance(rooms, list) or not rooms:
            raise ActionFailure("NullReferenceException: house has no rooms")
        for i, r in enumerate(rooms):
            self.check_material(r.get("floorMaterial"), "rooms[%d].floorMaterial" % i)
            for j, c in enumerate(r.get("ceilings") or []):
                if isinstance(c, dict) and (c.get("material") or {}).get("name"):
                    self.check_material(c["material"], "rooms[%d].ceilings[%d].material" % (i, j))
        for i, w in enumerate(house.get("walls") or []):
            if not w.get("empty"):
                self.check_material(w.get("material"), "walls[%d].material" % i)
        self.check_material((house.get("proceduralParameters") or {}).get("ceilingMaterial"),
                            "proceduralParameters.ceilingMaterial")

        pp = house.get("proceduralParameters") or {}
        if pp.get("skyboxId") is not None and pp["skyboxId"] not in SKYBOXES:
            # ProceduralTools.cs looks the skybox up by name in its skybox map
            raise ActionFailure("KeyNotFoundException: The given key '%s' was not present in the dictionary. "
                                "(proceduralParameters.skyboxId)" % pp["skyboxId"])

        self.root_id = house.get("id") or "Floor"
        self.rooms = [(r["id"], [(float(p["x"]), float(p["z"])) for p in r["floorPolygon"]]) for r in rooms]
        self.walls = []
        walls_by_id = {}
        for w in house.get("walls") or []:
            if w.get("empty"):
                continue
            ps = w["polygon"]
            ys = [float(p["y"]) for p in ps]
            base = [p for p in ps if float(p["y"]) == min(ys)]
            # ProceduralTools.cs: a wall runs from polygon[0] to the other base point
            p0 = (float(ps[0]["x"]), float(ps[0]["z"]))
            far = max(base, key=lambda p: math.hypot(float(p["x"]) - p0[0], float(p["z"]) - p0[1]))
            wall = {"id": w["id"], "p0": p0, "p1": (float(far["x"]), float(far["z"])), "height": max(ys) - min(ys),
                    "layer": w.get("layer") or "SimObjVisible", "holes": []}
            self.walls.append(wall)
            walls_by_id[w["id"]] = wall
        holed = {}
        for kind in ("doors", "windows"):
            for i, d in enumerate(house.get(kind) or []):
                where = "%s[%d]" % (kind, i)
                if self.assets is not None and d.get("assetId") not in self.assets:
                    # ProceduralTools.cs: the door or window prefab is looked up by assetId
                    raise ActionFailure("KeyNotFoundException: The given key '%s' was not present in the dictionary. "
                                        "(%s.assetId)" % (d.get("assetId"), where))
                if d.get("wall0") not in walls_by_id:
                    raise ActionFailure("KeyNotFoundException: The given key '%s' was not present in the dictionary. "
                                        "(%s.wall0)" % (d.get("wall0"), where))
                hp = d.get("holePolygon") or []
                if len(hp) < 2:
                    # ProceduralTools.cs createAndJoinWall: fewer than 2 points throw
                    raise ActionFailure("ArgumentException: Invalid `holePolygon` on object of id '%s', only "
                                        "supported rectangle holes, 4 points in polygon, polygon has %d."
                                        % (d.get("id"), len(hp)))
                xs_, ys_ = [float(p["x"]) for p in hp], [float(p["y"]) for p in hp]
                for side in ("wall0", "wall1"):
                    wid = d.get(side)
                    if wid not in walls_by_id:
                        continue
                    if wid in holed:
                        # ProceduralTools.cs keys holes by wall id: one hole a wall
                        raise ActionFailure("ArgumentException: An item with the same key has already been added. "
                                            "Key: %s (%s and %s)" % (wid, holed[wid], d.get("id")))
                    holed[wid] = d.get("id")
                    wall = walls_by_id[wid]
                    width = math.hypot(wall["p1"][0] - wall["p0"][0], wall["p1"][1] - wall["p0"][1])
                    lo, hi = min(xs_), max(xs_)
                    if side == "wall1" and d.get("wall1") != d.get("wall0"):
                        # ProceduralTools.cs createAndJoinWall: on wall1 the hole
                        # starts at width - max.x (mirrored origin)
                        lo, hi = width - hi, width - lo
                    wall["holes"].append((lo, hi, min(ys_), max(ys_)))
                    # ProceduralTools.cs: a wall with a hole gets box colliders on SimObjVisible
                    wall["layer"] = "SimObjVisible"

        bodies = []
        xs = [p[0] for _, poly in self.rooms for p in poly]
        zs = [p[1] for _, poly in self.rooms for p in poly]
        self.bounds = ([min(xs), -0.1, min(zs)], [max(xs), 3.0, max(zs)])
        lo, hi = self.bounds
        bodies.append(Body(self.root_id, "Floor", None, (hi[0] - lo[0], 0.0, hi[2] - lo[2]), (0, 0, 0),
                           ((lo[0] + hi[0]) / 2, 0.0, (lo[2] + hi[2]) / 2), 0, receptacle=True, structure=True))
        for rid, poly in self.rooms:
            x0, x1 = min(p[0] for p in poly), max(p[0] for p in poly)
            z0, z1 = min(p[1] for p in poly), max(p[1] for p in poly)
            bodies.append(Body(rid, "Floor", None, (x1 - x0, 0.0, z1 - z0), (0, 0, 0), ((x0 + x1) / 2, 0, (z0 + z1) / 2),
                               0, structure=True))
        for wall in self.walls:
            p0, p1, height = wall["p0"], wall["p1"], wall["height"]
            length = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
            yaw = math.degrees(math.atan2(p1[1] - p0[1], p1[0] - p0[0]))  # local +x along the wall
            b = Body(wall["id"], "Wall", None, (length, height, 0.0), (0, height / 2, 0),
                     ((p0[0] + p1[0]) / 2, 0, (p0[1] + p1[1]) / 2), -yaw, structure=True)
            b.wall = wall
            bodies.append(b)

        def spawn(o):
            entry = self.asset_entry(o.get("assetId"), o["id"], o.get("kinematic", False))
            if entry is not None:  # ProceduralTools.cs: an asset not in the database is skipped
                bb = entry["boundingBox"]
                size = (float(bb["x"]), float(bb["y"]), float(bb["z"]))
                off = (0.1 * size[0], 0.45 * size[1], -0.05 * size[2])  # the pivot is not the box centre
                b = Body(o["id"], entry.get("objectType") or o["id"].split("|")[0], o.get("assetId"), size, off,
                         (0, 0, 0), float((o.get("rotation") or {}).get("y", 0.0)),
                         primary=entry.get("primaryProperty") or "Static",
                         receptacle="Receptacle" in (entry.get("secondaryProperties") or []),
                         kinematic=bool(o.get("kinematic", False)))
                b.set_centre(vec(o["position"]))
                bodies.append(b)
                sub = SUBOBJECT_TYPES.get(b.type)
                if sub:
                    s = Body("%s___0" % b.id, sub, None, (0.8 * size[0], 0.3 * size[1], 0.8 * size[2]), (0, 0, 0),
                             (0, 0, 0), b.yaw, receptacle=True, structure=True)
                    s.owner = b
                    bodies.append(s)
            for c in o.get("children") or []:
                spawn(c)
        for o in house.get("objects") or []:
            spawn(o)
        for kind in ("doors", "windows"):
            for d in house.get(kind) or []:
                bodies.append(Body(d["id"], "Doorway" if kind == "doors" else "Window", d.get("assetId"),
                                   (0.0, 0.0, 0.0), (0, 0, 0), (0, 0, 0), 0, structure=True))
        self.bodies = bodies
        self.loaded = True
        poses = md.get("agentPoses")
        if isinstance(poses, dict) and isinstance(poses.get(self.agent_mode), dict):
            # ProceduralTools.cs CreateHouse: the agent goes to
            # metadata.agentPoses[agentMode]
            a = poses[self.agent_mode]
            pos = a.get("position") or {}
            self.agent = {"x": float(pos.get("x", 0.0)), "y": BODY_Y, "z": float(pos.get("z", 0.0))}
            self.rot = float((a.get("rotation") or {}).get("y", 0.0)) % 360.0
            self.horizon = float(a.get("horizon", 0.0))
            self.standing = a.get("standing", True) is not False
        self.run_to_rest()

    def sync_subobjects(self):
        for b in self.bodies:
            if b.owner is not None:
                c = b.owner.centre()
                b.yaw = b.owner.yaw
                b.pivot = (c[0], b.owner.top() - b.size[1] / 2, c[2])

    # --- agent and cameras --------------------------------------------------

    def eye(self):
        return (self.agent["x"], self.agent["y"] - BODY_Y + (EYE_Y if self.standing else CROUCH_EYE_Y), self.agent["z"])

    def ray_dirs(self, yaw, horizon, fov, w, h, xs, ys):
        """Directions (forward component 1) through viewport points (x right, y down from the top)."""
        np = fp.import_optional("numpy")
        s, c = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
        sh, ch = math.sin(math.radians(horizon)), math.cos(math.radians(horizon))
        fwd = np.array([s * ch, -sh, c * ch])
        right = np.array([c, 0.0, -s])
        up = np.array([s * sh, ch, c * sh])
        t = math.tan(math.radians(fov) / 2)
        a = (2 * xs - 1) * t * (w / h)
        bb = (1 - 2 * ys) * t
        return fwd[None, :] + a[:, None] * right[None, :] + bb[:, None] * up[None, :]

    def cast(self, origin, dirs, layers=None):
        """Nearest hit per ray: (t, index into self.bodies or -1); t is planar
        depth. layers: a raycast's layer mask (walls not on it are skipped);
        None casts against everything drawn (the cameras)."""
        np = fp.import_optional("numpy")
        n = dirs.shape[0]
        best = np.full(n, np.inf)
        idx = np.full(n, -1)
        o = np.array(origin, dtype=float)
        self.sync_subobjects()
        for i, b in enumerate(self.bodies):
            if not b.enabled or b.owner is not None:
                continue
            if b.type == "Floor" and b.id == self.root_id:
                continue
            if b.type == "Floor":  # the room's floor polygon at y = 0
                poly = dict(self.rooms)[b.id]
                with np.errstate(divide="ignore", invalid="ignore"):
                    t = -o[1] / dirs[:, 1]
                ok = np.isfinite(t) & (t > 1e-9)
                px = np.where(ok, o[0] + t * dirs[:, 0], np.inf)
                pz = np.where(ok, o[2] + t * dirs[:, 2], np.inf)
                hit = ok & points_in_polygon(px, pz, poly) & (t < best)
            elif b.type == "Wall":
                w = b.wall
                if layers is not None and w["layer"] not in layers:
                    continue
                # the wall's quad (no thickness) minus its holes
                p0 = np.array([w["p0"][0], 0.0, w["p0"][1]])
                along = np.array([w["p1"][0] - w["p0"][0], 0.0, w["p1"][1] - w["p0"][1]])
                length = float(np.linalg.norm(along))
                if length == 0:
                    continue
                along /= length
                normal = np.array([-along[2], 0.0, along[0]])
                f = dirs @ normal
                with np.errstate(divide="ignore", invalid="ignore"):
                    t = ((p0 - o) @ normal) / f
                ok = np.isfinite(t) & (t > 1e-9) & (np.abs(f) > 1e-12)
                pts = o[None, :] + np.where(ok, t, 0.0)[:, None] * dirs
                u = (pts - p0[None, :]) @ along
                yy = pts[:, 1]
                inside = ok & (u >= 0) & (u <= length) & (yy >= 0) & (yy <= w["height"])
                for lo, hi, y0, y1 in w["holes"]:
                    inside &= ~((u > lo) & (u < hi) & (yy > y0) & (yy < y1))
                hit = inside & (t < best)
            else:
                if b.size[1] <= 0:
                    continue
                c = np.array(b.centre())
                ax, az = axes(b.yaw)
                axes_ = [np.array(ax), np.array([0.0, 1.0, 0.0]), np.array(az)]
                half = [max(b.size[0], 1e-4) / 2, b.size[1] / 2, max(b.size[2], 1e-4) / 2]
                tmin = np.full(n, -np.inf)
                tmax = np.full(n, np.inf)
                for k in range(3):
                    e = axes_[k] @ (c - o)
                    f = dirs @ axes_[k]
                    with np.errstate(divide="ignore", invalid="ignore"):
                        t1 = (e + half[k]) / f
                        t2 = (e - half[k]) / f
                    par = np.abs(f) < 1e-12
                    inside = np.abs(e) <= half[k]
                    lo_ = np.where(par, np.where(inside, -np.inf, np.inf), np.minimum(t1, t2))
                    hi_ = np.where(par, np.where(inside, np.inf, -np.inf), np.maximum(t1, t2))
                    tmin, tmax = np.maximum(tmin, lo_), np.minimum(tmax, hi_)
                t = np.where(tmin > 1e-9, tmin, tmax)
                hit = (tmax >= tmin) & (t > 1e-9) & (t < best)
            best = np.where(hit, t, best)
            idx = np.where(hit, i, idx)
        return best, idx

    def render(self, eye, yaw, horizon, fov):
        np = fp.import_optional("numpy")
        w, h = self.w, self.h
        jj, ii = np.mgrid[0:h, 0:w]
        xs, ys = ((ii + 0.5) / w).ravel(), ((jj + 0.5) / h).ravel()
        dirs = self.ray_dirs(yaw, horizon, fov, w, h, xs, ys)
        t, idx = self.cast(eye, dirs)
        # ai2thor/server.py: a pixel that meets nothing reads the far plane
        depth = np.where(np.isfinite(t), t, FAR_PLANE - NEAR_PLANE).astype(np.float32).reshape(h, w)
        seg = np.zeros((h * w, 3), dtype=np.uint8)
        rgb = np.full((h * w, 3), 200, dtype=np.uint8)  # sky
        for i in np.unique(idx):
            if i < 0:
                continue
            col = self.colours[self.bodies[i].id]
            seg[idx == i] = col
            rgb[idx == i] = tuple((c // 2 + 60) for c in col)
        return rgb.reshape(h, w, 3), depth, seg.reshape(h, w, 3)

    # --- metadata ---------------------------------------------------------

    def object_entries(self):
        self.sync_subobjects()
        bodies = [b for b in self.bodies if b.enabled]
        parents = {b.id: self.parent_of(b) for b in bodies if not b.structure and b.owner is None}
        out = []
        for b in bodies:
            lo, hi = b.aabb()
            par = parents.get(b.id)
            children = [k for k, v in parents.items() if v == b.id]
            e = fp.object_entry(b.id, b.type, [f32(v) for v in b.pivot], f32(b.yaw % 360.0), [f32(v) for v in lo],
                                [f32(v) for v in hi], [[f32(v) for v in c] for c in b.corners()], b.size,
                                pickupable=b.primary == "CanPickup", moveable=b.primary == "Moveable",
                                receptacle=b.receptacle, parent=par or "", children=children)
            del e["boxSize"]  # AI2-THOR has no such field
            e["assetId"] = b.asset or ""
            if not b.movable:
                e["objectOrientedBoundingBox"] = None
            out.append(e)
        return out

    def event(self, action, ok=True, err="", ret=None, code=None):
        for b in self.bodies:
            if b.id not in self.colours:
                self.colours[b.id] = colour_of(b.id, set(self.colours.values()))
        md = fp.empty_metadata(action)
        del md["agent"]["eyeHeight"]
        md.update(lastActionSuccess=ok, errorMessage=err, actionReturn=ret, screenWidth=self.w, screenHeight=self.h,
                  fov=self.fov, sceneName=self.scene,
                  isSceneAtRest=self.at_rest() if self.loaded else True)
        if code is not None:
            md["errorCode"] = code
        md["agent"].update(position=fp.xyz(*[f32(self.agent[k]) for k in "xyz"]), rotation=fp.xyz(0, self.rot, 0),
                           cameraHorizon=self.horizon, isStanding=self.standing)
        md["cameraPosition"] = fp.xyz(*[f32(v) for v in self.eye()])
        md["objects"] = self.object_entries() if self.loaded else []
        if self.loaded:
            md["sceneBounds"] = fp.aabb_entry(*self.bounds)
        md["thirdPartyCameras"] = [dict(thirdPartyCameraId=i, position=dict(c["position"]), rotation=dict(c["rotation"]),
                                        fieldOfView=c["fieldOfView"]) for i, c in enumerate(self.cameras)]
        names = {v: k for k, v in self.colours.items()}
        self.version += 1
        ev = FakeEvent(md, names, self.frames, self.version)
        self.last_event = ev
        return ev

    def frames(self, version):
        if version != self.version:
            raise RuntimeError("fake_ai2thor: frames of an old event read after the scene changed")
        np = fp.import_optional("numpy")
        if self.loaded:
            rgb, depth, seg = self.render(self.eye(), self.rot, self.horizon, self.fov)
        else:
            rgb = np.zeros((self.h, self.w, 3), np.uint8)
            depth = np.zeros((self.h, self.w), np.float32)
            seg = np.zeros((self.h, self.w, 3), np.uint8)
        tp = [[], [], []]
        for c in self.cameras:
            p, r = vec(c["position"]), c["rotation"]
            cam = self.render(p, float(r["y"]), float(r["x"]), c["fieldOfView"]) if self.loaded else (rgb, depth, seg)
            for k in range(3):
                tp[k].append(cam[k])
        return rgb, depth, seg, tp[0], tp[1], tp[2]

    # --- actions ----------------------------------------------------------

    def step(self, action=None, **kw):
        if isinstance(action, dict):
            kw = dict(action, **kw)
            action = kw.pop("action")
        self.calls.append((action, kw))
        kw = dict(kw)
        kw.pop("renderImage", None)
        if action not in ARGS:
            return self.invalid(self.event(action, False, "Invalid action: %s" % action, code="InvalidAction"))
        bad = sorted(k for k in kw if k not in ARGS[action])
        if bad:
            return self.invalid(self.event(action, False, "\n\tAction: \"%s\" called with invalid argument%s: %s" % (
                action, "s" if len(bad) > 1 else "", ", ".join("'%s'" % k for k in bad)), code="InvalidArgument"))
        missing = [k for k in REQUIRED.get(action, []) if kw.get(k) is None]
        if missing:
            return self.invalid(self.event(action, False, "action: %s is missing the following arguments: %s" % (
                action, ",".join(missing)), code="MissingArguments"))
        try:
            ret = getattr(self, "do_" + action)(**kw)
        except ActionFailure as e:
            return self.event(action, False, str(e))
        if self.loaded and self.autosim and action != "UnpausePhysicsAutoSim":
            self.auto_simulate(AUTOSIM_PER_ACTION)
        if action == "AdvancePhysicsStep" and self.at_rest():
            # AgentManager.cs: once the scene is at rest after a step, physics
            # auto-simulation resumes by itself
            self.autosim = True
        return self.event(action, ret=ret)

    def invalid(self, ev):
        """ai2thor/controller.py step: an invalid action, argument or missing
        argument raises ValueError instead of returning the event."""
        if self.raise_invalid:
            raise ValueError(ev.metadata["errorMessage"])
        return ev

    def do_Done(self):
        return None

    do_Pass = do_Done

    def do_CreateHouse(self, house):
        # CreateHouse builds on top of whatever the scene holds: without a reset
        # the previous house's objects stay (ProceduralTools.cs clears nothing).
        old = list(self.bodies)
        self.create_house(house)
        self.bodies = old + self.bodies

    def do_ChangeResolution(self, x, y):
        self.w, self.h = int(x), int(y)

    def need_house(self):
        if not self.loaded:
            raise ActionFailure("NullReferenceException: no house loaded")

    def do_TeleportFull(self, position, rotation, horizon=None, standing=None, forceAction=False):
        self.need_house()
        pos, rot = vec(position), vec(rotation)
        h = self.horizon if horizon is None else float(horizon)
        if not forceAction and (abs(rot[0]) >= 1e-2 or abs(rot[2]) >= 1e-2):
            raise out_of_range("No agents currently can change in pitch or roll. So, you must set rotation(x=0, y=yaw, "
                               "z=0). You gave (%.6f, %.6f, %.6f)." % rot)
        if not forceAction and (h > 60 or h < -30):
            raise out_of_range("Each horizon must be in [-30:60]. You gave %s." % horizon)
        lo, hi = self.bounds
        if not forceAction and not all(lo[k] <= pos[k] <= hi[k] for k in range(3)):
            raise out_of_range("Teleport position (%.6f, %.6f, %.6f) out of scene bounds! Ignore this by setting "
                               "forceAction=true." % pos)
        if not forceAction and self.snap and not all(abs(v / self.grid - round(v / self.grid)) < 1e-5
                                                      for v in (pos[0], pos[2])):
            raise out_of_range("Teleport position (%.6f, %.6f, %.6f) is not on the grid of size %s." % (pos + (self.grid,)))
        if not forceAction and abs(pos[1] - BODY_Y) > 0.05:
            raise ActionFailure("InvalidOperationException: After teleporting and adjusting agent position to floor, "
                                "there was too large a change(%s > 0.05) in the y component. Consider using "
                                "`forceAction=true` if you'd like to teleport anyway." % abs(pos[1] - BODY_Y))
        # with forceAction the body centre goes where it is sent (the fake does
        # not snap it to the floor then)
        self.agent = {"x": pos[0], "y": pos[1] if forceAction else BODY_Y, "z": pos[2]}
        self.rot, self.horizon = rot[1] % 360.0, h
        if standing is not None:
            self.standing = bool(standing)

    def do_GetReachablePositions(self):
        self.need_house()
        lo, hi = self.bounds
        g = self.grid
        pts = []
        for i in range(int(math.floor(lo[0] / g)), int(math.ceil(hi[0] / g)) + 1):
            for k in range(int(math.floor(lo[2] / g)), int(math.ceil(hi[2] / g)) + 1):
                x, z = i * g, k * g
                if not any(point_in_polygon(x, z, poly) and
                           all(point_in_polygon(x + dx, z + dz, poly) for dx, dz in ((.2, 0), (-.2, 0), (0, .2), (0, -.2)))
                           for _, poly in self.rooms):
                    continue
                if any(b.bottom() < 1.8 and b.footprint_contains(x, z, margin=0.2) for b in self.solids()):
                    continue
                pts.append((x, z))
        return [fp.xyz(x, BODY_Y, z) for x, z in pts]

    def do_TeleportObject(self, objectId, position, rotation, forceAction=False, forceKinematic=False,
                          allowTeleportOutOfHand=False, makeUnbreakable=False):
        self.need_house()
        b = self.body(objectId)
        if b is None:
            raise ActionFailure("Cannot find object with id %s" % objectId)
        old = (b.pivot, b.yaw)
        b.pivot, b.yaw = vec(position), float(vec(rotation)[1])
        if forceKinematic:
            b.kinematic = True
        if not forceAction:
            other = self.collision(b)
            if other is not None:
                b.pivot, b.yaw = old
                raise ActionFailure("%s is colliding with %s after teleport." % (b.id, other))
        if not forceKinematic and self.autosim:
            self.run_to_rest()  # checkIfObjectHasStoppedMoving: physics runs until the object stops

    def do_PlaceObjectAtPoint(self, objectId, position, rotation=None, forceKinematic=False):
        self.need_house()
        b = self.body(objectId)
        if b is None:
            raise ActionFailure("Cannot find object with id %s." % objectId)
        p = vec(position)
        lo, hi = self.bounds
        if not all(lo[k] <= p[k] <= hi[k] for k in range(3)):
            raise ActionFailure("Position coordinate (%s) is not within scene bounds" % (p,))
        old = (b.pivot, b.yaw)
        if rotation is not None:
            b.yaw = float(vec(rotation)[1])
        # distance from the pivot down to the bottom of its box, plus 5 mm
        drop = b.pivot[1] - b.bottom()
        s = self.surface_below(p[0], p[1], p[2], exclude=(b.id,))
        if s is None:
            b.pivot, b.yaw = old
            raise ActionFailure("no surface below (%s)" % (p,))
        b.pivot = (p[0], s + drop + 0.005, p[2])
        other = self.collision(b)
        if other is not None:
            b.pivot, b.yaw = old
            raise ActionFailure("Spawn area not clear (%s) is in the way), can't place object at that point" % other)
        if forceKinematic:
            b.kinematic = True
        elif self.autosim:
            self.run_to_rest()

    def do_SetObjectPoses(self, objectPoses, placeStationary=True):
        self.need_house()
        given = {}
        for p in objectPoses:
            name = p.get("objectName")
            b = self.body(name)
            if b is None or b.structure or not b.movable:
                raise ActionFailure("No Pickupable or Moveable object of name %s found in scene." % name)
            given[name] = p
        for b in self.solids():
            if b.movable and b.id not in given:
                b.enabled = False  # PhysicsSceneManager.cs: objects not passed are disabled
        for name, p in given.items():
            b = self.body(name)
            b.pivot, b.yaw = vec(p["position"]), float(vec(p.get("rotation") or fp.xyz(0, b.yaw, 0))[1])
            b.kinematic = bool(placeStationary)
            b.vy, b.v2, b.in_motion, b.tip_clock = 0.0, 0.0, False, 0.0
        if self.autosim:
            self.run_to_rest()

    def do_PausePhysicsAutoSim(self):
        self.autosim = False

    def do_UnpausePhysicsAutoSim(self):
        self.autosim = True
        self.run_to_rest()

    def do_AdvancePhysicsStep(self, timeStep=0.02, simSeconds=None, allowAutoSimulation=False):
        if not allowAutoSimulation and self.autosim:
            raise ActionFailure(
                "AdvancePhysicsStep can only be called if Physics AutoSimulation is currently paused or if you have "
                "passed allowAutoSimulation=true! Either use the PausePhysicsAutoSim() action first, or if you already "
                "used it, Physics AutoSimulation has been turned back on already.")
        if timeStep <= 0.0 or timeStep > 0.05:
            raise ActionFailure("Please use a timeStep between 0.0f and 0.05f. Larger timeSteps produce inconsistent "
                                "simulation results.")
        total = timeStep if simSeconds is None else float(simSeconds)
        n = max(1, int(round(total / timeStep)))
        for _ in range(n):
            self.physics_step(timeStep)

    def do_GetCoordinateFromRaycast(self, x, y):
        self.need_house()
        if x < 0 or y < 0 or x > 1 or y > 1:
            raise out_of_range("x and y must be in [0:1] not (x=%s, y=%s)." % (x, y))
        np = fp.import_optional("numpy")
        d = self.ray_dirs(self.rot, self.horizon, self.fov, self.w, self.h, np.array([float(x)]), np.array([float(y)]))
        t, idx = self.cast(self.eye(), d, layers=RAYCAST_LAYERS)
        if not np.isfinite(t[0]):
            return fp.xyz(0, 0, 0)  # Unity's RaycastHit.point of a miss
        p = np.array(self.eye()) + t[0] * d[0]
        return fp.xyz(*[f32(v) for v in p])

    def do_AddThirdPartyCamera(self, position, rotation, fieldOfView=90.0, **kw):
        if not 0 < fieldOfView < 180:
            raise out_of_range("fieldOfView: %s must be in 0 < fieldOfView > 180." % fieldOfView)
        self.cameras.append({"position": fp.xyz(*vec(position)), "rotation": fp.xyz(*vec(rotation)),
                             "fieldOfView": float(fieldOfView)})

    def do_UpdateThirdPartyCamera(self, thirdPartyCameraId=0, position=None, rotation=None, fieldOfView=None, **kw):
        if not 0 <= thirdPartyCameraId < len(self.cameras):
            raise out_of_range("thirdPartyCameraId: %s (int: default=0) must in 0 <= thirdPartyCameraId < "
                               "len(thirdPartyCameras)=%d." % (thirdPartyCameraId, len(self.cameras)))
        c = self.cameras[thirdPartyCameraId]
        if position is not None:
            c["position"] = dict(c["position"], **{k: float(v) for k, v in position.items()})
        if rotation is not None:
            c["rotation"] = dict(c["rotation"], **{k: float(v) for k, v in rotation.items()})
        if fieldOfView is not None:
            if not 0 < fieldOfView < 180:
                raise out_of_range("fieldOfView: %s must be in 0 < fieldOfView > 180." % fieldOfView)
            c["fieldOfView"] = float(fieldOfView)
