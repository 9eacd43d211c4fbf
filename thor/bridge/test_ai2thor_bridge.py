"""Tests of the AI2-THOR bridge's translation layer against a fake controller.

Run: python3 -m unittest discover -s thor/bridge -p 'test_*.py'
Serve the fake for cross-language tests: python3 test_ai2thor_bridge.py --serve-fake --port 0
"""

import asyncio
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

HOUSE = {"rooms": [{"id": "room|1"}], "metadata": {"schema": "1.0.0"}, "objects": [], "walls": [], "doors": [], "windows": []}


def request(session, action, args=None, rid=1, with_objects=True):
    frames, reply = fp.handle_message(session, json.dumps({"id": rid, "action": action, "args": args or {}, "withObjects": with_objects}))
    r = json.loads(reply)
    assert r["id"] == rid
    return frames, r["metadata"]


def schema_path():
    base = os.environ.get("FLOWBENCH_SHARED") or os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared")
    return os.path.join(base, "reference", "ai2thor", "metadata-schema.json")


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


class BridgeTest(unittest.TestCase):
    def setUp(self):
        self.ctl = None

        def factory(**kw):
            self.ctl = fake.FakeController(**kw)
            return self.ctl
        self.s = ab.Ai2ThorSession(factory)
        _, md = request(self.s, "Initialize", {"width": 16, "height": 12, "fieldOfView": 90, "gridSize": 0.25})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        _, md = request(self.s, "CreateHouse", {"house": HOUSE})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])

    def objects(self):
        _, md = request(self.s, "Pass")
        return {o["objectId"]: o for o in md["objects"]}

    def test_controller_gets_initialize_settings(self):
        self.assertEqual((self.ctl.w, self.ctl.h, self.ctl.fov), (16, 12, 90))

    def test_positions_are_box_centres(self):
        objs = self.objects()
        chair = objs["Chair|1"]
        # pivot (3.5, 0, 3.5), yaw 90, offset (0.05, 0.45, 0) in the object frame → centre (3.5, 0.45, 3.45)
        for got, want in zip((chair["position"][k] for k in "xyz"), (3.5, 0.45, 3.45)):
            self.assertAlmostEqual(got, want, places=9)
        for got, want in zip((chair["boxSize"][k] for k in "xyz"), (0.5, 0.9, 0.5)):
            self.assertAlmostEqual(got, want, places=9)

    def test_teleport_object_converts_centre_to_pivot(self):
        centre = {"x": 1.0, "y": 0.45, "z": 1.0}
        _, md = request(self.s, "TeleportObject", {"objectId": "Chair|1", "position": centre, "rotation": {"x": 0, "y": 180, "z": 0}})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        action, kw = [c for c in self.ctl.calls if c[0] == "TeleportObject"][-1]
        # yaw 180: local +x → world -x, so the pivot is centre + (0.05, -0.45, 0)
        self.assertAlmostEqual(kw["position"]["x"], 1.05, places=9)
        self.assertAlmostEqual(kw["position"]["y"], 0.0, places=9)
        chair = self.objects()["Chair|1"]
        for k in "xyz":
            self.assertAlmostEqual(chair["position"][k], centre[k], places=9)
        self.assertEqual(chair["rotation"]["y"], 180)

    def test_collision_keeps_ai2thor_message_and_details(self):
        table = self.objects()["Table|1"]["position"]
        _, md = request(self.s, "TeleportObject", {"objectId": "Chair|1", "position": table, "rotation": {"x": 0, "y": 90, "z": 0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertEqual(md["errorMessage"], "Chair|1 is colliding with Table|1 after teleport.")
        c = md["actionReturn"]["collision"]
        self.assertEqual((c["mover"], c["object"], c["other"], c["action"]), ("Chair|1", "Chair|1", "Table|1", "teleport"))
        # the pose did not change
        self.assertAlmostEqual(self.objects()["Chair|1"]["position"]["x"], 3.5)

    def test_unknown_object(self):
        _, md = request(self.s, "TeleportObject", {"objectId": "Nope", "position": {"x": 0, "y": 0, "z": 0}})
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("unknown objectId", md["errorMessage"])

    def test_teleport_full_uses_body_height(self):
        _, md = request(self.s, "TeleportFull", {"position": {"x": 1.25, "y": 0, "z": 0.5}, "rotation": {"x": 0, "y": 90, "z": 0},
                                                 "horizon": 30, "standing": True, "eyeHeight": 1.576})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        self.assertEqual(self.ctl.agent, {"x": 1.25, "y": fake.BODY_Y, "z": 0.5})
        self.assertEqual(md["agent"]["position"], {"x": 1.25, "y": 0.0, "z": 0.5})
        self.assertAlmostEqual(md["agent"]["eyeHeight"], 1.576, places=6)
        self.assertEqual(md["agent"]["cameraHorizon"], 30)
        _, md = request(self.s, "TeleportFull", {"position": {"x": 1, "y": 0, "z": 1}, "rotation": {"x": 0, "y": 0, "z": 0},
                                                 "horizon": 0, "eyeHeight": 1.1})
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("eye height", md["errorMessage"])

    def test_reachable_positions_are_floor_points(self):
        _, md = request(self.s, "GetReachablePositions", with_objects=False)
        ps = md["actionVector3sReturn"]
        self.assertEqual(len(ps), 6)
        self.assertTrue(all(p["y"] == 0.0 for p in ps))
        self.assertEqual(md["objects"], [])

    def test_render_turns_colours_into_ids(self):
        frames, md = request(self.s, "Render", {"passes": ["rgb", "depth", "ids"]}, rid=7)
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        ret = md["actionReturn"]
        self.assertEqual((ret["width"], ret["height"]), (16, 12))
        table = ret["idTable"]
        self.assertEqual(table[:4], ["", "Table|1", "Mug|1", "Chair|1"])
        self.assertEqual(table[4:], [fake.WALL_ID])
        kinds = {}
        for f in frames:
            kind, dtype, rid, w, h, ch, payload = fp.decode_frame(f)
            self.assertEqual((rid, w, h), (7, 16, 12))
            kinds[kind] = payload
        self.assertEqual(set(kinds), {fp.PASS_RGB, fp.PASS_DEPTH, fp.PASS_IDS})
        np = fp.import_optional("numpy")
        ids = np.frombuffer(kinds[fp.PASS_IDS], dtype="<u2").reshape(12, 16)
        names = [[table[i] for i in row] for row in ids.tolist()]
        self.assertEqual(names[11][0], "Table|1")
        self.assertEqual(names[11][15], "Chair|1")
        self.assertEqual(names[4][5], "Mug|1")
        self.assertEqual(names[1][10], fake.WALL_ID)
        self.assertEqual(names[0][0], "")  # an unnamed colour is "nothing"
        depth = np.frombuffer(kinds[fp.PASS_DEPTH], dtype="<f4").reshape(12, 16)
        self.assertEqual(float(depth[11][3]), 2.0)

    def test_raycast_reads_id_and_depth_at_the_pixel(self):
        request(self.s, "TeleportFull", {"position": {"x": 0, "y": 0, "z": 0}, "rotation": {"x": 0, "y": 0, "z": 0}, "horizon": 0})
        _, md = request(self.s, "GetCoordinateFromRaycast", {"x": 0.9, "y": 0.9})
        r = md["actionReturn"]
        self.assertTrue(r["hit"])
        self.assertEqual(r["objectId"], "Chair|1")
        self.assertEqual(r["depth"], 2.0)
        self.assertAlmostEqual(r["x"], 4.5)
        self.assertAlmostEqual(r["distance"], math.sqrt(4.5 ** 2 + 1.576 ** 2 + 4.5 ** 2), places=5)
        # pixel coordinates: u = 2.5 → x = 3/16
        request(self.s, "GetCoordinateFromRaycast", {"u": 2.5, "v": 3.5})
        kw = [c for c in self.ctl.calls if c[0] == "GetCoordinateFromRaycast"][-1][1]
        self.assertEqual((kw["x"], kw["y"]), (3 / 16, 4 / 12))

    def test_settle_emulated_with_physics_steps(self):
        mug = self.objects()["Mug|1"]["position"]
        up = dict(mug, y=1.5)
        _, md = request(self.s, "TeleportObject", {"objectId": "Mug|1", "position": up, "forceAction": True})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        _, md = request(self.s, "SettleObject", {"objectId": "Mug|1"})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        self.assertGreater(md["actionReturn"]["dropped"], 0.5)
        self.assertEqual(md["actionReturn"]["parentReceptacle"], "Table|1")
        self.assertGreaterEqual(sum(1 for c in self.ctl.calls if c[0] == "AdvancePhysicsStep"), 3)

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
                             ("TeleportObject", {"objectId": "Chair|1", "position": {"x": 2, "y": 0.4, "z": 2}}),
                             ("Fly", {})]:
            _, md = request(self.s, action, args)
            self.assertEqual(check_schema(schema, md), [], action)
        # and the fake's raw events too
        self.assertEqual(check_schema(schema, self.ctl.step("Done").metadata), [])

    def test_procthor_house_passes_through(self):
        path = os.path.join(os.path.dirname(schema_path()), "..", "procthor", "house-procthor-train-1.json")
        if not os.path.exists(path):
            self.skipTest("ProcTHOR reference house not found at %s (set FLOWBENCH_SHARED)" % path)
        with open(path) as f:
            house = json.load(f)
        _, md = request(self.s, "CreateHouse", {"house": house})
        self.assertTrue(md["lastActionSuccess"], md["errorMessage"])
        calls = [c for c in self.ctl.calls if c[0] in ("CreateHouse", "TeleportFull")][-2:]
        self.assertEqual(calls[0][1]["house"], house)  # handed to AI2-THOR unchanged
        agent = house["metadata"]["agent"]
        self.assertEqual(calls[1][1]["rotation"], agent["rotation"])  # then the agent goes to the house's start pose
        self.assertEqual(md["agent"]["position"]["y"], 0.0)

    def test_no_house(self):
        s = ab.Ai2ThorSession(fake.FakeController)
        _, md = request(s, "Render")
        self.assertFalse(md["lastActionSuccess"])
        self.assertIn("no house", md["errorMessage"])
        _, md = request(s, "CreateHouse", {"house": {"objects": []}})
        self.assertEqual(md["errorMessage"], "house is missing rooms")


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


@unittest.skipUnless(__import__("importlib").util.find_spec("websockets") or os.path.isdir(fp.DEBIAN_DIST_PACKAGES),
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
                ab.main(["--port", "0"], controller_factory=fake.FakeController,
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
                await ws.send(json.dumps({"id": 5, "action": "CreateHouse", "args": {"house": HOUSE}}))
                r = json.loads(await ws.recv())
                self.assertTrue(r["metadata"]["lastActionSuccess"])
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
