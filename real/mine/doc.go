// Package mine turns robot episodes into FlowBench-Real image pairs (B.1 of
// the FlowBench paper): per episode the initial frame I0 and the outcome
// frame I1 (the last frame, or for DROID a frame no earlier than the last
// gripper release, from the external camera that sees the release point
// nearer the image centre), the episode filters on task text, per-task
// caps and DROID's grasp length, and the coarse change filter of eq. 47.
// A kept pair becomes a pair folder holding its two frames at the
// processed size (640×480, 912×512 for DROID) and mined.json, the part of
// pair.json that the estimators then complete (docs/real.md). Every
// dropped episode is counted under the rule that dropped it.
//
// The episodes come from any reader (real/rlds reads the Open
// X-Embodiment release); this package sees only Episode.
package mine
