package planner

// The paraphrase grammar's sentence templates. Placeholders name slots:
// {A} the mover, {B} / {L} the other object, {len} a length, {cm} the wall
// threshold, {pct} a percentage, {side} an image side, {probe} a
// feasibility probe, {list} a list of objects. Template 0 of each category
// is the canonical stem the category writes (after "After the move, " or
// "In this image, "); Paraphrase reads the slots with it and writes one of
// the templates. Every template keeps every slot, so the answer-bearing
// parts survive. Words in "[singular|plural]" agree with {A}: "[is|are] {A}
// touching a wall" reads "is the mug …" and "are the boots …" (agreeText).
// No template uses a direction word (left, right, up, down, forward, back,
// towards, away, front, behind, …) in another sense: the benchmark asks
// about directions, so such a word must only ever be one.
//
// The same stem serves the moving (1A) and the static (2A) question, so a
// template may not read as a statement about only the before-state or only
// the after-state; except for occlusion, whose answer is measured on the part
// of {B} that was visible before the move, which the after image alone does
// not show. Its static question has templates of its own
// (staticQuestionTemplates) that say so.

// questionTemplates holds at least eight stems per category.
var questionTemplates = map[Category][]string{
	CloserTo: {
		"which of these objects is closest to {A} (smallest gap between their bounding boxes)?",
		"which of these objects is nearest to {A}, measured as the smallest gap between their bounding boxes?",
		"which of these objects has the smallest gap to {A}, comparing bounding boxes?",
		"which listed object is closest to {A}, counting the gap between their bounding boxes?",
		"{A} [is|are] closest to which of these objects (smallest gap between bounding boxes)?",
		"of these objects, which one has the smallest gap to {A} (bounding boxes compared)?",
		"which of these objects lies closest to {A} (the smallest gap between the two bounding boxes)?",
		"measuring the gap between bounding boxes, which of these objects is closest to {A}?",
		"which of the options is closest to {A}, by the gap between their bounding boxes?",
	},
	ContactWall: {
		"[is|are] {A} touching a wall (less than {cm} from it)?",
		"[does|do] {A} touch a wall, that is, [is it|are they] less than {cm} from one?",
		"[is|are] {A} in contact with a wall (closer than {cm})?",
		"[is|are] {A} less than {cm} from a wall, so that [it touches|they touch] it?",
		"[does|do] {A} touch any wall (a gap under {cm})?",
		"is there a wall touching {A} (a gap of less than {cm})?",
		"[is|are] {A} pressed against a wall, less than {cm} from it?",
		"[does|do] {A} touch a wall, with a gap of less than {cm}?",
		"is the gap between {A} and the nearest wall less than {cm}, so that [it touches|they touch] the wall?",
	},
	Feasibility: {
		"could {A} be moved a further {probe} without colliding with anything?",
		"can {A} be moved another {probe} without hitting anything?",
		"could {A} move a further {probe} without a collision?",
		"is there room to move {A} a further {probe} without colliding with anything?",
		"would moving {A} another {probe} be possible without bumping into anything?",
		"could {A} be pushed a further {probe} without colliding with anything?",
		"is it possible to move {A} an extra {probe} without any collision?",
		"could {A} travel a further {probe} without running into anything?",
		"can {A} go another {probe} without colliding with anything?",
	},
	LeftRight: {
		"[is|are] {A} {side} {L} in the image?",
		"[does|do] {A} appear {side} {L} in the image?",
		"[is|are] {A} {side} {L} as seen in the image?",
		"seen from the camera, [is|are] {A} {side} {L}?",
		"in the picture, [is|are] {A} {side} {L}?",
		"[is|are] {A} positioned {side} {L} in the image?",
		"[does|do] {A} lie {side} {L} from the camera's point of view?",
		"[is|are] {A} found {side} {L} in the image?",
		"from the viewer's perspective, [is|are] {A} {side} {L}?",
	},
	Occlusion: {
		"[does|do] {A} hide at least {pct} of the part of {B} that was visible before the move?",
		"[does|do] {A} cover at least {pct} of the part of {B} that was visible before the move?",
		"is at least {pct} of the previously visible part of {B} hidden by {A}?",
		"[does|do] {A} block the view of at least {pct} of what was visible of {B} before the move?",
		"of the part of {B} that was visible before the move, [does|do] {A} hide at least {pct}?",
		"[does|do] {A} occlude {pct} or more of the part of {B} that was visible before the move?",
		"[is|are] {A} hiding at least {pct} of the portion of {B} that was visible before the move?",
		"[does|do] {A} cover {pct} or more of the part of {B} seen before the move?",
		"[does|do] {A} conceal at least {pct} of the part of {B} that was visible before the move?",
	},
	ClosestThree: {
		"which three of these objects are closest to {A} (centre to centre)? Answer with three letters.",
		"which three of these objects have their centres nearest to the centre of {A}? Answer with three letters.",
		"name the three objects closest to {A}, measured centre to centre. Answer with three letters.",
		"which three objects are nearest to {A}, measuring between centres? Give three letters.",
		"measuring centre to centre, which three of these objects are closest to {A}? Answer with three letters.",
		"which three listed objects lie closest to {A} (centre to centre)? Reply with three letters.",
		"pick the three objects whose centres are closest to the centre of {A}. Answer with three letters.",
		"what are the three objects nearest to {A} (by centre distance)? Answer with three letters.",
		"which three of these objects are the closest to {A}, centre to centre? Answer with three letters.",
	},
	CountNear: {
		"how many of these six objects have their centre within {len} of the centre of {A}: {list}?",
		"how many of these six objects are centred within {len} of the centre of {A}: {list}?",
		"count the objects among {list} whose centre is within {len} of the centre of {A}. How many are there?",
		"among {list}, how many objects have their centre within {len} of the centre of {A}?",
		"how many of these six objects ({list}) have a centre within {len} of the centre of {A}?",
		"considering {list}, how many of them have their centre within {len} of the centre of {A}?",
		"how many of the following six objects have their centre no more than {len} from the centre of {A}: {list}?",
		"for the six objects {list}, how many centres are within {len} of the centre of {A}?",
		"how many objects from this list have their centre within {len} of the centre of {A}: {list}?",
	},
	NearObject: {
		"is the centre of {A} within {len} of the centre of {L}?",
		"are the centres of {A} and {L} within {len} of each other?",
		"is the centre of {A} no more than {len} from the centre of {L}?",
		"[is|are] {A} within {len} of {L}, measured centre to centre?",
		"measured between centres, [is|are] {A} within {len} of {L}?",
		"does the centre of {A} lie within {len} of the centre of {L}?",
		"is the distance between the centres of {A} and {L} at most {len}?",
		"is the centre-to-centre distance from {A} to {L} at most {len}?",
		"are {A} and {L} at most {len} apart, centre to centre?",
	},
}

// staticQuestionTemplates are the static (2A) stems of the categories whose
// moving stem cannot serve the after image alone (index 0 canonical, the
// same slots as the moving stems). Occlusion: the answer is the share of
// the part of {B} visible before the move that {A} hides after it
// (CoverRate); the planner keeps only edits whose moved objects hid none
// of {B} before (occlusion_static.go), so that part is exactly what the
// other objects leave in view of {B}, which I1 shows, and the static
// question asks about that.
var staticQuestionTemplates = map[Category][]string{
	Occlusion: {
		"[does|do] {A} hide at least {pct} of the part of {B} that the other objects leave in view?",
		"[does|do] {A} cover at least {pct} of the part of {B} that no other object hides?",
		"is at least {pct} of the part of {B} not hidden by other objects hidden by {A}?",
		"[does|do] {A} block the view of at least {pct} of what the other objects leave visible of {B}?",
		"of the part of {B} that the other objects leave in view, [does|do] {A} hide at least {pct}?",
		"[does|do] {A} occlude {pct} or more of the part of {B} that the other objects leave in view?",
		"[is|are] {A} hiding at least {pct} of the portion of {B} that no other object covers?",
		"[does|do] {A} cover {pct} or more of the part of {B} that the other objects do not hide?",
		"[does|do] {A} conceal at least {pct} of the part of {B} that the other objects leave visible?",
	},
}

// Lead-ins of the moving (1A) and static (2A) questions; index 0 is the
// canonical one setQA writes.
var (
	movingLeads = []string{"After the move, ", "Once the move is done, ", "After this move, ", "After the motion, ",
		"Following the move, ", "When the move is complete, ", "After the object is moved, ", "With the move done, "}
	staticLeads = []string{"In this image, ", "In the image, ", "Here, ", "Looking at this image, ",
		"In this picture, ", "As shown in this image, ", "In the scene shown, ", "From this image, "}
)

// feasibilityThenTemplates are the feasibility stems of a probe that does
// not continue the setup move (orthogonal, opposite, compound or downward;
// feasStem): none says "further", "another" or "extra", which would read
// as more of the same move. questionTemplates' Feasibility entries are
// those of a probe in the setup move's direction. Template 0 is the
// canonical stem.
var feasibilityThenTemplates = []string{
	"could {A} then be moved {probe} without colliding with anything?",
	"can {A} then be moved {probe} without hitting anything?",
	"could {A} next move {probe} without a collision?",
	"is there room to then move {A} {probe} without colliding with anything?",
	"would it then be possible to move {A} {probe} without bumping into anything?",
	"could {A} then be pushed {probe} without colliding with anything?",
	"is it then possible to move {A} {probe} without any collision?",
	"could {A} next travel {probe} without running into anything?",
	"can {A} then go {probe} without colliding with anything?",
}

// probeTemplates are the forms of a feasibility probe per shape; index 0
// is the canonical one (probe.words).
var probeTemplates = struct{ single, compound, down [probeForms]string }{
	single: [probeForms]string{"{len} {dir}", "{len} {dir}", "{len} {dir}"},
	compound: [probeForms]string{
		"{len} {dir} and {len2} {dir2} at the same time, along one straight diagonal line,",
		"{len} {dir} and {len2} {dir2} at once, in one straight diagonal line,",
		"{len} {dir} and {len2} {dir2} simultaneously, along a single diagonal line,",
	},
	down: [probeForms]string{"{len} straight down", "{len} straight downward", "{len} vertically down"},
}

// Motion sentence templates: {A} the mover, {parts} the displacement
// components joined by "and", {drop} the settling drop. Index 0 is
// MotionText's canonical sentence.
var (
	moveTemplates = []string{
		"{A} [moves|move] {parts}", "{A} [is|are] moved {parts}", "{A} [slides|slide] {parts}", "Someone pushes {A} {parts}",
		"Imagine {A} shifted {parts}", "Suppose {A} [is|are] moved {parts}", "{A} [gets|get] moved {parts}",
		"Move {A} {parts}", "{A} [travels|travel] {parts}",
	}
	stayTemplates = []string{
		"{A} [stays|stay] in place horizontally", "{A} [does|do] not move horizontally", "{A} [keeps its|keep their] horizontal position",
		"{A} [is|are] not moved sideways or in depth", "{A} [stays where it is|stay where they are] horizontally", "Nothing moves {A} horizontally",
		"{A} [remains|remain] in place horizontally", "{A} [holds its|hold their] horizontal position",
	}
	settleTemplates = []string{
		", then [drops|drop] {drop} as [it settles|they settle] under gravity",
		", and [it then drops|they then drop] {drop} as [it settles|they settle] under gravity",
		", after which [it falls|they fall] {drop} under gravity", ", and then [it settles|they settle] {drop} lower under gravity",
	}
)
