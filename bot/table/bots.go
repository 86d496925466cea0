package table

import (
	"context"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// A cash table's practice opponents: /addbots and /kickbots.

// addBots seats practice opponents with house chips.
func (t *Table) addBots(req Request) (bot.Reply, error) {
	n, asked := 1, 1
	if len(req.Cmd.Args) > 0 {
		v, err := strconv.Atoi(req.Cmd.Args[0])
		if err != nil || v < 1 || v > engine.MaxSeats {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "addbot.usage", engine.MaxSeats)
		}
		n, asked = v, v
	}
	if free := t.freeSeats(); free < n {
		if free <= 0 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "addbot.full")
		}
		n = free
	}
	used := map[string]bool{}
	for _, s := range t.Seats {
		if s != nil {
			used[s.Player.DisplayName] = true
		}
	}
	ctx, cancel := context.WithTimeout(req.ctx, OpTimeout)
	defer cancel()
	w := &bot.TableWrite{}
	var added []int
	for _, name := range BotNames {
		if len(added) == n {
			break
		}
		if used[name] {
			continue
		}
		p, err := t.Deps.Store.Player(ctx, BotPlatform, "bot:"+name, name)
		if err != nil {
			return bot.Reply{}, err
		}
		i := -1
		for k, s := range t.Seats {
			if s == nil {
				i = k
				break
			}
		}
		t.Seats[i] = &Seat{Player: p, Account: t.house, Stack: t.Config.MaxBuyIn, Bot: true}
		w.Moves = append(w.Moves, bot.Move{From: t.house, To: t.account, Amount: t.Config.MaxBuyIn, Reason: "practice buy-in", Reference: t.ref()})
		added = append(added, i)
	}
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	var names []string
	for _, i := range added {
		t.env.SetSeated(t.Seats[i].Player.ID, t.ID, true)
		names = append(names, t.name(i))
	}
	t.publishIdle()
	t.poke()
	text := tr(t.lang(), "addbot.done", strings.Join(names, ", "), t.Label())
	if len(added) < asked {
		text += " " + tr(t.lang(), "addbot.fewer", asked, len(added))
	}
	return bot.Reply{Text: text}, nil
}

// kickBots stands every practice opponent up (after the hand for those in
// it).
func (t *Table) kickBots(req Request) (bot.Reply, error) {
	now := t.Deps.Clock.Now()
	w := &bot.TableWrite{}
	n := 0
	for i, s := range t.Seats {
		if s == nil || !s.Bot {
			continue
		}
		n++
		if t.dealtIn(i) {
			s.Leaving = true
		} else {
			t.cashOut(i, now, w)
		}
	}
	if n == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "kickbot.none")
	}
	t.callWaiting(now, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	return bot.Reply{Text: tr(t.lang(), "kickbot.done", n, t.Label())}, nil
}
