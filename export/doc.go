// Package export writes and reads flowbench datasets: Hugging Face compatible
// Parquet shards (a light "questions" table and a dense "annotations" table),
// a manifest and a dataset card.
//
// Layout of a dataset directory:
//
//	DIR/README.md                                        dataset card (YAML configs, dataset_info)
//	DIR/manifest.json                                    config, seeds, counts, chance, schema
//	DIR/data/questions/<split>-00000-of-00003.parquet    one row per question
//	DIR/data/annotations/<split>-00000-of-00003.parquet  one row per question, same order
//
// (schema version 3; see layout.go). Shards are written under a hidden
// staging directory (DIR/data/.staging/<split>/) with their index only, each through a temp
// file that is fsynced and renamed, and moved to their final
// "-of-NNNNN" names when the split is finalised, because the shard count is
// only known at the end. A crash therefore never leaves a truncated .parquet
// where a reader looks; a resumed run finds the completed staged shards and
// removes stray temp files. Files contain no timestamps: identical rows give
// identical bytes.
package export
