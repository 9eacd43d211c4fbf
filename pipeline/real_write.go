package pipeline

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"flowbench/export"
)

// realJob is the rows of one pair, built by a worker.
type realJob struct {
	pair  int
	cands []RealCandidate
	done  chan realJobResult
}

type realJobResult struct {
	qs  []export.QuestionRow
	as  []export.RealAnnotationRow
	err error
}

// realWrite draws and writes the kept questions of the pairs of shards
// [res.FirstShard, res.EndShard): workers build each pair's rows (reading
// the pair again), the writer takes them in pair order and cuts a shard
// after every opt.PairsPerShard pairs, so the bytes do not depend on the
// number of workers.
func realWrite(ctx context.Context, w *export.RealWriter, pairs []RealPairRef, results []realPairResult,
	kept []RealCandidate, opt RealOptions, res *RealResult) error {
	byPair := map[int][]RealCandidate{}
	for _, c := range kept {
		byPair[c.Pair] = append(byPair[c.Pair], c)
	}
	lo, hi := res.FirstShard*opt.PairsPerShard, min(res.EndShard*opt.PairsPerShard, len(pairs))
	var jobs []*realJob
	for _, i := range slices.Sorted(maps.Keys(byPair)) {
		if i >= lo && i < hi {
			jobs = append(jobs, &realJob{pair: i, cands: byPair[i], done: make(chan realJobResult, 1)})
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	work := make(chan *realJob)
	slots := make(chan struct{}, 2*opt.Workers) // jobs dispatched and not yet written
	go func() {
		defer close(work)
		for _, j := range jobs {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case work <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.done <- realBuildRows(pairs[j.pair], &results[j.pair], j.cands, opt.Split)
			}
		}()
	}
	cutTo := func(shard int) error { // cut every shard before shard
		for w.Next() < shard {
			if err := w.Cut(); err != nil {
				return diskError(err)
			}
		}
		return nil
	}
	for _, j := range jobs {
		var r realJobResult
		select {
		case r = <-j.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		<-slots
		if r.err != nil {
			return r.err
		}
		if err := cutTo(j.pair / opt.PairsPerShard); err != nil {
			return err
		}
		if err := w.AddPair(r.qs, r.as); err != nil {
			return diskError(err)
		}
		res.Questions += len(r.qs)
		res.Pairs++
	}
	return cutTo(res.EndShard)
}

// realBuildRows reads a pair again and builds its rows.
func realBuildRows(ref RealPairRef, r *realPairResult, cands []RealCandidate, split string) realJobResult {
	p, err := loadPair(ref)
	if err == nil && p.ID != r.id {
		err = fmt.Errorf("pair %s now reads as %q, was %q", ref.ID, p.ID, r.id)
	}
	if err != nil {
		return realJobResult{err: fmt.Errorf("reading pair %s again to draw its marks (did its files change during the run?): %w", ref.ID, err)}
	}
	qs, as, err := realPairRows(p, r.measurement, r.mjson, cands, split)
	if err != nil {
		err = fmt.Errorf("pair %s: %w", ref.ID, err)
	}
	return realJobResult{qs: qs, as: as, err: err}
}
