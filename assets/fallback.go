package assets

// Fallback share (issue 52, decision 4). An instance counts as a fallback
// only when it is drawn as a plain box, slab or cylinder without parts: no
// catalog variant fits it and its type has no procedural model
// (procedural.go), or only one that was not judged, in the gallery at
// 512 px, to read as its type (weakProcedural). A procedural model built
// from parts that reads as its type counts as a model.

// weakProcedural lists the types whose procedural model does not yet read
// as the type in the gallery (`flowbench assets gallery --size 512`): they
// still count as fallbacks. Reviewed by eye; docs/assets.md says which
// and why. Before issue 52 these were HandTowelHolder (a towel bar that
// read as a dumbbell), Newspaper (a keyboard), KeyChain, Towel, HandTowel,
// Cloth and CreditCard (slabs), SprayBottle (a stick), Footstool and
// Ottoman (crates) and Pan (no handle); all were rebuilt from parts.
var weakProcedural = map[string]bool{}

// IsPlainFallback reports whether an instance of type typ that no catalog
// variant fits is drawn as a plain fallback shape (counted in the fallback
// share): its type has no procedural model, or only a weak one.
func IsPlainFallback(typ string) bool {
	return proceduralTypes[typ] == procNone || weakProcedural[typ]
}
