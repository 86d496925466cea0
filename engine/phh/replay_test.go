package phh

import (
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

func mustParse(t *testing.T, doc string) *Hand {
	t.Helper()
	h, err := Parse("t.phh", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestConfigureMapsPHHSeatsAndForcedBets(t *testing.T) {
	tests := []struct {
		name, doc string
		want      engine.Config
		anteSeats []int64
		stacks    []int64
		button    int
	}{
		{"heads-up: arrays reversed, p1 is the big blind",
			"variant = 'NT'\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [50, 80]\nactions = []\n",
			engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2, BigBlindAnte: 3, AntesFirst: true},
			[]int64{0, 0}, []int64{50, 80}, 1},
		{"big-blind ante on p2",
			"variant = 'PO'\nantes = [0, 100, 0]\nblinds_or_straddles = [50, 100, 0]\nmin_bet = 100\nstarting_stacks = [1, 2, 3]\nactions = []\n",
			engine.Config{Game: engine.Omaha, Betting: engine.PotLimit, SmallBlind: 50, BigBlind: 100, BigBlindAnte: 100, AntesFirst: true},
			[]int64{0, 0, 0}, []int64{1, 2, 3}, 2},
		{"uniform antes, fixed limit",
			"variant = 'FO/8'\nantes = [5, 5, 5, 5]\nblinds_or_straddles = [5, 10, 0, 0]\nsmall_bet = 10\nbig_bet = 20\nstarting_stacks = [9, 9, 9, 9]\nactions = []\n",
			engine.Config{Game: engine.OmahaHiLo, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10, Ante: 5, SmallBet: 10, BigBet: 20, AntesFirst: true},
			[]int64{0, 0, 0, 0}, []int64{9, 9, 9, 9}, 3},
		{"button ante as a seat ante, straddle left of the big blind",
			"variant = 'FT'\nantes = [0, 0, 0, 10]\nblinds_or_straddles = [1, 2, 4, 0]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [9, 9, 9, 9]\nactions = []\n",
			engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 1, BigBlind: 2, Straddle: 4, SmallBet: 2, BigBet: 4, AntesFirst: true},
			[]int64{0, 0, 0, 10}, []int64{9, 9, 9, 9}, 3},
		{"quarter chips played as units of a quarter",
			"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.5]\nmin_bet = 0.5\nstarting_stacks = [10.25, 20]\nactions = []\n",
			engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2, AntesFirst: true},
			[]int64{0, 0}, []int64{41, 80}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, skip, err := Configure(mustParse(t, tt.doc))
			if err != nil || skip != "" {
				t.Fatalf("skip %q, err %v", skip, err)
			}
			if s.Config != tt.want || s.Button != tt.button {
				t.Errorf("config %+v button %d, want %+v button %d", s.Config, s.Button, tt.want, tt.button)
			}
			for i, seat := range s.Seats {
				if seat.Ante != tt.anteSeats[i] || seat.Stack != tt.stacks[i] {
					t.Errorf("seat %d = %+v, want stack %d ante %d", i, seat, tt.stacks[i], tt.anteSeats[i])
				}
			}
		})
	}
}

func TestConfigureSkipsWhatTheEngineDoesNotPlay(t *testing.T) {
	tests := []struct{ name, doc, reason string }{
		{"stud", "variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [9, 9]\nactions = []\n", "unsupported variant F7S"},
		{"button straddle", "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 4]\nmin_bet = 2\nstarting_stacks = [9, 9, 9, 9]\nactions = []\n", "forced bet of 4 by p4"},
		{"min bet above the big blind", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 4\nstarting_stacks = [9, 9]\nactions = []\n", "min_bet 4 differs"},
		{"unknown stack", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [inf, 9]\nactions = []\n", "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Replay(mustParse(t, tt.doc))
			if r.Status != Skipped || !strings.Contains(r.Reason, tt.reason) {
				t.Errorf("status %s reason %q, want skipped with %q", r.Status, r.Reason, tt.reason)
			}
		})
	}
}

const threeWay = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100]\n"

func TestReplayOutcomes(t *testing.T) {
	tests := []struct {
		name, actions, finishing string
		status                   Status
		check                    func(t *testing.T, r Result)
	}{
		{"fold to the big blind", "'p3 f', 'p1 f'", "[99, 101, 100]", Match, nil},
		{"showdown with cards shown after unknown hole cards",
			"'d dh p1 ????', 'd dh p2 KhKd', 'd dh p3 7c2d', 'p3 f', 'p1 cc', 'p2 cc', 'd db AsAhAd', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cc', 'p2 cc', 'p1 sm AcKs', 'p2 sm KhKd'",
			"[102, 98, 100]", Match, func(t *testing.T, r Result) {
				if got := r.Engine.Hole(0); got[0] != engine.NewCard(engine.Ace, engine.Clubs) {
					t.Errorf("p1's unknown cards not taken from the show: %v", got)
				}
			}},
		{"shown cards not dealt", "'d dh p1 AsKs', 'p3 f', 'p1 cc', 'p2 cc', 'p1 sm AhKs'", "[99, 101, 100]", Mismatch,
			func(t *testing.T, r Result) {
				if r.Err == nil || !strings.Contains(r.Err.Error(), "not among the cards dealt") {
					t.Errorf("err = %v", r.Err)
				}
			}},
		{"wrong stacks", "'p3 f', 'p1 f'", "[100, 100, 100]", Mismatch, nil},
		{"refused action", "'p3 f', 'p1 cbr 3'", "[99, 101, 100]", Mismatch, func(t *testing.T, r Result) {
			if r.Refused == nil || r.Refused.Index != 1 || !strings.Contains(r.Err.Error(), "below the minimum") {
				t.Errorf("refused %v, err %v", r.Refused, r.Err)
			}
		}},
		{"out of turn", "'p1 f'", "[99, 101, 100]", Mismatch, func(t *testing.T, r Result) {
			if r.Refused == nil || !strings.Contains(r.Err.Error(), "not your turn (p3 to act") {
				t.Errorf("refused %v, err %v", r.Refused, r.Err)
			}
		}},
		{"not over after the last action", "'p3 f'", "[99, 101, 100]", Mismatch, func(t *testing.T, r Result) {
			if r.Err == nil || !strings.Contains(r.Err.Error(), "not over") {
				t.Errorf("err = %v", r.Err)
			}
		}},
		{"partial history without finishing stacks", "'p3 f'", "", Match, func(t *testing.T, r Result) {
			if !r.LegalityOnly {
				t.Error("not marked legality only")
			}
		}},
		{"half chips within one chip", "'p3 f', 'p1 f'", "[99.5, 100.5, 100]", Match, func(t *testing.T, r Result) {
			if !r.HalfChip {
				t.Error("not marked half-chip")
			}
		}},
		{"half chips more than one chip off", "'p3 f', 'p1 f'", "[97.5, 102.5, 100]", Mismatch, nil},
		{"board dealt that the engine never dealt", "'p3 f', 'p1 f', 'd db AsKsQs'", "[99, 101, 100]", Mismatch, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := threeWay + "actions = [" + tt.actions + "]\n"
			if tt.finishing != "" {
				doc += "finishing_stacks = " + tt.finishing + "\n"
			}
			r := Replay(mustParse(t, doc))
			if r.Status != tt.status {
				t.Fatalf("status %s, want %s: %s", r.Status, tt.status, r.Report())
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

// A short all-in bet does not reopen the betting under the room's rules
// (R-BET-6); PokerKit lets the player who checked raise. Such a hand matches
// under PokerKit's rules only, and says so.
func TestReplayFallsBackToPokerKitRules(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100, 3, 100]\n" +
		"actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KsKh', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 9c8d4s', 'p1 cc', 'p2 cbr 1', 'p3 cc', 'p1 cbr 10', 'p3 f', " +
		"'d db 5h', 'd db Jd']\nfinishing_stacks = [106, 0, 97]\n"
	h := mustParse(t, doc)
	var rp Replayer
	room := rp.replay(h, false)
	if room.Status != Mismatch || room.Refused == nil || room.Refused.Index != 10 {
		t.Fatalf("under the room's rules: %s", room.Report())
	}
	r := Replay(h)
	if r.Status != Match || !r.PokerKitRules || !r.Setup.Config.PokerKit {
		t.Fatalf("status %s, PokerKit rules %v: %s", r.Status, r.PokerKitRules, r.Report())
	}
	var sum Summary
	sum.add(&r)
	if sum.PokerKitRules != 1 || sum.Match != 1 {
		t.Errorf("summary %+v", sum)
	}
}

func TestKnownDifferencesAreReportedApartOnlyWhenTheyAgree(t *testing.T) {
	k := KnownDifferences[0]
	h := &Hand{File: "/x/" + k.File, Name: k.Hand, FinishingStacks: append([]float64(nil), k.Finishing...)}
	if knownDifference(h) == "" {
		t.Error("known hand not recognised")
	}
	h.FinishingStacks[0]++
	if knownDifference(h) != "" {
		t.Error("a hand with other finishing stacks taken for a known difference")
	}
	h.FinishingStacks[0]--
	h.File = "/x/other" + k.File
	if knownDifference(h) != "" {
		t.Error("another file taken for a known difference")
	}
}

func TestAnteTrimmingWithABigBlindAnteIsReportedApart(t *testing.T) {
	doc := "variant = 'NT'\nante_trimming_status = true\nantes = [0, 5, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n" +
		"starting_stacks = [100, 100, 100]\nactions = ['p3 f', 'p1 f']\nfinishing_stacks = [99, 106, 100]\n"
	r := Replay(mustParse(t, doc))
	if r.Status != Apart || !r.AnteTrimming || !strings.HasPrefix(r.Report(), "apart t.phh") {
		t.Fatalf("status %s: %s", r.Status, r.Report())
	}
	var sum Summary
	sum.add(&r)
	if sum.AnteTrimming != 1 || sum.Mismatch != 0 {
		t.Errorf("summary %+v", sum)
	}
}

func TestRefusalNamesPHHPlayers(t *testing.T) {
	err := refusal(&engine.ActionError{Err: engine.ErrAboveMaximum, Action: engine.Action{Kind: engine.Raise, Amount: 50}, Legal: engine.Legal{Seat: 2, MinTo: 4, MaxTo: 20}})
	if err == nil || err.Error() != "engine: amount above the maximum (raise to 50, allowed 4 to 20)" {
		t.Errorf("err = %v", err)
	}
	plain := errors.New("x")
	if refusal(plain) != plain || refusal(nil) != nil {
		t.Error("non-engine errors changed")
	}
}
