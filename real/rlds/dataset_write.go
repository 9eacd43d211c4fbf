package rlds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// WriteDataset writes a TFDS prepared dataset directory that Open reads:
// one shard <name>-<split>.tfrecord-NNNNN-of-NNNNN per element of shards,
// each holding its examples, dataset_info.json, and a features.json
// declaring every feature key the examples use. Tests build their
// episodes with it; a converter can too.
func WriteDataset(dir, name, split string, shards ...[]*Example) error {
	keys := map[string]bool{}
	for i, exs := range shards {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		for _, ex := range exs {
			for k := range ex.Features {
				keys[k] = true
			}
			if err := w.Write(ex.Marshal()); err != nil {
				return err
			}
		}
		file := filepath.Join(dir, fmt.Sprintf("%s-%s.tfrecord-%05d-of-%05d", name, split, i, len(shards)))
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	info, err := json.Marshal(map[string]any{"name": name, "version": "1.0.0", "fileFormat": "tfrecord",
		"splits": []map[string]any{{"name": split}}})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "dataset_info.json"), info, 0o644); err != nil {
		return err
	}
	list := make([]string, 0, len(keys))
	for k := range keys {
		list = append(list, k)
	}
	slices.Sort(list)
	return os.WriteFile(filepath.Join(dir, "features.json"), featuresJSON(list), 0o644)
}

// featuresJSON writes a features.json declaring keys as TFDS does:
// nested FeaturesDicts, "steps" a Dataset of a FeaturesDict.
func featuresJSON(keys []string) []byte {
	type node = map[string]any
	dict := func() node { return node{"pythonClassName": "FeaturesDict", "featuresDict": node{"features": node{}}} }
	root := dict()
	for _, k := range keys {
		cur := root
		parts := strings.Split(k, "/")
		for i, p := range parts {
			feats := cur["featuresDict"].(node)["features"].(node)
			if i == len(parts)-1 {
				feats[p] = node{"pythonClassName": "Tensor", "tensor": node{"shape": node{}}}
				break
			}
			next, ok := feats[p].(node)
			if !ok {
				if p == "steps" {
					inner := dict()
					feats[p] = node{"pythonClassName": "Dataset", "sequence": node{"feature": inner, "length": "-1"}}
					next = inner
				} else {
					next = dict()
					feats[p] = next
				}
			} else if seq, ok := next["sequence"].(node); ok {
				next = seq["feature"].(node)
			}
			cur = next
		}
	}
	b, _ := json.MarshalIndent(root, "", " ")
	return b
}
