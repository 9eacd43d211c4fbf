package export

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// AssetUse records which third-party models and textures a split's images
// show, so a dataset can be published with the attribution CC-BY requires.
type AssetUse struct {
	// Mode is "sh3d" when real models were drawn, "none" for primitive shapes.
	Mode string `json:"mode"`
	// CacheHash identifies the asset cache (the source archives and the
	// build format); images are reproducible only with the same hash.
	CacheHash string        `json:"cache_hash,omitempty"`
	Credits   []AssetCredit `json:"credits,omitempty"`
}

// AssetCredit is one model or texture used in a split.
type AssetCredit struct {
	Key       string `json:"key"` // "<library>:<catalog id>"
	Name      string `json:"name"`
	Library   string `json:"library"`
	Creator   string `json:"creator"`
	License   string `json:"license"`
	Instances int    `json:"instances"` // object instances (or surfaces) drawn with it over the split's houses
}

// attributionSection writes the dataset card's attribution section: per
// split the asset cache hash and every model and texture with its library,
// creator and licence.
func attributionSection(b *strings.Builder, m *Manifest) {
	splits := slices.Sorted(maps.Keys(m.Splits))
	any := false
	for _, s := range splits {
		if a := m.Splits[s].Assets; a != nil && a.Mode != "" {
			any = true
		}
	}
	if !any {
		return
	}
	b.WriteString("\n## Assets and attribution\n\n")
	for _, s := range splits {
		a := m.Splits[s].Assets
		if a == nil || a.Mode == "" {
			continue
		}
		if a.Mode == "none" {
			fmt.Fprintf(b, "Split `%s` draws primitive shapes only (no third-party assets).\n\n", s)
			continue
		}
		fmt.Fprintf(b, "Split `%s` shows %d furniture models and textures from the Sweet Home 3D libraries "+
			"(Debian packages sweethome3d-furniture and sweethome3d), asset cache `%s`. "+
			"CC-BY licences require crediting each creator:\n\n", s, len(a.Credits), a.CacheHash)
		b.WriteString("| model | library | creator | licence | instances |\n|---|---|---|---|---:|\n")
		for _, c := range a.Credits {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %d |\n", cardCell(c.Name), cardCell(c.Library), cardCell(c.Creator), cardCell(c.License), c.Instances)
		}
		b.WriteString("\n")
	}
}

// cardCell makes a value safe inside a Markdown table cell.
func cardCell(s string) string {
	s = strings.NewReplacer("|", "\\|", "\n", " ", "\r", " ").Replace(s)
	if s == "" {
		return "-"
	}
	return s
}
