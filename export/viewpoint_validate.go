package export

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"flowbench/planner"
)

// ValidateViewpoint checks a viewpoint dataset against everything its
// readers rely on, returning the questions per split: every shard reads
// back with flowbench's schema and is byte for byte what flowbench's writer
// makes of its decoded rows (viewpointReencoder: footer statistics, schema,
// page headers and key-value metadata agree with the data); question ids
// are unique; each question's
// tags hold its subject and object, its text names both tags, its
// viewpoint is one of the ten, its answer is a non-empty set of that
// viewpoint's relations and equals the relations recomputed from the tags'
// floor offsets (planner.RelationsAt with the manifest's margin), and its
// pair's steps run 1..10; every scene has the nine target views, whose PNGs
// decode at their size, whose depth is finite and non-negative and whose
// instance ids are in their map; the manifest's counts match.
func ValidateViewpoint(dir string) (map[string]int, error) {
	if err := CheckManifestFile(dir); err != nil {
		return nil, err
	}
	m, err := ReadViewpointManifest(dir)
	if err != nil {
		return nil, err
	}
	margin, _ := m.Config["margin"].(float64)
	if !(margin > 0) {
		return nil, &ValidationError{Shard: filepath.Join(dir, ManifestFile), Row: -1, Reason: "config.margin is missing or not positive"}
	}
	counts := map[string]int{}
	for _, split := range slices.Sorted(maps.Keys(m.Splits)) {
		n, err := validateViewpointSplit(dir, split, margin)
		if err != nil {
			return nil, err
		}
		st, err := ComputeViewpointStats(dir, split)
		if err != nil {
			return nil, err
		}
		if !reflect.DeepEqual(st, m.Splits[split]) {
			return nil, &ValidationError{Shard: filepath.Join(dir, ManifestFile), Row: -1,
				Reason: fmt.Sprintf("split %s: the manifest's counts differ from the shards' (%+v vs %+v)", split, *m.Splits[split], *st)}
		}
		counts[split] = n
	}
	return counts, nil
}

func validateViewpointSplit(dir, split string, margin float64) (int, error) {
	ids := map[string]bool{}
	steps := map[string]int32{}
	scenes := map[string]bool{}
	row, last := 0, ""
	n := 0
	err := eachViewpointRow(dir, split, ViewpointQuestionsTable, decodeViewpointQuestions, func(sf *shardFile) (*viewpointReencoder[ViewpointQuestionRow], error) {
		return newViewpointReencoder(sf, ViewpointQuestionsSchema(), viewpointQuestionsRecord)
	}, func(path string, q *ViewpointQuestionRow) error {
		if path != last {
			row, last = 0, path
		}
		defer func() { row++ }()
		fail := func(format string, a ...any) error {
			return &ValidationError{Shard: path, Row: row, ID: q.ID, Reason: fmt.Sprintf(format, a...)}
		}
		if ids[q.ID] {
			return fail("duplicate id")
		}
		ids[q.ID] = true
		scenes[q.SceneID] = true
		if q.Split != split {
			return fail("split column %q in split %s", q.Split, split)
		}
		var subj, obj *planner.ViewTag
		for i := range q.Tags {
			switch int32(q.Tags[i].Tag) {
			case q.Subject:
				subj = &q.Tags[i]
			case q.Object:
				obj = &q.Tags[i]
			}
		}
		if subj == nil || obj == nil || q.Subject == q.Object {
			return fail("subject %d or object %d is not among the tags", q.Subject, q.Object)
		}
		for _, t := range []int32{q.Subject, q.Object} {
			if !strings.Contains(q.Question, fmt.Sprintf("(Tag %d)", t)) {
				return fail("question does not name Tag %d", t)
			}
		}
		v, err := planner.ParseViewpoint(q.Viewpoint)
		if err != nil {
			return fail("%v", err)
		}
		if v.Top != q.Top || (!v.Top && int32(v.Orbit) != q.Orbit) {
			return fail("viewpoint %q disagrees with orbit %d / top %v", q.Viewpoint, q.Orbit, q.Top)
		}
		d := [2]float64{obj.Floor[0] - subj.Floor[0], obj.Floor[1] - subj.Floor[1]}
		rels, _ := planner.RelationsAt(v, d, margin)
		want := make([]string, len(rels))
		for i, r := range rels {
			want[i] = string(r)
		}
		if len(q.Answer) == 0 || !slices.Equal(want, q.Answer) {
			return fail("answer %v, the tags' floor offset gives %v", q.Answer, want)
		}
		key := fmt.Sprintf("%s|%d|%d", q.SceneID, q.Subject, q.Object)
		steps[key]++
		if q.Step != steps[key] {
			return fail("step %d, want %d", q.Step, steps[key])
		}
		n++
		return nil
	})
	if err != nil {
		return 0, err
	}
	for k, s := range steps {
		if s != int32(len(planner.OrbitAngles)+1) {
			return 0, fmt.Errorf("export: split %s: pair %s has %d questions, want %d", split, k, s, len(planner.OrbitAngles)+1)
		}
	}
	views := map[string][]string{}
	row, last = 0, ""
	err = eachViewpointRow(dir, split, ViewpointViewsTable, decodeViewpointViews, func(sf *shardFile) (*viewpointReencoder[ViewpointViewRow], error) {
		return newViewpointReencoder(sf, ViewpointViewsSchema(), viewpointViewsRecord)
	}, func(path string, v *ViewpointViewRow) error {
		if path != last {
			row, last = 0, path
		}
		defer func() { row++ }()
		fail := func(format string, a ...any) error {
			return &ValidationError{Shard: path, Row: row, ID: v.ID, Reason: fmt.Sprintf(format, a...)}
		}
		if !scenes[v.SceneID] {
			return fail("scene %s has no questions", v.SceneID)
		}
		views[v.SceneID] = append(views[v.SceneID], v.Viewpoint)
		if r := checkPNG("image", v.Image, v.Width, v.Height); r != "" {
			return fail("%s", r)
		}
		px := int(v.Width) * int(v.Height)
		if len(v.Depth) != px || len(v.InstanceIDs) != px {
			return fail("depth has %d and instance_ids %d values, want %d", len(v.Depth), len(v.InstanceIDs), px)
		}
		for i, z := range v.Depth {
			if math.IsNaN(float64(z)) || math.IsInf(float64(z), 0) || z < 0 {
				return fail("depth at pixel (x=%d, y=%d) is %v", i%int(v.Width), i/int(v.Width), z)
			}
		}
		for i, id := range v.InstanceIDs {
			if int(id) >= len(v.InstanceMap) {
				return fail("instance_ids at pixel (x=%d, y=%d) is %d, beyond the map's %d entries", i%int(v.Width), i/int(v.Width), id, len(v.InstanceMap))
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	want := make([]string, len(planner.ViewpointTargets))
	for i, v := range planner.ViewpointTargets {
		want[i] = v.String()
	}
	for s := range scenes {
		if !slices.Equal(views[s], want) {
			return 0, fmt.Errorf("export: split %s: scene %s has target views %v, want %v", split, s, views[s], want)
		}
	}
	return n, nil
}
