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
	card, err := DatasetCard(m, nil)
	if err != nil {
		t.Fatal(err)
	}
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
	// The licences: CC-BY 3.0 and GPL / CC-BY 3.0 from train's models, the
	// generated data's licence from test, which shows none.
	if !strings.Contains(card, "---\nlicense:\n- cc-by-3.0\n- cc0-1.0\n- gpl\nlanguage:") {
		t.Errorf("card's licences are not cc-by-3.0, cc0-1.0 and gpl:\n%s", card)
	}
	m.Splits["train"].Assets.Credits = append(m.Splits["train"].Assets.Credits,
		AssetCredit{Key: "Contrib:lamp", Name: "Lamp", Library: "Contributions", Creator: "x", License: "CC-BY 3.0 US", Instances: 1})
	card, _ = DatasetCard(m, nil)
	if !strings.Contains(card, "- gpl\n- other\nlicense_name: \"cc-by-3.0-us\"\nlicense_link: README.md#assets-and-attribution\n") {
		t.Errorf("a licence without a Hub id is not other with its name and a link to the credits:\n%s", card)
	}
	m.Splits["train"].Assets, m.Splits["test"].Assets = nil, nil
	if card, _ := DatasetCard(m, nil); strings.Contains(card, "attribution") {
		t.Error("card without asset information has an attribution section")
	}
}
