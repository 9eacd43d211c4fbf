package rlds

// Bounds on what a dataset may hold. Each is checked before the data it
// bounds is allocated (docs/real.md, "Reading RLDS episodes").
const (
	// MaxRecordBytes caps one TFRecord's data: one episode with all its
	// encoded frames. The largest OXE episodes (DROID, three cameras at
	// 180×320, a few hundred steps) are tens of MiB; a longer declared
	// length is refused before any allocation.
	MaxRecordBytes = 256 << 20
	// MaxJSONBytes caps dataset_info.json and features.json.
	MaxJSONBytes = 16 << 20
	// MaxJSONDepth caps the nesting of features.json's feature tree.
	MaxJSONDepth = 64
	// MaxSteps caps the steps of one episode.
	MaxSteps = 1 << 16
	// MaxFrameSide caps a decoded frame's width and height, pixels.
	MaxFrameSide = 8192
	// MaxFramePixels caps a decoded frame's width × height.
	MaxFramePixels = 1 << 24
	// MaxInstructionRunes caps a decoded instruction.
	MaxInstructionRunes = 4096
	// MaxShards caps the shards of one dataset directory.
	MaxShards = 1 << 17
)
