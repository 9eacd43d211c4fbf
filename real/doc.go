// Package real builds FlowBench-Real questions from measured image pairs
// (Appendix B of the FlowBench paper): a robot has already executed a move
// between frame I0 and frame I1, and the estimators' outputs (instance
// masks, metric depth, point tracks) measure it. Measure matches objects
// across the frames, picks the mover and landmarks and certifies the track
// (B.2), Scale places them in metric 3D (B.3), Questions applies the seven
// category rules with their margins (B.4), the filters of B.5 remove what a
// review would reject, and Select builds the test and train splits (B.6,
// B.7). Every constant of Appendix B lives in constants.go, cited.
//
// Answers come only from measured geometry; a VLM may name objects or check
// marks (behind a flag), never answer. All quantities are in the camera
// frame of I0: x right, y down, z away from the camera, metres.
package real
