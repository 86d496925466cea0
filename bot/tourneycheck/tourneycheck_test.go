package tourneycheck

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/tourney"
)

func pos(b, sb, bb tourney.Seat) *tourney.Positions {
	return &tourney.Positions{Button: b, SmallBlind: sb, BigBlind: bb}
}

// hand is a hand at table; seats lists the table seats (1..n) dealt in,
// the engine's button first, names their players.
func hand(table int64, p *tourney.Positions, seats []int, names ...string) Hand {
	order := make([]int, len(seats))
	for i, s := range seats {
		order[i] = s - 1
	}
	return Hand{Table: table, Order: order, Names: names, Pos: p, NoSmallBlind: p != nil && p.SmallBlindDead}
}

// R-SEAT-1..3, TDA 31-33: the checker finds every way a table's button
// and blinds can break the dead-button rule, and passes a table that
// keeps it.
func TestDeadButtonFindsEachBreach(t *testing.T) {
	first := hand(1, pos(1, 2, 3), []int{1, 2, 3, 4}, "a", "b", "c", "d")
	deadSB := &tourney.Positions{Button: 2, SmallBlind: 3, BigBlind: 4, SmallBlindDead: true}
	for _, c := range []struct {
		name  string
		hands []Hand
		want  string // "" for no breach
	}{
		{"kept: the blinds move one seat", []Hand{first, hand(1, pos(2, 3, 4), []int{2, 3, 4, 1}, "b", "c", "d", "a")}, ""},
		{"kept: the button dead on the seat of a player out",
			[]Hand{first, hand(1, pos(2, 3, 4), []int{1, 3, 4}, "a", "c", "d")}, ""},
		{"kept: the small blind dead", []Hand{hand(1, pos(1, 2, 3), []int{1, 2, 3, 4}, "a", "b", "c", "d"), hand(1, deadSB, []int{2, 4, 1}, "b", "d", "a")}, ""},
		{"the first button is not on seat 1 (R-SEAT-1)", []Hand{hand(1, pos(2, 3, 4), []int{2, 3, 4, 1}, "b", "c", "d", "a")}, "first button on seat 2, want 1"},
		{"a cash button after a bust (TDA 31)",
			[]Hand{first, hand(1, pos(3, 4, 1), []int{3, 4, 1}, "c", "d", "a")}, "button 3 small blind 4"},
		{"the big blind jumps a player (TDA 31)",
			[]Hand{first, hand(1, pos(2, 3, 1), []int{2, 3, 1, 4}, "b", "c", "a", "d")}, "big blind 1 skips seat 4"},
		{"the engine posts the blinds elsewhere",
			[]Hand{first, hand(1, pos(2, 3, 4), []int{3, 4, 1, 2}, "c", "d", "a", "b")}, "order"},
		{"a dead small blind posted all the same",
			[]Hand{first, hand(1, &tourney.Positions{Button: 2, SmallBlind: 3, BigBlind: 4, SmallBlindDead: true}, []int{2, 3, 4, 1}, "b", "c", "d", "a")}, "dead small blind"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := DeadButton(c.hands)
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("breaches %q in a table that keeps the rule", got)
			case c.want != "" && !strings.Contains(strings.Join(got, "\n"), c.want):
				t.Errorf("breaches %q, want one saying %q", got, c.want)
			}
		})
	}
}

// R-TRN-11, TDA 10: the checker passes a move of the player due to post
// the big blind next into the worst seat of the short table, and finds a
// move of anyone else, or into another seat.
func TestBalanceMovesFindsTheWrongPlayerOrSeat(t *testing.T) {
	// Table 1 of five deals with the big blind on seat 3: d (seat 4) is
	// due next. Table 2 of three dealt with the big blind on seat 3: its
	// worst open seat is 4.
	run := func(mover string, into int) []Hand {
		t1 := hand(1, pos(1, 2, 3), []int{1, 2, 3, 4, 5}, "a", "b", "c", "d", "e")
		t2 := hand(2, pos(1, 2, 3), []int{1, 2, 3}, "x", "y", "z")
		var rest []int
		var names []string
		for s, n := range []string{"a", "b", "c", "d", "e"} {
			if n != mover {
				rest = append(rest, s+1)
				names = append(names, n)
			}
		}
		seats := []int{2, 3, into, 1}
		t2b := hand(2, pos(2, 3, tourney.Seat(into)), seats, "y", "z", mover, "x")
		// Table 1 plays on without the mover.
		order := append(rest[1:], rest[0])
		t1b := hand(1, &tourney.Positions{Button: 2, SmallBlind: 3, BigBlind: tourney.Seat(order[2])}, order, append(names[1:], names[0])...)
		return []Hand{t1, t2, t2b, t1b}
	}
	for _, c := range []struct {
		name   string
		mover  string
		into   int
		breach string
	}{
		{"kept: d, due the big blind, into seat 4", "d", 4, ""},
		{"the wrong player: e moved while d was due", "e", 4, "but d (number 1 due to post the big blind) stayed"},
		{"the wrong seat: d into seat 6", "d", 6, "d moved in to seat 6, want one of [4]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, got := BalanceMoves(run(c.mover, c.into), 9)
			if n != 1 {
				t.Fatalf("%d moves seen, want 1", n)
			}
			switch {
			case c.breach == "" && len(got) > 0:
				t.Errorf("breaches %q of a move that keeps the rule", got)
			case c.breach != "" && !strings.Contains(strings.Join(got, "\n"), c.breach):
				t.Errorf("breaches %q, want one saying %q", got, c.breach)
			}
		})
	}
}

// R-TRN-11: between clock steps table sizes differ by at most one; a
// move the director waits for may take three steps, not four.
func TestSizesFindsUnevenTablesAndAMoveThatWaits(t *testing.T) {
	even := "Table 1 (#1): 5 of 9 seats\nTable 2 (#2): 4 of 9 seats\nThe tables are balanced (within one player)."
	uneven := "Table 1 (#1): 6 of 9 seats\nTable 2 (#2): 4 of 9 seats\nThe tables are balanced (within one player)."
	pending := "Table 1 (#1): 6 of 9 seats\nTable 2 (#2): 4 of 9 seats\nTables are broken or balanced as soon as the hands in progress end."
	for _, c := range []struct {
		name  string
		steps []string
		bad   int
	}{
		{"kept", []string{even, pending, pending, pending, even}, 0},
		{"two apart with nothing waiting", []string{even, uneven}, 1},
		{"a move waits four steps", []string{pending, pending, pending, pending, even}, 1},
	} {
		var z Sizes
		for _, s := range c.steps {
			z.Step(s)
		}
		if got := z.Problems(); len(got) != c.bad {
			t.Errorf("%s: %q, want %d problems", c.name, got, c.bad)
		}
	}
}

// TDA 12: hand for hand is announced to the group and the spectator
// channel before the bubble bursts, unless the bubble came at the final
// table or burst in a hand dealt before the field was down to one more
// than the places paid (two players out in one hand across it, or a
// hand in progress at another table).
func TestHandForHandNewsChecked(t *testing.T) {
	h4h := "🏆 T: hand for hand: 4 left, 3 paid. Every table deals one hand at a time"
	burst := "🏆 T: the bubble has burst, the 3 players left are in the money!"
	final := "🏆 T: the final table is set with 5 players."
	// x's last hand was stored at 15, y's at 5.
	dealt := func(name string, seq int64) bool { return map[string]int64{"x": 15, "y": 5}[name] < seq }
	for _, c := range []struct {
		name   string
		news   []News
		status string
		bad    int
	}{
		{"announced, then burst", []News{{"g", h4h, 1}, {"c", h4h, 2}, {"g", "🏆 x is out in place 4.", 20}, {"g", burst, 21}}, Announced, 0},
		{"never announced (nor to the channel)", []News{{"g", "🏆 y is out in place 5.", 10}, {"g", "🏆 x is out in place 4.", 20}, {"g", burst, 21}}, Announced, 2},
		{"not told to the channel", []News{{"g", h4h, 1}, {"g", burst, 2}}, Announced, 1},
		{"out fifth and fourth in hands dealt before the fifth was out", []News{{"g", "🏆 x is out in place 5.", 20}, {"g", "🏆 y is out in place 4.", 21}, {"g", burst, 22}}, InProgress, 0},
		{"the bubble at the final table", []News{{"g", final, 1}, {"g", "🏆 x is out in place 4.", 20}, {"g", burst, 21}}, AtFinal, 0},
		{"the final table after the bubble", []News{{"g", "🏆 x is out in place 4.", 20}, {"g", final, 21}, {"g", burst, 22}}, Announced, 2},
		{"the bubble never burst", []News{{"g", h4h, 1}}, NeverBurst, 1},
	} {
		status, bad := HandForHand(c.news, "g", "c", 3, dealt)
		if status != c.status || len(bad) != c.bad {
			t.Errorf("%s: %s, problems %q; want %s and %d", c.name, status, bad, c.status, c.bad)
		}
	}
}

// A tournament at one table throughout deals every hand alone: hand for
// hand is never announced (TDA 12 concerns several tables).
func TestHandForHandNeverAnnouncedAtOneTable(t *testing.T) {
	h4h := "🏆 T: hand for hand: 3 left, 2 paid. Every table deals one hand at a time"
	burst := "🏆 T: the bubble has burst, the 2 players left are in the money!"
	for _, c := range []struct {
		name string
		news []News
		bad  int
	}{
		{"not announced", []News{{"g", "🏆 x is out in place 3.", 20}, {"g", burst, 21}}, 0},
		{"announced to the group and the channel", []News{{"g", h4h, 1}, {"c", h4h, 2}, {"g", burst, 21}}, 2},
		{"announced elsewhere only", []News{{"other", h4h, 1}}, 0},
	} {
		if bad := HandForHandAtOneTable(c.news, "g", "c"); len(bad) != c.bad {
			t.Errorf("%s: problems %q, want %d", c.name, bad, c.bad)
		}
	}
}

// The places paid are read from /tourney payouts.
func TestPaidPlacesReadsThePayouts(t *testing.T) {
	for answer, want := range map[string]int{
		"Prize pool 4,500 for 45 entries:\n1. 1,350\n2. 900\n3. 675": 3,
		"No prizes yet: nobody has registered.":                      0,
	} {
		if got := PaidPlaces(answer); got != want {
			t.Errorf("%q: %d places, want %d", answer, got, want)
		}
	}
}
