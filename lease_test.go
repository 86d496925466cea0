package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/config"
	"github.com/pokerroom/pokerroom/store"
)

// A second `pokerroom run` on the database a running room uses (a second
// `go run .` in another terminal, a second container on one PostgreSQL)
// is refused at start, naming the process that runs the room: both
// restored the same tables and dealt them at once, each its own hand on
// one table's record (found by an outside review). Once the first stops,
// the room starts again.
func TestASecondRoomOnOneDatabaseIsRefused(t *testing.T) {
	env, _ := tempDB(t)
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	stdout.notify("schema version")
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, nil, func(k string) string { return env[k] }, pr, &stdout, &stderr)
	}()
	if _, err := io.WriteString(pw, "status\n"); err != nil {
		t.Fatal(err)
	}
	<-stdout.seen // the first room runs

	r := runMain(t, context.Background(), env, strings.NewReader("status\n"))
	if r.code != exitFail || !strings.Contains(r.stderr, "another pokerroom (pid ") || !strings.Contains(r.stderr, "runs the room on this database") {
		t.Errorf("second room: exit %d, want 1 naming the running one\nstderr: %s", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "schema version") {
		t.Errorf("the second room ran its console:\n%s", r.stdout)
	}
	if r := runMain(t, context.Background(), nil, strings.NewReader(""), "console", "--db", env["DATABASE_URL"]); r.code != exitFail || !strings.Contains(r.stderr, "another pokerroom (pid ") {
		t.Errorf("console --db on the running room's database: exit %d\nstderr: %s", r.code, r.stderr)
	}
	// sim plays its tables and tournaments through a room of its own on
	// --db: on the running room's database it is refused the same way.
	if r := runMain(t, context.Background(), nil, nil, "sim", "--tables", "1", "--hands", "1", "--rate", "0", "--baseline", "0", "--trials", "5", "--db", env["DATABASE_URL"]); r.code != exitFail || !strings.Contains(r.stderr, "another pokerroom (pid ") {
		t.Errorf("sim --db on the running room's database: exit %d\nstderr: %s", r.code, r.stderr)
	}
	for _, cmd := range []string{"audit", "adminlog"} { // reading commands still run beside it
		if r := runMain(t, context.Background(), env, nil, cmd); r.code != exitOK {
			t.Errorf("%s beside a running room: exit %d\n%s", cmd, r.code, r.stderr)
		}
	}

	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("first room: exit %d\n%s", code, stderr.String())
	}
	if r := runMain(t, context.Background(), env, strings.NewReader("status\n")); r.code != exitOK || !strings.Contains(r.stdout, "schema version") {
		t.Errorf("after the first stopped: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// A room killed on this host (kill -9, a crash, a container restarted)
// does not keep the next start out for the lease's 30 s: a holder of this
// host whose process is gone is taken over at once. One of another host,
// or one of this host still running, is refused as before.
func TestALeaseOfAProcessGoneFromThisHostIsTakenOver(t *testing.T) {
	ctx := context.Background()
	_, path := tempDB(t)
	s := openMigrated(t, path)
	host, _ := os.Hostname()
	if host == "" {
		t.Skip("this machine has no host name")
	}
	dead := exec.Command(os.Args[0], "-test.run", "^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	for _, tc := range []struct {
		name, holder string
		taken        bool
	}{
		{"a process of this host that ended", fmt.Sprintf("pid %d on %s (0a0b0c0d)", dead.ProcessState.Pid(), host), true},
		{"this pid, a holder of an earlier run of it", fmt.Sprintf("pid %d on %s (0a0b0c0d)", os.Getpid(), host), true},
		{"another host", fmt.Sprintf("pid %d on %s-elsewhere (0a0b0c0d)", dead.ProcessState.Pid(), host), false},
		{"a process of this host that runs", fmt.Sprintf("pid %d on %s (0a0b0c0d)", os.Getppid(), host), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Now()
			if err := s.ReleaseLease(ctx, roomLeaseKey, tc.holder); err != nil {
				t.Fatal(err)
			}
			// The holder takes it (a key value written as a lease would be
			// refused: this store's room gave up the lease it held).
			if ok, _, _, err := s.TakeLease(ctx, roomLeaseKey, tc.holder, now, now.Add(leaseTTL)); !ok || err != nil {
				t.Fatalf("%s takes the lease: %v %v", tc.holder, ok, err)
			}
			l, err := takeRoom(ctx, s, log)
			if tc.taken {
				if err != nil {
					t.Fatalf("not taken over: %v", err)
				}
				l.release()
				return
			}
			if err == nil {
				l.release()
				t.Fatalf("the lease of %s was taken over", tc.holder)
			}
			if !strings.Contains(err.Error(), tc.holder) {
				t.Errorf("the refusal does not name the holder: %v", err)
			}
			if err := s.ReleaseLease(ctx, roomLeaseKey, tc.holder); err != nil {
				t.Fatal(err)
			}
		})
	}
	// A room of this process (another holder here) is not gone.
	l, err := takeRoom(ctx, s, log)
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	if l2, err := takeRoom(ctx, s, log); err == nil {
		l2.release()
		t.Fatal("a second room of this process took the first one's lease")
	}
}

// Two containers sharing a host name (network_mode: host, or a compose
// file's hostname:) each see their own pids only: a lease held by a
// running room of the other container named a pid that ran nothing here,
// and the second room took the lease over at once, dealing the same tables
// as the first until the first failed to renew it. A holder of another pid
// namespace is not known to be gone.
func TestALeaseOfAnotherPidNamespaceOnThisHostNameIsNotTakenOver(t *testing.T) {
	host, _ := os.Hostname()
	if host == "" || pidNamespace() == "" {
		t.Skip("no host name, or no pid namespace to tell")
	}
	dead := exec.Command(os.Args[0], "-test.run", "^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	other := fmt.Sprintf("pid %d on %s (0a0b0c0d@1)", dead.ProcessState.Pid(), host)
	if holderGone(other, host) {
		t.Fatalf("%s, of another pid namespace, was taken to be gone", other)
	}
	mine := fmt.Sprintf("pid %d on %s (0a0b0c0d@%s)", dead.ProcessState.Pid(), host, pidNamespace())
	if !holderGone(mine, host) {
		t.Fatalf("%s, of this pid namespace and ended, was not taken to be gone", mine)
	}
}

// A room cut off from its database for longer than its lease (a network
// partition between its host and PostgreSQL) stops writing once the lease
// may have run out, so that a second room, which takes the lease over
// once it did, is the only one writing: the first went on writing until
// its next renewal found the lease taken (found by an outside review).
// While nobody took it, a renewal that comes through lifts the fence and
// the room goes on; once another took it, the first stops, still fenced.
func TestARoomCutOffLongerThanItsLeaseStopsWriting(t *testing.T) {
	ctx := context.Background()
	_, path := tempDB(t)
	s, other := openMigrated(t, path), openMigrated(t, path) // two processes' stores on one database
	log := slog.New(slog.DiscardHandler)
	const ttl = 600 * time.Millisecond
	l, err := takeRoomFor(ctx, s, log, ttl)
	if err != nil {
		t.Fatal(err)
	}
	var cut atomic.Bool
	renew := l.renew
	l.renew = func(ctx context.Context, until time.Time) (bool, string, error) {
		if cut.Load() {
			return false, "", errors.New("dial tcp 10.0.0.5:5432: connect: no route to host")
		}
		return renew(ctx, until)
	}
	kctx, stop := context.WithCancel(ctx)
	defer stop()
	kept := make(chan error, 1)
	go func() { kept <- l.keep(kctx) }()
	until := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 10 s", what)
			}
		}
	}
	write := func() error { return s.SetValue(ctx, "room:probe", time.Now().String()) }
	if err := write(); err != nil {
		t.Fatalf("a room holding its lease: %v", err)
	}

	cut.Store(true)
	until("writes refused once the lease may have run out", func() bool { return errors.Is(write(), store.ErrFenced) })
	if err := write(); err == nil || !strings.Contains(err.Error(), "lease") {
		t.Errorf("a refused write does not say why: %v", err)
	}
	cut.Store(false)
	until("writes again after a renewal, nobody having taken the lease", func() bool { return write() == nil })

	cut.Store(true)
	until("writes refused again", func() bool { return errors.Is(write(), store.ErrFenced) })
	var second *roomLease
	until("a second room takes the lease once it ran out", func() bool {
		second, err = takeRoomFor(ctx, other, log, time.Minute)
		return err == nil
	})
	defer second.release()
	if err := other.SetValue(ctx, "room:probe", "second"); err != nil {
		t.Fatalf("the second room writes: %v", err)
	}
	cut.Store(false)
	select {
	case err := <-kept:
		if err == nil || !strings.Contains(err.Error(), second.holder) {
			t.Errorf("the first room's lease keeper: %v, want it to stop naming the second", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first room went on after the second took its lease")
	}
	if err := write(); !errors.Is(err, store.ErrFenced) {
		t.Errorf("the first room writes beside the second: %v", err)
	}
	if v, err := other.Value(ctx, "room:probe"); err != nil || v != "second" {
		t.Errorf("probe %q %v, want the second room's", v, err)
	}
}

// A room whose own clock says its lease still holds, while a second room
// took it over (the first's clock behind the second's by more than the
// lease's margin, or its commit delayed on the network past the lease's
// end), commits no transaction once the lease names the second: the
// database's lease decides, not the first's clock.
func TestARoomWhoseLeaseAnotherTookCommitsNothingWhateverItsClock(t *testing.T) {
	ctx := context.Background()
	_, path := tempDB(t)
	s := openMigrated(t, path)
	l, err := takeRoomFor(ctx, s, slog.New(slog.DiscardHandler), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	var acc [2]store.Account
	for i := range acc {
		if acc[i], err = s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: fmt.Sprint("probe", i)}); err != nil {
			t.Fatal(err)
		}
	}
	bank := func() error {
		_, err := s.Transfer(ctx, store.Transfer{From: acc[0].ID, To: acc[1].ID, Amount: 5, Reason: "probe"})
		return err
	}
	if err := bank(); err != nil {
		t.Fatalf("the first room writes holding its lease: %v", err)
	}
	// The second room's clock is two minutes ahead: for it, the first's
	// lease ran out.
	later := time.Now().Add(2 * time.Minute)
	if ok, other, _, err := s.TakeLease(ctx, roomLeaseKey, "pid 2 on elsewhere (x)", later, later.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("the second room takes the lease: %v %q %v", ok, other, err)
	}
	if err := l.check(); err != nil {
		t.Fatalf("the first room's own fence: %v, want it to believe it holds the lease", err)
	}
	if err := bank(); !errors.Is(err, store.ErrFenced) || !strings.Contains(err.Error(), "elsewhere") {
		t.Errorf("the first room writes beside the second: %v, want it refused naming the second", err)
	}
}

// A room renews its lease from the moment it takes it, not only once it
// has started: the renewals began with the program's parts, after the
// room restored its tables and ran its chip audit, so that a start (or
// anything before the parts run) longer than the lease's 25 s had the
// fence refuse the room's own writes (the start failed, on a big room
// every time) and the lease run out for a second room to take.
func TestARoomRenewsItsLeaseWhileItStarts(t *testing.T) {
	defer func(ttl time.Duration) { programLeaseTTL = ttl }(programLeaseTTL)
	programLeaseTTL = 600 * time.Millisecond
	env, _ := tempDB(t)
	env["CONSOLE"] = "on"
	cfg, _, err := config.Load("run", nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{cfg: cfg, log: slog.New(slog.DiscardHandler), stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string { return env[k] }}
	ctx := context.Background()
	p, err := openProgram(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	time.Sleep(3 * programLeaseTTL) // a start as long as three leases
	if err := p.store.SetValue(ctx, "room:probe", "started"); err != nil {
		t.Errorf("the room's write after a long start: %v", err)
	}
}

// openMigrated opens and migrates the database at path for a test, closed
// when it ends.
func openMigrated(t *testing.T, path string) *store.Store {
	t.Helper()
	loc, err := store.ParseURL(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(context.Background(), loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}
