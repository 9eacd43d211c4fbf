package pairfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"flowbench/real"
	"flowbench/storage/localfile"
)

// PairJSON is the name of a pair folder's description file.
const PairJSON = "pair.json"

// Read reads the pair folder dir: its pair.json and the files it names
// (relative paths resolve against dir, or against pair.json's "dir"). The
// pair's id is pair.json's "id", or the folder's name when it has none.
// Every refusal is an *Error.
func Read(dir string) (*real.Pair, error) {
	name := filepath.Base(filepath.Clean(dir))
	r := &pairReader{pair: name, doc: PairJSON, base: dir}
	b, err := readExact(filepath.Join(dir, PairJSON), MaxPairJSONBytes, "a pair.json")
	if err != nil {
		return nil, r.fileErr(PairJSON, "", err)
	}
	var d pairDoc
	if err := decodeStrict(b, &d); err != nil {
		return nil, r.docErr(jsonField(err), "%s", jsonReason(err))
	}
	if d.ID == "" {
		if why := checkID(name); why != "" {
			return nil, r.docErr("id", "missing, and the folder's name cannot stand in: %s", why)
		}
		d.ID = name
	}
	return r.load(&d)
}

// pairReader reads the files of one pair and names the pair, the file
// and the field in its errors.
type pairReader struct {
	// pair names the pair in errors: its id once known.
	pair string
	// doc names the description in errors: pair.json or "index:line".
	doc string
	// base is the folder relative paths resolve against.
	base string
	// w, h are the frame size once the header is checked.
	w, h int
}

// docErr is a refusal of a field of the description.
func (r *pairReader) docErr(field, format string, args ...any) *Error {
	return &Error{Pair: r.pair, File: r.doc, Field: field, Reason: fmt.Sprintf(format, args...)}
}

// dataErr is a refusal of the contents of file (as the description names
// it), given as field.
func (r *pairReader) dataErr(file, field, format string, args ...any) *Error {
	return &Error{Pair: r.pair, File: file, Field: field, Reason: fmt.Sprintf(format, args...)}
}

// fileErr is a file that could not be read at all.
func (r *pairReader) fileErr(file, field string, err error) *Error {
	reason := err.Error()
	if errors.Is(err, fs.ErrNotExist) {
		reason = "missing file (" + r.path(file) + ")"
	}
	return &Error{Pair: r.pair, File: file, Field: field, Reason: reason, Err: err}
}

// path resolves a file name of the description.
func (r *pairReader) path(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(r.base, name)
}

// readFile reads a named file within limit bytes; what names its kind for
// localfile's errors.
func (r *pairReader) readFile(file, field string, limit int64, what string) ([]byte, error) {
	if file == "" {
		return nil, r.docErr(field, "missing")
	}
	b, err := readExact(r.path(file), limit, what)
	if err != nil {
		return nil, r.fileErr(file, field, err)
	}
	return b, nil
}

// readExact reads a regular file of at most limit bytes into a buffer of
// its size (localfile.ReadFile grows its buffer as it reads, which costs
// several copies of a frame-sized file).
func readExact(path string, limit int64, what string) ([]byte, error) {
	f, err := localfile.Open(path, limit, what)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	b := make([]byte, st.Size())
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n, _ := f.Read(make([]byte, 1)); n != 0 {
		return nil, fmt.Errorf("%s: the file grew while it was read", path)
	}
	return b, nil
}

// load checks a decoded description whose ID is set and reads the files
// it names.
func (r *pairReader) load(d *pairDoc) (*real.Pair, error) {
	if why := checkID(d.ID); why != "" {
		return nil, r.docErr("id", "%s", why)
	}
	r.pair = d.ID
	if d.Dir != "" {
		r.base = r.path(d.Dir)
	}
	hd, err := r.checkHeader(d)
	if err != nil {
		return nil, err
	}
	r.w, r.h = hd.w, hd.h
	p := &real.Pair{ID: d.ID, Source: hd.source, Task: d.Task, W: hd.w, H: hd.h, K: hd.k}
	if p.Board, err = r.board(d.Board, hd.source, hd.w, hd.h); err != nil {
		return nil, err
	}
	for i, f := range d.Frames {
		fr := &p.F0
		if i == 1 {
			fr = &p.F1
		}
		if err := r.readFrame(&f, fmt.Sprintf("frames[%d]", i), fr); err != nil {
			return nil, err
		}
	}
	if p.Tracks, err = r.readVectors(d.Tracks, "tracks", true); err != nil {
		return nil, err
	}
	if d.Flow != "" {
		if p.Flow, err = r.readVectors(d.Flow, "flow", false); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// readFrame reads one frame's image, masks, depth and arm mask.
func (r *pairReader) readFrame(f *frameDoc, field string, fr *real.Frame) error {
	var err error
	if fr.Image, fr.Encoded, err = r.readImage(f.Image, field+".image"); err != nil {
		return err
	}
	if fr.Masks, err = r.readMasks(&f.Masks, field+".masks"); err != nil {
		return err
	}
	if fr.Depth, err = r.readDepth(f.Depth, field+".depth"); err != nil {
		return err
	}
	if f.Arm != "" {
		if fr.Arm, err = r.readArm(f.Arm, field+".arm"); err != nil {
			return err
		}
	}
	return nil
}
