package engine_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// eventOf builds an event from the fuzzer's values; cards are taken a
// byte each, so values past the 54 cards come up too.
func eventOf(seq int, kind, street uint8, seat int, amount int64, cards []byte, allIn bool, pot, board int, low bool) engine.Event {
	e := engine.Event{Seq: seq, Kind: engine.EventKind(kind), Street: engine.Street(street), Seat: seat,
		Amount: amount, AllIn: allIn, Pot: pot, Board: board, Low: low}
	if len(cards) > 0 {
		e.Cards = make([]engine.Card, 0, len(cards))
		for _, c := range cards {
			e.Cards = append(e.Cards, engine.Card(c))
		}
	}
	return e
}

// An event's hand-written JSON is byte for byte what encoding/json writes
// for it (stored events are read back by encoding/json, and hands stored
// before AppendJSON hold its bytes), and an event encoding/json refuses
// (an unknown kind, street or card) AppendJSON refuses too, leaving the
// buffer as it was.
func FuzzEventJSON(f *testing.F) {
	for kind := range uint8(40) {
		f.Add(kind, uint8(kind%7), int64(kind)*25, []byte{kind, 51, 52}, kind%2 == 0, int(kind%3), int(kind%2), kind%3 == 0)
	}
	f.Add(uint8(1), uint8(2), int64(-5), []byte{}, false, 0, 0, false)
	f.Add(uint8(1), uint8(200), int64(0), []byte{60}, true, -1, 7, true)
	f.Fuzz(func(t *testing.T, kind, street uint8, amount int64, cards []byte, allIn bool, pot, board int, low bool) {
		e := eventOf(int(amount%1000), kind, street, int(kind)-3, amount, cards, allIn, pot, board, low)
		want, werr := json.Marshal(e)
		prefix := []byte("x")
		got, gerr := e.AppendJSON(prefix)
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("%+v: encoding/json's error %v, AppendJSON's %v", e, werr, gerr)
		}
		if werr != nil {
			if !bytes.Equal(got, prefix) {
				t.Fatalf("%+v refused, but the buffer became %q", e, got)
			}
			return
		}
		if !bytes.Equal(got[1:], want) || got[0] != 'x' {
			t.Fatalf("%+v:\nAppendJSON  %s\nencoding/json %s", e, got, want)
		}
	})
}
