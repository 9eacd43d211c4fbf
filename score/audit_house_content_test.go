package score

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"flowbench/export"
	"flowbench/sim"
)

// AuditFit compares houses by content when every row carries it: the fit
// and evaluated splits may use the same house names with different
// contents (datasets of different seeds), and are refused when a house's
// content appears in both, whatever its names, naming both.
func TestAuditFitComparesHouseContents(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	var fit, eval []AuditRow
	for i := 0; i < 40; i++ {
		h := fmt.Sprintf("house_%d", i/4)
		f := glossyRow(rng, fmt.Sprintf("%s/q%d", h, i), h, i%2 == 0)
		f.HouseContent = "seed1:" + h
		e := glossyRow(rng, fmt.Sprintf("%s/q%d", h, i), h, i%2 == 0)
		e.HouseContent = "seed2:" + h
		fit, eval = append(fit, f), append(eval, e)
	}
	if _, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions()); err != nil {
		t.Fatalf("same names, other contents: %v", err)
	}
	eval[5].HouseContent = fit[0].HouseContent // house_1 of val holds house_0 of train: named by the fit split first
	_, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions())
	if err == nil || !strings.Contains(err.Error(), "share 1 houses (house_0 = house_1)") {
		t.Errorf("same content under another name: %v", err)
	}
	eval[5].HouseContent = ""
	if _, err := AuditFit("val", eval, "train", fit, DefaultAuditOptions()); err == nil || !strings.Contains(err.Error(), "share 10 houses") {
		t.Errorf("a row without content falls back to names: %v", err)
	}
}

// houseHash depends on every object record and not on their order.
func TestHouseHash(t *testing.T) {
	a := []export.ObjectRow{{ObjectID: "Chair|1", ObjectType: "Chair", Position: sim.Vec3{1, 0, 0}}, {ObjectID: "Table|2", ObjectType: "Table"}}
	b := []export.ObjectRow{a[1], a[0]}
	if houseHash(a) != houseHash(b) {
		t.Error("the hash depends on the objects' order")
	}
	c := []export.ObjectRow{a[0], a[1]}
	c[0].Position[0] = 1.001
	if houseHash(a) == houseHash(c) {
		t.Error("a moved object does not change the hash")
	}
}
