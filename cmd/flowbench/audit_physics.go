package main

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"flowbench/export"
	"flowbench/pipeline"
	"flowbench/score"
	"flowbench/sim"
)

// physicsFindingsShown is how many offenders the table lists per split
// (--json lists all).
const physicsFindingsShown = 40

// errPhysics is returned when the physics audit finds a defect, so that the
// command exits non-zero after printing its report.
var errPhysics = errors.New("physics audit found defects")

// runPhysicsAudit is "audit --physics": score.PhysicsAudit over every row of
// each split, from the stored object poses alone.
func runPhysicsAudit(ds *export.Dataset, splits []string, asJSON bool, stdout, stderr io.Writer) error {
	var reports []score.PhysicsReport
	for _, s := range splits {
		rows, err := physicsRows(ds, s)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return fmt.Errorf("%s: split %q has no annotations", ds.Dir, s)
		}
		walls, err := physicsWalls(ds, s, rows)
		if err != nil {
			fmt.Fprintf(stderr, "flowbench audit: split %s: walls not checked: %v\n", s, err)
		} else if v := ds.Manifest.Version; v != pipeline.Version {
			fmt.Fprintf(stderr, "flowbench audit: split %s: written by flowbench %s, walls rebuilt by %s (the same unless the floor plans changed)\n", s, v, pipeline.Version)
		}
		meshes, err := physicsMeshes(ds, s)
		if err != nil {
			fmt.Fprintf(stderr, "flowbench audit: split %s: drawn models not checked: %v\n", s, err)
		}
		reports = append(reports, score.PhysicsAuditMeshes(s, rows, walls, meshes))
	}
	return writeAuditReports(stdout, reports, asJSON, writePhysicsTable, errPhysics)
}

// physicsRows joins a split's questions (for the category) with its
// annotations' object poses.
func physicsRows(ds *export.Dataset, split string) ([]score.PhysicsRow, error) {
	cats, houses := map[string]string{}, map[string]string{}
	for q, err := range ds.Questions(split) {
		if err != nil {
			return nil, err
		}
		cats[q.ID] = q.Category
		houses[q.ID] = q.HouseID
	}
	var out []score.PhysicsRow
	for p, err := range ds.Poses(split) {
		if err != nil {
			return nil, err
		}
		cat, ok := cats[p.ID]
		if !ok {
			return nil, fmt.Errorf("%s: annotations row %q has no question", ds.Dir, p.ID)
		}
		out = append(out, score.PhysicsRow{ID: p.ID, Category: cat, HouseID: houses[p.ID], Before: p.ObjectsBefore, After: p.ObjectsAfter})
	}
	return out, nil
}

// physicsWalls rebuilds the wall faces of every house of the rows from the
// split's manifest configuration (pipeline.SplitHouses): the shards do not
// store walls, but every house is a function of (seed, config).
func physicsWalls(ds *export.Dataset, split string, rows []score.PhysicsRow) (map[string][]score.PhysicsWall, error) {
	if ds.Manifest == nil {
		return nil, fmt.Errorf("no manifest")
	}
	conf, _ := ds.Manifest.Config[split].(map[string]any)
	load, err := pipeline.SplitHouses(split, conf)
	if err != nil {
		return nil, err
	}
	out := map[string][]score.PhysicsWall{}
	for _, r := range rows {
		if _, done := out[r.HouseID]; done {
			continue
		}
		h, err := load(r.HouseID)
		if err != nil {
			return nil, err
		}
		sc, err := sim.NewScene(h)
		if err != nil {
			return nil, fmt.Errorf("house %s: %w", r.HouseID, err)
		}
		ws := []score.PhysicsWall{}
		for _, w := range sc.Walls {
			pw := score.PhysicsWall{ID: w.ID, A: w.A, B: w.B, Height: w.Height}
			for _, h := range w.Holes {
				pw.Holes = append(pw.Holes, score.PhysicsHole{ID: h.ID, U0: h.U0, U1: h.U1, Y0: h.Y0, Y1: h.Y1})
			}
			ws = append(ws, pw)
		}
		out[r.HouseID] = ws
	}
	return out, nil
}

// writePhysicsTable prints one split's counts per category and its first
// offenders.
func writePhysicsTable(w io.Writer, r *score.PhysicsReport) {
	fmt.Fprintf(w, "physics audit, split %s: %d rows\n", r.Split, r.Rows)
	walls := "walls checked"
	if !r.WallsChecked {
		walls = "walls NOT checked (houses not rebuilt)"
	}
	meshes := "drawn models checked"
	if !r.MeshesChecked {
		meshes = "drawn models NOT checked (primitive shapes, or no libraries)"
	}
	fmt.Fprintf(w, "%s; %s; counts per state I0/I1\n", walls, meshes)
	fmt.Fprintf(w, "%-16s %6s %9s %9s %9s %9s %9s %9s %9s %9s\n", "category", "rows", "unstable", "overlaps", "below_fl", "in_wall", "over_hole", "mesh_gap", "mesh_brdg", "bad_rows")
	line := func(name string, c *score.PhysicsCounts) {
		p := func(v [2]int) string { return fmt.Sprintf("%d/%d", v[0], v[1]) }
		fmt.Fprintf(w, "%-16s %6d %9s %9s %9s %9s %9s %9s %9s %9s\n", name, c.Rows, p(c.Unstable), p(c.Overlaps), p(c.BelowFloor), p(c.InWall), p(c.OverHole), p(c.MeshGap), p(c.MeshBridge), p(c.BadRows))
	}
	names := make([]string, 0, len(r.Categories))
	for k := range r.Categories {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		line(k, r.Categories[k])
	}
	line("all", &r.Total)
	if r.Clean() {
		fmt.Fprintln(w, "no defects")
		return
	}
	for i, f := range r.Findings {
		if i == physicsFindingsShown {
			fmt.Fprintf(w, "... and %d more (--json lists all)\n", len(r.Findings)-i)
			break
		}
		other := ""
		if f.Other != "" {
			other = " with " + f.Other
		}
		fmt.Fprintf(w, "%s %s %s: %s%s (%.3f m)\n", f.Row, f.State, f.Kind, f.Object, other, f.Amount)
	}
}

// physicsMeshes returns, per house of a split drawn with real models, its
// receptacles' drawn models (object id → mesh), rebuilt like the walls from
// the manifest's configuration and dressed with the installed libraries;
// nil when the split was drawn with primitive shapes. The last few houses'
// meshes are kept (rows come grouped by house), and every model is
// converted once.
func physicsMeshes(ds *export.Dataset, split string) (func(string) map[string]*score.PhysicsMesh, error) {
	if ds.Manifest == nil {
		return nil, fmt.Errorf("no manifest")
	}
	st := ds.Manifest.Splits[split]
	if st == nil || st.Assets == nil || st.Assets.Mode != "sh3d" {
		return nil, nil
	}
	lib, err := pipeline.OpenAssets("auto")
	if err != nil || lib == nil {
		return nil, fmt.Errorf("no furniture libraries: %v", err)
	}
	conf, _ := ds.Manifest.Config[split].(map[string]any)
	load, err := pipeline.SplitHouses(split, conf)
	if err != nil {
		return nil, err
	}
	dress := pipeline.Dresser(lib)
	models := map[*sim.Model]*score.PhysicsMesh{}
	var recent []string
	cache := map[string]map[string]*score.PhysicsMesh{}
	return func(house string) map[string]*score.PhysicsMesh {
		if m, ok := cache[house]; ok {
			return m
		}
		out := map[string]*score.PhysicsMesh{}
		if h, err := load(house); err == nil {
			if sc, err := sim.NewScene(h); err == nil {
				dress(sc)
				for _, o := range sc.Objects {
					if o.Receptacle && o.Model.LevelCount() > 0 {
						out[o.ID] = physicsMesh(models, o.Model)
					}
				}
			}
		}
		if len(recent) == 4 {
			delete(cache, recent[0])
			recent = recent[1:]
		}
		recent = append(recent, house)
		cache[house] = out
		return out
	}, nil
}

// physicsMesh converts level 0 of a model for the audit, once per model.
func physicsMesh(done map[*sim.Model]*score.PhysicsMesh, md *sim.Model) *score.PhysicsMesh {
	if m, ok := done[md]; ok {
		return m
	}
	l := &md.Levels[0]
	m := &score.PhysicsMesh{Size: md.Size, Pos: make([][3]float64, len(l.Pos)), Tris: make([][3]uint32, len(l.Tris))}
	for i, p := range l.Pos {
		m.Pos[i] = p
	}
	for i, t := range l.Tris {
		m.Tris[i] = t.V
	}
	if len(l.Normal) == len(l.Pos) {
		m.Normals = make([][3]float64, len(l.Normal))
		for i, n := range l.Normal {
			m.Normals[i] = n
		}
	}
	done[md] = m
	return m
}
