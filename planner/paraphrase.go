package planner

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
)

// paraphraseStream is the PCG stream of the phrasing choice: it is seeded
// with the example's own seed, so the choice is a function of the seed and
// draws nothing from the planner's streams.
const paraphraseStream = 0x7e4d_0b5e_9a11_2c3f

// Paraphrase rewrites the text of a planned example through the paraphrase
// grammar: one of at least eight sentence templates for its category (and
// for its motion form), one lead-in, and one surface form per slot kind
// (object names with the mark or, for an object whose type is unique among
// the mentioned ones, without it; lengths in m or cm; "to the left",
// "leftward", "to your left"; percentages). The answer-bearing parts keep
// their values: every object, mark, number and direction of the canonical
// text is stated again. The choices, answers and metrics are not touched;
// the reasoning's copy of the motion text is replaced by the new one. The
// choice is drawn from a stream of its own seeded with ex.Seed, so it is
// deterministic and changes nothing else. It reports whether the question
// was rewritten (false when the category's canonical stem is not
// recognised, which leaves the question as it is).
func Paraphrase(ex *Example) bool {
	rng := rand.New(rand.NewPCG(ex.Seed, paraphraseStream))
	ph := phrasing{name: rng.IntN(nameForms), unit: rng.IntN(unitForms), dir: rng.IntN(dirForms),
		side: rng.IntN(sideForms), pct: rng.IntN(pctForms), probe: rng.IntN(probeForms)}
	cat, _ := ParseCategory(ex.CategoryName)
	qt := rng.IntN(max(1, len(questionTemplates[cat])))
	lead, slead := rng.IntN(len(movingLeads)), rng.IntN(len(staticLeads))
	mt, st, settle := rng.IntN(len(moveTemplates)), rng.IntN(len(stayTemplates)), rng.IntN(len(settleTemplates))

	g := newPhraser(ex, ph)
	if m, ok := g.motion(ex.MotionText, mt, st, settle); ok {
		if ex.Reasoning != "" {
			ex.Reasoning = strings.Replace(ex.Reasoning, ex.MotionText, m, 1)
		}
		ex.MotionText = m
	}
	stem, choices, ok := splitQuestion(ex.Question, movingLeads[0])
	if !ok {
		return false
	}
	s, ok := g.questionIn(questionFamilies(cat), stem, qt)
	if !ok {
		return false
	}
	sts, leads := staticTemplates(cat)
	if sstem, schoices, ok := splitQuestion(ex.StaticQuestion, staticLeads[0]); ok {
		if ss, ok := g.questionIn(sts, sstem, qt); ok {
			ex.StaticQuestion = leads[slead%len(leads)] + ss + schoices
		}
	}
	ex.Question = movingLeads[lead] + s + choices
	return true
}

// staticTemplates returns the static (2A) stem families of category cat and
// their lead-ins: its own (staticQuestionTemplates) where it has them,
// otherwise the moving stems.
func staticTemplates(cat Category) (families [][]string, leads []string) {
	if ts, ok := staticQuestionTemplates[cat]; ok {
		return [][]string{ts}, staticLeads
	}
	return questionFamilies(cat), staticLeads
}

// splitQuestion splits "<lead><stem>\n<choices>" into the stem and the
// choices part (with its newline).
func splitQuestion(q, lead string) (stem, choices string, ok bool) {
	if !strings.HasPrefix(q, lead) {
		return "", "", false
	}
	q = q[len(lead):]
	if i := strings.IndexByte(q, '\n'); i >= 0 {
		return q[:i], q[i:], true
	}
	return q, "", true
}

// phraser writes the slots of one example in its chosen forms.
type phraser struct {
	ph     phrasing
	refs   []ObjectRef
	unique map[string]bool // object type → unique among the mentioned objects
	refRe  string
	plural bool // the mover's name is plural: templates take their plural side
}

func newPhraser(ex *Example, ph phrasing) *phraser {
	refs := append([]ObjectRef{ex.Mover}, ex.Referenced...)
	count := map[string]int{}
	seen := map[string]bool{}
	for _, r := range refs {
		if !seen[r.ObjectID] {
			seen[r.ObjectID] = true
			count[r.ObjectType]++
		}
	}
	unique := map[string]bool{}
	for t, n := range count {
		unique[t] = n == 1
	}
	return &phraser{ph: ph, refs: refs, unique: unique, refRe: refPattern(refs), plural: ex.Mover.Plural()}
}

// name writes the object whose canonical name is s.
func (g *phraser) name(s string) (string, bool) {
	r, ok := refByName(g.refs, s)
	if !ok {
		return "", false
	}
	return refName(r, g.ph.name, g.unique[r.ObjectType]), true
}

// reSlot finds the placeholders of a template.
var reSlot = regexp.MustCompile(`\{(\w+)\}`)

// slotPattern is the canonical pattern of a slot of the question templates.
func (g *phraser) slotPattern(slot string) string {
	switch slot {
	case "A", "B", "L":
		return "(" + g.refRe + ")"
	case "len":
		return `(\d+\.\d\d m)`
	case "cm":
		return `(\d+ cm)`
	case "pct":
		return `(\d+%)`
	case "side":
		return reCanonSide
	case "list":
		return "(" + g.refRe + "(?:, " + g.refRe + ")* and " + g.refRe + ")"
	case "probe":
		return `(\d+\.\d\d m straight down|\d+\.\d\d m ` + reCanonDir + ` and \d+\.\d\d m ` + reCanonDir +
			` at the same time, along one straight diagonal line,|\d+\.\d\d m ` + reCanonDir + `)`
	}
	return "(.+?)"
}

// readSlots matches s against template t (its canonical form) and returns
// the canonical text of each slot.
func (g *phraser) readSlots(t, s string) (map[string]string, bool) {
	var re strings.Builder
	re.WriteString("^")
	var names []string
	last := 0
	for _, loc := range reSlot.FindAllStringSubmatchIndex(t, -1) {
		re.WriteString(regexp.QuoteMeta(t[last:loc[0]]))
		slot := t[loc[2]:loc[3]]
		re.WriteString("(" + g.slotPattern(slot) + ")")
		names = append(names, slot)
		last = loc[1]
	}
	re.WriteString(regexp.QuoteMeta(t[last:]) + "$")
	rx, err := regexp.Compile(re.String())
	if err != nil {
		return nil, false
	}
	m := rx.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	// Each slot is an outer group; count the groups inside each slot's
	// pattern to find the next outer group.
	vals := map[string]string{}
	gi := 1
	for _, n := range names {
		vals[n] = m[gi]
		gi += 1 + regexp.MustCompile(g.slotPattern(n)).NumSubexp()
	}
	return vals, true
}

// writeSlot writes one slot's canonical text in the chosen form.
func (g *phraser) writeSlot(slot, v string) (string, bool) {
	switch slot {
	case "A", "B", "L":
		return g.name(v)
	case "len":
		cm, ok := parseMetres(v)
		return lengthText(cm, g.ph.unit), ok
	case "cm":
		cm, err := strconv.Atoi(strings.TrimSuffix(v, " cm"))
		return lengthText(cm, g.ph.unit), err == nil
	case "pct":
		p, err := strconv.Atoi(strings.TrimSuffix(v, "%"))
		return pctText(p, g.ph.pct), err == nil
	case "side":
		d, ok := canonSide(v)
		return sideWords[d][g.ph.side], ok
	case "list":
		names := regexp.MustCompile(g.refRe).FindAllString(v, -1)
		out := make([]string, len(names))
		for i, n := range names {
			w, ok := g.name(n)
			if !ok {
				return "", false
			}
			out[i] = w
		}
		return joinList(out), len(out) > 0
	case "probe":
		return g.probe(v)
	}
	return "", false
}

// Canonical probe shapes.
var (
	reProbeDown     = regexp.MustCompile(`^(\d+\.\d\d m) straight down$`)
	reProbeCompound = regexp.MustCompile(`^(\d+\.\d\d m) ` + reCanonDir + ` and (\d+\.\d\d m) ` + reCanonDir +
		` at the same time, along one straight diagonal line,$`)
	reProbeSingle = regexp.MustCompile(`^(\d+\.\d\d m) ` + reCanonDir + `$`)
)

// probe writes a feasibility probe in the chosen forms.
func (g *phraser) probe(v string) (string, bool) {
	var t string
	var vals map[string]string
	if m := reProbeDown.FindStringSubmatch(v); m != nil {
		t, vals = probeTemplates.down[g.ph.probe], map[string]string{"len": m[1]}
	} else if m := reProbeCompound.FindStringSubmatch(v); m != nil {
		t, vals = probeTemplates.compound[g.ph.probe], map[string]string{"len": m[1], "dir": m[2], "len2": m[3], "dir2": m[4]}
	} else if m := reProbeSingle.FindStringSubmatch(v); m != nil {
		t, vals = probeTemplates.single[g.ph.probe], map[string]string{"len": m[1], "dir": m[2]}
	} else {
		return "", false
	}
	return g.fill(t, func(slot string) (string, bool) {
		switch slot {
		case "len", "len2":
			cm, ok := parseMetres(vals[slot])
			return lengthText(cm, g.ph.unit), ok
		case "dir", "dir2":
			d, ok := canonDir(vals[slot])
			return dirWords[d][g.ph.dir], ok
		}
		return "", false
	})
}

// fill writes template t with each placeholder replaced by write(slot).
func (g *phraser) fill(t string, write func(slot string) (string, bool)) (string, bool) {
	ok := true
	out := reSlot.ReplaceAllStringFunc(t, func(p string) string {
		w, good := write(p[1 : len(p)-1])
		ok = ok && good
		return w
	})
	return out, ok
}

// question rewrites a canonical stem (template 0 of ts) with template k,
// both agreeing with the mover.
func (g *phraser) question(ts []string, stem string, k int) (string, bool) {
	if len(ts) == 0 {
		return "", false
	}
	vals, ok := g.readSlots(agreeText(ts[0], g.plural), stem)
	if !ok {
		return "", false
	}
	return g.fill(agreeText(ts[k%len(ts)], g.plural), func(slot string) (string, bool) { return g.writeSlot(slot, vals[slot]) })
}

// questionIn rewrites a canonical stem with template k of the family whose
// canonical stem (template 0) reads it: a rewrite stays in its family.
func (g *phraser) questionIn(fams [][]string, stem string, k int) (string, bool) {
	for _, ts := range fams {
		if s, ok := g.question(ts, stem, k); ok {
			return s, true
		}
	}
	return "", false
}

// questionFamilies are the template lists of category cat, each with its
// own canonical stem (template 0): a rewrite stays in the family its stem
// was read with. Feasibility has two: a probe that continues the setup
// move ("a further") and any other probe ("then be moved").
func questionFamilies(cat Category) [][]string {
	if cat == Feasibility {
		return [][]string{questionTemplates[cat], feasibilityThenTemplates}
	}
	return [][]string{questionTemplates[cat]}
}

// motion rewrites MotionText's canonical sentence with move template mt
// (or stay template st) and settle form settle. Templates that do not start
// with the mover use the settle forms that name it as "it" (or "they").
func (g *phraser) motion(text string, mt, st, settle int) (string, bool) {
	if len(g.refs) == 0 {
		return "", false
	}
	mover := g.refs[0].Name()
	name := capitalise(mover)
	if !strings.HasPrefix(text, name) {
		return "", false
	}
	part := `\d+\.\d\d m ` + reCanonDir
	// The canonical sentence is template 0 of each form (MotionText).
	canon := func(t, slot, pattern string) string {
		lit := strings.Split(agreeText(t, g.plural), slot)
		for i := range lit {
			lit[i] = regexp.QuoteMeta(lit[i])
		}
		return strings.Join(lit, pattern)
	}
	rx := regexp.MustCompile(`^(?:` + canon(moveTemplates[0], "{parts}", `(`+part+`(?: and `+part+`)?)`) + `|` +
		canon(stayTemplates[0], "{parts}", "") + `)` +
		`(?:` + canon(settleTemplates[0], "{drop}", `(\d+\.\d\d m)`) + `)?\.$`)
	m := rx.FindStringSubmatch("{A}" + text[len(name):])
	if m == nil {
		return "", false
	}
	t := agreeText(stayTemplates[st], g.plural)
	var parts []string
	if m[1] != "" {
		t = agreeText(moveTemplates[mt], g.plural)
		for _, p := range regexp.MustCompile(`(\d+\.\d\d m) `+reCanonDir).FindAllStringSubmatch(m[1], -1) {
			cm, _ := parseMetres(p[1])
			d, ok := canonDir(p[2])
			if !ok {
				return "", false
			}
			parts = append(parts, lengthText(cm, g.ph.unit)+" "+dirWords[d][g.ph.dir])
		}
	}
	if m[4] != "" {
		if !strings.HasPrefix(t, "{A}") && settle == 0 {
			settle = 1
		}
		t += agreeText(settleTemplates[settle], g.plural)
	}
	s, ok := g.fill(t, func(slot string) (string, bool) {
		switch slot {
		case "A":
			return g.name(mover)
		case "parts":
			return strings.Join(parts, " and "), len(parts) > 0
		case "drop":
			cm, ok := parseMetres(m[4])
			return lengthText(cm, g.ph.unit), ok
		}
		return "", false
	})
	return capitalise(s) + ".", ok
}

// PhrasingCounts returns the number of sentence templates per question
// category and per motion form (for reports and the audit).
func PhrasingCounts() map[string]int {
	out := map[string]int{}
	for c, ts := range questionTemplates {
		out["question/"+c.String()] = len(ts)
	}
	out["question/feasibility_then"] = len(feasibilityThenTemplates)
	out["motion/move"] = len(moveTemplates)
	out["motion/stay"] = len(stayTemplates)
	out["motion/settle"] = len(settleTemplates)
	out["lead/moving"], out["lead/static"] = len(movingLeads), len(staticLeads)
	return out
}

// String describes a phrasing choice (for test failure messages).
func (p phrasing) String() string {
	return fmt.Sprintf("name %d unit %d dir %d side %d pct %d probe %d", p.name, p.unit, p.dir, p.side, p.pct, p.probe)
}
