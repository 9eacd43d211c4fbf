package sim

import (
	"fmt"
	"strings"
	"testing"
)

// TestImportWarningListsAFewUnknownFields: the import warning names at
// most maxUnknownFieldsListed unknown fields and counts the rest (a 30 MB
// file of 2.4 million distinct unknown keys printed a 42 MB warning);
// the report keeps them all.
func TestImportWarningListsAFewUnknownFields(t *testing.T) {
	r := &ImportReport{}
	for i := 0; i < maxUnknownFieldsListed+10; i++ {
		r.UnknownFields = append(r.UnknownFields, fmt.Sprintf("rooms[].k%03d", i))
	}
	w := strings.Join(r.summarise(), "\n")
	last := fmt.Sprintf("rooms[].k%03d", maxUnknownFieldsListed-1)
	if !strings.Contains(w, last+", ... (10 more)") || strings.Contains(w, fmt.Sprintf("k%03d", maxUnknownFieldsListed)) {
		t.Errorf("warning %q: want the first %d fields and \"(10 more)\"", w, maxUnknownFieldsListed)
	}
	r.UnknownFields = r.UnknownFields[:2]
	if w := strings.Join(r.summarise(), "\n"); !strings.HasSuffix(w, "rooms[].k000, rooms[].k001") {
		t.Errorf("two unknown fields: warning %q", w)
	}
}
