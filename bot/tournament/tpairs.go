package tournament

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Pairs tournaments (R-TRN-19, 001 #19). Each entry belongs to a pair:
// member 1 registers and is given the pair's number, member 2 joins it
// with /register T<n> pair=<number>. Each member buys in and plays apart
// (with re-entry) during late registration; when it closes, between
// hands at every table, each pair's stacks merge into one (a member out
// of chips brings none) and the pair plays on as one entry: member 1 the
// odd levels and member 2 the even ones, switching after the hand in
// progress. At the final table each pair has one consultation: /consult
// on their turn gives them a minute more and shows the partner the hand.
// Prizes are shared by the members; pairs at the final table score
// league points on the pairs table, both members (R-LGE-2).

// pairOf is a pair: its number and members (member 2 may be missing).
type pairOf struct {
	No     int
	M1, M2 *bot.Player
	B1, B2 bool // members who are practice opponents
}

// pairArg reads "pair=<n>" among a command's words (0 when absent).
func pairArg(args []string) (int, bool, error) {
	for _, w := range args {
		k, v, ok := strings.Cut(w, "=")
		if !ok || !strings.EqualFold(k, "pair") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimPrefix(v, "#"))
		if err != nil || n < 1 {
			return 0, true, bot.Errorf(bot.EInvalid, "pairs.bad", v)
		}
		return n, true, nil
	}
	return 0, false, nil
}

// pairToJoin is the pair a registration goes to: the player's own (a
// re-entry), the one named (member 2), or a new one (0).
func (a *Director) pairToJoin(p bot.Player, args []string) (int, error) {
	n, named, err := pairArg(args)
	if err != nil {
		return 0, err
	}
	if !a.Set.Pairs {
		if named {
			return 0, bot.Errorf(bot.EInvalid, "pairs.not_pairs", a.Label())
		}
		return 0, nil
	}
	if own, ok := a.pairByPlayer[p.ID]; ok {
		if named && n != own {
			return 0, bot.Errorf(bot.EInvalid, "pairs.already", own)
		}
		return own, nil
	}
	if !named {
		return 0, nil
	}
	pr := a.pairs[n]
	switch {
	case pr == nil:
		return 0, bot.Errorf(bot.EInvalid, "pairs.no_such", n, a.Label())
	case pr.M1 != nil && pr.M2 != nil:
		return 0, bot.Errorf(bot.EInvalid, "pairs.full", n)
	}
	return n, nil
}

// joinPair records a registration's pair (the register op).
func (a *Director) joinPair(p bot.Player, isBot bool, n int) {
	if !a.Set.Pairs {
		return
	}
	if _, ok := a.pairByPlayer[p.ID]; ok {
		return // a re-entry: the same pair
	}
	pl := p
	if pr := a.pairs[n]; n > 0 && pr != nil {
		switch {
		case pr.M1 == nil: // member 1 left: the newcomer takes the place
			pr.M1, pr.B1 = &pl, isBot
			a.pairByPlayer[p.ID] = n
			return
		case pr.M2 == nil:
			pr.M2, pr.B2 = &pl, isBot
			a.pairByPlayer[p.ID] = n
			return
		}
	}
	no := len(a.pairs) + 1
	a.pairs[no] = &pairOf{No: no, M1: &pl, B1: isBot}
	a.pairByPlayer[p.ID] = no
}

// leavePair takes an unregistered player out of their pair; member 2
// becomes member 1 when member 1 leaves.
func (a *Director) leavePair(p bot.Player) {
	n, ok := a.pairByPlayer[p.ID]
	if !ok {
		return
	}
	delete(a.pairByPlayer, p.ID)
	pr := a.pairs[n]
	switch {
	case pr.M2 != nil && pr.M2.ID == p.ID:
		pr.M2, pr.B2 = nil, false
	case pr.M2 != nil:
		pr.M1, pr.B1, pr.M2, pr.B2 = pr.M2, pr.B2, nil, false
	default:
		pr.M1 = nil // an empty pair keeps its number
	}
}

// botPair is the pair a practice opponent joins: the last pair of
// practice opponents waiting for its member 2, else a new one.
func (a *Director) botPair() int {
	best := 0
	for n, pr := range a.pairs {
		if pr.M1 != nil && pr.B1 && pr.M2 == nil && n > best {
			best = n
		}
	}
	return best
}

// needMerge: the separate phase is over and the stacks are not merged.
func (a *Director) needMerge() bool {
	return a.Set.Pairs && !a.merged && a.running() && a.Tourney.State() != tourney.LateRegistration
}

// merge joins each pair's stacks, every table being between hands.
func (a *Director) merge() error {
	stacks := map[tourney.EntryID]int64{}
	for e, s := range a.stacks {
		if _, ok := a.Tourney.Seating().Where(e); ok {
			stacks[e] = s
		}
	}
	if _, err := a.do(mergeOp{Stacks: stacks}, nil, nil); err != nil {
		return err
	}
	a.news("tn.pairs_merged", a.Name(), a.Tourney.Active())
	return nil
}

// applyMerge is the merge op.
func (a *Director) applyMerge(op mergeOp) error {
	for e, s := range op.Stacks {
		a.stacks[e] = s
	}
	nos := make([]int, 0, len(a.pairs))
	for n := range a.pairs {
		nos = append(nos, n)
	}
	sort.Ints(nos)
	for _, n := range nos {
		pr := a.pairs[n]
		var e1, e2 tourney.EntryID
		if pr.M1 != nil {
			e1 = a.activeEntry(pr.M1.ID)
		}
		if pr.M2 != nil {
			e2 = a.activeEntry(pr.M2.ID)
		}
		switch {
		case e1 != 0 && e2 != 0:
			if err := a.Tourney.MergeInto(e1, e2); err != nil {
				return fmt.Errorf("pair %d: %w", n, err)
			}
			add := a.stacks[e2]
			a.credit[e1] += add
			a.stacks[e1] += add
			delete(a.stacks, e2)
			a.pairEntry[e1] = n
		case e1 != 0:
			a.pairEntry[e1] = n
		case e2 != 0:
			a.pairEntry[e2] = n
		}
	}
	a.merged = true
	return nil
}

// pairOfEntry is the pair playing entry e after the merge.
func (a *Director) pairOfEntry(e tourney.EntryID) *pairOf {
	if !a.merged {
		return nil
	}
	n, ok := a.pairEntry[e]
	if !ok {
		return nil
	}
	return a.pairs[n]
}

// pairSeat sets who plays a pair's seat for the next hand: member 1 the
// odd levels, member 2 the even ones; the partner is the other.
func (a *Director) pairSeat(ss *table.SyncSeat) {
	pr := a.pairOfEntry(ss.Entry)
	if pr == nil || pr.M1 == nil || pr.M2 == nil {
		return
	}
	_, num, ok := a.clock().LevelForNextHand(a.Deps.Clock.Now())
	if !ok {
		num = a.clock().At(a.Deps.Clock.Now()).Number
	}
	tp := tourney.Pair{Member1: tpid(pr.M1.ID), Member2: tpid(pr.M2.ID)}
	if tp.PlayerForLevel(num) == tpid(pr.M1.ID) {
		ss.Player, ss.Bot, ss.Partner = *pr.M1, pr.B1, pr.M2
	} else {
		ss.Player, ss.Bot, ss.Partner = *pr.M2, pr.B2, pr.M1
	}
	ss.Consult = a.final
}

// pairName is a pair's name once merged: "Ana & Ben".
func (a *Director) pairName(e tourney.EntryID) (string, bool) {
	pr := a.pairOfEntry(e)
	if pr == nil || pr.M1 == nil || pr.M2 == nil {
		return "", false
	}
	return pr.M1.DisplayName + " & " + pr.M2.DisplayName, true
}

// prizeMoves pays v to entry e: a merged pair's members share it, the
// odd chip to member 1.
func (a *Director) prizeMoves(e tourney.EntryID, v int64, reason string) []bot.Move {
	pr := a.pairOfEntry(e)
	if pr == nil || pr.M1 == nil || pr.M2 == nil {
		return []bot.Move{{From: a.Account, To: a.walletOf(e), Amount: v, Reason: reason, Reference: a.Ref()}}
	}
	half := v / 2
	var out []bot.Move
	for _, m := range []struct {
		p   *bot.Player
		bot bool
		v   int64
	}{{pr.M1, pr.B1, v - half}, {pr.M2, pr.B2, half}} {
		if m.v > 0 {
			out = append(out, bot.Move{From: a.Account, To: a.walletOfPlayer(*m.p, m.bot), Amount: m.v, Reason: reason, Reference: a.Ref()})
		}
	}
	return out
}

// pairPoints are a pairs tournament's league points: the pairs at the
// final table score on the pairs table, both members (R-LGE-2).
func (a *Director) pairPoints(results []tourney.Result) map[int64]int {
	out := map[int64]int{}
	final := tourney.FinalTableSize(a.Tourney.Config().TableSize)
	for _, r := range results {
		if r.Place > final {
			continue
		}
		pts := tourney.Points(tourney.PairsFinal, r.Place)
		if pts == 0 {
			continue
		}
		if pr := a.pairOfEntry(r.Entry); pr != nil {
			for _, m := range []*bot.Player{pr.M1, pr.M2} {
				if m != nil {
					out[m.ID] += pts
				}
			}
			continue
		}
		out[a.Players[r.Entry].ID] += pts
	}
	return out
}
