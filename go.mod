module flowbench

go 1.26

require (
	github.com/apache/arrow-go/v18 v18.8.0 // indirect
	github.com/fogleman/gg v1.3.0 // indirect
	github.com/go-gl/mathgl v1.2.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/schollz/progressbar/v3 v3.19.1 // indirect
	golang.org/x/image v0.25.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/term v0.45.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
