package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// ImportOptions controls how a user's ProcTHOR house is loaded.
type ImportOptions struct {
	// AssetDBPath is an optional AI2-THOR asset-database.json giving sizes and
	// properties by assetId. Ignored when AssetDB is set.
	AssetDBPath string
	// AssetDB is an already loaded asset database (takes precedence over
	// AssetDBPath). With neither, the built-in table (BuiltinAssetDB) is used.
	AssetDB *AssetDB
	// NoBuiltinAssetDB imports without any asset database when neither
	// AssetDB nor AssetDBPath is given (sizes from the catalog only).
	NoBuiltinAssetDB bool
	// Catalog is the object catalog; nil means DefaultCatalog().
	Catalog *Catalog
	// Lenient turns the import errors for unresolvable objects (an asset
	// unknown to both the asset database and the catalog, with a type unknown
	// to the catalog; an object outside every room) into dropped objects with
	// a warning.
	Lenient bool
}

// maxUnknownFieldsListed bounds the unknown fields the import warning
// names (ImportReport.UnknownFields has them all): a file may hold millions.
const maxUnknownFieldsListed = 50

// ImportAction says what the importer did about one object.
type ImportAction string

// The import actions recorded in an ImportReport.
const (
	// ActionSizeFromType: the type is in the catalog but the asset is unknown;
	// the size of the type's median-size catalog variant was used.
	ActionSizeFromType ImportAction = "size-from-type"
	// ActionTypeMismatch: the objectId names a catalog type other than the
	// asset's type; the id's type was used with the asset's size.
	ActionTypeMismatch ImportAction = "type-mismatch"
	// ActionKeptUnknownType: the type is not in the catalog but the asset
	// database knows the asset; it was kept with the database's size and flags.
	ActionKeptUnknownType ImportAction = "kept-unknown-type"
	// ActionDropped: the object was left out of the scene.
	ActionDropped ImportAction = "dropped"
	// ActionReparented: the object's receptacle was dropped; it now rests on
	// the receptacle's own parent.
	ActionReparented ImportAction = "reparented"
)

// ImportNote records one object the importer had to work around.
type ImportNote struct {
	Field    string // JSON path of the object in the file, e.g. "objects[3].children[1]"
	ObjectID string
	AssetID  string
	Type     string // objectType as resolved
	Action   ImportAction
	Reason   string // why, the same text for every object of one kind of problem
	Detail   string // object-specific detail, e.g. the dropped receptacle's id
}

// ImportReport lists what an import found and had to work around.
type ImportReport struct {
	File    string // the house file, "" for ImportHouse
	SHA256  string // hex SHA-256 of the house file's bytes, "" for ImportHouse
	AssetDB string // the asset database file, "" when none was used
	// ObjectsIn counts the objects of the file, children included;
	// ObjectsKept those in the scene.
	ObjectsIn, ObjectsKept int
	// Sizes taken from the asset database, from the catalog by assetId, and
	// from the catalog's median variant of the objectType (a warning).
	SizesFromAssetDB, SizesFromCatalogAsset, SizesFromCatalogType int
	// Notes has one entry per object the importer worked around, children
	// before their receptacle.
	Notes []ImportNote
	// HouseWarnings are problems with the house itself that do not stop the
	// import, e.g. an agent start pose outside every room.
	HouseWarnings []string
	// UnknownFields lists JSON fields of the file that flowbench does not
	// model and drops when it writes the house back (see UnknownHouseFields).
	UnknownFields []string
	// Warnings summarises Notes (one line per action and reason),
	// HouseWarnings and UnknownFields, in a deterministic order.
	Warnings []string
}

// Dropped returns the notes of the objects left out of the scene.
func (r *ImportReport) Dropped() []ImportNote { return r.notesWith(ActionDropped) }

func (r *ImportReport) notesWith(a ImportAction) []ImportNote {
	var out []ImportNote
	for _, n := range r.Notes {
		if n.Action == a {
			out = append(out, n)
		}
	}
	return out
}

// LoadHouseFile reads a ProcTHOR house JSON file and builds its Scene,
// applying the import rule for unknown types and assets documented in
// docs/house-format.md (see ImportHouse). Every error names the file, and,
// for bad content, the JSON field path and the reason.
func LoadHouseFile(path string, opts ImportOptions) (*Scene, *ImportReport, error) {
	if opts.AssetDB == nil && opts.AssetDBPath != "" {
		db, err := LoadAssetDB(opts.AssetDBPath)
		if err != nil {
			return nil, nil, err
		}
		opts.AssetDB = db
	}
	b, err := readHouseBytes(path)
	if err != nil {
		return nil, nil, err
	}
	h, err := DecodeHouse(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	s, rep, err := ImportHouse(h, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	rep.File = path
	sum := sha256.Sum256(b)
	rep.SHA256 = hex.EncodeToString(sum[:])
	rep.UnknownFields = UnknownHouseFields(b)
	rep.Warnings = rep.summarise()
	return s, rep, nil
}

// ImportHouse builds the Scene of a decoded ProcTHOR house. For every object:
//
//   - its objectType is the id's prefix before '|' when the catalog knows that
//     type, else the asset database's objectType of its assetId, else the
//     catalog's type of the assetId, else the id's prefix;
//   - a type known to the catalog keeps the object, with the catalog's flags;
//     its size comes from the asset database, else the catalog by assetId,
//     else the catalog's median-size variant of the type (a warning);
//   - a type unknown to the catalog whose asset the database knows: kept with
//     the database's size and flags when it is CanPickup/Moveable or movable
//     objects rest on it; dropped as static decor otherwise (a warning);
//   - a type unknown to the catalog and an asset unknown to the database:
//     an error naming the object when an asset database was given (AI2-THOR
//     could not spawn it either), unless opts.Lenient; without a database, or
//     when lenient, the object is dropped with a warning;
//   - the children of a dropped object are re-parented to its parent, or
//     dropped with it when it stood on the floor;
//   - a kept object outside every room is an error, dropped when lenient.
//
// The house is validated first (see ValidateHouse); h is not modified.
// The scene's House is the house without the dropped objects, so
// Scene.HouseJSON writes a house that re-imports to the same scene.
func ImportHouse(h *House, opts ImportOptions) (*Scene, *ImportReport, error) {
	rep := &ImportReport{}
	if err := validateStructure(h); err != nil {
		return nil, nil, err
	}
	cat := opts.Catalog
	if cat == nil {
		cat = DefaultCatalog()
	}
	db := opts.AssetDB
	if db == nil && opts.AssetDBPath != "" {
		var err error
		if db, err = LoadAssetDB(opts.AssetDBPath); err != nil {
			return nil, nil, err
		}
	}
	if db == nil && !opts.NoBuiltinAssetDB {
		db = BuiltinAssetDB()
	}
	if db != nil {
		rep.AssetDB = db.Path
		if rep.AssetDB == "" {
			rep.AssetDB = "(in memory)"
		}
	}
	rooms := newRoomLocator(roomPolygons(h))
	if ap := h.Metadata.Agent.Position; checkInsideRooms(rooms, HouseObject{Position: ap}, "") != nil {
		rep.HouseWarnings = append(rep.HouseWarnings, fmt.Sprintf("metadata.agent.position: the agent start (x %.3f, z %.3f) lies outside every room", ap.X, ap.Z))
	}
	im := &importer{cat: cat, db: db, lenient: opts.Lenient, rep: rep,
		rooms: rooms, sizes: map[string]assetRef{}, extra: map[string]*TypeInfo{}, paths: map[string]string{}}
	var objs []HouseObject
	for i, o := range h.Objects {
		kept, _, err := im.node(o, "", fmt.Sprintf("objects[%d]", i))
		if err != nil {
			return nil, nil, err
		}
		objs = append(objs, kept...)
	}
	filtered := *h
	filtered.Objects = objs
	s, err := NewSceneWith(&filtered, im.catalog(), im.resolve)
	if err != nil {
		return nil, nil, err
	}
	for _, o := range s.Objects {
		if _, ok := im.extra[o.Type]; !ok {
			continue
		}
		if a := db.Asset(o.AssetID); a != nil {
			o.Pickupable, o.Moveable = a.Pickupable(), a.Moveable()
			o.Receptacle = a.Receptacle() || len(s.Children(o.ID)) > 0
		}
	}
	rep.ObjectsKept = len(s.Objects)
	rep.Warnings = rep.summarise()
	return s, rep, nil
}

type importer struct {
	cat     *Catalog
	db      *AssetDB
	lenient bool
	rep     *ImportReport
	rooms   *roomLocator
	sizes   map[string]assetRef  // assetId → objectType and size handed to NewSceneWith
	extra   map[string]*TypeInfo // types unknown to the catalog, kept from the asset database
	paths   map[string]string    // objectId → JSON path in the file
}

func (im *importer) note(o HouseObject, path, typ string, a ImportAction, reason, detail string) {
	im.rep.Notes = append(im.rep.Notes, ImportNote{Field: path, ObjectID: o.ID, AssetID: o.AssetID,
		Type: typ, Action: a, Reason: reason, Detail: detail})
}

// objectType resolves an object's type (see ImportHouse) and the asset's own
// type ("" when the asset is unknown).
func (im *importer) objectType(o HouseObject) (typ, assetType string) {
	if a := im.db.Asset(o.AssetID); a != nil {
		assetType = a.ObjectType
	} else if t, _, ok := im.cat.Asset(o.AssetID); ok {
		assetType = t
	}
	idType := ObjectTypeFromID(o.ID)
	switch {
	case im.cat.Type(idType) != nil:
		return idType, assetType
	case assetType != "":
		return assetType, assetType
	}
	return idType, ""
}

// node imports one object and its children. It returns the objects that take
// its place in its parent's list (itself, or its re-parented children when it
// is dropped) and whether any of them can move.
func (im *importer) node(o HouseObject, parent, path string) ([]HouseObject, bool, error) {
	im.rep.ObjectsIn++
	im.paths[o.ID] = path
	var kids []HouseObject
	kidsMovable := false
	for i, c := range o.Children {
		k, m, err := im.node(c, o.ID, fmt.Sprintf("%s.children[%d]", path, i))
		if err != nil {
			return nil, false, err
		}
		kids = append(kids, k...)
		kidsMovable = kidsMovable || m
	}
	typ, assetType := im.objectType(o)
	a := im.db.Asset(o.AssetID)
	keep := func(movable bool) ([]HouseObject, bool, error) {
		if err := checkInsideRooms(im.rooms, o, path); err != nil {
			if !im.lenient {
				return nil, false, err
			}
			im.note(o, path, typ, ActionDropped, "lies outside every room (lenient)", "")
			return im.handUp(kids, o, parent), kidsMovable && parent != "", nil
		}
		o.Children = kids
		return []HouseObject{o}, movable || kidsMovable, nil
	}
	if info := im.cat.Type(typ); info != nil && (!flowbenchType(typ) || FlowbenchOnlyAsset(o.AssetID)) {
		if assetType != "" && assetType != typ {
			im.note(o, path, typ, ActionTypeMismatch, "the objectId names a catalog type other than the asset's; the id's type is used with the asset's size",
				fmt.Sprintf("asset %s is a %s", o.AssetID, assetType))
		}
		var size Vec3
		if a != nil {
			size = a.Size
			im.rep.SizesFromAssetDB++
		} else if _, cs, ok := im.cat.Asset(o.AssetID); ok {
			size = cs
			im.rep.SizesFromCatalogAsset++
		} else {
			v := medianVariant(info)
			size = v.Size
			im.rep.SizesFromCatalogType++
			reason := "assetId unknown to the asset database and the catalog; the size of the type's median catalog variant is used"
			if im.db == nil {
				reason = "assetId not in the catalog (no asset database given); the size of the type's median catalog variant is used"
			}
			im.note(o, path, typ, ActionSizeFromType, reason, "size of "+v.AssetID)
		}
		if _, ok := im.sizes[o.AssetID]; !ok {
			im.sizes[o.AssetID] = assetRef{typ: typ, size: size}
		}
		return keep(info.Pickupable || info.Moveable)
	}
	if a != nil {
		if a.Moveable() || kidsMovable {
			reason := "type not in the catalog; kept with the asset database's size and flags, drawn as a box"
			if !a.Moveable() {
				reason = "type not in the catalog and static, but movable objects rest on it; kept with the asset database's size as a static receptacle, drawn as a box"
			}
			im.note(o, path, typ, ActionKeptUnknownType, reason, "primaryProperty "+orStatic(a.PrimaryProperty))
			im.keepExtra(typ, a)
			im.rep.SizesFromAssetDB++
			return keep(a.Moveable())
		}
		im.note(o, path, typ, ActionDropped, "static decor: type not in the catalog, Static in the asset database, no movable objects on it", "")
		return im.handUp(kids, o, parent), false, nil
	}
	if im.db != nil && !im.lenient {
		return nil, false, fieldErr(path+".assetId", "object %q: assetId %q is in neither the asset database (%s) nor the catalog, and its objectType %q is not in the catalog; fix the asset id or import with lenient mode to drop it",
			o.ID, o.AssetID, im.rep.AssetDB, typ)
	}
	reason := "type and asset unknown to the catalog and no asset database given: treated as static decor"
	if im.db != nil {
		reason = "type not in the catalog, asset not in the asset database (lenient)"
	}
	im.note(o, path, typ, ActionDropped, reason, "")
	return im.handUp(kids, o, parent), kidsMovable && parent != "", nil
}

// handUp gives the kept children of a dropped object to its parent, or drops
// them (with their descendants) when the dropped object stood on the floor.
func (im *importer) handUp(kids []HouseObject, dropped HouseObject, parent string) []HouseObject {
	if parent != "" {
		for _, k := range kids {
			typ, _ := im.objectType(k)
			im.note(k, im.paths[k.ID], typ, ActionReparented, "its receptacle was dropped; it now rests on the receptacle's parent",
				fmt.Sprintf("was on %s, now on %s", dropped.ID, parent))
		}
		return kids
	}
	var drop func(list []HouseObject)
	drop = func(list []HouseObject) {
		for _, k := range list {
			typ, _ := im.objectType(k)
			im.note(k, im.paths[k.ID], typ, ActionDropped, "its receptacle was dropped and stood on the floor", "was on "+dropped.ID)
			drop(k.Children)
		}
	}
	drop(kids)
	return nil
}

// keepExtra records a type unknown to the catalog that is kept with the asset
// database's size for one of its assets.
func (im *importer) keepExtra(typ string, a *AssetInfo) {
	t := im.extra[typ]
	if t == nil {
		t = &TypeInfo{Type: typ, Placement: FreeStanding, Shape: ShapeBox,
			Pickupable: a.Pickupable(), Moveable: a.Moveable(), Receptacle: a.Receptacle()}
		im.extra[typ] = t
	}
	for _, v := range t.Variants {
		if v.AssetID == a.AssetID {
			return
		}
	}
	t.Variants = append(t.Variants, AssetVariant{AssetID: a.AssetID, Size: a.Size})
	im.sizes[a.AssetID] = assetRef{typ: typ, size: a.Size}
}

// resolve is the SizeResolver handed to NewSceneWith.
func (im *importer) resolve(assetID string) (string, Vec3, bool) {
	r, ok := im.sizes[assetID]
	return r.typ, r.size, ok
}

// catalog returns the catalog extended with the kept unknown types.
func (im *importer) catalog() *Catalog {
	if len(im.extra) == 0 {
		return im.cat
	}
	c := &Catalog{types: map[string]*TypeInfo{}, assets: map[string]assetRef{}}
	for k, v := range im.cat.types {
		c.types[k] = v
	}
	for k, v := range im.cat.assets {
		c.assets[k] = v
	}
	c.ordered = append(c.ordered, im.cat.ordered...)
	for name, t := range im.extra {
		c.types[name] = t
		c.ordered = append(c.ordered, name)
		for _, v := range t.Variants {
			c.assets[v.AssetID] = assetRef{typ: name, size: v.Size}
		}
	}
	sort.Strings(c.ordered)
	return c
}

// medianVariant returns the catalog variant of median volume (the lower
// median for an even count).
func medianVariant(t *TypeInfo) AssetVariant {
	vs := append([]AssetVariant(nil), t.Variants...)
	sort.SliceStable(vs, func(i, j int) bool {
		return vs[i].Size[0]*vs[i].Size[1]*vs[i].Size[2] < vs[j].Size[0]*vs[j].Size[1]*vs[j].Size[2]
	})
	return vs[(len(vs)-1)/2]
}

func orStatic(p string) string {
	if p == "" {
		return "Static"
	}
	return p
}

// summarise turns the notes into one warning per (action, reason), naming
// the types involved with their counts and up to four object ids, plus one
// line for unknown JSON fields.
func (r *ImportReport) summarise() []string {
	type key struct {
		action ImportAction
		reason string
	}
	type group struct {
		ids   []string
		types map[string]int
	}
	groups := map[key]*group{}
	var keys []key
	for _, n := range r.Notes {
		k := key{n.Action, n.Reason}
		g := groups[k]
		if g == nil {
			g = &group{types: map[string]int{}}
			groups[k] = g
			keys = append(keys, k)
		}
		g.ids = append(g.ids, n.ObjectID)
		g.types[n.Type]++
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].action != keys[j].action {
			return keys[i].action < keys[j].action
		}
		return keys[i].reason < keys[j].reason
	})
	var out []string
	for _, k := range keys {
		g := groups[k]
		types := make([]string, 0, len(g.types))
		for t := range g.types {
			types = append(types, t)
		}
		sort.Strings(types)
		for i, t := range types {
			types[i] = fmt.Sprintf("%d %s", g.types[t], t)
		}
		ids := g.ids
		more := ""
		if len(ids) > 4 {
			more = fmt.Sprintf(", ... (%d more)", len(ids)-4)
			ids = ids[:4]
		}
		out = append(out, fmt.Sprintf("%s %d object(s) (%s): %s [%s%s]", k.action, len(g.ids), strings.Join(types, ", "), k.reason, strings.Join(ids, ", "), more))
	}
	out = append(out, r.HouseWarnings...)
	if n := len(r.UnknownFields); n > maxUnknownFieldsListed {
		out = append(out, fmt.Sprintf("unknown JSON fields, not kept when the house is written back: %s, ... (%d more)", strings.Join(r.UnknownFields[:maxUnknownFieldsListed], ", "), n-maxUnknownFieldsListed))
	} else if n > 0 {
		out = append(out, fmt.Sprintf("unknown JSON fields, not kept when the house is written back: %s", strings.Join(r.UnknownFields, ", ")))
	}
	return out
}
