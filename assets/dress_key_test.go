package assets

import "testing"

// TestDressKeyFollowsTheTables: the key is stable for one table and changes
// when an entry is added, reordered within a type, a type stops turning,
// or a procedural model's colours or geometry change.
func TestDressKeyFollowsTheTables(t *testing.T) {
	base := DressKey()
	if again := DressKey(); again != base {
		t.Fatalf("DressKey not stable: %s then %s", base, again)
	}
	if len(base) != 16 {
		t.Fatalf("DressKey %q: want 16 hex digits", base)
	}
	restore := typeMap["Mug"]
	typeMap["Mug"] = append(append([]string(nil), restore...), "Test:extra")
	added := DressKey()
	typeMap["Mug"] = restore
	if added == base {
		t.Error("adding a table entry did not change DressKey")
	}
	if len(restore) >= 2 {
		swapped := append([]string(nil), restore...)
		swapped[0], swapped[1] = swapped[1], swapped[0]
		typeMap["Mug"] = swapped
		reordered := DressKey()
		typeMap["Mug"] = restore
		if reordered == base {
			t.Error("reordering a type's entries (which changes the seeded draw) did not change DressKey")
		}
	}
	turnableTypes["Mug"] = false
	unturned := DressKey()
	turnableTypes["Mug"] = true
	if unturned == base {
		t.Error("making a type unturnable did not change DressKey")
	}
	finish := furnitureFinishes[0]
	furnitureFinishes[0].R += 0.01
	recoloured := DressKey()
	furnitureFinishes[0] = finish
	if recoloured == base {
		t.Error("changing a furniture finish did not change DressKey")
	}
	handles := handleColour
	handleColour.G += 0.01 // in the geometry hash's surfaces only
	rebuilt := DressKey()
	handleColour = handles
	if rebuilt == base {
		t.Error("changing a procedural model (its handles' colour) did not change DressKey")
	}
	if DressKey() != base {
		t.Error("DressKey did not return to its value after the tables were restored")
	}
}
