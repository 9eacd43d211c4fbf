package export_test

import (
	"fmt"
	"log"
	"os"

	"flowbench/export"
	"flowbench/planner"
	"flowbench/sim"
)

// Example writes a one-question dataset the way the generator does and
// reads it back.
func Example() {
	dir, err := os.MkdirTemp("", "flowbench-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	const w, h = 4, 2
	frame := func() *planner.Frame {
		return &planner.Frame{W: w, H: h, Depth: make([]float32, w*h), IDs: make([]uint16, w*h), IDTable: []string{""}}
	}
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	cam.Width, cam.Height = w, h
	ex := &planner.Example{ID: "house_000/v0/occlusion", Split: "train", HouseID: "house_000", Category: planner.Occlusion,
		CategoryName: "occlusion", Choices: []string{"yes", "no"}, Answer: "B", Camera: cam}
	png := []byte("PNG bytes of I0/I1 with and without marks go here")
	q, err := export.NewQuestionRow(ex, png, png)
	if err != nil {
		log.Fatal(err)
	}
	fl := export.Flow{Forward: make([]float32, 2*w*h), Backward: make([]float32, 2*w*h), Valid: make([]uint8, w*h), Change: make([]uint8, w*h)}
	a, err := export.NewAnnotationRow(q.ID, &planner.Outcome{Before: frame(), After: frame()}, png, png, fl)
	if err != nil {
		log.Fatal(err)
	}

	dw, err := export.Create(dir, export.Options{RowsPerShard: 1000})
	if err != nil {
		log.Fatal(err)
	}
	sw, err := dw.Split("train", w, h)
	if err != nil {
		log.Fatal(err)
	}
	if err := sw.Add(q, a); err != nil {
		log.Fatal(err)
	}
	if err := sw.Close(); err != nil {
		log.Fatal(err)
	}
	m, err := dw.Finish("dev", map[string]any{"size": w}, map[string]int64{"train": 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("questions:", m.Splits["train"].Questions, "chance:", m.Chance)

	ds, err := export.Open(dir)
	if err != nil {
		log.Fatal(err)
	}
	for q, err := range ds.Questions("train") {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(q.ID, q.Answer, q.Camera.K[0])
	}
	// Output:
	// questions: 1 chance: 0.5
	// house_000/v0/occlusion B 1
}
