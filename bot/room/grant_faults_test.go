package room_test

import (
	"errors"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A grant whose write was stored but reported failed (the connection
// lost at the commit) must not be answered "try again": the admin who
// does so grants the chips twice. The answer says what the store holds:
// done when the grant is there, not done when it is not, and, when the
// store cannot be read to know, that it is not known (check /adminlog).
func TestGrantAnsweredAsStoredAfterAFailedWrite(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fault  bottest.Fault
		down   bool   // the database goes away with the failed write
		stored bool   // the grant is in the store
		key    string // the answer's error ("": done)
	}{
		{"stored, reported failed", bottest.Ambiguous, false, true, ""},
		{"lost before its commit", bottest.Lose, false, false, bot.KeyUnavailable},
		{"stored, reported failed, then unreachable", bottest.Ambiguous, true, true, "grant.unknown"},
		{"lost, then unreachable", bottest.Lose, true, false, "grant.unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 3)
			before := h.walletIn("group", "", "ben")
			f := withFaults(h)
			f.Decide = func(method string) bottest.Fault {
				if method == "AddAdminEntry" {
					f.SetDown(tc.down)
					return tc.fault
				}
				return bottest.Pass
			}
			_, err := h.in("group", "", "admin", "/grant @ben 500")
			f.Decide = nil
			f.SetDown(false)
			got := h.walletIn("group", "", "ben")
			if stored := got == before+500; stored != tc.stored {
				t.Fatalf("ben's wallet %d after the grant, %d before: stored %v, want %v", got, before, stored, tc.stored)
			}
			var e *bot.Error
			switch {
			case tc.key == "" && err != nil:
				t.Fatalf("the grant is stored, but the admin is told %q: granting again gives it twice", bot.FromError(err).Message("en"))
			case tc.key != "" && (!errors.As(err, &e) || e.Key != tc.key):
				t.Fatalf("the grant's answer: %v, want %s", err, tc.key)
			}
		})
	}
}

// The same on a host whose clock is not in UTC (TZ=Europe/Madrid, a
// Spanish room's server): the grant stored but reported failed is read
// back from the admin log all the same. The log's times are stored in
// UTC; the read back asked for them from a local time, which SQLite
// compared as text, found nothing, and answered "try again": the admin
// granted the chips twice.
func TestGrantStoredAfterAFailedWriteIsFoundOnAClockNotInUTC(t *testing.T) {
	for _, zone := range []*time.Location{time.FixedZone("CET", 3600), time.FixedZone("EST", -5*3600)} {
		t.Run(zone.String(), func(t *testing.T) {
			h := newHarness(t, 3)
			h.close()
			h.clock = bottest.NewClock(t0.In(zone))
			h.open()
			before := h.walletIn("group", "", "ben")
			f := withFaults(h)
			f.Decide = func(method string) bottest.Fault {
				if method == "AddAdminEntry" {
					return bottest.Ambiguous
				}
				return bottest.Pass
			}
			_, err := h.in("group", "", "admin", "/grant @ben 500")
			f.Decide = nil
			if got := h.walletIn("group", "", "ben"); got != before+500 {
				t.Fatalf("ben's wallet %d after the grant, %d before: the grant is not stored", got, before)
			}
			if err != nil {
				t.Fatalf("the grant is stored, but the admin is told %q: granting again gives it twice", bot.FromError(err).Message("en"))
			}
		})
	}
}

// An operator's /ban (or /unban) whose write was stored but reported
// failed was answered "try again" while the room went on letting the
// banned user play: the ban reached the room only at its next start. The
// write is read back: a ban stored is in force at once and answered done.
func TestABanStoredButReportedFailedIsInForce(t *testing.T) {
	h := newHarness(t, 3)
	h.owners = []string{"console:op"}
	h.restart()
	f := withFaults(h)
	h.walletIn("group", "", "ben") // the room knows ben: he plays
	f.Decide = func(method string) bottest.Fault {
		if method == "SetBanned" {
			return bottest.Ambiguous
		}
		return bottest.Pass
	}
	_, err := h.in("", "", "op", "/ban @ben cheating")
	if err != nil {
		t.Errorf("/ban stored but reported failed: the operator is told %q", bot.FromError(err).Message("en"))
	}
	h.failsIn("group", "ben", "/wallet", "banned")
	_, err = h.in("", "", "op", "/unban @ben")
	f.Decide = nil
	if err != nil {
		t.Errorf("/unban stored but reported failed: the operator is told %q", bot.FromError(err).Message("en"))
	}
	h.mustIn("group", "ben", "/wallet")
}
