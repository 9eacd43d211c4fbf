package planner

import "fmt"

// Config holds the planner's knobs. The zero value is not useful; start from
// DefaultConfig. Every constant of the method (Appendix A) lives here or in
// the per-category files as a named constant.
type Config struct {
	Seed       uint64 // master seed; every (house, view, category) derives its own
	HouseID    string // the house's id for seeds and example ids ("" = hash of the house JSON)
	Split      string // copied into every example
	SceneStyle string // "procthor" or "ithor", copied into every example
	Views      int    // N_v: at most this many views per house (the camera budget y caps it too)
	Categories []Category
	// Mix is the target share of questions per category (mix.go); nil asks
	// every category once per view.
	Mix *Mix
	// VisiblePixels is N, the instance-mask pixel count at which an object
	// counts as visible, stated for an 800×800 image and scaled by area.
	VisiblePixels float64
	// FPSPerRoom is K, the farthest-point samples per room (A.1).
	FPSPerRoom int
	// PerRoom is m, the proposals kept per room (A.1, m ∈ {2,3}).
	PerRoom int
	// Full selects the full search budgets (24 closer-to plans, longer wall
	// slides) instead of the fast ones.
	Full bool
	// Balance carries the running yes/no counts across houses; nil starts a
	// fresh one per PlanHouse call.
	Balance *Balance
	// KeepFrames keeps the before/after frames in the returned Outcomes.
	KeepFrames bool
	// ViewImages, when set, receives each selected view's before-state
	// RGB as PlanHouse rendered it (view_images.go).
	ViewImages *ViewImages
	// ScoreSize is the square image size at which candidate poses are
	// rendered for scoring (eq. 8), with N scaled by area; 0 scores at the
	// camera size. Selected views keep the full camera size.
	ScoreSize int
	// CameraSize overrides the square image size of selected cameras (0 = sim.DefaultSize).
	CameraSize int
}

// DefaultConfig returns the configuration used for the released datasets.
func DefaultConfig() Config {
	return Config{
		Seed:          1,
		Split:         "train",
		SceneStyle:    "procthor",
		Views:         10,
		Categories:    AllCategories(),
		VisiblePixels: 50,
		FPSPerRoom:    10,
		PerRoom:       3,
		KeepFrames:    true,
		ScoreSize:     200,
	}
}

// AllCategories returns the eight categories in method order.
func AllCategories() []Category {
	out := make([]Category, NumCategories)
	for i := range out {
		out[i] = Category(i)
	}
	return out
}

// Shared constants of A.1 and A.2.
const (
	DMin          = 1.5  // metres, mid-range band lower bound (eq. 7)
	DMax          = 4.5  // metres, upper bound
	AlphaMin      = 0.08 // m_ext / d_cam lower bound for movers
	BaseWidth     = 800  // image width the pixel constants are stated for
	Halvings      = 4    // binary-search halvings along a blocked motion ray
	MinMove       = 0.05 // metres: a realised horizontal move shorter than this is a failed edit
	SettleText    = 0.02 // metres: a drop larger than this is mentioned as settling
	TextMinComp   = 0.02 // metres: motion-text components under this are omitted
	EpsPen        = 0.02 // metres, wall penetration tolerance ε_pen
	DistanceGuard = 0.02 // metres: distance answers must clear thresholds by this much
)

// GenericLengths are the generic move lengths m of A.2 in metres.
var GenericLengths = genericLengths[:]

const numGenericLengths = 4

var genericLengths = [numGenericLengths]float64{0.6, 0.5, 0.4, 0.25}

// Validate reports a configuration the planner cannot run with, naming the
// field and the reason.
func (c Config) Validate() error {
	switch {
	case c.Views < 0:
		return fmt.Errorf("planner config: views %d must be non-negative (0 = the camera budget)", c.Views)
	case len(c.Categories) == 0:
		return fmt.Errorf("planner config: no categories")
	case !(c.VisiblePixels > 0):
		return fmt.Errorf("planner config: visible-pixel threshold %g must be positive", c.VisiblePixels)
	case c.FPSPerRoom < 1:
		return fmt.Errorf("planner config: FPS samples per room %d must be at least 1", c.FPSPerRoom)
	case c.PerRoom < 1:
		return fmt.Errorf("planner config: proposals per room %d must be at least 1", c.PerRoom)
	case c.CameraSize < 0 || c.ScoreSize < 0:
		return fmt.Errorf("planner config: image sizes %d/%d must be non-negative", c.CameraSize, c.ScoreSize)
	}
	seen := map[Category]bool{}
	for _, cat := range c.Categories {
		if cat < 0 || cat >= NumCategories {
			return fmt.Errorf("planner config: unknown category %d", int(cat))
		}
		if seen[cat] {
			return fmt.Errorf("planner config: category %s listed twice", cat)
		}
		seen[cat] = true
	}
	return nil
}
