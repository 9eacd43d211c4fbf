package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"flowbench/export"
	"flowbench/sim"
)

// The "scene" subcommand generates or imports one house, writes its JSON and
// a floor-plan picture, and ("scene stats") prints generation statistics.

func init() {
	register(command{
		name:    "scene",
		use:     "(--style S [--seed N] [--index I] | --import FILE) --out FILE [flags]",
		summary: "generate (--style) or import (--import) a house; 'scene stats' prints generation statistics",
		example: "flowbench scene --style procthor --seed 7 --out house.json --plan plan.png\n" +
			"flowbench scene --import house.json --asset-db asset-database.json --out normalised.json\n" +
			"flowbench scene stats --style ithor --houses 120",
		setup: sceneCommand,
	})
	register(command{
		name:    "scene stats",
		summary: "per room type: each type's share of rooms and objects per room, next to real iTHOR's",
		example: "flowbench scene stats --style procthor --seed 1 --houses 50",
		setup:   sceneStatsCommand,
	})
}

func sceneCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	style := fs.String("style", sim.StyleProcTHOR, "generation style: "+strings.Join(sim.Styles, " or "))
	seed := seed(fs, "random seed")
	index := boundedInt(fs, "index", 0, 0, maxHouses, "house index within the seed (ithor: 0..119 selects the scene)")
	importPath := fs.String("import", "", "load this ProcTHOR house JSON instead of generating one")
	assetDB := fs.String("asset-db", "", "AI2-THOR asset-database.json giving object sizes (with --import)")
	out := fs.String("out", "", "write the house JSON here (required)")
	plan := fs.String("plan", "", "write a top-down floor-plan PNG here (optional)")
	return func([]string) error {
		set := map[string]bool{}
		fs.Visit(func(f *pflag.Flag) { set[f.Name] = true })
		if *out == "" {
			return fmt.Errorf("%w: --out is required", errUsage)
		}
		if err := export.CheckOutputFile("--out", *out); err != nil {
			return err
		}
		if *importPath != "" && (set["style"] || set["seed"] || set["index"]) {
			return fmt.Errorf("%w: --import cannot be combined with --style, --seed or --index", errUsage)
		}
		if *importPath == "" && set["asset-db"] {
			return fmt.Errorf("%w: --asset-db only applies with --import", errUsage)
		}
		var (
			scene *sim.Scene
			house *sim.House
			what  string
		)
		if *importPath != "" {
			s, rep, err := sim.LoadHouseFile(*importPath, sim.ImportOptions{AssetDBPath: *assetDB})
			if err != nil {
				return err
			}
			if rep != nil {
				for _, w := range rep.Warnings {
					fmt.Fprintf(stderr, "warning: %s\n", w)
				}
			}
			scene, house, what = s, s.HouseJSON(), "imported "+*importPath
		} else {
			if err := sim.CheckStyle(*style); err != nil {
				return fmt.Errorf("%w: --style: %v", errUsage, err)
			}
			if *index < 0 {
				return fmt.Errorf("%w: --index must not be negative, got %d", errUsage, *index)
			}
			h, err := sim.Generate(*style, *seed, *index)
			if err != nil {
				return err
			}
			s, err := sim.NewScene(h)
			if err != nil {
				return fmt.Errorf("generated house (style %s, seed %d, index %d) is invalid: %w", *style, *seed, *index, err)
			}
			scene, house, what = s, h, fmt.Sprintf("generated %s house (seed %d, index %d)", *style, *seed, *index)
		}
		b, err := sim.EncodeHouse(house)
		if err != nil {
			return fmt.Errorf("encode house: %w", err)
		}
		if err := sim.WriteFileAtomic(*out, b); err != nil {
			return fmt.Errorf("write %s: %w", *out, err)
		}
		reach := scene.ReachablePositions()
		if *plan != "" {
			if err := sim.DrawFloorPlan(scene, reach, *plan); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "%s: %d rooms, %d objects, %d doors, %d windows, %d reachable positions\n",
			what, len(scene.Rooms), len(scene.Objects), len(house.Doors), len(house.Windows), len(reach))
		fmt.Fprintf(stdout, "wrote %s\n", *out)
		if *plan != "" {
			fmt.Fprintf(stdout, "wrote %s\n", *plan)
		}
		return nil
	}
}

func sceneStatsCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	style := fs.String("style", sim.StyleProcTHOR, "generation style: "+strings.Join(sim.Styles, " or "))
	seed := seed(fs, "random seed")
	houses := boundedInt(fs, "houses", 50, 1, maxStatsHouses, "number of houses (indices 0..houses-1)")
	return func(args []string) error {
		if err := sim.CheckStyle(*style); err != nil {
			return fmt.Errorf("%w: --style: %v", errUsage, err)
		}
		if *style == sim.StyleITHOR && *houses > len(sim.IthorSceneNames()) {
			return fmt.Errorf("%w: --houses %d exceeds the %d ithor scenes", errUsage, *houses, len(sim.IthorSceneNames()))
		}
		st, err := sim.GenerationStats(*style, *seed, *houses)
		if err != nil {
			return err
		}
		if err := st.WriteTable(stdout); err != nil {
			return err
		}
		fmt.Fprintln(stdout)
		return st.WriteContents(stdout, sim.ContentsTolerance)
	}
}
