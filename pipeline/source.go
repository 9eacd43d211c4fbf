package pipeline

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"flowbench/sim"
	"flowbench/thor"
)

// Where the houses of a split come from. Every house has a position in the
// run (its index, 0-based) and an id that names it in question ids and
// seeds every planner stream; both depend only on the flags, never on the
// number of workers.
//
//	train   procthor house (seed S, stream index i)             id train_000042
//	val     procthor house (seed S, stream index 1_000_000 + i) id val_000042
//	test    ithor scene list[i] (all 120, or --scenes), seed S  id FloorPlan201
//	import  the i-th *.json file of the directory, sorted       id its base name
//
// Train and val draw from disjoint index ranges of the same procthor
// generator, so no house appears in both for any seed (up to a million
// training houses per seed).

// valStreamOffset separates the val houses' generator indices from train's.
const valStreamOffset = 1_000_000

// houseSpec describes one house of a run.
type houseSpec struct {
	Index int    // position in the run
	ID    string // house id (question ids start with it)
	Style string // "procthor" or "ithor"
	load  func() (*sim.House, error)
	// raw loads the house as its source gives it, before forBackend left
	// out what the backend cannot create (nil when nothing was).
	raw func() (*sim.House, error)
	// SHA256 is an imported house file's content hash ("" for generated
	// houses): the resume fingerprint covers it, so a fixed or edited
	// file is never resumed onto shards of the old one.
	SHA256 string
}

// houseSource lists the houses of a run.
type houseSource struct {
	Kind   string // "procthor", "ithor" or "import"
	Houses []houseSpec
	// backend is the asset support the houses are built for (forBackend);
	// nil when the backend creates every asset.
	backend *thor.AssetSupport
}

// newProcthorSource lists n procthor houses of a split.
func newProcthorSource(split string, seed int64, n int) (*houseSource, error) {
	offset := 0
	switch split {
	case "train":
	case "val":
		offset = valStreamOffset
	default:
		return nil, fmt.Errorf("procthor houses are for the train and val splits, not %q", split)
	}
	if n > valStreamOffset {
		return nil, fmt.Errorf("at most %d houses per split, got %d", valStreamOffset, n)
	}
	src := &houseSource{Kind: sim.StyleProcTHOR}
	for i := 0; i < n; i++ {
		stream := offset + i
		src.Houses = append(src.Houses, houseSpec{
			Index: i, ID: fmt.Sprintf("%s_%06d", split, i), Style: sim.StyleProcTHOR,
			load: func() (*sim.House, error) { return sim.Generate(sim.StyleProcTHOR, seed, stream) },
		})
	}
	return src, nil
}

// newIthorSource lists ithor scenes: the named ones (comma separated, in the
// order given) or all 120; n > 0 keeps the first n.
func newIthorSource(scenes string, seed int64, n int) (*houseSource, error) {
	all := sim.IthorSceneNames()
	names := all
	if strings.TrimSpace(scenes) != "" {
		known := map[string]bool{}
		for _, s := range all {
			known[s] = true
		}
		names = nil
		seen := map[string]bool{}
		for _, s := range strings.Split(scenes, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				continue
			}
			if !known[s] {
				return nil, fmt.Errorf("unknown ithor scene %q (FloorPlan1-30, 201-230, 301-330, 401-430)", s)
			}
			if seen[s] {
				return nil, fmt.Errorf("ithor scene %q is listed twice", s)
			}
			seen[s] = true
			names = append(names, s)
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("--scenes lists no scene")
		}
	}
	if n > len(names) {
		return nil, fmt.Errorf("%d houses asked for but only %d ithor scenes are selected", n, len(names))
	}
	if n > 0 {
		names = names[:n]
	}
	src := &houseSource{Kind: sim.StyleITHOR}
	for i, name := range names {
		src.Houses = append(src.Houses, houseSpec{
			Index: i, ID: name, Style: sim.StyleITHOR,
			load: func() (*sim.House, error) { return sim.GenerateIthor(name, seed) },
		})
	}
	return src, nil
}

// newImportSource lists the *.json house files of a directory in name
// order; n > 0 keeps the first n. Every file is loaded and validated up
// front, so that a bad file fails the run before anything is written, with
// its name and the reason; import warnings are logged.
func newImportSource(dir string, n int, log *slog.Logger) (*houseSource, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("--import: %w", err)
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".json") {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("--import: %s holds no .json house files", dir)
	}
	if n > len(files) {
		return nil, fmt.Errorf("--import: %d houses asked for but %s holds %d", n, dir, len(files))
	}
	if n > 0 {
		files = files[:n]
	}
	src := &houseSource{Kind: "import"}
	ids := map[string]string{}
	for i, f := range files {
		id := houseIDFromFile(f)
		if prev, ok := ids[id]; ok {
			return nil, fmt.Errorf("--import: %s and %s give the same house id %q", prev, f, id)
		}
		ids[id] = f
		path := filepath.Join(dir, f)
		_, rep, err := sim.LoadHouseFile(path, sim.ImportOptions{})
		if err != nil {
			return nil, fmt.Errorf("--import: %w (fix or remove the file)", err)
		}
		sum := rep.SHA256
		if rep != nil {
			for _, w := range rep.Warnings {
				log.Info("import warning", "file", path, "warning", w)
			}
		}
		src.Houses = append(src.Houses, houseSpec{
			Index: i, ID: id, Style: sim.StyleProcTHOR, SHA256: sum,
			load: func() (*sim.House, error) {
				s, rep, err := sim.LoadHouseFile(path, sim.ImportOptions{})
				if err != nil {
					return nil, err
				}
				if rep.SHA256 != sum {
					return nil, fmt.Errorf("%s changed during the run (SHA-256 %.16s, %.16s when the run started)", path, rep.SHA256, sum)
				}
				return s.HouseJSON(), nil
			},
		})
	}
	return src, nil
}

// houseIDFromFile turns a file name into a house id: the base name without
// the extension, with characters other than letters, digits, '-', '_' and
// '.' replaced by '_' (ids become parts of question ids and image paths).
func houseIDFromFile(name string) string {
	base := strings.TrimSuffix(name, filepath.Ext(name))
	b := []byte(base)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "house"
	}
	return string(b)
}
