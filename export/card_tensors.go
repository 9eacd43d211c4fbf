package export

import (
	"fmt"
	"slices"
	"strings"
)

// manifestTensors returns the annotations table's dense columns as the
// manifest describes them, and their tensor type; ok is false when the
// manifest has no annotations table.
func manifestTensors(m *Manifest) (cols []ColumnSchema, t TensorType, ok bool) {
	for _, ts := range m.Schema {
		if ts.Table != AnnotationsTable {
			continue
		}
		for _, c := range ts.Columns {
			if slices.Contains(denseColumns, c.Name) {
				cols = append(cols, c)
			}
		}
	}
	if len(cols) == 0 {
		return nil, 0, false
	}
	return cols, tensorTypeOfName(cols[0].Type), true
}

// tensorSection writes the card's description of the dense columns (their
// tensor type, where the shape is recorded, each column's type and shape)
// and how to load them as arrays with pyarrow, Polars and DuckDB.
func tensorSection(b *strings.Builder, m *Manifest, shard string) {
	cols, t, ok := manifestTensors(m)
	if !ok {
		return
	}
	b.WriteString("## Tensor columns\n\n")
	fmt.Fprintf(b, "Tensor type `%s`. ", t)
	switch t {
	case TensorPlain:
		fmt.Fprintf(b, "The dense columns of `annotations` are plain Arrow fixed-size lists holding a tensor in "+
			"row-major order; each field's Arrow metadata records the shape as a JSON array under `%s`. "+
			"Polars, DuckDB, pyarrow and Hugging Face `datasets` read them as lists of numbers (Polars and DuckDB are tested by flowbench).\n\n", TensorShapeKey)
	case TensorExtension:
		fmt.Fprintf(b, "The dense columns of `annotations` carry the canonical `%s` Arrow extension type "+
			"(row-major; the shape is in each field's `%s`). pyarrow reads them as tensors; Polars cannot read "+
			"this table and the Hugging Face dataset viewer skips these columns (regenerate with `--tensor-type plain` for them).\n\n",
			FixedShapeTensorName, ExtensionMetadataKey)
	}
	b.WriteString("| column | type | shape |\n|---|---|---|\n")
	for _, c := range cols {
		fmt.Fprintf(b, "| %s | `%s` | %v |\n", c.Name, c.Type, jsonInts(c.Shape))
	}
	h, w := 0, 0
	if s := cols[0].Shape; len(s) == 2 {
		h, w = s[0], s[1]
	}
	b.WriteString("\n```python\nimport pyarrow.parquet as pq\nt = pq.read_table(\"path/to/DIR/" + shard + "\")\n")
	if t == TensorExtension {
		b.WriteString("depth = t.column(\"depth_before\").combine_chunks().to_numpy_ndarray()  # (rows, H, W) float32\n```\n\n")
		return
	}
	fmt.Fprintf(b, "depth = t.column(\"depth_before\").combine_chunks().flatten().to_numpy().reshape(-1, %d, %d)  # (rows, H, W) float32\n\n", h, w)
	fmt.Fprintf(b, "import polars as pl\na = pl.read_parquet(\"path/to/DIR/data/annotations/*.parquet\")\n"+
		"flow = a[\"flow_forward\"].to_numpy().reshape(-1, %d, %d, 2)  # (rows, H, W, 2) float32\n```\n\n", h, w)
	fmt.Fprintf(b, "```sql\n-- DuckDB: element k of the tensor is list[k + 1], k = y·%d + x\n"+
		"SELECT id, depth_before[1] AS depth_top_left FROM 'path/to/DIR/data/annotations/*.parquet';\n```\n\n", w)
}

// jsonInts formats a shape as a JSON array, e.g. [512,512,2].
func jsonInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ",") + "]"
}
