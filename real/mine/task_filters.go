package mine

import (
	"regexp"
	"strings"

	"flowbench/real"
)

// Task-text filters of B.1. The appendix names what each dataset drops;
// the word lists turning those descriptions into tests on the instruction
// are flowbench's (docs/real.md lists them).

// bridgeDrops are Bridge V2's dropped task kinds, in the order they are
// tested (the first that matches names the drop): tasks that fold, wipe,
// open or close something, use drawers, or put an object into a container
// (B.1); pick-only tasks are tested by pickOnly.
var bridgeDrops = []struct {
	reason string
	re     *regexp.Regexp
}{
	{DropFold, regexp.MustCompile(`\b(fold|folds|folding|unfold)\b`)},
	{DropWipe, regexp.MustCompile(`\b(wipe|wipes|wiping|sweep|sweeps|sweeping|clean)\b`)},
	{DropOpenClose, regexp.MustCompile(`\b(open|opens|opening|close|closes|closing|shut)\b`)},
	{DropDrawer, regexp.MustCompile(`\bdrawers?\b`)},
	{DropIntoContainer, regexp.MustCompile(`\b(in|into|inside)\s+(the\s+|a\s+|an\s+)?(\w+\s+)?(pot|pan|bowl|basket|box|bin|sink|cup|mug|container|colander|bucket|jar|bag|tray|drawer|cabinet|microwave|oven|fridge|dish rack|rack)\b`)},
}

// pickOnlyRe matches an instruction that only picks something up: a pick
// verb and no place, put or move with a destination.
var (
	pickVerbRe  = regexp.MustCompile(`\b(pick|picks|picking|lift|lifts|grab|grabs|grasp)\b`)
	placeWordRe = regexp.MustCompile(`\b(put|place|places|move|moves|push|pushes|slide|drop|set|stack|on|onto|to|into|in|next|near|left|right|beside|behind|front)\b`)
)

// pickOnly reports whether the instruction only picks an object up.
func pickOnly(task string) bool {
	return pickVerbRe.MatchString(task) && !placeWordRe.MatchString(pickVerbRe.ReplaceAllString(task, " "))
}

// droidDrops are DROID's dropped instructions (B.1): several movers,
// several steps, or articulated objects.
var droidDrops = []struct {
	reason string
	re     *regexp.Regexp
}{
	{DropSeveralSteps, regexp.MustCompile(`\b(then|after that|afterwards|and then|before|finally|next,)\b|[.;]\s*\w`)},
	{DropSeveralMovers, regexp.MustCompile(`\b(both|all|each|every|two|three|four|them|objects|items|things)\b|\b\w+\s+and\s+(the|a|an)\s+\w+\s+(in|into|on|onto|to)\b`)},
	{DropArticulated, regexp.MustCompile(`\b(drawer|drawers|door|doors|cabinet|cupboard|fridge|refrigerator|microwave|oven|lid|laptop|faucet|tap|knob|handle|hinge|open|close|shut)\b`)},
}

// normaliseTask is the task text the filters and the per-task caps read:
// lower case, spaces collapsed, a final full stop dropped.
func normaliseTask(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.TrimRight(s, ".! ")
}

// taskDrop returns the B.1 rule the instruction of an episode of source
// fails, or "".
func taskDrop(source, task string) string {
	switch source {
	case real.BridgeV2:
		for _, d := range bridgeDrops {
			if d.re.MatchString(task) {
				return d.reason
			}
		}
		if pickOnly(task) {
			return DropPickOnly
		}
	case real.DROID:
		for _, d := range droidDrops {
			if d.re.MatchString(task) {
				return d.reason
			}
		}
	case real.RT1:
		if pickOnly(task) {
			return DropPickOnly
		}
	}
	return "" // Language-Table's text is not used; Berkeley UR5 has no text rule
}
