// Package console is a terminal chat with the poker room: one group chat
// ("group") and its users, typed at one keyboard. It is what `pokerroom
// run` starts when no platform token is set, and what `pokerroom console
// --script FILE` plays non-interactively.
//
// Lines starting with a slash are the room's commands (/join, /call,
// /raise 40 ...), sent as the current user; "ana: /call" sends one as
// ana, and "as ana" (or /as ana) makes ana the current user. The console's
// own commands are help, status, as and quit. Every message the room sends
// is printed with its audience: [group] for the chat, [ana] for what only
// ana sees. On a terminal the table is redrawn in place.
package console

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Platform is the console's platform name; Chat its one group chat, and
// SpectatorChat the one chat /spectate may send its summaries to (printed
// as [spectators]).
const (
	Platform      = "console"
	Chat          = "group"
	SpectatorChat = "spectators"
)

// Status is what the status command shows. It never holds a secret.
type Status struct {
	Backend       string // "sqlite" or "postgres"
	Database      string // SQLite file, or PostgreSQL URL without its password
	SchemaVersion int
	Telegram      bool // a Telegram token is configured
	Discord       bool // a Discord token is configured
}

// StatusFunc reports the current status.
type StatusFunc func(context.Context) (Status, error)

// Room is what the console needs of the room.
type Room interface {
	Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error)
	Settle(ctx context.Context) error
}

// FakeClock is the clock of a script: `sleep 30s` moves it, firing the
// room's timers in order.
type FakeClock interface {
	Now() time.Time
	Next() (time.Time, bool)
	Set(t time.Time) int
}

// Console is one terminal session.
type Console struct {
	In     io.Reader
	Out    io.Writer
	Status StatusFunc
	// Room plays the commands; Sink must be the Enqueuer the room sends
	// the console's messages to.
	Room Room
	Sink *Sink
	// User is the current user (default "you").
	User string
	// Script: no prompt, each input line echoed, the room settled after
	// every line, so that the transcript is the same at every run.
	Script bool
	// Clock, in a script, is moved by sleep lines.
	Clock FakeClock
	// Welcome is run before the first line: the newcomer's table.
	Welcome func(ctx context.Context, c *Console) error
	// Lang, when set, is the language the room speaks to a user here
	// (their /lang, else the chat's: DEFAULT_LANG); the console's own
	// lines speak it too. nil: English.
	Lang func(ctx context.Context, user string) string
}

// Sink prints the room's messages: every one with its audience, or on a
// terminal (Redraw) the latest table message redrawn in place above the
// other messages.
type Sink struct {
	mu     sync.Mutex
	out    io.Writer
	redraw bool
	// held keeps the room's messages while a script's command runs, so
	// that they print after its reply: grouped by the actor that sent
	// them (the room, then tournaments, then tables, each by number),
	// each actor's in the order it sent them. Actors run at once; so a
	// script's transcript is the same on every run.
	holding bool
	held    []heldMsg
	table   string   // the latest table message, when redrawing
	log     []string // the latest other lines, when redrawing
	// FileDir is the folder files for players (/export) are written in;
	// "" is the working directory.
	FileDir string
	// Colour writes views in a terminal's colours: the title and the
	// player to act bold, notes dim, red suits red. Scripts and goldens
	// are plain text.
	Colour bool
}

// NewSink returns a sink writing to out; redraw repaints the screen (for a
// terminal), in colour (bot/view's ANSI form) unless the NO_COLOR
// environment variable is set (https://no-color.org).
func NewSink(out io.Writer, redraw bool) *Sink {
	return &Sink{out: out, redraw: redraw, Colour: redraw && os.Getenv("NO_COLOR") == ""}
}

var _ bot.Enqueuer = (*Sink)(nil)

// Enqueue prints m at once.
func (s *Sink) Enqueue(m bot.Outgoing) error {
	v, ok := m.Body.(bot.View)
	if !ok {
		return fmt.Errorf("console: message body %T is not a view", m.Body)
	}
	aud := "group"
	switch {
	case m.To.Private():
		aud = m.To.User
	case m.To.Chat == SpectatorChat:
		aud = SpectatorChat
	case m.To.Chat != Chat:
		aud = "spectators:" + m.To.Chat
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	text := Render(v)
	if s.Colour {
		text = RenderColour(v)
	}
	// The room's messages (the table, summaries, news) read of the
	// console's user in the second person, as its answers do (Print).
	text = secondPerson(text)
	if v.File != nil {
		text = s.writeFile(v)
	}
	if s.redraw && v.Kind == bot.ViewTable && !m.To.Private() && m.To.Chat == Chat {
		s.table = text
		s.paint()
		return nil
	}
	lines := prefix(aud, text)
	if s.redraw {
		s.log = append(s.log, lines...)
		if len(s.log) > 14 {
			s.log = s.log[len(s.log)-14:]
		}
		s.paint()
		return nil
	}
	if s.holding {
		s.held = append(s.held, heldMsg{source: m.Source, lines: lines})
		return nil
	}
	_, err := io.WriteString(s.out, strings.Join(lines, "\n")+"\n")
	return err
}

// hold keeps the room's messages until release.
func (s *Sink) hold() {
	s.mu.Lock()
	s.holding = true
	s.mu.Unlock()
}

// release prints the messages held.
func (s *Sink) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.holding = false
	sort.SliceStable(s.held, func(i, j int) bool { return sourceBefore(s.held[i].source, s.held[j].source) })
	var lines []string
	for _, h := range s.held {
		lines = append(lines, h.lines...)
	}
	if len(lines) > 0 {
		_, _ = io.WriteString(s.out, strings.Join(lines, "\n")+"\n")
	}
	s.held = nil
}

// heldMsg is a message held during a script's command.
type heldMsg struct {
	source string
	lines  []string
}

// sourceBefore orders the actors that sent messages: the room's own
// first, then tournaments, then tables, each by number.
func sourceBefore(a, b string) bool {
	rank := func(s string) (int, int64) {
		kind, id, _ := strings.Cut(s, ":")
		n, _ := strconv.ParseInt(id, 10, 64)
		switch kind {
		case "":
			return 0, 0
		case "tourney":
			return 1, n
		case "table":
			return 2, n
		}
		return 3, n
	}
	ra, na := rank(a)
	rb, nb := rank(b)
	if ra != rb {
		return ra < rb
	}
	return na < nb
}

// Print prints a console line (a reply or an echo) through the sink.
func (s *Sink) Print(aud, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	text = secondPerson(text)
	if s.Colour {
		text = view.ColourCards(text)
	}
	lines := prefix(aud, text)
	if s.redraw {
		s.log = append(s.log, lines...)
		if len(s.log) > 14 {
			s.log = s.log[len(s.log)-14:]
		}
		s.paint()
		return
	}
	_, _ = io.WriteString(s.out, strings.Join(lines, "\n")+"\n")
}

// paint clears the terminal and draws the table, then the latest lines.
func (s *Sink) paint() {
	var b strings.Builder
	b.WriteString("\x1b[H\x1b[2J")
	if s.table != "" {
		b.WriteString(strings.Join(prefix("group", s.table), "\n") + "\n\n")
	}
	b.WriteString(strings.Join(s.log, "\n"))
	b.WriteString("\n> ")
	_, _ = io.WriteString(s.out, b.String())
}

func prefix(aud, text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		out = append(out, "["+aud+"] "+l)
	}
	return out
}

// Render shows a view as text: its lines, then its buttons with the
// command each stands for.
func Render(v bot.View) string { return withButtons(v.Text, v) }

// RenderColour is Render in a terminal's colours (bot/view's ANSI form).
func RenderColour(v bot.View) string {
	return withButtons(view.ANSI(bot.RichOf(v)), v)
}

// withButtons is text, then v's buttons with the command each stands for.
func withButtons(text string, v bot.View) string {
	for _, row := range v.Buttons {
		var parts []string
		for _, b := range row {
			parts = append(parts, fmt.Sprintf("[%s: %s]", b.Label, b.Command))
		}
		text += "\n" + strings.Join(parts, " ")
	}
	return text
}

// Run reads and answers lines until the user quits (nil), the input ends
// ([io.EOF]), or ctx is cancelled (ctx.Err()). Another error means the
// input or output failed.
//
// Reading happens on its own goroutine, since a read from a terminal
// cannot be interrupted; after a cancellation that goroutine ends at the
// next line or when In is closed.
func (c *Console) Run(ctx context.Context) error {
	if c.User == "" {
		c.User = "you"
	}
	if c.Sink == nil {
		c.Sink = NewSink(c.Out, false)
	}
	lines := make(chan line)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() { readErr <- readLines(c.In, lines, stop) }()

	if !c.Script {
		c.Sink.Print("console", c.text(ctx, c.User, "greeting"))
	}
	if c.Welcome != nil {
		if err := c.Welcome(ctx, c); err != nil {
			return err
		}
	}
	for {
		if !c.Script && c.Sink != nil && !c.Sink.redraw {
			if _, err := fmt.Fprint(c.Out, "> "); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			fmt.Fprintln(c.Out)
			return ctx.Err()
		case err := <-readErr:
			if !c.Script {
				fmt.Fprintln(c.Out)
			}
			if err != nil {
				return fmt.Errorf("console input: %w", err)
			}
			return io.EOF
		case l := <-lines:
			if l.tooLong {
				c.Sink.Print("console", c.text(ctx, c.User, "too_long", MaxLine))
				continue
			}
			quit, err := c.handle(ctx, l.text)
			if err != nil {
				return err
			}
			if quit {
				return nil
			}
		}
	}
}

// MaxLine is the longest input line the console reads; a longer line is
// answered as too long and skipped, not taken as a failure of the input.
const MaxLine = 4096

// line is one input line; a line over MaxLine bytes comes as tooLong only.
type line struct {
	text    string
	tooLong bool
}

// readLines sends the lines of in (without their line ends) until in
// ends (nil) or fails, or stop is closed (nil).
func readLines(in io.Reader, lines chan<- line, stop <-chan struct{}) error {
	br := bufio.NewReaderSize(in, MaxLine+len("\r\n"))
	for first := true; ; first = false {
		b, more, err := br.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if first {
			b = bytes.TrimPrefix(b, []byte("\ufeff")) // a byte order mark (a script saved by Notepad)
		}
		l := line{text: string(b), tooLong: len(b) > MaxLine}
		for more { // skip the rest of a line longer than the buffer
			l = line{tooLong: true}
			if _, more, err = br.ReadLine(); err != nil && !errors.Is(err, io.EOF) {
				return err
			}
		}
		select {
		case lines <- l:
		case <-stop:
			return nil
		}
	}
}

// userRE is a user name: letters, digits, dot, dash, underscore.
var userRE = regexp.MustCompile(`^[\p{L}\p{N}._-]{1,32}$`)

// audience reports whether name is one of the console's own labels of
// its lines' audiences ([group], [spectators], [console], [script]),
// which a user may not take: their private lines would read as the
// group's (their hole cards as shown to the chat). aud is the label.
func audience(name string) (aud string, taken bool) {
	for _, a := range []string{Chat, SpectatorChat, "console", "script"} {
		if strings.EqualFold(name, a) {
			return a, true
		}
	}
	return "", false
}

// roomLine reports whether line is a room command: "/" and a name, or,
// in the console, a room command's name without the slash ("call",
// "raise 40", "join #2"). The console's own words (help, status, as,
// sleep, quit) are the console's without a slash.
func roomLine(line string) bool {
	if strings.HasPrefix(line, "/") {
		return true
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch w := strings.ToLower(f[0]); w {
	case "help", "status", "as", "sleep", "quit", "exit":
		return false
	default:
		_, _, ok := bot.LookupCommand(w, nil)
		return ok
	}
}

// handle answers one line. The error is an output failure or a broken
// room (a script stops there).
func (c *Console) handle(ctx context.Context, text string) (quit bool, err error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return false, nil
	}
	if strings.HasPrefix(text, "#") {
		if c.Script {
			c.Sink.Print("script", text)
		}
		return false, nil
	}
	user := c.User
	if who, rest, ok := strings.Cut(text, ":"); ok && userRE.MatchString(strings.TrimSpace(who)) && roomLine(strings.TrimSpace(rest)) {
		if aud, taken := audience(strings.TrimSpace(who)); taken {
			c.Sink.Print("console", c.text(ctx, user, "as_audience", strings.TrimSpace(who), aud))
			return false, nil
		}
		user, text = strings.TrimSpace(who), strings.TrimSpace(rest)
	}
	fields := strings.Fields(text)
	if c.Script {
		if strings.HasPrefix(text, "/") {
			c.Sink.Print("script", "> "+user+": "+text)
		} else {
			c.Sink.Print("script", "> "+text)
		}
	}
	word := strings.ToLower(fields[0])
	switch strings.TrimPrefix(word, "/") {
	case "quit", "exit":
		if len(fields) == 1 {
			return true, nil
		}
		c.Sink.Print("console", c.text(ctx, user, "quit_args", word))
		return false, nil
	case "status":
		if !strings.HasPrefix(word, "/") || c.Room == nil {
			return false, c.status(ctx, user, len(fields) > 1)
		}
	case "as":
		if len(fields) != 2 || !userRE.MatchString(fields[1]) {
			c.Sink.Print("console", c.text(ctx, user, "as_usage"))
			return false, nil
		}
		if aud, taken := audience(fields[1]); taken {
			c.Sink.Print("console", c.text(ctx, user, "as_audience", fields[1], aud))
			return false, nil
		}
		c.User = fields[1]
		c.Sink.Print("console", c.text(ctx, c.User, "as_now", c.User))
		return false, nil
	case "sleep":
		return false, c.sleep(ctx, fields[1:])
	case "help":
		if !strings.HasPrefix(word, "/") {
			c.Sink.Print("console", c.text(ctx, user, "help"))
			return false, nil
		}
	}
	if !strings.HasPrefix(word, "/") {
		if !roomLine(text) {
			c.Sink.Print("console", c.text(ctx, user, "unknown", fields[0]))
			return false, nil
		}
		text = "/" + text // "call", "raise 40": a room command typed without its slash
	}
	if c.Room == nil {
		c.Sink.Print("console", c.text(ctx, user, "no_room"))
		return false, nil
	}
	name, args, ok := bot.ParseCommand(text)
	if !ok {
		c.Sink.Print(user, c.text(ctx, user, "not_cmd", fields[0]))
		return false, nil
	}
	if c.Script {
		c.Sink.hold()
		defer c.Sink.release()
	}
	reply, err := c.Room.Handle(ctx, bot.Command{Platform: Platform, Chat: Chat, ChatTitle: "console", User: user, UserName: user,
		Name: name, Args: args})
	switch {
	case bot.IsSilenced(err): // over the user's command limit: no answer
	case err != nil:
		var e *bot.Error
		if errors.As(err, &e) {
			c.Sink.Print(user, bot.Translate(e, bot.English))
		} else {
			c.Sink.Print(user, err.Error())
		}
	case reply.Text != "" && reply.Private:
		c.Sink.Print(user, reply.Text)
	case reply.Text != "":
		c.Sink.Print("group", reply.Text)
	}
	if c.Script {
		if err := c.Room.Settle(ctx); err != nil {
			return false, fmt.Errorf("console: the room did not settle: %w", err)
		}
	}
	return false, nil // the held messages print now (release)
}

// sleep moves a script's clock, firing the room's timers one deadline at a
// time.
func (c *Console) sleep(ctx context.Context, args []string) error {
	if len(args) != 1 {
		c.Sink.Print("console", c.text(ctx, c.User, "sleep_usage"))
		return nil
	}
	d, err := time.ParseDuration(args[0])
	if err != nil || d < 0 || d > 24*time.Hour {
		c.Sink.Print("console", c.text(ctx, c.User, "sleep_bad", args[0]))
		return nil
	}
	if c.Clock == nil {
		c.Sink.Print("console", c.text(ctx, c.User, "sleep_live"))
		return nil
	}
	c.Sink.hold()
	defer c.Sink.release()
	target := c.Clock.Now().Add(d)
	for {
		next, ok := c.Clock.Next()
		if !ok || next.After(target) {
			break
		}
		c.Clock.Set(next)
		if err := c.Room.Settle(ctx); err != nil {
			return err
		}
	}
	c.Clock.Set(target)
	return c.Room.Settle(ctx)
}

func (c *Console) status(ctx context.Context, user string, args bool) error {
	if args {
		c.Sink.Print("console", c.text(ctx, user, "status_no"))
		return nil
	}
	if c.Status == nil {
		c.Sink.Print("console", c.text(ctx, user, "status_off", "no status source"))
		return nil
	}
	st, err := c.Status(ctx)
	if err != nil {
		c.Sink.Print("console", c.text(ctx, user, "status_off", err))
		return nil
	}
	configured := func(b bool) string {
		if b {
			return c.text(ctx, user, "token_set")
		}
		return c.text(ctx, user, "token_unset")
	}
	c.Sink.Print("console", c.text(ctx, user, "status", st.Backend, st.Database, st.SchemaVersion, configured(st.Telegram), configured(st.Discord)))
	return nil
}

// Admins makes every console user an admin of the console's chat: it is
// one person at one keyboard.
var Admins = bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })

// Spectators implements bot.Spectators for the console: it knows its own
// chats only, and summaries may go to SpectatorChat; any other target is
// refused as no chat it knows. Nothing is asked of a network.
var Spectators = bot.SpectatorsFunc(func(_ context.Context, _, _, target string) (string, error) {
	if target != SpectatorChat {
		return "", fmt.Errorf("%w: the console has the chats %q and %q", bot.ErrSpectateNoChat, Chat, SpectatorChat)
	}
	return target, nil
})
