package sim

import (
	"math/rand/v2"
	"testing"
)

// benchScene is a larger fixture scene: the seed with the most objects among the first 40.
func benchScene(b *testing.B) *Scene {
	b.Helper()
	var best *Scene
	for seed := uint64(0); seed < 40; seed++ {
		s := fixtureScene(b, seed)
		if best == nil || len(s.Objects) > len(best.Objects) {
			best = s
		}
	}
	return best
}

// benchPoses returns n random hypothetical poses for the scene's objects.
func benchPoses(s *Scene, n int) ([]int, []Vec3, []float64) {
	rng := rand.New(rand.NewPCG(1, 1))
	ids := make([]int, n)
	pos := make([]Vec3, n)
	yaw := make([]float64, n)
	for i := range ids {
		ids[i] = rng.IntN(len(s.Objects))
		pos[i], yaw[i] = randomPose(rng, s, s.Objects[ids[i]])
	}
	return ids, pos, yaw
}

// BenchmarkCollisionCheck measures one collision check: a hypothetical
// oriented box tested against the scene (objects through the spatial grid,
// walls, floor, outline). Report checks/s = 1e9 / ns/op.
func BenchmarkCollisionCheck(b *testing.B) {
	s := benchScene(b)
	ids, pos, yaw := benchPoses(s, 1024)
	boxes := make([]OBB, len(ids))
	for i := range ids {
		boxes[i] = obbAt(s.Objects[ids[i]], pos[i], yaw[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.checkBox(boxes[i&1023], nil)
	}
	b.ReportMetric(float64(len(s.Objects)), "objects")
	b.ReportMetric(float64(len(s.Walls)), "walls")
}

// BenchmarkCheckPlacement measures the exported query for an existing
// object (with its carried objects) at a hypothetical pose.
func BenchmarkCheckPlacement(b *testing.B) {
	s := benchScene(b)
	ids, pos, yaw := benchPoses(s, 1024)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 1023
		_ = s.CheckPlacement(s.Objects[ids[k]].ID, pos[k], yaw[k])
	}
}

// BenchmarkTeleportObject measures accepted and refused teleports (about
// two thirds are accepted in these poses).
func BenchmarkTeleportObject(b *testing.B) {
	s := benchScene(b)
	ids, pos, yaw := benchPoses(s, 1024)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 1023
		_ = s.TeleportObject(s.Objects[ids[k]].ID, pos[k], yaw[k], false)
	}
}

// BenchmarkSettle measures a settle of an object lifted 0.5 m (the lift is
// a forced teleport outside the timer).
func BenchmarkSettle(b *testing.B) {
	s := benchScene(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := s.Objects[i%len(s.Objects)]
		b.StopTimer()
		_ = s.TeleportObject(o.ID, o.Position.Add(Vec3{0, 0.5, 0}), o.Yaw, true)
		b.StartTimer()
		_, _ = s.Settle(o.ID)
	}
}

// BenchmarkRaycast measures one camera ray against the cached meshes.
func BenchmarkRaycast(b *testing.B) {
	s := benchScene(b)
	x0, z0, x1, _ := polygonBounds(s.Rooms[0].Polygon)
	cam := NewCamera(Vec3{(x0 + x1) / 2, CameraHeight, z0 + 0.3}, 0, 20)
	s.Raycast(cam, 0, 0)
	rng := rand.New(rand.NewPCG(2, 2))
	us := make([]float64, 1024)
	for i := range us {
		us[i] = 800 * rng.Float64()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Raycast(cam, us[i&1023], us[(i+7)&1023])
	}
}
