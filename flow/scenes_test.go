package flow

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"flowbench/sim"
)

// This file builds random valid one-room scenes from the catalog for the
// round-trip tests against the renderer and the physics (a small stand-in
// for the procedural generator, which lives on another branch).

func roomHouse(w, d float64, objects []sim.HouseObject) *sim.House {
	wall := func(room string, x0, z0, x1, z1 float64) sim.Wall {
		id := fmt.Sprintf("wall|%s|%.2f|%.2f|%.2f|%.2f", room, x0, z0, x1, z1)
		rid := "room|" + room
		if room == "exterior" {
			rid = "exterior"
		}
		return sim.Wall{ID: id, RoomID: rid, Material: sim.Material{Name: "PureWhite"},
			Polygon: []sim.XYZ{{X: x0, Z: z0}, {X: x1, Z: z1}, {X: x0, Y: 2.6, Z: z0}, {X: x1, Y: 2.6, Z: z1}}}
	}
	h := &sim.House{Metadata: sim.HouseMetadata{Schema: sim.SchemaVersion}, Objects: objects}
	h.Rooms = []sim.Room{{ID: "room|1", RoomType: string(sim.LivingRoom), FloorMaterial: sim.Material{Name: "WoodFloor"},
		FloorPolygon: []sim.XYZ{{X: 0, Z: 0}, {X: 0, Z: d}, {X: w, Z: d}, {X: w, Z: 0}}}}
	for _, room := range []string{"1", "exterior"} {
		h.Walls = append(h.Walls, wall(room, 0, 0, w, 0), wall(room, w, 0, w, d), wall(room, 0, d, w, d), wall(room, 0, 0, 0, d))
	}
	return h
}

type placedObj struct {
	ho     sim.HouseObject
	obb    sim.OBB
	ti     *sim.TypeInfo
	size   sim.Vec3
	parent int
}

// randomRoomScene returns a random valid scene: a 4–7 m room with 5–10
// pieces of furniture of all room types and small objects on receptacle tops.
func randomRoomScene(t testing.TB, seed uint64) *sim.Scene {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xf10))
	w, d := math.Round((4+3*rng.Float64())*100)/100, math.Round((4+3*rng.Float64())*100)/100
	empty, err := sim.NewScene(roomHouse(w, d, nil))
	if err != nil {
		t.Fatal(err)
	}
	cat := sim.DefaultCatalog()
	var big, small []*sim.TypeInfo
	for _, rt := range sim.RoomTypes {
		big = append(big, cat.TypesIn(rt, sim.AgainstWall)...)
		big = append(big, cat.TypesIn(rt, sim.FreeStanding)...)
		small = append(small, cat.TypesIn(rt, sim.OnSurface)...)
	}
	var placed []placedObj
	fits := func(b sim.OBB) bool {
		if _, hit := empty.CheckBox(b); hit {
			return false
		}
		for _, p := range placed {
			if sim.OBBPenetration(b, p.obb) > 1e-9 {
				return false
			}
		}
		return true
	}
	mk := func(ti *sim.TypeInfo, v sim.AssetVariant, id string, pos sim.Vec3, yaw float64, parent int) placedObj {
		x, z := sim.YawAxes(yaw)
		return placedObj{ho: sim.HouseObject{AssetID: v.AssetID, ID: id, Position: sim.ToXYZ(pos), Rotation: sim.XYZ{Y: yaw}},
			obb: sim.OBB{Center: pos, Half: v.Size.Mul(0.5), AxisX: x, AxisZ: z}, ti: ti, size: v.Size, parent: parent}
	}
	want := 5 + rng.IntN(6)
	for tries := 0; len(placed) < want && tries < 200; tries++ {
		ti := big[rng.IntN(len(big))]
		v := ti.Variants[rng.IntN(len(ti.Variants))]
		yaw := float64(90 * rng.IntN(4))
		if rng.IntN(3) == 0 {
			yaw = math.Round(360*rng.Float64()*100) / 100
		}
		pos := sim.Vec3{w * rng.Float64(), v.Size[1] / 2, d * rng.Float64()}
		if o := mk(ti, v, fmt.Sprintf("%s|1|%d", ti.Type, len(placed)), pos, yaw, -1); fits(o.obb) {
			placed = append(placed, o)
		}
	}
	nBig := len(placed)
	for pi := 0; pi < nBig; pi++ {
		p := placed[pi]
		if !p.ti.Receptacle {
			continue
		}
		top := p.obb.Center[1] + p.obb.Half[1]
		for k, tries := 0, 0; k < 1+rng.IntN(3) && tries < 20; tries++ {
			ti := small[rng.IntN(len(small))]
			v := ti.Variants[rng.IntN(len(ti.Variants))]
			hx, hz := p.size[0]/2-v.Size[0]/2, p.size[2]/2-v.Size[2]/2
			if hx < 0 || hz < 0 {
				continue
			}
			pos := p.obb.Center.Add(p.obb.AxisX.Mul(hx * (2*rng.Float64() - 1))).Add(p.obb.AxisZ.Mul(hz * (2*rng.Float64() - 1)))
			pos[1] = top + v.Size[1]/2
			if o := mk(ti, v, fmt.Sprintf("%s|surface|1|%d", ti.Type, len(placed)), pos, p.ho.Rotation.Y, pi); fits(o.obb) {
				placed = append(placed, o)
				k++
			}
		}
	}
	var build func(parent int) []sim.HouseObject
	build = func(parent int) []sim.HouseObject {
		var out []sim.HouseObject
		for i, p := range placed {
			if p.parent == parent {
				ho := p.ho
				ho.Children = build(i)
				out = append(out, ho)
			}
		}
		return out
	}
	s, err := sim.NewScene(roomHouse(w, d, build(-1)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cameraLookingAt returns an 800×800-class camera (size w×h) at eye height on
// free floor of the scene, at least 0.8 m from the target, looking at it; ok
// is false when no such spot was found.
func cameraLookingAt(rng *rand.Rand, s *sim.Scene, target sim.Vec3, w, h int) (sim.Camera, bool) {
	poly := s.Rooms[0].Polygon
	var x1, z1 float64
	for _, p := range poly {
		x1, z1 = math.Max(x1, p[0]), math.Max(z1, p[1])
	}
	for tries := 0; tries < 100; tries++ {
		x, z := 0.3+(x1-0.6)*rng.Float64(), 0.3+(z1-0.6)*rng.Float64()
		dx, dz := target[0]-x, target[2]-z
		dist := math.Hypot(dx, dz)
		if dist < 0.8 || dist > 4.5 {
			continue
		}
		free := true
		for _, o := range s.Objects {
			b := o.AABB()
			if x > b.Min[0]-0.25 && x < b.Max[0]+0.25 && z > b.Min[2]-0.25 && z < b.Max[2]+0.25 {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		hor := math.Atan2(sim.CameraHeight-target[1], dist) * 180 / math.Pi
		hor = math.Max(sim.MaxHorizonUp, math.Min(sim.MaxHorizonDwn, hor+10*rng.Float64()-5))
		yaw := math.Atan2(dx, dz)*180/math.Pi + 20*rng.Float64() - 10
		return sim.Camera{Position: sim.Vec3{x, sim.CameraHeight, z}, Yaw: yaw, Horizon: hor, FOV: sim.DefaultFOV, Width: w, Height: h}, true
	}
	return sim.Camera{}, false
}
