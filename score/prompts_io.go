package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// WritePrompts writes prompt lines as JSONL.
func WritePrompts(w io.Writer, lines []PromptLine) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range lines {
		if err := enc.Encode(&lines[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadPromptsFile reads a prompts JSONL file written by WritePrompts; errors
// name the file and line, and a repeated (id, shuffle) is an error.
func ReadPromptsFile(path string) ([]PromptLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	var out []PromptLine
	var errs []error
	first := map[string]int{}
	for n := 1; ; n++ {
		line, rerr := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var l PromptLine
			switch err := json.Unmarshal(line, &l); {
			case err != nil:
				errs = append(errs, fmt.Errorf("%s:%d: malformed JSON line: %v", path, n, err))
			case l.ID == "":
				errs = append(errs, fmt.Errorf(`%s:%d: no "id"`, path, n))
			case len(l.Body.Messages) == 0:
				errs = append(errs, fmt.Errorf(`%s:%d: question %s: no "body.messages"`, path, n, l.ID))
			default:
				k := fmt.Sprintf("%s#%d", l.ID, l.Shuffle)
				if m, dup := first[k]; dup {
					errs = append(errs, fmt.Errorf("%s:%d: duplicate prompt for question %s shuffle %d (first on line %d)", path, n, l.ID, l.Shuffle, m))
				} else {
					first[k] = n
					out = append(out, l)
				}
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return nil, fmt.Errorf("%s: %w", path, rerr)
		}
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}
	return out, nil
}
