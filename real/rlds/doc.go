// Package rlds reads robot episodes in the Open X-Embodiment RLDS format:
// a TFDS prepared dataset directory (dataset_info.json, features.json and
// <name>-<split>.tfrecord-NNNNN-of-NNNNN shards) whose every TFRecord is
// one episode serialised as a tf.train.Example with the steps flattened
// ("steps/observation/image" holds one encoded frame per step).
//
// Open reads a directory and Dataset.Episodes iterates over its episodes;
// Reader reads TFRecord framing and ParseExample decodes tf.train.Example.
// Layouts names, per source (Bridge V2, DROID, Language-Table, RT-1,
// Berkeley UR5), the features that hold the camera images, the
// instruction, the gripper state, the end-effector pose and, for DROID,
// the camera calibration.
//
// Every read is bounded: a record's declared length is checked against
// MaxRecordBytes and the file's size before anything is allocated, counts
// inside an Example are checked against the bytes left, and a frame's
// dimensions are checked before it is decoded. A bad record skips its
// episode with an *Error naming the file, the record and the feature; the
// iteration goes on. docs/real.md, "Reading RLDS episodes", describes the
// layouts and the caps.
package rlds
