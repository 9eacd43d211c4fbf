package pairfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
)

// pairDoc is pair.json (and one line of an index) as written on disk.
type pairDoc struct {
	Format     string         `json:"format"`
	ID         string         `json:"id,omitempty"`
	Dir        string         `json:"dir,omitempty"`
	Source     sourceDoc      `json:"source"`
	Task       string         `json:"task,omitempty"`
	Width      int            `json:"width"`
	Height     int            `json:"height"`
	Intrinsics *intrinsicsDoc `json:"intrinsics,omitempty"`
	Frames     []frameDoc     `json:"frames"`
	Tracks     string         `json:"tracks"`
	Flow       string         `json:"flow,omitempty"`
	Board      *boardDoc      `json:"board,omitempty"`
}

// intrinsicsDoc is pair.json's "intrinsics"; pointers tell a missing
// value from a zero.
type intrinsicsDoc struct {
	Fx *float64 `json:"fx"`
	Fy *float64 `json:"fy"`
	Cx *float64 `json:"cx"`
	Cy *float64 `json:"cy"`
}

// frameDoc is one entry of pair.json's "frames".
type frameDoc struct {
	Image string   `json:"image"`
	Masks masksDoc `json:"masks"`
	Depth string   `json:"depth"`
	Arm   string   `json:"arm,omitempty"`
}

// masksDoc is a frame's "masks": a 16-bit label PNG with its instances, or
// a COCO RLE file.
type masksDoc struct {
	Labels    string        `json:"labels,omitempty"`
	Instances []instanceDoc `json:"instances,omitempty"`
	RLE       string        `json:"rle,omitempty"`
}

// instanceDoc is one instance of a label PNG: its pixel value and what
// the segmenter said of it.
type instanceDoc struct {
	ID       int      `json:"id"`
	Label    string   `json:"label"`
	Score    *float64 `json:"score"`
	TaskNoun bool     `json:"task_noun,omitempty"`
}

// rleDoc is one entry of a COCO RLE masks file.
type rleDoc struct {
	Label        string   `json:"label"`
	Score        *float64 `json:"score"`
	TaskNoun     bool     `json:"task_noun,omitempty"`
	Segmentation *rleSeg  `json:"segmentation"`
}

// rleSeg is a COCO RLE: size [h, w] and column-major run lengths, either
// compressed into a string or as a list of numbers.
type rleSeg struct {
	Size   []int           `json:"size"`
	Counts json.RawMessage `json:"counts"`
}

// sourceDoc is pair.json's "source": a known source's name as a string,
// or a custom source as an object.
type sourceDoc struct {
	Name   string
	Custom *customDoc
}

// customDoc is a custom source's object.
type customDoc struct {
	Name       string   `json:"name"`
	G          *float64 `json:"g"`
	Margin     *float64 `json:"margin"`
	RoomScale  bool     `json:"room_scale"`
	DepthOrder bool     `json:"depth_order"`
}

// UnmarshalJSON reads a string or an object; the object's unknown fields
// are refused like the rest of the document's.
func (s *sourceDoc) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*s = sourceDoc{}
		return json.Unmarshal(b, &s.Name)
	}
	if len(b) == 0 || b[0] != '{' {
		return errors.New("source must be a name (string) or a custom source (object)")
	}
	var c customDoc
	if err := decodeStrict(b, &c); err != nil {
		return fmt.Errorf("source: %w", err)
	}
	*s = sourceDoc{Name: c.Name, Custom: &c}
	return nil
}

// MarshalJSON writes the name, or the custom object.
func (s sourceDoc) MarshalJSON() ([]byte, error) {
	if s.Custom != nil {
		return json.Marshal(s.Custom)
	}
	return json.Marshal(s.Name)
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// anything after the value.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// jsonReason words a JSON decoding error without Go's type names.
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s where %s belongs", te.Value, jsonKind(te.Type.Kind()))
	}
	return err.Error()
}

// jsonKind names what a Go kind holds in JSON terms.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer >= 0"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

// jsonField returns the field a JSON decoding error is about, "" when it
// does not say.
func jsonField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Field
	}
	return ""
}
