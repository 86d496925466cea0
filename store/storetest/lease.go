package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
)

// testLease: a lease is held by one holder until it runs out: another is
// refused, told who holds it; its holder renews it; once it ran out (a
// process that stopped without giving it up) another takes it; giving up
// a lease another holds leaves it alone.
func testLease(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	take := func(holder string, now time.Time, wantOK bool, wantOther string) {
		t.Helper()
		ok, other, until, err := s.TakeLease(ctx, "room:lease", holder, now, now.Add(30*time.Second))
		if err != nil || ok != wantOK || other != wantOther {
			t.Fatalf("%s at %v: ok %v other %q until %v err %v; want ok %v other %q", holder, now.Sub(t0), ok, other, until, err, wantOK, wantOther)
		}
	}
	take("a", t0, true, "")
	take("b", t0.Add(time.Second), false, "a")
	take("a", t0.Add(10*time.Second), true, "") // renewed until 40 s
	take("b", t0.Add(35*time.Second), false, "a")
	take("b", t0.Add(41*time.Second), true, "") // a's ran out
	if err := s.ReleaseLease(ctx, "room:lease", "a"); err != nil {
		t.Fatal(err)
	}
	take("a", t0.Add(42*time.Second), false, "b")
	if err := s.ReleaseLease(ctx, "room:lease", "b"); err != nil {
		t.Fatal(err)
	}
	take("a", t0.Add(43*time.Second), true, "")
}

// testLeaseRenewal: a renewal extends the lease while it names its holder,
// even run out; once another took it, or it was given up (perhaps by
// another that had taken it), it is not renewed: the database may have
// moved on without its holder.
func testLeaseRenewal(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	renew := func(holder string, now time.Time, wantOK bool, wantOther string) {
		t.Helper()
		ok, other, err := s.RenewLease(ctx, "room:lease", holder, now.Add(30*time.Second))
		if err != nil || ok != wantOK || other != wantOther {
			t.Fatalf("renew %s at %v: ok %v other %q err %v; want ok %v other %q", holder, now.Sub(t0), ok, other, err, wantOK, wantOther)
		}
	}
	renew("a", t0, false, "") // never taken: not made by a renewal
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "a", t0, t0.Add(30*time.Second)); !ok || err != nil {
		t.Fatalf("take: %v %v", ok, err)
	}
	renew("a", t0.Add(10*time.Second), true, "")
	renew("a", t0.Add(90*time.Second), true, "") // run out, nobody took it: still a's
	renew("b", t0.Add(91*time.Second), false, "a")
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "b", t0.Add(200*time.Second), t0.Add(230*time.Second)); !ok || err != nil {
		t.Fatalf("b takes a's run-out lease: %v %v", ok, err)
	}
	renew("a", t0.Add(201*time.Second), false, "b")
	if err := s.ReleaseLease(ctx, "room:lease", "b"); err != nil {
		t.Fatal(err)
	}
	renew("a", t0.Add(202*time.Second), false, "") // given up by b: not a's again
}

// testFenceRefusesWrites: a store whose fence refuses writes stores
// nothing, neither through gorm's statements nor through the group
// commit's prepared ones, and says why; reads and the lease's own
// statements pass. Without the fence, writes pass again.
func testFenceRefusesWrites(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	why := errors.New("lease ran out")
	s.SetFence(func() error { return why })
	refused := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, store.ErrFenced) || !errors.Is(err, why) {
			t.Errorf("%s behind the fence: %v, want it refused naming the reason", what, err)
		}
	}
	refused("a key value", s.SetValue(ctx, "k", "v"))
	refused("a table's state", st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, State: `{"hands":9}`, SaveState: true, At: epoch}}))
	_, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "fenced-bank"})
	refused("an account", err)
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "a", epoch, epoch.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("the lease's own statements behind the fence: %v %v", ok, err)
	}
	if ok, _, err := s.RenewLease(ctx, "room:lease", "a", epoch.Add(2*time.Minute)); !ok || err != nil {
		t.Fatalf("renewal behind the fence: %v %v", ok, err)
	}
	if v, err := s.Value(ctx, "k"); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("value read behind the fence: %q %v, want nothing stored", v, err)
	}
	if tabs, err := st.OpenTables(ctx, 0); err != nil || len(tabs) != 1 || tabs[0].State == `{"hands":9}` {
		t.Errorf("tables read behind the fence: %+v %v, want the state not stored", tabs, err)
	}
	s.SetFence(nil)
	if err := s.SetValue(ctx, "k", "v"); err != nil {
		t.Fatalf("without the fence: %v", err)
	}
	if err := st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, State: `{"hands":9}`, SaveState: true, At: epoch}}); err != nil {
		t.Fatalf("without the fence: %v", err)
	}
}

// testFenceFollowsTheLeaseInTheDatabase: a transaction of a process whose
// lease of the room another took meanwhile is not committed, whatever
// that process's own fence believes (its clock behind the other's by
// more than the lease's margin, or its commit delayed on the network past
// the lease's end): each transaction reads the lease, as its last
// statement, and commits only while it names this process. The fence was
// only the process's clock, and such a transaction was committed beside
// the second process's writes.
func testFenceFollowsTheLeaseInTheDatabase(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "a", epoch, epoch.Add(30*time.Second)); !ok || err != nil {
		t.Fatalf("a takes the lease: %v %v", ok, err)
	}
	s.SetFence(func() error { return nil }) // a believes it still holds it
	s.SetFenceLease("room:lease", "a")
	write := func(state string) error {
		return st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, State: state, SaveState: true, At: epoch}})
	}
	if err := write(`{"hands":1}`); err != nil {
		t.Fatalf("a writes holding the lease: %v", err)
	}
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "b", epoch.Add(31*time.Second), epoch.Add(61*time.Second)); !ok || err != nil {
		t.Fatalf("b takes a's run-out lease: %v %v", ok, err)
	}
	err := write(`{"hands":2}`)
	if !errors.Is(err, store.ErrFenced) || !strings.Contains(err.Error(), "b") {
		t.Errorf("a writes after b took the lease: %v, want it refused naming b", err)
	}
	if err := s.ReleaseLease(ctx, "room:lease", "b"); err != nil {
		t.Fatal(err)
	}
	if err := write(`{"hands":3}`); !errors.Is(err, store.ErrFenced) {
		t.Errorf("a writes after b gave the lease up: %v, want it refused", err)
	}
	if tabs, err := st.OpenTables(ctx, 0); err != nil || len(tabs) != 1 || tabs[0].State != `{"hands":1}` {
		t.Errorf("tables: %+v %v, want only a's write made while it held the lease", tabs, err)
	}
}
