package export

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
)

// TensorType says how the dense annotations columns (depth, instance ids,
// flow, masks) are typed in the Arrow schema. Both types store the same
// Parquet columns, fixed_size_list<item: T>[H·W(·2)] in row-major order,
// with the same bytes; they differ only in the field metadata of the Arrow
// schema stored in the footer (and so in what readers make of it).
type TensorType int

const (
	// TensorPlain (the default) leaves the fields plain fixed-size lists and
	// records the shape under TensorShapeKey: Polars, DuckDB, pyarrow and
	// the Hugging Face dataset viewer all read it.
	TensorPlain TensorType = iota
	// TensorExtension marks the fields with the canonical
	// arrow.fixed_shape_tensor extension type: pyarrow reads them as
	// tensors with their shape, but Polars refuses the table and the
	// Hugging Face dataset viewer skips the columns.
	TensorExtension
)

// DefaultTensorType is the tensor type a writer uses unless told otherwise.
const DefaultTensorType = TensorPlain

// TensorShapeKey is the field metadata key holding a plain tensor column's
// shape as a JSON array, e.g. "[512,512,2]".
const TensorShapeKey = "flowbench.tensor_shape"

// TensorTypeKey is the manifest config key (per split) that records the
// tensor type a split was written with.
const TensorTypeKey = "tensor_type"

var tensorTypeNames = []string{TensorPlain: "plain", TensorExtension: "extension"}

// String returns the flag spelling of t: "plain" or "extension".
func (t TensorType) String() string {
	if t < 0 || int(t) >= len(tensorTypeNames) {
		return fmt.Sprintf("TensorType(%d)", int(t))
	}
	return tensorTypeNames[t]
}

// ParseTensorType parses "plain" or "extension".
func ParseTensorType(s string) (TensorType, error) {
	if i := slices.Index(tensorTypeNames, s); i >= 0 {
		return TensorType(i), nil
	}
	return 0, fmt.Errorf("unknown tensor type %q (want plain or extension)", s)
}

// Set parses s into t, so that *TensorType is a flag.Value.
func (t *TensorType) Set(s string) error {
	v, err := ParseTensorType(s)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// valid reports whether t is one of the known tensor types.
func (t TensorType) valid() bool { return t >= 0 && int(t) < len(tensorTypeNames) }

// tensorField returns a fixed-size-list field for a row-major tensor of the
// given shape, with the shape in its metadata as tensor type t says.
//
// Extension: the canonical arrow.fixed_shape_tensor extension metadata.
// arrow-go v18.8 has no FixedShapeTensor type, so the metadata is written
// by hand; it is identical to what the extension type serialises. The
// storage is fixed_size_list<item: T (nullable)>[n], the storage type
// pyarrow's fixed_shape_tensor itself uses, so that Arrow C++ readers see
// the same Parquet layout as for tensors pyarrow writes.
//
// Plain: the same storage type with the shape under TensorShapeKey.
func tensorField(name string, elem arrow.DataType, t TensorType, shape ...int) arrow.Field {
	n := 1
	for _, s := range shape {
		n *= s
	}
	dims, _ := json.Marshal(shape)
	meta := arrow.NewMetadata([]string{TensorShapeKey}, []string{string(dims)})
	if t == TensorExtension {
		meta = arrow.NewMetadata(
			[]string{ExtensionNameKey, ExtensionMetadataKey},
			[]string{FixedShapeTensorName, `{"shape":` + string(dims) + `}`})
	}
	return arrow.Field{Name: name, Type: arrow.FixedSizeListOf(int32(n), elem), Metadata: meta}
}

// TensorShape returns the shape recorded in a dense column's field
// metadata, in either tensor type, or an error when the field is not a
// tensor column.
func TensorShape(f arrow.Field) ([]int, error) {
	_, shape, err := fieldTensor(f)
	return shape, err
}

// fieldTensor returns the tensor type and shape of a dense column's field.
func fieldTensor(f arrow.Field) (TensorType, []int, error) {
	var shape []int
	if name, ok := f.Metadata.GetValue(ExtensionNameKey); ok && name == FixedShapeTensorName {
		raw, _ := f.Metadata.GetValue(ExtensionMetadataKey)
		var m struct {
			Shape []int `json:"shape"`
		}
		if err := json.Unmarshal([]byte(raw), &m); err != nil {
			return 0, nil, fmt.Errorf("field %q: bad tensor metadata %q: %v", f.Name, raw, err)
		}
		return TensorExtension, m.Shape, nil
	}
	if raw, ok := f.Metadata.GetValue(TensorShapeKey); ok {
		if err := json.Unmarshal([]byte(raw), &shape); err != nil {
			return 0, nil, fmt.Errorf("field %q: bad %s %q: %v", f.Name, TensorShapeKey, raw, err)
		}
		return TensorPlain, shape, nil
	}
	return 0, nil, fmt.Errorf("field %q has neither %s extension metadata nor %s", f.Name, FixedShapeTensorName, TensorShapeKey)
}

// describeTensor returns the manifest's type string of a dense column.
func describeTensor(f arrow.Field) (string, []int, bool) {
	t, shape, err := fieldTensor(f)
	if err != nil {
		return "", nil, false
	}
	if t == TensorExtension {
		return fmt.Sprintf("%s<%s>%v", FixedShapeTensorName, f.Type.(*arrow.FixedSizeListType).Elem(), shape), shape, true
	}
	return f.Type.String(), shape, true
}
