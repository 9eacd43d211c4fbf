package export

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"flowbench/docs/schemas"
	"flowbench/storage/localfile"
)

// manifestSchemaURL names the embedded manifest schema inside the compiler.
const manifestSchemaURL = "file:///flowbench/docs/schemas/manifest.schema.json"

// manifestSchema compiles docs/schemas/manifest.schema.json (embedded by
// package schemas) once.
var manifestSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemas.Manifest))
	if err != nil {
		return nil, fmt.Errorf("export: the embedded manifest schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(manifestSchemaURL, doc); err != nil {
		return nil, fmt.Errorf("export: the embedded manifest schema: %w", err)
	}
	s, err := c.Compile(manifestSchemaURL)
	if err != nil {
		return nil, fmt.Errorf("export: compiling the embedded manifest schema: %w", err)
	}
	return s, nil
})

// maxSchemaProblems bounds the schema violations one error lists.
const maxSchemaProblems = 3

// CheckManifestSchema checks raw, the bytes of DIR/manifest.json, against
// docs/schemas/manifest.schema.json (every family: motion, viewpoint,
// Real): JSON null where an object, array or number is required, a
// missing required field, a field of the wrong type, a negative count or
// width, an unknown field. The error names DIR/manifest.json and, for each
// violation (at most three), the field as a JSON pointer and the reason.
func CheckManifestSchema(dir string, raw []byte) error {
	path := filepath.Join(dir, ManifestFile)
	s, err := manifestSchema()
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return &ValidationError{Shard: path, Row: -1, Reason: "not valid JSON: " + err.Error()}
	}
	err = s.Validate(doc)
	var ve *jsonschema.ValidationError
	if err == nil {
		return nil
	}
	if !errors.As(err, &ve) {
		return &ValidationError{Shard: path, Row: -1, Reason: err.Error()}
	}
	return &ValidationError{Shard: path, Row: -1, Reason: "does not match docs/schemas/manifest.schema.json: " + schemaProblems(ve)}
}

// schemaProblems lists the deepest violations of a schema validation
// error, "field: reason", the field a JSON pointer ("(the document)" for
// the top level).
func schemaProblems(ve *jsonschema.ValidationError) string {
	type problem struct{ at, why string }
	var leaves []problem
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			at := "/" + strings.Join(e.InstanceLocation, "/")
			// A leaf's Error is "at '<pointer>': <reason>".
			why := e.Error()
			if _, after, ok := strings.Cut(why, "': "); ok {
				why = after
			}
			if at == "/" {
				at = "(the document)"
			}
			leaves = append(leaves, problem{at, why})
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	// The deepest fields first: a wrong split field also fails the
	// family's if/then at the top, which says less.
	slices.SortStableFunc(leaves, func(a, b problem) int { return strings.Count(b.at, "/") - strings.Count(a.at, "/") })
	var out []string
	for _, p := range leaves {
		s := p.at + ": " + p.why
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) > maxSchemaProblems {
		out = append(out[:maxSchemaProblems], fmt.Sprintf("and %d more", len(out)-maxSchemaProblems))
	}
	return strings.Join(out, "; ")
}

// CheckManifestFile reads DIR/manifest.json and checks it against the
// schema (CheckManifestSchema); validate runs it on every family before
// the family's own checks. A missing manifest is left to the caller.
func CheckManifestFile(dir string) error {
	raw, err := localfile.ReadFile(filepath.Join(dir, ManifestFile), MaxManifestBytes, "a dataset manifest")
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return CheckManifestSchema(dir, raw)
}
