package table

import (
	"slices"
	"strconv"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

// The table actor's side of the views: it builds scenes from its state,
// renders them with the pure functions of views.go, signs the buttons and
// queues the messages.

// send queues m as this table's message.
func (t *Table) send(m bot.Outgoing) {
	m.Source = "table:" + strconv.FormatInt(t.ID, 10)
	t.Deps.Out.Send(m)
}

func (t *Table) group() bot.Destination {
	return bot.Destination{Platform: t.Comm.Platform, Chat: t.chat}
}

func (t *Table) private(p bot.Player, text string) bot.Outgoing {
	return bot.Outgoing{To: bot.Destination{Platform: p.Platform, User: p.UserID}, Priority: bot.PriorityPrivate,
		Body: bot.View{Kind: bot.ViewNotice, Text: text}}
}

// publicNote is a private note to p that tells nothing secret (a turn
// reminder, the clock called): a platform that cannot reach p privately
// shows it in the table's chat, naming p, rather than drop it
// (bot.Outgoing.Fallback). Not at an anonymous table, where naming p
// would tell whose pseudonym is whose: there it stays private.
func (t *Table) publicNote(p bot.Player, text string) bot.Outgoing {
	m := t.private(p, text)
	if i := t.seatOf(p.ID); t.Config.Anon || i >= 0 && t.Seats[i].Alias != "" {
		return m // anonymous (R-CASH-6, R-TRN-13): the group must not read whose pseudonym is whose
	}
	m.Fallback = &bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PriorityPrivate,
		Body: bot.View{Kind: bot.ViewNotice, Text: p.DisplayName + ": " + text}}
	return m
}

// notify queues a private note to p, sent once the table's next write is
// stored (or at once when nothing is pending).
func (t *Table) notify(p bot.Player, key string, args ...any) {
	if p.Platform == BotPlatform {
		return
	}
	t.outq = append(t.outq, t.private(p, tr(t.langOf(p), key, args...)))
}

// notifyGroup sends a notice to the table's chat at once (not held for a
// write: it tells what the store did or could not do).
func (t *Table) notifyGroup(key string, args ...any) {
	t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: bot.View{Kind: bot.ViewNotice, Text: tr(t.lang(), key, args...)}})
}

// Title is the table's game and stakes as its message shows them.
func (t *Table) Title() string {
	if t.Tour != nil {
		return t.tourneyTitle()
	}
	return t.Config.Title()
}

// sceneTitle is Title, for the actor's own views: a cash table's is made
// once for its config rather than at every action.
func (t *Table) sceneTitle() string {
	if t.Tour != nil {
		return t.tourneyTitle()
	}
	if t.title == "" || t.titleOf != t.Config {
		t.title, t.titleOf = t.Config.Title(), t.Config
	}
	return t.title
}

// scene builds the table message's scene from the state.
func (t *Table) scene() tableScene { return t.sceneOf(nil) }

// sceneOf is scene from snap, the hand's snapshot for a spectator when the
// caller already took it (nil: taken here).
func (t *Table) sceneOf(snap *engine.Snapshot) tableScene {
	sc := tableScene{Lang: t.lang(), Label: t.Label(), Title: t.sceneTitle(), Order: t.order, Last: t.last.lines(), Tourney: t.Tour != nil, Pool: t.Config.Pool,
		Seats: make([]sceneSeat, 0, len(t.Seats)), Waiting: len(t.waiting)}
	for i, s := range t.Seats {
		if s == nil {
			sc.Seats = append(sc.Seats, sceneSeat{Empty: true})
			continue
		}
		sc.Seats = append(sc.Seats, sceneSeat{Name: seatName(t.name(i)), Stack: s.Stack + s.Pending, Out: s.SittingOut,
			Away: s.Away, WaitBB: s.WaitBB, Leaving: s.Leaving})
	}
	if t.hand != nil {
		if snap == nil {
			s := t.hand.SnapshotFor(-1)
			snap = &s
		}
		for k := range t.hidden {
			if k < len(snap.Seats) && !snap.Over {
				snap.Seats[k].Status = engine.SeatActive // folded fast: not shown yet
			}
		}
		sc.Snap = snap
		sc.HandNo = t.handNo
		if t.Tour != nil && t.tpos.Button > 0 {
			sc.Button = int(t.tpos.Button) // the dead button's seat, which may be empty
		}
		if !t.turnAt.IsZero() {
			sc.Left, sc.Phase = t.turnAt.Sub(t.Deps.Clock.Now()), t.turnPhase
		}
	} else {
		sc.HandNo = 0
	}
	t.fairScene(&sc)
	return sc
}

// messageKey names the table message of hand n: the message announcing the
// next hand becomes that hand's message.
func (t *Table) messageKey(n int) string {
	key := "table:" + strconv.FormatInt(t.ID, 10) + ":" + strconv.Itoa(n)
	if t.chat != t.homeChat && t.homeChat != "" {
		key += "@" + t.chat // a message in the chat it moved to, never one of the old chat's ids
	}
	return key
}

func (t *Table) nextVersion() int64 {
	if t.version == 0 {
		t.version = t.Deps.Clock.Now().UnixNano()
	}
	t.version++
	return t.version
}

// publish queues the table message of the hand in progress, with the
// acting player's buttons. The buttons are signed now; the text is
// rendered when the outbox sends this version, from a copy of the scene:
// most versions are coalesced away before they are sent.
func (t *Table) publish() {
	if t.hand == nil {
		t.publishIdle()
		return
	}
	snap := t.hand.SnapshotFor(-1) // the scene's own (sceneOf marks the folds not shown yet in it)
	sc := frozen(t.sceneOf(&snap))
	t.shownEvents = len(t.hand.Events())
	var buttons [][]bot.Button
	var amount *bot.AmountInput
	acting := false // a player's own buttons replace any the view has
	if !snap.Over {
		if k := snap.ToAct; k >= 0 {
			s := t.Seats[t.order[k]]
			if !s.Bot {
				acting = true
				legal := t.hand.Legal()
				buttons = t.sign(actionButtons(legal, t.hand.Bet(k)+legal.CallAmount, t.lang()), s.Player.ID)
				amount = t.amountInput(legal, s.Player.ID)
			}
		}
		if cards, ok := t.cardsToken(); ok {
			buttons = append(buttons, []bot.Button{{Label: tr(t.lang(), "button.cards"), Token: cards, Command: "/cards"}})
		}
	}
	body := bot.Defer(func() bot.View {
		v := renderTable(sc)
		if acting {
			v.Buttons, v.Amount = nil, amount
		}
		if len(v.Buttons) == 0 {
			v.Buttons = buttons
		} else {
			v.Buttons = append(v.Buttons[:len(v.Buttons):len(v.Buttons)], buttons...)
		}
		return v
	})
	if snap.Over {
		// The hand's last version: no later one replaces it, so it will
		// be sent and rendered anyway. Rendered now, the outbox holds its
		// text rather than its scene (larger) until it is sent.
		body.View()
	}
	t.sendTable(t.messageKey(t.handNo), body, buttons, snap.Actions)
}

// frozen is sc with its own copies of the slices it shares with the
// actor's state (the order, the last actions): a scene a Deferred body
// renders later, on another goroutine.
func frozen(sc tableScene) tableScene {
	sc.Order = slices.Clone(sc.Order)
	sc.Last = slices.Clone(sc.Last)
	return sc
}

// cardsToken is the signed token of the hand's /cards button, signed once
// per hand (a token depends on the table and hand only).
func (t *Table) cardsToken() (string, bool) {
	if t.cardsTok != "" && t.cardsHand == t.handID {
		return t.cardsTok, true
	}
	tok, err := t.Deps.Signer.Sign(bot.ButtonToken{Table: t.ID, Hand: t.handID, Kind: tokCards})
	if err != nil {
		return "", false
	}
	t.cardsTok, t.cardsHand = tok, t.handID
	return tok, true
}

// sendTable queues a version of the table message showing the hand's
// first events events (-1 between hands), unless it shows exactly what
// the last one did. While the last version is not rendered (queued, not
// sent yet) the new one replaces it in the outbox: the same view if they
// show the same, so neither is rendered to compare them; nor is a version
// showing events the last one did not (a new action, a card dealt).
func (t *Table) sendTable(key string, body *bot.Deferred, buttons [][]bot.Button, events int) {
	if t.lastShown && key == t.lastKey && events == t.lastEvents && sameTokens(buttons, t.lastButtons) && t.lastBody.Rendered() &&
		body.View().Text == t.lastBody.View().Text {
		return
	}
	t.lastShown = true
	t.lastBody, t.lastButtons, t.lastKey, t.lastEvents = body, buttons, key, events
	t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PriorityTable, Key: key, Version: t.nextVersion(), Body: body})
}

// sameTokens reports whether a and b hold the same button tokens in the
// same order, however they are split in rows.
func sameTokens(a, b [][]bot.Button) bool {
	ra, ia, rb, ib := 0, 0, 0, 0
	for {
		for ra < len(a) && ia == len(a[ra]) {
			ra, ia = ra+1, 0
		}
		for rb < len(b) && ib == len(b[rb]) {
			rb, ib = rb+1, 0
		}
		if ra == len(a) || rb == len(b) {
			return ra == len(a) && rb == len(b)
		}
		if a[ra][ia].Token != b[rb][ib].Token {
			return false
		}
		ia, ib = ia+1, ib+1
	}
}

// showPaused edits the last table message (shown from committed state)
// to say that the table is paused, without its buttons.
func (t *Table) showPaused() {
	if t.lastKey == "" {
		return
	}
	v := t.lastBody.View()
	if v.Rich != nil {
		r := *v.Rich
		r.Blocks = append(append([]bot.Block(nil), r.Blocks...), bot.Block{Lines: []bot.Line{{bot.B(tr(t.lang(), "table.paused_line"))}}})
		v.Rich = &r
	}
	v.Text += "\n" + tr(t.lang(), "table.paused_line")
	v.Buttons, v.Amount = nil, nil
	t.lastShown = false // the next publish shows the table again
	t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PriorityTable, Key: t.lastKey, Version: t.nextVersion(), Body: v})
}

// publishIdle queues the table message between hands (it becomes the next
// hand's message).
func (t *Table) publishIdle() {
	if t.hand != nil {
		t.publish()
		return
	}
	sc := frozen(t.scene())
	t.sendTable(t.messageKey(t.handNo+1), bot.Defer(func() bot.View { return renderTable(sc) }), nil, -1)
}

// sign turns button specs into signed buttons for player, in rows of three.
func (t *Table) sign(specs []buttonSpec, player int64) [][]bot.Button {
	var rows [][]bot.Button
	var row []bot.Button
	actions := int64(len(t.hand.Events()))
	for _, b := range specs {
		tok, err := t.Deps.Signer.Sign(bot.ButtonToken{Table: t.ID, Hand: t.handID, Action: actions, Player: player, Kind: b.kind, Amount: b.amount})
		if err != nil {
			continue
		}
		row = append(row, bot.Button{Label: b.label, Token: tok, Command: b.command})
		if len(row) == 3 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// amountInput is the form for a bet or raise of the acting player's
// choosing, when one is allowed.
func (t *Table) amountInput(l engine.Legal, player int64) *bot.AmountInput {
	if !(l.CanBet || l.CanRaise) || l.Discard || l.MinTo <= 0 {
		return nil
	}
	tok, err := t.Deps.Signer.Sign(bot.ButtonToken{Table: t.ID, Hand: t.handID, Action: int64(len(t.hand.Events())), Player: player, Kind: tokAmount})
	if err != nil {
		return nil
	}
	in := &bot.AmountInput{Token: tok, Raise: l.CanRaise, Min: l.MinTo, Max: l.MaxTo, Lang: t.lang()}
	if i := t.seatOf(player); i >= 0 {
		in.User, in.Name = t.Seats[i].Player.UserID, t.name(i)
	}
	return in
}

// cardsText is seat k's hole cards, for them only.
func (t *Table) cardsText(k int, lang string) string {
	return tr(lang, "cards.yours", t.Label(), t.handNo, engine.FormatSymbols(t.hand.Hole(k)))
}

// cardsView is seat k's private cards message: the table and hand, and
// the cards standing out.
func (t *Table) cardsView(k int, lang string) bot.View {
	text := t.cardsText(k, lang)
	r := bot.Rich{Blocks: []bot.Block{{Lines: []bot.Line{bot.Emphasis(text, engine.FormatSymbols(t.hand.Hole(k)))}}}}
	v := bot.View{Kind: bot.ViewCards, Text: text, Rich: &r}
	if t.IsPool() && k < len(t.order) && t.Seats[t.order[k]] != nil {
		// A pool's hand: fold fast from here, in turn or not (R-CASH-7).
		tok, err := t.Deps.Signer.Sign(bot.ButtonToken{Table: t.ID, Hand: t.handID, Player: t.Seats[t.order[k]].Player.ID, Kind: tokFastFold})
		if err == nil {
			v.Buttons = [][]bot.Button{{{Label: tr(lang, "fastfold.button"), Token: tok, Command: "/fastfold " + t.Label()}}}
		}
	}
	return v
}

// sendCards sends each human player dealt in their hole cards privately:
// at the deal (events nil) and after a five-card draw's new cards.
func (t *Table) sendCards(events []engine.Event) {
	for k, i := range t.order {
		s := t.Seats[i]
		if s == nil || s.Bot {
			continue
		}
		if events != nil {
			drew := false
			for _, e := range events {
				if e.Kind == engine.EvDrawCards && e.Seat == k {
					drew = true
				}
			}
			if !drew {
				continue
			}
		}
		key := bot.SeatCardsKey(t.ID, s.Since, t.handID, s.Player.ID)
		if t.IsPool() { // one message per entry, not per pool table (R-CASH-7)
			key = bot.PoolCardsKey(t.Config.Pool, s.PoolEntry, t.handID, s.Player.ID)
		}
		t.send(bot.Outgoing{To: bot.Destination{Platform: s.Player.Platform, User: s.Player.UserID}, Priority: bot.PriorityPrivate,
			Key: key, Version: t.nextVersion(),
			Body: t.cardsView(k, t.langOf(s.Player))})
	}
}

// noteEvents keeps the hand's last actions for the table message.
func (t *Table) noteEvents(events []engine.Event) {
	for i := range events {
		e := &events[i]
		if !shownEvent(e.Kind) {
			continue
		}
		if e.Kind == engine.EvFold && t.hidden[e.Seat] {
			continue // shown when the turn passes the seat (revealFolds)
		}
		name := ""
		if e.Seat >= 0 && e.Seat < len(t.order) {
			name = seatName(t.name(t.order[e.Seat]))
		}
		t.last.add(eventLine(e, name))
	}
}

// summaryView is the finished hand for the chat and spectators, its plain
// text made when the outbox sends it: a summary waiting behind a chat's
// rate limit holds its content once, not twice.
//
// snap is the hand's snapshot for a spectator.
func (t *Table) summaryView(snap engine.Snapshot) *bot.Deferred {
	names := make([]string, len(t.order))
	for k, i := range t.order {
		names[k] = t.name(i)
	}
	sc := summaryScene{Lang: t.lang(), Label: t.Label(), Title: t.Title(), HandNo: t.handNo,
		Snap: snap, Result: t.hand.Result(), Names: names}
	if f := t.handFair(); f != nil && snap.Over { // the reveal, of a hand over only
		sc.Fair, sc.Deck = f, t.fair.hand.deck
	}
	return bot.DeferPlain(bot.ViewSummary, summaryRich(sc))
}
