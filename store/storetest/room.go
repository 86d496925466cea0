package storetest

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store"
)

// The room's storage contracts (bot.Storage), run through the interface.

// roomTable returns a storage with a community and a table.
func roomTable(t *testing.T, open Opener) (bot.Storage, *store.Store, int64) {
	t.Helper()
	s, _ := migrated(t, open)
	var st bot.Storage = s
	ctx := context.Background()
	c, err := st.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t1", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	return st, s, id
}

// randomHandSetup deals a random hand of any game.
func randomHandSetup(r *rand.Rand) engine.Setup {
	games := []engine.Game{engine.Holdem, engine.Omaha, engine.OmahaHiLo, engine.Draw}
	cfg := engine.Config{Game: games[r.IntN(len(games))], Betting: engine.Betting(r.IntN(3)), SmallBlind: 1, BigBlind: 2}
	if r.IntN(2) == 0 {
		cfg.Ante = 1
	}
	cfg.Rake = engine.Rake{Percent: 5, Cap: 3}
	n := 2 + r.IntN(4)
	seats := make([]engine.Seat, n)
	for i := range seats {
		seats[i].Stack = int64(5 + r.IntN(200))
	}
	var deck []engine.Card
	if cfg.Game == engine.Draw {
		deck, _ = engine.NewDeck(52, 0)
	} else {
		var d [52]engine.Card
		deck = enginetest.FullDeck(&d)
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return engine.Setup{Rules: cfg, Seats: seats, Button: r.IntN(n), Deck: deck, ReshuffleSeed: r.Uint64()}
}

// testHandLogResumesEveryPrefix: random hands stored action by action with
// a ledger move per action; read back, engine.Resume at every prefix of the
// stored events rebuilds the hand as it was.
func testHandLogResumesEveryPrefix(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	bank, err := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	if err != nil {
		t.Fatal(err)
	}
	pot, err := st.OpenAccount(ctx, bot.AccountTable, "table:1", 0)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	hands := 12
	if testing.Short() {
		hands = 4
	}
	for k := 0; k < hands; k++ {
		setup := randomHandSetup(r)
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		id, err := st.StartHand(ctx, table, setup, epoch)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 512)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		p := &enginetest.Player{Src: &enginetest.Bytes{B: buf}}
		committed := 0
		var lens []int
		var snaps []engine.Snapshot
		commit := func() {
			evs := h.Events()[committed:]
			if err := st.AppendEvents(ctx, id, evs, []bot.Move{{From: bank, To: pot, Amount: 1, Reason: "test", Reference: "hand"}}); err != nil {
				t.Fatalf("append %d events: %v", len(evs), err)
			}
			committed = len(h.Events())
			lens = append(lens, committed)
			snaps = append(snaps, h.Snapshot())
		}
		commit()
		for !h.Done() {
			if _, err := h.Apply(p.Action(h)); err != nil {
				t.Fatal(err)
			}
			commit()
		}
		if err := st.EndHand(ctx, id, epoch.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		rec, err := st.LoadHand(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.TableID != table || rec.EndedAt.IsZero() || len(rec.Events) != len(h.Events()) {
			t.Fatalf("hand %d read back: table %d, ended %v, %d events, want %d", id, rec.TableID, rec.EndedAt, len(rec.Events), len(h.Events()))
		}
		for j, n := range lens {
			got, err := engine.Resume(rec.Setup, rec.Events[:n])
			if err != nil {
				t.Fatalf("hand %d: resume %d events: %v", id, n, err)
			}
			if !reflect.DeepEqual(got.Snapshot(), snaps[j]) {
				t.Fatalf("hand %d: resumed at %d events differs:\n%+v\nwant\n%+v", id, n, got.Snapshot(), snaps[j])
			}
		}
		if !reflect.DeepEqual(engine.Redact(rec.Events, engine.AllCards), engine.Redact(h.Events(), engine.AllCards)) {
			t.Fatalf("hand %d: events read back differ", id)
		}
	}
	bal, err := st.Balance(ctx, pot)
	if err != nil || bal <= 0 {
		t.Fatalf("table account %d, %v", bal, err)
	}
}

// testAppendEventsAllOrNothing: a duplicate event or an overdraft refuses
// the whole commit: no event and no move is kept.
func testAppendEventsAllOrNothing(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	pl, err := st.Player(ctx, "console", "u1", "Ana")
	if err != nil {
		t.Fatal(err)
	}
	wallet, err := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:1", pl.ID)
	if err != nil {
		t.Fatal(err)
	}
	tacc, _ := st.OpenAccount(ctx, bot.AccountTable, "table:1", 0)
	setup := randomHandSetup(rand.New(rand.NewPCG(9, 9)))
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.StartHand(ctx, table, setup, epoch)
	if err != nil {
		t.Fatal(err)
	}
	evs := h.Events()
	if err := st.AppendEvents(ctx, id, evs[:2], []bot.Move{{From: bank, To: wallet, Amount: 50, Reason: "grant"}}); err != nil {
		t.Fatal(err)
	}
	// A retry of the same events with a move: refused, the move not applied.
	err = st.AppendEvents(ctx, id, evs[1:], []bot.Move{{From: wallet, To: tacc, Amount: 10, Reason: "buyin"}})
	if !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("duplicate events: %v, want bot.ErrDuplicate", err)
	}
	// Events with an overdraft: refused, the events not stored.
	err = st.AppendEvents(ctx, id, evs[2:], []bot.Move{{From: wallet, To: tacc, Amount: 51, Reason: "buyin"}})
	if !errors.Is(err, bot.ErrInsufficientFunds) {
		t.Fatalf("overdraft: %v, want bot.ErrInsufficientFunds", err)
	}
	rec, err := st.LoadHand(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Events) != 2 {
		t.Fatalf("%d events stored, want the first 2", len(rec.Events))
	}
	if b, _ := st.Balance(ctx, wallet); b != 50 {
		t.Fatalf("wallet %d, want 50", b)
	}
	if b, _ := st.Balance(ctx, tacc); b != 0 {
		t.Fatalf("table account %d, want 0", b)
	}
	if a, err := s.Audit(ctx); err != nil || !a.OK() {
		t.Fatalf("audit %+v, %v", a, err)
	}
	if _, err := st.LoadHand(ctx, id+1000); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("missing hand: %v", err)
	}
	if err := st.AppendEvents(ctx, id+1000, evs[:1], nil); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("events of a missing hand: %v", err)
	}
	if _, err := st.StartHand(ctx, table+1000, setup, epoch); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("hand of a missing table: %v", err)
	}
	open2, err := st.OpenHands(ctx, table)
	if err != nil || len(open2) != 1 || open2[0].ID != id {
		t.Fatalf("open hands %+v, %v", open2, err)
	}
}

// testRoomRecords: members, tables and seats, deadlines, message ids.
func testRoomRecords(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	c := roomCommunities(t, ctx, st)
	roomPlayersAndSeats(t, ctx, st, table, c.ID)
	roomDeadlinesAndMessageIDs(t, ctx, st)
}

// roomCommunities: a community's settings, and a chat's move to a new id;
// it returns the community of the chat "room".
func roomCommunities(t *testing.T, ctx context.Context, st bot.Storage) bot.Community {
	t.Helper()
	c, err := st.Community(ctx, "console", "room", "")
	if err != nil {
		t.Fatal(err)
	}
	c.Language, c.SpectatorChat = "es", "news"
	if err := st.SetCommunity(ctx, c); err != nil {
		t.Fatal(err)
	}
	if again, _ := st.Community(ctx, "console", "room", ""); again.Language != "es" || again.SpectatorChat != "news" || again.ID != c.ID {
		t.Fatalf("community %+v", again)
	}
	if err := st.SetCommunity(ctx, bot.Community{ID: c.ID + 99}); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("missing community: %v", err)
	}
	// A chat that got a new id keeps its community; one recorded at the
	// new id meanwhile is set aside.
	watcher, _ := st.Community(ctx, "console", "watcher", "")
	watcher.SpectatorChat = "room"
	if err := st.SetCommunity(ctx, watcher); err != nil {
		t.Fatal(err)
	}
	early, _ := st.Community(ctx, "console", "room-2", "typed there first")
	moved, err := st.MoveCommunity(ctx, "console", "room", "room-2")
	if err != nil || moved.ID != c.ID || moved.ChatID != "room-2" || moved.Language != "es" {
		t.Fatalf("move: %+v, %v", moved, err)
	}
	if w, _ := st.CommunityByID(ctx, watcher.ID); w.SpectatorChat != "room-2" {
		t.Fatalf("a community posting summaries to the moved chat still posts to %q", w.SpectatorChat)
	}
	if byID, err := st.CommunityByID(ctx, c.ID); err != nil || byID.ChatID != "room-2" {
		t.Fatalf("community %d by id: %+v, %v", c.ID, byID, err)
	}
	if _, err := st.CommunityByID(ctx, c.ID+999); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("a missing community by id: %v", err)
	}
	if again, _ := st.Community(ctx, "console", "room-2", ""); again.ID != c.ID {
		t.Fatalf("the new chat id finds community %d, want %d", again.ID, c.ID)
	}
	if again, _ := st.Community(ctx, "console", "room-2", ""); again.ID == early.ID {
		t.Fatal("the community typed in first was not set aside")
	}
	if _, err := st.MoveCommunity(ctx, "console", "room", "room-3"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("moving a chat moved already: %v", err)
	}
	if _, err := st.MoveCommunity(ctx, "console", "room-2", "room"); err != nil {
		t.Fatal(err)
	}
	return c
}

// roomPlayersAndSeats: players and accounts, the seats of the table, and
// the table open in the community, then closed.
func roomPlayersAndSeats(t *testing.T, ctx context.Context, st bot.Storage, table, community int64) {
	t.Helper()
	a, _ := st.Player(ctx, "console", "a", "Ana")
	b, _ := st.Player(ctx, "console", "b", "Bea")
	if a2, _ := st.Player(ctx, "console", "a", "Ana María"); a2.ID != a.ID || a2.DisplayName != "Ana María" {
		t.Fatalf("player %+v", a2)
	}
	if _, err := st.OpenAccount(ctx, bot.AccountHouse, "wallet:x", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:x", a.ID); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("an account key of another kind: %v", err)
	}
	seats := []bot.SeatRecord{{Seat: 1, PlayerID: a.ID, Stack: 100}, {Seat: 4, PlayerID: b.ID, Stack: 0, SittingOut: true, State: `{"bank":30}`}}
	if err := st.SaveSeats(ctx, table, seats, epoch); err != nil {
		t.Fatal(err)
	}
	got, err := st.Seats(ctx, table)
	seats[0].State = "{}"
	if err != nil || !reflect.DeepEqual(got, seats) {
		t.Fatalf("seats %+v, %v; want %+v", got, err, seats)
	}
	if err := st.SaveSeats(ctx, table, []bot.SeatRecord{{Seat: 2, PlayerID: a.ID, Stack: -1}}, epoch); err == nil {
		t.Fatal("a negative stack was saved")
	}
	if got, _ := st.Seats(ctx, table); len(got) != 2 {
		t.Fatalf("a refused save changed the seats: %+v", got)
	}
	if err := st.SaveSeats(ctx, table, []bot.SeatRecord{{Seat: 2, PlayerID: a.ID}, {Seat: 3, PlayerID: a.ID}}, epoch); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("one player in two seats: %v", err)
	}
	tables, err := st.OpenTables(ctx, community)
	if err != nil || len(tables) != 1 || tables[0].ID != table || tables[0].Config != "{}" {
		t.Fatalf("open tables %+v, %v", tables, err)
	}
	if err := st.CloseTable(ctx, table, epoch); err != nil {
		t.Fatal(err)
	}
	if tables, _ := st.OpenTables(ctx, 0); len(tables) != 0 {
		t.Fatalf("a closed table is open: %+v", tables)
	}
}

// roomDeadlinesAndMessageIDs: deadlines set, replaced and cleared, and
// message ids.
func roomDeadlinesAndMessageIDs(t *testing.T, ctx context.Context, st bot.Storage) {
	t.Helper()
	later, sooner := epoch.Add(time.Hour), epoch.Add(time.Minute)
	for _, d := range []bot.Deadline{{Key: "turn:1", At: later}, {Key: "level:2", At: sooner, Payload: "3"}, {Key: "turn:1", At: sooner.Add(time.Second)}} {
		if err := st.SetDeadline(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := st.Deadlines(ctx)
	if err != nil || len(ds) != 2 || ds[0].Key != "level:2" || ds[0].Payload != "3" || ds[1].Key != "turn:1" || !ds[1].At.Equal(sooner.Add(time.Second)) {
		t.Fatalf("deadlines %+v, %v", ds, err)
	}
	if err := st.ClearDeadline(ctx, "level:2"); err != nil {
		t.Fatal(err)
	}
	if err := st.ClearDeadline(ctx, "nothing"); err != nil {
		t.Fatal(err)
	}
	if ds, _ := st.Deadlines(ctx); len(ds) != 1 {
		t.Fatalf("deadlines after clear %+v", ds)
	}
	if _, err := st.MessageID(ctx, "table:1"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("missing message id: %v", err)
	}
	for _, id := range []string{"100", "101"} {
		if err := st.SetMessageID(ctx, "table:1", id); err != nil {
			t.Fatal(err)
		}
	}
	if id, err := st.MessageID(ctx, "table:1"); err != nil || id != "101" {
		t.Fatalf("message id %q, %v", id, err)
	}
}

// testSecrets: a secret is random, made once, the same for every caller
// (also racing ones), and different per name.
func testSecrets(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	var st bot.Storage = s
	ctx := context.Background()
	got := make([][]byte, 8)
	errs := make(chan error, len(got))
	for i := range got {
		go func() {
			var err error
			got[i], err = st.Secret(ctx, "buttons", 32)
			errs <- err
		}()
	}
	for range got {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for i := range got {
		if len(got[i]) != 32 || string(got[i]) != string(got[0]) {
			t.Fatalf("racing callers got different secrets: %x vs %x", got[i], got[0])
		}
	}
	if string(got[0]) == string(make([]byte, 32)) {
		t.Fatal("the secret is all zeros")
	}
	again, err := st.Secret(ctx, "buttons", 32)
	if err != nil || string(again) != string(got[0]) {
		t.Fatalf("second call: %x, %v", again, err)
	}
	other, err := st.Secret(ctx, "other", 32)
	if err != nil || string(other) == string(got[0]) {
		t.Fatalf("another name: %x, %v", other, err)
	}
	if _, err := st.Secret(ctx, "short", 4); err == nil {
		t.Fatal("a 4-byte secret was made")
	}
}

// testCommitTables: many tables' writes in one transaction, all or
// nothing; new hands get their ids; seats, state and deadlines go with them.
func testCommitTables(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	a, _ := st.Player(ctx, "console", "a", "Ana")
	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	tacc, _ := st.OpenAccount(ctx, bot.AccountTable, "table:x", 0)
	r := rand.New(rand.NewPCG(3, 4))
	setup := randomHandSetup(r)
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	w1 := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), Moves: []bot.Move{{From: bank, To: tacc, Amount: 50, Reason: "buy-in"}},
		Seats: []bot.SeatRecord{{Seat: 2, PlayerID: a.ID, Stack: 50}}, SaveSeats: true, State: `{"hands":1}`, SaveState: true,
		SetDeadlines: []bot.Deadline{{Key: "t1:turn", At: epoch.Add(time.Minute), Payload: "p"}}, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w1}); err != nil {
		t.Fatal(err)
	}
	if w1.HandID == 0 {
		t.Fatal("the new hand got no id")
	}
	rec, err := st.LoadHand(ctx, w1.HandID)
	if err != nil || len(rec.Events) != len(h.Events()) {
		t.Fatalf("hand %+v, %v", rec, err)
	}
	if bal, _ := st.Balance(ctx, tacc); bal != 50 {
		t.Fatalf("table account %d, want 50", bal)
	}
	if seats, _ := st.Seats(ctx, table); len(seats) != 1 || seats[0].Stack != 50 {
		t.Fatalf("seats %+v", seats)
	}
	tabs, _ := st.OpenTables(ctx, 0)
	if len(tabs) != 1 || tabs[0].State != `{"hands":1}` {
		t.Fatalf("tables %+v", tabs)
	}
	// A batch whose second write repeats an event stores nothing at all.
	good := &bot.TableWrite{TableID: table, HandID: w1.HandID, Moves: []bot.Move{{From: bank, To: tacc, Amount: 7, Reason: "top-up"}},
		ClearDeadlines: []string{"t1:turn"}, At: epoch}
	dup := &bot.TableWrite{TableID: table, HandID: w1.HandID, Events: h.Events()[:1], At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{good, dup}); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("a repeated event: %v, want ErrDuplicate", err)
	}
	if bal, _ := st.Balance(ctx, tacc); bal != 50 {
		t.Fatalf("a failed batch moved chips: table account %d", bal)
	}
	if ds, _ := st.Deadlines(ctx); len(ds) != 1 {
		t.Fatalf("a failed batch cleared a deadline: %+v", ds)
	}
	// The end of the hand.
	end := &bot.TableWrite{TableID: table, HandID: w1.HandID, EndHand: true, ClearDeadlines: []string{"t1:turn"}, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{end}); err != nil {
		t.Fatal(err)
	}
	if open, _ := st.OpenHands(ctx, table); len(open) != 0 {
		t.Fatalf("ended hand still open: %d", len(open))
	}
	if ds, _ := st.Deadlines(ctx); len(ds) != 0 {
		t.Fatalf("deadline not cleared: %+v", ds)
	}
	// A second hand, still open: RecentHands lists finished hands only,
	// newest first.
	w2 := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w2}); err != nil {
		t.Fatal(err)
	}
	recent, err := st.RecentHands(ctx, table, 5)
	if err != nil || len(recent) != 1 || recent[0].ID != w1.HandID || len(recent[0].Events) != len(h.Events()) {
		t.Fatalf("recent hands %+v, %v", recent, err)
	}
	if err := st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: w2.HandID, EndHand: true, At: epoch}}); err != nil {
		t.Fatal(err)
	}
	if recent, _ := st.RecentHands(ctx, table, 1); len(recent) != 1 || recent[0].ID != w2.HandID {
		t.Fatalf("the newest hand first: %+v", recent)
	}
}

// testTourneyOps: a tournament's ops are stored with the writes that carry
// them, read back in order, refused when a number repeats (with nothing
// of that write kept), and its status ends it.
func testTourneyOps(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	c, err := st.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: c.ID, Name: "Friday", Config: `{"x":1}`, Status: "announced"})
	if err != nil {
		t.Fatal(err)
	}
	house, err := st.OpenAccount(ctx, bot.AccountHouse, "house", 0)
	if err != nil {
		t.Fatal(err)
	}
	acc, err := st.OpenAccount(ctx, bot.AccountTournament, "tourney:1", 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: id, Seq: 1, Kind: "open"}, {TourneyID: id, Seq: 2, Kind: "register", Data: `{"p":1}`}},
		Moves: []bot.Move{{From: house, To: acc, Amount: 50, Reason: "buy-in"}}, Status: &bot.TourneyStatus{TourneyID: id, Status: "open"}, At: time.Now()}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	dup := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: id, Seq: 2, Kind: "register"}},
		Moves: []bot.Move{{From: house, To: acc, Amount: 50, Reason: "buy-in"}}, At: time.Now()}
	if err := st.CommitTables(ctx, []*bot.TableWrite{dup}); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("a repeated op number: %v, want ErrDuplicate", err)
	}
	if bal, _ := st.Balance(ctx, acc); bal != 50 {
		t.Fatalf("the refused write moved chips: balance %d", bal)
	}
	ops, err := st.TourneyOps(ctx, id)
	if err != nil || len(ops) != 2 || ops[0].Kind != "open" || ops[1].Data != `{"p":1}` || ops[1].Seq != 2 {
		t.Fatalf("ops %+v, %v", ops, err)
	}
	open1, err := st.Tourneys(ctx, c.ID, true)
	if err != nil || len(open1) != 1 || open1[0].Status != "open" || open1[0].Config != `{"x":1}` {
		t.Fatalf("open tournaments %+v, %v", open1, err)
	}
	end := &bot.TableWrite{Status: &bot.TourneyStatus{TourneyID: id, Status: "finished", Ended: true}, At: time.Now()}
	if err := st.CommitTables(ctx, []*bot.TableWrite{end}); err != nil {
		t.Fatal(err)
	}
	if open2, err := st.Tourneys(ctx, 0, true); err != nil || len(open2) != 0 {
		t.Fatalf("an ended tournament is still open: %+v, %v", open2, err)
	}
	if all, err := st.Tourneys(ctx, 0, false); err != nil || len(all) != 1 || all[0].EndedAt.IsZero() {
		t.Fatalf("all tournaments %+v, %v", all, err)
	}
}

// testTemplates: a template is saved, replaced by name, listed by
// community and name, and deleted once.
func testTemplates(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	c, err := st.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	last := time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)
	for _, tp := range []bot.Template{
		{CommunityID: c.ID, Name: "b", Config: `{"v":1}`},
		{CommunityID: c.ID, Name: "a", Config: `{"v":2}`, Spec: "daily 20:00 utc"},
		{CommunityID: c.ID, Name: "b", Config: `{"v":3}`, Spec: "0 20 * * 5", Last: last},
	} {
		if err := st.SaveTemplate(ctx, tp); err != nil {
			t.Fatal(err)
		}
	}
	ts, err := st.Templates(ctx, c.ID)
	if err != nil || len(ts) != 2 || ts[0].Name != "a" || ts[1].Config != `{"v":3}` || ts[1].Spec != "0 20 * * 5" || !ts[1].Last.Equal(last) {
		t.Fatalf("templates %+v, %v", ts, err)
	}
	if err := st.DeleteTemplate(ctx, c.ID, "a"); err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteTemplate(ctx, c.ID, "a"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("deleting twice: %v, want ErrNotFound", err)
	}
	if ts, err := st.Templates(ctx, 0); err != nil || len(ts) != 1 {
		t.Fatalf("after the delete: %+v, %v", ts, err)
	}
}

// handWithActions starts a hand of two seats and plays n calls or checks:
// its events, the first ones being the start's.
func handWithActions(t *testing.T, n int) (engine.Setup, *engine.Hand, int) {
	t.Helper()
	var d [52]engine.Card
	setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2},
		Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	start := len(h.Events())
	for range n {
		a := engine.Action{Seat: h.ToAct(), Kind: engine.Call}
		if h.Legal().CanCheck {
			a.Kind = engine.Check
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return setup, h, start
}

// testHandLogHasNoGaps: a write whose events do not continue the hand's
// stored log (one skipped, one repeated) is refused with ErrDuplicate and
// stores nothing of its batch; the log read back has no gap (R-STORE:
// issue 19, finding 2).
func testHandLogHasNoGaps(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	tacc, _ := st.OpenAccount(ctx, bot.AccountTable, "table:x", 0)
	setup, h, start := handWithActions(t, 3)
	evs := h.Events()
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs[:start], At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	hand := w.HandID
	move := []bot.Move{{From: bank, To: tacc, Amount: 5, Reason: "top-up"}}
	for _, tc := range []struct {
		name   string
		events []engine.Event
	}{
		{"an event skipped", evs[start+1 : start+2]},
		{"an event repeated", evs[start-1 : start+1]},
		{"events out of order", []engine.Event{evs[start+1], evs[start]}},
	} {
		err := st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: hand, Events: tc.events, Moves: move, At: epoch}})
		if !errors.Is(err, bot.ErrDuplicate) {
			t.Fatalf("%s: %v, want ErrDuplicate", tc.name, err)
		}
	}
	if bal, _ := st.Balance(ctx, tacc); bal != 0 {
		t.Fatalf("a refused write moved chips: %d", bal)
	}
	// The same hand twice in one batch: the second continues the first.
	a := &bot.TableWrite{TableID: table, HandID: hand, Events: evs[start : start+1], At: epoch}
	b := &bot.TableWrite{TableID: table, HandID: hand, Events: evs[start+1:], At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{a, b}); err != nil {
		t.Fatal(err)
	}
	rec, err := st.LoadHand(ctx, hand)
	if err != nil || rec.Broken != "" || len(rec.Events) != len(evs) {
		t.Fatalf("hand read back: %d events (want %d), broken %q, %v", len(rec.Events), len(evs), rec.Broken, err)
	}
}

// testBrokenHandsAreReturnedAndVoided: a hand whose stored log has a gap
// (written by an older pokerroom) is returned with Broken saying why, not
// refused; voided, it is ended and listed by VoidedHands.
func testBrokenHandsAreReturnedAndVoided(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	setup, h, start := handWithActions(t, 2)
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events()[:start], At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	// An event stored past a gap, as the room before this check wrote it.
	if err := s.AppendHandEvents(ctx, w.HandID, []store.HandEvent{{Seq: start + 2, Kind: "action", Payload: `{"seq":` + itoa(start+1) + `}`, CreatedAt: epoch}}); err != nil {
		t.Fatal(err)
	}
	open1, err := st.OpenHands(ctx, table)
	if err != nil || len(open1) != 1 {
		t.Fatalf("open hands %+v, %v", open1, err)
	}
	if open1[0].Broken == "" || len(open1[0].Events) != start {
		t.Fatalf("a hand with a gap: broken %q, %d events, want the %d before the gap", open1[0].Broken, len(open1[0].Events), start)
	}
	void := &bot.TableWrite{TableID: table, HandID: w.HandID, EndHand: true, Void: "a gap", At: epoch.Add(time.Minute)}
	if err := st.CommitTables(ctx, []*bot.TableWrite{void}); err != nil {
		t.Fatal(err)
	}
	if hs, _ := st.OpenHands(ctx, table); len(hs) != 0 {
		t.Fatalf("a voided hand is still open: %+v", hs)
	}
	vs, err := st.VoidedHands(ctx)
	if err != nil || len(vs) != 1 || vs[0].HandID != w.HandID || vs[0].TableID != table || vs[0].Reason != "a gap" || !vs[0].At.Equal(epoch.Add(time.Minute)) {
		t.Fatalf("voided hands %+v, %v", vs, err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// testMoveOnce: the moves and the mark of a key are one transaction; a key
// marked already moves nothing (ErrDuplicate), and a refused move leaves
// the key unmarked (issue 19, finding 4: welcome chips twice).
func testMoveOnce(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	p, _ := st.Player(ctx, "console", "a", "Ana")
	wallet, _ := st.OpenAccount(ctx, bot.AccountPlayer, "player:a", p.ID)
	other, _ := st.OpenAccount(ctx, bot.AccountPlayer, "player:b", 0)
	// Refused: the wallet cannot pay 1 to other; nothing is marked.
	if err := st.MoveOnce(ctx, "welcome:1", bot.Move{From: bank, To: wallet, Amount: 10, Reason: "welcome"}, bot.Move{From: wallet, To: other, Amount: 11, Reason: "x"}); !errors.Is(err, bot.ErrInsufficientFunds) {
		t.Fatalf("an overdraft: %v", err)
	}
	for i := range 3 {
		err := st.MoveOnce(ctx, "welcome:1", bot.Move{From: bank, To: wallet, Amount: 10, Reason: "welcome"})
		if (i == 0) != (err == nil) || (i > 0 && !errors.Is(err, bot.ErrDuplicate)) {
			t.Fatalf("grant %d: %v", i+1, err)
		}
	}
	if bal, _ := st.Balance(ctx, wallet); bal != 10 {
		t.Fatalf("wallet %d after three grants of one key, want 10", bal)
	}
}

// testEconomy: the members' side of economies. Players are found by user
// id or name, banned and unbanned; a player's wallets are listed; a
// community keeps its server and caps; an admin log entry and its moves are
// one transaction, and entries are read newest first, by community.
func testEconomy(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	ana, _ := st.Player(ctx, "discord", "111", "Ana")
	st.Player(ctx, "discord", "222", "ana")
	st.Player(ctx, "telegram", "333", "Ana")
	found, err := st.FindPlayers(ctx, "discord", "ANA")
	if err != nil || len(found) != 2 {
		t.Fatalf("players named ANA on discord: %+v, %v; want 2", found, err)
	}
	if found, _ := st.FindPlayers(ctx, "discord", "111"); len(found) != 1 || found[0].ID != ana.ID {
		t.Fatalf("by user id: %+v", found)
	}
	if found, _ := st.FindPlayers(ctx, "discord", "nobody"); len(found) != 0 {
		t.Fatalf("nobody: %+v", found)
	}
	if err := st.SetBanned(ctx, ana.ID, "spam"); err != nil {
		t.Fatal(err)
	}
	if p, _ := st.Player(ctx, "discord", "111", "Ana"); p.Banned != "spam" {
		t.Fatalf("banned player read back %+v", p)
	}
	if err := st.SetBanned(ctx, 99999, "x"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("ban of no player: %v", err)
	}
	// A player's own language (/lang) is kept with them.
	if err := st.SetPlayerLanguage(ctx, ana.ID, bot.Spanish); err != nil {
		t.Fatal(err)
	}
	if p, _ := st.Player(ctx, "discord", "111", "Ana"); p.Language != bot.Spanish {
		t.Fatalf("player's language read back %+v", p)
	}
	if err := st.SetPlayerLanguage(ctx, 99999, bot.Spanish); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("language of no player: %v", err)
	}

	c, _ := st.Community(ctx, "discord", "chan", "#chan")
	c.Guild, c.GrantCap, c.DayCap = "g1", 100, 300
	if err := st.SetCommunity(ctx, c); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.CommunityByID(ctx, c.ID); got.Guild != "g1" || got.GrantCap != 100 || got.DayCap != 300 {
		t.Fatalf("community read back %+v", got)
	}

	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	w1, _ := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:1:ana", ana.ID)
	w2, _ := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:2:ana", ana.ID)
	st.OpenAccount(ctx, bot.AccountTable, "table:ana", 0)
	grant := bot.AdminEntry{CommunityID: c.ID, At: epoch, ActorID: ana.ID, Actor: "Ana", Action: "grant", TargetID: ana.ID, Target: "Ana", Amount: 50, Detail: "/grant @ana 50"}
	if err := st.AddAdminEntry(ctx, grant, bot.Move{From: bank, To: w1, Amount: 50, Reason: "grant"}); err != nil {
		t.Fatal(err)
	}
	// An overdraft refuses the entry with its move.
	take := grant
	take.Amount, take.At = -51, epoch.Add(time.Minute)
	if err := st.AddAdminEntry(ctx, take, bot.Move{From: w1, To: bank, Amount: 51, Reason: "grant taken back"}); !errors.Is(err, bot.ErrInsufficientFunds) {
		t.Fatalf("a take-back over the balance: %v", err)
	}
	other := bot.AdminEntry{CommunityID: c.ID + 1, At: epoch.Add(2 * time.Minute), ActorID: ana.ID, Action: "newtable"}
	wide := bot.AdminEntry{At: epoch.Add(3 * time.Minute), ActorID: ana.ID, Action: "ban"}
	for _, e := range []bot.AdminEntry{other, wide} {
		if err := st.AddAdminEntry(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	accs, err := st.PlayerAccounts(ctx, ana.ID)
	if err != nil || len(accs) != 2 || accs[0].ID != w1 || accs[0].Balance != 50 || accs[1].ID != w2 || accs[0].Key != "wallet:1:ana" {
		t.Fatalf("ana's wallets %+v, %v", accs, err)
	}
	mine, err := st.AdminEntries(ctx, bot.AdminQuery{CommunityID: c.ID})
	if err != nil || len(mine) != 1 || mine[0].Amount != 50 || mine[0].Detail != "/grant @ana 50" || !mine[0].At.Equal(epoch) || mine[0].ID == 0 {
		t.Fatalf("the community's log %+v, %v", mine, err)
	}
	all, err := st.AdminEntries(ctx, bot.AdminQuery{All: true, Since: epoch.Add(time.Second), Limit: 5})
	if err != nil || len(all) != 2 || all[0].Action != "ban" || all[1].Action != "newtable" {
		t.Fatalf("every entry since a second in, newest first: %+v, %v", all, err)
	}
	if botWide, _ := st.AdminEntries(ctx, bot.AdminQuery{}); len(botWide) != 1 || botWide[0].Action != "ban" {
		t.Fatalf("bot-wide entries %+v", botWide)
	}
	if last, _ := st.AdminEntries(ctx, bot.AdminQuery{All: true, Limit: 1}); len(last) != 1 || last[0].Action != "ban" {
		t.Fatalf("the newest entry %+v", last)
	}
}
