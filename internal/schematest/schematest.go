// Package schematest compiles the JSON Schemas published under docs/schemas
// (draft 2020-12) with github.com/santhosh-tekuri/jsonschema/v6 and
// validates JSON documents against them, for the tests of the packages that
// write those documents: sim (house JSON), export (manifest.json), pipeline
// (part.json) and thor (protocol messages).
package schematest

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Dir returns the repository's docs/schemas directory, found from the
// working directory (a package directory under go test) upward.
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "docs", "schemas"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("schematest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Compile compiles docs/schemas/<name> (for example "house.schema.json");
// references to the other schemas there resolve relative to it. A schema
// that is missing or invalid fails the test.
func Compile(t testing.TB, name string) *jsonschema.Schema {
	t.Helper()
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	return CompileFile(t, filepath.Join(dir, name))
}

// CompileFile compiles the schema file at path, of whichever draft its
// "$schema" names (2020-12 when it names none).
func CompileFile(t testing.TB, path string) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(path)
	if err != nil {
		t.Fatalf("compiling the JSON Schema %s: %v", path, err)
	}
	return s
}

// Validate decodes doc (numbers kept exact) and validates it against s. The
// error lists every violation with its JSON pointer.
func Validate(s *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return s.Validate(v)
}
