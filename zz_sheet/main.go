package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strconv"

	"flowbench/export"
)

func main() {
	d, err := export.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	split := os.Args[3]
	maxN, _ := strconv.Atoi(os.Args[4])
	seen := map[string]bool{}
	var imgs []image.Image
	for q, err := range d.Questions(split) {
		if err != nil {
			panic(err)
		}
		k := fmt.Sprint(q.HouseID, q.ViewID)
		if seen[k] || len(imgs) >= maxN {
			continue
		}
		seen[k] = true
		im, err := png.Decode(bytes.NewReader(q.Image.Bytes))
		if err != nil {
			panic(err)
		}
		fmt.Println(len(imgs), q.ID)
		imgs = append(imgs, im)
	}
	cols, s := 5, 256
	rows := (len(imgs) + cols - 1) / cols
	out := image.NewRGBA(image.Rect(0, 0, cols*s, rows*s))
	for i, im := range imgs {
		b := im.Bounds()
		for y := 0; y < s; y++ {
			for x := 0; x < s; x++ {
				out.Set((i%cols)*s+x, (i/cols)*s+y, im.At(b.Min.X+x*b.Dx()/s, b.Min.Y+y*b.Dy()/s))
			}
		}
	}
	f, _ := os.Create(os.Args[2])
	png.Encode(f, out)
	f.Close()
}
