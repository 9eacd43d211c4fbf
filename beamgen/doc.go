// Package beamgen runs the flowbench pipeline on Apache Beam.
//
// The Beam pipeline is three steps: a PCollection of part indices 0..N-1,
// reshuffled so that a runner spreads the parts over its workers; a DoFn
// that runs one part (pipeline.Run with part K of N) into its own location
// under the work prefix, resuming what an earlier attempt of the same part
// left there; and, once every part is done (all part indices grouped under
// one key), one merge (pipeline.Merge) into the output dataset. The
// generation config travels to the workers as the JSON of pipeline.Config,
// so the merged dataset is byte-identical to a single-machine run of the
// same Config, whatever the runner and N.
//
// A Job with Real set builds a FlowBench-Real split instead (flowbench real
// build): its DoFn runs pipeline.RunReal for part K of N, redoing the part's
// split in its own location on every attempt, every part reading every pair
// (the selection is over the whole split) and writing only its shards; the
// merge is the same. Its RealConfig travels as JSON, and the merged split
// is byte-identical to a single real build of the same options.
//
// cmd/flowbench-beam launches it on prism, Dataflow, Flink or Spark
// (docs/deploy.md).
package beamgen
