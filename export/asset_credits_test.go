package export

import (
	"strings"
	"testing"
)

func TestCardListsAssetCredits(t *testing.T) {
	m := &Manifest{Version: "v", SchemaVersion: SchemaVersion, Splits: map[string]*SplitStats{
		"train": {Questions: 3, Assets: &AssetUse{Mode: "sh3d", CacheHash: "abc123", Credits: []AssetCredit{
			{Key: "Scopia:x#sofa", Name: "Sofa | corner", Library: "Scopia", Creator: "Scopia", License: "CC-BY 3.0", Instances: 4},
			{Key: "Default:eTeks#chair", Name: "Chair", Library: "Default", Creator: "", License: "GPL / CC-BY 3.0", Instances: 1},
		}}},
		"test": {Questions: 1, Assets: &AssetUse{Mode: "none"}},
	}}
	card := DatasetCard(m)
	for _, want := range []string{
		"## Assets and attribution",
		"asset cache `abc123`",
		"| Sofa \\| corner | Scopia | Scopia | CC-BY 3.0 | 4 |",
		"| Chair | Default | - | GPL / CC-BY 3.0 | 1 |",
		"Split `test` draws primitive shapes only",
	} {
		if !strings.Contains(card, want) {
			t.Errorf("card lacks %q:\n%s", want, card)
		}
	}
	m.Splits["train"].Assets, m.Splits["test"].Assets = nil, nil
	if strings.Contains(DatasetCard(m), "attribution") {
		t.Error("card without asset information has an attribution section")
	}
}
