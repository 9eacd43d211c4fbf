package assets

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strings"

	"flowbench/sim"
)

// MaxDistortion is the largest aspect distortion a real model may be drawn
// with: with per-axis scales s_k = object size / entry size, each axis's
// scale must lie within MaxDistortion of one uniform scale u (the midpoint
// of the extremes), i.e. (max(s) − min(s)) / (max(s) + min(s)) ≤
// MaxDistortion, which allows max(s)/min(s) up to 1.5 at 20 %. Beyond it
// the object keeps its primitive shape (and the fallback is reported).
const MaxDistortion = 0.20

// tieBand is how far (in distortion) a fitting variant may be from the best
// one and still be drawn by the seeded tie-break.
const tieBand = 0.05

// supportFraction is the share of a model's height its support surface must
// reach (or be absent, SupportY 0 = box top) for the drawn and the simulated
// support heights of a receptacle to agree.
const supportFraction = 0.9

// supportTypes are the receptacles whose children rest on their top face:
// for them variants whose support surface is the box top are preferred.
var supportTypes = map[string]bool{
	"CounterTop": true, "DiningTable": true, "CoffeeTable": true, "SideTable": true,
	"Desk": true, "Dresser": true, "ShelvingUnit": true, "TVStand": true,
}

// DressReport says what Dress did to a scene.
type DressReport struct {
	Objects   int // objects in the scene
	WithModel int // objects now drawn with a real model
	Primitive int // objects drawn without a catalog model: their primitive shape, or a procedural model (Procedural)
	// NoVariant counts, by type, objects whose type has no mapped entry in the library.
	NoVariant map[string]int
	// TooDistorted counts, by type, objects whose type has entries but none
	// fits the object's size within MaxDistortion.
	TooDistorted map[string]int
	// Used counts instances per entry key.
	Used map[string]int
	// Textures counts structure surfaces per texture key.
	Textures map[string]int
	// Surfaces is the number of structure meshes given a surface.
	Surfaces int
	// Rugs is the number of rooms given a rug (rugs.go).
	Rugs int
	// LoadErrors counts variants skipped because their model failed to load.
	LoadErrors int
	// Turned counts objects drawn with their model turned 90° about the
	// vertical (turnableTypes), Rolled those turned about the depth axis
	// (rollableTypes).
	Turned, Rolled int
	// Inset counts objects drawn with an inset fit (inset.go): slightly
	// short of their box because no variant fits it within MaxDistortion.
	Inset int
	// Tiled counts objects drawn as a row of copies of one variant (tile.go).
	Tiled int
	// Appliances counts the cookers and dishwashers shown in kitchen runs
	// (kitchen_run.go); they are also counted in Used.
	Appliances int
	// Procedural counts the objects among Primitive drawn with a
	// procedural model (procedural.go) because no variant fits them.
	Procedural int
	// OverBudget counts the objects among Primitive that a model would have
	// fitted but that came after the house's models reached
	// MaxDressTriangles.
	OverBudget int
	// Reseated counts objects moved vertically onto the drawn model of
	// their receptacle (sim.ReseatChildren), ReseatRelocated those moved
	// elsewhere on it, and ReseatRemoved those taken out of the scene
	// because the model holds them nowhere on it (with what they carry);
	// the other counts are of every object dressed, removed ones included.
	Reseated, ReseatRelocated, ReseatRemoved int
	// SupportParents counts dressed objects that have children resting on
	// them; SupportBelowTop counts those whose model's support surface
	// (SupportY > 0) lies below supportFraction of its height, i.e. lower than
	// the box top the children are simulated on.
	SupportParents, SupportBelowTop int
	Warnings                        []string
}

func newDressReport() DressReport {
	return DressReport{NoVariant: map[string]int{}, TooDistorted: map[string]int{},
		Used: map[string]int{}, Textures: map[string]int{}}
}

// Keys returns, sorted, the entry and texture keys the report used (for
// Attribution).
func (r *DressReport) Keys() []string {
	var out []string
	for k := range r.Used {
		out = append(out, k)
	}
	for k := range r.Textures {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Add accumulates another report into r (for totals over many scenes).
func (r *DressReport) Add(o DressReport) {
	if r.NoVariant == nil {
		*r = newDressReport()
	}
	r.Objects += o.Objects
	r.WithModel += o.WithModel
	r.Primitive += o.Primitive
	r.Surfaces += o.Surfaces
	r.Rugs += o.Rugs
	r.LoadErrors += o.LoadErrors
	r.Turned += o.Turned
	r.Rolled += o.Rolled
	r.Inset += o.Inset
	r.Tiled += o.Tiled
	r.Appliances += o.Appliances
	r.Procedural += o.Procedural
	r.OverBudget += o.OverBudget
	r.Reseated += o.Reseated
	r.ReseatRelocated += o.ReseatRelocated
	r.ReseatRemoved += o.ReseatRemoved
	r.SupportParents += o.SupportParents
	r.SupportBelowTop += o.SupportBelowTop
	for _, p := range []struct{ dst, src map[string]int }{
		{r.NoVariant, o.NoVariant}, {r.TooDistorted, o.TooDistorted}, {r.Used, o.Used}, {r.Textures, o.Textures}} {
		for k, v := range p.src {
			p.dst[k] += v
		}
	}
	r.Warnings = append(r.Warnings, o.Warnings...)
}

// Distortion returns the largest relative deviation of the per-axis scales
// s_k = obj[k]/model[k] from the uniform scale u = (max(s) + min(s)) / 2,
// that is (max(s) − min(s)) / (max(s) + min(s)) (+Inf when a size is not
// positive).
func Distortion(obj, model sim.Vec3) float64 {
	lo, hi := math.Inf(1), 0.0
	for k := 0; k < 3; k++ {
		if !(obj[k] > 0) || !(model[k] > 0) {
			return math.Inf(1)
		}
		s := obj[k] / model[k]
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	return (hi - lo) / (hi + lo)
}

// supportOK reports whether an entry's support surface is its box top
// (no drop-on-top elevation, or one at least supportFraction of its height).
func supportOK(e *Entry) bool {
	return e.DropOnTop <= 0 || e.DropOnTop >= supportFraction*e.Size[1]
}

// modelSupportBelowTop reports whether a loaded model's support surface is
// clearly below its top.
func modelSupportBelowTop(m *sim.Model) bool {
	return m != nil && m.SupportY > 0 && m.SupportY < supportFraction*m.Size[1]
}

// dresser holds the type → entries index of a library.
type dresser struct {
	byType   map[string][]*Entry // sorted by key
	textures map[string]*SurfaceTexture
	load     func(key string) (*sim.Model, error)
	derived  derivedModels
}

func newDresser(entries []Entry, textures []SurfaceTexture, load func(string) (*sim.Model, error)) *dresser {
	byKey := make(map[string]*Entry, len(entries))
	for i := range entries {
		byKey[entries[i].Key] = &entries[i]
	}
	d := &dresser{byType: map[string][]*Entry{}, textures: map[string]*SurfaceTexture{}, load: load}
	for typ, keys := range typeMap {
		for _, k := range keys {
			if e := byKey[k]; e != nil {
				d.byType[typ] = append(d.byType[typ], e)
			}
		}
		sort.Slice(d.byType[typ], func(i, j int) bool { return d.byType[typ][i].Key < d.byType[typ][j].Key })
	}
	for i := range textures {
		t := &textures[i]
		if t.Texture == nil {
			continue
		}
		d.textures[textureID(t.Key)] = t
	}
	return d
}

// textureID strips the library from a texture key ("Default:eTeks#x" → "eTeks#x").
func textureID(key string) string {
	if _, id, ok := strings.Cut(key, ":"); ok {
		return id
	}
	return key
}

// pick is one fitting variant with its distortion and the orientation its
// model is drawn in (turn.go).
type pick struct {
	e      *Entry
	d      float64
	orient orientation
	// inset marks an inset fit (inset.go), drawn with per-axis scales s;
	// d is then its shortfall (insetShortfall).
	inset bool
	s     sim.Vec3
	// tiles > 1 marks a tiled fit (tile.go): that many copies side by side.
	tiles int
}

// fitResult classifies an object against its type's variants.
type fitResult int

const (
	fitOK fitResult = iota
	fitNoVariant
	fitTooDistorted
)

// choose returns the fitting variants of an object in the order they should
// be tried: the seeded choice among those within tieBand of the best first,
// then the rest of the band, then the other fitting variants by distortion.
// For support types, variants whose support surface is the box top are used
// whenever one fits.
func (d *dresser) choose(o *sim.Object, seed int64) ([]pick, fitResult) {
	cands := d.byType[o.Type]
	if len(cands) == 0 {
		return nil, fitNoVariant
	}
	var fit []pick
	for _, e := range cands {
		if p := directFit(o, e); p.d <= MaxDistortion+1e-9 {
			fit = append(fit, p)
		}
	}
	if len(fit) == 0 {
		fit = d.tileFits(o, cands)
	}
	if len(fit) == 0 && !o.Receptacle {
		fit = d.insetFits(o, cands)
	}
	if len(fit) == 0 {
		return nil, fitTooDistorted
	}
	if supportTypes[o.Type] {
		var good []pick
		for _, p := range fit {
			if supportOK(p.e) {
				good = append(good, p)
			}
		}
		if len(good) > 0 {
			fit = good
		}
	}
	sort.SliceStable(fit, func(i, j int) bool {
		if fit[i].d != fit[j].d {
			return fit[i].d < fit[j].d
		}
		return fit[i].e.Key < fit[j].e.Key
	})
	band := 1
	for band < len(fit) && fit[band].d <= fit[0].d+tieBand+1e-12 {
		band++
	}
	// Within the band, order by key so the draw does not depend on tiny
	// distortion differences, then rotate by the seeded hash.
	inBand := append([]pick(nil), fit[:band]...)
	sort.Slice(inBand, func(i, j int) bool { return inBand[i].e.Key < inBand[j].e.Key })
	r := int(objectHash(seed, o.ID, o.AssetID) % uint64(band))
	out := make([]pick, 0, len(fit))
	out = append(out, inBand[r:]...)
	out = append(out, inBand[:r]...)
	return append(out, fit[band:]...), fitOK
}

// directFit returns variant e fitted to object o's box directly, in the
// orientation (turn.go) with the least distortion.
func directFit(o *sim.Object, e *Entry) pick {
	best := pick{e: e, d: math.Inf(1)}
	for _, or := range orientations(o.Type) {
		if dd := Distortion(o.Size, or.size(e.Size)); dd < best.d {
			best.d, best.orient = dd, or
		}
	}
	return best
}

// insetFits returns the inset fits (inset.go) of an object (not a
// receptacle) among its type's variants, each in the orientation (turn.go)
// that leaves the least shortfall.
func (d *dresser) insetFits(o *sim.Object, cands []*Entry) []pick {
	var fit []pick
	for _, e := range cands {
		var best *pick
		for _, or := range orientations(o.Type) {
			sc, gap, ok := insetScales(o.Size, or.size(e.Size))
			if !ok {
				continue
			}
			if p := (pick{e: e, d: insetShortfall(o.Size, gap), orient: or, inset: true, s: sc}); best == nil || p.d < best.d {
				best = &p
			}
		}
		if best != nil {
			fit = append(fit, *best)
		}
	}
	return fit
}

// objectHash is the seeded hash of the variant draw: a function of the seed,
// the object id and its asset id only.
func objectHash(seed int64, parts ...string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seed))
	h.Write(b[:])
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return mix64(h.Sum64())
}

// mix64 is the splitmix64 finaliser (spreads FNV's low bits).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// dress attaches models and structure surfaces to a scene.
func (d *dresser) dress(s *sim.Scene, seed int64) DressReport {
	rep := newDressReport()
	failed := map[string]bool{}  // keys whose model failed to load (warn once)
	stocked := map[string]bool{} // rooms whose counter shows the appliances (kitchen_run.go)
	var extras []string          // the appliances of the counter being dressed
	modelTris := 0               // level-0 triangles of the models given so far (MaxDressTriangles)
	// load returns a catalog model for an object of type typ, or nil when it
	// cannot be loaded: counted, and named in a warning the first time.
	load := func(key, typ string) *sim.Model {
		if failed[key] {
			rep.LoadErrors++
			return nil
		}
		mm, err := d.load(key)
		if err == nil && mm == nil {
			err = fmt.Errorf("no model")
		}
		if err != nil {
			failed[key] = true
			rep.LoadErrors++
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s (%s): %v; variant skipped", key, typ, err))
			return nil
		}
		return mm
	}
	for _, o := range s.Objects {
		rep.Objects++
		order, res := d.choose(o, seed)
		switch res {
		case fitNoVariant:
			rep.NoVariant[o.Type]++
		case fitTooDistorted:
			rep.TooDistorted[o.Type]++
		}
		var m *sim.Model
		var key string
		for _, p := range order {
			mm := load(p.e.Key, o.Type)
			if mm == nil {
				continue
			}
			mm = d.derived.oriented(d.derived.seeThrough(mm), p.orient)
			switch p.orient {
			case turned:
				rep.Turned++
			case rolled:
				rep.Rolled++
			}
			if p.inset {
				mm = d.derived.inset(mm, o.Size, p.s)
				rep.Inset++
			}
			extras = nil
			if p.tiles > 1 {
				mm, extras = d.kitchenRun(s, o, mm, p.tiles, seed, stocked, load)
				rep.Tiled++
			}
			if names := canvasSurfaces[p.e.Key]; len(names) > 0 {
				mm = d.derived.canvas(mm, paintingArt(o, seed), names)
			}
			m, key = mm, p.e.Key
			break
		}
		if m != nil && modelTris+modelTriangles(m) > MaxDressTriangles {
			m = nil
			rep.OverBudget++
		}
		if m == nil {
			if o.Model = withBasinOpenings(s, o, d.procedural(o, seed)); o.Model != nil {
				rep.Procedural++
			}
			rep.Primitive++
			continue
		}
		o.Model = withBasinOpenings(s, o, m)
		modelTris += modelTriangles(m)
		rep.WithModel++
		rep.Used[key]++
		for _, k := range extras {
			rep.Used[k]++
			rep.Appliances++
		}
		if len(s.Children(o.ID)) > 0 {
			rep.SupportParents++
			if modelSupportBelowTop(m) {
				rep.SupportBelowTop++
			}
		}
	}
	d.dressStructure(s, seed, &rep)
	// Objects resting on a receptacle whose model's support surface lies
	// below its box top (a sofa seat, a mattress) are lowered onto it, so
	// what is drawn and what is simulated agree.
	rs := sim.ReseatChildren(s)
	rep.Reseated, rep.ReseatRelocated, rep.ReseatRemoved = rs.Moved, rs.Relocated, len(rs.Removed)
	return rep
}

// Structure looks. Floors and wall tiles are Sweet Home 3D textures chosen
// by room type from these reviewed lists (ids of the jar's texture catalog);
// walls of living rooms and bedrooms are painted; ceilings are white; most
// living rooms and bedrooms have a rug (rugs.go).
var (
	woodFloors     = []string{"eTeks#woodenFloor", "eTeks#oldWoodenFloor"}
	kitchenFloors  = []string{"eTeks#greyTile", "eTeks#redTiles", "eTeks#blackAndWhiteTiles", "eTeks#beigeTile"}
	bathroomFloors = []string{"eTeks#greyTile", "eTeks#beigeTile", "eTeks#lightBlueTile", "eTeks#darkBlueTile", "eTeks#blackAndWhiteTiles"}
	kitchenWalls   = []string{"eTeks#blueTiles", "eTeks#beigeTile"}
	bathroomWalls  = []string{"eTeks#blueTiles", "eTeks#beigeTile", "eTeks#marbleWall"}
	// wallTileChance is the share of kitchens and bathrooms with tiled walls.
	wallTileChance = 0.5
	paints         = []sim.RGB{
		{R: 0.93, G: 0.91, B: 0.86}, // warm white
		{R: 0.90, G: 0.88, B: 0.80}, // cream
		{R: 0.84, G: 0.86, B: 0.84}, // pale grey-green
		{R: 0.82, G: 0.86, B: 0.90}, // pale blue
		{R: 0.90, G: 0.84, B: 0.78}, // light beige
		{R: 0.88, G: 0.88, B: 0.88}, // light grey
		{R: 0.86, G: 0.82, B: 0.86}, // pale lilac
	}
	ceilingSurface = sim.RGB{R: 0.95, G: 0.95, B: 0.93}
)

// unit returns a uniform number in [0, 1) from a seeded hash.
func unit(seed int64, parts ...string) float64 {
	return float64(objectHash(seed, parts...)>>11) / (1 << 53)
}

// pickTexture draws one available texture of a list (nil when the library
// has none of them). Structure UVs are metres / Tile on both axes, so only
// square textures (sides within 5 %) are used: the lists leave out stone tiles
// (0.6 × 0.4 m) and wall beige tiles (0.2 × 0.315 m), which would be stretched.
func (d *dresser) pickTexture(ids []string, seed int64, parts ...string) *SurfaceTexture {
	var avail []*SurfaceTexture
	for _, id := range ids {
		if t := d.textures[id]; t != nil && t.Size[0] > 0 && t.Size[1] > 0 && math.Abs(t.Size[0]/t.Size[1]-1) <= 0.05 {
			avail = append(avail, t)
		}
	}
	if len(avail) == 0 {
		return nil
	}
	return avail[objectHash(seed, parts...)%uint64(len(avail))]
}

func texturedSurface(t *SurfaceTexture) *sim.Surface {
	return &sim.Surface{Name: t.Key, Color: sim.RGB{R: 1, G: 1, B: 1}, Texture: t.Texture, Tile: t.Size[0]}
}

func paintSurface(name string, c sim.RGB) *sim.Surface {
	return &sim.Surface{Name: name, Color: c, Tile: 1}
}

// dressStructure sets s.Surfaces for every floor, ceiling and wall mesh.
func (d *dresser) dressStructure(s *sim.Scene, seed int64, rep *DressReport) {
	surf := map[string]*sim.Surface{}
	ceiling := paintSurface("paint:ceiling", ceilingSurface)
	walls := map[string]*sim.Surface{} // room id → wall surface
	var rugs map[string]sim.Rug
	use := func(t *SurfaceTexture) *sim.Surface {
		rep.Textures[t.Key]++
		return texturedSurface(t)
	}
	for _, r := range s.Rooms {
		var floorIDs, wallIDs []string
		switch r.Type {
		case sim.Kitchen:
			floorIDs, wallIDs = kitchenFloors, kitchenWalls
		case sim.Bathroom:
			floorIDs, wallIDs = bathroomFloors, bathroomWalls
		default:
			floorIDs = woodFloors
		}
		if t := d.pickTexture(floorIDs, seed, "floor", r.ID); t != nil {
			surf["floor|"+r.ID] = use(t)
		} else {
			surf["floor|"+r.ID] = paintSurface("floor:"+r.ID, r.Floor)
		}
		surf["ceiling|"+r.ID] = ceiling
		var w *sim.Surface
		if len(wallIDs) > 0 && unit(seed, "walltiles", r.ID) < wallTileChance {
			if t := d.pickTexture(wallIDs, seed, "wall", r.ID); t != nil {
				w = use(t)
			}
		}
		if w == nil {
			base := paints[objectHash(seed, "paint", r.ID)%uint64(len(paints))]
			j := func(v float64, k string) float64 {
				v += (unit(seed, "jitter", k, r.ID) - 0.5) * 0.04
				return math.Max(0, math.Min(1, v))
			}
			w = paintSurface("paint:"+r.ID, sim.RGB{R: j(base.R, "r"), G: j(base.G, "g"), B: j(base.B, "b")})
		}
		walls[r.ID] = w
		if rug, ok := roomRug(r, seed); ok {
			if rugs == nil {
				rugs = map[string]sim.Rug{}
			}
			rugs[r.ID] = rug
			rep.Rugs++
		}
	}
	for _, w := range s.Walls {
		if sf := walls[w.RoomID]; sf != nil && !w.Exterior {
			surf[w.ID] = sf
		} else {
			surf[w.ID] = paintSurface("paint:exterior", w.Color)
		}
	}
	// Every structure mesh gets a surface, whatever its id.
	for _, m := range sim.StructureMeshes(s) {
		if surf[m.ID] == nil {
			surf[m.ID] = paintSurface("paint:"+m.ID, m.Color)
		}
	}
	s.Surfaces, s.Rugs = surf, rugs
	rep.Surfaces = len(surf)
}
