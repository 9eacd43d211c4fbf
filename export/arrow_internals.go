package export

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// The tensor page writer (tensor_pages.go) hands whole data pages to
// arrow-go's column writers, which have an exported WriteDataPage but no
// way to say how many rows those pages hold, and pqarrow's FileWriter does
// not expose its open row group. The two functions here reach those two
// unexported fields of arrow-go v18 (go.mod pins the version). Both check
// the field's name and type and return an error when an upgrade changed
// them, so that a change fails the first annotations row (and
// TestTensorPagesMatchGeneric) instead of writing a wrong file.

// openRowGroup returns the buffered row group fw is writing.
func openRowGroup(fw *pqarrow.FileWriter) (file.BufferedRowGroupWriter, error) {
	f := reflect.ValueOf(fw).Elem().FieldByName("rgw")
	if !f.IsValid() || f.Type() != reflect.TypeFor[file.RowGroupWriter]() {
		return nil, fmt.Errorf("arrow-go's pqarrow.FileWriter has no rgw field of type file.RowGroupWriter (was arrow-go upgraded?)")
	}
	rgw := *(*file.RowGroupWriter)(unsafe.Pointer(f.UnsafeAddr()))
	brg, ok := rgw.(file.BufferedRowGroupWriter)
	if !ok || !rgw.Buffered() {
		return nil, fmt.Errorf("the Parquet writer has no open buffered row group")
	}
	return brg, nil
}

// rowsWrittenField returns a pointer to the count of rows a column writer
// has written out in pages, which its RowsWritten reports and the row
// group checks against the other columns when it closes.
func rowsWrittenField(cw file.ColumnChunkWriter) (*int, error) {
	v := reflect.ValueOf(cw)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("arrow-go column writer %T is not a pointer to a struct", cw)
	}
	f := v.Elem().FieldByName("rowsWritten")
	if !f.IsValid() || f.Kind() != reflect.Int {
		return nil, fmt.Errorf("arrow-go column writer %T has no rowsWritten int field (was arrow-go upgraded?)", cw)
	}
	return (*int)(unsafe.Pointer(f.UnsafeAddr())), nil
}
