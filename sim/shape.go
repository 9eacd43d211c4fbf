package sim

import "fmt"

// ShapeKind names the composite shape the renderer and ray caster build for a type.
type ShapeKind int

// The shape descriptors. Each one is a list of primitive parts laid out in the
// object's unit bounding box, so that it scales to every size variant.
const (
	ShapeBox ShapeKind = iota
	ShapeCylinder
	ShapeSphere
	ShapeTable
	ShapeChair
	ShapeArmChair
	ShapeSofa
	ShapeBed
	ShapePlant
	ShapeMug
	ShapeBottle
	ShapeBowl
	ShapePlate
	ShapePan
	ShapeLamp
	ShapeTV
	ShapeLaptop
	ShapeShelf
	ShapeFridge
	ShapeToilet
	ShapeStool
	ShapeStatue
	numShapes
)

var shapeNames = [...]string{"box", "cylinder", "sphere", "table", "chair", "armchair", "sofa", "bed", "plant",
	"mug", "bottle", "bowl", "plate", "pan", "lamp", "tv", "laptop", "shelf", "fridge", "toilet", "stool", "statue"}

// String names the shape.
func (s ShapeKind) String() string {
	if s >= 0 && s < numShapes {
		return shapeNames[s]
	}
	return fmt.Sprintf("ShapeKind(%d)", int(s))
}

// PrimitiveKind is the kind of one part of a shape.
type PrimitiveKind int

const (
	// PrimBox is an axis-aligned box filling the part's cell.
	PrimBox PrimitiveKind = iota
	// PrimCylinder is a vertical (local y) elliptic cylinder inscribed in the cell.
	PrimCylinder
	// PrimSphere is an ellipsoid inscribed in the cell.
	PrimSphere
)

// Part is one primitive of a shape. Lo and Hi are corners of its cell in unit
// box coordinates: (0,0,0) is the bounding box's min corner and (1,1,1) its max.
// The local +z face is the object's front; its back (-z) faces the wall for
// wall-placed furniture.
type Part struct {
	Kind   PrimitiveKind
	Lo, Hi Vec3
	Shade  float64 // multiplies the object's colour (1 = unchanged)
}

func box(x0, y0, z0, x1, y1, z1 float64) Part {
	return Part{PrimBox, Vec3{x0, y0, z0}, Vec3{x1, y1, z1}, 1}
}
func cyl(x0, y0, z0, x1, y1, z1 float64) Part {
	return Part{PrimCylinder, Vec3{x0, y0, z0}, Vec3{x1, y1, z1}, 1}
}
func sph(x0, y0, z0, x1, y1, z1 float64) Part {
	return Part{PrimSphere, Vec3{x0, y0, z0}, Vec3{x1, y1, z1}, 1}
}
func shaded(p Part, s float64) Part { p.Shade = s; return p }

// legs returns four legs of the given thickness (fraction) and height.
func legs(t, h float64) []Part {
	return []Part{box(0, 0, 0, t, h, t), box(1-t, 0, 0, 1, h, t), box(0, 0, 1-t, t, h, 1), box(1-t, 0, 1-t, 1, h, 1)}
}

// Parts returns the primitive parts of a shape. Every shape touches all six
// faces of the unit box, so its bounding box is the object's bounding box.
func (s ShapeKind) Parts() []Part { return shapeParts[s] }

var shapeParts = func() [numShapes][]Part {
	var p [numShapes][]Part
	p[ShapeBox] = []Part{box(0, 0, 0, 1, 1, 1)}
	p[ShapeCylinder] = []Part{cyl(0, 0, 0, 1, 1, 1)}
	p[ShapeSphere] = []Part{sph(0, 0, 0, 1, 1, 1)}
	p[ShapeTable] = append(legs(0.07, 0.92), shaded(box(0, 0.92, 0, 1, 1, 1), 1))
	p[ShapeChair] = append(legs(0.1, 0.45),
		box(0, 0.45, 0, 1, 0.52, 1),
		shaded(box(0, 0.52, 0, 1, 1, 0.12), 0.85))
	p[ShapeArmChair] = []Part{
		box(0, 0, 0, 1, 0.45, 1),
		shaded(box(0, 0.45, 0, 1, 1, 0.25), 0.85),
		shaded(box(0, 0.45, 0.25, 0.15, 0.7, 1), 0.9),
		shaded(box(0.85, 0.45, 0.25, 1, 0.7, 1), 0.9)}
	p[ShapeSofa] = []Part{
		box(0, 0, 0, 1, 0.45, 1),
		shaded(box(0, 0.45, 0, 1, 1, 0.25), 0.85),
		shaded(box(0, 0.45, 0.25, 0.08, 0.7, 1), 0.9),
		shaded(box(0.92, 0.45, 0.25, 1, 0.7, 1), 0.9)}
	p[ShapeBed] = []Part{
		shaded(box(0, 0, 0, 1, 1, 0.08), 0.7),
		box(0, 0, 0.08, 1, 0.45, 1),
		shaded(box(0.02, 0.45, 0.08, 0.98, 0.62, 1), 1.25)}
	p[ShapePlant] = []Part{
		shaded(cyl(0.25, 0, 0.25, 0.75, 0.35, 0.75), 0.6),
		sph(0, 0.3, 0, 1, 1, 1)}
	p[ShapeMug] = []Part{cyl(0, 0, 0, 0.7, 1, 1), shaded(box(0.7, 0.2, 0.42, 1, 0.8, 0.58), 0.9)}
	p[ShapeBottle] = []Part{cyl(0, 0, 0, 1, 0.65, 1), shaded(cyl(0.3, 0.65, 0.3, 0.7, 1, 0.7), 0.85)}
	p[ShapeBowl] = []Part{cyl(0.2, 0, 0.2, 0.8, 0.3, 0.8), cyl(0, 0.3, 0, 1, 1, 1)}
	p[ShapePlate] = []Part{cyl(0, 0, 0, 1, 1, 1)}
	p[ShapePan] = []Part{cyl(0, 0, 0, 1, 1, 0.6), shaded(box(0.42, 0.6, 0.6, 0.58, 1, 1), 0.5)}
	p[ShapeLamp] = []Part{
		shaded(cyl(0.2, 0, 0.2, 0.8, 0.06, 0.8), 0.6),
		shaded(cyl(0.45, 0.06, 0.45, 0.55, 0.7, 0.55), 0.6),
		cyl(0, 0.7, 0, 1, 1, 1)}
	p[ShapeTV] = []Part{
		shaded(box(0.3, 0, 0.1, 0.7, 0.05, 0.9), 0.5),
		shaded(box(0.45, 0.05, 0.4, 0.55, 0.2, 0.6), 0.5),
		box(0, 0.2, 0, 1, 1, 1)}
	p[ShapeLaptop] = []Part{box(0, 0, 0, 1, 0.08, 1), shaded(box(0, 0.08, 0, 1, 1, 0.08), 0.7)}
	p[ShapeShelf] = []Part{
		box(0, 0, 0, 0.05, 1, 1), box(0.95, 0, 0, 1, 1, 1), shaded(box(0.05, 0, 0, 0.95, 1, 0.05), 0.8),
		box(0.05, 0, 0.05, 0.95, 0.04, 1), box(0.05, 0.32, 0.05, 0.95, 0.36, 1),
		box(0.05, 0.64, 0.05, 0.95, 0.68, 1), box(0.05, 0.96, 0.05, 0.95, 1, 1)}
	p[ShapeFridge] = []Part{box(0, 0, 0, 1, 1, 0.95), shaded(box(0.85, 0.3, 0.95, 0.9, 0.9, 1), 0.4)}
	p[ShapeToilet] = []Part{
		shaded(box(0, 0, 0, 1, 1, 0.3), 0.9),
		cyl(0.15, 0, 0.25, 0.85, 0.42, 1)}
	p[ShapeStool] = append(legs(0.12, 0.88), cyl(0, 0.88, 0, 1, 1, 1))
	p[ShapeStatue] = []Part{
		shaded(box(0.1, 0, 0.1, 0.9, 0.15, 0.9), 0.7),
		cyl(0.3, 0.15, 0.3, 0.7, 0.7, 0.7),
		sph(0, 0.55, 0, 1, 1, 1)}
	return p
}()
