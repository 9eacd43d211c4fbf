package simsource

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"flowbench/real"
	"flowbench/render"
	"flowbench/sim"
)

// Truth is the exact geometry of one simulated pair, in the camera frame of
// I0 (x right, y down, z forward, metres). It is written as truth.json
// beside the pair, with the instance id images as truth_ids0.npy and
// truth_ids1.npy.
type Truth struct {
	PairID string `json:"pair_id"`
	// Seed, Index and Noise are Generate's arguments.
	Seed  int64  `json:"seed"`
	Index int    `json:"index"`
	Noise string `json:"noise"`
	// House names the procedural house (style, seed, index) and Surface
	// the receptacle the objects stand on, SurfaceLabel its type's label
	// (never emitted as a mask).
	House        string `json:"house"`
	Surface      string `json:"surface"`
	SurfaceLabel string `json:"surface_label"`
	// Camera is the simulator camera of both frames: eye (world, metres),
	// yaw and downward pitch (degrees); K its exact intrinsics.
	Camera CameraTruth     `json:"camera"`
	K      real.Intrinsics `json:"k"`
	W      int             `json:"w"`
	H      int             `json:"h"`
	// Movers index Objects: the mover first, then the second mover if any.
	Movers []int `json:"movers"`
	// Objects are every object with a mask in either frame, plus the
	// movers.
	Objects []TruthObject `json:"objects"`
	// Distance names how surface distances were measured: "hull" (the
	// distance between the convex hulls of the posed meshes, GJK).
	Distance string `json:"distance"`
	// Assets is the hash (assets.Library.Hash) of the furniture library
	// the scene was dressed with; empty for primitive shapes.
	Assets string `json:"assets,omitempty"`
	// IDs0, IDs1 are the exact instance id images (row-major W×H; values
	// are TruthObject.Instance, or other ids for structure and furniture,
	// 0 for nothing).
	IDs0 []uint16 `json:"-"`
	IDs1 []uint16 `json:"-"`
}

// CameraTruth is the simulator camera pose.
type CameraTruth struct {
	Eye     real.Vec3 `json:"eye"`
	Yaw     float64   `json:"yaw"`
	Horizon float64   `json:"horizon"`
}

// TruthObject is one object's exact geometry.
type TruthObject struct {
	// ID is the simulator object id, Type its type, Label the noun its
	// exact mask carries, Instance its id in the instance id images.
	ID       string `json:"id"`
	Type     string `json:"type"`
	Label    string `json:"label"`
	Instance uint16 `json:"instance"`
	// Moved reports a mover (first or second).
	Moved bool `json:"moved"`
	// Model is the key of the furniture model it is drawn with
	// (sim.Model.Key); empty for a primitive shape.
	Model string `json:"model,omitempty"`
	// Center0, Center1 are its box centre before and after, camera frame
	// of I0. The box is that of the mesh drawn: the object's box for a
	// primitive shape, the tightest box about the object's axes around
	// the posed model for a furniture model.
	Center0 real.Vec3 `json:"center0"`
	Center1 real.Vec3 `json:"center1"`
	// Box0, Box1 are its oriented box's 8 corners before and after (bit 0
	// of the index selects local +x, bit 1 +y, bit 2 +z).
	Box0 [8]real.Vec3 `json:"box0"`
	Box1 [8]real.Vec3 `json:"box1"`
	// Size is the box's full extent (local x, y, z), metres.
	Size real.Vec3 `json:"size"`
	// Pixels0, Pixels1 are its visible pixel counts in I0 and I1.
	Pixels0 int `json:"pixels0"`
	Pixels1 int `json:"pixels1"`
	// Unhidden0, Unhidden1 are its pixel counts with the movers taken out
	// of the scene; Hidden0, Hidden1 the pixels of it the movers hide.
	Unhidden0 int `json:"unhidden0"`
	Unhidden1 int `json:"unhidden1"`
	Hidden0   int `json:"hidden0"`
	Hidden1   int `json:"hidden1"`
	// Dist lists the surface-to-surface distances from each mover (in
	// Truth.Movers order) before and after the move; empty for a mover's
	// own entry.
	Dist []MoverDistance `json:"dist"`
}

// MoverDistance is the surface distance between a mover and an object, in
// both frames (each at its own pose in that frame), metres: Hull between
// the convex hulls of the meshes, Box between the oriented boxes.
type MoverDistance struct {
	Mover int     `json:"mover"` // index into Truth.Objects
	Hull0 float64 `json:"hull0"`
	Hull1 float64 `json:"hull1"`
	Box0  float64 `json:"box0"`
	Box1  float64 `json:"box1"`
}

// DistTo returns the hull distances from mover (an index into Objects) to
// object o before and after; ok is false when none is recorded.
func (t *Truth) DistTo(mover, o int) (d0, d1 float64, ok bool) {
	if o < 0 || o >= len(t.Objects) {
		return 0, 0, false
	}
	for _, d := range t.Objects[o].Dist {
		if d.Mover == mover {
			return d.Hull0, d.Hull1, true
		}
	}
	return 0, 0, false
}

// Truth file names inside a pair folder.
const (
	TruthFile     = "truth.json"
	TruthIDs0File = "truth_ids0.npy"
	TruthIDs1File = "truth_ids1.npy"
)

// WriteTruth writes t into dir (truth.json and the two id images).
func WriteTruth(dir string, t *Truth) error {
	b, err := json.MarshalIndent(t, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := sim.WriteFileAtomic(filepath.Join(dir, TruthFile), append(b, '\n')); err != nil {
		return err
	}
	shape := []int{t.H, t.W}
	if err := render.WriteNPYFile(filepath.Join(dir, TruthIDs0File), shape, t.IDs0); err != nil {
		return err
	}
	return render.WriteNPYFile(filepath.Join(dir, TruthIDs1File), shape, t.IDs1)
}

// maxTruthBytes bounds truth.json.
const maxTruthBytes = 16 << 20

// ReadTruth reads the truth WriteTruth wrote into dir.
func ReadTruth(dir string) (*Truth, error) {
	path := filepath.Join(dir, TruthFile)
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.Size() > maxTruthBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", path, st.Size(), maxTruthBytes)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t := &Truth{}
	if err := json.Unmarshal(b, t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if t.W <= 0 || t.H <= 0 || t.W*t.H > 1<<26 {
		return nil, fmt.Errorf("%s: frame size %dx%d", path, t.W, t.H)
	}
	for k, dst := range []*[]uint16{&t.IDs0, &t.IDs1} {
		name := filepath.Join(dir, []string{TruthIDs0File, TruthIDs1File}[k])
		shape, data, err := render.ReadNPYFile(name)
		if err != nil {
			return nil, err
		}
		ids, ok := data.([]uint16)
		if !ok || len(shape) != 2 || shape[0] != t.H || shape[1] != t.W {
			return nil, fmt.Errorf("%s: want a %dx%d uint16 array, got %v %T", name, t.H, t.W, shape, data)
		}
		*dst = ids
	}
	for i, m := range t.Movers {
		if m < 0 || m >= len(t.Objects) {
			return nil, fmt.Errorf("%s: movers[%d] = %d is not an object index", path, i, m)
		}
	}
	return t, nil
}
