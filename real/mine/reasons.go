package mine

// Reasons an episode is dropped, as the report counts them.
const (
	DropUnreadable       = "unreadable episode"                                           // the reader skipped it (its reason is logged)
	DropTooShort         = "fewer than 2 frames"                                          //
	DropNoInstruction    = "no language instruction (DROID)"                              // B.1
	DropNotSuccessful    = "not a successful episode (DROID)"                             // B.1
	DropNoCalibration    = "no camera calibration (DROID)"                                // B.1
	DropFold             = "task folds something (Bridge V2)"                             // B.1
	DropWipe             = "task wipes something (Bridge V2)"                             // B.1
	DropOpenClose        = "task opens or closes something (Bridge V2)"                   // B.1
	DropDrawer           = "task uses a drawer (Bridge V2)"                               // B.1
	DropIntoContainer    = "task puts an object into a container (Bridge V2)"             // B.1
	DropPickOnly         = "task only picks an object up"                                 // B.1 (Bridge V2, RT-1)
	DropSeveralMovers    = "instruction has several movers (DROID)"                       // B.1
	DropSeveralSteps     = "instruction has several steps (DROID)"                        // B.1
	DropArticulated      = "instruction names an articulated object (DROID)"              // B.1
	DropTaskCap          = "over 40 trajectories of its task (Bridge V2)"                 // B.1
	DropLabCap           = "over 3 episodes of its (lab, instruction) (DROID)"            // B.1
	DropShortGrasp       = "grasp held under 8 steps (DROID)"                             // B.1
	DropNoRelease        = "no gripper release (DROID)"                                   // B.1
	DropReleaseOutOfView = "no calibrated external camera sees the release point (DROID)" // B.1
	DropUndecodable      = "a frame does not decode"                                      //
	DropChangeLow        = "change filter: φ under its minimum (eq. 47)"                  // B.1
	DropChangeHigh       = "change filter: φ over its maximum (eq. 47)"                   // B.1
)
