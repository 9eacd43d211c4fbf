// Package score turns flowbench questions into model prompts, queries
// OpenAI-compatible chat-completions servers, reads answers from the replies
// and scores them with the method's protocol (Sec. 4.1, App. C.3 of the
// paper): exact letter-set match, answers read from the end of the reply,
// missing or unreadable replies wrong, means over answer-order shuffles.
// It also scores text-to-flow predictions and generated outcome frames
// (Sec. 4.4): rEPE_move, Acc, Blank, Dir and ΔPSNR.
//
// The package does not read datasets itself: callers hand it Questions and
// FlowSamples (the CLI adapts the export package's rows), so it depends on
// nothing above the planner.
package score
