package render

import (
	"runtime"
	"sync"
	"weak"

	"flowbench/sim"
)

// The clusters of a model level depend on the model only, so they are split
// once per model for every renderer and every pose (a house's renderers and
// the next houses share their models), and kept for as long as the model
// lives: the cache holds the model weakly and drops its entry when the model
// is collected.

// clusterCache maps a model to its levels' clusters.
var clusterCache struct {
	mu sync.Mutex
	m  map[weak.Pointer[sim.Model]]*modelClusters
}

// modelClusters holds the clusters of each level of one model, each split
// on first use.
type modelClusters struct {
	levels []levelOnce
	lod    levelOnce // level 0 with its hierarchy (cluster_lod.go)
}

// levelOnce is one level's clusters, split once.
type levelOnce struct {
	once sync.Once
	lc   *levelClusters
}

// clustersOf returns the clusters of level lvl of model md (whose triangles
// index its vertices, as poseCompact checks), splitting the level on first
// use. It is safe for concurrent use.
func clustersOf(md *sim.Model, lvl int) *levelClusters {
	l := &modelClustersOf(md).levels[lvl]
	l.once.Do(func() { l.lc = splitClusters(&md.Levels[lvl]) })
	return l.lc
}

// lodClustersOf returns the clusters of md's level 0 with their hierarchy
// of coarser clusters (cluster_lod.go), building it on first use. It is
// safe for concurrent use.
func lodClustersOf(md *sim.Model) *levelClusters {
	l := &modelClustersOf(md).lod
	l.once.Do(func() { l.lc = buildClusterLOD(&md.Levels[0], clustersOf(md, 0)) })
	return l.lc
}

// modelClustersOf returns md's cache entry, making it on first use.
func modelClustersOf(md *sim.Model) *modelClusters {
	k := weak.Make(md)
	clusterCache.mu.Lock()
	if clusterCache.m == nil {
		clusterCache.m = map[weak.Pointer[sim.Model]]*modelClusters{}
	}
	mc := clusterCache.m[k]
	if mc == nil || len(mc.levels) != len(md.Levels) {
		mc = &modelClusters{levels: make([]levelOnce, len(md.Levels))}
		if clusterCache.m[k] == nil {
			runtime.AddCleanup(md, dropClusters, k)
		}
		clusterCache.m[k] = mc
	}
	clusterCache.mu.Unlock()
	return mc
}

// dropClusters forgets a collected model's clusters.
func dropClusters(k weak.Pointer[sim.Model]) {
	clusterCache.mu.Lock()
	delete(clusterCache.m, k)
	clusterCache.mu.Unlock()
}
