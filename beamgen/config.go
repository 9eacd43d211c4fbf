package beamgen

import (
	"bytes"
	"encoding/json"
	"fmt"

	"flowbench/pipeline"
)

// ParseConfig reads a pipeline.Config from JSON (cmd/flowbench-beam's
// --config): fields the JSON leaves out keep pipeline.DefaultConfig's
// values, an unknown field is an error, and the result is validated.
func ParseConfig(data []byte) (pipeline.Config, error) {
	return decodeConfig(data, pipeline.DefaultConfig())
}

// decodeConfig decodes one JSON pipeline.Config over base, refusing unknown
// fields (a typo, or a launcher and a worker of different versions) and
// trailing data, and validates it. Workers decode over the zero Config: the
// launcher's JSON holds every field that is not zero.
func decodeConfig(data []byte, base pipeline.Config) (pipeline.Config, error) {
	cfg := base
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return cfg, fmt.Errorf("config: %w", err)
	}
	if dec.More() {
		return cfg, fmt.Errorf("config: more than one JSON value")
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("config: %w", err)
	}
	return cfg, nil
}
