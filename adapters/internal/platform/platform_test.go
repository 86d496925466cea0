package platform

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// A platform going away and coming back is logged once per change, not at
// every failed or successful call.
func TestStatusLogsOncePerChange(t *testing.T) {
	var buf bytes.Buffer
	s := Status{Name: "Discord", Log: slog.New(slog.NewTextHandler(&buf, nil))}
	s.Set(true, nil) // up from the start: nothing to say
	for range 3 {
		s.Set(false, errors.New("connection refused"))
	}
	for range 3 {
		s.Set(true, nil)
	}
	out := buf.String()
	if strings.Count(out, "Discord is unreachable") != 1 || strings.Count(out, "Discord is reachable") != 1 || !strings.Contains(out, "connection refused") {
		t.Fatalf("logged:\n%s", out)
	}
}

// Sleep ends early when its context does.
func TestSleepHonoursTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if Sleep(ctx, time.Hour) {
		t.Fatal("Sleep waited an hour on an ended context")
	}
	if !Sleep(context.Background(), time.Millisecond) {
		t.Fatal("Sleep reported an ended context")
	}
}
