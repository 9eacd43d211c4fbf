package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"flowbench/storage/localfile"
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

// Bounds on a predictions file: each caps memory or time that the file
// would otherwise size.
const (
	// MaxShuffles bounds the answer-order shuffles scored: a prediction's
	// "shuffle" index must be below it (score allocates per shuffle, and
	// Shuffle's cost grows with the index).
	MaxShuffles = 1000
	// MaxPredictionLineBytes bounds one line of a predictions file.
	MaxPredictionLineBytes = 16 << 20
	// MaxPredictionsBytes bounds a whole predictions file.
	MaxPredictionsBytes = 1 << 30
)

// ReadPredictionsFile reads a predictions JSONL file; errors name the file
// and line.
func ReadPredictionsFile(path string) ([]Prediction, error) {
	f, err := localfile.Open(path, MaxPredictionsBytes, "a predictions file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPredictions(f, path)
}

// ReadPredictions reads predictions JSONL from r; name labels errors. Blank
// lines are skipped; every malformed line is reported with its number (the
// first 20 in full). A line over MaxPredictionLineBytes or input over
// MaxPredictionsBytes is refused.
func ReadPredictions(r io.Reader, name string) ([]Prediction, error) {
	lr := &io.LimitedReader{R: r, N: MaxPredictionsBytes + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 64<<10), MaxPredictionLineBytes)
	var out []Prediction
	var errs []error
	bad := 0
	n := 0
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		p, perr := parsePrediction(line)
		if perr != nil {
			if bad++; bad <= maxShownErrors {
				errs = append(errs, fmt.Errorf("%s:%d: %w", name, n, perr))
			}
			continue
		}
		p.Line = n
		out = append(out, p)
	}
	if lr.N <= 0 {
		return nil, fmt.Errorf("%s: the file is longer than the %d-byte limit for predictions", name, int64(MaxPredictionsBytes))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: the line is longer than the %d-byte limit", name, n+1, MaxPredictionLineBytes)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if bad > maxShownErrors {
		errs = append(errs, fmt.Errorf("… and %d more errors", bad-maxShownErrors))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// errLineTooLong is readLineLimited's error for a line over its limit.
var errLineTooLong = errors.New("line too long")

// readLineLimited reads the next line (with its '\n', if any) from br,
// returning errLineTooLong once it exceeds limit bytes instead of growing
// without bound; at the end of input it returns the last line and io.EOF.
func readLineLimited(br *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > limit {
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// maxShownErrors is how many malformed lines ReadPredictions reports in full.
const maxShownErrors = 20

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
		if err := json.Unmarshal(v, &p.Shuffle); err != nil || p.Shuffle < 0 || p.Shuffle >= MaxShuffles {
			return Prediction{}, fmt.Errorf(`question %s: "shuffle" %.40s is not an integer in 0..%d`, p.ID, v, MaxShuffles-1)
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
