package pairfile

// Bounds on what a pair may hold. Each is checked before the data it
// bounds is read or allocated (docs/real.md, "Bounds").
const (
	// FormatV1 is the value of pair.json's "format".
	FormatV1 = "flowbench-real-pair/1"
	// MinSize, MaxSize bound the frame width and height, pixels.
	MinSize, MaxSize = 16, 4096
	// MaxPairJSONBytes bounds pair.json and one line of an index.
	MaxPairJSONBytes = 1 << 20
	// MaxImageBytes bounds a frame, labels or arm image file.
	MaxImageBytes = 64 << 20
	// MaxRLEBytes bounds a COCO RLE masks file.
	MaxRLEBytes = 64 << 20
	// MaxIndexBytes bounds a JSONL index (it is streamed a line at a
	// time).
	MaxIndexBytes = 1 << 40
	// MaxInstances bounds the masks of one frame.
	MaxInstances = 4096
	// MaxLabelBytes bounds a mask's label.
	MaxLabelBytes = 200
	// MaxTaskBytes bounds the task text.
	MaxTaskBytes = 2000
	// MaxIDBytes bounds a pair id.
	MaxIDBytes = 128
	// MaxFocal bounds fx and fy, pixels.
	MaxFocal = 1e5
	// maxNPYHeaderBytes is the most header an .npy file may have in
	// front of its data: numpy writes 64 or 128 bytes; a version 1.0
	// header can hold 65,535.
	maxNPYHeaderBytes = 10 + 1<<16
)
