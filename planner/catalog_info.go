package planner

import "flowbench/sim"

// catalogInfo answers static per-type questions (size class, preferred
// flag) from the object catalog; object state never comes from here.
type catalogInfo struct{ cat *sim.Catalog }

// defaultCatalogInfo returns the planner's view of the built-in catalog.
func defaultCatalogInfo() catalogInfo { return catalogInfo{sim.DefaultCatalog()} }

func (ci catalogInfo) sizeClass(t string) sim.SizeClass {
	if ti := ci.cat.Type(t); ti != nil {
		return ti.SizeClass
	}
	return sim.Medium
}

func (ci catalogInfo) preferred(t string) bool {
	if ti := ci.cat.Type(t); ti != nil {
		return ti.Preferred
	}
	return false
}

// capped reports the look-alike furniture types limited to one per option
// list (A.2.2, A.2.6): shelving units and drawers.
func capped(t string) string {
	switch t {
	case "ShelvingUnit":
		return "shelving"
	case "Drawer", "Dresser":
		return "drawer"
	}
	return ""
}

// onWall reports the types that hang on a wall (sim.Catalog.OnWall).
func (ci catalogInfo) onWall(t string) bool { return ci.cat.OnWall(t) }
