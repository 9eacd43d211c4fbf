package main

import (
	"github.com/spf13/pflag"

	"flowbench/export"
)

// tensorTypeUsage is the help text of generate's --tensor-type flag.
const tensorTypeUsage = "tensor `type` of the dense annotation columns: plain (the default: fixed-size lists, shape in the field metadata; " +
	"read by Polars, DuckDB, pyarrow and the Hugging Face viewer) or extension (arrow.fixed_shape_tensor; " +
	"pyarrow reads tensors, Polars cannot read the table); see docs/dataset.md"

// addTensorTypeFlag registers --tensor-type on fs, parsed into *t; it
// starts at export.DefaultTensorType, and a value other than plain or
// extension is a usage error.
func addTensorTypeFlag(fs *pflag.FlagSet, t *export.TensorType) {
	*t = export.DefaultTensorType
	fs.Var(tensorTypeValue{t}, "tensor-type", tensorTypeUsage)
}

// tensorTypeValue is export.TensorType as a pflag.Value.
type tensorTypeValue struct{ *export.TensorType }

// Type names the value in help.
func (tensorTypeValue) Type() string { return "type" }
