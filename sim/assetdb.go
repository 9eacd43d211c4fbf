package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// AssetInfo is one asset of AI2-THOR's asset database.
type AssetInfo struct {
	AssetID    string
	ObjectType string
	// Size is the asset's bounding-box extents in metres in its own frame
	// (x width, y height, z depth), the database's "boundingBox".
	Size Vec3
	// PrimaryProperty is "CanPickup", "Moveable", "Static", or "" when the
	// database gives none (structural assets such as Doorframe).
	PrimaryProperty string
	// SecondaryProperties lists capabilities such as "Receptacle" or "CanOpen".
	SecondaryProperties []string
}

// Pickupable reports whether the asset can be picked up (primaryProperty CanPickup).
func (a *AssetInfo) Pickupable() bool { return a.PrimaryProperty == "CanPickup" }

// Moveable reports whether the asset can be moved at all: CanPickup or Moveable.
func (a *AssetInfo) Moveable() bool {
	return a.PrimaryProperty == "CanPickup" || a.PrimaryProperty == "Moveable"
}

// Static reports whether the asset can be neither picked up nor moved; an
// asset without a primaryProperty counts as static.
func (a *AssetInfo) Static() bool { return !a.Moveable() }

// Receptacle reports whether other objects can rest on or in the asset.
func (a *AssetInfo) Receptacle() bool {
	for _, p := range a.SecondaryProperties {
		if p == "Receptacle" {
			return true
		}
	}
	return false
}

// AssetDB is AI2-THOR's asset database (asset-database.json): for each
// objectType, a list of assets with their bounding boxes and properties.
type AssetDB struct {
	Path   string // the file it was loaded from, "" when decoded from bytes
	assets map[string]*AssetInfo
	types  map[string][]*AssetInfo
}

// assetDBEntry is the JSON form of one asset; fields flowbench does not use
// (materials, scenes, states, split, ...) are ignored.
type assetDBEntry struct {
	AssetID             string   `json:"assetId"`
	ObjectType          string   `json:"objectType"`
	BoundingBox         *XYZ     `json:"boundingBox"`
	PrimaryProperty     string   `json:"primaryProperty"`
	SecondaryProperties []string `json:"secondaryProperties"`
}

// LoadAssetDB reads an AI2-THOR asset-database.json file. Errors name the file
// and the offending entry, e.g. `Mug[3].boundingBox`.
func LoadAssetDB(path string) (*AssetDB, error) {
	b, err := readFileLimited(path, MaxAssetDBBytes, "an asset database")
	if err != nil {
		return nil, fmt.Errorf("asset database: %w", err)
	}
	db, err := DecodeAssetDB(b)
	if err != nil {
		return nil, fmt.Errorf("asset database %s: %w", path, err)
	}
	db.Path = path
	return db, nil
}

// DecodeAssetDB decodes an asset database from JSON bytes: an object mapping
// each objectType to a list of assets.
func DecodeAssetDB(b []byte) (*AssetDB, error) {
	var raw map[string][]assetDBEntry
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("%w (want an object mapping objectType to a list of assets)", decodeError(b, err))
	}
	db := &AssetDB{assets: map[string]*AssetInfo{}, types: map[string][]*AssetInfo{}}
	types := make([]string, 0, len(raw))
	for t := range raw {
		types = append(types, t)
	}
	sort.Strings(types)
	for _, t := range types {
		for i, e := range raw[t] {
			f := fmt.Sprintf("%s[%d]", t, i)
			if e.AssetID == "" {
				return nil, fieldErr(f+".assetId", "missing asset id")
			}
			if e.ObjectType != "" && e.ObjectType != t {
				return nil, fieldErr(f+".objectType", "asset %q has objectType %q but is listed under %q", e.AssetID, e.ObjectType, t)
			}
			if e.BoundingBox == nil {
				return nil, fieldErr(f+".boundingBox", "asset %q has no bounding box", e.AssetID)
			}
			bb := *e.BoundingBox
			for _, v := range []float64{bb.X, bb.Y, bb.Z} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
					return nil, fieldErr(f+".boundingBox", "asset %q has extents (%g, %g, %g), need finite positive numbers", e.AssetID, bb.X, bb.Y, bb.Z)
				}
			}
			if prev, dup := db.assets[e.AssetID]; dup {
				return nil, fieldErr(f+".assetId", "asset %q is listed twice (also under %q)", e.AssetID, prev.ObjectType)
			}
			a := &AssetInfo{AssetID: e.AssetID, ObjectType: t, Size: bb.Vec(),
				PrimaryProperty: e.PrimaryProperty, SecondaryProperties: e.SecondaryProperties}
			db.assets[a.AssetID] = a
			db.types[t] = append(db.types[t], a)
		}
	}
	return db, nil
}

// Asset returns the asset with the given id, or nil when the database does
// not list it. A nil database knows no assets.
func (db *AssetDB) Asset(assetID string) *AssetInfo {
	if db == nil {
		return nil
	}
	return db.assets[assetID]
}

// Len returns the number of assets.
func (db *AssetDB) Len() int { return len(db.assets) }

// Types returns the objectTypes of the database in sorted order.
func (db *AssetDB) Types() []string {
	out := make([]string, 0, len(db.types))
	for t := range db.types {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// AssetsOf returns the assets of an objectType in the database's order.
func (db *AssetDB) AssetsOf(objectType string) []*AssetInfo {
	return append([]*AssetInfo(nil), db.types[objectType]...)
}

// SizeResolver returns a SizeResolver giving each listed asset's objectType
// and bounding-box extents; it reports ok=false for assets not listed.
func (db *AssetDB) SizeResolver() SizeResolver {
	return func(assetID string) (string, Vec3, bool) {
		a := db.Asset(assetID)
		if a == nil {
			return "", Vec3{}, false
		}
		return a.ObjectType, a.Size, true
	}
}
