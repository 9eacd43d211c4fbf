package real

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// TestLiftEq48 checks eq. 48 against a hand computation: pixel (930, 240)
// at raw depth 2.34 with g = 1.95 is 1.2 m deep and (930−320)/610 · 1.2 =
// 1.2 m to the right.
func TestLiftEq48(t *testing.T) {
	x := lift(930, 240, 2.34, DefaultIntrinsics, GBridgeV2)
	if math.Abs(x[0]-1.2) > 1e-12 || math.Abs(x[1]) > 1e-12 || math.Abs(x[2]-1.2) > 1e-12 {
		t.Fatalf("lift = %v, want (1.2, 0, 1.2)", x)
	}
}

// TestRadiusEq52 checks r = (w + h)/4 · z/(f g) on a 61×122 px box at raw
// depth 1.95 (z/g = 1 m): (183/4)/610 = 0.075 m.
func TestRadiusEq52(t *testing.T) {
	if r := radius(image.Rect(0, 0, 61, 122), 1.95, 610, GBridgeV2); math.Abs(r-0.075) > 1e-12 {
		t.Fatalf("radius %v, want 0.075", r)
	}
}

// TestCertifyEq49 checks the track certification's bounds: v̄ = δ passes,
// a track at 0.69 of δ or at 2δ fails, and one at 46° (cos 0.69) fails.
func TestCertifyEq49(t *testing.T) {
	p := synthPair("cert", tableScene(-150))
	m, err := Measure(p, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := m.Objects[m.Mover]
	set := func(dx, dy float32) {
		for _, i := range p.F0.Masks[a.Mask0].Pix {
			p.Tracks[2*i], p.Tracks[2*i+1] = dx, dy
		}
	}
	for _, c := range []struct {
		dx, dy float32
		ok     bool
	}{{-150, 0, true}, {-0.7 * 150, 0, true}, {-0.69 * 150, 0, false}, {-1.99 * 150, 0, true}, {-300, 0, false},
		{float32(-150 * math.Cos(0.8)), float32(150 * math.Sin(0.8)), false}, {float32(-150 * math.Cos(0.79)), float32(150 * math.Sin(0.79)), true}} {
		set(c.dx, c.dy)
		if _, err := certify(p, &a); (err == nil) != c.ok {
			t.Errorf("track (%v, %v) against δ (-150, 0): %v, want pass %v", c.dx, c.dy, err, c.ok)
		}
	}
}

// TestScaleConsistencyEq51 checks eq. 51's band and its 5 cm / 5 px floor.
func TestScaleConsistencyEq51(t *testing.T) {
	for _, c := range []struct {
		cMv, piMv, cRef, piRef float64
		ok                     bool
	}{
		{10, 100, 10, 100, true}, {10, 60, 10, 100, true}, {10, 59, 10, 100, false},
		{10, 167, 10, 100, true}, {10, 168, 10, 100, false}, {4.9, 500, 10, 100, true}, {10, 4.9, 10, 100, true},
	} {
		if _, err := scaleConsistent(c.cMv, c.piMv, c.cRef, c.piRef); (err == nil) != c.ok {
			t.Errorf("move %v cm / %v px, ref %v cm / %v px: %v, want pass %v", c.cMv, c.piMv, c.cRef, c.piRef, err, c.ok)
		}
	}
}

// TestSizeCheckEq50 checks e_g(o) = max(w, h) z/(f g) for a cup whose
// 54 px box at 1 m (after g) is 54/610 m, and the run score.
func TestSizeCheckEq50(t *testing.T) {
	o := Object{Label: "red cup", Box0: image.Rect(0, 0, 40, 54), Z0: 1}
	cs := sizeChecks([]Object{o, {Label: "sponge", Box0: image.Rect(0, 0, 9, 9), Z0: 1}}, DefaultIntrinsics)
	if len(cs) != 1 || math.Abs(cs[0].Implied-54.0/610) > 1e-12 || cs[0].Standard != 0.09 {
		t.Fatalf("size checks %+v", cs)
	}
	if s := SizeScore(cs); math.Abs(s-math.Abs(math.Log(54.0/610/0.09))) > 1e-6 {
		t.Fatalf("score %v", s)
	}
}

// TestMatchingRules checks B.2's candidate tests on the synthetic slide: a
// colour change, a travel beyond 30 cm and a label change each lose the
// mover's match, and a generic label matches only through the track.
func TestMatchingRules(t *testing.T) {
	find := func(p *Pair) bool {
		m, err := Measure(p, Options{Seed: 1})
		return err == nil && m.Objects[m.Mover].Label == "cup"
	}
	if !find(synthPair("ok", tableScene(-150))) {
		t.Fatal("the plain slide has no cup mover")
	}
	far := tableScene(-250) // 250 px at 1 m is 41 cm > 30 cm
	far[0].box = image.Rect(500, 250, 540, 300)
	if find(synthPair("far", far)) {
		t.Error("a 41 cm travel was matched (cap 30 cm)")
	}
	p := synthPair("recolour", tableScene(-150))
	img := p.F1.Image.(*image.NRGBA)
	for _, i := range p.F1.Masks[0].Pix {
		img.SetNRGBA(int(i)%p.W, int(i)/p.W, color.NRGBA{30, 200, 30, 255})
	}
	if find(p) {
		t.Error("a cup that turned green was matched (histogram correlation)")
	}
	p = synthPair("relabel", tableScene(-150))
	p.F1.Masks[0].Label = "bowl"
	if find(p) {
		t.Error("a cup relabelled bowl was matched")
	}
	p = synthPair("generic", tableScene(-150))
	p.F1.Masks[0].Label = "small object"
	if !find(p) {
		t.Error("a generic label with the track on it was not matched")
	}
	for i := range p.Tracks {
		p.Tracks[i] = float32(math.NaN())
	}
	if find(p) {
		t.Error("a generic label without track evidence was matched")
	}
}

// TestProcessRandomPairs runs Process on random rectangle scenes and checks
// every emitted question's invariants: answer letters among the choices,
// mentioned objects marked and distinct, mark numbers a permutation.
func TestProcessRandomPairs(t *testing.T) {
	labels := []string{"cup", "bowl", "apple", "can", "banana", "small object", "table"}
	emitted := 0
	for seed := range 120 {
		rng := rand.New(rand.NewPCG(uint64(seed), 3))
		var objs []synthObj
		for k := range 3 + rng.IntN(6) {
			x, y := 20+rng.IntN(560), 20+rng.IntN(400)
			w, h := 25+rng.IntN(50), 25+rng.IntN(50)
			o := synthObj{label: labels[rng.IntN(len(labels))], col: color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255},
				box: image.Rect(x, y, x+w, y+h), z: 0.6 + rng.Float64()}
			if k == 0 {
				o.dx, o.dy = rng.IntN(201)-100, rng.IntN(121)-60
			}
			objs = append(objs, o)
		}
		p := synthPair("rand", objs)
		m, qs, skip := Process(p, Options{Seed: int64(seed)})
		if skip != nil {
			continue
		}
		marks := map[int]bool{}
		for _, o := range m.Objects {
			if o.Mark > 0 {
				if marks[o.Mark] {
					t.Fatalf("seed %d: mark %d twice", seed, o.Mark)
				}
				marks[o.Mark] = true
			}
		}
		for k := 1; k <= len(marks); k++ {
			if !marks[k] {
				t.Fatalf("seed %d: marks %v are not 1..%d", seed, marks, len(marks))
			}
		}
		for _, q := range qs {
			emitted++
			for _, l := range q.Answer {
				if int(l-'A') >= len(q.Choices) {
					t.Fatalf("seed %d %s: answer %s with %d choices", seed, q.ID, q.Answer, len(q.Choices))
				}
			}
			seen := map[int]bool{}
			for _, i := range q.Mentioned {
				if seen[i] || m.Objects[i].Mark == 0 {
					t.Fatalf("seed %d %s: mentioned %v unmarked or twice", seed, q.ID, q.Mentioned)
				}
				seen[i] = true
			}
		}
	}
	if emitted == 0 {
		t.Fatal("no random scene yielded a question")
	}
}

// TestWidthRadiusOption checks Options.WidthRadius: every object's radius
// is w/2 · z/(f g) instead of eq. 52's.
func TestWidthRadiusOption(t *testing.T) {
	p := synthPair("width", tableScene(-150))
	for _, wide := range []bool{false, true} {
		m, err := Measure(p, Options{Seed: 1, WidthRadius: wide})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range m.Objects {
			want := float64(o.Box0.Dx()+o.Box0.Dy()) / 4 * o.Z0 / DefaultFocal
			if wide {
				want = float64(o.Box0.Dx()) / 2 * o.Z0 / DefaultFocal
			}
			if math.Abs(o.R0-want) > 1e-12 {
				t.Errorf("width radius %v: %s r0 %v, want %v", wide, o.Label, o.R0, want)
			}
		}
	}
}
