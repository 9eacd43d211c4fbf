// Package schemas embeds the JSON Schemas published in this folder, so
// that programs check documents against the very files the documentation
// links (export checks DIR/manifest.json against manifest.schema.json).
package schemas

import _ "embed"

// Manifest is manifest.schema.json, the schema of a dataset's
// DIR/manifest.json (draft 2020-12).
//
//go:embed manifest.schema.json
var Manifest []byte
