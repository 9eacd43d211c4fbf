package export

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// TestPageHeaderMutantsAreCheckedErrors flips every bit of every page
// header byte of a small dataset's shards and reads each mutant with
// VerifyShard. A mutant may be refused or accepted, but never through a
// recovered panic inside arrow-go (*CorruptShardError): a page header whose
// type names a sub-header it lacks used to make arrow-go dereference nil,
// and a dictionary page in a BOOLEAN column made it panic; checkPageHeaders
// now refuses both with an error naming the shard and the page.
func TestPageHeaderMutantsAreCheckedErrors(t *testing.T) {
	base := t.TempDir()
	writeSynth(t, base, 2, 8, 8, 2, Options{})
	// Every bit of the first 16 bytes of each header (the page type, sizes
	// and the sub-header's encodings come first; page types 0 and 2 differ
	// by bit 0x02 of their zigzag varint) and bit 0x01 of the rest (the
	// statistics); every bit of every byte with FLOWBENCH_ALL_MUTANTS=1
	// (about 7 minutes on 2 busy cores). -short flips bit 0x02 of the
	// first 14 bytes of each questions header.
	bits := []byte{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80}
	head, tables := 16, []string{QuestionsTable, AnnotationsTable}
	if os.Getenv(allMutantsEnv) != "" {
		head = 1 << 30
	}
	if testing.Short() {
		bits, head, tables = []byte{0x02}, 14, tables[:1]
	}
	bitsAt := func(off int) []byte {
		switch {
		case off < head:
			return bits
		case testing.Short():
			return nil
		}
		return bits[:1]
	}
	total, refused := 0, 0
	for _, table := range tables {
		name := filepath.Join(table, FinalShardName("train", 0, 1))
		path := filepath.Join(base, "data", name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		pf, err := file.OpenParquetFile(path, false)
		if err != nil {
			t.Fatal(err)
		}
		ranges, err := pageHeaderRanges(b, pf.MetaData())
		pf.Close()
		if err != nil {
			t.Fatal(err)
		}
		mutant := filepath.Join(t.TempDir(), "m.parquet")
		for _, r := range ranges {
			for pos := r[0]; pos < r[1]; pos++ {
				for _, bit := range bitsAt(pos - r[0]) {
					m := bytes.Clone(b)
					m[pos] ^= bit
					if err := os.WriteFile(mutant, m, 0o644); err != nil {
						t.Fatal(err)
					}
					total++
					err := VerifyShard(mutant)
					var ce *CorruptShardError
					if errors.As(err, &ce) {
						t.Errorf("%s byte %d ^ %#x: refused through a recovered panic: %v", name, pos, bit, err)
						continue
					}
					if err != nil {
						refused++
					}
				}
			}
		}
	}
	t.Logf("%d page header mutants, %d refused with a checked error", total, refused)
	if refused == 0 {
		t.Fatal("no page header mutant was refused")
	}
}

// TestCheckPageHeadersNamesTheProblem feeds checkPageHeaders hand-made
// headers: a data page without its DataPageHeader, a dictionary page
// without its DictionaryPageHeader, a page running past its chunk, and an
// unknown page type; each error names the byte offset and the problem.
func TestCheckPageHeadersNamesTheProblem(t *testing.T) {
	// field header byte: delta<<4 | type; i32 values are zigzag varints.
	i32 := func(delta, v byte) []byte { return []byte{delta<<4 | 5, v << 1} }
	header := func(typ byte, sub []byte) []byte {
		h := append(i32(1, typ), i32(1, 0)...) // type, uncompressed size 0
		h = append(h, i32(1, 0)...)            // compressed size 0
		h = append(h, sub...)
		return append(h, 0)
	}
	dataSub := []byte{2<<4 | 12, 0} // field 5 (3+2): an empty struct
	dictSub := []byte{4<<4 | 12, 0} // field 7 (3+4)
	for _, c := range []struct {
		name, want string
		b          []byte
	}{
		{"data page without its header", "has no header for that type (field 5)", header(pageData, nil)},
		{"dictionary page without its header", "has no header for that type (field 7)", header(pageDictionary, dataSub)},
		{"unknown type", "unknown page type 9", header(9, nil)},
		{"past the chunk", "past its column chunk's end", append(header(pageData, dataSub)[:4], append(i32(1, 40), append(dataSub, 0)...)...)},
	} {
		err := checkPageHeaders(bytes.NewReader(c.b), 0, int64(len(c.b)), 0, nil)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) || !bytes.Contains([]byte(err.Error()), []byte("byte 0")) {
			t.Errorf("%s: got %v, want an error at byte 0 containing %q", c.name, err, c.want)
		}
	}
	good := append(header(pageData, dataSub), header(pageDictionary, dictSub)...)
	if err := checkPageHeaders(bytes.NewReader(good), 0, int64(len(good)), 1, nil); err != nil {
		t.Errorf("two well-formed empty pages: %v", err)
	}
}
