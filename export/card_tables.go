package export

import (
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// CardTable is what the dataset card's front matter says about one table
// (one Hugging Face config): its Arrow schema and, per split, its rows and
// sizes, all read from the finished shards.
type CardTable struct {
	Name   string
	Schema *arrow.Schema
	Splits []CardSplit // by name
}

// CardSplit is one split of a table: its rows, the bytes of its shard
// files (download_size) and the uncompressed bytes of its data as Parquet
// records them (the sum of the row groups' total_byte_size: num_bytes).
type CardSplit struct {
	Name      string
	Rows      int64
	FileBytes int64
	DataBytes int64
}

// ReadCardTables reads the footers of every finished shard of tables in
// the dataset dir (a table without shards is left out). A table's Schema
// is its shards' (cardSchema: one for every split).
func ReadCardTables(dir string, tables []string) ([]CardTable, error) {
	shards, err := scanTableShards(dir, tables)
	if err != nil {
		return nil, err
	}
	var out []CardTable
	for _, t := range tables {
		ct := CardTable{Name: t}
		var schemas []*arrow.Schema
		for _, split := range slices.Sorted(maps.Keys(shards)) {
			paths := shards[split][t]
			if len(paths) == 0 {
				continue
			}
			cs := CardSplit{Name: split}
			for _, p := range paths {
				schema, err := readShardFooter(p, &cs)
				if err != nil {
					return nil, err
				}
				schemas = append(schemas, schema)
			}
			ct.Splits = append(ct.Splits, cs)
		}
		if len(schemas) == 0 {
			continue
		}
		var err error
		if ct.Schema, err = cardSchema(t, schemas); err != nil {
			return nil, err
		}
		out = append(out, ct)
	}
	return out, nil
}

// cardSchema is the one schema a config's features state for its shards'
// schemas: theirs when they agree. Splits of different image sizes hold
// fixed-size lists of different lengths, which one config cannot state
// (datasets casts every split to the features, and a split of another
// size fails the cast): those columns become variable-length lists, which
// datasets reads for every split. Any other difference is an error.
func cardSchema(table string, schemas []*arrow.Schema) (*arrow.Schema, error) {
	first := schemas[0]
	fields := slices.Clone(first.Fields())
	for _, s := range schemas[1:] {
		if s.NumFields() != len(fields) {
			return nil, fmt.Errorf("export: the %s shards have different schemas (%d and %d columns)", table, len(fields), s.NumFields())
		}
		for i, f := range s.Fields() {
			if f.Name == fields[i].Name && arrow.TypeEqual(f.Type, fields[i].Type) {
				continue
			}
			a, b := listElem(fields[i].Type), listElem(f.Type)
			if f.Name != fields[i].Name || a == nil || b == nil || !arrow.TypeEqual(a, b) {
				return nil, fmt.Errorf("export: the %s shards have different schemas (column %d: %s %s and %s %s)",
					table, i, fields[i].Name, fields[i].Type, f.Name, f.Type)
			}
			fields[i].Type = arrow.ListOf(a)
		}
	}
	md := first.Metadata()
	return arrow.NewSchema(fields, &md), nil
}

// listElem is the element type of a fixed-size or variable list (or of an
// extension type stored as one), nil for any other type.
func listElem(t arrow.DataType) arrow.DataType {
	if e, ok := t.(arrow.ExtensionType); ok {
		t = e.StorageType()
	}
	switch l := t.(type) {
	case *arrow.FixedSizeListType:
		return l.Elem()
	case *arrow.ListType:
		return l.Elem()
	}
	return nil
}

// readShardFooter adds a shard's rows and sizes to cs and returns its
// Arrow schema.
func readShardFooter(path string, cs *CardSplit) (*arrow.Schema, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	var pf *file.Reader
	if err := guardShard(path, "reading the footer", func() (err error) {
		pf, err = file.OpenParquetFile(path, false)
		return err
	}); err != nil {
		return nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	defer pf.Close()
	md := pf.MetaData()
	cs.Rows += md.NumRows
	cs.FileBytes += st.Size()
	for i := range md.NumRowGroups() {
		cs.DataBytes += md.RowGroup(i).TotalByteSize()
	}
	var schema *arrow.Schema
	if err := guardShard(path, "reading the Arrow schema", func() error {
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.NewGoAllocator())
		if err != nil {
			return err
		}
		schema, err = fr.Schema()
		return err
	}); err != nil {
		return nil, fmt.Errorf("export: shard %s: %w", path, err)
	}
	return schema, nil
}
