package discord_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
)

// /stats and /leaderboard as slash commands with their typed options:
// statistics are answered ephemerally, the leaderboard in the channel;
// another's statistics once they made them public.
func TestStatsAndLeaderboardSlashCommands(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	if r := e.slash(ben, "stats"); r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Ben has played no hands here (all time).") {
		t.Fatalf("/stats answered %+v", r)
	}
	benUser := discordtest.Option{Name: "player", Type: 6, Value: ben}
	if r := e.slash(ana, "stats", benUser); r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Ben keeps their statistics private") {
		t.Fatalf("/stats player:Ben answered %+v", r)
	}
	if r := e.slash(ben, "stats", str("share", "public")); r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "public now") {
		t.Fatalf("/stats share:public answered %+v", r)
	}
	if r := e.slash(ana, "stats", benUser, str("period", "month")); r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Ben has played no hands here (this month).") {
		t.Fatalf("/stats player:Ben period:month answered %+v", r)
	}
	if r := e.slash(ana, "leaderboard", str("period", "week"), str("kind", "cash")); r.Message == nil || r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "No hands played here to list (this week); anonymous tables are never listed.") {
		t.Fatalf("/leaderboard answered %+v", r)
	}
	if r := e.slash(ana, "leaderboard", str("kind", "tourney"), str("period", "month")); r.Message == nil || r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Nobody has finished a tournament here (this month).") {
		t.Fatalf("/leaderboard kind:tourney answered %+v", r)
	}
}
