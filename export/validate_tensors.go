package export

import (
	"slices"
	"strings"
)

// checkTensorTypes checks that every annotations shard of the dataset has
// the same tensor type, that each split's recorded config (tensor_type,
// when present) names it, and that the manifest's schema describes the
// dense columns in it. Only footers are read.
func checkTensorTypes(d *Dataset) error {
	var have TensorType
	first := ""
	for _, split := range d.Splits() {
		for _, p := range d.shards[split][AnnotationsTable] {
			t, err := ShardTensorType(p)
			if err != nil {
				return &ValidationError{Shard: p, Row: -1, Reason: err.Error()}
			}
			if first == "" {
				have, first = t, p
			} else if t != have {
				return &ValidationError{Shard: p, Row: -1,
					Reason: "dense columns are " + t.String() + " tensors, but " + first + " has " + have.String() + " tensors: a dataset holds one tensor type"}
			}
		}
		if v, ok := splitConfig(d.Manifest, split, TensorTypeKey); ok && first != "" && v != have.String() {
			return manifestError(d, "split %s: config %s is %v, but the annotations shards (%s, ...) hold %s tensors", split, TensorTypeKey, v, first, have)
		}
	}
	if first == "" {
		return nil
	}
	for _, ts := range d.Manifest.Schema {
		if ts.Table != AnnotationsTable {
			continue
		}
		for _, c := range ts.Columns {
			if !slices.Contains(denseColumns, c.Name) {
				continue
			}
			if listed := tensorTypeOfName(c.Type); listed != have {
				return manifestError(d, "schema lists %s as %s (%s tensors), but the annotations shards (%s, ...) hold %s tensors", c.Name, c.Type, listed, first, have)
			}
		}
	}
	return nil
}

// splitConfig returns a split's recorded generation setting: from the
// split's statistics (DatasetWriter.Finish) or from the manifest's config
// keyed by split name (generate).
func splitConfig(m *Manifest, split, key string) (any, bool) {
	if st := m.Splits[split]; st != nil {
		if v, ok := st.Config[key]; ok {
			return v, true
		}
	}
	if c, ok := m.Config[split].(map[string]any); ok {
		v, ok := c[key]
		return v, ok
	}
	return nil, false
}

// tensorTypeOfName returns the tensor type a manifest column type string
// (see DescribeSchema) names.
func tensorTypeOfName(typ string) TensorType {
	if strings.HasPrefix(typ, FixedShapeTensorName) {
		return TensorExtension
	}
	return TensorPlain
}
