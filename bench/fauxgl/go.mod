module flowbench/bench/fauxgl

go 1.26.0

require (
	flowbench v0.0.0
	github.com/fogleman/fauxgl v0.0.0-20250110135958-abf826acbbbd
)

require (
	github.com/fogleman/gg v1.3.0 // indirect
	github.com/fogleman/simplify v0.0.0-20170216171241-d32f302d5046 // indirect
	github.com/go-gl/mathgl v1.2.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	golang.org/x/image v0.25.0 // indirect
)

replace flowbench => ../..
