package score

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The VLM side of FlowBench-Real's named-object questions (B.4.9, B.5): a
// model names each object from a crop, counts the visible objects that
// fit each name, and checks that a boxed object is what its name says.
// It never answers a question; real.AcceptNames decides which names
// questions use.

// nameInstruction asks for an object's name from a crop.
const nameInstruction = "This is a crop of a photo of a robot workspace, centred on one object. " +
	"Name that object with a short noun phrase of at most four words that would tell it apart from the other objects on the table, " +
	"for example by colour or material (\"red plastic cup\"). Name the object itself, not the robot, its gripper or cables. " +
	"Reply with the name only."

// countInstruction asks how many visible objects fit a name (%q: the
// name).
const countInstruction = "How many objects visible in this image fit the description %q? " +
	"Count every object it fits, not only the most prominent one. Reply with a single number."

// nameCheckInstruction asks whether the boxed object is what the name
// says (%q: the name).
const nameCheckInstruction = "Is the object inside the green box %s? Reply yes or no."

// maxNameReply caps the part of a naming reply that is kept.
const maxNameReply = 200

// NameObject asks an OpenAI-compatible server for the name of the object a
// crop (PNG or JPEG) is centred on; id names the request in errors
// ("<pair>#name<k>"). It returns the reply's first line without quotes or
// a trailing full stop, at most 200 bytes: real.NameProblem and
// real.AcceptNames judge it.
func NameObject(ctx context.Context, id string, crop []byte, opt EvalOptions) (string, error) {
	l, err := askImage(ctx, id, crop, nameInstruction, opt)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(strings.TrimSpace(l), "\n")
	if len(line) > maxNameReply {
		line = line[:maxNameReply]
	}
	return strings.TrimSpace(line), nil
}

// CountFitting asks how many objects visible in image (I0, PNG or JPEG)
// fit name. It returns the first number of the reply (a digit string or
// an English number word up to ten; "none" and "no" are 0), or -1 when
// the reply holds none.
func CountFitting(ctx context.Context, id string, image []byte, name string, opt EvalOptions) (int, error) {
	l, err := askImage(ctx, id, image, fmt.Sprintf(countInstruction, name), opt)
	if err != nil {
		return 0, err
	}
	return firstCount(l), nil
}

// CheckName asks whether the object inside the green box of image (I0
// with one box drawn) is what name says ("a red cup"). A reply starting
// with "yes" passes; anything else fails.
func CheckName(ctx context.Context, id string, boxed []byte, name string, opt EvalOptions) (bool, error) {
	l, err := askImage(ctx, id, boxed, fmt.Sprintf(nameCheckInstruction, withArticle(name)), opt)
	if err != nil {
		return false, err
	}
	w := strings.ToLower(strings.TrimLeft(l, " \t\n\"'*"))
	return strings.HasPrefix(w, "yes"), nil
}

// askImage sends one image and one instruction at temperature 0 and
// returns the reply; a server error (after the client's retries) names
// id.
func askImage(ctx context.Context, id string, image []byte, text string, opt EvalOptions) (string, error) {
	p := realCheckPrompt(id, ContentPart{Type: "image_url", ImageURL: &ImageURL{URL: DataURL(image)}},
		ContentPart{Type: "text", Text: text})
	l, err := call(ctx, &p, withDefaults(opt))
	if err != nil {
		return "", fmt.Errorf("%s: %w", id, err)
	}
	return l.Response, nil
}

var (
	reCount     = regexp.MustCompile(`\b\d{1,3}\b`)
	reCountWord = regexp.MustCompile(`\b(none|no|zero|one|two|three|four|five|six|seven|eight|nine|ten)\b`)
	countWords  = map[string]int{"none": 0, "no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
		"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
)

// firstCount returns the first count in a reply, digits or words, or -1.
func firstCount(reply string) int {
	r := strings.ToLower(reply)
	d, w := reCount.FindStringIndex(r), reCountWord.FindStringIndex(r)
	switch {
	case d != nil && (w == nil || d[0] < w[0]):
		n, _ := strconv.Atoi(r[d[0]:d[1]])
		return n
	case w != nil:
		return countWords[r[w[0]:w[1]]]
	}
	return -1
}

// withArticle writes "a red cup" or "an apple".
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
