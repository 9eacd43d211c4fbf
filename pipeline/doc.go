// Package pipeline generates a flowbench dataset split, callable from Go:
// houses → camera selection → planning → rendering I0/I1 → flow → marks →
// Parquet shards (export), then the manifest and the dataset card.
//
// Run writes one split, or one part of it (Options.Part, K of N), into a
// local directory, with resume, progress callbacks and cancellation through
// its context; Merge joins the parts of a split into one dataset directory,
// byte-identical to a single-machine run. Config holds everything the
// output bytes depend on and is JSON-serialisable, so that a coordinator
// (Beam, a Kubernetes Indexed Job) can ship it to remote workers; Options
// holds what does not change the bytes (workers, part, resume, progress).
// cmd/flowbench's generate and merge commands are flag parsing and printing
// around Run and Merge.
package pipeline
