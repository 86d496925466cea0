package room_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// session is a scripted cash session: three players, a fixed deck seed,
// each step the player to act follows a fixed policy, and some steps let
// the clock run out instead. stop, when set, is called before step k and
// may restart the room in one of several ways.
type session struct {
	h *harness
}

// policy is what the player to act does at step k: mostly call or check,
// sometimes a minimum raise, a fold, or nothing (the timer acts).
func policy(k int) string {
	switch {
	case k%13 == 5:
		return "sleep"
	case k%11 == 3:
		return "/fold"
	case k%5 == 2:
		return "/raise min"
	}
	return "/call"
}

// step plays step k; it returns false when the session cannot go on.
func (s *session) step(k int, quiet bool) {
	h := s.h
	who := h.toAct()
	if who == "" {
		h.settle()
		return
	}
	a := policy(k)
	if a == "sleep" {
		h.sleep(45 * time.Second) // timer 30 s, bank 10 s
		return
	}
	for _, try := range []string{a, "/check", "/call", "/fold"} {
		_, err := h.do(who, try)
		if err == nil || (quiet && (bot.ErrorCode(err) == bot.EUnavailable || errors.Is(err, table.ErrStoredAfterAll))) {
			return
		}
	}
	h.t.Fatalf("step %d: %s could not act:\n%s", k, who, h.table().Text)
}

// result is what a session ends with: every wallet after everyone left,
// and the house's rake.
func finish(h *harness) string {
	h.t.Helper()
	for _, u := range []string{"ana", "ben", "cy"} {
		h.do(u, "/leave") // after the hand for those in it
	}
	h.playToEnd(60)
	h.checkBooks()
	var out []string
	for _, u := range []string{"ana", "ben", "cy"} {
		out = append(out, fmt.Sprintf("%s=%d", u, h.wallet(u)))
	}
	return strings.Join(out, " ")
}

func startSession(h *harness) {
	h.must("admin", "/newtable nlhe 1/2 timer=30 bank=10 rake=5%:4")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join 100")
	}
}

// faulty wraps the store: after commits commits, the next one is
// committed and then reported failed, as if the process died between the
// commit and anything being shown.
type faulty struct {
	bot.Storage
	left atomic.Int64
	hit  atomic.Bool
}

var errCrash = errors.New("crash after commit (injected)")

func (f *faulty) CommitTables(ctx context.Context, w []*bot.TableWrite) error {
	if err := f.Storage.CommitTables(ctx, w); err != nil {
		return err
	}
	if f.left.Add(-1) == 0 {
		f.hit.Store(true)
		return errCrash
	}
	return nil
}

const recoverySteps = 60

// The room stopped at random points (between commands, right after a
// commit and before anything is shown, in the middle of a timer, without
// settling) and reopened on the same database ends with the same wallets
// and books as a run never stopped: at least 50 random stop points.
func TestRecoveryAtRandomStopPoints(t *testing.T) {
	testRecovery(t, func(t *testing.T) string { return "" })
}

// The same on PostgreSQL (CI sets POKERROOM_TEST_POSTGRES).
func TestRecoveryAtRandomStopPointsPostgres(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip(storetest.PostgresEnv + " is not set: recovery on PostgreSQL not run (see .ci/postgres.sh)")
	}
	testRecovery(t, func(t *testing.T) string { return storetest.PostgresDSN(t) })
}

func testRecovery(t *testing.T, dsn func(t *testing.T) string) {
	const seed = 99
	open := func(t *testing.T) *harness {
		if d := dsn(t); d != "" {
			return newHarnessAt(t, d, seed)
		}
		return newHarness(t, seed)
	}
	h := open(t)
	startSession(h)
	s := &session{h: h}
	for k := range recoverySteps {
		s.step(k, false)
	}
	want := finish(h)
	t.Logf("uninterrupted: %s", want)

	r := rand.New(rand.NewPCG(7, 11))
	points := 50
	if testing.Short() {
		points = 10
	}
	for n := range points {
		stopAt := 1 + r.IntN(recoverySteps-1)
		mode := n % 4
		if mode == 2 { // the next step where the player lets the time run
			for policy(stopAt) != "sleep" && stopAt < recoverySteps-1 {
				stopAt++
			}
		}
		t.Run(fmt.Sprintf("stop%02d-step%d-mode%d", n, stopAt, mode), func(t *testing.T) {
			h := open(t)
			startSession(h)
			s := &session{h: h}
			for k := range recoverySteps {
				if k == stopAt {
					switch mode {
					case 0: // between two commands
						h.restart()
					case 1: // the next commit is stored, then the process dies
						f := &faulty{Storage: h.store}
						f.left.Store(1)
						h.room.Close()
						h.reopenWith(f)
						s.step(k, true)
						if !f.hit.Load() {
							t.Logf("no commit at step %d", k)
						}
						h.restart()
						continue
					case 2: // in the middle of a turn's timer (a step where the
						// player lets the time run: the stop is part of it)
						if policy(k) == "sleep" && h.toAct() != "" {
							h.sleep(17 * time.Second)
							h.restart()
							h.sleep(28 * time.Second)
							continue
						}
						h.restart()
					case 3: // a command handled, the room stopped before the
						// table's next steps (the next hand, a timer) settled
						h.noSettle = true
						s.step(k, false)
						h.noSettle = false
						h.restart()
						continue
					}
				}
				s.step(k, false)
			}
			if got := finish(h); got != want {
				t.Fatalf("after a stop at step %d (mode %d): %s, want %s", stopAt, mode, got, want)
			}
		})
	}
}
