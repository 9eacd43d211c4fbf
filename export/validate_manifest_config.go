package export

import (
	"maps"
	"slices"
)

// checkSplitConfig checks a split's recorded generation config (the
// manifest's config[split], or the split statistics' config) against what
// its shards record, have (ComputeStats): the image size, the shard count,
// questions-only, that no shard holds more houses or other categories than
// the config lists, and that the config's seed is the one under seeds. A
// setting the config does not record is not checked; one of the wrong JSON
// type is an error.
func checkSplitConfig(d *Dataset, split string, have *SplitStats) error {
	num := func(key string) (int64, bool, error) {
		v, ok := splitConfig(d.Manifest, split, key)
		if !ok {
			return 0, false, nil
		}
		n, isNum := configInt(v)
		if !isNum {
			return 0, false, manifestError(d, "split %s: config %s is %v, not an integer", split, key, v)
		}
		return n, true, nil
	}
	if size, ok, err := num("size"); err != nil {
		return err
	} else if ok && have.Questions > 0 && (size != int64(have.Width) || size != int64(have.Height)) {
		return manifestError(d, "split %s: config size is %d, but the shards' images are %dx%d", split, size, have.Width, have.Height)
	}
	if shards, ok, err := num("shards"); err != nil {
		return err
	} else if ok && shards != int64(have.Shards) {
		return manifestError(d, "split %s: config shards is %d, but data/questions/ holds %d of its shards", split, shards, have.Shards)
	}
	if houses, ok, err := num("houses"); err != nil {
		return err
	} else if ok && int64(have.Houses) > houses {
		return manifestError(d, "split %s: config houses is %d, but the shards hold questions of %d houses", split, houses, have.Houses)
	}
	if seed, ok, err := num("seed"); err != nil {
		return err
	} else if listed, has := d.Manifest.Seeds[split]; ok && has && seed != listed {
		return manifestError(d, "split %s: config seed is %d, but seeds.%s is %d", split, seed, split, listed)
	}
	if v, ok := splitConfig(d.Manifest, split, "questions_only"); ok {
		qo, isBool := v.(bool)
		if !isBool {
			return manifestError(d, "split %s: config questions_only is %v, not a boolean", split, v)
		}
		if qo != have.QuestionsOnly {
			return manifestError(d, "split %s: config questions_only is %v, but data/annotations/ holds %d of its shards", split, qo, len(d.shards[split][AnnotationsTable]))
		}
	}
	if v, ok := splitConfig(d.Manifest, split, "categories"); ok {
		list, isList := v.([]any)
		if names, ok := v.([]string); ok {
			list, isList = make([]any, len(names)), true
			for i, n := range names {
				list[i] = n
			}
		}
		if !isList {
			return manifestError(d, "split %s: config categories is %v, not a list", split, v)
		}
		for _, c := range slices.Sorted(maps.Keys(have.Categories)) {
			if !slices.Contains(list, any(c)) {
				return manifestError(d, "split %s: the shards hold %d %s questions, but config categories %v does not list %s",
					split, have.Categories[c].Questions, c, list, c)
			}
		}
	}
	return nil
}

// configInt returns a config number as an integer: float64 as decoded from
// JSON (when integral) or an integer type as set in memory.
func configInt(v any) (int64, bool) {
	switch n := v.(type) {
	case float64:
		if n != float64(int64(n)) {
			return 0, false
		}
		return int64(n), true
	case int:
		return int64(n), true
	case int64:
		return n, true
	}
	return 0, false
}
