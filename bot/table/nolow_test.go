package table

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// R-POT-5, R-POT-6: a hi/lo pot run twice whose second board has no low
// says so for that board: the summary said nothing when the first board's
// half had a low, leaving the high hand's whole half unexplained.
func TestSummarySaysNoLowForEachBoardRunTwice(t *testing.T) {
	cfg := engine.Config{Game: engine.OmahaHiLo, Betting: engine.PotLimit, SmallBlind: 1, BigBlind: 2, RunItTwice: true}
	hole := [][]engine.Card{engine.MustParseCards("As2sKdKc"), engine.MustParseCards("QhQdJcJh")}
	boards := [][]engine.Card{engine.MustParseCards("3c4d7h9s8c"), engine.MustParseCards("9d9hTsKhQc")}
	deck, err := engine.ArrangeDeck(cfg, 2, 0, hole, boards, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 6}, {Stack: 6}}, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{{Seat: 0, Kind: engine.AllIn}, {Seat: 1, Kind: engine.Call}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	spect := h.Snapshot().For(-1)
	if len(spect.Boards) != 2 {
		t.Fatalf("the board ran %d times, want twice", len(spect.Boards))
	}
	text := renderSummary(summaryScene{Lang: bot.English, Label: "#1", Title: "PL Omaha Hi/Lo 1/2", HandNo: 1, Snap: spect,
		Result: h.Result(), Names: []string{"ana", "ben"}}).Text
	if want := "No low qualifies for the main pot (Board 2)"; !strings.Contains(text, want) {
		t.Errorf("summary lacks %q:\n%s", want, text)
	}
	if strings.Contains(text, "(Board 1): the high") {
		t.Errorf("summary says board 1 had no low:\n%s", text)
	}
}
