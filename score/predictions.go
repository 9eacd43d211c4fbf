package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Prediction is one line of a predictions file (what eval writes):
// {"id": …, "shuffle": k, "response": "…"}; extra fields are ignored.
type Prediction struct {
	ID       string
	Shuffle  int    // answer-order shuffle; 0 (the original order) when absent
	Response string // raw reply; "" when the line's response is null
	Split    string // optional split named on the line
	Line     int    // 1-based line number in its file
}

// ReadPredictionsFile reads a predictions JSONL file; errors name the file
// and line.
func ReadPredictionsFile(path string) ([]Prediction, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPredictions(f, path)
}

// ReadPredictions reads predictions JSONL from r; name labels errors. Blank
// lines are skipped; every malformed line is reported with its number.
func ReadPredictions(r io.Reader, name string) ([]Prediction, error) {
	br := bufio.NewReader(r)
	var out []Prediction
	var errs []error
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			p, perr := parsePrediction(line)
			if perr != nil {
				errs = append(errs, fmt.Errorf("%s:%d: %w", name, n, perr))
			} else {
				p.Line = n
				out = append(out, p)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}
	return out, nil
}

func parsePrediction(line []byte) (Prediction, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return Prediction{}, fmt.Errorf("malformed JSON line: %v", err)
	}
	var p Prediction
	if err := json.Unmarshal(raw["id"], &p.ID); err != nil || p.ID == "" {
		return Prediction{}, errors.New(`no "id" (a non-empty string)`)
	}
	if v, ok := raw["split"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &p.Split); err != nil {
			return Prediction{}, fmt.Errorf(`question %s: "split" is not a string`, p.ID)
		}
	}
	if v, ok := raw["shuffle"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &p.Shuffle); err != nil || p.Shuffle < 0 {
			return Prediction{}, fmt.Errorf(`question %s: "shuffle" %s is not a non-negative integer`, p.ID, v)
		}
	}
	v, ok := raw["response"]
	if !ok {
		return Prediction{}, fmt.Errorf(`question %s: no "response"`, p.ID)
	}
	if string(v) != "null" {
		if err := json.Unmarshal(v, &p.Response); err != nil {
			return Prediction{}, fmt.Errorf(`question %s: "response" is not a string`, p.ID)
		}
	}
	return p, nil
}

// joinErrors joins up to 20 errors and says how many more there were.
func joinErrors(errs []error) error {
	const show = 20
	if len(errs) <= show {
		return errors.Join(errs...)
	}
	return errors.Join(append(errs[:show:show], fmt.Errorf("… and %d more errors", len(errs)-show))...)
}
