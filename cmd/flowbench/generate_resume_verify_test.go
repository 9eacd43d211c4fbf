package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"flowbench/export"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// damageMidFile flips a byte three quarters into the largest column chunk
// of a shard: inside a compressed page, past its header.
func damageMidFile(t *testing.T, path string) {
	t.Helper()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	var at, size int64
	for c := 0; c < pf.MetaData().Schema.NumColumns(); c++ {
		md, err := pf.RowGroup(0).MetaData().ColumnChunk(c)
		if err != nil {
			t.Fatal(err)
		}
		if md.TotalCompressedSize() > size {
			at, size = md.DataPageOffset(), md.TotalCompressedSize()
		}
	}
	pf.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[at+size*3/4] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// damageFooterReadably changes one byte of a shard's footer such that the
// footer still parses with the same flowbench metadata, but the shard no
// longer reads back: the damage a footer-only check keeps.
func damageFooterReadably(t *testing.T, path string) {
	t.Helper()
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := readStagedMeta(path)
	if err != nil {
		t.Fatal(err)
	}
	n := len(orig)
	flen := int(binary.LittleEndian.Uint32(orig[n-8:]))
	for i := n - 8 - flen; i < n-8; i++ {
		for _, x := range []byte{0x01, 0x10, 0x80} {
			b := append([]byte(nil), orig...)
			b[i] ^= x
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if m, err := readStagedMeta(path); err != nil || m != want {
				continue
			}
			if export.VerifyShard(path) != nil {
				return
			}
		}
	}
	t.Fatalf("no single-byte footer change of %s keeps the footer readable and breaks the shard", path)
}

// TestGenerateResumeDiscardsDamagedShards resumes a finished reference
// dataset whose shards were damaged in the two ways a footer-only check
// misses, with the temp files a kill at the manifest's and card's rename
// leaves: the run redoes the damaged shards and ends with the bytes of the
// uninterrupted run and no temp file.
func TestGenerateResumeDiscardsDamagedShards(t *testing.T) {
	ref := plainReference(t)
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, dir string)
	}{
		{"page damaged mid-file", func(t *testing.T, dir string) {
			paths, _ := filepath.Glob(filepath.Join(dir, "data", "annotations", "train-*.parquet"))
			damageMidFile(t, paths[len(paths)-1])
		}},
		{"footer corrupt but readable", func(t *testing.T, dir string) {
			paths, _ := filepath.Glob(filepath.Join(dir, "data", "questions", "train-*.parquet"))
			damageFooterReadably(t, paths[0])
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyPlainReference(t)
			c.damage(t, dir)
			for _, tmp := range []string{".manifest.json.tmp-123", ".README.md.tmp-456", ".write-probe-789"} {
				if err := os.WriteFile(filepath.Join(dir, tmp), []byte("{"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if out, code := genCLI(t, "validate", dir); code != 1 {
				t.Fatalf("validate accepts the damaged dataset (code %d):\n%s", code, out)
			}
			if out, code := genCLI(t, append([]string{"generate"}, plainRun(dir, "--resume")...)...); code != 0 {
				t.Fatalf("resume failed (code %d):\n%s", code, out)
			}
			sameTree(t, ref, readTree(t, dir), "resumed over damaged shards vs uninterrupted")
		})
	}
}
