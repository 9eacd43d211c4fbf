package export

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

var _ flag.Value = new(TensorType)

func TestTensorTypeNames(t *testing.T) {
	for _, tt := range []TensorType{TensorPlain, TensorExtension} {
		got, err := ParseTensorType(tt.String())
		if err != nil || got != tt {
			t.Errorf("ParseTensorType(%q) = %v, %v", tt, got, err)
		}
		var v TensorType = 99
		if err := v.Set(tt.String()); err != nil || v != tt {
			t.Errorf("Set(%q) gives %v, %v", tt, v, err)
		}
	}
	if DefaultTensorType != TensorPlain || TensorType(0) != DefaultTensorType {
		t.Errorf("the zero TensorType is %s, the default %s; both should be plain", TensorType(0), DefaultTensorType)
	}
	for _, bad := range []string{"", "Plain", "tensor", "arrow.fixed_shape_tensor"} {
		v := TensorExtension
		if err := v.Set(bad); err == nil || !strings.Contains(err.Error(), strconv.Quote(bad)) || v != TensorExtension {
			t.Errorf("Set(%q): %v, value now %s", bad, err, v)
		}
	}
	if _, err := NewShardWriter(filepath.Join(t.TempDir(), "a.parquet"), AnnotationsTable, ShardOptions{W: 2, H: 2, TensorType: 7}); err == nil {
		t.Error("NewShardWriter accepted tensor type 7")
	}
}

// footerStart returns the offset of a Parquet file's footer (its metadata):
// everything before it is the column chunks.
func footerStart(t *testing.T, b []byte) int {
	t.Helper()
	if len(b) < 12 || string(b[len(b)-4:]) != "PAR1" {
		t.Fatal("not a Parquet file")
	}
	return len(b) - 8 - int(binary.LittleEndian.Uint32(b[len(b)-8:]))
}

// TestTensorTypesStoreTheSameValues writes the same rows in both tensor
// types and checks that only the annotations footers differ (the questions
// shards are byte-identical, the annotations column chunks too), that our
// reader returns the same rows from both, that both validate, and that the
// manifest and the card describe each dataset's tensor type.
func TestTensorTypesStoreTheSameValues(t *testing.T) {
	const w, h = 24, 16
	dirs := map[TensorType]string{}
	var written []AnnotationRow
	for _, tt := range []TensorType{TensorPlain, TensorExtension} {
		dirs[tt] = t.TempDir()
		_, written = writeSynth(t, dirs[tt], 5, w, h, 2, Options{TensorType: tt})
		if _, err := Validate(dirs[tt]); err != nil {
			t.Fatalf("%s: %v", tt, err)
		}
	}
	plain, ext := dirs[TensorPlain], dirs[TensorExtension]
	shards, _ := filepath.Glob(filepath.Join(plain, "data", "*", "train-*.parquet"))
	if len(shards) != 6 {
		t.Fatalf("%d shards, want 6", len(shards))
	}
	for _, p := range shards {
		rel, _ := filepath.Rel(plain, p)
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(ext, rel))
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(filepath.Dir(p)) == QuestionsTable {
			if !bytes.Equal(a, b) {
				t.Errorf("%s differs between tensor types", rel)
			}
			continue
		}
		fa, fb := footerStart(t, a), footerStart(t, b)
		if fa != fb || !bytes.Equal(a[:fa], b[:fb]) {
			t.Errorf("%s: column chunks differ between tensor types (%d and %d bytes)", rel, fa, fb)
		}
		if bytes.Equal(a[fa:], b[fb:]) {
			t.Errorf("%s: footers are equal, want the tensor metadata to differ", rel)
		}
		for tt, dir := range dirs {
			got, err := ShardTensorType(filepath.Join(dir, rel))
			if err != nil || got != tt {
				t.Errorf("ShardTensorType(%s) = %s, %v; want %s", rel, got, err, tt)
			}
		}
	}
	_, asPlain := readAll(t, plain, "train")
	_, asExt := readAll(t, ext, "train")
	if !reflect.DeepEqual(asPlain, written) || !reflect.DeepEqual(asExt, written) {
		t.Error("our reader returns different annotations for the two tensor types")
	}
	for tt, dir := range dirs {
		ds, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		cols, got, ok := manifestTensors(ds.Manifest)
		if !ok || got != tt || len(cols) != len(denseColumns) {
			t.Errorf("%s: manifest describes %d dense columns of %s tensors", tt, len(cols), got)
		}
		card, _ := os.ReadFile(filepath.Join(dir, CardFile))
		if !strings.Contains(string(card), "Tensor type `"+tt.String()+"`") || !strings.Contains(string(card), "| flow_forward | ") {
			t.Errorf("%s: the card does not describe the tensor type and columns", tt)
		}
	}
	if _, err := ShardTensorType(filepath.Join(plain, "data", "questions", "train-00000-of-00003.parquet")); err == nil {
		t.Error("ShardTensorType accepted a questions shard")
	}
}

// TestMixedTensorTypesRefused checks that a dataset holds one tensor type:
// CheckTensorType refuses a new split of the other type, the manifest is
// not written over mixed shards, and Validate names a shard of the other
// type, a split config and a manifest schema that disagree with the shards.
func TestMixedTensorTypesRefused(t *testing.T) {
	const w, h = 16, 8
	dir := t.TempDir()
	writeSynth(t, dir, 3, w, h, 2, Options{TensorType: TensorPlain})
	if err := CheckTensorType(dir, "val", TensorPlain); err != nil {
		t.Errorf("same tensor type refused: %v", err)
	}
	if err := CheckTensorType(dir, "train", TensorExtension); err != nil {
		t.Errorf("rewriting the only split with another tensor type refused: %v", err)
	}
	if err := CheckTensorType(t.TempDir(), "train", TensorExtension); err != nil {
		t.Errorf("empty directory refused: %v", err)
	}
	err := CheckTensorType(dir, "val", TensorExtension)
	if err == nil || !strings.Contains(err.Error(), "plain") || !strings.Contains(err.Error(), "extension") {
		t.Errorf("new split with extension tensors in a plain dataset: %v", err)
	}
	// Shards staged by an interrupted run count too.
	staged := copyDir(t, dir)
	stagingDir := filepath.Join(staged, "data", ".staging", "train")
	if err := os.MkdirAll(stagingDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(staged, "data", "annotations", "train-00000-of-00002.parquet"),
		filepath.Join(stagingDir, "annotations-00000.parquet")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(staged, "data", "annotations", "train-00001-of-00002.parquet"))
	if err := CheckTensorType(staged, "val", TensorExtension); err == nil {
		t.Error("a staged shard of the other tensor type was not seen")
	}

	// A second split written with the other type: Finish refuses to
	// describe the mix.
	dw, err := Create(dir, Options{TensorType: TensorExtension, RowsPerShard: 2})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split("val", w, h)
	if err != nil {
		t.Fatal(err)
	}
	extDir := t.TempDir()
	qs, as := writeSynth(t, extDir, 3, w, h, 2, Options{TensorType: TensorExtension})
	for i := range qs {
		qs[i].Split = "val"
		if err := sw.Add(qs[i], as[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Finish("test", nil, nil); err == nil || !strings.Contains(err.Error(), "one tensor type") {
		t.Errorf("Finish over mixed tensor types: %v", err)
	}
	if err := RemoveSplit(dir, "val"); err != nil {
		t.Fatal(err)
	}

	// Validate: one annotations shard replaced by the same rows with the
	// other tensor type.
	shard := filepath.Join("data", "annotations", "train-00001-of-00002.parquet")
	other, err := os.ReadFile(filepath.Join(extDir, shard))
	if err != nil {
		t.Fatal(err)
	}
	mixed := copyDir(t, dir)
	if err := os.WriteFile(filepath.Join(mixed, shard), other, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Validate(mixed)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Shard != filepath.Join(mixed, shard) || !strings.Contains(ve.Reason, "one tensor type") {
		t.Errorf("Validate of mixed shards: %v", err)
	}

	// Validate: a split config naming the other type.
	bad := copyDir(t, dir)
	editManifest(t, bad, func(m *Manifest) { m.Splits["train"].Config = map[string]any{TensorTypeKey: "extension"} })
	if _, err := Validate(bad); !errors.As(err, &ve) || ve.Shard != filepath.Join(bad, ManifestFile) || !strings.Contains(ve.Reason, TensorTypeKey) {
		t.Errorf("Validate with a wrong tensor_type config: %v", err)
	}
	// ... or generate's form: the manifest config keyed by split.
	bad = copyDir(t, dir)
	editManifest(t, bad, func(m *Manifest) { m.Config = map[string]any{"train": map[string]any{TensorTypeKey: "extension"}} })
	if _, err := Validate(bad); !errors.As(err, &ve) || ve.Shard != filepath.Join(bad, ManifestFile) || !strings.Contains(ve.Reason, TensorTypeKey) {
		t.Errorf("Validate with a wrong tensor_type in the manifest config: %v", err)
	}
	// Validate: a schema describing the other type.
	bad = copyDir(t, dir)
	editManifest(t, bad, func(m *Manifest) { m.Schema = DescribeSchema(w, h, TensorExtension) })
	if _, err := Validate(bad); !errors.As(err, &ve) || ve.Shard != filepath.Join(bad, ManifestFile) || !strings.Contains(ve.Reason, FixedShapeTensorName) {
		t.Errorf("Validate with a schema of the other tensor type: %v", err)
	}
	// The untouched dataset, with its config recording the type, validates.
	good := copyDir(t, dir)
	editManifest(t, good, func(m *Manifest) { m.Splits["train"].Config = map[string]any{TensorTypeKey: "plain"} })
	if _, err := Validate(good); err != nil {
		t.Errorf("valid dataset: %v", err)
	}
}

// copyDir copies a dataset directory into a new temporary directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// editManifest rewrites DIR/manifest.json after edit.
func editManifest(t *testing.T, dir string, edit func(*Manifest)) {
	t.Helper()
	m, err := readManifest(dir)
	if err != nil || m == nil {
		t.Fatalf("manifest: %v", err)
	}
	edit(m)
	if err := WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
}
