package thor

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/gorilla/websocket"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

func testHouse(t testing.TB, seed int64) *sim.House {
	t.Helper()
	h, err := sim.Generate(sim.StyleProcTHOR, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func dressedScene(t testing.TB, h *sim.House, dress func(*sim.Scene)) *sim.Scene {
	t.Helper()
	sc, err := sim.NewScene(h)
	if err != nil {
		t.Fatal(err)
	}
	if dress != nil {
		dress(sc)
	}
	return sc
}

// decodedMesh is MeshData expanded back to triangle corners.
type decodedMesh struct {
	pos, nrm [][3]float64
	uv       [][2]float64
	surf     []int
}

func decodeMesh(t *testing.T, md *MeshData) decodedMesh {
	t.Helper()
	f32 := func(b []byte, k int) [][]float64 {
		if len(b)%(4*k) != 0 {
			t.Fatalf("array of %d bytes is not a whole number of %d float32", len(b), k)
		}
		out := make([][]float64, len(b)/(4*k))
		for i := range out {
			out[i] = make([]float64, k)
			for j := 0; j < k; j++ {
				out[i][j] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*(i*k+j):])))
			}
		}
		return out
	}
	v, n, uv := f32(md.Vertices, 3), f32(md.Normals, 3), f32(md.UVs, 2)
	if len(n) != len(v) || len(uv) != len(v) {
		t.Fatalf("%d vertices, %d normals, %d uvs", len(v), len(n), len(uv))
	}
	if len(md.Indices)%12 != 0 || len(md.TriSurfaces) != len(md.Indices)/6 {
		t.Fatalf("%d index bytes, %d surface bytes", len(md.Indices), len(md.TriSurfaces))
	}
	var d decodedMesh
	for i := 0; i < len(md.Indices)/4; i++ {
		j := binary.LittleEndian.Uint32(md.Indices[4*i:])
		if int(j) >= len(v) {
			t.Fatalf("index %d out of %d vertices", j, len(v))
		}
		d.pos = append(d.pos, [3]float64(v[j]))
		d.nrm = append(d.nrm, [3]float64(n[j]))
		d.uv = append(d.uv, [2]float64(uv[j]))
	}
	for i := 0; i < len(md.TriSurfaces)/2; i++ {
		s := int(binary.LittleEndian.Uint16(md.TriSurfaces[2*i:]))
		if s >= len(md.Surfaces) {
			t.Fatalf("triangle %d: surface %d of %d", i, s, len(md.Surfaces))
		}
		d.surf = append(d.surf, s)
	}
	return d
}

// checkAgainst compares a decoded mesh with the sim mesh it came from.
func (d decodedMesh) checkAgainst(t *testing.T, what string, m *sim.Mesh) {
	t.Helper()
	if len(d.pos) != 3*len(m.Tris) {
		t.Fatalf("%s: %d corners, want %d", what, len(d.pos), 3*len(m.Tris))
	}
	for i, tr := range m.Tris {
		for k := 0; k < 3; k++ {
			c := 3*i + k
			for a := 0; a < 3; a++ {
				if math.Abs(d.pos[c][a]-tr.V[k][a]) > 1e-6*(1+math.Abs(tr.V[k][a])) || math.Abs(d.nrm[c][a]-m.Attrs[i].N[k][a]) > 1e-6 {
					t.Fatalf("%s triangle %d corner %d: got %v %v, want %v %v", what, i, k, d.pos[c], d.nrm[c], tr.V[k], m.Attrs[i].N[k])
				}
			}
			if float32(d.uv[c][0]) != m.Attrs[i].UV[k][0] || float32(d.uv[c][1]) != m.Attrs[i].UV[k][1] {
				t.Fatalf("%s triangle %d corner %d: uv %v, want %v", what, i, k, d.uv[c], m.Attrs[i].UV[k])
			}
		}
		if d.surf[i] != int(m.Attrs[i].Surface) {
			t.Fatalf("%s triangle %d: surface %d, want %d", what, i, d.surf[i], m.Attrs[i].Surface)
		}
	}
}

// TestHouseMeshesCarryModels checks the payload of a dressed house: model
// objects and textured floors carry indexed meshes that decode to exactly
// sim's triangles, normals, UVs and surfaces; objects with the same model
// and size share one mesh; every texture is sent once; primitive meshes keep
// the flat "triangles" format (an undressed house encodes as before).
func TestHouseMeshesCarryModels(t *testing.T) {
	h := testHouse(t, 1)
	plain := BuildHouseMeshes(dressedScene(t, h, nil))
	b, _ := json.Marshal(plain)
	var generic map[string]any
	json.Unmarshal(b, &generic)
	if _, ok := generic["textures"]; ok {
		t.Error("an undressed house carries textures")
	}
	for _, o := range plain.Objects {
		if o.Mesh != nil || o.MeshOf != "" || len(o.Triangles) == 0 || len(o.Triangles)%9 != 0 {
			t.Fatalf("primitive object %s: mesh %v meshOf %q, %d triangle numbers", o.ObjectID, o.Mesh != nil, o.MeshOf, len(o.Triangles))
		}
	}

	sc := dressedScene(t, h, testDress())
	hm := BuildHouseMeshes(sc)
	if len(hm.Textures) != 4 {
		t.Fatalf("%d textures, want 4 (cube checker, cut-out checker, floor, walls)", len(hm.Textures))
	}
	for hash, ti := range hm.Textures {
		if ti.Width != 64 && ti.Width != 60 && ti.Width != 32 && ti.Width != 16 || len(ti.PNG) < 8 || string(ti.PNG[1:4]) != "PNG" {
			t.Errorf("texture %s: %dx%d, %d bytes", hash, ti.Width, ti.Height, len(ti.PNG))
		}
	}
	first := map[string]int{}
	for i, o := range hm.Objects {
		so := sc.Objects[i]
		local := *so
		local.Position, local.Yaw = sim.Vec3{}, 0
		m := sim.ObjectMesh(&local)
		if o.MeshOf != "" {
			j, ok := first[o.MeshOf]
			if !ok || sc.Objects[j].Size != so.Size || o.Mesh != nil || len(o.Triangles) != 0 {
				t.Fatalf("object %s shares the mesh of %q (seen %v)", o.ObjectID, o.MeshOf, ok)
			}
			decodeMesh(t, hm.Objects[j].Mesh).checkAgainst(t, o.ObjectID, &m)
			continue
		}
		if o.Mesh == nil {
			t.Fatalf("dressed object %s has no mesh", o.ObjectID)
		}
		first[o.ObjectID] = i
		if !o.Mesh.TwoSided || len(o.Mesh.Surfaces) != len(so.Model.Surfaces) || o.Mesh.Surfaces[0].Texture == "" ||
			hm.Textures[o.Mesh.Surfaces[0].Texture] == nil || o.Mesh.Surfaces[0].Cutout != so.Model.Surfaces[0].Cutout {
			t.Fatalf("object %s surfaces %+v two-sided %v", o.ObjectID, o.Mesh.Surfaces, o.Mesh.TwoSided)
		}
		d := decodeMesh(t, o.Mesh)
		d.checkAgainst(t, o.ObjectID, &m)
		if nv := len(o.Mesh.Vertices) / 12; nv != 24 {
			t.Errorf("object %s: %d vertices, want the cube's 24", o.ObjectID, nv)
		}
	}
	if len(first) == len(hm.Objects) {
		t.Error("no object shares a mesh")
	}
	structs := sim.StructureMeshes(sc)
	floors, framed := 0, 0
	for i, s := range hm.Structures {
		if structs[i].Attrs == nil {
			if s.Mesh != nil || len(s.Triangles) != 9*len(structs[i].Tris) {
				t.Fatalf("plain structure %s", s.ID)
			}
			continue
		}
		if sc.Surfaces[s.ID] != nil {
			floors++
		} else {
			framed++ // an undressed wall with an outdoor window's frame
		}
		if s.Mesh == nil || s.Mesh.TwoSided || len(s.Triangles) != 0 {
			t.Fatalf("textured structure %s: %+v", s.ID, s)
		}
		decodeMesh(t, s.Mesh).checkAgainst(t, s.ID, &structs[i])
	}
	if floors != len(sc.Rooms)+(len(sc.Walls)+1)/2 {
		t.Errorf("%d dressed structures, want the %d floors and half of the %d walls", floors, len(sc.Rooms), len(sc.Walls))
	}
	if framed == 0 {
		t.Error("no undressed wall carries a window frame: the test house should have one")
	}

	// A second build for the same connection sends no texture again.
	sent := map[string]bool{}
	if n := len(buildHouseMeshes(sc, sent).Textures); n != 4 {
		t.Fatalf("first build: %d textures", n)
	}
	if again := buildHouseMeshes(sc, sent); len(again.Textures) != 0 {
		t.Fatalf("second build resends %d textures", len(again.Textures))
	}
}

// TestHouseMeshesSize logs the CreateHouse payload of typical houses with
// every object dressed by a 2 028-triangle model and 256×256 textures (one
// model and texture per object type, as a library would give).
func TestHouseMeshesSize(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		h := testHouse(t, seed)
		plainArgs, _ := json.Marshal(CreateHouseArgs{House: json.RawMessage(`{}`), Meshes: BuildHouseMeshes(dressedScene(t, h, nil))})
		sc := dressedScene(t, h, nil)
		models := map[string]*sim.Model{}
		for i, o := range sc.Objects {
			md := models[o.Type]
			if md == nil {
				tex := checkerTexture(fmt.Sprintf("%032x", i), 256, 8, checkerA, checkerB, false)
				md = gridCubeModel(13, &sim.Surface{Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: tex})
				models[o.Type] = md
			}
			o.Model = md
		}
		tris := 0
		for _, o := range sc.Objects {
			tris += len(o.Model.Levels[0].Tris)
		}
		hm := BuildHouseMeshes(sc)
		b, _ := json.Marshal(hm)
		texBytes := 0
		for _, ti := range hm.Textures {
			texBytes += len(ti.PNG) * 4 / 3
		}
		meshBytes := 0
		for _, o := range hm.Objects {
			if o.Mesh != nil {
				m := o.Mesh
				meshBytes += (len(m.Vertices) + len(m.Normals) + len(m.UVs) + len(m.Indices) + len(m.TriSurfaces)) * 4 / 3
			}
		}
		t.Logf("seed %d: %d objects (%d model types, %d triangles): meshes %.2f MB JSON (geometry %.2f MB, %d textures %.2f MB, rest %.2f MB); primitives only %.2f MB; a second house on the same connection %.2f MB",
			seed, len(sc.Objects), len(models), tris, mb(len(b)), mb(meshBytes), len(hm.Textures), mb(texBytes), mb(len(b)-meshBytes-texBytes), mb(len(plainArgs)),
			mb(len(mustJSON(buildHouseMeshes(sc, markAll(hm.Textures))))))
	}
}

func mb(n int) float64 { return float64(n) / 1e6 }

func markAll(m map[string]*TextureImage) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// gridCubeModel is a unit cube whose faces are n×n grids (12 n² triangles),
// with smooth-ish normals (the direction from the centre), one surface.
func gridCubeModel(n int, s *sim.Surface) *sim.Model {
	c := cubeModel("grid", s)
	l := sim.ModelLevel{}
	base := c.Levels[0]
	for f := 0; f < 6; f++ {
		p0, p1, p3 := base.Pos[4*f], base.Pos[4*f+1], base.Pos[4*f+3]
		u, v := p1.Sub(p0), p3.Sub(p0)
		start := uint32(len(l.Pos))
		for j := 0; j <= n; j++ {
			for i := 0; i <= n; i++ {
				p := p0.Add(u.Mul(float64(i) / float64(n))).Add(v.Mul(float64(j) / float64(n)))
				l.Pos = append(l.Pos, p)
				l.Normal = append(l.Normal, p.Normalize())
				l.UV = append(l.UV, [2]float32{float32(i) / float32(n), float32(j) / float32(n)})
			}
		}
		at := func(i, j int) uint32 { return start + uint32(j*(n+1)+i) }
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				l.Tris = append(l.Tris, sim.ModelTri{V: [3]uint32{at(i, j), at(i+1, j), at(i+1, j+1)}},
					sim.ModelTri{V: [3]uint32{at(i, j), at(i+1, j+1), at(i, j+1)}})
			}
		}
	}
	c.Levels = []sim.ModelLevel{l}
	return c
}

// TestTexturesOncePerConnection drives a scripted server that wants meshes:
// the first CreateHouse carries the textures, a second one on the same
// connection none, and after the server drops the connection the replayed
// house (and the next one) carries them again.
func TestTexturesOncePerConnection(t *testing.T) {
	type seen struct {
		conn, textures int
	}
	got := make(chan seen, 16)
	conns := 0
	url := fakeServer(t, func(conn *websocket.Conn) {
		conns++
		me := conns
		conn.ReadMessage()
		conn.WriteJSON(Hello{Protocol: ProtocolName, Version: ProtocolVersion, Role: "server", Wants: []string{FeatureMeshes}})
		houses := 0
		for {
			_, msg, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var req struct {
				ID     uint64 `json:"id"`
				Action string `json:"action"`
				Args   struct {
					Meshes *HouseMeshes `json:"meshes"`
				} `json:"args"`
			}
			json.Unmarshal(msg, &req)
			if req.Action == ActionCreateHouse {
				if req.Args.Meshes == nil {
					t.Errorf("CreateHouse without meshes")
					return
				}
				got <- seen{me, len(req.Args.Meshes.Textures)}
				houses++
			}
			md := newMetadata(req.Action)
			md.LastActionSuccess = true
			conn.WriteJSON(Reply{ID: req.ID, Metadata: md})
			if me == 1 && houses == 2 {
				return // drop the connection after the second house
			}
		}
	})
	c := dialTest(t, url, Options{Dress: testDress(), Backoff: 1, MaxBackoff: 1})
	h := testHouse(t, 2)
	for i := 0; i < 3; i++ {
		if err := c.LoadHouse(h); err != nil {
			t.Fatal(err)
		}
	}
	want := []seen{{1, 4}, {1, 0}, {2, 4}, {2, 0}}
	for i, w := range want {
		if g := <-got; g != w {
			t.Fatalf("CreateHouse %d: connection %d with %d textures, want %+v", i, g.conn, g.textures, w)
		}
	}
}

// TestClientMatchesLocalDressed is TestClientMatchesLocal with models: the
// server dresses every scene with a hook (ServerOptions.Dress) and must give
// byte-identical results to an in-process backend dressed the same way.
func TestClientMatchesLocalDressed(t *testing.T) {
	dress := testDress()
	_, url := startServer(t, ServerOptions{Dress: dress})
	h := testHouse(t, 1)
	p := &pair{t: t, local: planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}, Dress: dress}), remote: dialTest(t, url, Options{})}
	runScript(t, p, h)
	// The hook really ran: the dressed frame differs from an undressed one.
	_, plainURL := startServer(t, ServerOptions{})
	plain := dialTest(t, plainURL, Options{})
	reach, _ := p.local.ReachablePositions()
	cam := sim.Camera{Position: reach[len(reach)/2].Add(sim.Vec3{0, sim.CameraHeight, 0}), Yaw: 90, Horizon: 30, FOV: 90, Width: 64, Height: 64}
	var frames [2][]byte
	for _, s := range []interface {
		LoadHouse(*sim.House) error
		SetCamera(sim.Camera) error
	}{p.remote.(*Client), plain} {
		if err := s.LoadHouse(h); err != nil {
			t.Fatal(err)
		}
		if err := s.SetCamera(cam); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range []*Client{p.remote.(*Client), plain} {
		f, err := c.Render()
		if err != nil {
			t.Fatal(err)
		}
		frames[i] = f.RGB
	}
	if string(frames[0]) == string(frames[1]) {
		t.Error("the dressed server renders the same image as an undressed one")
	}
}
