package thor

import (
	"slices"
	"strings"

	"flowbench/sim"
)

// Asset sets a server's hello lists in Hello.Assets: the asset ids it can
// create. A hello without the field (every server before it was added)
// means AssetsAI2THOR. Names this version does not know grant nothing, so a
// later set stays compatible.
const (
	// AssetsAI2THOR is the asset ids of ProcTHOR's asset database
	// (sim.BuiltinAssetDB): what AI2-THOR's CreateHouse can create.
	AssetsAI2THOR = "ai2thor"
	// AssetsFlowbench is flowbench's own asset ids (sim.FlowbenchOnlyAsset).
	AssetsFlowbench = "flowbench"
	// AssetsAll is every asset id: the server builds each object from the
	// house or its meshes (the Go server, Blender).
	AssetsAll = "all"
)

// AssetSupport is the asset ids a server can create, read from its hello.
// The zero value is a server that declared nothing: AI2-THOR's ids.
type AssetSupport struct {
	sets []string // sorted, distinct, known names; nil means AssetsAI2THOR
}

// AllAssets is the support of a backend that creates every asset id (the
// in-process simulator).
var AllAssets = AssetSupport{sets: []string{AssetsAll}}

// SupportOf reads a server hello's asset sets.
func SupportOf(h Hello) AssetSupport {
	var a AssetSupport
	for _, s := range h.Assets {
		if (s == AssetsAI2THOR || s == AssetsFlowbench || s == AssetsAll) && !slices.Contains(a.sets, s) {
			a.sets = append(a.sets, s)
		}
	}
	slices.Sort(a.sets)
	if len(h.Assets) == 0 {
		a.sets = nil // nothing declared: AI2-THOR's
	} else if a.sets == nil {
		a.sets = []string{} // only unknown names: nothing this version knows
	}
	return a
}

// names returns the declared sets, AI2-THOR's when nothing was declared.
func (a AssetSupport) names() []string {
	if a.sets == nil {
		return []string{AssetsAI2THOR}
	}
	return a.sets
}

// All reports whether the server can create every asset id.
func (a AssetSupport) All() bool { return slices.Contains(a.names(), AssetsAll) }

// CanCreate reports whether the server can create an object of asset id.
func (a AssetSupport) CanCreate(id string) bool {
	for _, s := range a.names() {
		switch {
		case s == AssetsAll:
			return true
		case s == AssetsAI2THOR && sim.BuiltinAssetDB().Asset(id) != nil:
			return true
		case s == AssetsFlowbench && sim.FlowbenchOnlyAsset(id):
			return true
		}
	}
	return false
}

// String names the sets joined by "+" ("ai2thor", "ai2thor+flowbench",
// "all"; "none" for a server that declared only names this version does
// not know). It is what manifests record.
func (a AssetSupport) String() string {
	if n := a.names(); len(n) > 0 {
		return strings.Join(n, "+")
	}
	return "none"
}

// ParseAssetSupport reads String's form back (SplitHouses rebuilds a split's
// houses with the support its manifest records).
func ParseAssetSupport(s string) AssetSupport {
	if s == "none" {
		return AssetSupport{sets: []string{}}
	}
	return SupportOf(Hello{Assets: strings.Split(s, "+")})
}
