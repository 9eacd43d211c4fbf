package planner

// slots are the values of a question template's placeholders, by name
// ("cm": "10 cm"); {A} is always the mover's name.
type slots map[string]string

// stem writes category cat's canonical question stem, template 0 of its
// grammar (paraphrase_grammar.go), about mover with the slot values vals,
// its verbs agreeing with the mover: "is the mug (red dot) touching a wall
// …", "are the boots (red dot) touching a wall …".
func stem(cat Category, mover ObjectRef, vals slots) string {
	return fillStem(questionTemplates[cat][0], mover, vals)
}

// staticStem writes the canonical stem of category cat's static (2A)
// question: its own template 0 where it has static templates (occlusion),
// otherwise the moving stem.
func staticStem(cat Category, mover ObjectRef, vals slots) string {
	fams, _ := staticTemplates(cat)
	return fillStem(fams[0][0], mover, vals)
}

// fillStem writes template t about mover with the slot values vals.
func fillStem(t string, mover ObjectRef, vals slots) string {
	return reSlot.ReplaceAllStringFunc(agreeText(t, mover.Plural()), func(p string) string {
		if p == "{A}" {
			return mover.Name()
		}
		return vals[p[1:len(p)-1]]
	})
}
