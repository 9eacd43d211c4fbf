package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"flowbench/export"
	"flowbench/storage/localfile"
)

// Merge joins the finished parts of one split (the directories that
// generate --part K/N wrote, in any order) into the dataset directory out:
// it checks that the parts come from the same configuration (equal
// fingerprints and Configs) and that every part 0..N-1 is present exactly
// once, so that every balance block is present exactly once; it checks
// every shard file against its part's record (size and SHA-256), copies the
// shards' contents (never links) into
// out/data/<table>/ through the split's staging folder
// (out/data/.staging/<split>/), and writes the manifest and
// the dataset card. out must be new, empty, or a dataset without this split.
// The result is byte-identical to a single-machine run of the same Config.
func Merge(ctx context.Context, partDirs []string, out string) error {
	return MergeWith(ctx, partDirs, out, MergeOptions{})
}

// MergeOptions configure MergeWith.
type MergeOptions struct {
	// Owned marks, by index, the part directories that the merge may
	// consume: flowbench's own temporary downloads of URL parts. Their
	// shards are moved into out (renamed, once checked to be regular files)
	// instead of copied, so a merge from object storage does not need room
	// for the dataset twice. A user's part directory is never consumed.
	Owned []bool
	// Overwrite replaces the split when out already holds it (only
	// flowbench's own files of that split are removed, as with generate
	// --overwrite); without it such an out is refused.
	Overwrite bool
}

// MergeWith is Merge with options.
func MergeWith(ctx context.Context, partDirs []string, out string, opt MergeOptions) (err error) {
	if len(partDirs) == 0 {
		return fmt.Errorf("%w: merge needs at least one part directory", ErrConfig)
	}
	if isRealPart(partDirs[0]) { // real build --part K/N (real_part.go)
		return mergeReal(ctx, partDirs, out, opt)
	}
	recs, err := readParts(partDirs)
	if err != nil {
		return err
	}
	r0 := recs[0]
	split := r0.Config.Split
	if err := prepareOutDir(out, split, false, opt.Overwrite); err != nil {
		return err
	}
	defer func() {
		if err != nil { // nothing half-merged stays behind (prepareOutDir left no shard of the split)
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
	info := r0.Split
	info.Skipped = nil
	for _, r := range recs {
		info.Skipped = append(info.Skipped, r.Split.Skipped...)
	}
	sortSkipped(info.Skipped)
	_, err = writeManifest(out, r0.Config, info)
	return err
}

// readParts reads the part records of dirs and checks that they belong to
// one run and hold each part, shard and house exactly once. The records are
// returned in the order of dirs.
func readParts(dirs []string) ([]partRecord, error) {
	recs := make([]partRecord, len(dirs))
	for i, d := range dirs {
		r, err := readPartRecord(d)
		if err != nil {
			return nil, err
		}
		recs[i] = r
	}
	r0, d0 := recs[0], dirs[0]
	conf0, _ := json.Marshal(r0.Config)
	byIndex := map[int]int{}
	for i, r := range recs {
		conf, _ := json.Marshal(r.Config)
		switch {
		case r.Fingerprint != r0.Fingerprint || string(conf) != string(conf0) || r.Layout != r0.Layout:
			return nil, fmt.Errorf("%s and %s are parts of different runs (fingerprints %s and %s): "+
				"every part must be generated with the same flags, binary and asset libraries", d0, dirs[i], r0.Fingerprint, r.Fingerprint)
		case r.Part.Count != r0.Part.Count:
			return nil, fmt.Errorf("%s is part %s but %s is part %s: parts of different splittings", d0, r0.Part, dirs[i], r.Part)
		}
		if j, dup := byIndex[r.Part.Index]; dup {
			return nil, fmt.Errorf("part %s is given twice: %s and %s (its blocks would be present twice)", r.Part, dirs[j], dirs[i])
		}
		byIndex[r.Part.Index] = i
		first, end := r.Layout.PartShards(r.Part)
		if r.FirstShard != first || r.EndShard != end {
			return nil, fmt.Errorf("%s: part %s holds shards [%d, %d), want [%d, %d)", dirs[i], r.Part, r.FirstShard, r.EndShard, first, end)
		}
		if err := checkPartFiles(dirs[i], r); err != nil {
			return nil, err
		}
	}
	var missing []string
	for k := range max(1, r0.Part.Count) {
		if _, ok := byIndex[k]; !ok {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("parts %s of %d are missing (their blocks would be absent): merge needs every part 0..%d",
			strings.Join(missing, ", "), r0.Part.Count, r0.Part.Count-1)
	}
	// The parts' shard ranges tile [0, Shards), hence their houses every block.
	sorted := slices.Clone(recs)
	slices.SortFunc(sorted, func(a, b partRecord) int { return a.Part.Index - b.Part.Index })
	next := 0
	for _, r := range sorted {
		if r.FirstShard != next {
			return nil, fmt.Errorf("part %s starts at shard %d, want %d", r.Part, r.FirstShard, next)
		}
		next = r.EndShard
	}
	if next != r0.Layout.Shards {
		return nil, fmt.Errorf("the parts end at shard %d of %d", next, r0.Layout.Shards)
	}
	return recs, nil
}

// checkPartFiles checks that a part's record lists exactly one file per
// table and shard of its range, and that its tables' folders hold those files
// and no other shard (an unfinished part still has a staging folder).
func checkPartFiles(dir string, r partRecord) error {
	split := r.Config.Split
	want := map[string]bool{} // <table>/<name>
	for s := r.FirstShard; s < r.EndShard; s++ {
		for _, t := range r.tables() {
			want[t+"/"+export.FinalShardName(split, s, r.Layout.Shards)] = true
		}
	}
	listed := map[string]bool{}
	for _, f := range r.Files {
		key := f.Table + "/" + f.Name
		if !want[key] || listed[key] || f.Name != export.FinalShardName(split, f.Shard, r.Layout.Shards) {
			return fmt.Errorf("%s: the part record lists %s, which is not a shard of part %s or is listed twice", dir, key, r.Part)
		}
		listed[key] = true
	}
	if len(listed) != len(want) {
		return fmt.Errorf("%s: the part record lists %d shard files, want %d", dir, len(listed), len(want))
	}
	for _, f := range r.Files { // before anything is written: each must be a regular file of its recorded size
		p := filepath.Join(export.TableDir(dir, f.Table), f.Name)
		if _, err := localfile.Check(p, min(f.Bytes, export.MaxShardBytes), "a Parquet shard of "+fmt.Sprint(f.Bytes)+" bytes"); err != nil {
			return fmt.Errorf("part %s: %w", r.Part, err)
		}
	}
	if _, err := os.Lstat(export.StagingDir(dir, split)); err == nil {
		return fmt.Errorf("%s: part %s is not finished (it has a staging folder): rerun it with --resume", dir, r.Part)
	}
	for _, t := range append(append([]string(nil), export.MotionTables...), export.ViewpointTables...) {
		entries, err := os.ReadDir(export.TableDir(dir, t))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("part %s: %w", r.Part, err)
		}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".parquet") && !want[t+"/"+e.Name()] {
				return fmt.Errorf("%s: holds %s, which is not a shard of part %s (a block present twice?)", dir, filepath.Join(export.DataDir, t, e.Name()), r.Part)
			}
		}
	}
	return nil
}

// copyVerified copies the contents of src to dst through a temp file,
// hashing them on the way, and keeps dst only if its size and SHA-256 are
// the part record's. It never links: a hard link would let a later edit of
// the part change the merged dataset, and linking a symlink (link(2) does
// not follow it) would leave a link pointing outside the dataset. An owned
// src (a temporary download) that is a regular file is renamed instead,
// then hashed.
func copyVerified(src, dst string, f partFile, owned bool) error {
	if owned {
		if st, err := os.Lstat(src); err == nil && st.Mode().IsRegular() && os.Rename(src, dst) == nil {
			n, sum, err := hashFile(dst)
			if err != nil {
				return err
			}
			return checkPartFile(src, dst, f, n, sum)
		}
	}
	in, err := localfile.Open(src, export.MaxShardBytes, "a Parquet shard")
	if err != nil {
		return err
	}
	defer in.Close()
	h := sha256.New()
	var n int64
	if err := writeFileAtomic(dst, func(w io.Writer) error {
		n, err = io.Copy(io.MultiWriter(w, h), in)
		return err
	}); err != nil {
		return err
	}
	return checkPartFile(src, dst, f, n, hex.EncodeToString(h.Sum(nil)))
}

// checkPartFile removes dst unless its size n and SHA-256 sum are those the
// part record lists for src.
func checkPartFile(src, dst string, f partFile, n int64, sum string) error {
	if n != f.Bytes || sum != f.SHA256 {
		os.Remove(dst)
		return fmt.Errorf("shard %s is damaged: %d bytes with SHA-256 %s, its part record says %d bytes with %s",
			src, n, sum[:16], f.Bytes, f.SHA256[:min(16, len(f.SHA256))])
	}
	return nil
}

// checkShardMeta checks that a copied shard's footer names the shard index
// and the run fingerprint its part record gives (a record whose
// configuration and fingerprint were swapped for another run's would
// otherwise pass its own checks).
func checkShardMeta(dst, src string, f partFile, fingerprint string) error {
	info, err := export.ReadShardInfo(dst)
	if err != nil {
		return fmt.Errorf("shard %s: %w", src, err)
	}
	if info.Index != f.Shard || info.Fingerprint != fingerprint {
		return fmt.Errorf("shard %s is shard %d of the run with fingerprint %q, but the part record lists it as shard %d of run %q",
			src, info.Index, info.Fingerprint, f.Shard, fingerprint)
	}
	return nil
}
