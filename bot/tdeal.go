package bot

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/tourney"
)

// Deals (R-TRN-18): a player still in proposes to divide the prizes left
// by ICM or by chip chop; play waits after the hands in progress while
// every player still in must accept within dealWindow (practice opponents
// accept); one refusal, or the time running out, and play goes on. An
// accepted deal ends the tournament: the players are placed by their
// chips and paid their shares, each keeps the bounty on their head.

// dealWindow is how long the players have to accept a deal.
const dealWindow = 2 * time.Minute

type dealProposal struct {
	method   tourney.DealMethod
	by       tourney.EntryID
	accepted map[tourney.EntryID]bool
	until    time.Time
}

// inDeal reports whether entry e was a party to the deal.
func (a *tourneyActor) inDeal(e tourney.EntryID) bool {
	_, ok := a.shares[e]
	return ok
}

// remaining lists the entries still in, with their stacks (the entry
// as the "player" of the tourney package's deal and ICM functions), and
// the entries in the same order.
func (a *tourneyActor) remaining() ([]tourney.StackOf, []tourney.EntryID) {
	var out []tourney.StackOf
	var ids []tourney.EntryID
	for _, e := range a.t.Entries() {
		if !e.Out {
			out = append(out, tourney.StackOf{Player: tourney.PlayerID(strconv.Itoa(int(e.ID))), Stack: a.stacks[e.ID]})
			ids = append(ids, e.ID)
		}
	}
	return out, ids
}

// dealShares computes the deal on the stacks as they are.
func (a *tourneyActor) dealShares(method tourney.DealMethod) (map[tourney.EntryID]int64, error) {
	rem, ids := a.remaining()
	prizes, err := a.t.Prizes()
	if err != nil {
		return nil, err
	}
	if len(prizes) > len(rem) {
		prizes = prizes[:len(rem)]
	}
	parties := make([]tourney.PlayerID, len(rem))
	for i, r := range rem {
		parties[i] = r.Player
	}
	res, err := tourney.MakeDeal(tourney.DealInput{Method: method, Remaining: rem, Parties: parties, Prizes: prizes})
	if err != nil {
		return nil, err
	}
	shares := map[tourney.EntryID]int64{}
	for i, e := range ids {
		shares[e] = res.Shares[i]
	}
	return shares, nil
}

// dealCmd runs /deal [icm|chop] (propose), /deal accept, /deal decline,
// and /deal alone (the proposal and its figures).
func (a *tourneyActor) dealCmd(req treq, lang string) (Reply, error) {
	me := a.activeEntry(req.p.ID)
	sub := ""
	if len(req.cmd.Args) > 0 {
		sub = strings.ToLower(req.cmd.Args[0])
	}
	if sub == "" {
		if a.proposal == nil {
			return Reply{}, Errorf(EInvalid, "deal.usage")
		}
		return Reply{Text: a.dealText(lang), Private: true}, nil
	}
	if me == 0 {
		return Reply{}, Errorf(EInvalid, "deal.not_in")
	}
	switch sub {
	case "icm", "chop":
		if a.t.State() != tourney.FinalTable || len(a.tables) != 1 {
			return Reply{}, Errorf(EInvalid, "deal.final_only")
		}
		if a.proposal != nil {
			return Reply{}, Errorf(EInvalid, "deal.pending")
		}
		method := tourney.ICMDeal
		if sub == "chop" {
			method = tourney.ChipChop
		}
		if _, err := a.dealShares(method); err != nil {
			return Reply{}, err
		}
		a.proposal = &dealProposal{method: method, by: me, accepted: map[tourney.EntryID]bool{me: true}, until: a.r.clock.Now().Add(dealWindow)}
		for e := range a.bots {
			if en, err := a.t.Entry(e); err == nil && !en.Out {
				a.proposal.accepted[e] = true // practice opponents take any deal
			}
		}
		a.news("tn.deal_proposed", a.entryName(me), sub, durationText(dealWindow))
		a.tryDeal()
		return Reply{Text: a.dealText(lang), Private: true}, nil
	case "accept", "yes":
		if a.proposal == nil {
			return Reply{}, Errorf(EInvalid, "deal.none")
		}
		a.proposal.accepted[me] = true
		a.news("tn.deal_accepted", a.entryName(me))
		a.tryDeal()
		return Reply{Text: tr(lang, "deal.accepted")}, nil
	case "decline", "no":
		if a.proposal == nil {
			return Reply{}, Errorf(EInvalid, "deal.none")
		}
		a.proposal = nil
		a.news("tn.deal_declined", a.entryName(me))
		a.releaseHeld()
		return Reply{Text: tr(lang, "deal.declined")}, nil
	}
	return Reply{}, Errorf(EInvalid, "deal.usage")
}

// tryDeal closes the deal once every player still in has accepted and
// every table is between hands (the stacks are then final).
func (a *tourneyActor) tryDeal() {
	p := a.proposal
	if p == nil {
		return
	}
	for _, e := range a.t.Entries() {
		if !e.Out && !p.accepted[e.ID] {
			return
		}
	}
	if !a.allHeld() {
		return
	}
	shares, err := a.dealShares(p.method)
	if err != nil {
		a.proposal = nil
		a.r.log.Error("deal", "tourney", a.id, "err", err)
		return
	}
	stacks := map[tourney.EntryID]int64{}
	for e := range shares {
		stacks[e] = a.stacks[e]
	}
	a.proposal = nil
	if _, err := a.do(opDeal, top{Stacks: stacks, Shares: shares}, nil, nil); err != nil {
		return
	}
	var parts []string
	ids := make([]tourney.EntryID, 0, len(shares))
	for e := range shares {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool { return shares[ids[i]] > shares[ids[j]] })
	for _, e := range ids {
		parts = append(parts, fmt.Sprintf("%s %s", a.entryName(e), FormatChips(shares[e], a.lang())))
	}
	a.news("tn.deal_done", a.name(), strings.Join(parts, ", "))
	a.finish()
}

// dealText shows the proposal: each player's share on the stacks now.
func (a *tourneyActor) dealText(lang string) string {
	p := a.proposal
	shares, err := a.dealShares(p.method)
	var b strings.Builder
	method := "ICM"
	if p.method == tourney.ChipChop {
		method = "chip chop"
	}
	b.WriteString(tr(lang, "deal.title", method, durationText(p.until.Sub(a.r.clock.Now()))))
	if err != nil {
		return b.String()
	}
	ids := make([]tourney.EntryID, 0, len(shares))
	for e := range shares {
		ids = append(ids, e)
	}
	sort.Slice(ids, func(i, j int) bool { return a.stacks[ids[i]] > a.stacks[ids[j]] })
	for _, e := range ids {
		mark := "…"
		if p.accepted[e] {
			mark = "✅"
		}
		fmt.Fprintf(&b, "\n%s %s · %s → %s", mark, a.entryName(e), FormatChips(a.stacks[e], lang), FormatChips(shares[e], lang))
	}
	return b.String()
}
