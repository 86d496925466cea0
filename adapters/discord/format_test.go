package discord_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
)

// Issue 23: the table message is an embed with the seats in a field of
// their own, in Discord's markdown (the player to act bold, cards with
// coloured suits); a name that would format a message if it were not
// escaped reads as typed in the embed, the summary and the answers; the
// fake, which applies Discord's limits on content and embeds, refuses
// none.
func TestEmbedsAreFormattedAndAHostileNameReadsAsTyped(t *testing.T) {
	const evil, hostile = "666", "<b>*_[x](y)~|"
	fake := newFake(t)
	fake.AddMember(guild, discordtest.User{ID: evil, Username: hostile}, 0)
	names[evil] = hostile
	defer delete(names, evil)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	if r := e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2")); r.Message == nil {
		t.Fatal("/newtable: no answer")
	}
	for _, u := range []string{evil, ana} {
		if r := e.slash(u, "join"); r.Message == nil {
			t.Fatalf("/join by %s: no answer", names[u])
		}
	}
	m := e.waitTable(1)
	if !strings.Contains(m.Text(), " "+hostile+" ") {
		t.Errorf("the table message does not show the name as typed:\n%s", m.Text())
	}
	if len(m.Embeds) != 1 || len(m.Embeds[0].Fields) == 0 || m.Embeds[0].Fields[0].Name != "Seats" ||
		!strings.Contains(m.Embeds[0].Fields[0].Value, `\<b\>\*\_\[x\]\(y\)\~\|`) {
		t.Errorf("the table message is not an embed with its seats in a field, the name escaped: %+v", m.Embeds)
	}
	id, ok := button(m, "My cards")
	if !ok {
		t.Fatal("no My cards button")
	}
	if a := fake.Answer(fake.Press(evil, m, id), wait); a.Message == nil || !strings.Contains(a.Message.Text(), "\uFE0F") {
		t.Errorf("the cards reply does not show coloured suits: %+v", a.Message)
	}
	s := e.playHand(1)
	if !strings.Contains(s, hostile) || !strings.ContainsAny(s, "♠♥♦♣") {
		t.Errorf("hand 1's summary: %q", s)
	}
	if r := e.slash(evil, "history"); r.Message == nil || !strings.Contains(r.Message.Text(), hostile) {
		t.Errorf("/history does not name the player as typed: %+v", r.Message)
	}
	if n := fake.Stats().Refused; n != 0 {
		t.Errorf("the fake refused %d bodies beyond Discord's limits", n)
	}
}
