package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// blocker is a part that runs until its context is cancelled.
func blocker(name string, stopped *atomic.Int32) part {
	return part{name: name, run: func(ctx context.Context) error {
		<-ctx.Done()
		stopped.Add(1)
		return ctx.Err()
	}}
}

func TestSuperviseAFailingPartStopsTheOthers(t *testing.T) {
	var stopped atomic.Int32
	boom := errors.New("boom")
	parts := []part{blocker("a", &stopped), {name: "bad", run: func(context.Context) error { return boom }}, blocker("b", &stopped)}
	err := supervise(context.Background(), parts)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "bad: boom") {
		t.Fatalf("supervise: %v, want the failing part's error", err)
	}
	if stopped.Load() != 2 {
		t.Fatalf("%d of 2 other parts stopped", stopped.Load())
	}
}

func TestSuperviseAStopRequestStopsAllWithoutError(t *testing.T) {
	var stopped atomic.Int32
	parts := []part{blocker("http", &stopped), {name: "console", run: func(context.Context) error { return errStop }}}
	if err := supervise(context.Background(), parts); err != nil {
		t.Fatalf("supervise: %v", err)
	}
	if stopped.Load() != 1 {
		t.Fatal("the server was not stopped")
	}
}

func TestSuperviseAFinishedPartLeavesTheOthersRunning(t *testing.T) {
	var stopped atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- supervise(ctx, []part{blocker("http", &stopped), {name: "console", run: func(context.Context) error { return nil }}})
	}()
	select {
	case err := <-done:
		t.Fatalf("supervise returned %v while a part still runs", err)
	case <-time.After(50 * time.Millisecond):
	}
	cancel()
	select {
	case err := <-done:
		if err != nil || stopped.Load() != 1 {
			t.Fatalf("after cancel: %v, %d stopped", err, stopped.Load())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("cancel did not stop the program")
	}
}

func TestProgramCloseReportsEveryError(t *testing.T) {
	var order []string
	p := &program{log: slog.New(slog.NewTextHandler(io.Discard, nil)), parts: []part{
		{name: "first", close: func(context.Context) error { order = append(order, "first"); return errors.New("first failed") }},
		{name: "second", close: func(ctx context.Context) error {
			order = append(order, "second")
			if _, ok := ctx.Deadline(); !ok {
				return errors.New("no deadline")
			}
			return errors.New("second failed")
		}},
	}}
	err := p.Close()
	if err == nil || !strings.Contains(err.Error(), "close first: first failed") || !strings.Contains(err.Error(), "close second: second failed") {
		t.Fatalf("Close: %v", err)
	}
	if strings.Join(order, ",") != "second,first" {
		t.Fatalf("closed in order %v, want reverse", order)
	}
}
