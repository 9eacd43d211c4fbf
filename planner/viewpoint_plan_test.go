package planner

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"flowbench/sim"
)

// TestPlanViewpointsAgainstWorldFrame plans the viewpoint family on
// generated houses and re-derives every answer by another path: the world
// positions of the two objects projected on the ground axes of the target
// camera actually built for that viewpoint (OrbitCamera, TopCamera), rather
// than the source-frame rotation tables of RelationsAt. It also checks the
// question set (ten viewpoints per pair, clear non-empty answers), that the
// 0° target view is the source view, and counts tags seen in target views.
func TestPlanViewpointsAgainstWorldFrame(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	var scenes, questions, targets, seen, tagsTotal, obstructed int
	for i := 0; i < n; i++ {
		h := genHouse(t, 400+i)
		cfg := DefaultViewpointConfig()
		cfg.HouseID, cfg.Seed, cfg.CameraSize = fmt.Sprintf("vp%d", i), 5, 160
		cfg.Views.CameraSize = 160
		l := newTestLocal()
		ss, err := PlanViewpoints(l, h, cfg)
		if err != nil {
			t.Fatal(err)
		}
		objs, _ := l.Objects()
		pos := map[string]sim.Vec3{}
		for _, o := range objs {
			pos[o.ID] = o.Position
		}
		for _, sc := range ss {
			scenes++
			if len(sc.Tags) < 2 || len(sc.Questions)%10 != 0 || len(sc.Targets) != len(ViewpointTargets) {
				t.Fatalf("%s: %d tags, %d questions, %d targets", sc.ID, len(sc.Tags), len(sc.Questions), len(sc.Targets))
			}
			cams := map[string]sim.Camera{}
			for _, tg := range sc.Targets {
				cams[tg.View] = tg.Camera
				targets++
				seen += tg.TagsVisible
				tagsTotal += len(sc.Tags)
				if tg.Obstructed {
					obstructed++
				}
			}
			if !slices.Equal(sc.Targets[0].Frame.IDs, sc.Source.IDs) {
				t.Errorf("%s: the 0° target view differs from the source view", sc.ID)
			}
			for k, q := range sc.Questions {
				questions++
				if k%10 == 0 && q.View != "0" || k%10 == 9 && q.View != "top" {
					t.Errorf("%s: question %d at %s", sc.ID, k, q.View)
				}
				// The target camera of this viewpoint (360 = 0, right θ = left 360−θ).
				v := q.Viewpoint
				key := v.String()
				if !v.Top {
					key = Viewpoint{Orbit: ((v.Orbit % 360) + 360) % 360}.String()
				}
				cam, ok := cams[key]
				if !ok {
					t.Fatalf("%s: no target camera for %s", sc.ID, q.View)
				}
				if v.Top {
					cam = sc.Camera // the top view keeps the source's yaw: its image axes are the source's ground axes
				}
				right, fwd := cam.GroundAxes()
				d := pos[sc.Tags[q.Object].ObjectID].Sub(pos[sc.Tags[q.Subject].ObjectID])
				lat, dep := d.Dot(right), d.Dot(fwd)
				var want []ViewRelation
				if lat > cfg.Margin {
					want = append(want, RelRight)
				} else if lat < -cfg.Margin {
					want = append(want, RelLeft)
				}
				far, near := RelBehind, RelFront
				if v.Top {
					far, near = RelNorth, RelSouth
				}
				if dep > cfg.Margin {
					want = append(want, far)
				} else if dep < -cfg.Margin {
					want = append(want, near)
				}
				if !slices.Equal(want, q.Answer) || len(q.Answer) == 0 {
					t.Errorf("%s %s tag %d→%d: answer %v, world frame gives %v (lat %.3f dep %.3f)", sc.ID, q.View, q.Subject, q.Object, q.Answer, want, lat, dep)
				}
				if math.Abs(math.Abs(lat)-cfg.Margin) < 0.5*cfg.Margin || math.Abs(math.Abs(dep)-cfg.Margin) < 0.5*cfg.Margin {
					t.Errorf("%s %s: not clear (lat %.3f dep %.3f)", sc.ID, q.View, lat, dep)
				}
			}
		}
	}
	if scenes == 0 || questions == 0 {
		t.Fatal("no viewpoint scenes")
	}
	t.Logf("%d scenes, %d questions, %d target views (%d obstructed), %.0f%% of tags visible in target views",
		scenes, questions, targets, obstructed, 100*float64(seen)/float64(tagsTotal))
}

// TestOrbitCameraAxes checks that the orbit camera's ground axes, written
// in the source camera's frame, are Viewpoint.Axes for every angle, and
// that its position turned about the axis by the angle (at its pull).
func TestOrbitCameraAxes(t *testing.T) {
	h := genHouse(t, 400)
	st, _ := NewStructure(h)
	src := sim.NewCamera(sim.Vec3{3.1, sim.CameraHeight, 2.2}, 30, 20)
	centre := sim.Vec3{4, 0.6, 3.5}
	r0, f0 := src.GroundAxes()
	for theta := -360; theta <= 360; theta += 45 {
		cam, pull, _ := OrbitCamera(st, nil, src, centre, theta)
		r, f := cam.GroundAxes()
		wr, wf := Viewpoint{Orbit: theta}.Axes()
		got := [4]float64{r.Dot(r0), r.Dot(f0), f.Dot(r0), f.Dot(f0)}
		want := [4]float64{wr[0], wr[1], wf[0], wf[1]}
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-9 {
				t.Fatalf("θ %d: axes %v, want %v", theta, got, want)
			}
		}
		// Position: the source offset from the axis, turned by θ and scaled by pull.
		off := src.Position.Sub(centre)
		off[1] = 0
		now := cam.Position.Sub(centre)
		now[1] = 0
		if math.Abs(now.Len()-pull*off.Len()) > 1e-9 {
			t.Errorf("θ %d: distance to the axis %.4f, want %.4f", theta, now.Len(), pull*off.Len())
		}
		// The camera sees the axis at the same bearing as the source did.
		b0 := math.Atan2(-off.Dot(r0), -off.Dot(f0))
		b := math.Atan2(-now.Dot(r), -now.Dot(f))
		if math.Abs(math.Remainder(b-b0, 2*math.Pi)) > 1e-9 {
			t.Errorf("θ %d: bearing of the axis %.4f, source %.4f", theta, b, b0)
		}
	}
}

// TestViewpointSceneText checks the three representations on a hand-made
// scene: tag 1 is 1 m right of tag 0 and 0.5 m behind it, tag 2 is 1 m in
// front of tag 0, level with it.
func TestViewpointSceneText(t *testing.T) {
	sc := ViewpointScene{Tags: []ViewTag{
		{Tag: 0, ObjectType: "Sofa", BBox: [4]int{10, 20, 30, 40}, Floor: [2]float64{0, 0}},
		{Tag: 1, ObjectType: "TVStand", BBox: [4]int{50, 20, 10, 10}, Floor: [2]float64{1, 0.5}},
		{Tag: 2, ObjectType: "CoffeeTable", BBox: [4]int{5, 60, 20, 8}, Floor: [2]float64{0, -1}},
	}}
	if got, want := sc.ObjectDictionary(), `{"0": "sofa", "1": "TV stand", "2": "coffee table"}`; got != want {
		t.Errorf("objects %s, want %s", got, want)
	}
	if got, want := sc.BBoxDictionary(), `{"0": ("sofa", [10, 20, 30, 40]), "1": ("TV stand", [50, 20, 10, 10]), "2": ("coffee table", [5, 60, 20, 8])}`; got != want {
		t.Errorf("boxes %s, want %s", got, want)
	}
	want := "Tag 0 | right:[1] front:[2] behind:[1]\nTag 1 | left:[0, 2] front:[0, 2]\nTag 2 | right:[1] behind:[0, 1]"
	if got := sc.SceneGraph(0.15); got != want {
		t.Errorf("scene graph\n%s\nwant\n%s", got, want)
	}
	if _, err := sc.SceneBlock("video", 0.15); err == nil {
		t.Error("unknown representation accepted")
	}
}

func TestParseViewpointRoundTrip(t *testing.T) {
	for o := -360; o <= 360; o += 45 {
		for _, v := range []Viewpoint{{Orbit: o}, {Top: true}} {
			got, err := ParseViewpoint(v.String())
			if err != nil || got != v {
				t.Errorf("%v: parsed %v, %v", v, got, err)
			}
		}
	}
	for _, s := range []string{"", "left", "left 30", "up 90", "left 405", "left 45 ", "Top"} {
		if _, err := ParseViewpoint(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
