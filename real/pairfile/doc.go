// Package pairfile reads and writes FlowBench-Real input pairs: two frames
// of a robot episode with the estimators' outputs (instance masks, metric
// depth, point tracks, optional dense flow), as one folder per pair holding
// pair.json or as a JSONL index whose every line is such an object. Read,
// ReadIndex and List turn them into real.Pair values; Write writes a
// real.Pair as a pair folder. docs/real.md describes the format and
// docs/schemas/real-pair.schema.json is its JSON Schema.
//
// Every read is bounded (file sizes, frame size, instance count, label
// length, array shapes checked before the data is allocated) and every
// refusal is an *Error naming the pair, the file and the field.
package pairfile
