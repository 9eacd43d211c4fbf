package main

func init() {
	register(command{
		name:    "real",
		use:     "<subcommand> [flags]",
		summary: "FlowBench-Real: questions from measured robot image pairs (Appendix B)",
		long: "real turns image pairs with estimator outputs (masks, depth, point tracks) into FlowBench-Real\n" +
			"questions whose answers come only from the measured geometry (docs/real.md).",
		example: "flowbench real simulate --pairs 200 --out pairs\nflowbench real build pairs --out realds\nflowbench real check pairs",
	})
}
