package planner

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"flowbench/sim"
)

// TestPluralMoverAgrees writes every canonical stem, static stem, question
// template and motion form about boots and about a mug through the real
// text builders (stem, staticStem, MotionText, the phraser): the boots take
// plural verbs and pronouns ("are the boots", "the boots move", "as they
// settle"), the mug singular ones.
func TestPluralMoverAgrees(t *testing.T) {
	other := ObjectRef{ObjectID: "Chair|1", ObjectType: "Chair", DotColor: "blue"}
	list := []ObjectRef{other}
	for i, ty := range []string{"Bowl", "Cup", "Plate", "Book", "Vase"} {
		list = append(list, ObjectRef{ObjectID: fmt.Sprintf("%s|%d", ty, i+2), ObjectType: ty, DotColor: []string{"cyan", "lime", "pink", "white", "orange"}[i]})
	}
	var names []string
	for _, r := range list {
		names = append(names, r.Name())
	}
	vals := slots{"B": other.Name(), "L": other.Name(), "len": "0.45 m", "cm": "10 cm", "pct": "30%",
		"side": "to the left of", "list": joinList(names), "probe": "0.30 m to the right"}
	// Singular verbs or pronouns about a plural mover, and the reverse.
	wrong := map[bool]*regexp.Regexp{
		true: regexp.MustCompile(`(?i)\b(is|does|has|was) the boots\b|the boots \(red dot\),? (is|does|has|was|moves|stays|keeps|holds|slides|gets|travels|remains|touches|hides|covers|appears|lies|drops)\b|` +
			`\bit (is|settles|falls|then drops|touches|now)\b|\bits\b|\b(is|does) it\b|by it\b`),
		false: regexp.MustCompile(`(?i)\b(are|do|have|were) the mug \(red dot\) [^a]|\bthey\b|` +
			`(?:^|[^dn] |[^dns] )the mug \(red dot\),? (are|do|have|were|move|stay|keep|hold|slide|get|travel)\b`),
	}
	cam := sim.NewCamera(sim.Vec3{0, sim.CameraHeight, 0}, 0, 0)
	for _, ty := range []string{"Boots", "Mug"} {
		mover := ObjectRef{ObjectID: ty + "|0", ObjectType: ty, DotColor: "red"}
		plural := mover.Plural()
		ex := &Example{Mover: mover, Referenced: list}
		var texts []string
		for _, cat := range AllCategories() {
			for _, s := range []string{stem(cat, mover, vals), staticStem(cat, mover, vals)} {
				texts = append(texts, s)
				for _, ts := range grammarSets(cat) {
					for k := range ts {
						if q, ok := newPhraser(ex, phrasing{}).question(ts, s, k); ok {
							texts = append(texts, q)
						}
					}
				}
			}
		}
		for _, d := range []sim.Vec3{{0.3, -0.44, 0}, {0.01, -0.3, 0}} {
			canon := MotionText(mover, cam, d, true)
			texts = append(texts, canon)
			for k := range moveTemplates {
				for s := range settleTemplates {
					m, ok := newPhraser(ex, phrasing{}).motion(canon, k, k%len(stayTemplates), s)
					if !ok {
						t.Fatalf("%s: motion text %q not read back", ty, canon)
					}
					texts = append(texts, m)
				}
			}
		}
		for _, s := range texts {
			if strings.ContainsAny(s, "[]|") {
				t.Errorf("%s: agreement markup left in %q", ty, s)
			}
			// "from it", "touch it": the wall, not the mover; "is it
			// possible": impersonal.
			if m := wrong[plural].FindString(strings.NewReplacer("from it", "", "touch it", "", "touches it", "", "is it possible", "").Replace(s)); m != "" {
				t.Errorf("%s: %q does not agree (%q)", ty, s, m)
			}
		}
	}
	if got, want := MotionText(ObjectRef{ObjectType: "Boots", DotColor: "red"}, cam, sim.Vec3{0.3, -0.44, 0}, true),
		"The boots (red dot) move 0.30 m to the right, then drop 0.44 m as they settle under gravity."; got != want {
		t.Errorf("MotionText = %q, want %q", got, want)
	}
	boots := ObjectRef{ObjectType: "Boots", DotColor: "red"}
	if got, want := stem(ContactWall, boots, vals), "are the boots (red dot) touching a wall (less than 10 cm from it)?"; got != want {
		t.Errorf("stem = %q, want %q", got, want)
	}
}

// TestPluralCounts: counts take the singular noun for one.
func TestPluralCounts(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 free waypoints"}, {1, "1 free waypoint"}, {2, "2 free waypoints"}} {
		if got := plural(c.n, "free waypoint"); got != c.want {
			t.Errorf("plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if pluralVerb(1, "is", "are") != "is" || pluralVerb(3, "is", "are") != "are" {
		t.Error("pluralVerb")
	}
}
