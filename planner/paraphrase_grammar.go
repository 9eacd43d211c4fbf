package planner

// The paraphrase grammar's sentence templates. Placeholders name slots:
// {A} the mover, {B} / {L} the other object, {len} a length, {cm} the wall
// threshold, {pct} a percentage, {side} an image side, {probe} a
// feasibility probe, {list} a list of objects. Template 0 of each category
// is the canonical stem the category writes (after "After the move, " or
// "In this image, "); Paraphrase reads the slots with it and writes one of
// the templates. Every template keeps every slot, so the answer-bearing
// parts survive; none may read as a statement about only the before-state
// or only the after-state, since the same stem serves the moving (1A) and
// the static (2A) question.

// questionTemplates holds at least eight stems per category.
var questionTemplates = map[Category][]string{
	CloserTo: {
		"which of these objects is closest to {A} (smallest gap between their bounding boxes)?",
		"which of these objects is nearest to {A}, measured as the smallest gap between their bounding boxes?",
		"which of these objects has the smallest gap to {A}, comparing bounding boxes?",
		"which listed object is closest to {A}, counting the gap between their bounding boxes?",
		"{A} is closest to which of these objects (smallest gap between bounding boxes)?",
		"of these objects, which one has the smallest gap to {A} (bounding boxes compared)?",
		"which of these objects lies closest to {A} (the smallest gap between the two bounding boxes)?",
		"measuring the gap between bounding boxes, which of these objects is closest to {A}?",
		"which of the options is closest to {A}, by the gap between their bounding boxes?",
	},
	ContactWall: {
		"is {A} touching a wall (less than {cm} from it)?",
		"does {A} touch a wall, that is, is it less than {cm} from one?",
		"is {A} in contact with a wall (closer than {cm})?",
		"is {A} less than {cm} from a wall, so that it touches it?",
		"does {A} touch any wall (a gap under {cm})?",
		"is there a wall touching {A} (less than {cm} away)?",
		"is {A} right against a wall, less than {cm} from it?",
		"does {A} touch a wall, with a gap of less than {cm}?",
		"is the gap between {A} and the nearest wall less than {cm}, so that it touches the wall?",
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
		"is {A} {side} {L} in the image?",
		"does {A} appear {side} {L} in the image?",
		"is {A} {side} {L} as seen in the image?",
		"seen from the camera, is {A} {side} {L}?",
		"in the picture, is {A} {side} {L}?",
		"is {A} positioned {side} {L} in the image?",
		"does {A} lie {side} {L} from the camera's point of view?",
		"is {A} found {side} {L} in the image?",
		"from the viewer's perspective, is {A} {side} {L}?",
	},
	Occlusion: {
		"does {A} hide at least {pct} of the part of {B} that was visible before the move?",
		"does {A} cover at least {pct} of the part of {B} that was visible before the move?",
		"is at least {pct} of the previously visible part of {B} hidden by {A}?",
		"does {A} block the view of at least {pct} of what was visible of {B} before the move?",
		"of the part of {B} that was visible before the move, does {A} hide at least {pct}?",
		"does {A} occlude {pct} or more of the part of {B} that was visible before the move?",
		"is {A} hiding at least {pct} of the portion of {B} that was visible before the move?",
		"does {A} cover {pct} or more of the part of {B} seen before the move?",
		"does {A} conceal at least {pct} of the part of {B} that was visible before the move?",
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
		"is {A} within {len} of {L}, measured centre to centre?",
		"measured between centres, is {A} within {len} of {L}?",
		"does the centre of {A} lie within {len} of the centre of {L}?",
		"is the distance between the centres of {A} and {L} at most {len}?",
		"is the centre-to-centre distance from {A} to {L} at most {len}?",
		"are {A} and {L} at most {len} apart, centre to centre?",
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
		"{A} moves {parts}", "{A} is moved {parts}", "{A} slides {parts}", "Someone pushes {A} {parts}",
		"Imagine {A} shifted {parts}", "Suppose {A} is moved {parts}", "{A} gets moved {parts}",
		"Move {A} {parts}", "{A} travels {parts}",
	}
	stayTemplates = []string{
		"{A} stays in place horizontally", "{A} does not move horizontally", "{A} keeps its horizontal position",
		"{A} is not moved sideways or in depth", "{A} stays where it is horizontally", "Nothing moves {A} horizontally",
		"{A} is left in place horizontally", "{A} holds its horizontal position",
	}
	settleTemplates = []string{
		", then drops {drop} as it settles under gravity", ", and it then drops {drop} as it settles under gravity",
		", after which it falls {drop} under gravity", ", and then it settles {drop} lower under gravity",
	}
)
