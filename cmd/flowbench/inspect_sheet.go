package main

import (
	"fmt"
	"image"
	"io"

	xdraw "golang.org/x/image/draw"

	"flowbench/export"
	"flowbench/render"
)

// inspectSheet writes a contact sheet of n questions of a split drawn at
// random (export.SampleQuestions with seed): each question's marked I0,
// scaled to tile pixels on its longer side, under its id, six to a row.
func inspectSheet(ds *export.Dataset, split string, n int, seed uint64, tile int, out string, stdout io.Writer) error {
	qs, err := export.SampleQuestions(ds, split, n, seed)
	if err != nil {
		return err
	}
	if len(qs) == 0 {
		return fmt.Errorf("%s: split %q holds no questions", ds.Dir, split)
	}
	imgs := make([]image.Image, len(qs))
	labels := make([]string, len(qs))
	for i, q := range qs {
		img, err := decodePNG(q.Image.Bytes, "image")
		if err != nil {
			return fmt.Errorf("question %s: %w", q.ID, err)
		}
		b := img.Bounds()
		w, h := tile, tile
		if b.Dx() > b.Dy() {
			h = max(1, tile*b.Dy()/b.Dx())
		} else {
			w = max(1, tile*b.Dx()/b.Dy())
		}
		small := image.NewRGBA(image.Rect(0, 0, w, h))
		xdraw.CatmullRom.Scale(small, small.Rect, img, b, xdraw.Src, nil)
		imgs[i], labels[i] = small, q.ID
	}
	if err := render.WritePNG(out, render.ImageSheet(imgs, labels, min(6, len(imgs)))); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d random I0 images of split %s (seed %d)\nwrote %s\n", len(qs), split, seed, out)
	return nil
}
