package export

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// describeDifference says where the shard sf differs from the re-encoding
// of its decoded rows: in the footer (the first field that differs from
// want, the footer flowbench's writer made, such as a column statistic,
// a schema name or a key-value entry), in a column chunk (a page header or
// page data), or in the file's length.
func describeDifference(sf *shardFile, want *metadata.FileMetaData, c *byteComparer) string {
	at := fmt.Sprintf("byte %d is %s, flowbench's writer gives %s", c.diff, byteText(c.got), byteText(c.want))
	switch {
	case c.got < 0:
		return fmt.Sprintf("the file ends at byte %d, but flowbench's writer makes %d bytes of its rows", c.diff, c.off)
	case c.want < 0:
		return fmt.Sprintf("the file goes on after byte %d, where flowbench's writer ends its rows (trailing bytes)", c.diff)
	}
	if want != nil && c.diff >= c.footerStart() {
		if d := footerDiff(sf.pf.MetaData(), want); d != "" {
			return "its footer disagrees with its data: " + d + " (" + at + ")"
		}
		return "its footer differs from the one flowbench's writer makes for its rows: " + at
	}
	if c.diff < 4 {
		return "its leading magic number is not Parquet's: " + at
	}
	if want != nil {
		for rg := range want.NumRowGroups() {
			g := want.RowGroup(rg)
			for col := range g.NumColumns() {
				cc, err := g.ColumnChunk(col)
				if err != nil {
					continue
				}
				start := cc.DataPageOffset()
				if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && cc.DictionaryPageOffset() < start {
					start = cc.DictionaryPageOffset()
				}
				if c.diff >= start && c.diff < start+cc.TotalCompressedSize() {
					return fmt.Sprintf("row group %d column %s: a page header (sizes, value counts, encoding or statistics) or page differs from what flowbench's writer makes of the decoded rows at zstd level %d: %s",
						rg, cc.PathInSchema(), DefaultZstdLevel, at)
				}
			}
		}
	}
	return "it differs from what flowbench's writer makes of its decoded rows: " + at
}

func byteText(b int) string {
	if b < 0 {
		return "past the end"
	}
	return fmt.Sprintf("0x%02x", b)
}

// footerDiff returns the first field of the Parquet footer got that
// differs from want, named by its Thrift path (with the column path or
// metadata key), or "" when they are equal.
func footerDiff(got, want *metadata.FileMetaData) string {
	if got == nil || want == nil || got.FileMetaData == nil || want.FileMetaData == nil {
		return ""
	}
	return thriftDiff("footer", reflect.ValueOf(got.FileMetaData), reflect.ValueOf(want.FileMetaData), want)
}

// thriftDiff compares two values of the generated Parquet Thrift types.
func thriftDiff(path string, got, want reflect.Value, md *metadata.FileMetaData) string {
	switch got.Kind() {
	case reflect.Pointer, reflect.Interface:
		switch {
		case got.IsNil() && want.IsNil():
			return ""
		case got.IsNil():
			return path + " is absent, flowbench writes it"
		case want.IsNil():
			return path + " is present, flowbench writes none"
		}
		return thriftDiff(path, got.Elem(), want.Elem(), md)
	case reflect.Struct:
		t := got.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("thrift"), ",")
			if name == "" {
				name = f.Name
			}
			if d := thriftDiff(path+"."+name, got.Field(i), want.Field(i), md); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if got.Type().Elem().Kind() == reflect.Uint8 {
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				return fmt.Sprintf("%s is %q, want %q", path, got.Bytes(), want.Bytes())
			}
			return ""
		}
		if got.Len() != want.Len() {
			return fmt.Sprintf("%s has %d entries, want %d", path, got.Len(), want.Len())
		}
		for i := range got.Len() {
			if d := thriftDiff(elementPath(path, i, want.Index(i), md), got.Index(i), want.Index(i), md); d != "" {
				return d
			}
		}
		return ""
	default:
		if !got.CanInterface() || got.Interface() == want.Interface() {
			return ""
		}
		return fmt.Sprintf("%s is %v, want %v", path, got.Interface(), want.Interface())
	}
}

// elementPath names entry i of a footer list, adding the column path of a
// column chunk, the key of a key-value entry and the name of a schema
// element.
func elementPath(path string, i int, want reflect.Value, md *metadata.FileMetaData) string {
	p := fmt.Sprintf("%s[%d]", path, i)
	switch {
	case strings.HasSuffix(path, ".columns") && i < md.Schema.NumColumns():
		return fmt.Sprintf("%s (column %s)", p, md.Schema.Column(i).Path())
	case strings.HasSuffix(path, ".key_value_metadata"), strings.HasSuffix(path, ".schema"):
		v := want
		for v.Kind() == reflect.Pointer && !v.IsNil() {
			v = v.Elem()
		}
		if v.Kind() == reflect.Struct {
			for _, f := range []string{"Key", "Name"} {
				if fv := v.FieldByName(f); fv.IsValid() && fv.Kind() == reflect.String {
					return fmt.Sprintf("%s (%s)", p, fv.String())
				}
			}
		}
	}
	return p
}
