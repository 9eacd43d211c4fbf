package pipeline

import (
	"context"
	"sync"

	"flowbench/planner"
)

// preselect plans every house of the source exactly as the pipeline would
// (the same balance blocks, each with a fresh balance) and selects the test
// split from all candidates (planner.SelectTest). It returns each house's
// plan reduced to the selected examples, by house index, for the pipeline's
// planning workers to use, and the selection. A house whose planning failed
// keeps its error, which the pipeline reports as usual.
func preselect(ctx context.Context, src *houseSource, opt runOptions, block int, targets map[planner.Category]int) (map[int]plannedHouse, planner.Selection, error) {
	block = max(1, block)
	opt.NoViewImages = true // every house is planned before any is annotated
	plans := make([]plannedHouse, len(src.Houses))
	starts := make(chan int)
	var wg sync.WaitGroup
	for range max(1, opt.Workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for start := range starts {
				bal := &planner.Balance{Block: start / block}
				for i := start; i < min(len(src.Houses), start+block); i++ {
					if err := ctx.Err(); err != nil {
						plans[i].err = err
						continue
					}
					plans[i] = planGuarded(src.Houses[i], opt, bal)
				}
			}
		}()
	}
	for start := 0; start < len(src.Houses); start += block {
		starts <- start
	}
	close(starts)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, planner.Selection{}, err
	}
	var cands []planner.Example
	for i := range plans {
		cands = append(cands, plans[i].plan.exs...)
	}
	sel := planner.SelectTest(cands, targets, uint64(opt.Seed))
	out := make(map[int]plannedHouse, len(plans))
	for i, ph := range plans {
		p := ph.plan
		kept := housePlan{house: p.house}
		for k := range p.exs {
			if sel.Keep[p.exs[k].ID] {
				kept.exs = append(kept.exs, p.exs[k])
				kept.outs = append(kept.outs, p.outs[k])
			}
		}
		ph.plan = kept
		out[src.Houses[i].Index] = ph
	}
	return out, sel, nil
}
