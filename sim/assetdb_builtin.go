package sim

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// assetdbBuiltinTSV is AI2-THOR's asset table (every asset of ProcTHOR's
// asset database: id, type, bounding box, properties), so real ProcTHOR
// houses import and generate with no extra file.
//
//go:embed assetdb_builtin.tsv
var assetdbBuiltinTSV string

var (
	builtinOnce sync.Once
	builtinDB   *AssetDB
)

// BuiltinAssetDB returns the asset database built into flowbench (1653
// assets of 109 types). It is shared and must not be modified.
func BuiltinAssetDB() *AssetDB {
	builtinOnce.Do(func() {
		db, err := parseAssetTable(assetdbBuiltinTSV)
		if err != nil {
			panic("sim: built-in asset table: " + err.Error())
		}
		db.Path = "(built-in)"
		builtinDB = db
	})
	return builtinDB
}

// parseAssetTable reads the tab-separated asset table (lines starting with
// '#' are comments).
func parseAssetTable(s string) (*AssetDB, error) {
	db := &AssetDB{assets: map[string]*AssetInfo{}, types: map[string][]*AssetInfo{}}
	for n, line := range strings.Split(s, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("line %d: %d fields, want 7", n+1, len(f))
		}
		a := &AssetInfo{AssetID: f[0], ObjectType: f[1], PrimaryProperty: f[5]}
		for k := 0; k < 3; k++ {
			v, err := strconv.ParseFloat(f[2+k], 64)
			if err != nil || !(v > 0) {
				return nil, fmt.Errorf("line %d: asset %s: bad extent %q", n+1, f[0], f[2+k])
			}
			a.Size[k] = v
		}
		if f[6] != "" {
			a.SecondaryProperties = strings.Split(f[6], ",")
		}
		if _, dup := db.assets[a.AssetID]; dup {
			return nil, fmt.Errorf("line %d: asset %s listed twice", n+1, a.AssetID)
		}
		db.assets[a.AssetID] = a
		db.types[a.ObjectType] = append(db.types[a.ObjectType], a)
	}
	return db, nil
}
