package phh

import (
	"bytes"
	"errors"
	"fmt"
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
	if r.Status != Match || !r.PokerKitRules || r.Setup.Replay != engine.PokerKitRules {
		t.Fatalf("status %s, PokerKit rules %v: %s", r.Status, r.PokerKitRules, r.Report())
	}
	var sum Summary
	sum.add(&r)
	if sum.PokerKitRules != 1 || sum.Match != 1 {
		t.Errorf("summary %+v", sum)
	}
}

// A PokerKit hand with a straddle: PokerKit lets the first raise over the
// straddle add only min_bet (blinds 1/2, straddle 4: a raise to 6), which
// the room's rules refuse (twice the straddle); the hand replays under
// PokerKit's rules instead of being reported as a mismatch.
func TestReplayStraddleRaiseByTheMinimumBet(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 4, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100, 100]\n" +
		"actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p4 JsJh', 'p4 cbr 6', 'p1 f', 'p2 f', 'p3 cc', " +
		"'d db 2c3d4h', 'p3 cc', 'p4 cc', 'd db 9s', 'p3 cc', 'p4 cc', 'd db Tc', 'p3 cc', 'p4 cc', 'p3 sm QsQh', 'p4 sm JsJh']\n" +
		"finishing_stacks = [99, 98, 109, 94]\n"
	r := Replay(mustParse(t, doc))
	if r.Status != Match || !r.PokerKitRules {
		t.Fatalf("status %s, PokerKit rules %v: %s", r.Status, r.PokerKitRules, r.Report())
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

// pokerKitPushingHands are three generated hands of the shared corpus
// (generated/FO8.phhs [1135] and [1633], generated/PO.phhs [1943]) whose
// finishing stacks PokerKit 0.7.4 computed with its own chip pushing: the
// room's rules (R-POT-4, R-POT-5) give other stacks, engine.PokerKitRules
// gives theirs.
var pokerKitPushingHands = []struct {
	name string
	doc  string
	room []int64 // the stacks under the room's rules
}{
	{
		// No hand eligible for the side pots qualifies for low (p1's low is
		// in the main pot only): R-POT-5 gives them to the high hand, p8;
		// PokerKit kills p2's hand, merges the side pots and shares their
		// low half between p7 and p8.
		"FO8 [1135]",
		"variant = 'FO/8'\nante_trimming_status = false\nantes = [0, 0, 0, 0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0, 0, 0, 0, 0, 0]\n" +
			"small_bet = 100\nbig_bet = 200\nstarting_stacks = [700, 11800, 800, 2200, 1400, 3000, 10400, 1300, 2600]\n" +
			"actions = ['d dh p1 As9c5s3c', 'd dh p2 Kc9s2d4c', 'd dh p3 Ac6s3dKh', 'd dh p4 5c9d7d7s', 'd dh p5 Ad2c5hKd', 'd dh p6 Qh8cJd5d', " +
			"'d dh p7 Th6h2s9h', 'd dh p8 8sJcTcTd', 'd dh p9 3sTs7cQd', 'p3 cbr 200', 'p4 cc', 'p5 cc', 'p6 cbr 300', 'p7 cbr 400', 'p8 cc', " +
			"'p9 f', 'p1 cc', 'p2 cc', 'p3 cc', 'p4 f', 'p5 cc', 'p6 cc', 'd db 6d8d4h', 'p1 cbr 100', 'p2 cc', 'p3 cc', 'p5 cbr 200', " +
			"'p6 cbr 300', 'p7 cbr 400', 'p8 cc', 'p1 cc', 'p2 cc', 'p3 f', 'p5 f', 'p6 cc', 'd db Qc', 'p2 cc', 'p6 cbr 200', 'p7 cc', " +
			"'p8 cc', 'p2 cbr 400', 'p6 cc', 'p7 cc', 'p8 cc', 'd db Qs', 'p2 cbr 200', 'p6 f', 'p7 cc', 'p8 cc', 'p2 sm Kc9s2d4c', " +
			"'p7 sm Th6h2s9h', 'p8 sm 8sJcTcTd', 'p1 sm As9c5s3c']\n" +
			"finishing_stacks = [2400, 10400, 300, 2000, 800, 1800, 9775, 4125, 2600]\n",
		[]int64{2400, 10400, 300, 2000, 800, 1800, 9200, 4700, 2600},
	},
	{
		// p2 (all in, no low) and p3 (no low) cannot win: killed, the main
		// and side pots merge into one pot of 58, split 29/29; the room
		// splits 31 and 27, the odd chips to the high half (R-POT-4).
		"FO8 [1633]",
		"variant = 'FO/8'\nante_trimming_status = false\nantes = [1, 1, 1, 1, 1, 1, 1]\nblinds_or_straddles = [1, 2, 0, 0, 0, 0, 0]\n" +
			"small_bet = 2\nbig_bet = 4\nstarting_stacks = [30, 6, 30, 258, 232, 20, 40]\n" +
			"actions = ['d dh p1 Jh2d6s2c', 'd dh p2 9c8s9sTh', 'd dh p3 TcQd4h6c', 'd dh p4 8h7d5s2s', 'd dh p5 Ts7h6hKc', 'd dh p6 Kh3h2hAs', " +
			"'d dh p7 7cQs5c8c', 'p3 cc', 'p4 f', 'p5 cc', 'p6 cc', 'p7 cc', 'p1 cc', 'p2 cbr 4', 'p3 cc', 'p5 cc', 'p6 f', 'p7 f', 'p1 cc', " +
			"'d db 5dTd4s', 'p1 cc', 'p2 cc', 'p3 cbr 2', 'p5 cc', 'p1 cc', 'p2 cc', 'd db 3c', 'p1 cbr 4', 'p3 cc', 'p5 cc', 'd db 3d', " +
			"'p1 cbr 4', 'p3 cc', 'p5 cc', 'p1 sm Jh2d6s2c', 'p2 sm 9c8s9sTh', 'p3 sm TcQd4h6c', 'p5 sm Ts7h6hKc']\n" +
			"finishing_stacks = [44, 0, 15, 257, 246, 17, 37]\n",
		[]int64{43, 0, 15, 257, 247, 17, 37},
	},
	{
		// p6 and p8 tie with A-high straights. The room splits each pot,
		// two of them odd (2541 and 815), the odd chips to p6; PokerKit
		// kills the four losing hands, so every pot up to p6's level merges
		// into one pot of 21000, split evenly.
		"PO [1943]",
		"variant = 'PO'\nante_trimming_status = false\nantes = [0, 0, 0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0, 0, 0, 0, 0]\n" +
			"min_bet = 100\nstarting_stacks = [2000, 15800, 8500, 5700, 1300, 3700, 1200, 23100]\n" +
			"actions = ['d dh p1 Ts3dKdAs', 'd dh p2 2s5c9dQh', 'd dh p3 3c7d6cKs', 'd dh p4 4h8d8cAc', 'd dh p5 Th3h3s9h', 'd dh p6 QsAdJcJs', " +
			"'d dh p7 6dJh4c6h', 'd dh p8 KhQd7sJd', 'p3 cbr 350', 'p4 cbr 837', 'p5 cc', 'p6 cbr 1324', 'p7 cc', 'p8 cbr 2163', 'p1 cc', " +
			"'p2 cc', 'p3 cc', 'p4 cc', 'p5 f', 'p6 cbr 3002', 'p8 cbr 19532', 'p2 f', 'p3 cc', 'p4 cc', 'p6 cc', 'p8 sm KhQd7sJd', " +
			"'p1 sm Ts3dKdAs', 'p3 sm 3c7d6cKs', 'p4 sm 4h8d8cAc', 'p6 sm QsAdJcJs', 'p7 sm 6dJh4c6h', 'd db AhKc5s', 'd db 7h', 'd db Td']\n" +
			"finishing_stacks = [0, 13637, 0, 0, 463, 10500, 0, 36700]\n",
		[]int64{0, 13637, 0, 0, 463, 10501, 0, 36699},
	},
}

// Hands PokerKit pushes differently match under engine.PokerKitRules, by
// what the engine computes, not by name; under the room's rules they keep
// R-POT-4 and R-POT-5.
func TestPokerKitChipPushingMatchesItsHands(t *testing.T) {
	for _, tt := range pokerKitPushingHands {
		t.Run(tt.name, func(t *testing.T) {
			h := mustParse(t, tt.doc)
			var rp Replayer
			room := rp.replay(h, false)
			if room.Status != Mismatch || room.Refused != nil || room.Err != nil {
				t.Fatalf("under the room's rules: %s", room.Report())
			}
			if fmt.Sprint(room.Actual) != fmt.Sprint(tt.room) {
				t.Errorf("room's stacks %v, want %v", room.Actual, tt.room)
			}
			r := Replay(h)
			if r.Status != Match || !r.PokerKitRules {
				t.Fatalf("status %s, PokerKit rules %v: %s", r.Status, r.PokerKitRules, r.Report())
			}
			// Other finishing stacks are a mismatch: nothing is excused.
			h.FinishingStacks[0]++
			if r := Replay(h); r.Status != Mismatch {
				t.Fatalf("altered finishing stacks: status %s, want mismatch", r.Status)
			}
		})
	}
}

// R-SEAT-2: a hand that posts one blind (blinds_or_straddles = [X, 0, ...])
// has a dead small blind: p1, left of the button, posts X as the big blind.
func TestReplayOneBlindIsADeadSmallBlind(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 0, 0]\nmin_bet = 2\n" +
		"starting_stacks = [100, 100, 100]\n" +
		"actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p2 f', 'p3 cc', 'p1 cbr 10', 'p3 f']\n" +
		"finishing_stacks = [102, 100, 98]\n"
	h, err := Parse("one-blind.phh", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var rp Replayer
	r := rp.Replay(h)
	if r.Status != Match {
		t.Fatalf("status %v: %v (stacks %v)", r.Status, r.Err, r.Actual)
	}
	if !r.Setup.NoSmallBlind || r.Setup.Config.BigBlind != 2 || r.Setup.Config.SmallBlind != 0 {
		t.Fatalf("setup %+v", r.Setup)
	}
}

// Written back, the one-blind hand keeps its one blind and replays the same.
func TestWriteOneBlindRoundTrip(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 0, 0]\nmin_bet = 2\n" +
		"starting_stacks = [100, 100, 100]\n" +
		"actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p2 f', 'p3 cc', 'p1 cbr 10', 'p3 f']\n" +
		"finishing_stacks = [102, 100, 98]\n"
	h, err := Parse("one-blind.phh", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var rp Replayer
	r := rp.Replay(h)
	var buf bytes.Buffer
	if err := Write(&buf, Record{Setup: r.Setup, Events: r.Engine.Events()}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "blinds_or_straddles = [2, 0, 0]") {
		t.Fatalf("written:\n%s", buf.String())
	}
	h2, err := Parse("again.phh", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var rp2 Replayer
	if r2 := rp2.Replay(h2); r2.Status != Match {
		t.Fatalf("written hand replays as %v: %v\n%s", r2.Status, r2.Err, buf.String())
	}
}
