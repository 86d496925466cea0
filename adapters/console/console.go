// Package console is a terminal chat with pokerroom: it reads commands from
// a line-oriented input (stdin) and writes answers to an output (stdout).
// It is what `pokerroom run` starts when no platform token is set.
//
// For now it offers the commands that are real in this build: help,
// status and quit. Every other line gets a one-line, specific error.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
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

// Console is one terminal session.
type Console struct {
	In     io.Reader
	Out    io.Writer
	Status StatusFunc
}

// Run reads and answers commands until the user quits (nil), the input
// ends ([io.EOF]), or ctx is cancelled (ctx.Err()). Another error means
// the input or output failed.
//
// Reading happens on its own goroutine, since a read from a terminal
// cannot be interrupted; after a cancellation that goroutine ends at the
// next line or when In is closed.
func (c *Console) Run(ctx context.Context) error {
	lines := make(chan string)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		sc := bufio.NewScanner(c.In)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-stop:
				return
			}
		}
		readErr <- sc.Err()
	}()

	if _, err := fmt.Fprintln(c.Out, "pokerroom console: type help for the commands, quit or Ctrl-D to leave."); err != nil {
		return err
	}
	for {
		if _, err := fmt.Fprint(c.Out, "> "); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			fmt.Fprintln(c.Out)
			return ctx.Err()
		case err := <-readErr:
			fmt.Fprintln(c.Out)
			if err != nil {
				return fmt.Errorf("console input: %w", err)
			}
			return io.EOF
		case line := <-lines:
			quit, err := c.handle(ctx, line)
			if err != nil {
				return err
			}
			if quit {
				return nil
			}
		}
	}
}

type command struct {
	name, help string
	run        func(c *Console, ctx context.Context) (quit bool, err error)
}

var commands []command

func init() {
	commands = []command{
		{"help", "list the commands", (*Console).help},
		{"status", "show the database and which platforms are configured", (*Console).status},
		{"quit", "leave the console", func(*Console, context.Context) (bool, error) { return true, nil }},
	}
}

// handle answers one line. The error is an output failure only.
func (c *Console) handle(ctx context.Context, line string) (quit bool, err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false, nil
	}
	name := strings.ToLower(strings.TrimPrefix(fields[0], "/"))
	for _, cmd := range commands {
		if cmd.name != name {
			continue
		}
		if len(fields) > 1 {
			_, err := fmt.Fprintf(c.Out, "%s takes no arguments; try %s\n", cmd.name, cmd.name)
			return false, err
		}
		return cmd.run(c, ctx)
	}
	_, err = fmt.Fprintf(c.Out, "unknown command %q; try help\n", fields[0])
	return false, err
}

func (c *Console) help(context.Context) (bool, error) {
	var b strings.Builder
	b.WriteString("commands:\n")
	for _, cmd := range commands {
		fmt.Fprintf(&b, "  %-7s %s\n", cmd.name, cmd.help)
	}
	b.WriteString("Tables and games come in later releases.\n")
	_, err := io.WriteString(c.Out, b.String())
	return false, err
}

func (c *Console) status(ctx context.Context) (bool, error) {
	if c.Status == nil {
		return false, errors.New("console: no status source")
	}
	st, err := c.Status(ctx)
	if err != nil {
		_, werr := fmt.Fprintf(c.Out, "status unavailable: %v\n", err)
		return false, werr
	}
	configured := func(b bool) string {
		if b {
			return "token configured"
		}
		return "not configured"
	}
	_, err = fmt.Fprintf(c.Out, "database: %s %s\nschema version: %d\ntelegram: %s\ndiscord: %s\n",
		st.Backend, st.Database, st.SchemaVersion, configured(st.Telegram), configured(st.Discord))
	return false, err
}
