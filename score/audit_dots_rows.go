package score

import (
	"fmt"
	"image"
	"image/draw"
	"iter"
	"runtime"
	"sync"

	"flowbench/export"
	"flowbench/planner"
)

// The audit's dot rules need each question's marked and raw images and
// its segmentations: the questions table holds the marked images, the
// annotations table (absent from questions-only datasets) the rest, row
// for row in the same order.

// AnnotationCursor yields a split's annotation rows in question order.
type AnnotationCursor struct {
	next func() (export.AnnotationRow, error, bool)
	stop func()
	done bool // the table ended (or was never there)
}

// NewAnnotationCursor starts reading a split's annotation rows; Stop ends
// it.
func NewAnnotationCursor(ds *export.Dataset, split string) *AnnotationCursor {
	next, stop := iter.Pull2(ds.Annotations(split))
	return &AnnotationCursor{next: next, stop: stop, done: len(ds.Shards(split, export.AnnotationsTable)) == 0}
}

// Stop releases the cursor's reader.
func (c *AnnotationCursor) Stop() { c.stop() }

// RowFor returns the annotation row of question id; ok is false when the
// split has no annotations.
func (c *AnnotationCursor) RowFor(id string) (export.AnnotationRow, bool, error) {
	if c.done {
		return export.AnnotationRow{}, false, nil
	}
	a, err, ok := c.next()
	if err != nil {
		return a, false, err
	}
	if !ok {
		c.done = true
		return a, false, nil
	}
	if a.ID != id {
		return a, false, fmt.Errorf("annotations are not in question order at %s (found %s)", id, a.ID)
	}
	return a, true, nil
}

// measureRowDots reads one question's dots back from its images
// (MeasureDots); the moved objects are the annotation row's
// ObjectsAfter.
func measureRowDots(q *export.QuestionRow, a *export.AnnotationRow) (*DotCounts, error) {
	var imgs [4]*image.RGBA
	for i, im := range []export.Image{q.Image, a.ImageBeforeRaw, q.ImageAfter, a.ImageAfterRaw} {
		dec, err := DecodePNG(im.Bytes, q.ID)
		if err != nil {
			return nil, err
		}
		imgs[i] = asRGBA(dec)
	}
	moved := map[string]bool{}
	for _, o := range a.ObjectsAfter {
		moved[o.ObjectID] = true
	}
	f0 := DotFrame{Marked: imgs[0], Raw: imgs[1], IDs: a.InstanceBefore, Objects: a.InstanceMapBefore}
	f1 := DotFrame{Marked: imgs[2], Raw: imgs[3], IDs: a.InstanceAfter, Objects: a.InstanceMapAfter}
	c := MeasureDots(append(append(make([]planner.ObjectRef, 0, 1+len(q.Referenced)), q.Mover), q.Referenced...), moved, f0, f1)
	return &c, nil
}

// asRGBA returns img as an *image.RGBA at origin (0, 0).
func asRGBA(img image.Image) *image.RGBA {
	if m, ok := img.(*image.RGBA); ok && m.Rect.Min == (image.Point{}) {
		return m
	}
	b := img.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	return m
}

// DotMeasurer runs measureDots on up to GOMAXPROCS rows at once (decoding
// four PNGs and fitting each dot's radius is the audit's slowest part).
type DotMeasurer struct {
	sem chan struct{}
	wg  sync.WaitGroup
	mu  sync.Mutex
	res map[int]*DotCounts
	err error
}

// NewDotMeasurer returns a measurer with no rows started.
func NewDotMeasurer() *DotMeasurer {
	return &DotMeasurer{sem: make(chan struct{}, runtime.GOMAXPROCS(0)), res: map[int]*DotCounts{}}
}

// Start measures row i in the background.
func (m *DotMeasurer) Start(i int, q export.QuestionRow, a export.AnnotationRow) {
	m.sem <- struct{}{}
	m.wg.Add(1)
	go func() {
		defer func() { <-m.sem; m.wg.Done() }()
		c, err := measureRowDots(&q, &a)
		m.mu.Lock()
		defer m.mu.Unlock()
		if err != nil && m.err == nil {
			m.err = fmt.Errorf("question %s: %w", q.ID, err)
		}
		m.res[i] = c
	}()
}

// Wait returns the counts of rows 0..n-1 (nil for rows not measured).
func (m *DotMeasurer) Wait(n int) ([]*DotCounts, error) {
	m.wg.Wait()
	out := make([]*DotCounts, n)
	for i, c := range m.res {
		out[i] = c
	}
	return out, m.err
}
