package real

// Every constant of Appendix B of the FlowBench paper lives here, once,
// with the section and equation it comes from. Lengths are metres, image
// measures pixels. constants_test.go pins each value, so a change fails a
// test that names the appendix.

// B.1: image geometry and the change filter (eq. 47).
const (
	// DefaultWidth, DefaultHeight are the processed frame size (B.1).
	DefaultWidth, DefaultHeight = 640, 480
	// DROIDWidth, DROIDHeight are DROID's processed frame size (B.1).
	DROIDWidth, DROIDHeight = 912, 512
	// DefaultFocal, DefaultCx, DefaultCy are the assumed intrinsics of
	// every source but DROID (B.1).
	DefaultFocal, DefaultCx, DefaultCy = 610.0, 320.0, 240.0
	// ChangeGrayThreshold is the grey-level difference that counts a pixel
	// as changed (eq. 47).
	ChangeGrayThreshold = 35
	// PhiMinBridge, PhiMaxBridge bound φ on Bridge V2 (eq. 47).
	PhiMinBridge, PhiMaxBridge = 0.005, 0.30
	// PhiMinOther, PhiMaxOther bound φ on the other sources (eq. 47).
	PhiMinOther, PhiMaxOther = 0.004, 0.5
)

// B.1: episode filters.
const (
	// BridgeMaxPerTask is the most trajectories kept per task on Bridge V2
	// (B.1).
	BridgeMaxPerTask = 40
	// DROIDMaxPerLabInstruction is the most episodes kept per (lab,
	// instruction) on DROID (B.1).
	DROIDMaxPerLabInstruction = 3
	// DROIDMinGraspSteps is how many steps a DROID grasp must be held
	// (B.1).
	DROIDMinGraspSteps = 8
)

// DefaultIntrinsics are the assumed intrinsics of B.1 at 640×480.
var DefaultIntrinsics = Intrinsics{Fx: DefaultFocal, Fy: DefaultFocal, Cx: DefaultCx, Cy: DefaultCy}

// B.2: segmentation, matching, mover and landmarks, certification.
const (
	// MinMaskScore is the lowest segmenter score kept, MinTaskNounScore
	// the lowest for task nouns (B.2).
	MinMaskScore     = 0.35
	MinTaskNounScore = 0.20
	// MinMaskArea is the smallest mask kept, pixels; MaxMaskShare the
	// largest as a share of the frame (B.2).
	MinMaskArea  = 300
	MaxMaskShare = 0.05
	// MatchMinHistCorr is the HSV histogram correlation a match candidate
	// needs; MatchMinHistCorrGeneric for pairs that share only a generic
	// label (B.2).
	MatchMinHistCorr        = 0.5
	MatchMinHistCorrGeneric = 0.75
	// MatchMaxAreaRatio is the factor by which a candidate's areas may
	// differ, exclusive (B.2).
	MatchMaxAreaRatio = 4.0
	// MaxTravelDefault, MaxTravelDROID cap a candidate's implied travel
	// (B.2).
	MaxTravelDefault = 0.30
	MaxTravelDROID   = 0.90
	// TrackEndpointRadius is how near a frame-1 mask an object's tracked
	// endpoint must lie to be its match, pixels (B.2).
	TrackEndpointRadius = 60.0
	// MoverMinTravel and MoverMinPixels are what the mover must move at
	// least (B.2).
	MoverMinTravel = 0.03
	MoverMinPixels = 8.0
	// LandmarkMaxTravel is the displacement below which an object is a
	// candidate landmark (B.2).
	LandmarkMaxTravel = 0.02
	// MaxOtherMovers is the most other moving objects a pair may have
	// (B.2).
	MaxOtherMovers = 2
	// HeldMaxArmShare is the share of the mover's after-frame mask that
	// may lie inside the dilated arm mask; ArmDilation the dilation,
	// pixels (B.2).
	HeldMaxArmShare = 0.30
	ArmDilation     = 25
	// CertMinCos is the cosine bound of eq. 49; CertMinRatio and
	// CertMaxRatio bound ‖v̄‖/‖δ‖ (eq. 49, lower bound raised to 0.7 by
	// the later filter).
	CertMinCos   = 0.7
	CertMinRatio = 0.7
	CertMaxRatio = 2.0
	// MaxTrackFrames is the most frames of the episode the point tracker
	// follows I0's pixels through (B.2).
	MaxTrackFrames = 48
	// KitchenNouns and HouseholdNouns are how many object nouns the
	// segmenter is prompted with, DROID taking the household list (B.2;
	// the lists themselves are flowbench's, real/mine/segmenter_prompts.json).
	KitchenNouns   = 28
	HouseholdNouns = 46
)

// B.3: metric scale.
const (
	// GBridgeV2, GDROID, GRT1, GBerkeleyUR5 are the per-dataset depth
	// factors g (B.3).
	GBridgeV2    = 1.95
	GDROID       = 1.15
	GRT1         = 0.61
	GBerkeleyUR5 = 0.84
	// ScaleCheckMinMove, ScaleCheckMinPixels are the move below which
	// eq. 51 is not applied, centimetres and pixels.
	ScaleCheckMinMove   = 5.0
	ScaleCheckMinPixels = 5.0
	// ScaleRatioMin, ScaleRatioMax bound the ratio of eq. 51.
	ScaleRatioMin = 0.6
	ScaleRatioMax = 1.67
)

// StandardSizes are the objects of standard size s_o used to check a
// factor (eq. 50), metres: "a can 12 cm, a cup 9 cm, an apple 8 cm, …".
// The appendix names three; the rest are common sizes of the same kind of
// object, chosen here and documented in docs/real.md.
var StandardSizes = map[string]float64{
	"can": 0.12, "cup": 0.09, "apple": 0.08,
	"mug": 0.10, "banana": 0.18, "orange": 0.075, "bottle": 0.22, "bowl": 0.15,
	"lemon": 0.07, "tomato": 0.07, "egg": 0.06, "potato": 0.09,
}

// B.4: landmarks, distances, move text, marks.
const (
	// MinLandmarkAreaDefault is the smallest landmark, pixels;
	// MinLandmarkAreaSmall applies to Language-Table, RT-1 and Berkeley
	// UR5 (B.4).
	MinLandmarkAreaDefault = 1000
	MinLandmarkAreaSmall   = 500
	// LandmarkMaxVisibleLoss is the share of visible area a landmark may
	// lose in I1; LandmarkMaxArmCover the share the arm may cover there
	// (B.4).
	LandmarkMaxVisibleLoss = 0.60
	LandmarkMaxArmCover    = 0.25
	// MarkMinSpacing is the closest two marks may be, pixels; MaxLandmarks
	// the most landmarks kept (B.4).
	MarkMinSpacing = 30.0
	MaxLandmarks   = 6
	// DepthDropAbs and DepthDropRel drop landmarks separated from the
	// mover mainly in depth: |z_L − z_A| > 25 cm and > 0.7 d₁(L) (B.4).
	DepthDropAbs = 0.25
	DepthDropRel = 0.7
	// MarginDefault, MarginDROID are the comparison margin m (B.4).
	MarginDefault = 0.03
	MarginDROID   = 0.06
	// MoveTextMinComponent is the smallest stated move component,
	// metres (B.4).
	MoveTextMinComponent = 0.02
	// RefMinExtent, RefMaxExtent bound the scale reference's extent
	// (B.4).
	RefMinExtent = 0.03
	RefMaxExtent = 0.60
	// RefMinFootprint is the least footprint width of Language-Table's
	// scale reference on the board (B.4: "footprint width between 2 and
	// 60 cm for Language-Table").
	RefMinFootprint = 0.02
	// DotMinDeltaE is the least CIELAB distance between a colour dot and
	// the object beneath it (B.4, Marks).
	DotMinDeltaE = 40.0
)

// B.4.1 Threshold (Near Object), eq. 54.
var (
	// ThresholdTs and ThresholdTsDROID are the thresholds T.
	ThresholdTs      = []float64{0.10, 0.15, 0.20, 0.30}
	ThresholdTsDROID = []float64{0.15, 0.20, 0.30, 0.50, 0.75, 1.00}
)

const (
	// ThresholdMargin1, ThresholdMargin0 are |d₁ − T| ≥ 5 cm and
	// |d₀ − T| ≥ 3 cm (eq. 54).
	ThresholdMargin1 = 0.05
	ThresholdMargin0 = 0.03
	// ThresholdMargin1DROIDMin, ThresholdMargin1DROIDRel make DROID's
	// |d₁ − T| ≥ max(8 cm, 0.15 T); ThresholdMargin0DROID its |d₀ − T| ≥
	// 5 cm (B.4.1).
	ThresholdMargin1DROIDMin = 0.08
	ThresholdMargin1DROIDRel = 0.15
	ThresholdMargin0DROID    = 0.05
)

// B.4.3–B.4.5.
const (
	// CloserToMinLandmarks is the fewest landmarks of Closer To;
	// CloserToGapMargins the gap d₁(L⁽²⁾) − d₁(L*) > 2m (B.4.3).
	CloserToMinLandmarks = 3
	CloserToGapMargins   = 2.0
	// CloserToMaxOptions is the number of options: L* and up to three
	// others (B.4.3).
	CloserToMaxOptions = 4
	// ClosestThreeMinLandmarks is the fewest landmarks of Closest Three;
	// ClosestThreeGapMargins the gap d₁(L₍₄₎) − d₁(L₍₃₎) > 1.5m (B.4.4).
	ClosestThreeMinLandmarks = 5
	ClosestThreeGapMargins   = 1.5
	// CountNearMinLandmarks is the fewest landmarks of Count Near;
	// CountNearMargin the |d₁(L) − T| ≥ 3 cm for every L (B.4.5).
	CountNearMinLandmarks = 4
	CountNearMargin       = 0.03
	// CountNearMaxOptions is n₁ and up to three others (B.4.5).
	CountNearMaxOptions = 4
)

// Count Near's thresholds (B.4.5).
var (
	CountNearTs      = []float64{0.15, 0.20, 0.25, 0.30, 0.40}
	CountNearTsDROID = []float64{0.30, 0.50, 0.75, 1.00}
)

// B.4.6 Depth Order, eq. 56.
const (
	// DepthOrderMaxAspect, DepthOrderMaxShare, DepthOrderMinBorder make a
	// landmark compact: box aspect ≤ 3, area ≤ 2 % of the frame, ≥ 20 px
	// from the border.
	DepthOrderMaxAspect = 3.0
	DepthOrderMaxShare  = 0.02
	DepthOrderMinBorder = 20
	// DepthOrderMargin1, DepthOrderMargin0 are |z_A⁽¹⁾ − z_L| ≥ 15 cm and
	// |z_A⁽⁰⁾ − z_L| ≥ 8 cm (eq. 56).
	DepthOrderMargin1 = 0.15
	DepthOrderMargin0 = 0.08
)

// B.4.7 Occlusion, eq. 57.
const (
	// OcclusionMaxArmCover is the share of L the arm may cover in I1.
	OcclusionMaxArmCover = 0.25
	// CoverMaxAreaRatio, CoverFrontMargin, CoverMinOverlap are
	// a₁ ≤ 0.85 a₀, z_A⁽¹⁾ < z_L − 1 cm and |M_A⁽¹⁾ ∩ M_L⁽⁰⁾|/|M_L⁽⁰⁾| ≥ 0.25.
	CoverMaxAreaRatio = 0.85
	CoverFrontMargin  = 0.01
	CoverMinOverlap   = 0.25
	// RevealMinAreaRatio, RevealMinBoxOverlap0, RevealMaxBoxOverlap1 are
	// a₁ ≥ 1.35 a₀ and box overlaps ≥ 10 % before, ≤ 5 % after.
	RevealMinAreaRatio   = 1.35
	RevealMinBoxOverlap0 = 0.10
	RevealMaxBoxOverlap1 = 0.05
)

// B.4.9 named-object questions: the same geometry with object names
// instead of marks, and these margins in place of their marked
// counterparts.
const (
	// NamedThresholdMargin1 is Threshold's |d₁(L) − T| ≥ 4 cm (eq. 54's
	// 5 cm for marks). On DROID the room-scale margin max(8 cm, 0.15 T)
	// is the larger and stays.
	NamedThresholdMargin1 = 0.04
	// NamedClosestThreeGap is Closest Three's gap d₁(L₍₄₎) − d₁(L₍₃₎) > 3 cm
	// (1.5m for marks); DROID keeps its larger 1.5m.
	NamedClosestThreeGap = 0.03
	// NamedCoverMinOverlap is Occlusion's cover from 10 % overlap
	// (eq. 57's 0.25 for marks).
	NamedCoverMinOverlap = 0.10
	// NamedDirections is the note every direction of a named question
	// carries.
	NamedDirections = "(directions as seen from the camera)"
)

// NamedGenericHeads are the generic heads a name may not have (B.4.9:
// "object", "item", "container", …; the appendix lists three and an
// ellipsis, the rest are this package's), NamedRobotWords the robot parts
// and NamedCableWords the cables whose names are rejected too.
var (
	NamedGenericHeads = []string{"object", "item", "container", "thing", "stuff", "piece", "part", "shape",
		"toy", "tool", "utensil", "device", "product", "material", "equipment", "block", "unknown", "something"}
	NamedRobotWords = []string{"robot", "arm", "gripper", "claw", "finger", "hand", "effector", "manipulator", "jaw", "wrist"}
	NamedCableWords = []string{"cable", "wire", "cord", "hose", "tube"}
)

// B.4.8 no-change questions.
var (
	// NoChangeTs are the thresholds drawn before looking at the geometry.
	NoChangeTs = []float64{0.10, 0.15, 0.20, 0.30, 0.50}
)

const (
	// NoChangeLeftRightMin is |x_A⁽ᵗ⁾ − x_L| > 5 cm on the same side.
	NoChangeLeftRightMin = 0.05
	// NoChangeFalseShare is the share of no-change questions that state
	// the false claim.
	NoChangeFalseShare = 0.5
)

// B.5 filters.
const (
	// MoverMaxAspect, MoverMinArea, MoverMinVisibleKeep, MoverMaxDepthChange:
	// the mover is elongated (aspect > 3.5), under 1000 px, shrinks below
	// 30 % of its visible area, or changes depth by more than 60 cm.
	MoverMaxAspect      = 3.5
	MoverMinArea        = 1000
	MoverMinVisibleKeep = 0.30
	MoverMaxDepthChange = 0.60
	// NeverMovedCorr is the correlation of the old location with the
	// before frame above which the object never moved.
	NeverMovedCorr = 0.6
	// NestedContainment, NestedMinAreaRatio, NestedCover: one mask nested
	// in another (containment > 0.7 at area ratio ≥ 0.33) or covering at
	// least 40 % of it.
	NestedContainment  = 0.7
	NestedMinAreaRatio = 0.33
	NestedCover        = 0.40
	// MinStatedMove is the least total stated move.
	MinStatedMove = 0.05
	// PlaneShrinkRatio, PlaneShrinkMin: d < 0.6 d_plane for d_plane > 8 cm.
	PlaneShrinkRatio = 0.6
	PlaneShrinkMin   = 0.08
	// ClosestThreeMinRatio: d₁(L₍₄₎) < 1.15 d₁(L₍₃₎) is thin.
	ClosestThreeMinRatio = 1.15
	// CloserToMinGap: a Closer To gap below 5 cm is thin.
	CloserToMinGap = 0.05
	// CountedMinRelMargin: a counted landmark within 25 % of T is thin.
	CountedMinRelMargin = 0.25
	// MaxThresholdExtent: a threshold above 85 % of the scene's extent.
	MaxThresholdExtent = 0.85
	// KnockedOverAspect: a container tall in I0 (box height/width above
	// this) and lying in I1 (below its inverse) was knocked over. The
	// appendix states the rule but no number; 1.3 is this package's.
	KnockedOverAspect = 1.3
	// DirectionMinCos, MagnitudeMinRatio, MagnitudeMaxRatio: a stated
	// direction contradicts the tracked motion, or its magnitude is far
	// from it. The appendix gives no numbers; these are this package's,
	// set to eq. 49's bounds so the filter and certification agree.
	DirectionMinCos   = CertMinCos
	MagnitudeMinRatio = CertMinRatio
	MagnitudeMaxRatio = CertMaxRatio
)

// B.6 test split.
const (
	// BorderlineRel, BorderlineAbs: test items need |d − T|/T ≥ 0.25 and
	// a margin of at least 5 cm.
	BorderlineRel = 0.25
	BorderlineAbs = 0.05
	// MaxNoChangeShare, MaxAnswerShare cap the no-change questions and any
	// single answer per category; MaxShortcutShare caps the Left Right
	// questions the shortcut answers; MaxYesShare trims yes/no to 55:45.
	MaxNoChangeShare = 0.55
	MaxAnswerShare   = 0.55
	MaxShortcutShare = 0.65
	MaxYesShare      = 0.55
)

// B.7: the extended training set halves the margins of the categories
// whose answers do not depend on absolute scale.
const ExtendedMarginFactor = 0.5

// Not from Appendix B: flowbench's own rule that every object a question
// names is clearly in view (DEVELOPERS.md). A mover whose box comes within
// InViewMargin pixels of the frame border in either frame, or a landmark
// whose before-frame box does, is cut by the border: its median pixel and
// box radius (eq. 48, 52) describe the visible part only. Such a mover
// skips the pair and such a landmark is not marked (docs/real.md gives the
// agreement this buys on simulated pairs).
const InViewMargin = 2

// TestPerCategory is the default number of test questions per category:
// the paper's test set, 1,083 questions over seven categories (Sec. 3.3.2,
// Fig. 5b), divided equally as B.6's selection targets. A category with
// fewer usable pairs contributes what it has.
const TestPerCategory = 155
