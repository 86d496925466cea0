package room_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A table message queued unrendered (bot.Deferred, to an outbox that
// renders only what it sends) and rendered after the table has moved on
// shows what it showed when queued: the same game played twice, once
// with every message rendered as it is queued and once with every
// message rendered when the test reads it, gives the same messages,
// text and buttons, in the same order.
func TestTableMessagesRenderedLateShowWhatTheyShowedWhenQueued(t *testing.T) {
	play := func(late bool) []bot.Outgoing {
		h := &harness{t: t, dsn: filepath.Join(t.TempDir(), "room.db"), seed: 11, clock: bottest.NewClock(t0),
			admins: map[string]bool{"admin": true}, renderLate: late}
		h.open()
		defer h.close()
		h.must("admin", "/newtable nlhe 1/2")
		for _, u := range []string{"ana", "ben", "cy"} {
			h.must(u, "/join 100")
		}
		h.must("admin", "/addbot 2")
		for range 3 {
			if who := h.toAct(); who != "" {
				if _, err := h.do(who, "/raise 6"); err != nil {
					h.must(who, "/call")
				}
			}
			h.playToEnd(80)
		}
		h.must("ana", "/sitout")
		h.playToEnd(80)
		return h.rec.all()
	}
	now, late := play(false), shown(play(true))
	if len(now) != len(late) {
		t.Fatalf("%d messages rendered as queued, %d rendered late", len(now), len(late))
	}
	tables := 0
	for i := range now {
		a, b := now[i], late[i]
		a.Version, b.Version = 0, 0 // the versions left out are numbered too
		a.Body, b.Body = unsigned(a.Body), unsigned(b.Body)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("message %d rendered as queued:\n%+v\nrendered late:\n%+v", i, a, b)
		}
		if v, ok := a.Body.(bot.View); ok && v.Kind == bot.ViewTable {
			tables++
		}
	}
	if tables < 20 {
		t.Fatalf("only %d table messages: the game played too little to compare", tables)
	}
}

// shown is msgs without the versions of a keyed message that show the
// same as the version before them: the table sends those unrendered
// while the one before is not rendered yet, and an outbox coalesces them
// (the newer replaces the queued one, in its place in line).
func shown(msgs []bot.Outgoing) []bot.Outgoing {
	last := map[string]bot.Outgoing{}
	var out []bot.Outgoing
	for _, m := range msgs {
		if m.Key != "" {
			if p, ok := last[m.Key]; ok && reflect.DeepEqual(p.Body, m.Body) && p.To == m.To && p.Thread == m.Thread {
				continue
			}
			last[m.Key] = m
		}
		out = append(out, m)
	}
	return out
}

// unsigned is body without its buttons' signatures: each game's room signs
// with a key of its own (the tokens are signed as the message is queued,
// in both games).
func unsigned(body any) any {
	v, ok := body.(bot.View)
	if !ok {
		return body
	}
	rows := make([][]bot.Button, len(v.Buttons))
	for i, row := range v.Buttons {
		rows[i] = append([]bot.Button(nil), row...)
		for j := range rows[i] {
			rows[i][j].Token = ""
		}
	}
	v.Buttons = rows
	if v.Amount != nil {
		a := *v.Amount
		a.Token = ""
		v.Amount = &a
	}
	return v
}
