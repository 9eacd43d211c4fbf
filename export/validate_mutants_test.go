package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// shardMeaning is what readers take from a dataset's shards: the rows
// through the project's reader, and per shard the decoded footer (schema,
// row groups, column statistics, key-value metadata) and the page header
// bytes at the original shard's header positions.
type shardMeaning struct {
	questions   []QuestionRow
	annotations []AnnotationRow
	footers     map[string]any    // shard base name -> *format.FileMetaData
	headers     map[string][]byte // shard base name -> page header bytes
}

// readMeaning reads split train of dir; headers gives, per shard base
// name, the page header ranges of the original shard.
func readMeaning(dir string, headers map[string][][2]int) (m shardMeaning, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("reader panicked: %v", r)
		}
	}()
	ds, err := Open(dir)
	if err != nil {
		return m, err
	}
	for q, err := range ds.Questions("train") {
		if err != nil {
			return m, err
		}
		m.questions = append(m.questions, q)
	}
	for a, err := range ds.Annotations("train") {
		if err != nil {
			return m, err
		}
		m.annotations = append(m.annotations, a)
	}
	m.footers, m.headers = map[string]any{}, map[string][]byte{}
	for _, table := range []string{QuestionsTable, AnnotationsTable} {
		for _, p := range ds.Shards("train", table) {
			pf, err := file.OpenParquetFile(p, false)
			if err != nil {
				return m, err
			}
			m.footers[filepath.Base(p)] = pf.MetaData().FileMetaData
			pf.Close()
			b, err := os.ReadFile(p)
			if err != nil {
				return m, err
			}
			var hb []byte
			for _, r := range headers[filepath.Base(p)] {
				hb = append(hb, b[r[0]:r[1]]...)
			}
			m.headers[filepath.Base(p)] = hb
		}
	}
	return m, nil
}

// meaningDiff says how b differs from a, or "".
func meaningDiff(a, b shardMeaning) string {
	switch {
	case !reflect.DeepEqual(a.questions, b.questions):
		return "the questions rows differ"
	case !reflect.DeepEqual(a.annotations, b.annotations):
		return "the annotations rows differ"
	}
	for name, f := range a.footers {
		if !reflect.DeepEqual(f, b.footers[name]) {
			return name + ": the decoded footer differs (schema, row groups, statistics or key-value metadata)"
		}
		if !bytes.Equal(a.headers[name], b.headers[name]) {
			return name + ": a page header differs"
		}
	}
	return ""
}

// duckdbView runs testdata/duckdb/mutant.mjs on split train of dir with
// the given ids; it returns nil when node or DuckDB's module is missing.
func duckdbView(t *testing.T, dir string, ids []string) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		return nil
	}
	root := filepath.Join("..", "testdata", "duckdb")
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@duckdb", "node-api")); err != nil {
		return nil
	}
	script, _ := filepath.Abs(filepath.Join(root, "mutant.mjs"))
	out, err := exec.Command(node, append([]string{script, dir, "train"}, ids...)...).Output()
	if err != nil {
		t.Fatalf("mutant.mjs: %v", err)
	}
	return out
}

// TestValidateFooterAndPageHeaderMutants flips single bytes (XOR 0x01) of
// a small dataset's two shards, in each footer (the Thrift file metadata,
// its length and the closing magic) and in every page header, at the
// positions mutantPositions documents (every byte with
// FLOWBENCH_ALL_MUTANTS=1), and runs Validate on each mutant. A mutant Validate
// accepts must mean exactly what the original means: the same rows
// through the project's reader, the same decoded footer (schema names and
// types, column statistics, key-value metadata such as huggingface,
// first_id and fingerprint), the same page headers, and, where node and
// DuckDB (npm ci --prefix testdata/duckdb) are installed, the same DESCRIBE
// output, ids, `WHERE id = ...` results and key-value metadata in DuckDB.
// A mutant Validate refuses must be refused with an error naming the
// shard. Before validate re-encoded shards, 65 of 380 mutants of a real
// shard passed; here every accepted mutant would be reported.
func TestValidateFooterAndPageHeaderMutants(t *testing.T) {
	base := t.TempDir()
	qs, _ := writeSynth(t, base, 2, 8, 8, 2, Options{Fingerprint: "0123456789abcdef"})
	var ids []string
	for _, q := range qs {
		ids = append(ids, q.ID)
	}
	ids = append(ids, "house_000/v9/absent")
	work := copyDir(t, base)
	headers := map[string][][2]int{}
	shards := map[string][]byte{}
	for _, table := range []string{QuestionsTable, AnnotationsTable} {
		name := filepath.Join(table, FinalShardName("train", 0, 1))
		b, err := os.ReadFile(filepath.Join(base, "data", name))
		if err != nil {
			t.Fatal(err)
		}
		pf, err := file.OpenParquetFile(filepath.Join(base, "data", name), false)
		if err != nil {
			t.Fatal(err)
		}
		if headers[name], err = pageHeaderRanges(b, pf.MetaData()); err != nil {
			t.Fatal(err)
		}
		pf.Close()
		shards[name] = b
	}
	orig, err := readMeaning(base, headers)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Validate(base); err != nil {
		t.Fatalf("the original dataset: %v", err)
	}
	origDuck := duckdbView(t, base, ids)
	if origDuck == nil {
		t.Log("node or DuckDB (npm ci --prefix testdata/duckdb) is not installed: accepted mutants are compared through the project's reader only")
	} else {
		// The original's view must be a real one, with each id found once.
		var view map[string]struct {
			Error   string                       `json:"error"`
			Count   json.Number                  `json:"count"`
			Filters map[string][]json.RawMessage `json:"filters"`
		}
		if err := json.Unmarshal(origDuck, &view); err != nil {
			t.Fatalf("mutant.mjs on the original: %v\n%s", err, origDuck)
		}
		for _, table := range []string{QuestionsTable, AnnotationsTable} {
			v := view[table]
			if v.Error != "" || v.Count.String() != "2" || len(v.Filters[ids[0]]) != 1 || len(v.Filters[ids[len(ids)-1]]) != 0 {
				t.Fatalf("DuckDB's view of the original %s: %s", table, origDuck)
			}
		}
	}
	total, rejected, harmless := 0, 0, 0
	for _, name := range []string{filepath.Join(QuestionsTable, FinalShardName("train", 0, 1)), filepath.Join(AnnotationsTable, FinalShardName("train", 0, 1))} {
		b := shards[name]
		path := filepath.Join(work, "data", name)
		positions, nFooter := mutantPositions(t, b, headers[name])
		t.Logf("%s: %d bytes; %d footer and %d page header bytes flipped", name, len(b), nFooter, len(positions)-nFooter)
		m := bytes.Clone(b)
		for _, pos := range positions {
			total++
			m[pos] ^= 0x01
			if err := os.WriteFile(path, m, 0o644); err != nil {
				t.Fatal(err)
			}
			m[pos] ^= 0x01
			_, err := Validate(work)
			if err != nil {
				rejected++
				var ve *ValidationError
				if !errors.As(err, &ve) || (ve.Shard != path && !strings.Contains(ve.Reason, path) && !strings.Contains(ve.Reason, name)) {
					t.Errorf("%s byte %d: Validate's error %v does not name the shard", name, pos, err)
				}
				continue
			}
			got, err := readMeaning(work, headers)
			why := ""
			switch {
			case err != nil:
				why = "the project's reader fails: " + err.Error()
			default:
				why = meaningDiff(orig, got)
			}
			if why == "" && origDuck != nil {
				if d := duckdbView(t, work, ids); !bytes.Equal(d, origDuck) {
					why = fmt.Sprintf("DuckDB sees %s, the original %s", d, origDuck)
				}
			}
			if why != "" {
				t.Errorf("%s byte %d (0x%02x -> 0x%02x): Validate accepts the mutant, but %s", name, pos, b[pos], b[pos]^1, why)
				continue
			}
			harmless++
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d mutants: %d rejected, %d accepted and harmless, %d accepted and harmful", total, rejected, harmless, total-rejected-harmless)
}

// allMutantsEnv makes TestValidateFooterAndPageHeaderMutants flip every
// byte of the footers and page headers (31,367 mutants, about ten minutes
// on two cores; all were refused when the re-encoding check went in).
const allMutantsEnv = "FLOWBENCH_ALL_MUTANTS"

// mutantPositions returns the bytes of shard b to flip (and how many are
// in the footer): every byte of the footer's key-value entries other than
// the ARROW:schema value (huggingface, first_id, last_id, rows, split,
// shard, fingerprint, schema_version, table, and the keys themselves),
// every 97th byte of the ARROW:schema value (openShard compares it whole
// with the expected schema), every 16th byte of the rest of the footer
// (schema elements, row groups, column chunk metadata and statistics,
// created_by, the length and magic) and every 16th byte of the page
// headers at ranges; with FLOWBENCH_ALL_MUTANTS=1, every byte of both.
// With -short (make test's quick tier) every stride is four times longer
// (every 4th key-value byte, every 64th and 388th of the rest); make
// test-long runs the strides above.
func mutantPositions(t *testing.T, b []byte, ranges [][2]int) ([]int, int) {
	t.Helper()
	all := os.Getenv(allMutantsEnv) != ""
	scale := 1
	if testing.Short() {
		scale = 4
	}
	fs := footerStart(t, b)
	stride := make([]int, len(b)) // 0: not flipped; k: every k-th byte
	for i := fs; i < len(b); i++ {
		stride[i] = 16
	}
	for _, r := range ranges {
		for i := r[0]; i < r[1]; i++ {
			stride[i] = 16
		}
	}
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	kv := pf.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		for j, v := range []string{k, kv.Values()[i]} {
			at := bytes.Index(b[fs:], []byte(v))
			if at < 0 {
				t.Fatalf("key-value entry %q not found in the footer", v)
			}
			every := 1
			if k == arrowSchemaKey && j == 1 {
				every = 97
			}
			for p := fs + at; p < fs+at+len(v); p++ {
				stride[p] = every
			}
		}
	}
	var out []int
	nFooter := 0
	for i, k := range stride {
		if k > 0 && (all || i%(k*scale) == 0) {
			out = append(out, i)
			if i >= fs {
				nFooter++
			}
		}
	}
	return out, nFooter
}
