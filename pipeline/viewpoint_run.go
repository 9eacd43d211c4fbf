package pipeline

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// Families of question generation (Config.Family).
const (
	FamilyMotion    = "motion"    // the default: object-motion counterfactuals
	FamilyViewpoint = "viewpoint" // CVT-Bench-style camera counterfactuals (docs/viewpoint.md)
)

// viewpointHouse is one house's rows, scene by scene.
type viewpointHouse struct {
	qs  [][]export.ViewpointQuestionRow
	vs  [][]export.ViewpointViewRow
	err error
}

// runViewpoint generates one split of the viewpoint family: per house the
// motion family's source cameras, tags, clear pairs, ten questions per pair
// and the nine withheld target views (planner.PlanViewpoints), written by
// export.ViewpointWriter in house order whatever the number of workers,
// then the manifest and card. The family is generated whole: no parts and
// no resume.
func runViewpoint(ctx context.Context, cfg Config, opt Options, src *houseSource, log *slog.Logger) (Result, error) {
	res := Result{Bad: map[string]int{}}
	switch {
	case !opt.Part.Whole():
		return res, fmt.Errorf("%w: the viewpoint family is generated whole: --part is not supported", ErrConfig)
	case opt.Resume:
		return res, fmt.Errorf("%w: --resume is not supported for the viewpoint family: rerun with --overwrite", ErrConfig)
	}
	if fam, err := export.DatasetFamily(opt.Out); err == nil && fam != FamilyViewpoint {
		return res, fmt.Errorf("%s holds a %s-family dataset: write the viewpoint family into another directory", opt.Out, familyName(fam))
	}
	lib, err := OpenAssets(cfg.Assets)
	if err != nil {
		return res, err
	}
	if err := prepareOutDir(opt.Out, cfg.Split, false, opt.Overwrite); err != nil {
		return res, err
	}
	vc := planner.DefaultViewpointConfig()
	vc.Seed, vc.CameraSize = uint64(cfg.Seed), cfg.Size
	vc.Views = cfg.plannerConfig()
	vc.Views.CameraSize = cfg.Size
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	dress := Dresser(lib)
	n := len(src.Houses)
	results := make([]chan viewpointHouse, n)
	for i := range results {
		results[i] = make(chan viewpointHouse, 1)
	}
	jobs := make(chan int)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] <- viewpointRows(src.Houses[i], cfg, vc, dress)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	w, err := export.NewViewpointWriter(opt.Out, cfg.Split, 0)
	if err != nil {
		return res, diskError(err)
	}
	emit := opt.Progress
	if emit == nil {
		emit = func(Event) {}
	}
	emit(Event{Kind: EventStart, Houses: n})
	var werr error
	for i := range n {
		var r viewpointHouse
		select {
		case r = <-results[i]:
		case <-ctx.Done():
			werr = ctx.Err()
		}
		if werr == nil {
			werr = r.err
		}
		if werr != nil {
			break
		}
		rep := planner.Report{HouseID: src.Houses[i].ID, Views: len(r.qs)}
		for k := range r.qs {
			if werr = w.Add(r.qs[k], r.vs[k]); werr != nil {
				break
			}
			res.Questions += len(r.qs[k])
			rep.Questions += len(r.qs[k])
		}
		res.Houses++
		if len(r.qs) == 0 {
			rep.Bad = "no_viewpoint_scene"
			res.Bad[rep.Bad]++
		}
		emit(Event{Kind: EventHouse, House: src.Houses[i].Index, Report: rep})
	}
	cancel()
	wg.Wait()
	if werr != nil {
		return res, werr
	}
	if _, err = w.Close(); err != nil {
		return res, diskError(err)
	}
	st, err := export.ComputeViewpointStats(opt.Out, cfg.Split)
	if err != nil {
		return res, err
	}
	m := &export.ViewpointManifest{Name: "flowbench", Family: export.FamilyViewpoint, Version: Version, SchemaVersion: export.SchemaVersion,
		Config: map[string]any{}, Seeds: map[string]int64{}, Splits: map[string]*export.ViewpointSplitStats{}, Schema: export.DescribeViewpointSchema()}
	if old, err := export.ReadViewpointManifest(opt.Out); err == nil {
		m.Config, m.Seeds, m.Splits = old.Config, old.Seeds, old.Splits
	}
	m.Config["margin"] = vc.Margin
	m.Config[cfg.Split] = map[string]any{"houses": n, "source": src.Kind, "seed": cfg.Seed, "size": cfg.Size, "views": vc.Views.Views,
		"max_tags": vc.MaxTags, "max_pairs": vc.MaxPairs, "min_tag_pixels_800": vc.MinTagPixels, "margin": vc.Margin,
		"viewpoints": "0, left or right 45..360 (one direction per pair), top", "orbit_centre": "mean of the tagged objects' box centres",
		"top_camera": fmt.Sprintf("above the orbit centre, %.2f m below the lowest wall top, horizon 89.9°", planner.ViewTopClearance),
		"assets":     cfg.Assets}
	if src.backend != nil { // the houses left out what the backend cannot create
		m.Config[cfg.Split].(map[string]any)[backendAssetsKey] = src.backend.String()
	}
	m.Seeds[cfg.Split] = cfg.Seed
	m.Splits[cfg.Split] = st
	if err := export.WriteViewpointManifest(opt.Out, m); err != nil {
		return res, diskError(err)
	}
	log.Debug("viewpoint split written", "split", cfg.Split, "scenes", st.Scenes, "questions", st.Questions, "views", st.Views, "obstructed", st.Obstructed)
	return res, nil
}

func familyName(f string) string {
	if f == "" {
		return FamilyMotion
	}
	return f
}

// viewpointRows plans one house and turns its scenes into rows: the source
// view with its tag badges and the target views, PNG-encoded.
func viewpointRows(spec houseSpec, cfg Config, vc planner.ViewpointConfig, dress func(*sim.Scene)) (out viewpointHouse) {
	defer recoverInternal(&out.err, "viewpoint house "+spec.ID)
	h, err := spec.load()
	if err != nil {
		return viewpointHouse{err: err}
	}
	s, release, err := newSimulator(cfg.Backend, dress)
	if err != nil {
		return viewpointHouse{err: err}
	}
	defer release()
	vc.HouseID = spec.ID
	scenes, err := planner.PlanViewpoints(s, h, vc)
	if err != nil {
		return viewpointHouse{err: err}
	}
	for i := range scenes {
		sc := &scenes[i]
		src, err := encodePNG(render.DrawMarks(sc.Source.RGBImage(), sc.TagMarks(), render.StyleBadges))
		if err != nil {
			return viewpointHouse{err: err}
		}
		views := make([][]byte, len(sc.Targets))
		for k, t := range sc.Targets {
			if views[k], err = encodePNG(t.Frame.RGBImage()); err != nil {
				return viewpointHouse{err: err}
			}
		}
		qs, vs, err := export.NewViewpointRows(sc, cfg.Split, src, views, vc.Margin)
		if err != nil {
			return viewpointHouse{err: err}
		}
		out.qs, out.vs = append(out.qs, qs), append(out.vs, vs)
	}
	return out
}
