"""Shared server side of the flowbench-thor websocket protocol (docs/protocol.md).

Used by blender_bridge.py and ai2thor_bridge.py. A bridge supplies a session
class with two methods:

    act(req_id, action, args) -> Result     (raise ActionError to refuse)
    metadata(action, with_objects) -> dict  (the current state's metadata)

and calls serve(). Only the standard library is needed to import this module;
serve() needs the `websockets` package and the frame encoders need numpy.
"""

import asyncio
import ipaddress
import json
import struct
import sys

PROTOCOL = "flowbench-thor"
VERSION = 1
FRAME_MAGIC = b"FBTF"
FRAME_HEADER = struct.Struct("<4sHBBQIIII")  # 32 bytes
PASS_RGB, PASS_DEPTH, PASS_IDS = 1, 2, 3
DTYPE_UINT8, DTYPE_FLOAT32, DTYPE_UINT16 = 1, 2, 3
PASS_NAMES = {"rgb": PASS_RGB, "depth": PASS_DEPTH, "ids": PASS_IDS}
CAMERA_HEIGHT = 1.576  # AI2-THOR's standing eye height, metres
GRID_SIZE = 0.25
# Memory bounds per request (thor/limits.go): one reply (JSON text plus
# frames), and the 0.25 m grid over a house's rooms that
# GetReachablePositions walks (a 23 KB house spanning 1 km x 1 km would give
# a 444 MB reply).
MAX_REPLY_BYTES = 256 << 20
MAX_GRID_CELLS = 1 << 20
DEBIAN_DIST_PACKAGES = "/usr/lib/python3/dist-packages"
# Asset sets a server's hello lists in "assets" (thor/assets.go): the asset ids
# it can create. A hello without the field means ASSETS_AI2THOR.
ASSETS_AI2THOR = "ai2thor"      # ProcTHOR's asset database: what AI2-THOR's CreateHouse creates
ASSETS_FLOWBENCH = "flowbench"  # flowbench's own ids (prefix FLOWBENCH_ASSET_PREFIX)
ASSETS_ALL = "all"              # every id: objects are built from the house or its meshes
FLOWBENCH_ASSET_PREFIX = "flowbench_"


def flowbench_only_asset(asset_id):
    """Whether an asset id is flowbench's own (sim.FlowbenchOnlyAsset): no
    AI2-THOR asset exists for it."""
    return isinstance(asset_id, str) and asset_id.startswith(FLOWBENCH_ASSET_PREFIX)


def house_assets(house):
    """(objectId, assetId) of every object of a house JSON, children included,
    in house order."""
    out = []

    def walk(objs):
        for o in objs or []:
            if isinstance(o, dict):
                out.append((o.get("id"), o.get("assetId")))
                walk(o.get("children"))
    walk(house.get("objects") if isinstance(house, dict) else None)
    return out


def import_optional(name):
    """Imports a module, retrying with Debian's dist-packages on sys.path
    (Blender's and pyenv's interpreters do not see python3-numpy otherwise)."""
    try:
        return __import__(name)
    except ImportError:
        if DEBIAN_DIST_PACKAGES not in sys.path:
            sys.path.append(DEBIAN_DIST_PACKAGES)
        return __import__(name)


class ActionError(Exception):
    """A refused action: message becomes errorMessage, ret actionReturn."""

    def __init__(self, message, ret=None):
        super().__init__(message)
        self.message = message
        self.ret = ret


class Result:
    """A successful action's outputs."""

    def __init__(self, action_return=None, frames=()):
        self.action_return = action_return
        self.frames = list(frames)


def xyz(x=0.0, y=0.0, z=0.0):
    return {"x": float(x), "y": float(y), "z": float(z)}


def aabb_entry(lo, hi):
    """AI2-THOR's axis-aligned box entry from min and max corners."""
    corners = []
    for i in range(8):
        corners.append([hi[0] if i & 1 else lo[0], hi[1] if i & 2 else lo[1], hi[2] if i & 4 else lo[2]])
    return {
        "cornerPoints": corners,
        "center": xyz(*[(a + b) / 2 for a, b in zip(lo, hi)]),
        "size": xyz(*[b - a for a, b in zip(lo, hi)]),
    }


def empty_metadata(action):
    """Metadata with every field AI2-THOR's schema requires."""
    return {
        "objects": [],
        "isSceneAtRest": True,
        "agent": {"name": "agent", "position": xyz(), "rotation": xyz(), "cameraHorizon": 0.0,
                  "isStanding": True, "inHighFrictionArea": False, "eyeHeight": CAMERA_HEIGHT},
        "heldObjectPose": {"position": xyz(), "rotation": xyz(), "localPosition": xyz(), "localRotation": xyz()},
        "fov": 90.0,
        "cameraPosition": xyz(),
        "cameraOrthSize": 0.0,
        "thirdPartyCameras": [],
        "collided": False,
        "collidedObjects": [],
        "inventoryObjects": [],
        "sceneName": "",
        "lastAction": action,
        "errorMessage": "",
        "errorCode": None,
        "lastActionSuccess": True,
        "screenWidth": 800,
        "screenHeight": 800,
        "agentId": 0,
        "colors": None,
        "colorBounds": None,
        "flatSurfacesOnGrid": [],
        "distances": [],
        "normals": [],
        "isOpenableGrid": [],
        "segmentedObjectIds": [],
        "objectIdsInBox": [],
        "actionIntReturn": 0,
        "actionFloatReturn": 0.0,
        "actionStringsReturn": [],
        "actionFloatsReturn": [],
        "actionVector3sReturn": [],
        "visibleRange": None,
        "actionReturn": None,
        "currentTime": 0.0,
        "sceneBounds": aabb_entry([0, 0, 0], [0, 0, 0]),
    }


def object_entry(object_id, object_type, position, yaw, aabb_lo, aabb_hi, obb_corners, box_size,
                 pickupable=False, moveable=False, receptacle=False, parent="", children=(),
                 visible=False, distance=0.0):
    """One object's metadata in AI2-THOR's shape (position = bounding-box centre)."""
    return {
        "name": object_id, "position": xyz(*position), "rotation": xyz(0, yaw, 0),
        "visible": bool(visible), "obstructed": False, "receptacle": bool(receptacle),
        "toggleable": False, "isToggled": False, "breakable": False, "isBroken": False,
        "canFillWithLiquid": False, "fillLiquid": None, "isFilledWithLiquid": False,
        "dirtyable": False, "isDirty": False, "canBeUsedUp": False, "isUsedUp": False,
        "cookable": False, "isCooked": False, "ObjectTemperature": "RoomTemp",
        "isHeatSource": False, "isColdSource": False, "sliceable": False, "isSliced": False,
        "openable": False, "isOpen": False, "pickupable": bool(pickupable), "isPickedUp": False,
        "moveable": bool(moveable), "mass": 0.0, "salientMaterials": None,
        "receptacleObjectIds": list(children) if receptacle else None,
        "distance": float(distance), "objectType": object_type, "objectId": object_id,
        "parentReceptacles": [parent] if parent else None, "isMoving": False,
        "axisAlignedBoundingBox": aabb_entry(aabb_lo, aabb_hi),
        "objectOrientedBoundingBox": {"cornerPoints": [list(map(float, c)) for c in obb_corners]},
        "boxSize": xyz(*box_size),
    }


def encode_frame(pass_kind, req_id, array):
    """A binary image message: header + little-endian samples (numpy array
    of shape (H, W, 3) uint8 for rgb, (H, W) float32 depth or uint16 ids)."""
    np = import_optional("numpy")
    if pass_kind == PASS_RGB:
        a = np.ascontiguousarray(array, dtype=np.uint8)
        dtype, channels = DTYPE_UINT8, 3
    elif pass_kind == PASS_DEPTH:
        a = np.ascontiguousarray(array, dtype="<f4")
        dtype, channels = DTYPE_FLOAT32, 1
    elif pass_kind == PASS_IDS:
        a = np.ascontiguousarray(array, dtype="<u2")
        dtype, channels = DTYPE_UINT16, 1
    else:
        raise ValueError("unknown pass kind %r" % pass_kind)
    h, w = a.shape[0], a.shape[1]
    if channels == 3 and a.shape[2:] != (3,):
        raise ValueError("rgb frame must be H×W×3, got %r" % (a.shape,))
    head = FRAME_HEADER.pack(FRAME_MAGIC, 1, pass_kind, dtype, req_id, w, h, channels, 0)
    return head + a.tobytes()


def decode_frame(msg):
    """Parses a binary image message: (pass, dtype, id, w, h, channels, payload)."""
    if len(msg) < FRAME_HEADER.size:
        raise ValueError("binary frame shorter than its header")
    magic, version, kind, dtype, req_id, w, h, ch, _ = FRAME_HEADER.unpack_from(msg)
    if magic != FRAME_MAGIC or version != 1:
        raise ValueError("bad frame magic or version")
    size = {DTYPE_UINT8: 1, DTYPE_FLOAT32: 4, DTYPE_UINT16: 2}[dtype]
    payload = msg[FRAME_HEADER.size:]
    if len(payload) != w * h * ch * size:
        raise ValueError("frame payload size mismatch")
    return kind, dtype, req_id, w, h, ch, payload


def render_reply_bytes(w, h, passes=("rgb", "depth", "ids")):
    """The bytes of a Render reply's frames."""
    per = {"rgb": 3, "depth": 4, "ids": 2}
    return sum(FRAME_HEADER.size + w * h * per[p] for p in passes)


def check_render_size(action, w, h, max_bytes=MAX_REPLY_BYTES):
    """Refuses an image size whose full Render reply would exceed max_bytes."""
    n = render_reply_bytes(w, h)
    if n > max_bytes:
        raise ActionError("%s: image size %dx%d makes a %d-byte Render reply, over the bridge's limit of %d bytes"
                          % (action, w, h, n, max_bytes))


def check_house_grid(house, max_cells=MAX_GRID_CELLS):
    """Refuses a house whose rooms span more 0.25 m grid cells than max_cells."""
    xs, zs = [], []
    for r in house.get("rooms") or []:
        for p in (r.get("floorPolygon") or []) if isinstance(r, dict) else []:
            if isinstance(p, dict):
                xs.append(float(p.get("x", 0)))
                zs.append(float(p.get("z", 0)))
    if not xs:
        return
    ni = (max(xs) - min(xs)) // GRID_SIZE + 1
    nj = (max(zs) - min(zs)) // GRID_SIZE + 1
    if ni * nj > max_cells:
        raise ActionError("CreateHouse: the rooms span %.0f m x %.0f m, %d grid cells of %g m, over the bridge's limit of %d cells"
                          % (max(xs) - min(xs), max(zs) - min(zs), ni * nj, GRID_SIZE, max_cells))


def parse_passes(args):
    passes = args.get("passes") or ["rgb", "depth", "ids"]
    if not isinstance(passes, list) or any(p not in PASS_NAMES for p in passes) or len(set(passes)) != len(passes):
        raise ActionError("Render: passes must be distinct names among rgb, depth, ids, got %r" % (passes,))
    return passes


def check_hello(msg, role):
    if not isinstance(msg, str):
        return "hello: expected a JSON text message"
    try:
        h = json.loads(msg)
    except ValueError as e:
        return "hello: %s" % e
    if not isinstance(h, dict) or h.get("protocol") != PROTOCOL:
        return "hello: protocol %r, want %r" % (h.get("protocol") if isinstance(h, dict) else None, PROTOCOL)
    if h.get("version") != VERSION:
        return "hello: protocol version %r, this side speaks %d" % (h.get("version"), VERSION)
    if h.get("role") != role:
        return "hello: role %r, want %r" % (h.get("role"), role)
    return None


def handle_message(session, msg, max_reply_bytes=MAX_REPLY_BYTES):
    """Answers one message: (frames, reply text). Never raises. A reply
    over max_reply_bytes (text plus frames) becomes an error reply."""
    req_id, action = 0, ""
    try:
        if not isinstance(msg, str):
            raise ActionError("malformed request: binary message from the client (requests are JSON text)")
        try:
            req = json.loads(msg)
        except ValueError as e:
            raise ActionError("malformed request: %s" % e)
        if not isinstance(req, dict):
            raise ActionError("malformed request: not a JSON object")
        rid = req.get("id", 0)
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < 2 ** 64:
            req_id = rid
        else:
            raise ActionError("malformed request: id must be a non-negative integer")
        action = req.get("action")
        if not isinstance(action, str) or not action:
            action = ""
            raise ActionError('malformed request: missing "action"')
        args = req.get("args") or {}
        if not isinstance(args, dict):
            raise ActionError("%s: bad args: not a JSON object" % action)
        with_objects = req.get("withObjects", True) is not False
        res = session.act(req_id, action, args)
        md = session.metadata(action, with_objects)
        md["actionReturn"] = res.action_return
        reply = json.dumps({"id": req_id, "metadata": md})
        size = len(reply) + sum(len(f) for f in res.frames)
        if size > max_reply_bytes:
            raise ActionError("%s: the reply would be %d bytes, over the bridge's limit of %d bytes; ask withObjects=false "
                              "or a smaller image" % (action, size, max_reply_bytes))
        return res.frames, reply
    except Exception as e:  # every failure becomes an error reply
        if isinstance(e, ActionError):
            message, ret = e.message, e.ret
        else:
            message, ret = "internal error in %s: %s: %s" % (action, type(e).__name__, e), None
        try:
            md = session.metadata(action, False)
        except Exception:
            md = empty_metadata(action)
        md["lastActionSuccess"] = False
        md["errorMessage"] = message
        md["actionReturn"] = ret
        return [], json.dumps({"id": req_id, "metadata": md})


def check_host(host, listen_any):
    """Refuses a non-loopback host unless listen_any."""
    if listen_any or host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise SystemExit("refusing to listen on %r: not a loopback address (the bridge has no "
                     "authentication; pass --listen-any to allow it)" % host)


def server_hello(name, actions, wants=(), assets=None):
    """The server's hello; assets (asset set names) is left out when None."""
    hello = {"protocol": PROTOCOL, "version": VERSION, "role": "server", "name": name,
             "actions": list(actions), "wants": list(wants)}
    if assets is not None:
        hello["assets"] = list(assets)
    return hello


def serve(make_session, host, port, name, actions, wants=(), max_size=256 << 20, ready=None, assets=None):
    """Runs the websocket server until interrupted. make_session() builds one
    session per connection. ready(port) is called once listening. assets
    names the asset sets the hello declares (None: the field is left out,
    which means AI2-THOR's ids)."""
    websockets = import_optional("websockets")

    async def handler(ws, path=None):
        try:
            msg = await asyncio.wait_for(ws.recv(), 30)
        except Exception:
            return
        hello = server_hello(name, actions, wants, assets)
        err = check_hello(msg, "client")
        if err:
            hello["error"] = err
            await ws.send(json.dumps(hello))
            await ws.close(1008, "bad hello")
            return
        await ws.send(json.dumps(hello))
        session = make_session()
        try:
            async for msg in ws:
                frames, reply = handle_message(session, msg)
                for f in frames:
                    await ws.send(f)
                await ws.send(reply)
        except websockets.exceptions.ConnectionClosed:
            pass
        finally:
            close = getattr(session, "close", None)
            if close:
                close()

    async def main():
        async with websockets.serve(handler, host, port, max_size=max_size, compression=None) as srv:
            bound = srv.sockets[0].getsockname()[1]
            print("%s bridge: listening on ws://%s:%d" % (name, host, bound), flush=True)
            if ready:
                ready(bound)
            await asyncio.Future()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
