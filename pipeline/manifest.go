package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"flowbench/assets"
	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/storage/localfile"
)

// Version is the generator version recorded in manifests and fingerprints.
const Version = "0.5.1"

// maxRowGroupBytes bounds a generated shard's row groups.
const maxRowGroupBytes = 64 << 20

// fingerprint hashes everything a split's bytes depend on, so that a resume
// never mixes shards of different configurations and Merge never joins
// parts of different runs. It does not depend on the part.
func fingerprint(c Config, src *houseSource, lib *assets.Library, pc planner.Config, layout Layout) string {
	h := sha256.New()
	fmt.Fprintf(h, "flowbench %s schema %s\nsplit %s seed %d size %d questions-only %v balance-houses %d blocks-per-shard %d rows-per-shard %d\nsource %s\n",
		Version, export.SchemaVersion, c.Split, c.Seed, c.Size, c.QuestionsOnly, layout.BalanceHouses, layout.BlocksPerShard, c.RowsPerShard, src.Kind)
	fmt.Fprintf(h, "assets %s\n", assetsKey(lib))
	if src.backend != nil {
		fmt.Fprintf(h, "backend-assets %s\n", src.backend) // the houses leave out what it cannot create
	}
	if s := c.markStyle(); s != render.StyleDots {
		fmt.Fprintf(h, "marks %s\n", s)
	}
	if c.Rephrase != nil {
		fmt.Fprintf(h, "rephrase %s %s\n", c.Rephrase.Endpoint, c.Rephrase.Model)
	}
	if a := c.Annotate; a != nil {
		fmt.Fprintf(h, "annotate %s %s %s %v\n", a.Endpoint, a.Model, a.JudgeModel, a.Filter)
	}
	if t := c.tensorType(); t != export.TensorPlain {
		fmt.Fprintf(h, "tensor-type %s\n", t) // plain, the default, leaves plain runs' fingerprints as they were
	}
	if t, _ := c.testTargets(); t != nil {
		fmt.Fprintf(h, "test-counts %s\n", planner.FormatTestCounts(t))
	}
	if pc.Mix != nil {
		fmt.Fprintf(h, "category-mix %s\n", pc.Mix)
	}
	for _, hs := range src.Houses {
		if hs.SHA256 != "" {
			fmt.Fprintf(h, "%s %s\n", hs.ID, hs.SHA256) // an import's content, not only its name
		} else {
			fmt.Fprintf(h, "%s\n", hs.ID)
		}
	}
	b, _ := json.Marshal(struct {
		Views, FPS, PerRoom int
		Visible             float64
		Full                bool
		Categories          []string
	}{pc.Views, pc.FPSPerRoom, pc.PerRoom, pc.VisiblePixels, pc.Full, categoryNames(pc.Categories)})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func categoryNames(cs []planner.Category) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// splitInfo is what the manifest records about a split beyond its shards;
// a part record carries it to Merge.
type splitInfo struct {
	Config map[string]any   `json:"config"` // the split's manifest configuration
	Assets *export.AssetUse `json:"assets"`
	// Skipped lists the houses --skip-bad-houses left out.
	Skipped []export.SkippedHouse `json:"skipped_houses,omitempty"`
	// LeftOut sums what the houses left out for the backend (nil: nothing
	// could be, the backend creates every asset).
	LeftOut *export.LeftOutAssets `json:"left_out_assets,omitempty"`
}

// newSplitInfo describes a split generated under c from src.
func newSplitInfo(c Config, src *houseSource, pc planner.Config, layout Layout, sel *planner.Selection, use *export.AssetUse) splitInfo {
	source := map[string]any{"kind": src.Kind}
	switch {
	case c.Import != "":
		source["import_dir"] = c.Import
	case src.Kind == "ithor":
		source["scenes"] = len(src.Houses)
	case c.Split == "val":
		source["generator_index"] = fmt.Sprintf("%d + house index", valStreamOffset)
	default:
		source["generator_index"] = "house index"
	}
	conf := map[string]any{
		"houses": len(src.Houses), "seed": c.Seed, "size": c.Size, "rows_per_shard": c.RowsPerShard,
		"blocks_per_shard": layout.BlocksPerShard, "shards": layout.Shards,
		"views": pc.Views, "categories": categoryNames(pc.Categories), "questions_only": c.QuestionsOnly,
		"source": source, "balance_houses": layout.BalanceHouses, "marks": c.markStyle().String(), "full_planners": pc.Full,
		export.TensorTypeKey: c.tensorType().String(),
	}
	if c.Rephrase != nil {
		conf["rephrase"] = map[string]any{"endpoint": c.Rephrase.Endpoint, "model": c.Rephrase.Model}
	}
	if a := c.Annotate; a != nil {
		judge := a.JudgeModel
		if judge == "" {
			judge = a.Model
		}
		conf["annotate"] = map[string]any{"endpoint": a.Endpoint, "model": a.Model, "filter": a.Filter, "judge_model": judge,
			"columns": "reasoning_outcome (c1), reasoning_imagined (c0)"}
	}
	if sel != nil {
		t, _ := c.testTargets()
		conf["selection"] = map[string]any{
			"targets": planner.FormatTestCounts(t), "candidates": sel.Candidates, "selected": sel.Selected,
			"short": sel.Short, "scene_cap": sel.SceneCap, "chance": sel.Chance,
			"rule": "per category, answer values in the candidates' proportions, clearest decision margin first, per-scene caps 1.5× an even share, then uncapped",
		}
	}
	if m := c.categoryMix(); m != nil {
		conf["category_mix"] = m.String()
	}
	if src.backend != nil {
		conf[backendAssetsKey] = src.backend.String()
	}
	if c.AllowEmpty {
		conf[export.AllowEmptyKey] = true // validate accepts the split empty
	}
	return splitInfo{Config: conf, Assets: use}
}

// writeManifest writes DIR/manifest.json and DIR/README.md from the finished
// shards of every split, keeping the configuration and seed of the other
// splits from an existing manifest; c is the split's configuration.
func writeManifest(dir string, c Config, info splitInfo) (*export.Manifest, error) {
	split, seed := c.Split, c.Seed
	conf := map[string]any{}
	seeds := map[string]int64{}
	oldAssets := map[string]*export.AssetUse{}
	oldMix := map[string]*export.CategoryMix{}
	oldSkipped := map[string][]export.SkippedHouse{}
	oldLeftOut := map[string]*export.LeftOutAssets{}
	if b, err := localfile.ReadFile(filepath.Join(dir, export.ManifestFile), export.MaxManifestBytes, "a dataset manifest"); err == nil {
		var old export.Manifest
		if json.Unmarshal(b, &old) == nil {
			for k, v := range old.Config {
				conf[k] = v
			}
			for k, v := range old.Seeds {
				seeds[k] = v
			}
			for k, st := range old.Splits {
				oldAssets[k], oldMix[k], oldSkipped[k], oldLeftOut[k] = st.Assets, st.Mix, st.Skipped, st.LeftOut
			}
		}
	}
	conf[split] = info.Config
	seeds[split] = seed
	m, err := export.NewManifest(dir, Version, conf, seeds)
	if err != nil {
		return nil, err
	}
	for name, st := range m.Splits {
		if name != split {
			if oldAssets[name] != nil {
				st.Assets = oldAssets[name]
			}
			st.Mix, st.Skipped, st.LeftOut = oldMix[name], oldSkipped[name], oldLeftOut[name]
		}
	}
	if st := m.Splits[split]; st != nil {
		st.Assets, st.Skipped, st.LeftOut = info.Assets, info.Skipped, info.LeftOut
		st.Mix = mixReport(c.CategoryMix, c.categoryMix(), st, c.Size, c.markStyle())
	}
	ds, err := export.Open(dir)
	if err != nil {
		return nil, err
	}
	hasAnn := false
	for _, s := range ds.Splits() {
		hasAnn = hasAnn || len(ds.Shards(s, export.AnnotationsTable)) > 0
	}
	if !hasAnn && len(m.Schema) > 1 {
		m.Schema = m.Schema[:1]
	}
	if err := export.WriteManifest(dir, m); err != nil {
		return nil, diskError(err)
	}
	if err := export.WriteCard(dir, m); err != nil {
		return nil, diskError(err)
	}
	return m, nil
}
