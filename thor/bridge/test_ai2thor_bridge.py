"""Tests of the AI2-THOR bridge's translation layer against a strict fake
controller (fake_ai2thor.py), and of the fake's own strictness.

Run: python3 -m unittest discover -s thor/bridge -p 'test_*.py'
Serve the fake for cross-language tests: python3 test_ai2thor_bridge.py --serve-fake --port 0
"""

import asyncio
import copy
import importlib.util
import json
import math
import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flowbench_protocol as fp  # noqa: E402
import ai2thor_bridge as ab  # noqa: E402
import fake_ai2thor as fake  # noqa: E402


def asset(otype, x, y, z, primary, receptacle=False):
    return {"objectType": otype, "boundingBox": {"x": x, "y": y, "z": z}, "primaryProperty": primary,
            "secondaryProperties": ["Receptacle"] if receptacle else []}


# A hand-made asset table and house (materials from ProcTHOR's database, and
# in the fake's built-in list, so the test does not need ../shared).
ASSETS = {
    "Dining_Table_T": asset("DiningTable", 1.2, 0.8, 0.8, "Static", True),
    "Mug_T": asset("Mug", 0.1, 0.12, 0.1, "CanPickup", True),
    "Chair_T": asset("Chair", 0.5, 0.9, 0.5, "Moveable"),
    "Counter_T": asset("CounterTop", 1.0, 0.9, 0.6, "Static", True),
    "Sink_T": asset("Sink", 0.6, 0.3, 0.5, "Static", True),
    "Bed_T": asset("Bed", 2.0, 0.6, 1.6, "Static", True),
    # the door and window of HOUSE (AI2-THOR looks their prefabs up by assetId)
    "Doorway_1": asset("Doorway", 1.0733, 2.1275, 0.0747, "Static"),
    "Window_1": asset("Window", 1.0, 1.0, 0.2, "Static"),
}
ASSET_SIZES = {k: (v["boundingBox"]["x"], v["boundingBox"]["y"], v["boundingBox"]["z"]) for k, v in ASSETS.items()}


def wall(room, x0, z0, x1, z1, h=2.5):
    return {"id": "wall|%s|%.2f|%.2f|%.2f|%.2f" % (room, x0, z0, x1, z1), "roomId": "room|%s" % room,
            "material": {"name": "Walldrywall4Tiled"},
            "polygon": [{"x": x0, "y": 0, "z": z0}, {"x": x1, "y": 0, "z": z1}, {"x": x0, "y": h, "z": z0},
                        {"x": x1, "y": h, "z": z1}]}


def obj(oid, asset_id, x, y, z, yaw=0.0, kinematic=True, children=()):
    return {"id": oid, "assetId": asset_id, "position": {"x": x, "y": y, "z": z},
            "rotation": {"x": 0, "y": yaw, "z": 0}, "kinematic": kinematic, "children": list(children)}


HOUSE = {
    "metadata": {"schema": "1.0.0", "agent": {"position": {"x": 3.0, "y": 0.95, "z": 1.0},
                                               "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0, "standing": True}},
    "rooms": [{"id": "room|1", "roomType": "LivingRoom", "floorMaterial": {"name": "OrangeWood"}, "ceilings": [],
               "children": [], "floorPolygon": [{"x": 0, "y": 0, "z": 0}, {"x": 0, "y": 0, "z": 6},
                                                {"x": 6, "y": 0, "z": 6}, {"x": 6, "y": 0, "z": 0}]}],
    "walls": [wall(1, 0, 0, 0, 6), wall(1, 0, 6, 6, 6), wall(1, 6, 0, 6, 6), wall(1, 0, 0, 6, 0)],
    "doors": [{"id": "door|1|2", "assetId": "Doorway_1", "room0": "room|1", "room1": "room|1",
               "wall0": "wall|1|0.00|0.00|6.00|0.00", "wall1": "",
               "holePolygon": [{"x": 1, "y": 0, "z": 0}, {"x": 2, "y": 2, "z": 0}],
               "assetPosition": {"x": 1.5, "y": 1, "z": 0}}],
    "windows": [{"id": "window|1|0", "assetId": "Window_1", "room0": "room|1", "room1": "room|1",
                 "wall0": "wall|1|0.00|6.00|6.00|6.00", "wall1": "",
                 "holePolygon": [{"x": 1, "y": 1, "z": 0}, {"x": 2, "y": 2, "z": 0}],
                 "assetPosition": {"x": 1.5, "y": 1.5, "z": 0}}],
    "objects": [
        obj("DiningTable|1|0", "Dining_Table_T", 2.0, 0.4, 3.0, children=[
            obj("Mug|1|1", "Mug_T", 2.1, 0.86, 3.0, kinematic=False)]),
        obj("Chair|1|2", "Chair_T", 4.0, 0.45, 3.0, yaw=90),
        obj("CounterTop|1|3", "Counter_T", 5.0, 0.45, 5.5, yaw=90),
        obj("Sink|1|4", "Sink_T", 1.0, 0.15, 5.5),
    ],
    "proceduralParameters": {"ceilingMaterial": {"name": "PureWhite"}, "floorColliderThickness": 1.0,
                             "receptacleHeight": 0.7, "lights": [], "skyboxId": "SkyOakland"},
}
HOUSE_IDS = ["DiningTable|1|0", "Mug|1|1", "Chair|1|2", "CounterTop|1|3", "Sink|1|4"]


def request(session, action, args=None, rid=1, with_objects=True):
    frames, reply = fp.handle_message(session, json.dumps({"id": rid, "action": action, "args": args or {}, "withObjects": with_objects}))
    r = json.loads(reply)
    assert r["id"] == rid
    return frames, r["metadata"]


def session(factory, asset_sizes=None):
    if asset_sizes is None:
        return ab.Ai2ThorSession(factory)
    return ab.Ai2ThorSession(factory, asset_sizes=asset_sizes)


def schema_path():
    return os.path.join(fake.shared_dir(), "reference", "ai2thor", "metadata-schema.json")


def check_schema(schema, v, path="metadata"):
    """Minimal JSON-schema subset: type, required, properties, items, anyOf."""
    errs = []
    t = schema.get("type")
    if t is not None:
        types = t if isinstance(t, list) else [t]
        kinds = {"object": dict, "array": list, "string": str, "boolean": bool}
        ok = False
        for ty in types:
            if ty == "null":
                ok |= v is None
            elif ty == "number":
                ok |= isinstance(v, (int, float)) and not isinstance(v, bool)
            elif ty == "integer":
                ok |= isinstance(v, int) and not isinstance(v, bool)
            else:
                ok |= isinstance(v, kinds[ty])
        if not ok:
            return ["%s: %r is not %s" % (path, type(v).__name__, types)]
    if "anyOf" in schema and not any(not check_schema(s, v, path) for s in schema["anyOf"]):
        errs.append("%s: no anyOf alternative" % path)
    if isinstance(v, dict):
        errs += ["%s: missing %s" % (path, r) for r in schema.get("required", []) if r not in v]
        for k, s in schema.get("properties", {}).items():
            if k in v:
                errs += check_schema(s, v[k], path + "." + k)
    if isinstance(v, list) and "items" in schema:
        for i, x in enumerate(v):
            errs += check_schema(schema["items"], x, "%s[%d]" % (path, i))
    return errs


def xyz(p):
    return (p["x"], p["y"], p["z"])


class BridgeCase(unittest.TestCase):
    """A session on the fake controller with HOUSE created, and helpers;
    no tests of its own, so each subclass runs only the tests it defines."""
    asset_sizes = None

    def setUp(self):
        self.ctl = None

        def factory(**kw):
            self.ctl = fake.FakeController(assets=ASSETS, **kw)
            return self.ctl
        self.s = session(factory, self.asset_sizes)
        _, md = request(self.s, "Initialize", {"width": 16, "height": 12, "fieldOfView": 90, "gridSize": 0.25})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        _, md = request(self.s, "CreateHouse", {"house": HOUSE})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])

    def objects(self):
        _, md = request(self.s, "Pass")
        return {o["objectId"]: o for o in md["objects"]}

    def assertClose(self, got, want, tol=1e-5, msg=None):
        self.assertEqual(len(got), len(want), msg)
        for a, b in zip(got, want):
            self.assertAlmostEqual(a, b, delta=tol, msg="%s: %r != %r" % (msg, got, want))

    def calls(self, action):
        return [kw for a, kw in self.ctl.calls if a == action]

    def ok(self, action, args=None, **kw):
        frames, md = request(self.s, action, args, **kw)
        self.assertTrue(md["lastActionSuccess"], "%s: %s" % (action, md["errorMessage"]))
        return frames, md


class BridgeTest(BridgeCase):
    def test_memory_bounds(self):
        # An image size whose Render reply would pass the bridge's reply limit.
        _, md = request(self.s, "Initialize", {"width": 8192, "height": 8192})
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("8192x8192", md["errorMessage"])
        # A small house whose rooms span 1.2 km: its grid is refused up front.
        huge = copy.deepcopy(HOUSE)
        for r in huge["rooms"]:
            for p in r["floorPolygon"]:
                p["x"], p["z"] = p["x"] * 200, p["z"] * 200
        _, md = request(self.s, "CreateHouse", {"house": huge})
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("grid cells", md["errorMessage"])
        # Any reply over the limit becomes an error reply.
        msg = json.dumps({"id": 3, "action": "Pass", "withObjects": False})
        _, small = fp.handle_message(self.s, msg)
        limit = len(small) + 100
        frames, reply = fp.handle_message(self.s, json.dumps({"id": 4, "action": "Pass"}), max_reply_bytes=limit)
        md = json.loads(reply)["metadata"]
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("over the bridge's limit", md["errorMessage"])
        _, reply = fp.handle_message(self.s, msg, max_reply_bytes=limit)
        self.assertTrue(json.loads(reply)["metadata"]["lastActionSuccess"])

    # --- scene and objects --------------------------------------------

    def test_controller_gets_initialize_settings(self):
        self.assertEqual((self.ctl.w, self.ctl.h, self.ctl.fov), (16, 12, 90))

    def test_starts_in_procedural_scene(self):
        self.assertEqual(self.ctl.scene, "Procedural")

    def test_planner_sees_only_the_houses_objects(self):
        _, md = request(self.s, "Pass")
        ids = [o["objectId"] for o in md["objects"]]
        self.assertEqual(ids, HOUSE_IDS)  # no walls, rooms, Floor, doors, windows or Sink|1|4___0
        raw = [o["objectId"] for o in self.ctl.last_event.metadata["objects"]]
        for other in ("Floor", "room|1", "door|1|2", "window|1|0", "Sink|1|4___0", HOUSE["walls"][0]["id"]):
            self.assertIn(other, raw)  # AI2-THOR does report them
        objs = {o["objectId"]: o for o in md["objects"]}
        self.assertIsNone(objs["Chair|1|2"]["parentReceptacles"])  # on the floor, not on "Floor"
        self.assertEqual(objs["Mug|1|1"]["parentReceptacles"], ["DiningTable|1|0"])
        self.assertEqual(objs["DiningTable|1|0"]["receptacleObjectIds"], ["Mug|1|1"])

    def test_positions_are_box_centres(self):
        chair = self.objects()["Chair|1|2"]
        self.assertClose(xyz(chair["position"]), (4.0, 0.45, 3.0))
        self.assertClose(xyz(chair["boxSize"]), (0.5, 0.9, 0.5))
        raw = {o["objectId"]: o for o in self.ctl.last_event.metadata["objects"]}["Chair|1|2"]
        self.assertGreater(abs(raw["position"]["y"] - 0.45), 0.1)  # AI2-THOR reports the pivot

    def test_static_box_size_accounts_for_yaw(self):
        counter = self.objects()["CounterTop|1|3"]  # static, yaw 90: no oriented box from AI2-THOR
        self.assertIsNone({o["objectId"]: o for o in self.ctl.last_event.metadata["objects"]}
                          ["CounterTop|1|3"]["objectOrientedBoundingBox"])
        self.assertClose(xyz(counter["boxSize"]), (1.0, 0.9, 0.6))
        self.assertClose(xyz(counter["position"]), (5.0, 0.45, 5.5))
        corners = counter["objectOrientedBoundingBox"]["cornerPoints"]
        # sim bit order: corner 0 is local (-x, -y, -z); at yaw 90 local x is world -z, local z world +x
        self.assertClose(corners[0], (5.0 - 0.3, 0.0, 5.5 + 0.5))
        for sizes in (None, ASSET_SIZES):  # yaw-aware without, exact with the asset database
            house = copy.deepcopy(HOUSE)
            house["objects"][2]["rotation"]["y"] = 30
            s = session(lambda **kw: fake.FakeController(assets=ASSETS, **kw), sizes)
            _, md = request(s, "CreateHouse", {"house": house})
            self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
            counter = {o["objectId"]: o for o in md["objects"]}["CounterTop|1|3"]
            self.assertClose(xyz(counter["boxSize"]), (1.0, 0.9, 0.6), 1e-4)

    def test_new_house_replaces_the_old_one(self):
        house = copy.deepcopy(HOUSE)
        house["objects"] = [obj("Bed|1|0", "Bed_T", 3.0, 0.3, 4.0)]
        self.ok("CreateHouse", {"house": house})
        self.assertEqual(list(self.objects()), ["Bed|1|0"])
        raw = [o["objectId"] for o in self.ctl.last_event.metadata["objects"]]
        self.assertNotIn("Chair|1|2", raw)  # the scene was reloaded, not built on
        self.assertEqual([kw["scene"] for a, kw in self.ctl.calls if a == "reset"], ["Procedural"])

    # --- object poses ------------------------------------------------

    def test_teleport_object_converts_centre_to_pivot(self):
        centre = {"x": 1.0, "y": 0.45, "z": 1.0}
        self.ok("TeleportObject", {"objectId": "Chair|1|2", "position": centre, "rotation": {"x": 0, "y": 180, "z": 0}})
        kw = self.calls("TeleportObject")[-1]
        # offset (0.05, 0.405, -0.025) in the chair's frame; yaw 180 flips x and z
        self.assertClose(xyz(kw["position"]), (1.05, 0.045, 0.975))
        chair = self.objects()["Chair|1|2"]
        self.assertClose(xyz(chair["position"]), (1.0, 0.45, 1.0))
        self.assertEqual(chair["rotation"]["y"], 180)

    def test_teleport_is_exact_and_kinematic(self):
        mug = self.objects()["Mug|1|1"]["position"]
        up = dict(mug, y=mug["y"] + 0.5)
        self.ok("TeleportObject", {"objectId": "Mug|1|1", "position": up, "forceAction": True})
        self.assertTrue(self.calls("TeleportObject")[-1]["forceKinematic"])
        self.assertClose(xyz(self.objects()["Mug|1|1"]["position"]), xyz(up))  # physics did not drop it
        self.ok("Pass")
        self.assertClose(xyz(self.objects()["Mug|1|1"]["position"]), xyz(up))

    def test_resting_objects_move_with_their_receptacle(self):
        self.ok("TeleportObject", {"objectId": "DiningTable|1|0", "position": {"x": 2.5, "y": 0.4, "z": 2.5},
                                   "rotation": {"x": 0, "y": 90, "z": 0}})
        objs = self.objects()
        # the mug sat 0.1 m along the table's +x; turned by 90° that is -z
        self.assertClose(xyz(objs["Mug|1|1"]["position"]), (2.5, 0.86, 2.4))
        self.assertAlmostEqual(objs["Mug|1|1"]["rotation"]["y"], 90, delta=1e-3)
        self.assertEqual(objs["Mug|1|1"]["parentReceptacles"], ["DiningTable|1|0"])

    def test_refused_move_restores_everything(self):
        self.ok("TeleportObject", {"objectId": "DiningTable|1|0", "position": {"x": 2.0, "y": 0.4, "z": 2.5}})
        before = {k: xyz(v["position"]) for k, v in self.objects().items()}
        self.assertClose(before["Mug|1|1"], (2.1, 0.86, 2.5))
        _, md = request(self.s, "TeleportObject", {"objectId": "DiningTable|1|0", "position": {"x": 3.8, "y": 0.4, "z": 3.0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertEqual(md["errorMessage"], "DiningTable|1|0 is colliding with Chair|1|2 after teleport.")
        after = {k: xyz(v["position"]) for k, v in self.objects().items()}
        for k in before:
            self.assertClose(after[k], before[k], ab.POSITION_TOLERANCE, k)

    def test_collision_keeps_ai2thor_message_and_details(self):
        table = self.objects()["DiningTable|1|0"]["position"]
        _, md = request(self.s, "TeleportObject", {"objectId": "Chair|1|2", "position": table, "rotation": {"x": 0, "y": 90, "z": 0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertEqual(md["errorMessage"], "Chair|1|2 is colliding with DiningTable|1|0 after teleport.")
        c = md["actionReturn"]["collision"]
        self.assertEqual((c["mover"], c["object"], c["other"], c["action"]), ("Chair|1|2", "Chair|1|2", "DiningTable|1|0", "teleport"))
        self.assertClose(xyz(self.objects()["Chair|1|2"]["position"]), (4.0, 0.45, 3.0))

    def test_unknown_object(self):
        for oid in ("Nope", HOUSE["walls"][0]["id"], "Sink|1|4___0", "Floor"):
            _, md = request(self.s, "TeleportObject", {"objectId": oid, "position": {"x": 0, "y": 0, "z": 0}})
            self.assertFalse(md["lastActionSuccess"])
            self.assertIn("unknown objectId", md["errorMessage"])

    def test_place_object_at_point_converts_bottom_to_pivot(self):
        self.ok("PlaceObjectAtPoint", {"objectId": "Mug|1|1", "position": {"x": 1.8, "y": 0.8, "z": 2.9}})
        kw = self.calls("PlaceObjectAtPoint")[-1]
        # the mug's pivot is (0.01, ·, -0.005) from its centre in its frame (yaw 0)
        self.assertClose((kw["position"]["x"], kw["position"]["z"]), (1.79, 2.905))
        mug = self.objects()["Mug|1|1"]
        self.assertClose(xyz(mug["position"]), (1.8, 0.86, 2.9))  # bottom exactly on the table, not 5 mm above
        self.assertEqual(mug["parentReceptacles"], ["DiningTable|1|0"])

    def test_place_object_at_point_parses_spawn_area_not_clear(self):
        before = xyz(self.objects()["Mug|1|1"]["position"])
        _, md = request(self.s, "PlaceObjectAtPoint", {"objectId": "Mug|1|1", "position": {"x": 3.78, "y": 0.0, "z": 3.0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertTrue(md["errorMessage"].startswith("Spawn area not clear (Chair|1|2)"), md["errorMessage"])
        c = (md["actionReturn"] or {}).get("collision")
        self.assertIsNotNone(c, md)
        self.assertEqual((c["mover"], c["other"]), ("Mug|1|1", "Chair|1|2"))
        self.assertClose(xyz(self.objects()["Mug|1|1"]["position"]), before, ab.POSITION_TOLERANCE)

    def test_settle_runs_paused_physics(self):
        mug = self.objects()["Mug|1|1"]["position"]
        self.ok("TeleportObject", {"objectId": "Mug|1|1", "position": dict(mug, y=mug["y"] + 0.5), "forceAction": True})
        chair = xyz(self.objects()["Chair|1|2"]["position"])
        _, md = self.ok("SettleObject", {"objectId": "Mug|1|1"})
        self.assertAlmostEqual(md["actionReturn"]["dropped"], 0.5, delta=0.01)
        self.assertEqual(md["actionReturn"]["parentReceptacle"], "DiningTable|1|0")
        names = [a for a, _ in self.ctl.calls]
        first = names.index("AdvancePhysicsStep")
        self.assertIn("PausePhysicsAutoSim", names[:first])
        self.assertIn("UnpausePhysicsAutoSim", names[first:])
        objs = self.objects()
        self.assertClose(xyz(objs["Mug|1|1"]["position"]), xyz(mug), 0.01)
        self.assertClose(xyz(objs["Chair|1|2"]["position"]), chair, ab.POSITION_TOLERANCE)
        self.ok("Pass")  # frozen where it landed
        self.assertClose(xyz(self.objects()["Mug|1|1"]["position"]), xyz(objs["Mug|1|1"]["position"]), 1e-6)

    # --- agent, camera, frames -----------------------------------------

    def test_teleport_full_uses_body_height(self):
        _, md = self.ok("TeleportFull", {"position": {"x": 1.25, "y": 0, "z": 0.5}, "rotation": {"x": 0, "y": 90, "z": 0},
                                         "horizon": 30, "standing": True, "eyeHeight": 1.576})
        self.assertEqual(self.ctl.agent, {"x": 1.25, "y": fake.BODY_Y, "z": 0.5})
        self.assertEqual(self.ctl.cameras, [])
        self.assertClose(xyz(md["agent"]["position"]), (1.25, 0.0, 0.5))
        self.assertAlmostEqual(md["agent"]["eyeHeight"], 1.576, places=5)
        self.assertEqual(md["agent"]["cameraHorizon"], 30)

    def test_third_party_camera_for_views_the_agent_cannot_take(self):
        agent = dict(self.ctl.agent)
        pose = {"position": {"x": 1.1, "y": 0, "z": 1.3}, "rotation": {"x": 0, "y": 20, "z": 0}, "horizon": 75,
                "eyeHeight": 1.2}  # off the grid, another eye height, a horizon beyond 60
        _, md = self.ok("TeleportFull", pose)
        self.assertEqual(self.ctl.agent, agent)  # the agent did not move
        cam = self.ctl.cameras[0]
        self.assertClose(xyz(cam["position"]), (1.1, 1.2, 1.3))
        self.assertClose((cam["rotation"]["x"], cam["rotation"]["y"]), (75, 20))
        self.assertClose(xyz(md["cameraPosition"]), (1.1, 1.2, 1.3))
        self.assertClose(xyz(md["agent"]["position"]), (1.1, 0.0, 1.3))
        self.assertEqual((md["agent"]["cameraHorizon"], md["agent"]["rotation"]["y"]), (75, 20))
        self.assertAlmostEqual(md["agent"]["eyeHeight"], 1.2)
        frames, md = self.ok("Render", {"passes": ["depth"]})
        np = fp.import_optional("numpy")
        depth = np.frombuffer(fp.decode_frame(frames[0])[6], dtype="<f4").reshape(12, 16)
        want = self.ctl.render((1.1, 1.2, 1.3), 20, 75, 90)[1]
        self.assertTrue(np.array_equal(depth, want))
        _, md = self.ok("GetCoordinateFromRaycast", {"u": 7.5, "v": 5.5})
        r = md["actionReturn"]
        self.assertTrue(r["hit"])
        self.assertAlmostEqual(r["y"], 0.0, delta=1e-4)  # looking down at the floor
        self.assertEqual(r["objectId"], "floor|room|1")
        # a horizon of 90 has no camera; the agent is used again for its own poses
        _, md = request(self.s, "TeleportFull", dict(pose, horizon=90))
        self.assertFalse(md["lastActionSuccess"])
        self.ok("TeleportFull", {"position": {"x": 1.0, "y": 0, "z": 1.5}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 10})
        self.assertEqual(self.ctl.agent, {"x": 1.0, "y": fake.BODY_Y, "z": 1.5})
        _, md = self.ok("Pass")
        self.assertAlmostEqual(md["cameraPosition"]["y"], 1.576, places=5)

    def test_field_of_view_change_uses_third_party_camera(self):
        self.ok("TeleportFull", {"position": {"x": 1.0, "y": 0, "z": 1.5}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0})
        self.ok("Initialize", {"fieldOfView": 60})  # the current view follows at once
        self.assertEqual(self.ctl.cameras[0]["fieldOfView"], 60)
        self.assertClose(xyz(self.ctl.cameras[0]["position"]), (1.0, 1.576, 1.5))
        self.ok("TeleportFull", {"position": {"x": 1.0, "y": 0, "z": 1.75}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0})
        self.assertEqual(self.ctl.cameras[0]["fieldOfView"], 60)
        self.assertClose(xyz(self.ctl.cameras[0]["position"]), (1.0, 1.576, 1.75))
        self.assertEqual(self.ctl.fov, 90)  # the agent camera keeps its own
        self.ok("Initialize", {"fieldOfView": 90})
        self.ok("TeleportFull", {"position": {"x": 1.0, "y": 0, "z": 2.0}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0})
        self.assertEqual(self.ctl.agent["z"], 2.0)  # back to the agent

    def test_reachable_positions_are_floor_points(self):
        _, md = self.ok("GetReachablePositions", with_objects=False)
        ps = md["actionReturn"]  # as AI2-THOR (BaseFPSAgentController.cs GetReachablePositions)
        self.assertEqual(md["actionVector3sReturn"], [])
        self.assertGreater(len(ps), 100)
        self.assertTrue(all(p["y"] == 0.0 for p in ps))
        self.assertNotIn({"x": 4.0, "y": 0.0, "z": 3.0}, ps)  # under the chair
        self.assertEqual(md["objects"], [])

    def test_render_turns_colours_into_ids(self):
        self.ok("TeleportFull", {"position": {"x": 2.0, "y": 0, "z": 1.5}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 30})
        frames, md = self.ok("Render", {"passes": ["rgb", "depth", "ids"]}, rid=7)
        ret = md["actionReturn"]
        self.assertEqual((ret["width"], ret["height"]), (16, 12))
        table = ret["idTable"]
        self.assertEqual(table[:6], [""] + HOUSE_IDS)
        self.assertEqual(table[6:], sorted(table[6:]))
        self.assertIn("floor|room|1", table)
        self.assertFalse([n for n in table if "___" in n or n.startswith("room|")])
        kinds = {}
        for f in frames:
            kind, dtype, rid, w, h, ch, payload = fp.decode_frame(f)
            self.assertEqual((rid, w, h), (7, 16, 12))
            kinds[kind] = payload
        self.assertEqual(set(kinds), {fp.PASS_RGB, fp.PASS_DEPTH, fp.PASS_IDS})
        np = fp.import_optional("numpy")
        ids = np.frombuffer(kinds[fp.PASS_IDS], dtype="<u2").reshape(12, 16)
        names = [[table[i] for i in row] for row in ids.tolist()]
        self.assertEqual(names[6][8], "DiningTable|1|0")
        self.assertEqual(names[11][0], "floor|room|1")
        depth = np.frombuffer(kinds[fp.PASS_DEPTH], dtype="<f4").reshape(12, 16)
        want = self.ctl.render((2.0, 1.576, 1.5), 0, 30, 90)[1].copy()
        want[want == np.float32(fake.FAR_PLANE - fake.NEAR_PLANE)] = 0  # the sky over the walls: no hit
        self.assertTrue(np.array_equal(depth, want))

    def test_raycast_reads_id_and_depth_at_the_pixel(self):
        self.ok("TeleportFull", {"position": {"x": 2.0, "y": 0, "z": 1.5}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 30})
        _, md = self.ok("GetCoordinateFromRaycast", {"x": 0.5, "y": 0.5})
        r = md["actionReturn"]
        self.assertTrue(r["hit"])
        self.assertEqual(r["objectId"], "DiningTable|1|0")
        # the centre ray goes 30° down from the eye at (2, 1.576, 1.5) to the table top at y = 0.8
        t = (1.576 - 0.8) / math.sin(math.radians(30))
        self.assertClose((r["x"], r["y"], r["z"]), (2.0, 0.8, 1.5 + t * math.cos(math.radians(30))), 1e-4)
        self.assertAlmostEqual(r["distance"], t, delta=1e-4)
        self.assertEqual(r["depth"], float(self.ctl.render((2.0, 1.576, 1.5), 0, 30, 90)[1][6][8]))  # pixel (8, 6)
        # pixel coordinates: u = 2.5 → x = 3/16
        request(self.s, "GetCoordinateFromRaycast", {"u": 2.5, "v": 3.5})
        kw = self.calls("GetCoordinateFromRaycast")[-1]
        self.assertEqual((kw["x"], kw["y"]), (3 / 16, 4 / 12))

    def test_raycast_miss_is_a_miss(self):
        self.ok("TeleportFull", {"position": {"x": 3.0, "y": 0, "z": 3.0}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": -30})
        _, md = self.ok("GetCoordinateFromRaycast", {"x": 0.5, "y": 0.0})  # up over the walls: no ceiling in the fake
        self.assertEqual(self.ctl.last_event.metadata["actionReturn"], {"x": 0.0, "y": 0.0, "z": 0.0})
        r = md["actionReturn"]
        self.assertFalse(r["hit"])
        self.assertEqual(r["objectId"], "")

    # --- protocol robustness --------------------------------------------

    def test_malformed_messages_get_error_replies(self):
        for msg in ["nope", "[1]", '{"id": -4, "action": "Pass"}', '{"id": 3}', '{"id": 3, "action": "Fly"}',
                    '{"id": 3, "action": "Render", "args": {"passes": ["x"]}}', '{"id": 3, "action": "Pass", "args": 5}', b"\x00\x01"]:
            frames, reply = fp.handle_message(self.s, msg)
            md = json.loads(reply)["metadata"]
            self.assertFalse(md["lastActionSuccess"], msg)
            self.assertTrue(md["errorMessage"], msg)
            self.assertEqual(frames, [])

    def test_metadata_follows_schema(self):
        path = schema_path()
        if not os.path.exists(path):
            self.skipTest("AI2-THOR metadata schema not found at %s (set FLOWBENCH_SHARED)" % path)
        with open(path) as f:
            schema = json.load(f)
        for action, args in [("Pass", {}), ("GetReachablePositions", {}), ("Render", {}),
                             ("TeleportObject", {"objectId": "Chair|1|2", "position": {"x": 2, "y": 0.4, "z": 2}}),
                             ("TeleportFull", {"position": {"x": 1.1, "y": 0, "z": 1}, "rotation": {"x": 0, "y": 0, "z": 0}}),
                             ("Fly", {})]:
            _, md = request(self.s, action, args)
            if action == "GetReachablePositions":
                # AI2-THOR returns the positions as a list in actionReturn
                # (BaseFPSAgentController.cs GetReachablePositions), which the
                # published schema's generic ["object", "null"] does not cover.
                self.assertIsInstance(md["actionReturn"], list)
                md["actionReturn"] = None
            self.assertEqual(check_schema(schema, md), [], action)
        # and the fake's raw events too
        self.assertEqual(check_schema(schema, self.ctl.step("Done").metadata), [])

    def test_procthor_house_passes_through(self):
        path = os.path.join(os.path.dirname(schema_path()), "..", "procthor", "house-procthor-train-1.json")
        if not os.path.exists(path):
            self.skipTest("ProcTHOR reference house not found at %s (set FLOWBENCH_SHARED)" % path)
        with open(path) as f:
            house = json.load(f)
        ctl = []
        s = ab.Ai2ThorSession(lambda **kw: ctl.append(fake.FakeController(**kw)) or ctl[-1])
        _, md = request(s, "CreateHouse", {"house": house})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        calls = [c for c in ctl[0].calls if c[0] in ("CreateHouse", "TeleportFull")][-2:]
        self.assertEqual(calls[0][1]["house"], house)  # handed to AI2-THOR unchanged
        agent = house["metadata"]["agent"]
        self.assertEqual(calls[1][1]["rotation"], agent["rotation"])  # then the agent goes to the house's start pose
        self.assertEqual(md["agent"]["position"]["y"], 0.0)
        ids = set(ab.house_object_ids(house))
        self.assertTrue(md["objects"])
        self.assertTrue(all(o["objectId"] in ids for o in md["objects"]))

    def test_no_house(self):
        s = ab.Ai2ThorSession(fake.FakeController)
        _, md = request(s, "Render")
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("no house", md["errorMessage"])
        _, md = request(s, "CreateHouse", {"house": {"objects": []}})
        self.assertIn("House metadata schema not specified", md["errorMessage"])


class StaticSizesFromAssetDatabase(BridgeTest):
    """The whole bridge suite again, with the asset database given."""
    asset_sizes = ASSET_SIZES


class FakeStrictnessTest(unittest.TestCase):
    """fake_ai2thor refuses what AI2-THOR refuses."""

    def make(self, house=HOUSE, **kw):
        c = fake.FakeController(width=16, height=12, scene="Procedural", assets=ASSETS, **kw)
        ev = c.step(action="CreateHouse", house=house)
        return c, ev

    def test_refuses_unknown_materials(self):
        saved = os.environ.get("FLOWBENCH_SHARED")
        try:
            for shared in (saved, "/nonexistent"):  # with ProcTHOR's database (when present) and with the built-in list
                if shared is None:
                    os.environ.pop("FLOWBENCH_SHARED", None)
                else:
                    os.environ["FLOWBENCH_SHARED"] = shared
                c, ev = self.make()
                self.assertTrue(ev.metadata["lastActionSuccess"], ev.metadata["errorMessage"])
                for where in ("floor", "wall", "ceiling"):
                    house = copy.deepcopy(HOUSE)
                    if where == "floor":
                        house["rooms"][0]["floorMaterial"] = {"name": "InventedFloor"}
                    elif where == "wall":
                        house["walls"][2]["material"] = {"name": "InventedFloor"}
                    else:
                        house["proceduralParameters"]["ceilingMaterial"] = {"name": "InventedFloor"}
                    c, ev = self.make(house)
                    self.assertFalse(ev.metadata["lastActionSuccess"], where)
                    self.assertIn("'InventedFloor' was not present", ev.metadata["errorMessage"])
        finally:
            if saved is None:
                os.environ.pop("FLOWBENCH_SHARED", None)
            else:
                os.environ["FLOWBENCH_SHARED"] = saved

    def test_refuses_missing_schema(self):
        house = copy.deepcopy(HOUSE)
        del house["metadata"]["schema"]
        _, ev = self.make(house)
        self.assertFalse(ev.metadata["lastActionSuccess"])
        self.assertIn("House metadata schema not specified", ev.metadata["errorMessage"])
        house["metadata"]["schema"] = "0.0.1"
        _, ev = self.make(house)
        self.assertFalse(ev.metadata["lastActionSuccess"])

    def test_teleport_full_limits(self):
        c, _ = self.make()
        pose = dict(position={"x": 1.1, "y": fake.BODY_Y, "z": 1.0}, rotation={"x": 0, "y": 0, "z": 0}, horizon=0)
        ev = c.step(action="TeleportFull", **pose)
        self.assertFalse(ev.metadata["lastActionSuccess"])
        self.assertIn("is not on the grid of size 0.25", ev.metadata["errorMessage"])
        ev = c.step(action="TeleportFull", **dict(pose, position={"x": 1.0, "y": fake.BODY_Y, "z": 1.0}, horizon=61))
        self.assertIn("Each horizon must be in [-30:60]. You gave 61.", ev.metadata["errorMessage"])
        ev = c.step(action="TeleportFull", **dict(pose, rotation={"x": 10, "y": 0, "z": 0}))
        self.assertIn("pitch or roll", ev.metadata["errorMessage"])
        c, _ = self.make(snapToGrid=False)
        self.assertTrue(c.step(action="TeleportFull", **pose).metadata["lastActionSuccess"])

    def test_physics_steps_need_a_pause(self):
        c, _ = self.make()
        ev = c.step(action="AdvancePhysicsStep", timeStep=0.02)
        self.assertFalse(ev.metadata["lastActionSuccess"])
        self.assertIn("PausePhysicsAutoSim", ev.metadata["errorMessage"])
        self.assertTrue(c.step(action="PausePhysicsAutoSim").metadata["lastActionSuccess"])
        self.assertTrue(c.step(action="AdvancePhysicsStep", timeStep=0.02).metadata["lastActionSuccess"])
        self.assertFalse(c.step(action="AdvancePhysicsStep", timeStep=0.1).metadata["lastActionSuccess"])

    def test_unknown_actions_and_arguments(self):
        c, _ = self.make(raise_invalid=False)
        ev = c.step(action="Fly")
        self.assertEqual(ev.metadata["errorMessage"], "Invalid action: Fly")
        self.assertEqual(ev.metadata["errorCode"], "InvalidAction")
        ev = c.step(action="TeleportObject", objectId="Chair|1|2", position={"x": 1, "y": 0, "z": 1},
                    rotation={"x": 0, "y": 0, "z": 0}, speed=3)
        self.assertFalse(ev.metadata["lastActionSuccess"])
        self.assertIn("invalid argument: 'speed'", ev.metadata["errorMessage"])

    def body(self, c, oid):
        return {o["objectId"]: o for o in c.last_event.metadata["objects"]}[oid]

    def test_non_kinematic_teleport_runs_physics_and_carries_nothing(self):
        c, _ = self.make()
        mug = self.body(c, "Mug|1|1")
        up = dict(mug["position"], y=mug["position"]["y"] + 0.5)
        c.step(action="TeleportObject", objectId="Mug|1|1", position=up, rotation=mug["rotation"], forceAction=True)
        self.assertAlmostEqual(self.body(c, "Mug|1|1")["position"]["y"], mug["position"]["y"], places=5)  # fell back
        c.step(action="TeleportObject", objectId="Mug|1|1", position=up, rotation=mug["rotation"], forceAction=True,
               forceKinematic=True)
        self.assertAlmostEqual(self.body(c, "Mug|1|1")["position"]["y"], up["y"], places=5)
        c.step(action="TeleportObject", objectId="Mug|1|1", position=mug["position"], rotation=mug["rotation"],
               forceAction=True)
        table = self.body(c, "DiningTable|1|0")["position"]
        c.step(action="TeleportObject", objectId="DiningTable|1|0", position=dict(table, x=table["x"] + 1),
               rotation={"x": 0, "y": 0, "z": 0}, forceAction=True)
        self.assertAlmostEqual(self.body(c, "Mug|1|1")["position"]["x"], mug["position"]["x"], places=5)  # left behind

    def test_objects_are_the_houses_with_pivots(self):
        c, _ = self.make()
        objs = {o["objectId"]: o for o in c.last_event.metadata["objects"]}
        for oid in HOUSE_IDS + ["Floor", "room|1", "door|1|2", "window|1|0", "Sink|1|4___0"]:
            self.assertIn(oid, objs)
        chair = objs["Chair|1|2"]
        self.assertNotEqual(chair["position"], chair["axisAlignedBoundingBox"]["center"])
        self.assertIsNotNone(chair["objectOrientedBoundingBox"])
        self.assertIsNone(objs["DiningTable|1|0"]["objectOrientedBoundingBox"])
        self.assertEqual(chair["parentReceptacles"], ["Floor"])

    def test_raycast_miss_returns_origin(self):
        c, _ = self.make()
        c.step(action="TeleportFull", position={"x": 3.0, "y": fake.BODY_Y, "z": 3.0}, rotation={"x": 0, "y": 0, "z": 0},
               horizon=-30)
        ev = c.step(action="GetCoordinateFromRaycast", x=0.5, y=0.0)
        self.assertTrue(ev.metadata["lastActionSuccess"])
        self.assertEqual(ev.metadata["actionReturn"], {"x": 0.0, "y": 0.0, "z": 0.0})


def procedural_layers(house):
    """The house with every wall on a Procedural layer, as ProcTHOR and flowbench write them."""
    house = copy.deepcopy(house)
    for w in house["walls"]:
        w["layer"] = "Procedural1"
    return house


class Issue41BridgeTest(BridgeCase):
    """The four behaviours of issue 41 where the bridge differed from
    AI2-THOR, against the fake that models them (each failed before the fix)."""

    def test_settle_leaves_nothing_dynamic(self):
        # a chair balanced over the table's edge (its centre 5 cm beyond it)
        # stays while kinematic; SetObjectPoses would leave it dynamic and it
        # would tip over a few actions later
        self.ok("TeleportObject", {"objectId": "Chair|1|2", "position": {"x": 2.65, "y": 1.25, "z": 3.2}})
        mug = self.objects()["Mug|1|1"]["position"]
        self.ok("TeleportObject", {"objectId": "Mug|1|1", "position": dict(mug, x=1.7)})
        self.ok("SettleObject", {"objectId": "Mug|1|1"})
        for _ in range(6):
            self.ok("Pass")
        chair = self.objects()["Chair|1|2"]
        self.assertClose(xyz(chair["position"]), (2.65, 1.25, 3.2), ab.POSITION_TOLERANCE, "chair")
        self.assertFalse([b.id for b in self.ctl.dynamic()], "objects left dynamic")

    def test_raycast_meets_walls_on_procedural_layers(self):
        self.ok("CreateHouse", {"house": procedural_layers(HOUSE)})
        self.ok("TeleportFull", {"position": {"x": 4.5, "y": 0, "z": 3.0}, "rotation": {"x": 0, "y": 90, "z": 0}, "horizon": 0})
        _, md = self.ok("GetCoordinateFromRaycast", {"x": 0.5, "y": 0.5})
        r = md["actionReturn"]
        self.assertTrue(r["hit"], r)
        self.assertEqual(r["objectId"], HOUSE["walls"][2]["id"])
        self.assertClose((r["x"], r["y"], r["z"]), (6.0, 1.576, 3.0), 1e-4, "hit")
        self.assertAlmostEqual(r["distance"], 1.5, delta=1e-4)

    def test_sky_through_a_window_is_no_hit(self):
        # the window's hole is x 1..2, y 1..2 along the wall z = 6
        self.ok("TeleportFull", {"position": {"x": 1.5, "y": 0, "z": 4.5}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0})
        frames, md = self.ok("Render", {"passes": ["depth", "ids"]})
        np = fp.import_optional("numpy")
        depth = np.frombuffer(fp.decode_frame(frames[0])[6], dtype="<f4").reshape(12, 16)
        ids = np.frombuffer(fp.decode_frame(frames[1])[6], dtype="<u2").reshape(12, 16)
        self.assertEqual(ids[5][8], 0)  # nothing there
        self.assertEqual(float(depth[5][8]), 0.0)  # the protocol's "no hit", not the far plane
        self.assertTrue(((depth == 0) == (ids == 0)).all())
        _, md = self.ok("GetCoordinateFromRaycast", {"x": 0.5, "y": 0.45})
        self.assertFalse(md["actionReturn"]["hit"], md["actionReturn"])

    def test_object_moves_are_not_blocked_by_the_agent(self):
        # the house's agent stands at (3, 1); the chair goes where it stands
        _, md = self.ok("Pass")
        eye = xyz(md["cameraPosition"])
        self.assertClose((self.ctl.agent["x"], self.ctl.agent["z"]), (3.0, 1.0))
        self.ok("TeleportObject", {"objectId": "Chair|1|2", "position": {"x": 3.0, "y": 0.45, "z": 1.0}})
        self.assertClose(xyz(self.objects()["Chair|1|2"]["position"]), (3.0, 0.45, 1.0), ab.POSITION_TOLERANCE)
        _, md = self.ok("Pass")
        self.assertClose(xyz(md["cameraPosition"]), eye, 1e-5, "the view")  # the view did not move
        _, md = self.ok("GetReachablePositions", with_objects=False)
        self.assertGreater(self.ctl.agent["y"], 0)  # standing again, somewhere it could reach
        self.assertNotIn({"x": 3.0, "y": 0.0, "z": 1.0}, md["actionReturn"])

    def test_contact_within_a_millimetre_is_no_collision(self):
        # the table spans x 1.4..2.6; the chair (0.5 wide) overlaps it by 0.5 mm, then by 2 mm
        self.ok("TeleportObject", {"objectId": "Chair|1|2", "position": {"x": 2.8495, "y": 0.45, "z": 3.0}})
        self.assertClose(xyz(self.objects()["Chair|1|2"]["position"]), (2.8495, 0.45, 3.0), ab.POSITION_TOLERANCE)
        _, md = request(self.s, "TeleportObject", {"objectId": "Chair|1|2", "position": {"x": 2.848, "y": 0.45, "z": 3.0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertEqual(md["actionReturn"]["collision"]["other"], "DiningTable|1|0")

    def test_door_and_window_asset_position_as_procthor(self):
        # wall-holes.json entries for HOUSE's door and window assets: the
        # window's hole (1 x 1) is cut to its size, the door's (1 x 2) is not
        holes = {"Doorway_1": {"min": {"x": 0, "y": 0, "z": 0}, "max": {"x": 1.0733, "y": 2.1275, "z": 0.07},
                               "offset": {"x": -0.0013193795457482338, "y": 0.0, "z": 0.0176}},
                 "Window_1": {"min": {"x": 0, "y": 0, "z": 0}, "max": {"x": 1.0, "y": 1.0, "z": 0.08},
                              "offset": {"x": -0.02, "y": -0.001, "z": 0.04}}}

        def sent(house):
            ctl = []
            s = ab.Ai2ThorSession(lambda **kw: ctl.append(fake.FakeController(assets=ASSETS, **kw)) or ctl[-1],
                                  asset_sizes=ASSET_SIZES, wall_holes=holes)
            _, md = request(s, "CreateHouse", {"house": house})
            self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
            return [kw for a, kw in ctl[0].calls if a == "CreateHouse"][-1]["house"]

        got = sent(HOUSE)
        door, window = got["doors"][0]["assetPosition"], got["windows"][0]["assetPosition"]
        self.assertEqual(door, {"x": 1.5, "y": 1, "z": 0})  # a hand-made hole of another size keeps its own
        self.assertClose(xyz(window), (1 - 0.02 + 0.5, 1 - 0.001 + 0.5, 0), 1e-9, "window")
        self.assertEqual(HOUSE["windows"][0]["assetPosition"], {"x": 1.5, "y": 1.5, "z": 0})  # the request is not changed
        # a door hole cut to Doorway_1's size, its asset at the hole centre (as
        # flowbench wrote it before): moved as ProcTHOR places it
        house = copy.deepcopy(HOUSE)
        house["doors"][0]["holePolygon"] = [{"x": 1, "y": 0, "z": 0}, {"x": 2.0733, "y": 2.1275, "z": 0}]
        house["doors"][0]["assetPosition"] = {"x": 1 + 1.0733 / 2, "y": 2.1275 / 2, "z": 0}
        door = sent(house)["doors"][0]["assetPosition"]
        self.assertClose(xyz(door), (1 - 0.0013193795457482338 + 1.0733 / 2, 2.1275 / 2, 0), 1e-9, "door")
        # a house already placed that way (flowbench's today, ProcTHOR's) goes through as it is
        house["doors"][0]["assetPosition"] = door
        house["windows"][0]["assetPosition"] = window
        self.assertEqual(sent(house), house)
        self.assertIs(ab.with_asset_positions(house, ASSET_SIZES, holes), house)


    def test_asset_position_rewrite_leaves_procthor_houses(self):
        # with ProcTHOR's own files: its house already has the positions, and
        # testdata's hand-made window (a 1 x 1 m hole for Window_Hung_32x60)
        # is not moved out of its hole
        ref = os.path.join(os.path.dirname(schema_path()), "..", "procthor")
        if not os.path.exists(os.path.join(ref, "wall-holes.json")):
            self.skipTest("ProcTHOR reference files not found at %s (set FLOWBENCH_SHARED)" % ref)
        sizes = ab.load_asset_sizes(os.path.join(ref, "asset-database.json"))
        holes = ab.load_wall_holes(os.path.join(ref, "wall-holes.json"))
        testdata = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "houses")
        for path in (os.path.join(ref, "house-procthor-train-1.json"), os.path.join(testdata, "one_room.json")):
            with open(path) as f:
                house = json.load(f)
            self.assertTrue(house["doors"] or house["windows"], path)
            self.assertIs(ab.with_asset_positions(house, sizes, holes), house, path)


class FakeIssue41Test(unittest.TestCase):
    """fake_ai2thor throws where AI2-THOR throws and models what issue 41 lists."""

    def make(self, house=HOUSE, **kw):
        c = fake.FakeController(width=16, height=12, scene="Procedural", assets=ASSETS, **kw)
        ev = c.step(action="CreateHouse", house=house)
        return c, ev

    def test_create_house_throws(self):
        def two_holes(h):
            h["windows"][0]["wall0"] = h["doors"][0]["wall0"]

        cases = {
            "skybox": (lambda h: h["proceduralParameters"].update(skyboxId="SkyNowhere"), "'SkyNowhere' was not present"),
            "window asset": (lambda h: h["windows"][0].update(assetId="Window_Nope"), "'Window_Nope' was not present"),
            "wall0": (lambda h: h["doors"][0].update(wall0="wall|9|0|0|1|1"), "'wall|9|0|0|1|1' was not present"),
            "two holes": (two_holes, "An item with the same key has already been added"),
            "one-point hole": (lambda h: h["doors"][0].update(holePolygon=[{"x": 1, "y": 0, "z": 0}]), "polygon has 1"),
            "string ceiling": (lambda h: h["proceduralParameters"].update(ceilingMaterial="PureWhite"),
                               "to type 'MaterialProperties'"),
        }
        for name, (edit, msg) in cases.items():
            with self.subTest(name):
                house = copy.deepcopy(HOUSE)
                edit(house)
                _, ev = self.make(house)
                self.assertFalse(ev.metadata["lastActionSuccess"], name)
                self.assertIn(msg, ev.metadata["errorMessage"])

    def test_invalid_calls_raise_value_error(self):
        c, _ = self.make()
        for kw in ({"action": "Fly"}, {"action": "Pass", "speed": 3}, {"action": "TeleportObject", "objectId": "Mug|1|1"}):
            with self.assertRaises(ValueError):
                c.step(**kw)

    def test_hole_on_wall1_has_a_mirrored_origin(self):
        # the door's hole (x 1..2 along wall0, which runs 0 → 6 along x at
        # z = 0) named on a wall1 that runs the same way lands at x 4..5
        house = copy.deepcopy(HOUSE)
        house["walls"].append(dict(wall(2, 0, 0, 6, 0), id="wall|2|0.00|0.00|6.00|0.00"))
        house["doors"][0]["wall1"] = "wall|2|0.00|0.00|6.00|0.00"
        c, ev = self.make(house)
        self.assertTrue(ev.metadata["lastActionSuccess"], ev.metadata["errorMessage"])
        holes = {w["id"]: w["holes"] for w in c.walls}
        self.assertEqual(holes["wall|1|0.00|0.00|6.00|0.00"], [(1.0, 2.0, 0.0, 2.0)])
        self.assertEqual(holes["wall|2|0.00|0.00|6.00|0.00"], [(4.0, 5.0, 0.0, 2.0)])

    def test_raycast_mask_skips_walls_on_procedural_layers(self):
        c, _ = self.make(procedural_layers(HOUSE))
        c.step(action="TeleportFull", position={"x": 4.5, "y": fake.BODY_Y, "z": 3.0}, rotation={"x": 0, "y": 90, "z": 0},
               horizon=0)
        ev = c.step(action="GetCoordinateFromRaycast", x=0.5, y=0.5)
        self.assertEqual(ev.metadata["actionReturn"], {"x": 0.0, "y": 0.0, "z": 0.0})  # through the wall
        self.assertAlmostEqual(float(ev.depth_frame[6][8]), 1.5, places=4)  # while the camera sees it
        c, _ = self.make()  # on SimObjVisible (no layer given) the wall is hit
        c.step(action="TeleportFull", position={"x": 4.5, "y": fake.BODY_Y, "z": 3.0}, rotation={"x": 0, "y": 90, "z": 0},
               horizon=0)
        ev = c.step(action="GetCoordinateFromRaycast", x=0.5, y=0.5)
        self.assertAlmostEqual(ev.metadata["actionReturn"]["x"], 6.0, places=4)

    def test_missed_rays_read_the_far_plane(self):
        c, _ = self.make()
        c.step(action="TeleportFull", position={"x": 1.5, "y": fake.BODY_Y, "z": 4.5}, rotation={"x": 0, "y": 0, "z": 0},
               horizon=0)
        ev = c.step(action="Pass")
        self.assertAlmostEqual(float(ev.depth_frame[5][8]), fake.FAR_PLANE - fake.NEAR_PLANE, places=4)  # the window
        self.assertEqual(tuple(ev.instance_segmentation_frame[5][8]), (0, 0, 0))

    def test_agent_body_and_zero_tolerance(self):
        c, _ = self.make()
        c.step(action="TeleportFull", position={"x": 3.0, "y": fake.BODY_Y, "z": 1.0}, rotation={"x": 0, "y": 0, "z": 0})
        chair = {o["objectId"]: o for o in c.last_event.metadata["objects"]}["Chair|1|2"]
        b = c.body("Chair|1|2")
        off = (b.pivot[0] - b.centre()[0], b.pivot[1] - b.centre()[1], b.pivot[2] - b.centre()[2])
        ev = c.step(action="TeleportObject", objectId="Chair|1|2", position={"x": 3.0 + off[0], "y": 0.45 + off[1],
                    "z": 1.0 + off[2]}, rotation=chair["rotation"])
        self.assertEqual(ev.metadata["errorMessage"], "Chair|1|2 is colliding with FPSController after teleport.")
        ev = c.step(action="TeleportObject", objectId="Chair|1|2", position={"x": 2.8495 + off[0], "y": 0.45 + off[1],
                    "z": 3.0 + off[2]}, rotation=chair["rotation"])
        self.assertEqual(ev.metadata["errorMessage"], "Chair|1|2 is colliding with DiningTable|1|0 after teleport.")

    def test_tipping_and_auto_simulation(self):
        c, _ = self.make()
        b = c.body("Chair|1|2")
        b.set_centre((2.65, 1.25, 3.2))  # balanced over the table's edge
        poses = [{"objectName": o.id, "position": fp.xyz(*o.pivot), "rotation": fp.xyz(0, o.yaw, 0)}
                 for o in c.solids() if o.movable]
        c.step(action="PausePhysicsAutoSim")
        c.step(action="SetObjectPoses", objectPoses=poses, placeStationary=False)
        ev = c.step(action="AdvancePhysicsStep", timeStep=0.02)
        self.assertTrue(ev.metadata["isSceneAtRest"])  # it tips too slowly to count as moving
        self.assertTrue(c.autosim)  # AgentManager.cs: auto-simulation resumed at rest
        self.assertAlmostEqual(b.centre()[1], 1.25, places=6)
        for _ in range(10):
            c.step(action="Pass")  # auto-simulation runs during each action
        self.assertAlmostEqual(b.centre()[1], 0.45, places=6)  # it fell

    def test_create_house_places_the_agent_from_agent_poses(self):
        house = copy.deepcopy(HOUSE)
        house["metadata"]["agentPoses"] = {"default": {"position": {"x": 4.5, "y": 0.95, "z": 1.5},
                                                       "rotation": {"x": 0, "y": 270, "z": 0}, "horizon": 30,
                                                       "standing": True}}
        c, ev = self.make(house)
        self.assertEqual((c.agent["x"], c.agent["z"], c.rot, c.horizon), (4.5, 1.5, 270.0, 30.0))


class FrameTest(unittest.TestCase):
    def test_round_trip_and_header(self):
        np = fp.import_optional("numpy")
        d = np.arange(6, dtype=np.float32).reshape(2, 3)
        msg = fp.encode_frame(fp.PASS_DEPTH, 42, d)
        self.assertEqual(msg[:4], b"FBTF")
        self.assertEqual(len(msg), 32 + 24)
        kind, dtype, rid, w, h, ch, payload = fp.decode_frame(msg)
        self.assertEqual((kind, dtype, rid, w, h, ch), (fp.PASS_DEPTH, fp.DTYPE_FLOAT32, 42, 3, 2, 1))
        self.assertEqual(np.frombuffer(payload, "<f4").tolist(), list(range(6)))
        with self.assertRaises(ValueError):
            fp.decode_frame(msg[:-1])

    def test_host_check(self):
        fp.check_host("127.0.0.1", False)
        fp.check_host("::1", False)
        with self.assertRaises(SystemExit):
            fp.check_host("0.0.0.0", False)
        fp.check_host("0.0.0.0", True)


def with_flowbench_fixture():
    """HOUSE with the dining table (the mug rests on it) given a flowbench-only asset id."""
    house = json.loads(json.dumps(HOUSE))
    house["objects"][0]["assetId"] = "flowbench_table_test"
    return house


class FlowbenchAssetTest(unittest.TestCase):
    """AI2-THOR creates only its own asset ids: the bridge refuses a house with
    a flowbench-only one and the fake, like AI2-THOR, skips it."""

    def test_bridge_refuses_flowbench_assets(self):
        ctl = []
        s = ab.Ai2ThorSession(lambda **kw: ctl.append(fake.FakeController(assets=ASSETS, **kw)) or ctl[-1])
        _, md = request(s, "CreateHouse", {"house": with_flowbench_fixture()})
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("DiningTable|1|0 (asset flowbench_table_test)", md["errorMessage"])
        self.assertFalse(any(c[0] == "CreateHouse" for k in ctl for c in k.calls))
        _, md = request(s, "CreateHouse", {"house": HOUSE})  # the same session takes a house it can create
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])

    def test_fake_skips_flowbench_assets(self):
        for assets in (ASSETS, None):  # with the asset database, and with none (plausible boxes from ids)
            c = fake.FakeController(width=16, height=12, scene="Procedural", assets=ASSETS)
            c.assets = assets
            ev = c.step(action="CreateHouse", house=with_flowbench_fixture())
            self.assertTrue(ev.metadata["lastActionSuccess"], ev.metadata["errorMessage"])
            ids = {o["objectId"] for o in ev.metadata["objects"]}
            self.assertNotIn("DiningTable|1|0", ids)
            self.assertIn("Chair|1|2", ids)

    def test_hello_assets(self):
        self.assertNotIn("assets", fp.server_hello("old", ["Pass"]))  # says nothing: AI2-THOR's ids
        self.assertEqual(fp.server_hello("blender", ["Pass"], ["meshes"], [fp.ASSETS_ALL])["assets"], ["all"])
        self.assertTrue(fp.flowbench_only_asset("flowbench_stove_1"))
        self.assertFalse(fp.flowbench_only_asset("Stove_Burner_1"))
        self.assertFalse(fp.flowbench_only_asset(None))
        self.assertEqual(fp.house_assets(HOUSE)[:2], [("DiningTable|1|0", "Dining_Table_T"), ("Mug|1|1", "Mug_T")])


@unittest.skipUnless(importlib.util.find_spec("websockets") or os.path.isdir(fp.DEBIAN_DIST_PACKAGES),
                     "websockets not installed")
class WebsocketTest(unittest.TestCase):
    def test_serve_over_websocket(self):
        try:
            websockets = fp.import_optional("websockets")
        except ImportError:
            self.skipTest("websockets not installed")
        ready = threading.Event()
        port = []

        def run():
            try:
                ab.main(["--port", "0"], controller_factory=lambda **kw: fake.FakeController(assets=ASSETS, **kw),
                        ready=lambda p: (port.append(p), ready.set()))
            except Exception:
                ready.set()
        threading.Thread(target=run, daemon=True).start()
        self.assertTrue(ready.wait(10) and port, "bridge did not start")

        async def client():
            async with websockets.connect("ws://127.0.0.1:%d" % port[0], max_size=None) as ws:
                await ws.send(json.dumps({"protocol": "flowbench-thor", "version": 1, "role": "client"}))
                hello = json.loads(await ws.recv())
                self.assertEqual((hello["protocol"], hello["role"], hello["name"]), ("flowbench-thor", "server", "ai2thor"))
                self.assertEqual(hello["assets"], ["ai2thor"])  # AI2-THOR's asset ids only
                await ws.send(json.dumps({"id": 4, "action": "Initialize", "args": {"width": 16, "height": 12}}))
                r = json.loads(await ws.recv())
                self.assertTrue(r["metadata"]["lastActionSuccess"])
                await ws.send(json.dumps({"id": 5, "action": "CreateHouse", "args": {"house": HOUSE}}))
                r = json.loads(await ws.recv())
                self.assertTrue(r["metadata"]["lastActionSuccess"], r["metadata"]["errorMessage"])
                await ws.send(json.dumps({"id": 6, "action": "Render", "args": {"passes": ["ids"]}}))
                frame = await ws.recv()
                self.assertIsInstance(frame, bytes)
                self.assertEqual(fp.decode_frame(frame)[2], 6)
                r = json.loads(await ws.recv())
                self.assertEqual(r["id"], 6)
                await ws.send(b"binary junk")
                r = json.loads(await ws.recv())
                self.assertFalse(r["metadata"]["lastActionSuccess"])
        asyncio.run(client())


if __name__ == "__main__":
    if "--serve-fake" in sys.argv:
        argv = [a for a in sys.argv[1:] if a != "--serve-fake"]
        ab.main(argv, controller_factory=fake.FakeController)
    else:
        unittest.main()
