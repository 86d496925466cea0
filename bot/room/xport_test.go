package room_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// files are the files the room queued, by the user they go to.
func (h *harness) files() map[string][]*bot.File {
	out := map[string][]*bot.File{}
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.File != nil {
			if !m.To.Private() || m.Key != "" || v.Kind != bot.ViewFile {
				h.t.Errorf("a file queued to %v with key %q, kind %q", m.To, m.Key, v.Kind)
			}
			out[m.To.User] = append(out[m.To.User], v.File)
		}
	}
	return out
}

// doPrivately runs a typed command as user in a private chat.
func (h *harness) doPrivately(user, line string) (bot.Reply, error) {
	name, args, _ := bot.ParseCommand(line)
	r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", User: user, UserName: user, Name: name, Args: args})
	h.settle()
	return r, err
}

// /export refuses what it cannot do, each with its own answer: a bad
// argument, a range out of bounds, an unknown tournament, nothing to
// export.
func TestExportRefusesBadRequestsWithTheirOwnAnswers(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	for _, tc := range []struct{ line, key string }{
		{"/export", "export.none"},
		{"/export today", "export.none"},
		{"/export abc", "export.usage"},
		{"/export 0", "export.range"},
		{"/export -3", "export.range"},
		{"/export 100000", "export.range"},
		{"/export T99", "export.no_tourney"},
		{"/export 5 today", "export.usage"},
		{"/export phh pokerstars", "export.usage"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			e := h.fails("ana", tc.line, tc.key)
			if msg := e.Message(bot.English); strings.Contains(msg, "%!") {
				t.Errorf("%s: %q", tc.line, msg)
			}
		})
	}
	if f := h.files(); len(f) != 0 {
		t.Errorf("files sent after refusals: %v", f)
	}
}

// /export sends the player's own hands privately as a file: the last n,
// today's, in PokerStars text or PHH; from the group it says so there,
// from a private chat it names the file; only their own hole cards.
func TestExportSendsThePlayersOwnHandsPrivately(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	for range 3 {
		h.playToEnd(40)
	}
	for _, tc := range []struct {
		line    string
		private bool
		hands   int
		marker  string // what each hand of the format begins with
	}{
		{"/export", false, 3, "PokerStars Hand #"},
		{"/export 2", false, 2, "PokerStars Hand #"},
		// PHH leaves out the first hand: ben mucked at its showdown, and a
		// PHH replay needs the cards ana never saw (the caption says so).
		{"/export today phh", false, 2, "variant = "},
		{"/export today", false, 3, "PokerStars Hand #"},
		{"/export 1", true, 1, "PokerStars Hand #"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			before := len(h.files()["ana"])
			var r bot.Reply
			var err error
			if tc.private {
				r, err = h.doPrivately("ana", tc.line)
			} else {
				r, err = h.do("ana", tc.line)
			}
			if err != nil {
				t.Fatal(err)
			}
			files := h.files()
			if len(files["ana"]) != before+1 || len(files["ben"]) != 0 {
				t.Fatalf("files: ana %d (want %d), ben %d", len(files["ana"]), before+1, len(files["ben"]))
			}
			f := files["ana"][before]
			text := string(f.Data)
			if got := strings.Count(text, tc.marker); got != tc.hands {
				t.Errorf("%d hands (%q) in %s, want %d:\n%s", got, tc.marker, f.Name, tc.hands, text)
			}
			switch {
			case tc.private && (!r.Private || !strings.Contains(r.Text, f.Name)):
				t.Errorf("private reply %+v does not name %s", r, f.Name)
			case !tc.private && !strings.Contains(r.Text, "privately"):
				t.Errorf("group reply %+v does not say the file went privately", r)
			}
			if tc.marker == "PokerStars Hand #" && (strings.Count(text, "Dealt to ana [") != tc.hands || strings.Contains(text, "Dealt to ben [")) {
				t.Errorf("the file shows other cards than ana's own:\n%s", text)
			}
		})
	}
}

// /export answers "too many" for a day or a tournament over the maximum,
// and "unavailable" when the store cannot be read.
func TestExportSaysTooManyAndUnavailable(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.reopenWith(manyHands{h.store})
	h.fails("ana", "/export today", "export.too_many")
	fs := bottest.NewFaultStore(h.store)
	h.reopenWith(fs)
	fs.SetDown(true)
	_, err := h.do("ana", "/export")
	if e, ok := err.(*bot.Error); !ok || e.Code != bot.EUnavailable {
		t.Errorf("/export in an outage: %v, want unavailable", err)
	}
	fs.SetDown(false)
}

// manyHands is a store whose every player has more hands than asked for.
type manyHands struct{ bot.Storage }

func (manyHands) PlayerHands(context.Context, bot.PlayerHandsQuery, func(bot.ExportedHand) error) (bool, error) {
	return true, nil
}

// /export phh of hands PHH has no code for (pot-limit Omaha Hi/Lo) does not
// tell the player they have no hands, or that hands played before the room
// recorded its players cannot be exported: it says PHH cannot hold them,
// and that the PokerStars export does.
func TestExportPHHOfAGamePHHLacksSaysSo(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable plo8 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	e := h.fails("ana", "/export phh", "export.none_refused")
	if msg := e.Message(bot.English); !strings.Contains(msg, "/export") || strings.Contains(msg, "%!") {
		t.Errorf("the answer %q does not say how to get the hands", msg)
	}
	if _, err := h.do("ana", "/export"); err != nil {
		t.Errorf("the PokerStars export of the same hand: %v", err)
	}
}
