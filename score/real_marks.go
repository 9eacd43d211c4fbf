package score

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// marksInstruction asks a VLM which numbered marks sit on a robot or a
// person (FlowBench-Real, B.5: "a mark falls on the robot or a person").
// The VLM only checks marks; it never answers a question.
const marksInstruction = "The image shows a robot workspace with red numbered badges on objects. " +
	"List the numbers of the badges that sit on the robot (arm, gripper, cables) or on a person rather than on an object. " +
	"Reply with the numbers separated by commas, or \"none\"."

var reMarkNumber = regexp.MustCompile(`\b\d{1,2}\b`)

// CheckMarks asks an OpenAI-compatible server which of the numbered marks
// on image (I0 with badges, PNG or JPEG) lie on the robot or a person. It
// returns those of marks that the reply names; a reply that names no
// number ("none") returns none. The request asks for temperature 0, so
// that every part of a build gets the same reply. A server error (after
// the client's retries) is returned as an error naming the pair.
func CheckMarks(ctx context.Context, pairID string, image []byte, marks []int, opt EvalOptions) ([]int, error) {
	eo := withDefaults(opt)
	p := realCheckPrompt(pairID+"#marks", ContentPart{Type: "image_url", ImageURL: &ImageURL{URL: DataURL(image)}},
		ContentPart{Type: "text", Text: marksInstruction})
	l, err := call(ctx, &p, eo)
	if err != nil {
		return nil, fmt.Errorf("mark check of pair %s: %w", pairID, err)
	}
	reply := strings.ToLower(l.Response)
	valid := map[int]bool{}
	for _, m := range marks {
		valid[m] = true
	}
	var out []int
	seen := map[int]bool{}
	for _, s := range reMarkNumber.FindAllString(reply, -1) {
		n, _ := strconv.Atoi(s)
		if valid[n] && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}
