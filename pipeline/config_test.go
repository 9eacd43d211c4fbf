package pipeline

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// A Config survives a JSON round trip unchanged (it is shipped to remote
// workers that way).
func TestConfigJSONRoundTrip(t *testing.T) {
	c := DefaultConfig()
	c.Split, c.Houses, c.Categories, c.QuestionsOnly, c.Marks, c.BlocksPerShard = "val", 12, []string{"near_object", "occlusion"}, true, "badges", 2
	c.Rephrase = &RephraseConfig{Endpoint: "http://127.0.0.1:8000/v1", Model: "m", APIKeyEnv: "KEY"}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back Config
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, back) {
		t.Fatalf("round trip changed the config:\n%+v\n%+v", c, back)
	}
	if err := back.Validate(); err != nil {
		t.Fatal(err)
	}
}

// Validate names the field (by its generate flag) and wraps ErrConfig.
func TestConfigValidate(t *testing.T) {
	ok := DefaultConfig()
	ok.Houses = 1
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { c.Houses = 0 }, "--houses is required"},
		{func(c *Config) { c.Size = 8 }, "--size"},
		{func(c *Config) { c.Split = "Train" }, "--split"},
		{func(c *Config) { c.Split = "dev" }, "--split must be"},
		{func(c *Config) { c.Views = 0 }, "--views"},
		{func(c *Config) { c.BalanceHouses = 0 }, "--balance-houses"},
		{func(c *Config) { c.BlocksPerShard = -1 }, "--blocks-per-shard"},
		{func(c *Config) { c.Categories = []string{"bogus"} }, "--categories"},
		{func(c *Config) { c.Marks = "stars" }, "--marks"},
		{func(c *Config) { c.Scenes = "FloorPlan1" }, "--scenes"},
		{func(c *Config) { c.TestCounts = "method" }, "--test-counts"},
		{func(c *Config) { c.Backend = "http://x" }, "--backend"},
		{func(c *Config) { c.Rephrase = &RephraseConfig{Endpoint: "localhost:1"} }, "--rephrase-endpoint"},
		{func(c *Config) { c.Rephrase = &RephraseConfig{Endpoint: "http://h/v1"} }, "--rephrase-model"},
		{func(c *Config) { c.Assets = "" }, "--assets"},
	} {
		cfg := ok
		c.edit(&cfg)
		err := cfg.Validate()
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Validate = %v, want an ErrConfig naming %q", cfg, err, c.want)
		}
	}
	if err := ok.Validate(); err != nil {
		t.Errorf("a valid config: %v", err)
	}
	test := DefaultConfig()
	test.Split, test.TestCounts = "test", "method"
	if err := test.Validate(); err != nil {
		t.Errorf("the test split with the method's counts: %v", err)
	}
}
