package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/pflag"

	"flowbench/real/mine"
	"flowbench/real/rlds"
)

func init() {
	register(command{
		name:    "real mine",
		use:     "--episodes DIR|URL --out DIR [flags]",
		summary: "mine FlowBench-Real image pairs from RLDS robot episodes (B.1)",
		long: "real mine reads a TFDS prepared dataset directory of RLDS episodes (the Open X-Embodiment release of\n" +
			"Bridge V2, DROID, Language-Table, RT-1 or Berkeley UR5) and writes one pair folder per kept episode,\n" +
			"ready for the estimators, and mine-report.json, the episodes each B.1 rule dropped (docs/real.md).",
		example: "flowbench real mine --episodes /data/bridge_dataset/1.0.0 --out mined\n" +
			"flowbench real mine --episodes s3://bucket/droid/1.0.0 --split train --out mined",
		setup: realMineCommand,
	})
}

// MineReportFile is the report real mine writes into --out.
const mineReportFile = "mine-report.json"

func realMineCommand(fs *pflag.FlagSet, stdout, stderr io.Writer) func([]string) error {
	episodes := fs.String("episodes", "", "TFDS prepared dataset directory (dataset_info.json, features.json, *.tfrecord-NNNNN-of-NNNNN), or a storage URL (required)")
	out := fs.String("out", "", "directory to write the pair folders and mine-report.json into; new or empty (required)")
	source := fs.String("source", "", "the source when dataset_info.json's name is not one flowbench knows: bridge_v2, droid, language_table, rt1 or berkeley_ur5")
	split := fs.String("split", "", "read only this split's shards (default: every split)")
	return func([]string) error {
		switch {
		case *episodes == "":
			return fmt.Errorf("%w: --episodes is required", errUsage)
		case *out == "":
			return fmt.Errorf("%w: --out is required", errUsage)
		}
		if ents, err := os.ReadDir(*out); err == nil && len(ents) > 0 {
			return fmt.Errorf("%w: --out %s is not empty (real mine writes into a new or empty directory)", errUsage, *out)
		}
		return withDatasetIn(*episodes, func(dir string) error {
			d, err := rlds.Open(dir, rlds.Options{Source: *source, Split: *split})
			if err != nil {
				return err
			}
			m, err := mine.NewMiner(*out)
			if err != nil {
				return err
			}
			for ep, err := range d.Episodes() {
				if err != nil {
					slog.Warn("real mine: episode skipped", "reason", err)
					m.Skip()
					continue
				}
				if _, _, err := m.Add(mine.FromRLDS(ep)); err != nil {
					return err
				}
			}
			rep := m.Report()
			b, err := json.MarshalIndent(rep, "", "  ")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(*out, mineReportFile), append(b, '\n'), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s (%s): %d episodes, %d pairs\n", d.Name, d.Source, rep.Episodes, rep.Pairs)
			for _, r := range slices.Sorted(maps.Keys(rep.Dropped)) {
				fmt.Fprintf(stdout, "  %6d dropped: %s\n", rep.Dropped[r], r)
			}
			fmt.Fprintf(stdout, "wrote %s\n", *out)
			return nil
		})
	}
}
