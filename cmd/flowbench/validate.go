package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/spf13/pflag"

	"flowbench/export"
)

// The "validate" subcommand checks a dataset with export.Validate: the
// manifest against the shards, every shard's schema and footer, and every
// row: no NULLs, ids, categories, answers among the choices, `changed`,
// images of the camera's size, finite dense values, 0/1 masks, instance ids
// in the id map, the two tables row by row, and the cheap semantic
// cross-checks of flow, change mask, objects and depth. A viewpoint-family
// dataset (manifest family "viewpoint") goes through
// export.ValidateViewpoint instead, a FlowBench-Real dataset (family
// "real") through export.ValidateReal.

func init() {
	register(command{
		name:    "validate",
		use:     "DIR|URL",
		summary: "check a dataset directory (manifest, schema, every row); names the file and row of the first problem",
		long: "validate checks every split of a dataset: the manifest against the shards, every shard's schema,\n" +
			"footer and bytes, and every row (docs/dataset.md#validation). It exits 1 naming the file and row\n" +
			"of the first problem.",
		example: "flowbench validate out/demo\nflowbench validate s3://bucket/csi/train?region=eu-west-1",
		args:    datasetArgs,
		setup: func(_ *pflag.FlagSet, stdout, _ io.Writer) func([]string) error {
			return func(args []string) error { return runValidate(args[0], stdout) }
		},
	})
}

func runValidate(dir string, stdout io.Writer) error {
	var counts map[string]int
	err := withDatasetIn(dir, func(local string) (err error) {
		validate := export.Validate
		switch fam, _ := export.DatasetFamily(local); fam {
		case export.FamilyViewpoint:
			validate = export.ValidateViewpoint
		case export.FamilyReal:
			validate = export.ValidateReal
		}
		counts, err = validate(local)
		return err
	})
	if err != nil {
		var ve *export.ValidationError
		if errors.As(err, &ve) {
			if ve.Row >= 0 {
				return fmt.Errorf("invalid dataset: shard %s, row %d (question %q): %s", ve.Shard, ve.Row, ve.ID, ve.Reason)
			}
			return fmt.Errorf("invalid dataset: %s: %s", ve.Shard, ve.Reason)
		}
		return err
	}
	total := 0
	for _, split := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(stdout, "split %s: %d questions ok\n", split, counts[split])
		total += counts[split]
	}
	fmt.Fprintf(stdout, "%s: valid, %d questions\n", dir, total)
	return nil
}
