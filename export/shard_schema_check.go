package export

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// arrowSchemaKey is the footer key under which Arrow writers store the
// serialised Arrow schema; the tensor columns' types come from it.
const arrowSchemaKey = "ARROW:schema"

// maxTensorSide bounds the image width and height read from a stored
// schema before an expected schema is built for them.
const maxTensorSide = 1 << 15

// tensorShape finds the first [H,W] tensor shape in a serialised schema:
// a plain tensor's flowbench.tensor_shape value, or the "shape" of an
// extension tensor's metadata.
var tensorShape = regexp.MustCompile(`\[(\d{1,6}),(\d{1,6})\]`)

// checkArrowSchema checks that a shard's footer stores, under ARROW:schema,
// exactly the Arrow schema flowbench writes for its table, in one of the
// tensor types, and returns that type (DefaultTensorType for a questions
// shard, which has no tensors) and the tensors' width and height (0 for a
// shard without tensors). arrow-go deserialises that schema without
// bounds checks (a corrupted child count makes it allocate hundreds of
// gigabytes and die), so a schema that is not byte-identical to an
// expected one is refused before it is decoded.
func checkArrowSchema(path string, kv metadata.KeyValueMetadata) (TensorType, int, int, error) {
	stored := kv.FindValue(arrowSchemaKey)
	if stored == nil {
		return 0, 0, 0, fmt.Errorf("export: shard %s has no %s in its footer's key-value metadata (rewritten by a tool that drops the Arrow schema?), so its tensor columns cannot be read", path, arrowSchemaKey)
	}
	table := ""
	if v := kv.FindValue(TableKey); v != nil {
		table = *v
	}
	w, h, tensors := 0, 0, DefaultTensorType
	switch table {
	case QuestionsTable, ViewpointQuestionsTable, ViewpointViewsTable, RealAnnotationsTable:
	case AnnotationsTable:
		raw, err := base64.StdEncoding.DecodeString(*stored)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("export: shard %s: %s is not base64: %v", path, arrowSchemaKey, err)
		}
		m := tensorShape.FindSubmatch(raw)
		if m == nil {
			return 0, 0, 0, fmt.Errorf("export: shard %s: %s has no tensor shape [H,W]", path, arrowSchemaKey)
		}
		h, _ = strconv.Atoi(string(m[1]))
		w, _ = strconv.Atoi(string(m[2]))
		if w <= 0 || h <= 0 || w > maxTensorSide || h > maxTensorSide {
			return 0, 0, 0, fmt.Errorf("export: shard %s: %s declares %dx%d tensors (at most %d per side)", path, arrowSchemaKey, w, h, maxTensorSide)
		}
		tensors = TensorPlain
		if bytes.Contains(raw, []byte(FixedShapeTensorName)) {
			tensors = TensorExtension
		}
	default:
		return 0, 0, 0, fmt.Errorf("export: shard %s: footer key %s is %q, want %q or %q (or a viewpoint or Real table)", path, TableKey, table, QuestionsTable, AnnotationsTable)
	}
	if named := tableOfPath(path); named != "" && named != table {
		return 0, 0, 0, fmt.Errorf("export: shard %s: footer key %s is %q, but the file is named as a %s shard", path, TableKey, table, named)
	}
	want, err := expectedArrowSchema(table, w, h, tensors)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("export: shard %s: %w", path, err)
	}
	if *stored != want {
		return 0, 0, 0, fmt.Errorf("export: shard %s: its %s is not flowbench's schema (version %s) of the %s table%s (rewritten by another tool, or corrupt)",
			path, arrowSchemaKey, SchemaVersion, table, sizeNote(table, w, h, tensors))
	}
	return tensors, w, h, nil
}

// tableOfPath returns the table a shard's path names: the table folder
// it is in (data/<table>/<split>-…), or for a staged shard
// (data/.staging/<split>/<table>-NNNNN.parquet) its name's prefix; "" when
// neither names one.
func tableOfPath(path string) string {
	tables := []string{QuestionsTable, AnnotationsTable, ViewpointQuestionsTable, ViewpointViewsTable, RealAnnotationsTable}
	if dir := filepath.Base(filepath.Dir(path)); slices.Contains(tables, dir) {
		return dir
	}
	base := filepath.Base(path)
	for _, t := range tables {
		if strings.HasPrefix(base, t+"-") {
			return t
		}
	}
	return ""
}

func sizeNote(table string, w, h int, t TensorType) string {
	if table == AnnotationsTable {
		return fmt.Sprintf(" at %dx%d with %s tensors", w, h, t)
	}
	return ""
}

// expectedSchemas caches expectedArrowSchema by table, size and tensor type.
var expectedSchemas sync.Map // string -> string

// expectedArrowSchema returns the ARROW:schema value a ShardWriter stores
// for the table at w×h in tensor type t, by writing an empty shard in memory.
func expectedArrowSchema(table string, w, h int, t TensorType) (string, error) {
	key := fmt.Sprintf("%s %dx%d %s", table, w, h, t)
	if v, ok := expectedSchemas.Load(key); ok {
		return v.(string), nil
	}
	schema, props := QuestionsSchema(), writerProperties(table, DefaultZstdLevel)
	switch table {
	case AnnotationsTable:
		schema = AnnotationsSchemaFor(w, h, t)
	case ViewpointQuestionsTable:
		schema, props = ViewpointQuestionsSchema(), viewpointProperties()
	case ViewpointViewsTable:
		schema, props = ViewpointViewsSchema(), viewpointProperties()
	case RealAnnotationsTable:
		schema, props = RealAnnotationsSchema(), realAnnotationsProperties()
	}
	v, err := storedArrowSchema(schema, props)
	if err != nil {
		return "", err
	}
	expectedSchemas.Store(key, v)
	return v, nil
}

// storedArrowSchema returns the ARROW:schema value a Parquet writer with
// props stores for schema, by writing an empty file in memory.
func storedArrowSchema(schema *arrow.Schema, props *parquet.WriterProperties) (string, error) {
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(memory.NewGoAllocator())))
	if err != nil {
		return "", err
	}
	if err := fw.Close(); err != nil {
		return "", err
	}
	pf, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return "", err
	}
	defer pf.Close()
	v := pf.MetaData().KeyValueMetadata().FindValue(arrowSchemaKey)
	if v == nil {
		return "", fmt.Errorf("the writer stored no %s", arrowSchemaKey)
	}
	return *v, nil
}
