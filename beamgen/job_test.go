package beamgen

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"flowbench/pipeline"
)

func TestPartLocation(t *testing.T) {
	for _, c := range []struct {
		work string
		k    int
		want string
	}{
		{"/data/run", 0, "/data/run/parts/0"},
		{"/data/run/", 12, "/data/run/parts/12"},
		{"run", 3, "run/parts/3"},
		{"s3://bucket", 2, "s3://bucket/parts/2"},
		{"s3://bucket/flow/run?region=eu-west-1", 7, "s3://bucket/flow/run/parts/7?region=eu-west-1"},
		{"gs://bucket/run/", 1, "gs://bucket/run/parts/1"},
		{"file:///tmp/run", 4, "file:///tmp/run/parts/4"},
	} {
		if got := PartLocation(c.work, c.k); got != c.want {
			t.Errorf("PartLocation(%q, %d) = %q, want %q", c.work, c.k, got, c.want)
		}
	}
}

// The config the workers decode is the config the launcher encoded, for
// configs that set every kind of field.
func TestConfigTravelsAsJSON(t *testing.T) {
	base := prismConfig()
	variants := []func(c *pipeline.Config){
		func(c *pipeline.Config) {},
		func(c *pipeline.Config) { c.Split, c.Seed, c.Houses = "val", 77, 40 },
		func(c *pipeline.Config) { c.Categories = []string{"occlusion", "contact_wall"}; c.QuestionsOnly = true },
		func(c *pipeline.Config) { c.Marks, c.Full, c.RowsPerShard, c.BlocksPerShard = "badges", true, 9, 0 },
		func(c *pipeline.Config) {
			c.Rephrase = &pipeline.RephraseConfig{Endpoint: "http://127.0.0.1:1/v1", Model: "m", APIKeyEnv: "K"}
		},
		func(c *pipeline.Config) {
			c.Split, c.Houses, c.Scenes, c.TestCounts = "test", 0, "FloorPlan1,FloorPlan2", "all"
		},
		func(c *pipeline.Config) { c.TensorType, c.Family = "extension", "viewpoint" },
	}
	for i, v := range variants {
		cfg := base
		v(&cfg)
		if err := cfg.Validate(); err != nil {
			t.Fatalf("variant %d: %v", i, err)
		}
		js, err := json.Marshal(cfg)
		if err != nil {
			t.Fatal(err)
		}
		f := &runPartFn{Config: string(js), Parts: 2}
		if err := f.Setup(); err != nil {
			t.Fatalf("variant %d: %v", i, err)
		}
		if !reflect.DeepEqual(f.cfg, cfg) {
			t.Errorf("variant %d: the worker decoded %+v, want %+v", i, f.cfg, cfg)
		}
	}
}

func TestParseConfig(t *testing.T) {
	cfg, err := ParseConfig([]byte(`{"houses": 12, "size": 256}`))
	if err != nil {
		t.Fatal(err)
	}
	want := pipeline.DefaultConfig()
	want.Houses, want.Size = 12, 256
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("got %+v, want the defaults with houses 12 and size 256: %+v", cfg, want)
	}
	for _, bad := range []struct{ js, why string }{
		{`{"houses": 12, "sise": 256}`, "sise"},
		{`{"houses": 12} {"houses": 3}`, "more than one"},
		{`{"houses": "twelve"}`, "houses"},
		{`{"split": "train"}`, "houses is required"},
		{`{"houses": 12`, "unexpected EOF"},
	} {
		if _, err := ParseConfig([]byte(bad.js)); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("ParseConfig(%s) = %v, want an error about %q", bad.js, err, bad.why)
		}
	}
}

func TestJobValidate(t *testing.T) {
	ok := Job{Config: prismConfig(), Parts: 3, Work: "/w", Out: "/o"}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, j := range map[string]Job{
		"no parts":         {Config: ok.Config, Parts: 0, Work: "/w", Out: "/o"},
		"no work":          {Config: ok.Config, Parts: 1, Out: "/o"},
		"no out":           {Config: ok.Config, Parts: 1, Work: "/w"},
		"out is work":      {Config: ok.Config, Parts: 1, Work: "/w/", Out: "/w"},
		"negative workers": {Config: ok.Config, Parts: 1, Work: "/w", Out: "/o", PartWorkers: -1},
		"bad config":       {Config: pipeline.Config{Split: "train"}, Parts: 1, Work: "/w", Out: "/o"},
	} {
		err := j.Validate()
		if !errors.Is(err, ErrJob) {
			t.Errorf("%s: Validate = %v, want an ErrJob", name, err)
		}
		if _, perr := j.Pipeline(); perr == nil {
			t.Errorf("%s: Pipeline built an invalid job", name)
		}
	}
}
