package export

import (
	"fmt"
	"sort"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// firstNull returns the column path and record row of the first NULL in a
// record, or "" when there is none. Every value of both tables is required
// except the `path` hint of an image struct; the decoders read a NULL as a
// zero (an empty string, a 0 pixel), so a NULL must be caught here.
func firstNull(rec arrow.RecordBatch) (string, int) {
	for i, f := range rec.Schema().Fields() {
		if path, idx := nullIn(rec.Column(i), f.Name); path != "" {
			return path, idx
		}
	}
	return "", -1
}

// nullIn returns the path and element index (of a) of the first NULL in a
// or its children.
func nullIn(a arrow.Array, name string) (string, int) {
	if ext, ok := a.(array.ExtensionArray); ok {
		a = ext.Storage()
	}
	best, bestIdx := "", -1
	consider := func(path string, idx int) {
		if path != "" && (bestIdx < 0 || idx < bestIdx) {
			best, bestIdx = path, idx
		}
	}
	if a.NullN() > 0 {
		for i := 0; i < a.Len(); i++ {
			if a.IsNull(i) {
				consider(name, i)
				break
			}
		}
	}
	switch a := a.(type) {
	case *array.Struct:
		st := a.DataType().(*arrow.StructType)
		for k := 0; k < a.NumField(); k++ {
			fname := st.Field(k).Name
			if fname == "path" {
				continue // the image file-name hint is optional
			}
			p, idx := nullIn(a.Field(k), name+"."+fname)
			consider(p, idx)
		}
	case *array.FixedSizeList:
		p, idx := nullIn(a.ListValues(), name+"[]")
		if p != "" {
			n := int(a.DataType().(*arrow.FixedSizeListType).Len())
			consider(p, (idx-int(a.Offset())*n)/n)
		}
	case *array.List:
		p, idx := nullIn(a.ListValues(), name+"[]")
		if p != "" {
			row := sort.Search(a.Len(), func(r int) bool { _, end := a.ValueOffsets(r); return int(end) > idx })
			consider(p, row)
		}
	}
	return best, bestIdx
}

// nullReason describes a NULL found by firstNull.
func nullReason(path string) string {
	return fmt.Sprintf("%s is NULL (a required value; readers would see a zero)", path)
}
