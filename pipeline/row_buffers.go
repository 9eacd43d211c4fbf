package pipeline

import (
	"sync"

	"flowbench/flow"
)

// Row buffers. An annotation row carries about 32 bytes a pixel of dense
// arrays (depths, instance ids, flows, masks) that the shard writer encodes
// into Parquet pages and then no longer reads. Allocating them afresh for
// every example costs a clear of each buffer and keeps the garbage
// collector busy; instead the annotator takes a set from a pool, fills it
// (the flow computer writes straight into it), and the writer puts it back
// once the row is written. Every value of a set is overwritten before it is
// read, so a recycled set cannot leak one example's data into another.

// rowBuffers holds the dense arrays of one annotation row.
type rowBuffers struct {
	depth0, depth1 []float32
	ids0, ids1     []uint16
	flow           flow.Result
}

var rowBufferPool = sync.Pool{New: func() any { return new(rowBuffers) }}

// getRowBuffers returns a set of row buffers, recycled when one is free.
func getRowBuffers() *rowBuffers { return rowBufferPool.Get().(*rowBuffers) }

// release hands the buffers back for another row; the row that used them
// must not be read afterwards.
func (b *rowBuffers) release() {
	if b != nil {
		rowBufferPool.Put(b)
	}
}
