package pairfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"flowbench/real"
	"flowbench/storage/localfile"
)

// Ref is where one pair lies, found by List without reading the pair:
// cheap to hold for every pair of a run and to shard (--part K/N) by
// position in List's order.
type Ref struct {
	// ID is the pair's id as far as List knows it: a pair folder's name,
	// or an index line's "id" ("line N" when the line's id cannot be
	// read; Load then reports why). A folder's pair.json may give the
	// loaded pair another id.
	ID string
	// Path is the pair folder, or the index file.
	Path string
	// Line is the 1-based line of the index, 0 for a pair folder.
	Line int
	// offset is the line's byte offset in the index.
	offset int64
	// dupOf is the earlier line with the same id, 0 when none.
	dupOf int
}

// String names the ref: its folder, or index:line.
func (r Ref) String() string {
	if r.Line == 0 {
		return r.Path
	}
	return fmt.Sprintf("%s:%d", r.Path, r.Line)
}

// Load reads the pair the ref names (Read for a folder, the index line
// otherwise).
func (r Ref) Load() (*real.Pair, error) {
	if r.Line == 0 {
		return Read(r.Path)
	}
	if r.dupOf > 0 {
		return nil, &Error{Pair: r.ID, File: fmt.Sprintf("%s:%d", filepath.Base(r.Path), r.Line), Field: "id",
			Reason: fmt.Sprintf("id %q is also line %d's", r.ID, r.dupOf)}
	}
	f, err := localfile.Open(r.Path, MaxIndexBytes, "a JSONL pair index")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.Seek(r.offset, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %w", r.Path, err)
	}
	lr := newLineReader(f)
	line, _, _, err := lr.next()
	switch {
	case errors.Is(err, errLineTooLong):
		return nil, lineErr(r.Path, r.Line, "", "line is over %d bytes", MaxPairJSONBytes)
	case err != nil:
		return nil, fmt.Errorf("%s: line %d: %w", r.Path, r.Line, err)
	}
	return loadLine(r.Path, r.Line, line, nil)
}

// List returns the pairs under path in a stable order: for a folder that
// holds pair.json (or that pair.json itself), that one pair; for a folder of pair folders, every
// subfolder holding a pair.json, sorted by name (hidden folders, such as
// Write's temporary ones, are left out); for a file, the non-blank lines
// of a JSONL index in order. A folder with neither is an error; an empty
// index lists nothing.
func List(path string) ([]Ref, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if filepath.Base(path) == PairJSON {
			dir := filepath.Dir(path)
			return []Ref{{ID: filepath.Base(filepath.Clean(dir)), Path: dir}}, nil
		}
		return listIndex(path)
	}
	if _, err := os.Stat(filepath.Join(path, PairJSON)); err == nil {
		return []Ref{{ID: filepath.Base(filepath.Clean(path)), Path: path}}, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var refs []Ref
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		dir := filepath.Join(path, name)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, PairJSON)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, err
		}
		refs = append(refs, Ref{ID: name, Path: dir})
	}
	if len(refs) == 0 {
		return nil, fmt.Errorf("%s: neither a pair folder (no %s) nor a folder of pair folders", path, PairJSON)
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].ID < refs[j].ID })
	return refs, nil
}

// listIndex lists the lines of a JSONL index, reading only each line's id.
func listIndex(path string) ([]Ref, error) {
	f, err := localfile.Open(path, MaxIndexBytes, "a JSONL pair index")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lr := newLineReader(f)
	seen := map[string]int{}
	var refs []Ref
	for {
		line, no, off, err := lr.next()
		if err == io.EOF {
			return refs, nil
		}
		if err != nil && !errors.Is(err, errLineTooLong) {
			return nil, fmt.Errorf("%s: line %d: %w", path, no, err)
		}
		ref := Ref{ID: fmt.Sprintf("line %d", no), Path: path, Line: no, offset: off}
		var head struct {
			ID string `json:"id"`
		}
		if err == nil && json.Unmarshal(line, &head) == nil && checkID(head.ID) == "" {
			ref.ID = head.ID
			if first, dup := seen[head.ID]; dup {
				ref.dupOf = first
			} else {
				seen[head.ID] = no
			}
		}
		refs = append(refs, ref)
	}
}
