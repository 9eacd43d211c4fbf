package main

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"flowbench/assets"
	"flowbench/export"
	"flowbench/render"
	"flowbench/sim"
)

func init() {
	register(command{
		name:    "assets gallery",
		use:     "--out FILE [flags]",
		summary: "render every mapped type's models in a labelled grid (a contact sheet PNG)",
		example: "flowbench assets gallery --out gallery.png --variants 2 --types Sofa,Mug",
		setup:   assetsGalleryCommand,
	})
}

// assetsGalleryCommand renders the contact sheet: each mapped type's first
// --variants models, then (--procedural) the procedural models, one cell
// each, from the same front-right viewpoint.
func assetsGalleryCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	spec := fs.String("assets", "auto", assetsDirUsage)
	out := fs.String("out", "", "PNG file to write (required)")
	size := boundedInt(fs, "size", 160, 32, 1024, "cell image size in pixels")
	cols := boundedInt(fs, "cols", 10, 1, 1000, "cells per row")
	variants := boundedInt(fs, "variants", 1, 0, 10_000, "models per type (0 = all mapped models)")
	only := fs.String("types", "", "comma-separated AI2-THOR types to show (default all mapped types)")
	procedural := fs.Bool("procedural", true, "add the procedural models (drawn where no catalog model fits), after the catalog models")
	return func(args []string) error {
		switch {
		case *out == "":
			return fmt.Errorf("%w: --out is required", errUsage)
		}
		if err := export.CheckOutputFile("--out", *out); err != nil {
			return err
		}
		lib, err := assetsCmdOpen(*spec)
		if err != nil {
			return err
		}
		defer lib.Close()
		items, skipped := lib.GalleryItems(*variants)
		if *procedural {
			items = append(items, assets.ProceduralGalleryItems()...)
		}
		if *only != "" {
			keep := map[string]bool{}
			for _, t := range strings.Split(*only, ",") {
				keep[strings.TrimSpace(t)] = true
			}
			var sel []assets.GalleryItem
			for _, it := range items {
				if keep[it.Type] {
					sel = append(sel, it)
				}
			}
			items = sel
		}
		for _, s := range skipped {
			fmt.Fprintf(stderr, "skipped %s\n", s)
		}
		if len(items) == 0 {
			return fmt.Errorf("no mapped model could be loaded from %s", *spec)
		}
		cells := make([]render.SheetCell, 0, len(items))
		for _, it := range items {
			sc, cam, err := assets.ShowcaseScene(it.Model, it.Type, *size)
			if err != nil {
				return err
			}
			cells = append(cells, render.SheetCell{Label: it.Type + "\n" + it.Entry.Name + " · " + it.Entry.Library, Scene: sc, Camera: cam})
		}
		sheet, err := render.ContactSheet(cells, *cols, render.Options{})
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, sheet); err != nil {
			return err
		}
		if err := sim.WriteFileAtomic(*out, buf.Bytes()); err != nil {
			return fmt.Errorf("--out %s: %w", *out, err)
		}
		types := map[string]bool{}
		for _, it := range items {
			types[it.Type] = true
		}
		fmt.Fprintf(stdout, "wrote %s: %d models of %d types (%dx%d px)\n", *out, len(items), len(types), sheet.Rect.Dx(), sheet.Rect.Dy())
		return nil
	}
}
