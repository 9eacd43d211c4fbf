package real

import "fmt"

// Source is a robot dataset and the constants Appendix B sets per dataset.
type Source struct {
	// Name is bridge_v2, droid, language_table, rt1, berkeley_ur5 or
	// custom.
	Name string
	// G is the depth factor g: metric depth is the estimator's divided
	// by G (B.3).
	G float64
	// Margin is m, the comparison margin in metres (B.4).
	Margin float64
	// MaxTravel caps a match candidate's implied travel, metres (B.2).
	MaxTravel float64
	// RoomScale selects the DROID variants of the rules (thresholds,
	// margins, Left Right's width term).
	RoomScale bool
	// MinLandmarkArea is the smallest landmark mask, pixels (B.4).
	MinLandmarkArea int
	// DepthOrder reports whether Depth Order questions are asked (B.4.6:
	// Bridge V2 and DROID only).
	DepthOrder bool
	// PhiMin, PhiMax bound the change filter φ (B.1, eq. 47).
	PhiMin, PhiMax float64
	// Named reports whether named-object questions are asked (B.4.9:
	// Bridge V2 and DROID; a custom source too, whose builder asks for
	// names).
	Named bool
}

// Source names.
const (
	BridgeV2      = "bridge_v2"
	DROID         = "droid"
	LanguageTable = "language_table"
	RT1           = "rt1"
	BerkeleyUR5   = "berkeley_ur5"
	Custom        = "custom"
)

// SourceNames lists the known sources in a fixed order.
var SourceNames = []string{BridgeV2, DROID, LanguageTable, RT1, BerkeleyUR5, Custom}

// LookupSource returns the constants of a named source. Custom has no
// constants of its own: use CustomSource.
func LookupSource(name string) (Source, error) {
	s := Source{Name: name, Margin: MarginDefault, MaxTravel: MaxTravelDefault,
		MinLandmarkArea: MinLandmarkAreaSmall, PhiMin: PhiMinOther, PhiMax: PhiMaxOther}
	switch name {
	case BridgeV2:
		s.G, s.MinLandmarkArea, s.DepthOrder, s.Named = GBridgeV2, MinLandmarkAreaDefault, true, true
		s.PhiMin, s.PhiMax = PhiMinBridge, PhiMaxBridge
	case DROID:
		s.G, s.Margin, s.MaxTravel, s.RoomScale = GDROID, MarginDROID, MaxTravelDROID, true
		s.MinLandmarkArea, s.DepthOrder, s.Named = MinLandmarkAreaDefault, true, true
	case LanguageTable:
		// B.3 fits a table plane from end-effector positions instead of a
		// depth factor; without those episodes (issue 51) depth is taken
		// as metric.
		s.G = 1
	case RT1:
		s.G = GRT1
	case BerkeleyUR5:
		s.G = GBerkeleyUR5
	case Custom:
		return Source{}, fmt.Errorf("source %q takes its own factor and margins (CustomSource)", name)
	default:
		return Source{}, fmt.Errorf("unknown source %q (want one of %v)", name, SourceNames)
	}
	return s, nil
}

// CustomSource returns a custom source with its own depth factor g and
// margin m (metres); it uses the room-scale (DROID) rule variants when
// roomScale is set and asks Depth Order questions when depthOrder is set.
func CustomSource(g, margin float64, roomScale, depthOrder bool) (Source, error) {
	if !(g > 0) || g > 100 {
		return Source{}, fmt.Errorf("custom source: depth factor g = %g (want 0 < g <= 100)", g)
	}
	if !(margin > 0) || margin > 1 {
		return Source{}, fmt.Errorf("custom source: margin %g m (want 0 < m <= 1)", margin)
	}
	s := Source{Name: Custom, G: g, Margin: margin, MaxTravel: MaxTravelDefault, RoomScale: roomScale,
		MinLandmarkArea: MinLandmarkAreaDefault, DepthOrder: depthOrder, PhiMin: PhiMinOther, PhiMax: PhiMaxOther, Named: true}
	if roomScale {
		s.MaxTravel = MaxTravelDROID
	}
	return s, nil
}
