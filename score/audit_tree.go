package score

import "sort"

// stumpTree is a shallow binary decision tree over dense feature vectors
// with 0/1 labels; a leaf predicts the share of positive labels of its
// training samples. Splits minimise the summed Gini impurity of the two
// children (a depth-1 tree is a decision stump).
type stumpTree struct {
	feature   int     // -1 for a leaf
	threshold float64 // go left when x[feature] <= threshold
	left      *stumpTree
	right     *stumpTree
	value     float64 // leaf: share of positives
}

// fitTree grows a tree on the samples idx of X, y.
func fitTree(X [][]float64, y []bool, idx []int, depth, minLeaf int) *stumpTree {
	if len(idx) == 0 {
		return &stumpTree{feature: -1}
	}
	nf := len(X[idx[0]])
	orders := make([][]int, nf)
	for f := range orders {
		o := append([]int(nil), idx...)
		sort.SliceStable(o, func(a, b int) bool { return X[o[a]][f] < X[o[b]][f] })
		orders[f] = o
	}
	in := make([]bool, len(X))
	for _, i := range idx {
		in[i] = true
	}
	return growTree(X, y, orders, in, idx, depth, minLeaf)
}

// growTree splits the node whose samples are idx (in[i] marks them);
// orders holds every training sample sorted by each feature.
func growTree(X [][]float64, y []bool, orders [][]int, in []bool, idx []int, depth, minLeaf int) *stumpTree {
	pos := 0
	for _, i := range idx {
		if y[i] {
			pos++
		}
	}
	node := &stumpTree{feature: -1, value: float64(pos) / float64(max(1, len(idx)))}
	if depth == 0 || pos == 0 || pos == len(idx) || len(idx) < 2*minLeaf {
		return node
	}
	n := float64(len(idx))
	bestGain, bestF, bestT := 1e-12, -1, 0.0
	parent := gini(float64(pos), n)
	for f, order := range orders {
		lp, nl, prev := 0.0, 0, 0
		for _, i := range order {
			if !in[i] {
				continue
			}
			if nl >= minLeaf && len(idx)-nl >= minLeaf && X[prev][f] != X[i][f] {
				fl, fr := float64(nl), n-float64(nl)
				g := parent - (fl/n)*gini(lp, fl) - (fr/n)*gini(float64(pos)-lp, fr)
				if g > bestGain {
					bestGain, bestF, bestT = g, f, (X[prev][f]+X[i][f])/2
				}
			}
			if y[i] {
				lp++
			}
			nl++
			prev = i
		}
	}
	if bestF < 0 {
		return node
	}
	var l, r []int
	for _, i := range idx {
		if X[i][bestF] <= bestT {
			l = append(l, i)
		} else {
			r = append(r, i)
		}
	}
	node.feature, node.threshold = bestF, bestT
	for _, i := range r {
		in[i] = false
	}
	node.left = growTree(X, y, orders, in, l, depth-1, minLeaf)
	for _, i := range l {
		in[i] = false
	}
	for _, i := range r {
		in[i] = true
	}
	node.right = growTree(X, y, orders, in, r, depth-1, minLeaf)
	for _, i := range l {
		in[i] = true
	}
	return node
}

// gini is the Gini impurity 2p(1−p) of a node with pos positives among n
// samples.
func gini(pos, n float64) float64 {
	if n == 0 {
		return 0
	}
	p := pos / n
	return 2 * p * (1 - p)
}

// predict returns the leaf value for x.
func (t *stumpTree) predict(x []float64) float64 {
	for t.feature >= 0 {
		if x[t.feature] <= t.threshold {
			t = t.left
		} else {
			t = t.right
		}
	}
	return t.value
}
