package tournament

import (
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// chatLost stops the tournament of a chat the bot can no longer write to
// (the room's ChatLost, as "tourney:lost"): one not started yet is
// cancelled, every entry refunded (it would start at its time and deal
// hands nobody sees, its players blinded away); one running pauses until
// an admin resumes it once the bot is back; one paused or over, or a
// final waiting for its flights, is left as it is.
func (a *Director) chatLost(req Request) (bot.Reply, error) {
	switch a.Tourney.State() {
	case tourney.Announced, tourney.RegistrationOpen:
		if a.finalWaits() > 0 {
			return bot.Reply{}, nil // a final waiting for its flights' qualifiers: they stop with their chats
		}
		return a.cancelCmd(a.lang())
	default:
		if !a.running() || a.paused() {
			return bot.Reply{}, nil
		}
	}
	req.Cmd.Name = "tourney:pause"
	rep, err := a.handle(req)
	if err != nil {
		return rep, err
	}
	// The news go to the chat that was lost: each player in play is told
	// privately why play stopped, and how it goes on.
	for _, e := range a.Tourney.Entries() {
		if !e.Out {
			a.privateTo(e.ID, "tn.paused_lost", a.Name())
		}
	}
	return rep, nil
}

// cancelCmd is /tourney cancel: every entry refunded.
func (a *Director) cancelCmd(lang string) (bot.Reply, error) {
	if a.Over {
		return bot.Reply{}, &tourney.StateError{Op: "cancel", State: a.Tourney.State()}
	}
	if n := a.finalWaits(); n > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_has_flights", n)
	}
	if _, err := a.do(cancelOp{}, nil, nil); err != nil {
		return bot.Reply{}, err
	}
	if err := a.refundAll("tn.cancelled"); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "tourney.cancelled", a.Label())}, nil
}
