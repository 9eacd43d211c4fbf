package rlds

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// featureKeys flattens features.json's feature tree into the keys the
// records hold: a FeaturesDict's entries join their parent's key with
// "/", a Dataset (the steps) is its element's features under its own key.
func featureKeys(raw []byte) ([]string, error) {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, err
	}
	var keys []string
	if err := walkFeature(root, "", 0, &keys); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, errors.New("declares no features")
	}
	slices.Sort(keys)
	return keys, nil
}

// walkFeature appends the leaf keys under node.
func walkFeature(node map[string]any, prefix string, depth int, keys *[]string) error {
	if depth > MaxJSONDepth {
		return fmt.Errorf("%w: feature tree deeper than %d (MaxJSONDepth)", ErrTooLarge, MaxJSONDepth)
	}
	if fd, ok := node["featuresDict"].(map[string]any); ok {
		feats, _ := fd["features"].(map[string]any)
		for name, sub := range feats {
			m, ok := sub.(map[string]any)
			if !ok {
				return fmt.Errorf("feature %q is not an object", prefix+name)
			}
			if err := walkFeature(m, prefix+name+"/", depth+1, keys); err != nil {
				return err
			}
		}
		return nil
	}
	if seq, ok := node["sequence"].(map[string]any); ok {
		if el, ok := seq["feature"].(map[string]any); ok {
			return walkFeature(el, prefix, depth+1, keys)
		}
	}
	if key := strings.TrimSuffix(prefix, "/"); key != "" {
		*keys = append(*keys, key)
	}
	return nil
}

// checkFeatures checks that the declared features hold each feature the
// layout requires (one of a Field's keys).
func checkFeatures(l Layout, declared []string) error {
	has := func(f Field) bool {
		return slices.ContainsFunc(f.Keys, func(k string) bool {
			_, found := slices.BinarySearch(declared, k)
			return found
		})
	}
	need := []Field{{Keys: []string{StepKey}}, l.Instruction}
	for _, c := range l.Cameras {
		if c.Required {
			need = append(need, c.Field)
		}
	}
	if l.Gripper.Width > 0 {
		need = append(need, l.Gripper.Field)
	}
	if l.Pose.Width > 0 {
		need = append(need, l.Pose.Field)
	}
	for _, f := range need {
		if !has(f) {
			return fmt.Errorf("the %s layout needs one of %s, which features.json does not declare", l.Source, strings.Join(f.Keys, ", "))
		}
	}
	return nil
}
