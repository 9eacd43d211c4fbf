package mine

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"flowbench/real"
)

//go:embed segmenter_prompts.json
var promptsJSON []byte

// PromptLists are the segmenter's fixed text prompts (B.2):
// segmenter_prompts.json, embedded.
type PromptLists struct {
	Arm       []string `json:"arm"`
	Kitchen   []string `json:"kitchen"`
	Household []string `json:"household"`
	Generic   []string `json:"generic"`
}

// Prompts returns the embedded prompt lists, checked against B.2's counts
// and generic fallbacks.
func Prompts() (PromptLists, error) {
	var p PromptLists
	if err := json.Unmarshal(promptsJSON, &p); err != nil {
		return p, fmt.Errorf("segmenter_prompts.json: %w", err)
	}
	switch {
	case len(p.Kitchen) != real.KitchenNouns || len(p.Household) != real.HouseholdNouns:
		return p, fmt.Errorf("segmenter_prompts.json: %d kitchen and %d household nouns, B.2 says %d and %d",
			len(p.Kitchen), len(p.Household), real.KitchenNouns, real.HouseholdNouns)
	case !slices.Equal(p.Generic, real.GenericLabels):
		return p, fmt.Errorf("segmenter_prompts.json: generic prompts %v, B.2 says %v", p.Generic, real.GenericLabels)
	}
	return p, nil
}

// PairPrompts is a pair folder's prompts.json: what the segmenter is
// asked for on both frames of the pair (B.2).
type PairPrompts struct {
	Arm     []string `json:"arm"`
	Objects []string `json:"objects"` // the kitchen list, or the household list for DROID
	Generic []string `json:"generic"`
	Task    []string `json:"task"` // the task instruction's nouns (kept from score 0.20)
}

// notNoun are the words of robot instructions that are not object nouns:
// articles, verbs, prepositions, directions and quantifiers. A task noun
// is a maximal run of other words ("red cup", "bowl").
var notNoun = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the this that these those it its them some any of to from into onto in on at by with
		without near next beside behind under over above below between inside outside off out up down away toward towards
		left right front back top bottom side middle center centre edge corner and or then
		move moves moving put puts place places push pushes pull pulls slide slides pick picks take takes grab grabs lift lifts
		drop drops set sets stack stacks turn turns flip flips rotate get bring bringing leave make go
		please robot gripper arm your you so it's closer further far other another same`) {
		notNoun[w] = true
	}
}

// wordRe matches the words of an instruction.
var wordRe = regexp.MustCompile(`[a-z][a-z'-]*`)

// TaskNouns returns the nouns of a task instruction for the segmenter:
// each maximal run of words that are not articles, verbs, prepositions or
// directions, in order, without repeats.
func TaskNouns(task string) []string {
	var out, run []string
	flush := func() {
		if len(run) > 0 {
			if p := strings.Join(run, " "); !slices.Contains(out, p) {
				out = append(out, p)
			}
			run = run[:0]
		}
	}
	for _, w := range wordRe.FindAllString(strings.ToLower(task), -1) {
		if notNoun[w] || len(w) < 2 {
			flush()
			continue
		}
		run = append(run, w)
	}
	flush()
	return out
}

// pairPrompts returns the prompts of a pair of source with task text task.
func pairPrompts(p PromptLists, source, task string) PairPrompts {
	objs := p.Kitchen
	if source == real.DROID {
		objs = p.Household
	}
	return PairPrompts{Arm: p.Arm, Objects: objs, Generic: p.Generic, Task: TaskNouns(task)}
}
