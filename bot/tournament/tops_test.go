package tournament

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Every stored kind decodes to the op type that writes it.
func TestEveryOpKindDecodesToItsOwnType(t *testing.T) {
	for kind, mk := range opTypes {
		if got := mk().kind(); got != kind {
			t.Errorf("opTypes[%q] makes an op of kind %q", kind, got)
		}
		op, err := decodeOp(kind, "{}")
		if err != nil || op.kind() != kind {
			t.Errorf("decodeOp(%q, {}) = %v, %v", kind, op, err)
		}
	}
	if _, err := decodeOp("bogus", "{}"); err == nil {
		t.Error("an unknown kind was decoded")
	}
	if _, err := decodeOp(opHand, "{not json"); err == nil {
		t.Error("a malformed op was decoded")
	}
}

// The log written before ops had their own types (one struct with every
// field) still replays: each op reads its fields under the same names,
// and writes them back the same.
func TestOpsReadTheLogWrittenBefore(t *testing.T) {
	at := time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC)
	cases := []struct {
		kind, data string
		want       tOp
	}{
		{OpRegister, `{"player":{"ID":7,"DisplayName":"ana"},"bot":true,"seed":42,"ticket":"T3","pair":2}`,
			&RegisterOp{Player: &bot.Player{ID: 7, DisplayName: "ana"}, Bot: true, Seed: 42, Ticket: "T3", Pair: 2}},
		{opStart, `{"seed":9,"at":"2026-11-01T20:00:00Z"}`, &startOp{Seed: 9, At: at}},
		{opHand, `{"table":2,"busts":[{"entry":5,"start":300}],"stacks":{"1":900},"h4h":[2]}`,
			&handOp{Table: 2, Busts: []table.ReportBust{{Entry: 5, Start: 300}}, Stacks: map[tourney.EntryID]int64{1: 900}, H4H: []tourney.TableID{2}}},
		{OpQualify, `{"ticket":"T4","level":3,"stack":500,"seed":1}`, &QualifyOp{Flight: "T4", Level: 3, Stack: 500, Seed: 1}},
		{opRebuy, `{"entry":3,"stack":0}`, &rebuyOp{Entry: 3}},
		{opDeal, `{"stacks":{"1":10},"shares":{"1":99},"stack":5}`, &dealOp{Stacks: map[tourney.EntryID]int64{1: 10}, Shares: map[tourney.EntryID]int64{1: 99}, Stack: 5}},
		{opLevel, `{"level":4}`, &levelOp{Level: 4}},
	}
	for _, c := range cases {
		op, err := decodeOp(c.kind, c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		if !reflect.DeepEqual(op, c.want) {
			t.Errorf("%s: decoded %+v, want %+v", c.kind, op, c.want)
		}
		again, err := decodeOp(c.kind, table.MustJSON(op))
		if err != nil || !reflect.DeepEqual(again, op) {
			t.Errorf("%s: %s does not read back: %+v, %v", c.kind, table.MustJSON(op), again, err)
		}
	}
}

// A start of the log written before the seating rule of 2026-11-26 has no
// rule: its replay draws by the rule of then; a start made now says so.
func TestAStartSaysItsSeatingRule(t *testing.T) {
	op, err := decodeOp(opStart, `{"seed":9,"at":"2026-11-01T20:00:00Z"}`)
	if err != nil || op.(*startOp).Rule != 0 {
		t.Fatalf("an old start: %+v, %v", op, err)
	}
	if got := table.MustJSON(startOp{Seed: 1, Rule: seatingRule}); !strings.Contains(got, `"rule":1`) {
		t.Fatalf("a start now: %s", got)
	}
}
