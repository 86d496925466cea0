package room

import (
	"context"
	"errors"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/bot/tournament"
)

// ChatLost follows a chat the bot can no longer write to (a Telegram group
// that removed it, a Discord channel deleted; chat may also be a Discord
// server the bot was removed from, as "guild:<server id>": every channel
// of it, a channel's own id naming that channel alone, though a server's
// oldest channel has the server's id): nobody there
// would see a table or answer a prompt, so each cash table there closes
// after the hand in progress, every seat cashed out to its wallet (as
// /closetable), each fast-fold pool closes (as /closepool), each
// running tournament pauses (its tables stop after their hand) until an
// admin resumes it once the bot is back, and each tournament not started
// yet is cancelled, its entries refunded (it would start at its time
// where nobody sees it). why is logged with what was done.
// A chat the room has nothing running in is no error. A chat that is a
// community's spectator channel is that community's no longer
// (spectatorLost).
func (r *Room) ChatLost(ctx context.Context, platform, chat, why string) error {
	errs := []error{r.spectatorLost(ctx, platform, chat, why)}
	comms := r.runningIn(platform, chat)
	if len(comms) == 0 {
		r.log.Info("chat lost: nothing runs there", "platform", platform, "chat", chat, "why", why)
		return errors.Join(errs...)
	}
	for _, comm := range comms {
		errs = append(errs, r.stopCommunity(ctx, comm, why))
	}
	return errors.Join(errs...)
}

// spectatorLost turns off the spectator channel of every community whose
// summaries and news went to chat, which no longer takes the bot's posts:
// each such chat is told so, once (the adapters tell the room once a
// loss), instead of every summary being refused there unseen.
func (r *Room) spectatorLost(ctx context.Context, platform, chat, why string) error {
	var comms []bot.Community
	r.mu.Lock()
	for _, c := range r.commByID {
		if c.Platform == platform && c.SpectatorChat == chat {
			comms = append(comms, *c)
		}
	}
	r.mu.Unlock()
	var errs []error
	for _, c := range comms {
		c.SpectatorChat = ""
		ctx, cancel := context.WithTimeout(ctx, table.OpTimeout)
		err := r.saveCommunity(ctx, c)
		cancel()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		r.log.Warn("spectator channel lost: the community's summaries stay in its chat", "platform", platform, "channel", chat,
			"community", c.ID, "chat", c.ChatID, "why", why)
		r.out.Send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Priority: bot.PrioritySummary,
			Body: bot.View{Kind: bot.ViewNotice, Text: tr(c.Language, "spectate.lost")}})
	}
	return errors.Join(errs...)
}

// stopCommunity closes a lost chat's tables and pools and pauses (or,
// not started, cancels) its tournaments (ChatLost).
func (r *Room) stopCommunity(ctx context.Context, comm bot.Community, why string) error {
	var errs []error
	closing, stopped := 0, 0
	// Each step is bounded as a command is (Room.Handle): the adapters
	// call with their run's context, which has no end, and a closing pool
	// holds the pools' lock while it reads and writes their list.
	bounded := func(do func(ctx context.Context) error) error {
		ctx, cancel := context.WithTimeout(ctx, table.OpTimeout)
		defer cancel()
		return do(ctx)
	}
	for _, t := range r.cashTablesOf(comm.ID) {
		err := bounded(func(ctx context.Context) error {
			_, err := t.Do(ctx, table.Request{Cmd: bot.Command{Name: table.CloseCmd}})
			return err
		})
		if e := bot.FromError(err); err != nil && e.Key != "closetable.closing" && e.Key != "table.no_such" {
			errs = append(errs, err)
			continue
		}
		closing++
	}
	for _, p := range r.poolsOf(comm.ID) {
		err := bounded(func(ctx context.Context) error {
			_, err := r.closePoolCmd(ctx, bot.Command{Args: []string{p.Label()}}, comm, comm.Language)
			return err
		})
		if e := bot.FromError(err); err != nil && e.Key != "closepool.closing" {
			errs = append(errs, err)
			continue
		}
		closing++
	}
	for _, a := range r.tourneys.Of(comm.ID, true) {
		var rep bot.Reply
		err := bounded(func(ctx context.Context) (err error) {
			rep, err = a.Do(ctx, tournament.Request{Cmd: bot.Command{Name: "tourney:lost"}, Admin: true})
			return err
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if rep.Text != "" {
			stopped++
		}
	}
	r.log.Warn("chat lost: its tables close after their hand (players cashed out), its running tournaments pause, those not started are cancelled",
		"platform", comm.Platform, "chat", comm.ChatID, "community", comm.ID, "why", why, "closing", closing, "tournaments", stopped)
	return errors.Join(errs...)
}

// runningIn finds the communities whose chat is chat (or whose Discord
// server is the one chat names as "guild:<id>", guildChat),
// among those with a table, a pool or a tournament running (each as it
// stands now: a moved chat is found at its new id).
func (r *Room) runningIn(platform, chat string) []bot.Community {
	var comms []bot.Community
	r.mu.Lock()
	for _, t := range r.tables {
		comms = append(comms, t.Comm)
	}
	r.mu.Unlock()
	r.poolsMu.Lock()
	for _, p := range r.pools {
		comms = append(comms, p.comm)
	}
	r.poolsMu.Unlock()
	for _, a := range r.tourneys.All() {
		comms = append(comms, a.Comm)
	}
	var out []bot.Community
	seen := map[int64]bool{}
	guild, server := strings.CutPrefix(chat, guildChat(""))
	for _, c := range comms {
		now := r.communityNow(c)
		in := now.ChatID == chat || server && now.Guild != "" && now.Guild == guild
		if now.Platform == platform && in && !seen[now.ID] {
			seen[now.ID] = true
			out = append(out, now)
		}
	}
	return out
}
