package export

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// RealCard is the dataset card of a FlowBench-Real dataset, given the
// tables read from its shards (ReadCardTables; nil leaves out
// dataset_info). The frames come from the robot datasets named per
// source; their licences are those datasets', which the manifest does not
// record, so the card carries no licence metadata.
func RealCard(m *RealManifest, tables []CardTable) (string, error) {
	var b strings.Builder
	splits := slices.Sorted(maps.Keys(m.Splits))
	front := cardFront{PrettyName: "FlowBench-Real", Tasks: []string{"visual-question-answering"},
		Tags: []string{"spatial-reasoning", "counterfactual", "robotics"}, Configs: RealTables, Splits: map[string][]string{}, Tables: tables}
	for _, s := range splits {
		front.Questions += m.Splits[s].Questions
	}
	for _, t := range RealTables {
		front.Splits[t] = splits
	}
	if err := writeFrontMatter(&b, front); err != nil {
		return "", err
	}
	b.WriteString("\n# FlowBench-Real\n\n")
	b.WriteString("Counterfactual spatial questions on real robot image pairs (Appendix B of the FlowBench paper): " +
		"the robot has already made the move between I0 and I1, and every answer comes from the geometry measured " +
		"from the estimators' masks, depth and point tracks. The model sees I0 with numbered badges, the stated move and the question. " +
		"`questions` has the simulated family's columns; `real_annotations` holds, per question, the unmarked frames, " +
		"the colour-dot image and the measurement and question as JSON, from which every answer can be recomputed. " +
		"See docs/real.md of flowbench.\n\n")
	fmt.Fprintf(&b, "Generator version %s, schema version %s.\n\n", m.Version, m.SchemaVersion)
	b.WriteString("| split | pairs | questions | changed | chance |\n|---|---:|---:|---:|---:|\n")
	for _, s := range splits {
		st := m.Splits[s]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.1f%% |\n", s, st.Pairs, st.Questions, st.Changed, 100*st.Chance)
	}
	for _, s := range splits {
		st := m.Splits[s]
		fmt.Fprintf(&b, "\n## Split `%s`\n\n| category | questions | changed | chance |\n|---|---:|---:|---:|\n", s)
		for _, c := range slices.Sorted(maps.Keys(st.Categories)) {
			cs := st.Categories[c]
			fmt.Fprintf(&b, "| %s | %d | %d | %.1f%% |\n", c, cs.Questions, cs.Changed, 100*cs.Chance)
		}
		b.WriteString("\n| source | pairs | questions |\n|---|---:|---:|\n")
		for _, src := range slices.Sorted(maps.Keys(st.Sources)) {
			fmt.Fprintf(&b, "| %s | %d | %d |\n", src, st.Sources[src].Pairs, st.Sources[src].Questions)
		}
		if r := st.Run; r != nil {
			fmt.Fprintf(&b, "\n%d input pairs; %d left out or thinned (by stage:", r.InputPairs, len(r.Skipped))
			for _, stage := range slices.Sorted(maps.Keys(r.SkippedByStage)) {
				fmt.Fprintf(&b, " %s %d", stage, r.SkippedByStage[stage])
			}
			b.WriteString(").\n")
		}
	}
	for _, t := range m.Schema {
		fmt.Fprintf(&b, "\n## `%s`\n\n| column | type | meaning |\n|---|---|---|\n", t.Table)
		for _, c := range t.Columns {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", c.Name, strings.ReplaceAll(c.Type, "|", "\\|"), c.Description)
		}
	}
	return b.String(), nil
}
