package console

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

func fixedStatus(context.Context) (Status, error) {
	return Status{Backend: "sqlite", Database: "/tmp/x.db", SchemaVersion: 3, Telegram: false, Discord: true}, nil
}

func run(t *testing.T, input string, status StatusFunc) (string, error) {
	t.Helper()
	var out bytes.Buffer
	c := &Console{In: strings.NewReader(input), Out: &out, Status: status}
	err := c.Run(context.Background())
	return out.String(), err
}

func TestCommandsAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		want        []string
		wantErr     error
	}{
		{"help lists every command", "help\n", []string{"help ", "status ", "quit "}, io.EOF},
		{"case is ignored", "HELP\n", []string{"console commands:"}, io.EOF},
		{"status shows the database and platforms", "status\n", []string{"database: sqlite /tmp/x.db", "schema version: 3", "telegram: not configured", "discord: token configured"}, io.EOF},
		{"unknown command names itself", "foo bar\n", []string{`unknown command "foo"; try help`}, io.EOF},
		{"arguments are refused", "status now\n", []string{"status takes no arguments"}, io.EOF},
		{"blank lines are ignored", "\n   \n", []string{"> > > "}, io.EOF},
		{"quit stops before the rest", "quit\nhelp\n", nil, nil},
		{"last line without newline still runs", "status", []string{"schema version: 3"}, io.EOF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, tc.input, fixedStatus)
			if !errors.Is(err, tc.wantErr) && err != tc.wantErr {
				t.Errorf("Run error = %v, want %v", err, tc.wantErr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if tc.name == "quit stops before the rest" && strings.Contains(out, "commands:") {
				t.Errorf("a command after quit ran:\n%s", out)
			}
		})
	}
}

func TestStatusErrorIsOneLine(t *testing.T) {
	out, err := run(t, "status\n", func(context.Context) (Status, error) { return Status{}, errors.New("database is gone") })
	if !errors.Is(err, io.EOF) {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(out, "status unavailable: database is gone\n") {
		t.Errorf("output:\n%s", out)
	}
}

func TestCancelStopsAWaitingConsole(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	out := &notifyWriter{seen: make(chan struct{}), want: "schema version"}
	done := make(chan error, 1)
	go func() { done <- (&Console{In: pr, Out: out, Status: fixedStatus}).Run(ctx) }()
	if _, err := io.WriteString(pw, "status\n"); err != nil {
		t.Fatal(err)
	}
	<-out.seen // the console answered and waits for the next line
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run after cancel = %v, want context.Canceled", err)
	}
}

// notifyWriter closes seen once want has been written.
type notifyWriter struct {
	buf  bytes.Buffer
	want string
	seen chan struct{}
	done bool
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	if !w.done && strings.Contains(w.buf.String(), w.want) {
		w.done = true
		close(w.seen)
	}
	return len(p), nil
}

// A line longer than the console reads is answered and skipped; it does
// not end the session as an input failure.
func TestOverlongLineIsAnsweredAndSkipped(t *testing.T) {
	for _, tc := range []struct {
		name, input string
	}{
		{"then a command", strings.Repeat("x", 100_000) + "\nstatus\n"},
		{"as the last line without newline", "status\n" + strings.Repeat("y", MaxLine+1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := run(t, tc.input, fixedStatus)
			if !errors.Is(err, io.EOF) {
				t.Errorf("Run error = %v, want io.EOF", err)
			}
			if !strings.Contains(out, "line too long") || !strings.Contains(out, "schema version: 3") {
				t.Errorf("output:\n%s", out)
			}
			if strings.Contains(out, "xxx") || strings.Contains(out, "yyy") {
				t.Errorf("the overlong line was echoed:\n%s", out)
			}
		})
	}
	// A line of exactly MaxLine bytes is still a line.
	out, _ := run(t, "status"+strings.Repeat(" ", MaxLine-len("status"))+"\n", fixedStatus)
	if strings.Contains(out, "line too long") || !strings.Contains(out, "schema version: 3") {
		t.Errorf("a line of MaxLine bytes:\n%s", out)
	}
}

// silentRoom silences every command (over its user's command limit, told
// once already) and answers "busy" to /busy.
type silentRoom struct{}

func (silentRoom) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Name == "busy" {
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	return bot.Reply{}, bot.ErrSilenced
}

func (silentRoom) Settle(context.Context) error { return nil }

func TestSilencedCommandsPrintNothing(t *testing.T) {
	var out bytes.Buffer
	c := &Console{In: strings.NewReader("/wallet\n/tables\n/busy\n"), Out: &out, Room: silentRoom{}, Sink: NewSink(&out, false)}
	if err := c.Run(context.Background()); !errors.Is(err, io.EOF) {
		t.Fatalf("Run: %v", err)
	}
	got := out.String()
	if strings.Contains(got, "fast") || strings.Count(got, "busy") != 1 {
		t.Fatalf("the silenced commands printed something, or the busy one nothing:\n%s", got)
	}
}

// A script's transcript is the same on every run: the messages held
// during a command print grouped by the actor that sent them (the room,
// tournaments, tables by number), each actor's in its own order.
func TestHeldMessagesPrintGroupedBySource(t *testing.T) {
	var out strings.Builder
	s := NewSink(&out, false)
	s.hold()
	for _, m := range []struct{ source, text string }{
		{"table:10", "t10 a"}, {"table:2", "t2 a"}, {"tourney:1", "T1 a"}, {"", "room"}, {"table:2", "t2 b"}, {"tourney:1", "T1 b"},
	} {
		if err := s.Enqueue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: Chat}, Source: m.source, Body: bot.View{Text: m.text}}); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 {
		t.Fatalf("printed while held: %q", out.String())
	}
	s.release()
	want := "[group] room\n[group] T1 a\n[group] T1 b\n[group] t2 a\n[group] t2 b\n[group] t10 a\n"
	if out.String() != want {
		t.Fatalf("released:\n%s\nwant:\n%s", out.String(), want)
	}
}

// Issue 23: on a terminal the console writes views in colour (the title
// bold, red suits red), answers with their cards coloured; in scripts and
// goldens (no terminal) it writes plain text.
func TestATerminalGetsColoursAndAScriptPlainText(t *testing.T) {
	r := bot.Rich{Title: bot.Line{bot.S("Table #1")}}
	r.Add("", bot.S("Board: "), bot.B("J♦ 4♠"))
	v := bot.View{Kind: bot.ViewTable, Text: r.Plain(), Rich: &r}
	for _, colour := range []bool{false, true} {
		var out strings.Builder
		s := NewSink(&out, false)
		s.Colour = colour
		if err := s.Enqueue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: Chat}, Body: v}); err != nil {
			t.Fatal(err)
		}
		s.Print("ana", "your cards 9♥ 2♣")
		got := out.String()
		coloured := strings.Contains(got, "\x1b[1mTable #1") && strings.Contains(got, "\x1b[31mJ♦") && strings.Contains(got, "\x1b[31m9♥")
		if colour != coloured || !colour && strings.Contains(got, "\x1b") {
			t.Errorf("colour %v:\n%q", colour, got)
		}
	}
	t.Setenv("NO_COLOR", "1")
	if NewSink(&strings.Builder{}, true).Colour {
		t.Error("NO_COLOR set, and the terminal is still in colour")
	}
}
