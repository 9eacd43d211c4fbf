package score

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// shares counts the keys key(r) over rows and returns each key's share of
// all keys counted, and the largest share.
func shares(rows []AuditRow, key func(*AuditRow) []string) (map[string]float64, float64) {
	counts := map[string]int{}
	n := 0
	for i := range rows {
		for _, k := range key(&rows[i]) {
			counts[k]++
			n++
		}
	}
	out := map[string]float64{}
	best := 0.0
	for k, c := range counts {
		out[k] = float64(c) / float64(n)
		best = max(best, out[k])
	}
	return out, best
}

// answerLetters returns the letters of a row's answer.
func answerLetters(r *AuditRow) []string {
	var out []string
	for _, l := range r.Answer {
		out = append(out, string(l))
	}
	return out
}

// answerValues returns the values of a row's answer letters: the choice
// text when the choices are words such as yes/no or counts, and the object
// type when the choices are the referenced objects (closer-to,
// closest-three), since colours are drawn per question.
func answerValues(r *AuditRow) []string {
	objects := len(r.Referenced) == len(r.Choices) && !numericChoices(r.Choices) && !yesNoChoices(r.Choices)
	var out []string
	for _, l := range r.Answer {
		i := int(l - 'A')
		if objects {
			out = append(out, r.Referenced[i].ObjectType)
		} else {
			out = append(out, r.Choices[i])
		}
	}
	return out
}

func numericChoices(ch []string) bool {
	for _, c := range ch {
		if _, err := strconv.ParseFloat(strings.TrimSpace(c), 64); err != nil {
			return false
		}
	}
	return true
}

func yesNoChoices(ch []string) bool {
	for _, c := range ch {
		if c != "yes" && c != "no" {
			return false
		}
	}
	return true
}

// thresholdShares is the distribution of the stated distance threshold
// (metrics.tau), or nil when the category has none.
func thresholdShares(rows []AuditRow) map[string]float64 {
	out, _ := shares(rows, func(r *AuditRow) []string {
		var m struct {
			Tau *float64 `json:"tau"`
		}
		if json.Unmarshal([]byte(r.Metrics), &m) != nil || m.Tau == nil {
			return nil
		}
		return []string{strconv.FormatFloat(*m.Tau, 'f', 2, 64)}
	})
	if len(out) == 0 {
		return nil
	}
	return out
}

// parseMetrics decodes a row's metrics JSON object.
func parseMetrics(r *AuditRow) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if r.Metrics == "" {
		return m, nil
	}
	if err := json.Unmarshal([]byte(r.Metrics), &m); err != nil {
		return nil, fmt.Errorf("audit: question %s: metrics are not a JSON object: %v", r.ID, err)
	}
	return m, nil
}
