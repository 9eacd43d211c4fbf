package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"flowbench/export"
	"flowbench/sim"
	"flowbench/storage/localfile"
)

// PartFile is the name of the part record a part run writes into its
// directory instead of the manifest: what Merge needs to check and join the
// parts.
const PartFile = "part.json"

// partFormat names the part record's format.
const partFormat = "flowbench-part/3"

// partFormatPrefix starts the format of every part record flowbench has
// written (an older one is still flowbench's file, which merge refuses).
const partFormatPrefix = "flowbench-part/"

// partRecord describes a finished part: the run it belongs to (Config and
// Fingerprint), which shards and houses it holds, the split's manifest
// information, and the size and SHA-256 of every shard file.
type partRecord struct {
	Format      string     `json:"format"`
	Version     string     `json:"flowbench_version"`
	Fingerprint string     `json:"fingerprint"`
	Config      Config     `json:"config"`
	Part        Part       `json:"part"`
	Layout      Layout     `json:"layout"`
	FirstShard  int        `json:"first_shard"`
	EndShard    int        `json:"end_shard"`
	FirstHouse  int        `json:"first_house"`
	EndHouse    int        `json:"end_house"`
	Split       splitInfo  `json:"split"`
	Files       []partFile `json:"files"`
	// Digest is the SHA-256 of the record's JSON without it: Merge refuses
	// a record edited after the part was written (its configuration would
	// become the merged split's manifest).
	Digest string `json:"digest"`
}

// digest returns the SHA-256 of r's JSON with Digest empty.
func (r partRecord) digest() string {
	r.Digest = ""
	b, _ := json.Marshal(r)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// partFile is one shard file of a part.
type partFile struct {
	Name   string `json:"name"` // final name, <split>-<index>-of-<count>.parquet under data/<table>/
	Shard  int    `json:"shard"`
	Table  string `json:"table"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// newPartRecord describes the part a finished run wrote.
func newPartRecord(cfg Config, part Part, res Result, info splitInfo) partRecord {
	r := partRecord{Format: partFormat, Version: Version, Fingerprint: res.Fingerprint, Config: cfg, Part: part,
		Layout: res.Layout, FirstShard: res.FirstShard, EndShard: res.EndShard, Split: info}
	r.FirstHouse, _ = res.Layout.ShardHouses(res.FirstShard)
	r.EndHouse, _ = res.Layout.ShardHouses(res.EndShard)
	return r
}

// tables returns the tables of the part's split.
func (r *partRecord) tables() []string {
	if r.Config.QuestionsOnly {
		return []string{export.QuestionsTable}
	}
	return []string{export.QuestionsTable, export.AnnotationsTable}
}

// writePartRecord hashes the part's shard files into r and writes
// DIR/part.json (through a temp file and a rename).
func writePartRecord(dir string, r partRecord) error {
	files, err := partFiles(dir, r.Config.Split, r.tables(), r.FirstShard, r.EndShard, r.Layout.Shards)
	if err != nil {
		return err
	}
	r.Files = files
	return writeDigestedRecord(dir, r, func(r *partRecord, d string) { r.Digest = d })
}

// writeDigestedRecord sets r's digest, computed over the record as merge
// will decode it, and writes it as DIR/part.json through a temp file and a
// rename: the shared ending of the motion and Real part records.
func writeDigestedRecord[R interface{ digest() string }](dir string, r R, setDigest func(*R, string)) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	var decoded R
	if err := json.Unmarshal(b, &decoded); err != nil {
		return err
	}
	setDigest(&r, decoded.digest())
	if b, err = json.MarshalIndent(r, "", "  "); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, PartFile), func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// maxPartRecordBytes bounds a part.json that Merge reads: a part of 10,000
// shards writes about 2 MB.
const maxPartRecordBytes = 64 << 20

// readPartRecord reads DIR/part.json.
func readPartRecord(dir string) (partRecord, error) {
	var r partRecord
	b, err := localfile.ReadFile(filepath.Join(dir, PartFile), maxPartRecordBytes, "a part record")
	if errors.Is(err, fs.ErrNotExist) {
		return r, fmt.Errorf("%s holds no %s: not a finished part (run generate --part K/N into it, or finish it with --resume)", dir, PartFile)
	}
	if err != nil {
		return r, err
	}
	return decodePartRecord(b, filepath.Join(dir, PartFile))
}

// decodePartRecord decodes the part record b read from name (a path or URL,
// for errors) and checks its format and digest.
func decodePartRecord(b []byte, name string) (partRecord, error) {
	var r partRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: malformed part record: %w", name, err)
	}
	if r.Format != partFormat {
		return r, fmt.Errorf("%s: format %q, want %q (format 2 parts use the old layout data/<split>/<table>-*.parquet; regenerate the part with this flowbench)",
			name, r.Format, partFormat)
	}
	if d := r.digest(); d != r.Digest {
		return r, fmt.Errorf("%s was edited after the part was written (its digest %.16s does not match its content, %.16s): "+
			"merge trusts its configuration, shards and hashes; regenerate the part instead of editing it", name, r.Digest, d)
	}
	return r, nil
}

// removePartRecord removes a stale part record, and the temp file a kill
// during its rename leaves, before a run writes DIR.
func removePartRecord(dir string) error {
	temps, _ := filepath.Glob(filepath.Join(dir, "."+PartFile+".tmp-*"))
	for _, p := range append(temps, filepath.Join(dir, PartFile)) {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return diskError(err)
		}
	}
	return nil
}

// hashFile returns the size and hex SHA-256 of a file.
func hashFile(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", fmt.Errorf("reading %s: %w", path, err)
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// writeFileAtomic writes path through a temp file in the same directory,
// filled by fill, fsynced and renamed (sim.WriteFileAtomicFunc): path is
// either absent or complete.
func writeFileAtomic(path string, fill func(io.Writer) error) error {
	if err := sim.WriteFileAtomicFunc(path, fill); err != nil {
		return diskError(fmt.Errorf("writing %s: %w", path, err))
	}
	return nil
}

// partOwnership says whether path (a directory's part.json) is absent, a
// part record flowbench wrote (its format names a flowbench part), or
// someone else's file.
func partOwnership(path string) (export.OwnFile, error) {
	b, err := localfile.ReadFile(path, maxPartRecordBytes, "a part record")
	if errors.Is(err, fs.ErrNotExist) {
		return export.FileAbsent, nil
	}
	if err != nil {
		return export.FileForeign, err
	}
	var r struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(b, &r) != nil || !strings.HasPrefix(r.Format, partFormatPrefix) {
		return export.FileForeign, nil
	}
	return export.FileOwn, nil
}

// partFiles lists the shard files [first, end) of split's tables under dir
// with their sizes and SHA-256 sums, as a part record holds them.
func partFiles(dir, split string, tables []string, first, end, shards int) ([]partFile, error) {
	var files []partFile
	for s := first; s < end; s++ {
		for _, t := range tables {
			name := export.FinalShardName(split, s, shards)
			n, sum, err := hashFile(filepath.Join(export.TableDir(dir, t), name))
			if err != nil {
				return nil, err
			}
			files = append(files, partFile{Name: name, Shard: s, Table: t, Bytes: n, SHA256: sum})
		}
	}
	return files, nil
}
