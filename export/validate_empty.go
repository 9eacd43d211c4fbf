package export

// AllowEmptyKey is the key of a split's recorded generation config
// (config[split] or splits.<split>.config in the manifest) that lets the
// split hold no questions: generate --allow-empty records it as true.
const AllowEmptyKey = "allow_empty"

// checkEmptySplits refuses a split of ds without questions (counts, as
// Validate read them) unless its recorded config has "allow_empty": true;
// a value that is not a boolean is refused too. An empty split is most
// often a generation run that produced nothing, which a reader would
// otherwise take for a finished, if small, dataset.
func checkEmptySplits(ds *Dataset, counts map[string]int) error {
	for _, split := range ds.Splits() {
		v, ok := splitConfig(ds.Manifest, split, AllowEmptyKey)
		allow, isBool := v.(bool)
		if ok && !isBool {
			return manifestError(ds, "split %s: config %s is %v, not a boolean", split, AllowEmptyKey, v)
		}
		if counts[split] == 0 && !allow {
			return manifestError(ds, "split %s has no questions; a split may be empty only when its config records %q: true (generate --allow-empty)", split, AllowEmptyKey)
		}
	}
	return nil
}
