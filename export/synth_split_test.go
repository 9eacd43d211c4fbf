package export

import (
	"math/rand/v2"
	"testing"
)

// addSynthSplit adds split, n synthetic rows of w×h cut every perShard
// rows, to the dataset in dir (which may hold other splits) and rewrites
// its manifest and card.
func addSynthSplit(t testing.TB, dir, split string, n, w, h, perShard int, opt Options) ([]QuestionRow, []AnnotationRow) {
	t.Helper()
	opt.RowsPerShard = perShard
	dw, err := Create(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := dw.Split(split, w, h)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, uint64(len(split))))
	var qs []QuestionRow
	var as []AnnotationRow
	for k := range n {
		q, a := synthRows(rng, k, w, h)
		q.Split = split
		qs, as = append(qs, q), append(as, a)
		if err := sw.Add(q, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := dw.Finish("test", map[string]any{"houses": 1}, map[string]int64{split: 9}); err != nil {
		t.Fatal(err)
	}
	return qs, as
}
