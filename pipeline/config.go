package pipeline

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
)

// Config is everything that determines the bytes of a split: two runs with
// equal Configs (and the same binary and asset libraries) write identical
// shards, whatever their Options. It is JSON-serialisable, so that a
// coordinator can ship it to remote workers, and checked by Validate.
type Config struct {
	// Split is train or val (procthor houses), test (ithor scenes), or with
	// Import any name of [a-z][a-z0-9_]{0,31}.
	Split string `json:"split"`
	// Seed is the master seed.
	Seed int64 `json:"seed"`
	// Houses is the number of houses: required for train and val; for test
	// and Import, 0 means all.
	Houses int `json:"houses,omitempty"`
	// Size is the square image size in pixels.
	Size int `json:"size"`
	// Import, when set, is a directory of ProcTHOR house JSON files to
	// generate from (sorted by name).
	Import string `json:"import,omitempty"`
	// Scenes selects ithor scenes of the test split (comma-separated, in
	// order); empty means all 120.
	Scenes string `json:"scenes,omitempty"`
	// BalanceHouses is the number of consecutive houses per balance block
	// (the yes/no balance runs through a block).
	BalanceHouses int `json:"balance_houses"`
	// RowsPerShard is the target number of questions per shard; it sets
	// BlocksPerShard when that is 0 (see ShardLayout).
	RowsPerShard int `json:"rows_per_shard"`
	// BlocksPerShard is the number of balance blocks per shard; 0 derives it
	// from RowsPerShard.
	BlocksPerShard int `json:"blocks_per_shard,omitempty"`
	// Views is the most camera views per house.
	Views int `json:"views"`
	// Categories are the question categories by name; empty means all eight.
	Categories []string `json:"categories,omitempty"`
	// CategoryMix is the target share of questions per category
	// (planner.ParseMix): natural (empty: no target), equal, method or
	// category=weight,...; not with the ithor test split's TestCounts,
	// whose selection sets the counts.
	CategoryMix string `json:"category_mix,omitempty"`
	// QuestionsOnly writes only the questions table.
	QuestionsOnly bool `json:"questions_only,omitempty"`
	// Marks is the Set-of-Marks style: dots or badges.
	Marks string `json:"marks"`
	// Full runs the full planners (the test split's default).
	Full bool `json:"full,omitempty"`
	// TestCounts selects the ithor test split from the candidates of all
	// scenes: method, category=count,... or empty (keep every candidate).
	TestCounts string `json:"test_counts,omitempty"`
	// Assets chooses the furniture models: auto, none, or a directory of
	// Sweet Home 3D libraries.
	Assets string `json:"assets"`
	// Backend plans and renders through a websocket bridge (ws:// URL);
	// empty means in-process.
	Backend string `json:"backend,omitempty"`
	// RenderBackend renders only the stored frames' RGB through a websocket
	// bridge; planning and labels stay in-process.
	RenderBackend string `json:"render_backend,omitempty"`
	// Rephrase, when set, rewrites each text through an OpenAI-compatible
	// server after the paraphrase grammar.
	Rephrase *RephraseConfig `json:"rephrase,omitempty"`
	// Annotate, when set, adds the method's VLM reasoning annotations (c1,
	// c0) and its judge filter through an OpenAI-compatible server.
	Annotate *AnnotateConfig `json:"annotate,omitempty"`
	// Family is the question family: "" or FamilyMotion (object motions),
	// or FamilyViewpoint (camera counterfactuals, docs/viewpoint.md).
	Family string `json:"family,omitempty"`
	// TensorType types the dense annotation columns: plain or extension
	// (export.TensorType); empty means export.DefaultTensorType.
	TensorType string `json:"tensor_type,omitempty"`
	// AllowEmpty writes the split even when it holds no question
	// (generate --allow-empty); otherwise such a run writes nothing and
	// fails, and validate refuses an empty split whose recorded config
	// does not say allow_empty.
	AllowEmpty bool `json:"allow_empty,omitempty"`
}

// tensorType returns the configured tensor type (Validate has checked it).
func (c Config) tensorType() export.TensorType {
	if c.TensorType == "" {
		return export.DefaultTensorType
	}
	t, _ := export.ParseTensorType(c.TensorType)
	return t
}

// RephraseConfig names the rephrasing server. The API key is never part of
// the Config: Run reads it from the environment variable APIKeyEnv.
type RephraseConfig struct {
	Endpoint  string `json:"endpoint"`              // base URL ending in /v1
	Model     string `json:"model"`                 // model name
	APIKeyEnv string `json:"api_key_env,omitempty"` // environment variable holding the key
}

// AnnotateConfig names the annotation server (generate
// --annotate-endpoint): Model writes c1 and c0; with Filter, JudgeModel (or
// Model) answers each static question on the outcome image and examples it
// answers wrongly are dropped. The API key is never part of the Config.
type AnnotateConfig struct {
	Endpoint   string `json:"endpoint"`
	Model      string `json:"model"`
	JudgeModel string `json:"judge_model,omitempty"`
	Filter     bool   `json:"filter"`
	APIKeyEnv  string `json:"api_key_env,omitempty"`
}

// DefaultRowsPerShard is the default target of questions per shard.
const DefaultRowsPerShard = 256

// DefaultBalanceHouses is the default number of houses per balance block.
const DefaultBalanceHouses = 8

// TestCandidateViewsPerRoom is m, the views kept per room, when the test
// split is selected from a candidate pool.
const TestCandidateViewsPerRoom = 8

// TestCandidateFPSFactor multiplies the positions sampled per room (A.1's
// FPS) for the test split's candidate pool: 3 since version 0.3.10, whose
// view rule (planner.MaxStructureShare) keeps only candidates showing the
// room, so that each scene still offers enough views for 714 questions (with
// 2, count-near's pool fell to 108 of the 110 it needs).
const TestCandidateFPSFactor = 3

// DefaultConfig returns the defaults of every field but Split and Houses
// (set to train and 0).
func DefaultConfig() Config {
	return Config{Split: "train", Seed: 1, Size: 800, BalanceHouses: DefaultBalanceHouses, RowsPerShard: DefaultRowsPerShard,
		Views: planner.DefaultConfig().Views, Marks: render.StyleDots.String(), Assets: "auto"}
}

// ErrConfig marks an invalid Config (Validate's errors wrap it).
var ErrConfig = errors.New("invalid configuration")

// IsIthorTest reports whether the config is the ithor test split.
func (c Config) IsIthorTest() bool { return c.Split == "test" && c.Import == "" }

// Validate checks every field and returns the first problem, wrapping
// ErrConfig and naming the field by its generate flag (Houses is --houses,
// RowsPerShard --rows-per-shard, and so on).
func (c Config) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrConfig}, a...)...)
	}
	if err := checkSplitName(c.Split); err != nil {
		return bad("%v", err)
	}
	if err := c.checkBounds(); err != nil {
		return bad("%v", err)
	}
	switch {
	case c.Scenes != "" && c.Split != "test":
		return bad("--scenes selects ithor scenes of the test split, not %s", c.Split)
	case c.Scenes != "" && c.Import != "":
		return bad("--scenes and --import exclude each other")
	case c.TestCounts != "" && !c.IsIthorTest():
		return bad("--test-counts selects the ithor test split, not %s", c.Split)
	case c.Import == "" && c.Split != "train" && c.Split != "val" && c.Split != "test":
		return bad("--split must be train, val or test (or any name with --import), got %q", c.Split)
	case c.Import == "" && (c.Split == "train" || c.Split == "val") && c.Houses == 0:
		return bad("--houses is required for the %s split", c.Split)
	case c.Assets == "":
		return bad("--assets must be auto, none or a directory")
	}
	if _, err := render.ParseMarkStyle(c.Marks); err != nil {
		return bad("--marks: %v", err)
	}
	switch c.Family {
	case "", FamilyMotion:
	case FamilyViewpoint:
		switch {
		case c.QuestionsOnly:
			return bad("--questions-only: the viewpoint family always writes its target views")
		case c.TestCounts != "":
			return bad("--test-counts selects motion questions; the viewpoint family keeps every clear pair")
		case len(c.Categories) > 0:
			return bad("--categories are motion categories; the viewpoint family has none")
		case c.CategoryMix != "":
			return bad("--category-mix applies to motion categories; the viewpoint family has none")
		case c.Annotate != nil || c.Rephrase != nil:
			return bad("--annotate-endpoint and --rephrase-endpoint apply to the motion family only")
		case c.RenderBackend != "":
			return bad("--render-backend applies to the motion family only (use --backend)")
		}
	default:
		return bad("--family must be %s or %s, got %q", FamilyMotion, FamilyViewpoint, c.Family)
	}
	if c.TensorType != "" {
		if _, err := export.ParseTensorType(c.TensorType); err != nil {
			return bad("--tensor-type: %v", err)
		}
	}
	if c.TestCounts != "" && c.TestCounts != "all" {
		if _, err := planner.ParseTestCounts(c.TestCounts); err != nil {
			return bad("--test-counts: %v", err)
		}
	}
	cats, err := c.plannerCategories()
	if err != nil {
		return bad("--categories: %v", err)
	}
	if c.CategoryMix != "" {
		if t, _ := c.testTargets(); t != nil {
			return bad("--category-mix: the test split's selection sets its per-category counts (--test-counts %s)", c.TestCounts)
		}
		if _, err := planner.ParseMix(c.CategoryMix, cats); err != nil {
			return bad("--category-mix: %v", err)
		}
	}
	if err := checkBackends(c.Backend, c.RenderBackend); err != nil {
		return bad("%v", err)
	}
	if r := c.Rephrase; r != nil {
		u, perr := url.Parse(r.Endpoint)
		switch {
		case perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			return bad("--rephrase-endpoint %q: want an http(s) URL", r.Endpoint)
		case r.Model == "":
			return bad("--rephrase-model is required with --rephrase-endpoint")
		}
	}
	if a := c.Annotate; a != nil {
		u, perr := url.Parse(a.Endpoint)
		switch {
		case perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			return bad("--annotate-endpoint %q: want an http(s) URL", a.Endpoint)
		case a.Model == "":
			return bad("--annotate-model is required with --annotate-endpoint")
		}
	}
	return nil
}

// plannerCategories parses Categories (nil: all eight).
func (c Config) plannerCategories() ([]planner.Category, error) {
	if len(c.Categories) == 0 {
		return planner.AllCategories(), nil
	}
	var out []planner.Category
	for i, name := range c.Categories {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("entry %d is empty (a doubled or trailing comma?)", i+1)
		}
		cat, err := planner.ParseCategory(name)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, cat) {
			return nil, fmt.Errorf("%s is given twice", cat)
		}
		out = append(out, cat)
	}
	return out, nil
}

// categoryMix returns the parsed CategoryMix of a validated Config (nil:
// no target).
func (c Config) categoryMix() *planner.Mix {
	if c.Family == FamilyViewpoint {
		return nil
	}
	if t, _ := c.testTargets(); t != nil {
		return nil
	}
	cats, _ := c.plannerCategories()
	m, _ := planner.ParseMix(c.CategoryMix, cats)
	return m
}

// testTargets returns the parsed TestCounts: nil keeps every candidate.
func (c Config) testTargets() (map[planner.Category]int, error) {
	if !c.IsIthorTest() || c.TestCounts == "" || c.TestCounts == "all" {
		return nil, nil
	}
	return planner.ParseTestCounts(c.TestCounts)
}

// plannerConfig returns the planner configuration of a validated Config.
func (c Config) plannerConfig() planner.Config {
	cfg := planner.DefaultConfig()
	if t, _ := c.testTargets(); t != nil {
		// The candidate pool: more views per scene than A.1's m = 3 (a
		// single-room scene gets 3 views, too few for 714 questions from 120
		// scenes at the planners' acceptance rates); see docs/planner.md.
		cfg.PerRoom, cfg.FPSPerRoom = TestCandidateViewsPerRoom, TestCandidateFPSFactor*cfg.FPSPerRoom
	}
	cfg.Full = c.Full
	cfg.Categories, _ = c.plannerCategories()
	cfg.Mix = c.categoryMix()
	cfg.Views = c.Views
	return cfg
}

// markStyle returns the parsed Marks of a validated Config.
func (c Config) markStyle() render.MarkStyle {
	s, _ := render.ParseMarkStyle(c.Marks)
	return s
}
