package main

import (
	"context"
	"io"
	"strings"
	"testing"
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
