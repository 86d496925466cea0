package table

import (
	"context"
	"sort"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// A tournament's table is a table actor in tournament mode: its chips are
// tournament chips (no wallet moves), its blinds are the tournament's
// level, and it deals a hand only when its director releases it. After
// each hand it holds and reports to the director (handReport); the
// director answers with a tableSync: who sits where with what stack, the
// level of the next hand, and whether to deal it. A sync is idempotent,
// so the director sends it again after a restart.

// TourneyLink is what a tournament table knows of its tournament.
type TourneyLink struct {
	Actor Director
	No    tourney.TableID // the table's number in the tournament's seating

	mu    sync.Mutex
	syncs []Sync
	Sig   chan struct{}
	// releases counts the releases the table has taken in (its actor's
	// goroutine only); its reports carry it, so that the director tells
	// a report sent before its last release (stale: the table is playing)
	// from one of a table held again.
	releases int
	// over: the director said the tournament is over (Sync.Over); a
	// table closing after the hand in progress remembers it here.
	over bool
}

// Sync is the director's instruction to one of its tables.
type Sync struct {
	// Seats are the seats as they must be (index = seat - 1); a seat not
	// listed must be empty. A player added sits down with Stack.
	Seats map[int]SyncSeat
	// Level is the level of the next hand; nil keeps the current one.
	Level *SyncLevel
	// Release lets the table deal its next hand.
	Release bool
	// TwoLeft, with Release: exactly two players remain in the whole
	// tournament, so the next hand lifts the fixed-limit cap (R-BET-5,
	// TDA 48: the cap holds at a table of two while others play on).
	TwoLeft bool
	// Pos, for a table that has not dealt yet, are the positions its
	// first hand follows on from, as a last hand's: balancing fixed them
	// so that the players it moved in take the big blind and the seats
	// after it, never the button nor the small blind (R-TRN-11, TDA
	// 10-A; tourney.Table.AnchorFirstHand). A table that has dealt
	// ignores them.
	Pos *tourney.Positions
	// Close breaks the table: its players were moved; with Over, the
	// tournament is over (or cancelled) and the table closes with it,
	// said so rather than "broken".
	Close bool
	Over  bool
	// Only, when set, changes only these seats (a late registrant seated
	// at a table in the middle of a hand); the others are left alone.
	Only bool
	// Remove empties these seats (a disqualified player's, between hands).
	Remove []int
}

// SyncSeat is one seat of a Sync: who sits there and with what.
type SyncSeat struct {
	Player bot.Player
	Entry  tourney.EntryID
	Alias  string // the pseudonym of an anonymous tournament
	Stack  int64
	Bot    bool
	// Credit is every chip the entry bought (rebuys, add-on); the seat
	// gets what it has not had yet.
	Credit int64
	// Away: the player was away at their last table (moved, still away).
	Away bool
	// Partner is the other member of a pairs tournament's pair; Consult
	// gives the pair its consultation at the final table (R-TRN-19).
	Partner *bot.Player
	Consult bool
}

// SyncLevel is the level a Sync tells a table to play.
type SyncLevel struct {
	Number                     int
	SmallBlind, BigBlind, Ante int64
	BigBlindAnte               bool
}

// HandReport is what a tournament table tells its director after a hand.
type HandReport struct {
	Table tourney.TableID `json:"table"`
	Hand  int             `json:"hand"`
	// Stacks of every entry seated, after the hand, and the chips bought
	// already in them.
	Stacks  map[tourney.EntryID]int64 `json:"stacks"`
	Credits map[tourney.EntryID]int64 `json:"credits,omitempty"`
	// Away are the entries away (dealt in and folded until /back).
	Away  []tourney.EntryID `json:"away,omitempty"`
	Busts []ReportBust      `json:"busts,omitempty"`
	// Releases is how many releases the table had taken in when it
	// reported (tourneyLink.releases).
	Releases int `json:"-"`
	// Pos is the button and blinds of the hand (dead button): the
	// director balances by them (TDA 10).
	Pos *tourney.Positions `json:"pos,omitempty"`
	// At is when the table reported (the hand's end): the director reads
	// the reports it takes in together in the order of At, then Table.
	At time.Time `json:"at,omitzero"`
}

// ReportBust is a player a hand busted, in a HandReport.
type ReportBust struct {
	Entry   tourney.EntryID     `json:"entry"`
	Start   int64               `json:"start"`
	Winners []tourney.PotWinner `json:"winners,omitempty"`
}

// Direct queues a sync for the table's actor; it never blocks.
func (l *TourneyLink) Direct(s Sync) {
	l.mu.Lock()
	l.syncs = append(l.syncs, s)
	l.mu.Unlock()
	select {
	case l.Sig <- struct{}{}:
	default:
	}
}

// putBack returns syncs not applied to the front of the queue.
func (l *TourneyLink) putBack(syncs []Sync) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.syncs = append(append([]Sync(nil), syncs...), l.syncs...)
}

func (l *TourneyLink) take() []Sync {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.syncs
	l.syncs = nil
	return s
}

// syncSignal is the table's channel of new syncs (nil for a cash table:
// never ready).
func (t *Table) syncSignal() chan struct{} {
	if t.Tour == nil {
		return nil
	}
	return t.Tour.Sig
}

// applySyncs applies the director's queued syncs in order.
func (t *Table) applySyncs() {
	if t.Tour == nil || t.paused {
		return // a paused table takes them in when it resumes
	}
	syncs := t.Tour.take()
	for i, s := range syncs {
		if t.closed {
			return
		}
		if t.paused || t.stopping {
			t.Tour.putBack(syncs[i:]) // taken in when the table resumes
			return
		}
		t.applySync(s)
	}
}

func (t *Table) applySync(s Sync) {
	if s.Release {
		t.Tour.releases++ // taken in, even when this sync cannot be applied (the table reports again)
		t.twoLeft = s.TwoLeft
	}
	w := &bot.TableWrite{}
	changed := false
	var added []int
	if s.Over {
		t.Tour.over = true
	}
	if s.Close {
		t.closeTourneyTable(w)
		return
	}
	for _, i := range s.Remove {
		if i >= 0 && i < len(t.Seats) && t.Seats[i] != nil && !t.dealtIn(i) {
			t.unseat = append(t.unseat, t.Seats[i].Player.ID)
			t.Seats[i] = nil
			changed = true
		}
	}
	for i := range t.Seats {
		want, ok := s.Seats[i]
		if s.Only && !ok {
			continue
		}
		cur := t.Seats[i]
		if cur != nil && (!ok || cur.Entry != want.Entry) {
			if t.dealtIn(i) {
				t.Deps.Log.Error("tournament table asked to unseat a player in the hand", "table", t.ID, "seat", i+1)
				continue
			}
			t.unseat = append(t.unseat, cur.Player.ID)
			t.Seats[i] = nil
			cur = nil
			changed = true
		}
		if ok && cur == nil {
			t.Seats[i] = &Seat{Player: want.Player, Entry: want.Entry, Alias: want.Alias, Stack: want.Stack, Bot: want.Bot,
				Account: t.house, Bank: t.Config.Bank, Credit: want.Credit, Away: want.Away, Partner: want.Partner, Since: t.handNo + 1}
			if want.Consult {
				t.Seats[i].Consult = consultHeld
			}
			t.Seats[i].New = t.handNo > 0
			added = append(added, i)
			changed = true
			continue
		}
		if !ok {
			continue
		}
		if cur.Player.ID != want.Player.ID && !t.dealtIn(i) {
			// A pair's other member takes the seat for the new level
			// (R-TRN-19): the stack stays, the cards go to them.
			t.unseat = append(t.unseat, cur.Player.ID)
			cur.Player, cur.Bot, cur.Away, cur.Timeouts, cur.Since = want.Player, want.Bot, false, 0, t.handNo+1
			added = append(added, i)
			changed = true
		}
		if want.Partner != nil && (cur.Partner == nil || cur.Partner.ID != want.Partner.ID) {
			cur.Partner = want.Partner
			changed = true
		}
		if want.Consult && cur.Consult == consultNone {
			cur.Consult = consultHeld
			changed = true
		}
		if want.Credit > cur.Credit { // a rebuy, the add-on, a pair's merged stack
			if t.dealtIn(i) {
				cur.Pending += want.Credit - cur.Credit // joins the stack before the next hand
			} else {
				cur.Stack += want.Credit - cur.Credit
			}
			cur.Credit = want.Credit
			changed = true
		}
	}
	if s.Pos != nil && t.tpos.BigBlind == 0 && *s.Pos != t.tpos {
		t.tpos = *s.Pos
		changed = true
	}
	if l := s.Level; l != nil {
		t.Config.SmallBlind, t.Config.BigBlind, t.Config.Ante, t.Config.BBAnte, t.Config.Level = l.SmallBlind, l.BigBlind, l.Ante, l.BigBlindAnte, l.Number
		t.Config.MinBuyIn, t.Config.MaxBuyIn = l.BigBlind, l.BigBlind
		t.rules = t.Config.Rules()
		changed = true
	}
	if changed || len(t.unseat) > 0 {
		if t.write(w) != nil {
			// The table reloaded what the store holds and reported it: the
			// director syncs it again.
			return
		}
		for _, i := range added {
			t.env.SetSeated(t.Seats[i].Player.ID, t.ID, true)
		}
	}
	if s.Release && t.hand == nil {
		t.Held = false
		t.poke()
	}
	t.publishIdle()
}

// closeTourneyTable closes a tournament table the director broke (its
// players were moved) or whose tournament is over: after the hand in
// progress, if any.
func (t *Table) closeTourneyTable(w *bot.TableWrite) {
	if t.hand != nil {
		t.closing = true // after this hand (a cancelled tournament)
		return
	}
	for i, st := range t.Seats {
		if st != nil {
			t.unseat = append(t.unseat, st.Player.ID)
			t.Seats[i] = nil
		}
	}
	// A closed table is not restored: its seats need not be stored
	// for it to close.
	_ = t.write(w)
	ctx, cancel := context.WithTimeout(t.Deps.Ctx, OpTimeout)
	err := t.Deps.Store.CloseTable(ctx, t.ID, t.Deps.Clock.Now())
	cancel()
	if err != nil {
		t.Deps.Log.Error("close tournament table", "table", t.ID, "err", err)
	}
	t.closed = true
	// Told before it leaves the room's tables: Settle, which waits
	// for the tables it knows, then sees this message sent. A notice
	// in the summaries' turn, not a table message: the outbox sends
	// table messages first, and this one would overtake the result
	// of the hand that ended play.
	key := "ttable.closed"
	if t.Tour.over {
		key = "ttable.over"
	}
	t.notifyGroup(key, t.Title())
	t.env.DropTable(t)
}

// report builds the report of the hand that just ended: stacks, and the
// players busted with their stacks at the start of the hand and the
// winners of the pot that took their last chips (for bounties).
func (t *Table) buildReport() *HandReport {
	rep := &HandReport{Table: t.Tour.No, Hand: t.handNo, Stacks: map[tourney.EntryID]int64{}, Credits: map[tourney.EntryID]int64{}, Pos: t.posState(), Releases: t.Tour.releases,
		At: t.Deps.Clock.Now()}
	for _, s := range t.Seats {
		if s != nil {
			rep.Stacks[s.Entry] = s.Stack + s.Pending
			if s.Credit > 0 {
				rep.Credits[s.Entry] = s.Credit
			}
			if s.Away {
				rep.Away = append(rep.Away, s.Entry)
			}
		}
	}
	if t.hand == nil {
		return rep
	}
	res := t.hand.Result()
	start := make([]int64, len(res.Stacks))
	for k := range res.Stacks {
		start[k] = res.Stacks[k] - res.Won[k]
	}
	for k, end := range res.Stacks {
		s := t.Seats[t.order[k]]
		if s == nil || end > 0 || s.Pending > 0 {
			continue
		}
		b := ReportBust{Entry: s.Entry, Start: start[k]}
		// The pot holding the player's last chips: the last one they were
		// eligible for.
		for _, pot := range res.Pots {
			if !containsInt(pot.Eligible, k) {
				continue
			}
			var ws []tourney.PotWinner
			for _, a := range pot.Awards {
				if a.Seat != k {
					ws = append(ws, tourney.PotWinner{Entry: t.Seats[t.order[a.Seat]].Entry, StartStack: start[a.Seat]})
				}
			}
			if len(ws) > 0 {
				b.Winners = ws
			}
		}
		rep.Busts = append(rep.Busts, b)
	}
	sort.Slice(rep.Busts, func(i, j int) bool { return rep.Busts[i].Entry < rep.Busts[j].Entry })
	return rep
}

// posState is a tournament table's last positions to store or report;
// nil before its first hand (and at a cash table).
func (t *Table) posState() *tourney.Positions {
	if t.tpos.BigBlind == 0 {
		return nil
	}
	p := t.tpos
	return &p
}

// planTourneyHand asks the dead-button rule who plays the next hand of a
// tournament table and in what order (tourney.Table.PlanHand): every
// player with chips but those between the button and the small blind
// (R-SEAT-1..3, TDA 7, 9, 31-33). order is table seats (0..n-1).
func (t *Table) planTourneyHand() (plan tourney.HandPlan, order []int, err error) {
	tb := tourney.Table{ID: t.Tour.No, Seats: make([]tourney.EntryID, len(t.Seats)), Pos: t.tpos}
	for i, s := range t.Seats {
		if t.eligible(i) {
			tb.Seats[i] = s.Entry
			if s.Entry == 0 {
				tb.Seats[i] = tourney.EntryID(-1 - i) // a seat stored before entries were kept: still a player
			}
		}
	}
	plan, err = tb.PlanHand()
	if err != nil {
		return plan, nil, err
	}
	for _, s := range plan.Order {
		order = append(order, int(s)-1)
	}
	return plan, order, nil
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// held tournament tables report again when they start (after a restart):
// the director may not have taken in their last hand.
func (t *Table) reportHeld() {
	if t.Tour == nil || t.hand != nil || t.closed {
		return
	}
	t.Held = true
	rep := t.lastReport
	if rep == nil {
		rep = t.buildReport()
	} else {
		// The stacks as they are now; the busts of the last hand as stored.
		cur := t.buildReport()
		cp := *rep
		cp.Stacks, cp.Credits, cp.Away, cp.Releases = cur.Stacks, cur.Credits, cur.Away, cur.Releases
		var busts []ReportBust
		for _, b := range rep.Busts {
			if _, still := cur.Stacks[b.Entry]; still {
				busts = append(busts, b)
			}
		}
		cp.Busts = busts
		rep = &cp
	}
	t.Tour.Actor.Report(t.ID, *rep)
}

// tourneyTitle is a tournament table's title: the event, its table number
// and the level.
func (t *Table) tourneyTitle() string {
	return t.Tour.Actor.Name() + " · " + tr(t.lang(), "ttable.title"+AnteKey(t.Config.Ante, t.Config.BBAnte), int(t.Tour.No), t.Config.Level, bot.Chips(t.Config.SmallBlind), bot.Chips(t.Config.BigBlind), bot.Chips(t.Config.Ante))
}

// LevelOf turns a tournament level into the table's blinds.
func LevelOf(l tourney.Level, number int) *SyncLevel {
	return &SyncLevel{Number: number, SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante, BigBlindAnte: l.BigBlindAnte}
}

// AnteKey is the suffix of a level's text by its ante: "_noante" without
// one (no "ante 0"), "_bba" for a big-blind ante, which only the big
// blind posts (TDA 2024 RP-11), none for an ante everyone posts.
func AnteKey(ante int64, bigBlindAnte bool) string {
	switch {
	case ante <= 0:
		return "_noante"
	case bigBlindAnte:
		return "_bba"
	}
	return ""
}
