package score

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"flowbench/export"
)

// HouseContents returns, per question id of a split, a hash of the house
// records the dataset stores for the question: its annotations row's
// objects_before (every object of the house before the motion: id, type,
// pose, size, flags, parent), sorted by object id. Only the id and object
// columns are read (Dataset.Poses). Two datasets made with different seeds
// give different hashes for houses of the same name; a copy of a house
// gives the same. A questions-only split stores no house records: the map
// is empty.
func HouseContents(ds *export.Dataset, split string) (map[string]string, error) {
	out := map[string]string{}
	if len(ds.Shards(split, export.AnnotationsTable)) == 0 {
		return out, nil
	}
	for p, err := range ds.Poses(split) {
		if err != nil {
			return nil, err
		}
		out[p.ID] = houseHash(p.ObjectsBefore)
	}
	return out, nil
}

// houseHash hashes object records independently of their order.
func houseHash(objs []export.ObjectRow) string {
	lines := make([]string, len(objs))
	for i, o := range objs {
		lines[i] = fmt.Sprintf("%q %q %v %v %v %v %v %v %v %v %q", o.ObjectID, o.ObjectType, o.Position, o.Yaw, o.Size,
			o.AABBMin, o.AABBMax, o.Pickupable, o.Moveable, o.Receptacle, o.Parent)
	}
	slices.Sort(lines)
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:])
}
