package export

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// The dataset card's dataset_info.features describe each table's columns
// in the Hugging Face Hub's YAML syntax, derived from the shards' Arrow
// schema (writeFeatures):
//
//	Arrow                                 Hub feature
//	string, bool, int32, float32, ...     dtype: string, bool, int32, float32, ...
//	struct<bytes: binary, path: string>   dtype: image (columns the schema's "huggingface" metadata marks as Image)
//	struct<...>                           struct: [fields]
//	list<primitive>                       sequence: <dtype>
//	fixed_size_list<primitive>[n]         sequence: <dtype>, length: n
//	list<struct<...>>                     list: [fields]
//
// A list of structs is "list" (a Python list feature, stored as an Arrow
// list of structs), not "sequence", which Hugging Face datasets 3 would
// store as a struct of lists.

// hubDtypes maps Arrow primitive types to Hub dtypes.
var hubDtypes = map[arrow.Type]string{
	arrow.BOOL: "bool", arrow.INT8: "int8", arrow.INT16: "int16", arrow.INT32: "int32", arrow.INT64: "int64",
	arrow.UINT8: "uint8", arrow.UINT16: "uint16", arrow.UINT32: "uint32", arrow.UINT64: "uint64",
	arrow.FLOAT16: "float16", arrow.FLOAT32: "float32", arrow.FLOAT64: "float64",
	arrow.STRING: "string", arrow.LARGE_STRING: "large_string", arrow.BINARY: "binary", arrow.LARGE_BINARY: "large_binary",
}

// imageColumns returns the top-level columns that a schema's
// "huggingface" metadata marks as Image features.
func imageColumns(s *arrow.Schema) map[string]bool {
	out := map[string]bool{}
	md := s.Metadata()
	i := md.FindKey("huggingface")
	if i < 0 {
		return out
	}
	var hf struct {
		Info struct {
			Features map[string]struct {
				Type string `json:"_type"`
			} `json:"features"`
		} `json:"info"`
	}
	if json.Unmarshal([]byte(md.Values()[i]), &hf) != nil {
		return out
	}
	for name, f := range hf.Info.Features {
		if f.Type == "Image" {
			out[name] = true
		}
	}
	return out
}

// writeFeatures writes the features of schema as a YAML list at indent.
func writeFeatures(b *strings.Builder, indent string, s *arrow.Schema) error {
	images := imageColumns(s)
	for _, f := range s.Fields() {
		if images[f.Name] {
			if !arrow.TypeEqual(f.Type, imageType) {
				return fmt.Errorf("export: column %s is marked as an image but is %s", f.Name, f.Type)
			}
			fmt.Fprintf(b, "%s- name: %s\n%s  dtype: image\n", indent, featureName(f.Name), indent)
			continue
		}
		if err := writeFeature(b, indent, f); err != nil {
			return err
		}
	}
	return nil
}

// featureName writes a column name as a YAML scalar: plain when it is an
// identifier YAML 1.1 does not read as a boolean or null (a plain y, as in
// the x, y, z of a vector, is true to YAML 1.1 parsers), quoted otherwise.
func featureName(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')) {
			plain = false
		}
	}
	switch strings.ToLower(name) {
	case "y", "n", "yes", "no", "true", "false", "on", "off", "null":
		plain = false
	}
	if plain {
		return name
	}
	return yamlString(name)
}

// writeFeature writes one named feature as a YAML list item at indent.
func writeFeature(b *strings.Builder, indent string, f arrow.Field) error {
	fmt.Fprintf(b, "%s- name: %s\n", indent, featureName(f.Name))
	return writeFeatureType(b, indent+"  ", f.Type)
}

// writeFeatureType writes the keys that give a feature's type.
func writeFeatureType(b *strings.Builder, indent string, t arrow.DataType) error {
	if d, ok := hubDtypes[t.ID()]; ok {
		fmt.Fprintf(b, "%sdtype: %s\n", indent, d)
		return nil
	}
	switch t := t.(type) {
	case arrow.ExtensionType: // a fixed_shape_tensor: its storage, a fixed-size list
		return writeFeatureType(b, indent, t.StorageType())
	case *arrow.StructType:
		fmt.Fprintf(b, "%sstruct:\n", indent)
		for _, f := range t.Fields() {
			if err := writeFeature(b, indent, f); err != nil {
				return err
			}
		}
		return nil
	case *arrow.ListType:
		return writeListFeature(b, indent, t.Elem(), -1)
	case *arrow.FixedSizeListType:
		return writeListFeature(b, indent, t.Elem(), int(t.Len()))
	}
	return fmt.Errorf("export: Arrow type %s has no Hugging Face feature in the card", t)
}

// writeListFeature writes a list of elem (length n, or -1 for any).
func writeListFeature(b *strings.Builder, indent string, elem arrow.DataType, n int) error {
	if d, ok := hubDtypes[elem.ID()]; ok {
		fmt.Fprintf(b, "%ssequence: %s\n", indent, d)
		if n >= 0 {
			fmt.Fprintf(b, "%slength: %d\n", indent, n)
		}
		return nil
	}
	st, ok := elem.(*arrow.StructType)
	if !ok || n >= 0 {
		return fmt.Errorf("export: a list of %s has no Hugging Face feature in the card", elem)
	}
	fmt.Fprintf(b, "%slist:\n", indent)
	for _, f := range st.Fields() {
		if err := writeFeature(b, indent, f); err != nil {
			return err
		}
	}
	return nil
}
