package tournament

import (
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// refuseCmd runs /tourney refuse <player> (R-TRN-2, seed 001 #6: the
// organiser may refuse an entry): before the start the player's
// registration is cancelled and refunded; either way they may not enter
// again (a re-entry neither). An entry already in play stays: /tourney
// dq takes it out. The player is named by user id or by name, as for dq.
func (a *Director) refuseCmd(req Request, lang string) (bot.Reply, error) {
	st := a.Tourney.State()
	if st == tourney.Finished || st == tourney.Cancelled {
		return bot.Reply{}, &tourney.StateError{Op: "refuse", State: st}
	}
	who := strings.TrimPrefix(strings.Join(req.Cmd.Args, " "), "@")
	if who == "" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "refuse.usage")
	}
	var byID, byName []bot.Player
	seen := map[int64]bool{}
	for _, e := range a.Tourney.Entries() {
		p := a.Players[e.ID]
		if seen[p.ID] {
			continue
		}
		switch {
		case p.UserID == who:
			byID, seen[p.ID] = append(byID, p), true
		case strings.EqualFold(p.DisplayName, who) || strings.EqualFold(a.entryName(e.ID), who):
			byName, seen[p.ID] = append(byName, p), true
		}
	}
	p, err := onePlayer(who, byID, byName, func(p bot.Player) string { return p.UserID })
	if err != nil {
		return bot.Reply{}, err
	}
	before := st == tourney.Announced || st == tourney.RegistrationOpen
	var moves []bot.Move
	if id := a.activeEntry(p.ID); before && id != 0 {
		moves = a.refundMoves(id)
	}
	if _, err := a.do(refuseOp{Player: &p}, func(any) []bot.Move { return moves }, nil); err != nil {
		return bot.Reply{}, err
	}
	a.publishLobby()
	if before {
		return bot.Reply{Text: tr(lang, "refuse.refunded", p.DisplayName, a.Name())}, nil
	}
	return bot.Reply{Text: tr(lang, "refuse.later", p.DisplayName, a.Name())}, nil
}

// onePlayer is the one player who names: the one found by user id
// (byID), else the one found by a name shown (byName); none, or several
// (told apart by their ids, userID, never guessed between), is an error.
func onePlayer[T any](who string, byID, byName []T, userID func(T) string) (T, error) {
	found := byID
	if len(found) == 0 {
		found = byName
	}
	var zero T
	switch {
	case len(found) == 0:
		return zero, bot.Errorf(bot.ENotFound, "dq.no_such", who)
	case len(found) > 1:
		var ids []string
		for _, f := range found {
			ids = append(ids, userID(f))
		}
		return zero, bot.Errorf(bot.EInvalid, "dq.ambiguous", who, len(found), strings.Join(ids, ", "))
	}
	return found[0], nil
}
