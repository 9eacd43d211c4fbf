package real

import (
	"slices"
	"testing"
)

// TestAppendixBConstants pins every constant of Appendix B to the value
// the paper states; changing one fails here, naming its section.
func TestAppendixBConstants(t *testing.T) {
	for _, c := range []struct {
		cite string
		got  float64
		want float64
	}{
		{"B.1 frame width", DefaultWidth, 640}, {"B.1 frame height", DefaultHeight, 480},
		{"B.1 DROID width", DROIDWidth, 912}, {"B.1 DROID height", DROIDHeight, 512},
		{"B.1 f", DefaultFocal, 610}, {"B.1 cx", DefaultCx, 320}, {"B.1 cy", DefaultCy, 240},
		{"B.1 eq. 47 grey threshold", ChangeGrayThreshold, 35},
		{"B.1 eq. 47 Bridge min", PhiMinBridge, 0.005}, {"B.1 eq. 47 Bridge max", PhiMaxBridge, 0.30},
		{"B.1 eq. 47 other min", PhiMinOther, 0.004}, {"B.1 eq. 47 other max", PhiMaxOther, 0.5},
		{"B.1 Bridge trajectories per task", BridgeMaxPerTask, 40}, {"B.1 DROID episodes per (lab, instruction)", DROIDMaxPerLabInstruction, 3},
		{"B.1 DROID grasp steps", DROIDMinGraspSteps, 8},
		{"B.2 tracked frames", MaxTrackFrames, 48}, {"B.2 kitchen nouns", KitchenNouns, 28}, {"B.2 household nouns", HouseholdNouns, 46},
		{"B.2 mask score", MinMaskScore, 0.35}, {"B.2 task-noun score", MinTaskNounScore, 0.20},
		{"B.2 min mask area", MinMaskArea, 300}, {"B.2 max mask share", MaxMaskShare, 0.05},
		{"B.2 histogram correlation", MatchMinHistCorr, 0.5}, {"B.2 generic correlation", MatchMinHistCorrGeneric, 0.75},
		{"B.2 area factor", MatchMaxAreaRatio, 4}, {"B.2 travel cap", MaxTravelDefault, 0.30}, {"B.2 DROID travel cap", MaxTravelDROID, 0.90},
		{"B.2 track endpoint radius", TrackEndpointRadius, 60},
		{"B.2 mover travel", MoverMinTravel, 0.03}, {"B.2 mover pixels", MoverMinPixels, 8}, {"B.2 landmark travel", LandmarkMaxTravel, 0.02},
		{"B.2 other movers", MaxOtherMovers, 2}, {"B.2 held share", HeldMaxArmShare, 0.30}, {"B.2 arm dilation", ArmDilation, 25},
		{"B.2 eq. 49 cos", CertMinCos, 0.7}, {"B.2 eq. 49 lower ratio", CertMinRatio, 0.7}, {"B.2 eq. 49 upper ratio", CertMaxRatio, 2},
		{"B.3 g Bridge V2", GBridgeV2, 1.95}, {"B.3 g DROID", GDROID, 1.15}, {"B.3 g RT-1", GRT1, 0.61}, {"B.3 g Berkeley UR5", GBerkeleyUR5, 0.84},
		{"B.3 can", StandardSizes["can"], 0.12}, {"B.3 cup", StandardSizes["cup"], 0.09}, {"B.3 apple", StandardSizes["apple"], 0.08},
		{"B.3 eq. 51 min move", ScaleCheckMinMove, 5}, {"B.3 eq. 51 min px", ScaleCheckMinPixels, 5},
		{"B.3 eq. 51 low", ScaleRatioMin, 0.6}, {"B.3 eq. 51 high", ScaleRatioMax, 1.67},
		{"B.4 landmark area", MinLandmarkAreaDefault, 1000}, {"B.4 landmark area small", MinLandmarkAreaSmall, 500},
		{"B.4 visible loss", LandmarkMaxVisibleLoss, 0.60}, {"B.4 arm cover", LandmarkMaxArmCover, 0.25},
		{"B.4 mark spacing", MarkMinSpacing, 30}, {"B.4 max landmarks", MaxLandmarks, 6},
		{"B.4 depth drop abs", DepthDropAbs, 0.25}, {"B.4 depth drop rel", DepthDropRel, 0.7},
		{"B.4 m", MarginDefault, 0.03}, {"B.4 m DROID", MarginDROID, 0.06},
		{"B.4 move component", MoveTextMinComponent, 0.02}, {"B.4 ref min", RefMinExtent, 0.03}, {"B.4 ref max", RefMaxExtent, 0.60},
		{"B.4 ref min footprint (Language-Table)", RefMinFootprint, 0.02},
		{"B.4 dot ΔE", DotMinDeltaE, 40},
		{"B.4.1 eq. 54 d1", ThresholdMargin1, 0.05}, {"B.4.1 eq. 54 d0", ThresholdMargin0, 0.03},
		{"B.4.1 DROID d1 min", ThresholdMargin1DROIDMin, 0.08}, {"B.4.1 DROID d1 rel", ThresholdMargin1DROIDRel, 0.15},
		{"B.4.1 DROID d0", ThresholdMargin0DROID, 0.05},
		{"B.4.3 landmarks", CloserToMinLandmarks, 3}, {"B.4.3 gap", CloserToGapMargins, 2}, {"B.4.3 options", CloserToMaxOptions, 4},
		{"B.4.4 landmarks", ClosestThreeMinLandmarks, 5}, {"B.4.4 gap", ClosestThreeGapMargins, 1.5},
		{"B.4.5 landmarks", CountNearMinLandmarks, 4}, {"B.4.5 margin", CountNearMargin, 0.03}, {"B.4.5 options", CountNearMaxOptions, 4},
		{"B.4.6 aspect", DepthOrderMaxAspect, 3}, {"B.4.6 area share", DepthOrderMaxShare, 0.02}, {"B.4.6 border", DepthOrderMinBorder, 20},
		{"B.4.6 eq. 56 after", DepthOrderMargin1, 0.15}, {"B.4.6 eq. 56 before", DepthOrderMargin0, 0.08},
		{"B.4.7 arm cover", OcclusionMaxArmCover, 0.25}, {"B.4.7 eq. 57 area", CoverMaxAreaRatio, 0.85},
		{"B.4.7 eq. 57 front", CoverFrontMargin, 0.01}, {"B.4.7 eq. 57 overlap", CoverMinOverlap, 0.25},
		{"B.4.7 reveal area", RevealMinAreaRatio, 1.35}, {"B.4.7 reveal before", RevealMinBoxOverlap0, 0.10}, {"B.4.7 reveal after", RevealMaxBoxOverlap1, 0.05},
		{"B.4.9 threshold d1", NamedThresholdMargin1, 0.04}, {"B.4.9 closest-three gap", NamedClosestThreeGap, 0.03},
		{"B.4.9 cover overlap", NamedCoverMinOverlap, 0.10},
		{"B.4.8 left-right", NoChangeLeftRightMin, 0.05}, {"B.4.8 false share", NoChangeFalseShare, 0.5},
		{"B.5 mover aspect", MoverMaxAspect, 3.5}, {"B.5 mover area", MoverMinArea, 1000}, {"B.5 mover keep", MoverMinVisibleKeep, 0.30},
		{"B.5 depth change", MoverMaxDepthChange, 0.60}, {"B.5 never moved", NeverMovedCorr, 0.6},
		{"B.5 nested containment", NestedContainment, 0.7}, {"B.5 nested ratio", NestedMinAreaRatio, 0.33}, {"B.5 nested cover", NestedCover, 0.40},
		{"B.5 stated move", MinStatedMove, 0.05}, {"B.5 plane ratio", PlaneShrinkRatio, 0.6}, {"B.5 plane min", PlaneShrinkMin, 0.08},
		{"B.5 closest-three ratio", ClosestThreeMinRatio, 1.15}, {"B.5 closer-to gap", CloserToMinGap, 0.05},
		{"B.5 counted margin", CountedMinRelMargin, 0.25}, {"B.5 threshold extent", MaxThresholdExtent, 0.85},
		{"B.6 borderline rel", BorderlineRel, 0.25}, {"B.6 borderline abs", BorderlineAbs, 0.05},
		{"B.6 no-change cap", MaxNoChangeShare, 0.55}, {"B.6 answer cap", MaxAnswerShare, 0.55},
		{"B.6 shortcut cap", MaxShortcutShare, 0.65}, {"B.6 yes/no", MaxYesShare, 0.55},
		{"B.7 halved margins", ExtendedMarginFactor, 0.5},
		{"Sec. 3.3.2 test size per category (1,083 / 7)", TestPerCategory, 155},
		{"flowbench in-view margin (not Appendix B)", InViewMargin, 2},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, the appendix says %v", c.cite, c.got, c.want)
		}
	}
	for _, l := range []struct {
		cite      string
		got, want []float64
	}{
		{"B.4.1 T", ThresholdTs, []float64{0.10, 0.15, 0.20, 0.30}},
		{"B.4.1 T DROID", ThresholdTsDROID, []float64{0.15, 0.20, 0.30, 0.50, 0.75, 1.00}},
		{"B.4.5 T", CountNearTs, []float64{0.15, 0.20, 0.25, 0.30, 0.40}},
		{"B.4.5 T DROID", CountNearTsDROID, []float64{0.30, 0.50, 0.75, 1.00}},
		{"B.4.8 T", NoChangeTs, []float64{0.10, 0.15, 0.20, 0.30, 0.50}},
	} {
		if !slices.Equal(l.got, l.want) {
			t.Errorf("%s: %v, the appendix says %v", l.cite, l.got, l.want)
		}
	}
	for _, w := range []string{"object", "item", "container"} {
		if !slices.Contains(NamedGenericHeads, w) {
			t.Errorf("B.4.9 generic heads: %q missing from %v", w, NamedGenericHeads)
		}
	}
	if NamedDirections != "(directions as seen from the camera)" {
		t.Errorf("B.4.9 direction note: %q", NamedDirections)
	}
	if !slices.Equal(GenericLabels, []string{"small object", "toy food", "kitchen item", "handheld object"}) {
		t.Errorf("B.2 generic labels: %v", GenericLabels)
	}
	for name, want := range map[string][2]float64{BridgeV2: {GBridgeV2, MarginDefault}, DROID: {GDROID, MarginDROID},
		RT1: {GRT1, MarginDefault}, BerkeleyUR5: {GBerkeleyUR5, MarginDefault}} {
		s, err := LookupSource(name)
		if err != nil || s.G != want[0] || s.Margin != want[1] {
			t.Errorf("source %s: g %v m %v (%v), want %v", name, s.G, s.Margin, err, want)
		}
	}
}
