package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"flowbench/export"
	"flowbench/storage/localfile"
)

// realPartFormat names the part record of a Real part. It shares the
// prefix of generate's part records, so the out-directory checks know it
// as flowbench's file, and Merge tells the two apart by it.
const realPartFormat = "flowbench-part/real-1"

// realPartRecord describes a finished part of a Real split: the run
// (fingerprint, split, seed, the run report every part computes alike),
// its shard range and the size and SHA-256 of its shard files.
type realPartRecord struct {
	Format      string                `json:"format"`
	Version     string                `json:"flowbench_version"`
	Fingerprint string                `json:"fingerprint"`
	Split       string                `json:"split"`
	Seed        int64                 `json:"seed"`
	Part        Part                  `json:"part"`
	Shards      int                   `json:"shards"`
	FirstShard  int                   `json:"first_shard"`
	EndShard    int                   `json:"end_shard"`
	Run         *export.RealRunReport `json:"run"`
	Files       []partFile            `json:"files"`
	Digest      string                `json:"digest"`
}

func (r realPartRecord) digest() string {
	r.Digest = ""
	b, _ := json.Marshal(r)
	return sha256Hex(b)
}

// writeRealPartRecord hashes the part's shards and writes DIR/part.json.
func writeRealPartRecord(dir string, opt RealOptions, res *RealResult) error {
	r := realPartRecord{Format: realPartFormat, Version: Version, Fingerprint: res.Fingerprint, Split: opt.Split, Seed: opt.Seed,
		Part: opt.Part, Shards: res.Shards, FirstShard: res.FirstShard, EndShard: res.EndShard, Run: res.Run}
	files, err := partFiles(dir, r.Split, export.RealTables, r.FirstShard, r.EndShard, r.Shards)
	if err != nil {
		return err
	}
	r.Files = files
	return writeDigestedRecord(dir, r, func(r *realPartRecord, d string) { r.Digest = d })
}

// isRealPart reports whether dir's part record is a Real part's.
func isRealPart(dir string) bool {
	b, err := localfile.ReadFile(filepath.Join(dir, PartFile), maxPartRecordBytes, "a part record")
	if err != nil {
		return false
	}
	var r struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(b, &r) == nil && r.Format == realPartFormat
}

// readRealPart reads and checks DIR/part.json of a Real part.
func readRealPart(dir string) (realPartRecord, error) {
	var r realPartRecord
	name := filepath.Join(dir, PartFile)
	b, err := localfile.ReadFile(name, maxPartRecordBytes, "a part record")
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: malformed part record: %w", name, err)
	}
	if r.Format != realPartFormat {
		return r, fmt.Errorf("%s: format %q, want %q (a generate part cannot be merged with Real parts)", name, r.Format, realPartFormat)
	}
	if d := r.digest(); d != r.Digest {
		return r, fmt.Errorf("%s was edited after the part was written (its digest does not match its content): regenerate the part", name)
	}
	return r, nil
}

// mergeReal is Merge for the parts of a Real split (real build --part
// K/N): the same checks (one run, every part once, shard ranges tiling
// the split, every shard file its record's size and SHA-256 and footer),
// the shards copied through the staging folder, then the manifest and
// card. The result is byte-identical to a single run.
func mergeReal(ctx context.Context, partDirs []string, out string, opt MergeOptions) (err error) {
	recs := make([]realPartRecord, len(partDirs))
	byIndex := map[int]int{}
	for i, d := range partDirs {
		if recs[i], err = readRealPart(d); err != nil {
			return err
		}
		r, r0 := recs[i], recs[0]
		if r.Fingerprint != r0.Fingerprint || r.Split != r0.Split || r.Shards != r0.Shards || r.Part.Count != r0.Part.Count {
			return fmt.Errorf("%s and %s are parts of different Real runs (fingerprints %s and %s, parts %s and %s)",
				partDirs[0], d, r0.Fingerprint, r.Fingerprint, r0.Part, r.Part)
		}
		if j, dup := byIndex[r.Part.Index]; dup {
			return fmt.Errorf("part %s is given twice: %s and %s", r.Part, partDirs[j], d)
		}
		byIndex[r.Part.Index] = i
		first, end := Layout{Shards: r.Shards}.PartShards(r.Part)
		if r.FirstShard != first || r.EndShard != end {
			return fmt.Errorf("%s: part %s holds shards [%d, %d), want [%d, %d)", d, r.Part, r.FirstShard, r.EndShard, first, end)
		}
		if err := checkRealPartFiles(d, r); err != nil {
			return err
		}
	}
	r0 := recs[0]
	var missing []string
	for k := range max(1, r0.Part.Count) {
		if _, ok := byIndex[k]; !ok {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("parts %s of %d are missing: merge needs every part 0..%d", strings.Join(missing, ", "), r0.Part.Count, r0.Part.Count-1)
	}
	split := r0.Split
	if err := prepareOutDir(out, split, false, opt.Overwrite); err != nil {
		return err
	}
	if err := checkRealFamily(out); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			export.RemoveSplit(out, split)
		}
	}()
	parts := make([]stagedPart, len(recs))
	for i, r := range recs {
		parts[i] = stagedPart{dir: partDirs[i], name: r.Part.String(), fingerprint: r.Fingerprint, files: r.Files,
			owned: i < len(opt.Owned) && opt.Owned[i]}
	}
	if err := stageParts(ctx, out, split, parts); err != nil {
		return err
	}
	if err := checkMergedRealPairs(out, split); err != nil {
		return err // the deferred clean-up removes the merged shards
	}
	return writeRealManifest(out, split, r0.Seed, r0.Run)
}

// checkRealPartFiles checks that a Real part's record lists exactly its
// shards' files and that its tables' folders hold no other shard.
func checkRealPartFiles(dir string, r realPartRecord) error {
	want := map[string]bool{}
	for s := r.FirstShard; s < r.EndShard; s++ {
		for _, t := range export.RealTables {
			want[t+"/"+export.FinalShardName(r.Split, s, r.Shards)] = true
		}
	}
	listed := map[string]bool{}
	for _, f := range r.Files {
		key := f.Table + "/" + f.Name
		if !want[key] || listed[key] || f.Name != export.FinalShardName(r.Split, f.Shard, r.Shards) {
			return fmt.Errorf("%s: the part record lists %s, which is not a shard of part %s or is listed twice", dir, key, r.Part)
		}
		listed[key] = true
		if _, err := localfile.Check(filepath.Join(export.TableDir(dir, f.Table), f.Name), min(f.Bytes, export.MaxShardBytes), "a Parquet shard"); err != nil {
			return fmt.Errorf("part %s: %w", r.Part, err)
		}
	}
	if len(listed) != len(want) {
		return fmt.Errorf("%s: the part record lists %d shard files, want %d", dir, len(listed), len(want))
	}
	for _, t := range export.AllTables() {
		entries, _ := os.ReadDir(export.TableDir(dir, t))
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".parquet") && !want[t+"/"+e.Name()] {
				return fmt.Errorf("%s: holds %s, which is not a shard of part %s", dir, filepath.Join(export.DataDir, t, e.Name()), r.Part)
			}
		}
	}
	return nil
}

// writeRealManifest writes the manifest and card of the Real dataset in
// dir after split was written with seed and run; the other splits of an
// existing Real manifest keep their seeds and run reports.
func writeRealManifest(dir, split string, seed int64, run *export.RealRunReport) error {
	runs := map[string]*export.RealRunReport{split: run}
	seeds := map[string]int64{split: seed}
	if old, err := export.ReadRealManifest(dir); err == nil {
		for s, st := range old.Splits {
			if s != split && slices.Contains(splitsOnDisk(dir), s) {
				runs[s] = st.Run
				if v, ok := old.Seeds[s]; ok {
					seeds[s] = v
				}
			}
		}
	}
	m, err := export.NewRealManifest(dir, Version, nil, seeds, runs)
	if err != nil {
		return err
	}
	return diskError(export.WriteRealManifest(dir, m))
}

// finalShardName matches a finished shard's name, <split>-NNNNN-of-NNNNN.parquet.
var finalShardName = regexp.MustCompile(`^(.+)-\d{5}-of-\d{5}\.parquet$`)

// sha256Hex returns the hex SHA-256 of b.
func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// splitsOnDisk lists the splits with finished questions shards in dir.
func splitsOnDisk(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(export.TableDir(dir, export.QuestionsTable))
	for _, e := range entries {
		if m := finalShardName.FindStringSubmatch(e.Name()); m != nil && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}
