package storetest

import (
	"context"
	"testing"
	"time"
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
