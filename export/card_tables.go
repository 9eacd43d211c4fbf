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
// the dataset dir (a table without shards is left out).
func ReadCardTables(dir string, tables []string) ([]CardTable, error) {
	shards, err := scanTableShards(dir, tables)
	if err != nil {
		return nil, err
	}
	var out []CardTable
	for _, t := range tables {
		ct := CardTable{Name: t}
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
				if ct.Schema == nil {
					ct.Schema = schema
				}
			}
			ct.Splits = append(ct.Splits, cs)
		}
		if ct.Schema != nil {
			out = append(out, ct)
		}
	}
	return out, nil
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
