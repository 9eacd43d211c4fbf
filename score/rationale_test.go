package score

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"flowbench/planner"
	"flowbench/render"
	"flowbench/sim"
)

// rationaleFixture is a hand-made near-object question: the mug moves
// 0.40 m left and ends 0.30 m from the bowl, within tau = 0.50 m; answer A
// (yes).
func rationaleFixture(t *testing.T) Question {
	t.Helper()
	th := 0.5
	g := planner.CausalGraph{
		Nodes: []planner.CausalNode{
			{ID: "obj:Mug|1", Kind: planner.NodeObject, Name: "the mug (red dot)", Object: "Mug|1"},
			{ID: "move", Kind: planner.NodeEvent, Quantity: planner.QtyMotion, Name: "move of the mug (red dot)", Object: "Mug|1",
				Value: map[string]float64{"right": -0.4, "forward": 0}, Text: "0.40 m to the left"},
			{ID: "position:Mug|1", Kind: planner.NodeAttribute, Quantity: planner.QtyPosition, Name: "position of the mug (red dot)", Object: "Mug|1"},
			{ID: "obj:Bowl|2", Kind: planner.NodeObject, Name: "the bowl (blue dot)", Object: "Bowl|2"},
			{ID: "centre_distance:Bowl|2", Kind: planner.NodeAttribute, Quantity: planner.QtyCentreDistance, Object: "Bowl|2",
				Name: "centre distance from the mug (red dot) to the bowl (blue dot)", Value: 0.3, Threshold: &th, Text: "0.30 m"},
			{ID: "answer", Kind: planner.NodeAttribute, Quantity: planner.QtyAnswer, Name: "answer", Value: "A", Text: "yes"},
		},
		Edges: []planner.CausalEdge{{From: "obj:Mug|1", To: "move"}, {From: "move", To: "position:Mug|1"},
			{From: "position:Mug|1", To: "centre_distance:Bowl|2"}, {From: "obj:Bowl|2", To: "centre_distance:Bowl|2"},
			{From: "centre_distance:Bowl|2", To: "answer"}},
	}
	js, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return Question{ID: "h/v0/near_object", Split: "test", Category: "near_object",
		MotionText: "The mug (red dot) moves 0.40 m to the left.",
		Question:   "After the move, is the centre of the mug (red dot) within 0.50 m of the centre of the bowl (blue dot)?\nA. yes\nB. no",
		Choices:    []string{"yes", "no"}, Answer: "A", StaticAnswer: "A",
		Mover:       planner.ObjectRef{ObjectID: "Mug|1", ObjectType: "Mug", DotColor: "red"},
		Referenced:  []planner.ObjectRef{{ObjectID: "Bowl|2", ObjectType: "Bowl", DotColor: "blue"}},
		CausalGraph: string(js)}
}

// The three rationales of the fixture and their hand-computed scores
// (docs/causal.md walks through the first two).
var fixtureRationales = []struct {
	text       string
	ef, dc, ra float64
}{
	{"The mug moves 0.40 m to the left. Its new position brings it close to the bowl: the distance to the bowl becomes 0.30 m, so it is within 0.50 m. Answer: A",
		6.0 / 6, 4.0 / 4, 5.0 / 5},
	// mug, bowl, distance ("far"), answer mentioned; nothing stated right;
	// only bowl → its distance related.
	{"The bowl is far from the mug. Answer: B", 4.0 / 6, 0.0 / 4, 1.0 / 5},
	// the move is mentioned with the wrong direction and the distance with
	// the wrong value; position never mentioned.
	{"The mug moves 0.8 m to the right, so the distance to the bowl is 1.2 m. Answer: B", 5.0 / 6, 0.0 / 4, 3.0 / 5},
}

func TestRuleJudgeHandComputed(t *testing.T) {
	q := rationaleFixture(t)
	g, err := planner.ParseCausalGraph(q.CausalGraph)
	if err != nil {
		t.Fatal(err)
	}
	items := JudgeItems(g)
	var preds []Prediction
	for i, c := range fixtureRationales {
		v, err := RuleJudge{}.Judge(context.Background(), &q, c.text, items)
		if err != nil {
			t.Fatal(err)
		}
		s := itemScores(items, v)
		if math.Abs(s.EF-c.ef) > 1e-9 || math.Abs(s.DC-c.dc) > 1e-9 || math.Abs(s.RA-c.ra) > 1e-9 {
			var got []string
			for k, it := range items {
				got = append(got, fmt.Sprintf("%s %s=%v", it.Metric, it.Node.ID, v[k]))
			}
			t.Errorf("rationale %d: EF %.3f DC %.3f RA %.3f, want %.3f %.3f %.3f\n%s", i, s.EF, s.DC, s.RA, c.ef, c.dc, c.ra, strings.Join(got, "\n"))
		}
		preds = append(preds, Prediction{ID: q.ID, Shuffle: i, Response: c.text})
	}
	res, err := ScoreRationales(context.Background(), []Question{q}, preds, RuleJudge{}, "rules")
	if err != nil {
		t.Fatal(err)
	}
	want := RationaleStat{Rationales: 3, EF: 15.0 / 18, DC: 1.0 / 3, RA: 0.6}
	if a := res.Avg; a.Rationales != 3 || math.Abs(a.EF-want.EF) > 1e-9 || math.Abs(a.DC-want.DC) > 1e-9 || math.Abs(a.RA-want.RA) > 1e-9 {
		t.Errorf("average %+v, want %+v", a, want)
	}
	if len(res.Categories) != 1 || res.Categories[0].Name != "near_object" || res.Categories[0].RationaleStat != res.Avg {
		t.Errorf("categories %+v", res.Categories)
	}
}

// TestLLMJudgeAgainstFakeServer runs the judge through a local
// chat-completions server that reads the numbered items and answers true
// for entity items only, checks the request carried the rationale, and the
// scores that follow (EF 1, DC 0, RA 0); a garbled reply is a counted
// failure, not a score.
func TestLLMJudgeAgainstFakeServer(t *testing.T) {
	q := rationaleFixture(t)
	garble := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req ChatRequest
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		text := req.Messages[0].Content[0].Text
		if !strings.Contains(text, "THE RATIONALE UNDER TEST") || !strings.HasPrefix(text, JudgeInstruction) {
			http.Error(w, "prompt lacks the rationale", 400)
			return
		}
		var lines []string
		for _, l := range strings.Split(text[strings.Index(text, "Items:\n"):], "\n")[1:] {
			if l == "" {
				continue
			}
			n, rest, _ := strings.Cut(l, ". ")
			lines = append(lines, fmt.Sprintf("%s: %v", n, strings.HasPrefix(rest, "Does the rationale mention")))
		}
		reply := strings.Join(lines, "\n")
		if garble {
			reply = "I think they are mostly true."
		}
		fmt.Fprintf(w, `{"model":"judge","choices":[{"message":{"content":%q},"finish_reason":"stop"}]}`, reply)
	}))
	defer srv.Close()
	j := LLMJudge{Options: EvalOptions{Endpoint: srv.URL, Model: "judge", MaxRetries: -1}}
	preds := []Prediction{{ID: q.ID, Response: "THE RATIONALE UNDER TEST. Answer: A"}}
	res, err := ScoreRationales(context.Background(), []Question{q}, preds, j, "llm")
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Avg; a.Rationales != 1 || a.EF != 1 || a.DC != 0 || a.RA != 0 || res.Failed != 0 {
		t.Errorf("result %+v", res)
	}
	garble = true
	res, err = ScoreRationales(context.Background(), []Question{q}, preds, j, "llm")
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed != 1 || res.Avg.Rationales != 0 || len(res.Failures) != 1 || !strings.Contains(res.Failures[0], "no verdict for item 1") {
		t.Errorf("garbled reply: %+v", res)
	}
}

func TestParseVerdicts(t *testing.T) {
	got, err := ParseVerdicts("1: true\n2. False\n 3) yes\n**4**: no", 4)
	if err != nil || fmt.Sprint(got) != "[true false true false]" {
		t.Errorf("got %v, %v", got, err)
	}
	for _, c := range []struct{ reply, want string }{
		{"1: true", "no verdict for item 2"},
		{"1: true\n1: false\n2: true", "item 1 twice"},
		{"1: true\n2: true\n3: false", "item 3 of 2"},
	} {
		if _, err := ParseVerdicts(c.reply, 2); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.reply, err, c.want)
		}
	}
}

// TestGroundTruthReasoningScoresHigh scores the planner's own rule-derived
// reasoning (c_gt) of generated examples as rationales: it states the move,
// the measured quantities and the answer, so the rule judge must find
// nearly every entity and description in it, while a rationale that only
// gives the answer letter scores low. This cross-checks graph, reasoning
// and judge against each other.
func TestGroundTruthReasoningScoresHigh(t *testing.T) {
	h, err := sim.Generate("procthor", 7, 300)
	if err != nil {
		t.Fatal(err)
	}
	cfg := planner.DefaultConfig()
	cfg.HouseID, cfg.CameraSize = "rj", 256
	exs, _, _, err := planner.PlanHouse(planner.NewLocal(planner.LocalOptions{Render: render.Options{Workers: 1}}), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var qs []Question
	var gt, bare []Prediction
	for _, ex := range exs {
		g, err := planner.BuildCausalGraph(&ex)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(g)
		qs = append(qs, Question{ID: ex.ID, Category: ex.CategoryName, Question: ex.Question, Choices: ex.Choices,
			Answer: ex.Answer, Mover: ex.Mover, Referenced: ex.Referenced, CausalGraph: string(js)})
		gt = append(gt, Prediction{ID: ex.ID, Response: ex.Reasoning + "\nAnswer: " + ex.Answer})
		bare = append(bare, Prediction{ID: ex.ID, Response: "Answer: " + ex.Answer})
	}
	good, err := ScoreRationales(context.Background(), qs, gt, RuleJudge{}, "rules")
	if err != nil {
		t.Fatal(err)
	}
	poor, err := ScoreRationales(context.Background(), qs, bare, RuleJudge{}, "rules")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("c_gt: %+v", good.Avg)
	t.Logf("answer only: %+v", poor.Avg)
	for _, c := range good.Categories {
		t.Logf("  %s %+v", c.Name, c.RationaleStat)
	}
	if good.Avg.Rationales < 20 || good.Avg.EF < 0.95 || good.Avg.DC < 0.9 || good.Avg.RA < 0.85 {
		t.Errorf("ground-truth reasoning scores %+v, want EF ≥ 0.95, DC ≥ 0.9, RA ≥ 0.85", good.Avg)
	}
	if poor.Avg.EF > 0.5 || poor.Avg.DC > 0.4 || poor.Avg.RA > 0.2 {
		t.Errorf("answer-only rationale scores %+v", poor.Avg)
	}
}
