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
		req.Cmd.Name = "tourney:cancel"
	default:
		if !a.running() || a.paused() {
			return bot.Reply{}, nil
		}
		req.Cmd.Name = "tourney:pause"
	}
	return a.handle(req)
}
