package discord_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history/historytest"
)

// checkExport checks a PokerStars export against the stored hands: the
// user's own hole cards in every hand, no other player's they did not see.
func (e *env) checkExport(f discordtest.Attachment, user string) int {
	e.t.Helper()
	p, err := e.store.Player(context.Background(), "discord", user, "")
	if err != nil {
		e.t.Fatal(err)
	}
	n, err := historytest.Check(string(f.Data), p.ID, func(id int64) (bot.HandRecord, error) {
		return e.store.LoadHand(context.Background(), id)
	})
	if err != nil {
		e.t.Errorf("%s: %v\n%s", f.Filename, err, f.Data)
	}
	return n
}

// waitFiles waits until user has n files sent to them privately.
func (e *env) waitFiles(user string, n int) []discordtest.Attachment {
	e.t.Helper()
	e.fake.Wait(wait, "files for the user", func() bool { return len(e.fake.PrivateAttachments(user)) >= n })
	return e.fake.PrivateAttachments(user)
}

// /export end to end through the fake Discord and the real discordgo
// client: the slash command's public answer says the hands went
// privately, and the file arrives as an attachment (multipart
// payload_json and files[0]) of an ephemeral follow-up only the player
// sees, holding PokerStars hands with their own hole cards and no
// opponent's unshown ones; the options choose how many; a bad argument is
// answered ephemerally and sends nothing.
func TestExportSendsAnAttachmentOnlyThePlayerSees(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 3})
	e.seatTwo()
	for n := 1; n <= 3; n++ {
		e.playHand(n)
	}
	r := e.slash(ana, "export")
	if r.Message == nil || !strings.Contains(r.Message.Text(), "Ana: your hands were sent to you privately") {
		t.Fatalf("/export answered %+v", r.Message)
	}
	files := e.waitFiles(ana, 1)
	if f := files[0]; !strings.HasPrefix(f.Filename, "hands-") || !strings.HasSuffix(f.Filename, ".txt") {
		t.Errorf("file %q", f.Filename)
	}
	if n := e.checkExport(files[0], ana); n != 3 {
		t.Errorf("%d hands in the export, want 3", n)
	}
	e.slash(ana, "export", str("hands", "2"), str("format", "pokerstars"))
	files = e.waitFiles(ana, 2)
	if n := e.checkExport(files[1], ana); n != 2 {
		t.Errorf("/export hands:2 gave %d hands", n)
	}
	for _, tc := range []struct{ hands, want string }{
		{"abc", "Usage: /export"},
		{"100000", "ask for 1 to 1000 hands"},
		{"T99", "There is no tournament T99 here"},
	} {
		r := e.slash(ben, "export", str("hands", tc.hands))
		if r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), tc.want) {
			t.Errorf("/export hands:%s answered %+v, want an ephemeral %q", tc.hands, r.Message, tc.want)
		}
	}
	for ch, fs := range fake.AllAttachments() {
		for _, f := range fs {
			if !strings.HasSuffix(f, `for "`+ana+`"`) {
				t.Errorf("channel %s: %s: a file not for Ana alone", ch, f)
			}
		}
	}
	if n := len(fake.PrivateAttachments(ana)); n != 2 {
		t.Errorf("Ana got %d files, want 2", n)
	}
}
