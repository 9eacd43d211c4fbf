package flow

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// Round trip against exactly re-rendered synthetic box scenes at 800×800:
// many random scenes, each with a random move and turn of one box. Besides
// the criteria it scores the validity mask against the exact
// visibility of each moved point, found by casting a ray through its exact
// sub-pixel target in the after scene.
func TestRoundTripSynthetic(t *testing.T) {
	const w, h = 800, 800
	scenes := 30
	if testing.Short() {
		scenes = 12
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var c Computer
	var total agreement
	var tp, fp, fn int
	for k := 0; k < scenes; k++ {
		s, cam, motions := randomSynth(rng, w, h)
		s1 := s.moved(motions)
		f0, f1 := s.render(cam), s1.render(cam)
		r, err := c.Compute(f0, f1, cam, motions)
		if err != nil {
			t.Fatal(err)
		}
		checkChangeMask(t, r, f0, f1, motions)
		total.add(measureAgreement(r, f0, f1, cam, motions))
		_, _, fwd := cam.Basis()
		mv := movingByInstance(f0, motions)
		for p, id := range f0.IDs {
			if mv[id] == nil {
				continue
			}
			m := *mv[id]
			i, j := p%w, p/w
			dx, dy := r.Forward.At(i, j)
			tu, tv := float64(i)+float64(dx), float64(j)+float64(dy)
			o, dir := cam.Ray(float64(i), float64(j))
			z1 := cam.ToCamera(m.Apply(o.Add(dir.Mul(float64(f0.Depth[p]) / dir.Dot(fwd)))))[2]
			visible := false
			if tu >= -0.5 && tu < w-0.5 && tv >= -0.5 && tv < h-0.5 {
				hit, zt := s1.castAt(cam, tu, tv)
				visible = hit == id && math.Abs(zt-z1) < 1e-3
			}
			switch valid := r.ValidForward.M[p] != 0; {
			case valid && visible:
				tp++
			case valid:
				fp++
			case visible:
				fn++
			}
		}
	}
	prec, rec := rate(tp, tp+fp), rate(tp, tp+fn)
	t.Logf("%d synthetic scenes at %dx%d: %v; validity vs exact visibility: precision %.4f, recall %.4f", scenes, w, h, total, prec, rec)
	if total.moverValid < 1000 || total.moverValid == total.moverPix {
		t.Fatalf("degenerate test: %d of %d mover pixels valid", total.moverValid, total.moverPix)
	}
	checkRates(t, total, prec, rec, primitiveBounds)
}

// checkChangeMask compares the change mask with the union of moving-object
// pixels of both frames, computed from the id tables directly.
func checkChangeMask(t *testing.T, r *Result, f0, f1 Frame, motions map[string]RigidMotion) {
	t.Helper()
	mv0, mv1 := movingByInstance(f0, motions), movingByInstance(f1, motions)
	for p := range f0.IDs {
		want := uint8(0)
		if mv0[f0.IDs[p]] != nil || mv1[f1.IDs[p]] != nil {
			want = 1
		}
		if r.Change.M[p] != want {
			t.Fatalf("change mask at pixel %d is %d, want %d", p, r.Change.M[p], want)
		}
	}
}

// A box moved behind another one: its pixels that are hidden after the
// motion are invalid, the visible ones valid.
func TestOcclusionAfterMotionIsFlagged(t *testing.T) {
	cam := synthCamera(240, 180)
	front := synthBox{name: "Front|0", pose: Pose{[3]float64{0.3, 0.4, 2}, 0}, half: [3]float64{0.25, 0.4, 0.1}}
	mover := synthBox{name: "Mover|1", pose: Pose{[3]float64{-0.6, 0.3, 3.5}, 0}, half: [3]float64{0.2, 0.3, 0.2}}
	s := &synthScene{wallZ: 6, boxes: []synthBox{front, mover}}
	motions := map[string]RigidMotion{mover.name: {From: mover.pose, To: Pose{[3]float64{0.3, 0.3, 3.5}, 0}}}
	f0, f1 := s.render(cam), s.moved(motions).render(cam)
	r, err := Compute(f0, f1, cam, motions)
	if err != nil {
		t.Fatal(err)
	}
	hidden, shown := 0, 0
	for p := range f0.IDs {
		if f0.IDs[p] != 2 {
			continue
		}
		i, j := p%cam.Width, p/cam.Width
		dx, dy := r.Forward.At(i, j)
		n := int(float64(j)+float64(dy)+0.5)*cam.Width + int(float64(i)+float64(dx)+0.5)
		switch {
		case f1.IDs[n] == 1: // the front box covers the target
			hidden++
			if r.ValidForward.M[p] != 0 {
				t.Fatalf("pixel %d is hidden by the front box after the motion but marked valid", p)
			}
		case f1.IDs[n] == 2:
			shown++
		}
	}
	if hidden < 50 || shown < 50 {
		t.Fatalf("bad set-up: %d hidden and %d shown mover pixels", hidden, shown)
	}
	// Wall pixels uncovered by the mover are valid (static, same depth);
	// wall pixels newly covered by it are not.
	covered := 0
	for p := range f0.IDs {
		if f0.IDs[p] == 0 && f1.IDs[p] == 2 {
			covered++
			if r.ValidForward.M[p] != 0 {
				t.Fatalf("static pixel %d is covered by the mover after the motion but marked valid", p)
			}
		}
		if f0.IDs[p] == 0 && f1.IDs[p] == 0 && r.ValidForward.M[p] != 1 {
			t.Fatalf("static pixel %d visible in both frames is not valid", p)
		}
	}
	if covered == 0 {
		t.Fatal("bad set-up: the mover covers no wall pixel after the motion")
	}
}

// Moving a box out of the field of view invalidates its pixels.
func TestTargetOutsideImageIsInvalid(t *testing.T) {
	cam := synthCamera(80, 60)
	b := synthBox{name: "Box|0", pose: Pose{[3]float64{0, 0.3, 3}, 0}, half: [3]float64{0.2, 0.3, 0.2}}
	s := &synthScene{wallZ: 6, boxes: []synthBox{b}}
	motions := map[string]RigidMotion{b.name: {From: b.pose, To: Pose{[3]float64{20, 0.3, 3}, 0}}}
	f0, f1 := s.render(cam), s.moved(motions).render(cam)
	r, err := Compute(f0, f1, cam, motions)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p := range f0.IDs {
		if f0.IDs[p] == 1 {
			n++
			if r.ValidForward.M[p] != 0 {
				t.Fatalf("pixel %d leaves the image but is valid", p)
			}
			if dx, _ := r.Forward.At(p%cam.Width, p/cam.Width); dx < float32(cam.Width) {
				t.Fatalf("pixel %d: flow dx %g does not leave the image", p, dx)
			}
		}
	}
	if n == 0 || r.Change.Count() != n {
		t.Fatalf("mover has %d pixels, change mask %d", n, r.Change.Count())
	}
}

// Output bytes do not depend on the number of workers.
func TestWorkersGiveIdenticalBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for k := 0; k < 10; k++ {
		s, cam, motions := randomSynth(rng, 97, 61)
		f0, f1 := s.render(cam), s.moved(motions).render(cam)
		var serial, par Computer
		par.Workers = 1 + 1 + rng.IntN(7)
		a, err := serial.Compute(f0, f1, cam, motions)
		if err != nil {
			t.Fatal(err)
		}
		b, err := par.Compute(f0, f1, cam, motions)
		if err != nil {
			t.Fatal(err)
		}
		var ba, bb bytes.Buffer
		if err := EncodeFlo(&ba, a.Forward); err != nil {
			t.Fatal(err)
		}
		_ = EncodeFlo(&ba, a.Backward)
		if err := EncodeFlo(&bb, b.Forward); err != nil {
			t.Fatal(err)
		}
		_ = EncodeFlo(&bb, b.Backward)
		if !bytes.Equal(ba.Bytes(), bb.Bytes()) || !bytes.Equal(a.ValidForward.M, b.ValidForward.M) ||
			!bytes.Equal(a.ValidBackward.M, b.ValidBackward.M) || !bytes.Equal(a.Change.M, b.Change.M) {
			t.Fatalf("scene %d: %d workers differ from serial", k, par.Workers)
		}
		// Forward alone gives the same field as Compute.
		var solo Computer
		fw, err := solo.Forward(f0, cam, motions)
		if err != nil {
			t.Fatal(err)
		}
		var bf bytes.Buffer
		_ = EncodeFlo(&bf, fw)
		if !bytes.Equal(bf.Bytes(), ba.Bytes()[:bf.Len()]) {
			t.Fatalf("scene %d: Forward differs from Compute's forward field", k)
		}
	}
}
