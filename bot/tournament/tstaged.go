package tournament

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Staged tournaments (R-TRN-16): timed qualifying flights, each a
// tournament of its own with re-entry, whose survivors carry their chips
// into a closed final; the final starts at the blind level after the last
// one its flights played, on a new draw of seats.
//
// A flight's end is two writes in two actors, each safe to repeat: the
// final's qualify op registers the survivors and moves the flight's prize
// money from the flight's account into its own in one transaction (a
// flight it has already taken in is answered yes and moves nothing); the
// flight then marks itself settled. A write lost in between is tried
// again a second later, like a satellite's seats.

// qualifier is a flight's survivor and the chips they carry.
type qualifier struct {
	Player bot.Player `json:"player"`
	Bot    bool       `json:"bot,omitempty"`
	Stack  int64      `json:"stack"`
}

// carry is what a flight brings its final.
type carry struct {
	flight     string // the flight's label
	from       int64  // the flight's account
	amount     int64  // its prize money
	level      int    // the blind level number it ended on
	qualifiers []qualifier
}

// IsFinal: a staged final, played by its flights' qualifiers only.
func (a *Director) IsFinal() bool { return a.Set.Final }

// flightEnd is what a finished flight carries: its survivors' stacks by
// entry, and the level it ended on. After a timed end the stacks are the
// op's; when one player was left before the time, they are that player's.
func (a *Director) flightEnd() (map[tourney.EntryID]int64, int) {
	if a.qualifiers != nil {
		return a.qualifiers, a.endedLevel
	}
	out := map[tourney.EntryID]int64{}
	results, _ := a.Tourney.Results()
	for _, r := range results {
		if r.Place == 1 && a.stacks[r.Entry] > 0 { // the one player left
			out[r.Entry] = a.stacks[r.Entry]
		}
	}
	return out, max(a.clock().At(a.Deps.Clock.Now()).Number, 1)
}

// finishFlight ends a flight: play stops, its survivors go to the final
// with their chips and its prize money follows them (R-TRN-16).
func (a *Director) finishFlight() {
	stacks, level := a.flightEnd()
	a.stats = a.flightStats(stacks)
	_, _ = a.doThen(FinishOp{Stacks: stacks, Level: level}, nil, &bot.TourneyStatus{TourneyID: a.id, Status: "finished"}, func(any) { a.flightFinished() })
}

// flightFinished closes a finished flight's tables and carries its
// survivors to the final, once its end is stored (even when reported
// failed: doThen).
func (a *Director) flightFinished() {
	for no, t := range a.Tables {
		t.Tour.Direct(table.Sync{Close: true, Over: true})
		delete(a.Tables, no)
	}
	a.carryToFinal()
	a.publishLobby()
}

// carryToFinal registers the flight's survivors in the final and moves
// its prize money there; done once, tried again while it fails.
func (a *Director) carryToFinal() {
	final := a.reg.Get(a.finalID)
	if final == nil {
		a.Deps.Log.Error("a flight's final is gone", "tourney", a.id, "final", a.finalID)
		return
	}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	bal, err := a.Deps.Store.Balance(ctx, a.Account)
	if err != nil {
		return
	}
	c := carry{flight: a.Label(), from: a.Account, amount: bal, level: a.endedLevel}
	ids := make([]tourney.EntryID, 0, len(a.qualifiers))
	for e := range a.qualifiers {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool {
		return a.qualifiers[ids[i]] > a.qualifiers[ids[j]] || a.qualifiers[ids[i]] == a.qualifiers[ids[j]] && ids[i] < ids[j]
	})
	var names []string
	for _, e := range ids {
		c.qualifiers = append(c.qualifiers, qualifier{Player: a.Players[e], Bot: a.bots[e], Stack: a.qualifiers[e]})
		names = append(names, fmt.Sprintf("%s %s", a.entryName(e), bot.FormatChips(a.qualifiers[e], a.lang())))
	}
	if _, err := final.Do(ctx, Request{Cmd: bot.Command{Name: "qualify"}, carry: &c}); err != nil {
		a.Deps.Log.Warn("a flight's qualifiers not taken by its final yet", "tourney", a.id, "final", a.final, "err", err)
		return
	}
	if !a.settle() {
		return
	}
	a.news("tn.flight_over", a.Name(), len(ids), final.Label(), a.endedLevel, strings.Join(names, ", "))
}

// qualify takes a flight's survivors in (the final's side): one op that
// registers them and moves the flight's prize money into this account.
func (a *Director) qualify(req Request) (bot.Reply, error) {
	c := req.carry
	if c == nil || !a.IsFinal() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/qualify")
	}
	if a.FlightDone[c.flight] {
		return bot.Reply{}, nil // taken in already: the answer was lost
	}
	if st := a.Tourney.State(); st != tourney.RegistrationOpen {
		return bot.Reply{}, &tourney.StateError{Op: "qualify", State: st}
	}
	var moves []bot.Move
	if c.amount > 0 {
		moves = []bot.Move{{From: c.from, To: a.Account, Amount: c.amount, Reason: "flight pool", Reference: a.Ref()}}
	}
	op := QualifyOp{Flight: c.flight, Level: c.level, Stack: c.amount, Qualifiers: c.qualifiers, Seed: a.seed()}
	if _, err := a.do(op, func(any) []bot.Move { return moves }, nil); err != nil {
		if bot.ErrorCode(err) != bot.EUnavailable {
			// Refused part way: put back what the store holds.
			if rerr := a.Replay(req.ctx); rerr != nil {
				a.Deps.Log.Error("tournament rebuild failed", "tourney", a.id, "err", rerr)
			}
		}
		return bot.Reply{}, err
	}
	a.news("tn.qualified", a.Name(), len(c.qualifiers), c.flight, bot.Chips(a.Tourney.PrizePool().Total))
	a.publishLobby()
	a.tick() // the last flight in: the final may start
	return bot.Reply{}, nil
}

// applyQualify is the qualify op: each survivor registered (once, a
// second flight's stack kept for the draw), the flight's result and its
// prize money recorded.
func (a *Director) applyQualify(op QualifyOp) error {
	if a.FlightDone[op.Flight] {
		return nil
	}
	if st := a.Tourney.State(); st != tourney.RegistrationOpen && st != tourney.Announced {
		return &tourney.StateError{Op: "qualify", State: st}
	}
	fr := tourney.FlightResult{EndedLevel: op.Level}
	rng := rngFrom(op.Seed)
	for _, q := range op.Qualifiers {
		if a.activeEntry(q.Player.ID) == 0 {
			reg, err := a.Tourney.Register(tpid(q.Player.ID), q.Player.DisplayName, tourney.Payment{Ticket: op.Flight}, rng)
			if err != nil {
				return err
			}
			a.Players[reg.Entry.ID] = q.Player
			if q.Bot {
				a.bots[reg.Entry.ID] = true
			}
		}
		fr.Qualifiers = append(fr.Qualifiers, tourney.StackOf{Player: tpid(q.Player.ID), Stack: q.Stack})
	}
	if err := a.Tourney.Carry(op.Stack); err != nil {
		return err
	}
	a.flights = append(a.flights, fr)
	a.FlightDone[op.Flight] = true
	return nil
}

// stageFinal gives a staged final's entrants their flight stacks (the
// largest when a player qualified twice) and its first level, the one
// after the last level its flights played (R-TRN-16).
func (a *Director) stageFinal() {
	sf, err := tourney.StageFinal(a.Tourney.Config().Structure, a.flights)
	switch {
	case err == nil:
		a.fromIndex = sf.StartIndex
	case errors.Is(err, tourney.ErrLevelNotFound):
		// The flights played past the structure: the final plays its
		// last level.
		for i, l := range a.Tourney.Config().Structure.Levels {
			if !l.Break {
				a.fromIndex = i
			}
		}
	default:
		// Cannot happen with the flights' stacks checked: the final
		// starts at the level after the latest the flights ended on.
		a.Deps.Log.Error("staged final", "tourney", a.id, "err", err)
		ended := 0
		for _, f := range a.flights {
			ended = max(ended, f.EndedLevel)
		}
		n := 0
		for i, l := range a.Tourney.Config().Structure.Levels {
			if !l.Break {
				if n++; n <= ended+1 {
					a.fromIndex = i
				}
			}
		}
	}
	a.giveFlightStacks()
}

// giveFlightStacks gives each entrant of a staged final the stack they
// carried in: the largest, for a player who qualified twice.
func (a *Director) giveFlightStacks() {
	best := map[tourney.PlayerID]int64{}
	for _, f := range a.flights {
		for _, q := range f.Qualifiers {
			best[q.Player] = max(best[q.Player], q.Stack)
		}
	}
	for _, e := range a.Tourney.Entries() {
		if s := best[e.Player]; s > 0 {
			a.stacks[e.ID] = s
		}
	}
}

// finalWaits is how many flights a staged final still waits for (0 for
// any other tournament).
func (a *Director) finalWaits() int {
	if !a.IsFinal() {
		return 0
	}
	return a.pendingFlights()
}

// pendingFlights counts this final's flights not yet taken in: the
// final waits for them before it starts.
func (a *Director) pendingFlights() int {
	n := 0
	for _, s := range a.reg.All() {
		if s.finalID == a.id && !s.SeatsSettled.Load() && !a.FlightDone[s.Label()] {
			n++
		}
	}
	return n
}

// finalRefund is a cancelled final's money: the pool its flights carried
// in, shared by the qualifiers in proportion to their chips.
func (a *Director) finalRefund() []bot.Move {
	if len(a.stacks) == 0 { // cancelled before the start: the stacks carried in
		a.giveFlightStacks()
	}
	var ids []tourney.EntryID
	var total int64
	for _, e := range a.Tourney.Entries() {
		if s := a.stacks[e.ID]; s > 0 {
			ids = append(ids, e.ID)
			total += s
		}
	}
	pool := a.Tourney.PrizePool().Collected
	if pool <= 0 || total <= 0 {
		return nil
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var moves []bot.Move
	shares := map[tourney.EntryID]int64{}
	left := pool
	for i, e := range ids {
		v := pool * a.stacks[e] / total
		if i == len(ids)-1 {
			v = left
		}
		left -= v
		if v > 0 {
			moves = append(moves, bot.Move{From: a.Account, To: a.walletOf(e), Amount: v, Reason: "final cancelled", Reference: a.Ref()})
			shares[e] = v
		}
	}
	a.stats = a.shareStats(ids, shares)
	return moves
}

// shareStats are what a cancelled final gives its real qualifiers (of
// entries ids): the event played, its share of the pool won; their
// entries and buy-ins were their flights' (flightStats).
func (a *Director) shareStats(ids []tourney.EntryID, shares map[tourney.EntryID]int64) []bot.TourneyResult {
	byPlayer := map[int64]*bot.TourneyStats{}
	var order []int64
	for _, e := range ids {
		p, ok := a.Players[e]
		if !ok || a.bots[e] || p.ID == 0 {
			continue
		}
		s := byPlayer[p.ID]
		if s == nil {
			s = &bot.TourneyStats{Tourneys: 1}
			byPlayer[p.ID] = s
			order = append(order, p.ID)
		}
		s.Won += shares[e]
	}
	out := make([]bot.TourneyResult, 0, len(order))
	for _, id := range order {
		out = append(out, bot.TourneyResult{CommunityID: a.Comm.ID, PlayerID: id, TourneyStats: *byPlayer[id]})
	}
	return out
}

// flightLine is the lobby's line about a staged event.
func (a *Director) flightLine(lang string) string {
	switch {
	case a.IsFinal():
		return tr(lang, "lobby.final", len(a.FlightDone))
	case a.finalID != 0:
		return tr(lang, "lobby.flight", "T"+strconv.FormatInt(a.finalID, 10))
	}
	return ""
}
