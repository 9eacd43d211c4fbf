package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/export"
)

var updateHostile = flag.Bool("update-hostile", false,
	"re-find the schema-dependent hostile shards (page damage, the two footer mutations) against the current reference run and rewrite them in testdata/hostile/shards")

// TestUpdateHostileShards regenerates, with -update-hostile, the hostile
// shards whose bytes depend on the current schema (a shard of an older
// schema is refused by the schema check before it reaches the failure it
// stands for): a damaged page in the middle of the first annotations
// shard, and single-byte footer mutations of the first questions shard
// (outside its ARROW:schema) that make arrow-go hit "dictionary decoding
// unimplemented for bool" and a page offset beyond the file. Without the
// flag it does nothing; TestHostileShards runs the committed files.
func TestUpdateHostileShards(t *testing.T) {
	if !*updateHostile {
		t.Skip("run with -update-hostile to regenerate testdata/hostile/shards")
	}
	referenceRun(t)
	dir := copyReference(t)
	shard := func(table string) string {
		p, _ := filepath.Glob(filepath.Join(dir, "data", table, "train-00000-of-*.parquet"))
		return p[0]
	}
	qPath, aPath := shard(export.QuestionsTable), shard(export.AnnotationsTable)
	qBase, _ := os.ReadFile(qPath)
	aBase, _ := os.ReadFile(aPath)
	questionsErr := func(data []byte) string {
		os.WriteFile(qPath, data, 0o644)
		defer os.WriteFile(qPath, qBase, 0o644)
		ds, err := export.Open(dir)
		if err != nil {
			return err.Error()
		}
		for _, err := range ds.Questions("train") {
			if err != nil {
				return err.Error()
			}
		}
		return ""
	}
	out := filepath.Join("..", "..", "testdata", "hostile", "shards")
	write := func(name string, data []byte, want string) {
		if err := os.WriteFile(filepath.Join(out, name+".parquet"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".want"), []byte(want+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %q", name, want)
	}
	// Footer mutations.
	flen := int(binary.LittleEndian.Uint32(qBase[len(qBase)-8:]))
	fstart := len(qBase) - 8 - flen
	schemaAt := bytes.Index(qBase[fstart:], []byte("ARROW:schema"))
	targets := map[string]string{"questions-footer_dictionary": "dictionary decoding unimplemented for bool", "questions-footer_makeslice": "lies outside the"}
	found := map[string]bool{}
	for p := fstart; p < len(qBase)-8 && len(found) < len(targets); p++ {
		if schemaAt >= 0 && p >= fstart+schemaAt {
			break // the key-value metadata (ARROW:schema) ends the footer
		}
		orig := qBase[p]
		for _, v := range []byte{orig ^ 1, orig + 1, orig - 1, orig + 2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0x15, 0x19, 0x26, 0xff} {
			if v == orig {
				continue
			}
			m := append([]byte(nil), qBase...)
			m[p] = v
			msg := questionsErr(m)
			for name, sub := range targets {
				if found[name] || !strings.Contains(msg, sub) {
					continue
				}
				want := sub
				if sub == "lies outside the" {
					want = fmt.Sprintf("lies outside the %d-byte file", len(m))
				}
				write(name, m, want)
				found[name] = true
			}
		}
	}
	for name := range targets {
		if !found[name] {
			t.Errorf("no single-byte footer mutation gives %s", name)
		}
	}
	// A page damaged mid-file.
	ok := false
	for frac := 0.3; frac < 0.8 && !ok; frac += 0.01 {
		m := append([]byte(nil), aBase...)
		at := int(frac * float64(len(m)))
		for k := at; k < at+32 && k < len(m)-8; k++ {
			m[k] ^= 0x5a
		}
		os.WriteFile(aPath, m, 0o644)
		_, err := export.Validate(dir)
		os.WriteFile(aPath, aBase, 0o644)
		if err != nil && strings.Contains(err.Error(), "could not decompress page") {
			write("annotations-page_damaged", m, "could not decompress page")
			ok = true
		}
	}
	if !ok {
		t.Error("no damage in the middle of the annotations shard gives a page decompression error")
	}
}
