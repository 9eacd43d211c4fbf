package real

import "strings"

// GenericLabels are the segmenter's generic fallback prompts (B.2): a
// match on one of them alone needs a stronger colour correlation and a
// position near the prediction.
var GenericLabels = []string{"small object", "toy food", "kitchen item", "handheld object"}

// surfaceWords name surfaces and fixtures, which are never landmarks (B.4:
// "tables, counters, walls, knobs, faucets, …"); a label containing one of
// these words is a surface or fixture.
var surfaceWords = []string{"table", "counter", "countertop", "wall", "knob", "faucet", "tap", "sink", "floor",
	"shelf", "cabinet", "drawer", "door", "stove", "burner", "oven", "window", "board", "tablecloth", "mat",
	"cloth", "towel", "curtain", "handle", "desk", "tray"}

// robotWords name the robot and people, whose masks are never objects.
var robotWords = []string{"robot", "arm", "gripper", "hand", "person", "human", "finger"}

// containerWords name objects that stand upright and can be knocked over
// (B.5).
var containerWords = []string{"cup", "mug", "bottle", "can", "glass", "jar", "vase", "pot", "kettle", "carton", "box"}

// rotationWords mark rotation tasks, which are skipped (B.2: "flip,
// topple, turn upright").
var rotationWords = []string{"flip", "topple", "turn upright", "upright", "rotate", "turn over", "knock over"}

// IsGeneric reports whether label is a generic fallback.
func IsGeneric(label string) bool { return hasPhrase(GenericLabels, label, true) }

// IsSurface reports whether label names a surface or fixture.
func IsSurface(label string) bool { return hasPhrase(surfaceWords, label, false) }

// IsRobot reports whether label names the robot or a person.
func IsRobot(label string) bool { return hasPhrase(robotWords, label, false) }

func isContainer(label string) bool { return hasPhrase(containerWords, label, false) }

// IsRotationTask reports whether a task instruction rotates its object.
func IsRotationTask(task string) bool { return hasPhrase(rotationWords, task, false) }

// hasPhrase reports whether s equals (whole) or contains as whole words
// one of the phrases.
func hasPhrase(phrases []string, s string, whole bool) bool {
	s = normLabel(s)
	for _, p := range phrases {
		if whole {
			if s == p {
				return true
			}
			continue
		}
		if containsWords(s, p) {
			return true
		}
	}
	return false
}

// containsWords reports whether phrase occurs in s at word boundaries.
func containsWords(s, phrase string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], phrase)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(phrase)
		okA := a == 0 || !isLetter(s[a-1])
		okB := b == len(s) || !isLetter(s[b]) || (s[b] == 's' && (b+1 == len(s) || !isLetter(s[b+1])))
		if okA && okB {
			return true
		}
		i = a + 1
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// taskNames reports whether the task text names label (its head word).
func taskNames(task, label string) bool {
	if task == "" {
		return false
	}
	words := strings.Fields(strings.ToLower(label))
	if len(words) == 0 {
		return false
	}
	return containsWords(strings.ToLower(task), words[len(words)-1])
}
