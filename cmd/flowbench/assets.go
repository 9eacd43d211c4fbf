package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"flowbench/assets"
	"flowbench/pipeline"
)

// The "assets" subcommand manages the Sweet Home 3D furniture models that
// replace primitive shapes:
//
//	flowbench assets build    [--assets DIR]   read the libraries, fill the model cache, report
//	flowbench assets list     [--assets DIR] [--type T] [--all] [--json]
//	flowbench assets coverage [--assets DIR] [--houses 100] [--seed 1] [--no-ithor] [--json]

func init() {
	register(command{
		name:    "assets",
		use:     "<subcommand> [flags]",
		summary: "furniture models: build the cache, list entries and their types, measure coverage, draw a gallery",
		long:    "assets works on the Sweet Home 3D furniture libraries (docs/assets.md).",
		example: "flowbench assets build\nflowbench assets list --type Mug\nflowbench assets coverage --houses 100\nflowbench assets gallery --out gallery.png",
	})
	register(command{
		name:    "assets build",
		summary: "read the Sweet Home 3D libraries, fill the model cache and print the report",
		example: "flowbench assets build --assets /usr/share/sweethome3d/furniture",
		setup:   assetsBuildCommand,
	})
	register(command{
		name:    "assets list",
		summary: "list catalog entries and the AI2-THOR types they are mapped to",
		example: "flowbench assets list --type Sofa --json",
		setup:   assetsListCommand,
	})
	register(command{
		name:    "assets coverage",
		summary: "share of generated object instances that fitting real models cover, by type",
		example: "flowbench assets coverage --houses 100 --seed 1",
		setup:   assetsCoverageCommand,
	})
}

func assetsCmdOpen(spec string) (*assets.Library, error) {
	lib, err := assets.Open(pipeline.AssetsOptions(spec))
	if errors.Is(err, assets.ErrNoAssets) {
		return nil, fmt.Errorf("%w (install the Sweet Home 3D libraries with assets/install_debian.sh, or pass --assets DIR)", err)
	}
	return lib, err
}

const assetsDirUsage = "directory (or archive) of Sweet Home 3D .sh3f/.jar libraries; auto = the installed ones"

func assetsBuildCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	spec := fs.String("assets", "auto", assetsDirUsage)
	return func(args []string) error {
		lib, rep, err := assets.Build(pipeline.AssetsOptions(*spec))
		if err != nil {
			return err
		}
		defer lib.Close()
		writeBuildReport(stdout, rep)
		return nil
	}
}

// writeBuildReport prints what Build did, per archive and in total.
func writeBuildReport(w io.Writer, rep assets.BuildReport) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "LIBRARY\tENTRIES\tBUILT\tCACHED\tFAILED\tWARNINGS\tTIME\t")
	for _, a := range rep.Archives {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%v\t\n", a.Library, a.Entries, a.Built, a.Cached, a.Failed, a.Warnings, a.Duration.Round(time.Millisecond))
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t%d\t%d\t%v\t\n", rep.Entries, rep.Built, rep.Cached, rep.Failed, len(rep.Warnings), rep.Duration.Round(time.Millisecond))
	tw.Flush()
	fmt.Fprintf(w, "%d floor/wall textures; cache %s (%.1f MiB)\n", rep.Textures, rep.CacheDir, float64(rep.CacheBytes)/(1<<20))
	for _, s := range rep.Warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
}

func assetsListCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	spec := fs.String("assets", "auto", assetsDirUsage)
	typ := fs.String("type", "", "only entries mapped to this AI2-THOR type")
	all := fs.Bool("all", false, "also list entries not mapped to any type")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(args []string) error {
		lib, err := assetsCmdOpen(*spec)
		if err != nil {
			return err
		}
		type row struct {
			Key      string     `json:"key"`
			Name     string     `json:"name"`
			Category string     `json:"category"`
			Size     [3]float64 `json:"size_m"` // width, height, depth
			Types    []string   `json:"types"`
		}
		var rows []row
		for _, e := range lib.Entries {
			ts := assets.TypesOfKey(e.Key)
			if *typ != "" {
				found := false
				for _, t := range ts {
					found = found || t == *typ
				}
				if !found {
					continue
				}
			} else if len(ts) == 0 && !*all {
				continue
			}
			rows = append(rows, row{e.Key, e.Name, e.Category, [3]float64{e.Size[0], e.Size[1], e.Size[2]}, ts})
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].Key < rows[j].Key })
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(rows)
		}
		tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "KEY\tNAME\tCATEGORY\tW×H×D (m)\tTYPES")
		for _, r := range rows {
			ts := strings.Join(r.Types, ",")
			if ts == "" {
				ts = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%.2f×%.2f×%.2f\t%s\n", r.Key, r.Name, r.Category, r.Size[0], r.Size[1], r.Size[2], ts)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d entries listed (%d in the libraries)\n", len(rows), len(lib.Entries))
		return nil
	}
}

func assetsCoverageCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	spec := fs.String("assets", "auto", assetsDirUsage)
	houses := boundedInt(fs, "houses", 100, 0, maxStatsHouses, "procthor houses to generate (indices 0..N-1)")
	seed := seed(fs, "generator seed")
	noIthor := fs.Bool("no-ithor", false, "leave out the 120 iTHOR-style scenes")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(args []string) error {
		lib, err := assetsCmdOpen(*spec)
		if err != nil {
			return err
		}
		h := *houses
		if h == 0 {
			h = -1 // CoverageOptions: 0 means the default 100
		}
		rep, err := lib.Coverage(assets.CoverageOptions{Houses: h, Seed: *seed, NoIthor: *noIthor})
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(rep)
		}
		writeCoverage(stdout, rep)
		return nil
	}
}

// writeCoverage prints the coverage table by type and the totals.
func writeCoverage(w io.Writer, rep *assets.CoverageReport) {
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*assets.Share(a, b))
	}
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "TYPE\tVARIANTS\tINSTANCES\tFIT\tINSET\tCOVERED\tPROCTHOR\tITHOR\tTOO DISTORTED\tNO VARIANT\tFALLBACK\t")
	for _, t := range rep.Types {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t\n", t.Type, t.Variants, t.Instances, t.Fit, t.Inset,
			pct(t.Fit, t.Instances), pct(t.ProcTHORFit, t.ProcTHOR), pct(t.ITHORFit, t.ITHOR), t.TooDistorted, t.NoVariant, t.Fallback)
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t\n", rep.Entries, rep.Instances, rep.Fit, rep.Inset,
		pct(rep.Fit, rep.Instances), pct(rep.ProcTHORFit, rep.ProcTHOR), pct(rep.ITHORFit, rep.ITHOR), rep.TooDistorted, rep.NoVariant, rep.Fallback)
	tw.Flush()
	fmt.Fprintf(w, "\n%d procthor houses (seed %d), %d iTHOR-style scenes; %d object instances\n", rep.Houses, rep.Seed, rep.IthorScenes, rep.Instances)
	fmt.Fprintf(w, "covered by a real model within %.0f%% distortion: %s (procthor %s, ithor %s)\n",
		100*assets.MaxDistortion, pct(rep.Fit, rep.Instances), pct(rep.ProcTHORFit, rep.ProcTHOR), pct(rep.ITHORFit, rep.ITHOR))
	fmt.Fprintf(w, "of them inset (no variant fits within %.0f%%; drawn up to %.0f%% and %.0f cm short of the box): %s\n",
		100*assets.MaxDistortion, 100*assets.InsetMaxShare, 100*assets.InsetMaxGap, pct(rep.Inset, rep.Instances))
	fmt.Fprintf(w, "of them tiled (a row of 2 to %d copies of one base unit): %s\n", assets.MaxTiles, pct(rep.Tiled, rep.Instances))
	fmt.Fprintf(w, "primitive fallback: too distorted %s of instances, no variant %s\n", pct(rep.TooDistorted, rep.Instances), pct(rep.NoVariant, rep.Instances))
	fmt.Fprintf(w, "of them drawn with a procedural model (built in code in their box, no catalog model; docs/assets.md, \"Procedural fallbacks\"): %s\n", pct(rep.Procedural, rep.Instances))
	fmt.Fprintf(w, "fallback share (drawn as a plain box, slab or cylinder, or a procedural model not judged recognisable): %s (procthor %s, ithor %s)\n",
		pct(rep.Fallback, rep.Instances), pct(rep.FallbackProcTHOR, rep.ProcTHOR), pct(rep.FallbackITHOR, rep.ITHOR))
	fmt.Fprintf(w, "types: %d in the catalog, %d with a variant, %d with a fitting instance, %d with ≥ 3 variants; %d entries mapped\n",
		rep.CatalogTypes, rep.TypesMapped, rep.TypesFit, rep.TypesWith3, rep.Entries)
	fmt.Fprintf(w, "receptacles with children drawn with a model: %d, support surface below the box top: %d\n", rep.SupportParents, rep.SupportBelowTop)
}
