package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"flowbench/sim"
	"flowbench/storage/localfile"
)

// writeFamilyManifest writes DIR/manifest.json from m and the dataset card
// DIR/README.md that card makes from m and the shards of tables, each
// atomically: the shared writer of the viewpoint and Real families.
func writeFamilyManifest(dir string, m any, tables []string, card func([]CardTable) (string, error)) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return fmt.Errorf("export: manifest: %w", err)
	}
	if err := sim.WriteFileAtomic(filepath.Join(dir, ManifestFile), buf.Bytes()); err != nil {
		return fmt.Errorf("export: writing %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	ct, err := ReadCardTables(dir, tables)
	if err != nil {
		return err
	}
	text, err := card(ct)
	if err != nil {
		return err
	}
	if err := sim.WriteFileAtomic(filepath.Join(dir, CardFile), []byte(text)); err != nil {
		return fmt.Errorf("export: writing %s: %w", filepath.Join(dir, CardFile), err)
	}
	return nil
}

// readFamilyManifest reads DIR/manifest.json into a new M and checks that
// family (its "family" field, as got returns it) is want; what names the
// family in the error ("a viewpoint dataset").
func readFamilyManifest[M any](dir, want, what string, got func(*M) string) (*M, error) {
	p := filepath.Join(dir, ManifestFile)
	raw, err := localfile.ReadFile(p, MaxManifestBytes, "a dataset manifest")
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	m := new(M)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("export: %s: %w", p, err)
	}
	if f := got(m); f != want {
		return nil, fmt.Errorf("export: %s: family %q, not %s", p, f, what)
	}
	return m, nil
}
