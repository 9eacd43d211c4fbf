package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"

	"flowbench/storage/localfile"
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

// MaxPromptLineBytes bounds one line of a prompts file (a request with its
// base64 images; an 800-pixel pair takes a few megabytes).
const MaxPromptLineBytes = 64 << 20

// ReadPromptsFile reads a whole prompts JSONL file (see PromptsSeq).
func ReadPromptsFile(path string) ([]PromptLine, error) {
	var out []PromptLine
	for l, err := range PromptsSeq(path) {
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// MaxPromptsBytes bounds a prompts file, which is read a line at a time
// (each line within MaxPromptLineBytes): a file of a million questions with
// two inline images each is about 1 TB.
const MaxPromptsBytes = 1 << 40

// PromptsSeq streams a prompts JSONL file line by line. Errors name the
// file and line; a repeated (id, shuffle) is an error. The iteration ends
// at the first error.
func PromptsSeq(path string) iter.Seq2[PromptLine, error] {
	return func(yield func(PromptLine, error) bool) {
		f, err := localfile.Open(path, MaxPromptsBytes, "a prompts file")
		if err != nil {
			yield(PromptLine{}, err)
			return
		}
		defer f.Close()
		br := bufio.NewReaderSize(f, 1<<20)
		first := map[string]int{}
		for n := 1; ; n++ {
			line, rerr := readLineLimited(br, MaxPromptLineBytes)
			if errors.Is(rerr, errLineTooLong) {
				yield(PromptLine{}, fmt.Errorf("%s:%d: the line is longer than the %d-byte limit", path, n, MaxPromptLineBytes))
				return
			}
			if len(bytes.TrimSpace(line)) > 0 {
				var l PromptLine
				var err error
				switch uerr := json.Unmarshal(line, &l); {
				case uerr != nil:
					err = fmt.Errorf("%s:%d: malformed JSON line: %v", path, n, uerr)
				case l.ID == "":
					err = fmt.Errorf(`%s:%d: no "id"`, path, n)
				case len(l.Body.Messages) == 0:
					err = fmt.Errorf(`%s:%d: question %s: no "body.messages"`, path, n, l.ID)
				default:
					k := fmt.Sprintf("%s#%d", l.ID, l.Shuffle)
					if m, dup := first[k]; dup {
						err = fmt.Errorf("%s:%d: duplicate prompt for question %s shuffle %d (first on line %d)", path, n, l.ID, l.Shuffle, m)
					}
					first[k] = n
				}
				if !yield(l, err) || err != nil {
					return
				}
			}
			if rerr == io.EOF {
				return
			}
			if rerr != nil {
				yield(PromptLine{}, fmt.Errorf("%s: %w", path, rerr))
				return
			}
		}
	}
}

// CountPrompts counts the non-blank lines of a prompts file; a line over
// MaxPromptLineBytes is an error (an endless one would never end the count).
func CountPrompts(path string) (int, error) {
	f, err := localfile.Open(path, MaxPromptsBytes, "a prompts file")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	n := 0
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			n++
			for size := len(line); err == bufio.ErrBufferFull; size += len(line) {
				if size > MaxPromptLineBytes {
					return 0, fmt.Errorf("%s:%d: the line is longer than the %d-byte limit", path, n, MaxPromptLineBytes)
				}
				line, err = br.ReadSlice('\n')
			}
		} else if len(bytes.TrimSpace(line)) > 0 {
			n++
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
	}
}
