package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store"
)

// exportRoom is a database with hands for exports: community A's cash
// table and tournament table, community B's table.
type exportRoom struct {
	s              *store.Store
	a, b           bot.Community
	cash, tt, tb   int64
	tourney        int64
	since          time.Time
	wantA, wantA7  []int64 // A's ended hands since, all and player 7's
	notPlayer7     int
	playing, voids int
}

// storeHand stores a finished hand (or one being played, or voided) of
// table at at, dealt to players (ids by engine seat), and returns its id.
func storeHand(t *testing.T, st bot.Storage, table int64, at time.Time, players []int64, end bool, void string) int64 {
	t.Helper()
	tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1, 2}, Number: 1, Names: []string{"ann", "bob", "cy"}, Players: players})
	var d [52]engine.Card
	setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2},
		Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d), Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), EndHand: end || void != "", Void: void, At: at}
	if err := st.CommitTables(context.Background(), []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	return w.HandID
}

func newExportRoom(t *testing.T, open Opener) *exportRoom {
	t.Helper()
	s, _ := migrated(t, open)
	ctx := context.Background()
	r := &exportRoom{s: s, since: epoch.Add(24 * time.Hour)}
	var err error
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	r.a, err = s.Community(ctx, "telegram", "-100123", "A")
	must(err)
	r.b, err = s.Community(ctx, "telegram", "-100456", "B")
	must(err)
	r.tourney, err = s.AddTourney(ctx, bot.TourneyRecord{CommunityID: r.a.ID, Name: "Sunday", Config: `{"config":{"Name":"Sunday"}}`})
	must(err)
	r.cash, err = s.AddTable(ctx, bot.TableRecord{CommunityID: r.a.ID, Name: "nlhe 1/2", Variant: "nlhe", Config: `{"config":{"seats":6}}`})
	must(err)
	r.tt, err = s.AddTable(ctx, bot.TableRecord{CommunityID: r.a.ID, Name: "Sunday 1", Variant: "nlhe", Config: `{"config":{"seats":9},"tourney":` + itoa(int(r.tourney)) + `}`})
	must(err)
	r.tb, err = s.AddTable(ctx, bot.TableRecord{CommunityID: r.b.ID, Name: "B's", Variant: "nlhe"})
	must(err)
	with7, without7 := []int64{5, 7, 0}, []int64{5, 6, 0}
	storeHand(t, s, r.cash, epoch, with7, true, "") // before since
	for i := range 7 {
		at := r.since.Add(time.Duration(i) * time.Minute)
		players, table := with7, r.cash
		if i%2 == 1 {
			players = without7
		}
		if i >= 5 {
			table = r.tt
		}
		id := storeHand(t, s, table, at, players, true, "")
		storeHand(t, s, r.tb, at, with7, true, "") // another community's
		r.wantA = append(r.wantA, id)
		if i%2 == 0 {
			r.wantA7 = append(r.wantA7, id)
		} else {
			r.notPlayer7++
		}
	}
	storeHand(t, s, r.cash, r.since.Add(time.Hour), with7, false, "")
	storeHand(t, s, r.cash, r.since.Add(time.Hour), with7, true, "misdeal")
	r.playing, r.voids = 1, 1
	return r
}

// testExportHands: the export reads the community's ended hands since the
// date, in order, page after page, with their tables and tournaments; not
// another community's, not those before, being played or voided (counted);
// a player's export only the player's hands.
func testExportHands(t *testing.T, open Opener) {
	r := newExportRoom(t, open)
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		player    int64
		page      int
		want      []int64
		notPlayer int
	}{
		{"every hand, pages of 2", 0, 2, r.wantA, 0},
		{"every hand, one page", 0, 0, r.wantA, 0},
		{"a page as large as the range", 0, len(r.wantA), r.wantA, 0},
		{"player 7's hands, pages of 1", 7, 1, r.wantA7, r.notPlayer7},
		{"a player in no hand", 99, 3, nil, len(r.wantA)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int64
			c, err := r.s.ExportHands(ctx, store.ExportQuery{CommunityID: r.a.ID, Since: r.since, PlayerID: tc.player, PageSize: tc.page},
				func(h store.ExportedHand) error {
					got = append(got, h.Hand.ID)
					checkExported(t, r, h)
					return nil
				})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("hands %v, want %v", got, tc.want)
			}
			want := store.ExportCounts{Given: len(tc.want), Playing: r.playing, Voided: r.voids, NotPlayer: tc.notPlayer}
			if c != want {
				t.Errorf("counts %+v, want %+v", c, want)
			}
		})
	}
}

func checkExported(t *testing.T, r *exportRoom, h store.ExportedHand) {
	t.Helper()
	switch {
	case h.Hand.EndedAt.IsZero() || h.Hand.Voided != "" || h.Hand.Broken != "" || len(h.Hand.Events) == 0:
		t.Errorf("hand %d: ended %v, voided %q, broken %q, %d events", h.Hand.ID, h.Hand.EndedAt, h.Hand.Voided, h.Hand.Broken, len(h.Hand.Events))
	case h.Hand.StartedAt.Before(r.since):
		t.Errorf("hand %d started %v, before %v", h.Hand.ID, h.Hand.StartedAt, r.since)
	case h.Table.ID != h.Hand.TableID || h.Table.CommunityID != r.a.ID:
		t.Errorf("hand %d of table %d given with table %+v", h.Hand.ID, h.Hand.TableID, h.Table)
	case (h.Table.ID == r.tt) != (h.Tourney != nil):
		t.Errorf("hand %d of table %d: tournament %+v", h.Hand.ID, h.Table.ID, h.Tourney)
	case h.Tourney != nil && (h.Tourney.ID != r.tourney || h.Tourney.Name != "Sunday"):
		t.Errorf("hand %d: tournament %+v", h.Hand.ID, h.Tourney)
	}
}

// testExportHandsStops: the export stops at fn's first error and at a
// cancelled context, returning them.
func testExportHandsStops(t *testing.T, open Opener) {
	r := newExportRoom(t, open)
	stop := errors.New("stop")
	n := 0
	_, err := r.s.ExportHands(context.Background(), store.ExportQuery{CommunityID: r.a.ID, PageSize: 2}, func(store.ExportedHand) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Errorf("after fn's error: %v, %d calls", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n = 0
	_, err = r.s.ExportHands(ctx, store.ExportQuery{CommunityID: r.a.ID, PageSize: 2}, func(store.ExportedHand) error {
		n++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 1 {
		t.Errorf("cancelled: %v, %d calls", err, n)
	}
}

// testFindCommunity: a community is found by its number or platform:chat
// id; an unknown one is ErrNotFound, a reference of neither form another
// error.
func testFindCommunity(t *testing.T, open Opener) {
	r := newExportRoom(t, open)
	ctx := context.Background()
	for _, tc := range []struct {
		ref      string
		want     int64
		notFound bool
	}{
		{itoa(int(r.a.ID)), r.a.ID, false},
		{"telegram:-100456", r.b.ID, false},
		{"telegram:-999", 0, true},
		{"discord:-100123", 0, true},
		{"12345", 0, true},
		{"slack:-100123", 0, true},
		{":-100123", 0, false},
		{"telegram:", 0, false},
		{"A", 0, false},
	} {
		c, err := r.s.FindCommunity(ctx, tc.ref)
		switch {
		case tc.want != 0 && (err != nil || c.ID != tc.want):
			t.Errorf("%q: %d, %v; want %d", tc.ref, c.ID, err, tc.want)
		case tc.want == 0 && (err == nil || errors.Is(err, store.ErrNotFound) != tc.notFound || errors.Is(err, store.ErrCommunityRef) == tc.notFound):
			t.Errorf("%q: %v; want not found %v", tc.ref, err, tc.notFound)
		}
	}
}
