package mine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"flowbench/real"
	"flowbench/real/rlds"
)

// MinedFile is the file of a pair folder that describes the mined pair:
// pair.json's fields without the estimators' outputs, and the mining
// provenance.
const MinedFile = "mined.json"

// Mined is mined.json.
type Mined struct {
	Format     string        `json:"format"`
	ID         string        `json:"id"`
	Source     string        `json:"source"`
	Task       string        `json:"task,omitempty"`
	Width      int           `json:"width"`
	Height     int           `json:"height"`
	Intrinsics Intrinsics    `json:"intrinsics"`
	Frames     [2]MinedFrame `json:"frames"`
	Episode    string        `json:"episode"`
	Camera     string        `json:"camera"`
	Steps      [2]int        `json:"steps"` // the steps of I0 and I1
	Phi        float64       `json:"phi"`   // eq. 47
	// Prompts names prompts.json, the segmenter's text prompts (B.2).
	Prompts string `json:"prompts"`
	// TrackFrames are the frames the point tracker follows I0's pixels
	// through to I1 (B.2: at most 48, evenly spaced, I0 first and I1
	// last), JPEG at the processed size.
	TrackFrames []string `json:"track_frames"`
	// TrackSteps are the episode steps of TrackFrames.
	TrackSteps []int `json:"track_steps"`
	// Effector is the recorded end-effector position at I0 and I1 in the
	// robot's frame, metres (Language-Table: x, y on the board, z 0); with
	// the arm mask's bottom-centre pixel in I0 it is one correspondence of
	// B.3's table-plane fit (real/tableplane). Absent when unrecorded.
	Effector *[2][3]float64 `json:"effector,omitempty"`
}

// Intrinsics are mined.json's intrinsics, spelt as pair.json spells them.
type Intrinsics struct {
	Fx float64 `json:"fx"`
	Fy float64 `json:"fy"`
	Cx float64 `json:"cx"`
	Cy float64 `json:"cy"`
}

// MinedFrame is a frame of mined.json: the image the estimators read.
type MinedFrame struct {
	Image string `json:"image"`
}

// MinedFormat is mined.json's format tag.
const MinedFormat = "flowbench-real-mined/1"

// Report counts what Mine did.
type Report struct {
	Episodes int            `json:"episodes"`
	Pairs    int            `json:"pairs"`
	Dropped  map[string]int `json:"dropped"` // by reason
	// PerSource counts episodes and pairs per source.
	PerSource map[string][2]int `json:"per_source"`
}

// Miner mines episodes one by one into pair folders under a directory;
// the per-task caps make it stateful, so episodes must come in a fixed
// order (the reader's) for the output to be a function of the input.
type Miner struct {
	out     string
	prompts PromptLists
	rep     Report
	tasks   map[string]int    // kept Bridge V2 trajectories per task
	labs    map[[2]string]int // kept DROID episodes per (lab, instruction)
	names   map[string]bool
}

// NewMiner returns a Miner writing under out, which it creates.
func NewMiner(out string) (*Miner, error) {
	p, err := Prompts()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	return &Miner{out: out, prompts: p, rep: Report{Dropped: map[string]int{}, PerSource: map[string][2]int{}},
		tasks: map[string]int{}, labs: map[[2]string]int{}, names: map[string]bool{}}, nil
}

// Report returns the counts so far.
func (m *Miner) Report() Report { return m.rep }

// Skip counts an episode the reader could not read.
func (m *Miner) Skip() {
	m.rep.Episodes++
	m.rep.Dropped[DropUnreadable]++
}

// Add mines one episode: it returns the pair folder written, or the
// reason the episode was dropped ("" and "" never both); err is a write
// error only.
func (m *Miner) Add(e *Episode) (folder, dropped string, err error) {
	m.rep.Episodes++
	ps := m.rep.PerSource[e.Source]
	ps[0]++
	m.rep.PerSource[e.Source] = ps
	folder, dropped, err = m.mine(e)
	if dropped != "" {
		m.rep.Dropped[dropped]++
	}
	if folder != "" {
		m.rep.Pairs++
		ps := m.rep.PerSource[e.Source]
		ps[1]++
		m.rep.PerSource[e.Source] = ps
	}
	return folder, dropped, err
}

// mine applies B.1's rules in order and writes the pair.
func (m *Miner) mine(e *Episode) (string, string, error) {
	if e.Steps() < 2 {
		return "", DropTooShort, nil
	}
	task := normaliseTask(e.Instruction)
	if e.Source == real.DROID {
		switch {
		case task == "":
			return "", DropNoInstruction, nil
		case !e.Success:
			return "", DropNotSuccessful, nil
		case !slices.ContainsFunc(e.Cameras, func(c Camera) bool { return c.External && c.Intrinsics != nil && c.WorldToCamera != nil }):
			return "", DropNoCalibration, nil
		}
	}
	if r := taskDrop(e.Source, task); r != "" {
		return "", r, nil
	}
	ch, r := chooseFrames(e)
	if r != "" {
		return "", r, nil
	}
	switch {
	case e.Source == real.BridgeV2 && m.tasks[task] >= real.BridgeMaxPerTask:
		return "", DropTaskCap, nil
	case e.Source == real.DROID && m.labs[[2]string{e.Lab, task}] >= real.DROIDMaxPerLabInstruction:
		return "", DropLabCap, nil
	}
	src, err := real.LookupSource(e.Source)
	if err != nil {
		return "", "", err
	}
	cam := e.Cameras[ch.camera]
	w, h := real.DefaultWidth, real.DefaultHeight
	if e.Source == real.DROID {
		w, h = real.DROIDWidth, real.DROIDHeight
	}
	f0, err0 := rlds.DecodeImage(cam.Frames[ch.i0])
	f1, err1 := rlds.DecodeImage(cam.Frames[ch.i1])
	if err0 != nil || err1 != nil {
		return "", DropUndecodable, nil
	}
	native := f0.Bounds().Size()
	r0, r1 := resize(f0, w, h), resize(f1, w, h)
	phi := ChangeFraction(r0, r1)
	switch {
	case phi < src.PhiMin:
		return "", DropChangeLow, nil
	case phi > src.PhiMax:
		return "", DropChangeHigh, nil
	}
	k := real.DefaultIntrinsics
	if cam.Intrinsics != nil && e.Source == real.DROID {
		sx, sy := float64(w)/float64(native.X), float64(h)/float64(native.Y)
		k = real.Intrinsics{Fx: cam.Intrinsics.Fx * sx, Fy: cam.Intrinsics.Fy * sy, Cx: cam.Intrinsics.Cx * sx, Cy: cam.Intrinsics.Cy * sy}
	}
	steps := trackSteps(ch.i0, ch.i1)
	track := make([][]byte, len(steps))
	for i, s := range steps {
		f, err := rlds.DecodeImage(cam.Frames[s])
		if err != nil {
			return "", DropUndecodable, nil
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, resize(f, w, h), &jpeg.Options{Quality: trackJPEGQuality}); err != nil {
			return "", "", err
		}
		track[i] = buf.Bytes()
	}
	name := m.folderName(e.ID)
	doc := Mined{Format: MinedFormat, ID: name, Source: e.Source, Task: e.Instruction, Width: w, Height: h,
		Intrinsics: Intrinsics{Fx: k.Fx, Fy: k.Fy, Cx: k.Cx, Cy: k.Cy},
		Frames:     [2]MinedFrame{{"frame0.png"}, {"frame1.png"}}, Episode: e.ID, Camera: cam.Name, Steps: [2]int{ch.i0, ch.i1}, Phi: phi,
		Prompts: "prompts.json", TrackSteps: steps}
	for i := range steps {
		doc.TrackFrames = append(doc.TrackFrames, fmt.Sprintf("track/%02d.jpg", i))
	}
	if ch.i1 < len(e.EEPos) {
		doc.Effector = &[2][3]float64{e.EEPos[ch.i0], e.EEPos[ch.i1]}
	}
	if err := writeFolder(filepath.Join(m.out, name), doc, r0, r1, track, pairPrompts(m.prompts, e.Source, e.Instruction)); err != nil {
		return "", "", err
	}
	if e.Source == real.BridgeV2 {
		m.tasks[task]++
	}
	if e.Source == real.DROID {
		m.labs[[2]string{e.Lab, task}]++
	}
	return name, "", nil
}

// trackJPEGQuality is the JPEG quality of the tracker's frames (flowbench's
// choice: they only feed the tracker; I0 and I1 are lossless PNG).
const trackJPEGQuality = 95

// trackSteps returns the steps the tracker follows, from i0 to i1: every
// step when there are at most MaxTrackFrames, else MaxTrackFrames evenly
// spaced ones, both ends included (B.2).
func trackSteps(i0, i1 int) []int {
	n := min(i1-i0+1, real.MaxTrackFrames)
	if n < 2 {
		return []int{i0, i1}
	}
	out := make([]int, n)
	for k := range n {
		out[k] = i0 + (k*(i1-i0)+(n-1)/2)/(n-1)
	}
	return out
}

// unsafeName matches what a folder name may not hold.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// folderName turns an episode id into a unique folder name.
func (m *Miner) folderName(id string) string {
	base := unsafeName.ReplaceAllString(id, "_")
	if len(base) > 100 {
		base = base[len(base)-100:]
	}
	if base == "" || base[0] == '.' {
		base = "ep" + base
	}
	name := base
	for k := 2; m.names[name]; k++ {
		name = fmt.Sprintf("%s_%d", base, k)
	}
	m.names[name] = true
	return name
}

// writeFolder writes a pair folder through a temporary folder beside it,
// so that a folder is either complete or absent.
func writeFolder(dir string, doc Mined, f0, f1 *image.RGBA, track [][]byte, prompts PairPrompts) error {
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	if err := os.MkdirAll(filepath.Join(tmp, "track"), 0o755); err != nil {
		return err
	}
	for i, b := range track {
		if err := os.WriteFile(filepath.Join(tmp, doc.TrackFrames[i]), b, 0o644); err != nil {
			return err
		}
	}
	pb, err := json.MarshalIndent(prompts, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, doc.Prompts), append(pb, '\n'), 0o644); err != nil {
		return err
	}
	for i, img := range []*image.RGBA{f0, f1} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, doc.Frames[i].Image), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, MinedFile), append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}
