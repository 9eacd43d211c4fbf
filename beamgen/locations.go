package beamgen

import (
	"context"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/storage"
)

// A part location and the output may be local paths or object-storage URLs
// (s3://, gs://, azblob://, file://; docs/storage.md). A URL is written
// through a local work directory that the storage package mirrors to the
// bucket, and read through a local download.

// fetchAll fetches every object under a prefix.
func fetchAll(string) bool { return true }

// runPart runs one part of cfg (opt.Part) into loc. For a URL, the objects
// an earlier attempt left under loc are fetched first so that the run
// resumes from them, shards the run does not keep are deleted from the
// bucket, and the part record goes last, so that its presence means the
// part is complete.
func runPart(ctx context.Context, cfg pipeline.Config, opt pipeline.Options, loc string) error {
	inSplit := func(rel string) bool { return export.InSplit(rel, cfg.Split) }
	sopt := storage.Options{Fetch: fetchAll, Prune: inSplit, Last: []string{pipeline.PartFile}}
	return storage.WithOutput(ctx, loc, sopt, func(dir string) error {
		opt.Out = dir
		_, err := pipeline.Run(ctx, cfg, opt)
		return err
	})
}

// mergeParts merges the parts at locs into out: URL parts are downloaded,
// an output URL is written with the manifest and the card last.
func mergeParts(ctx context.Context, locs []string, out string) error {
	return storage.WithInputs(ctx, locs, func(dirs []string) error {
		sopt := storage.Options{Fetch: fetchAll, Last: []string{export.ManifestFile, export.CardFile}}
		owned := make([]bool, len(locs)) // a URL part's download is ours to consume
		for i, l := range locs {
			owned[i] = storage.IsURL(l)
		}
		return storage.WithOutput(ctx, out, sopt, func(dir string) error {
			return pipeline.MergeWith(ctx, dirs, dir, pipeline.MergeOptions{Owned: owned})
		})
	})
}
