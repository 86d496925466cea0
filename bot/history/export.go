package history

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/phh"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// Format is an export's file format.
type Format int

// The formats.
const (
	// FormatPokerStars is PokerStars hand-history text (.txt).
	FormatPokerStars Format = iota + 1
	// FormatPHH is a PHH file of many hands (.phhs), one [table] per hand.
	FormatPHH
)

// ParseFormat reads a format's name: "pokerstars" or "phh".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "pokerstars":
		return FormatPokerStars, nil
	case "phh":
		return FormatPHH, nil
	}
	return 0, fmt.Errorf("unknown format %q (accepted: pokerstars, phh)", s)
}

// String is the format's name.
func (f Format) String() string {
	switch f {
	case FormatPokerStars:
		return "pokerstars"
	case FormatPHH:
		return "phh"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Options configure an Exporter.
type Options struct {
	// Location is the room's time zone, the hands' times are written in;
	// nil is UTC.
	Location *time.Location
	// Player is the exporting player's id: their hole cards are written,
	// and only the hands they were dealt in. 0 exports every hand with
	// nobody's hole cards but the shown ones (an operator's export).
	Player int64
	// Refused, when set, is told of every hand the format's writer
	// refused, with why; the export goes on.
	Refused func(handID int64, err error)
}

// Summary counts what an export did with the hands it was given: every
// hand is written or counted in one of the others.
type Summary struct {
	Written int
	// Playing, Voided and Broken hands were skipped: still being played,
	// voided as misdeals, stored records that cannot be read back whole.
	Playing, Voided, Broken int
	// NotPlayer hands were skipped in a player's export: the player was
	// not dealt in (or the hand was stored before tags named the players).
	NotPlayer int
	// Refused hands the format's writer could not write.
	Refused int
}

// Skipped is the number of hands not written.
func (s Summary) Skipped() int { return s.Playing + s.Voided + s.Broken + s.NotPlayer + s.Refused }

// String is the summary for an operator: "written 10 hands; skipped 2 (1
// being played, 1 voided, 0 broken, 0 not the player's, 0 refused)".
func (s Summary) String() string {
	return fmt.Sprintf("written %d hands; skipped %d (%d being played, %d voided, %d broken, %d not the player's, %d refused by the format)",
		s.Written, s.Skipped(), s.Playing, s.Voided, s.Broken, s.NotPlayer, s.Refused)
}

// Exporter writes stored hands to one io.Writer as they come, keeping one
// at a time. It is not safe for concurrent use.
type Exporter struct {
	format Format
	opts   Options
	bw     *bufio.Writer
	ps     *pokerstars.Writer
	buf    bytes.Buffer // one PHH hand
	sum    Summary
	err    error
}

// NewExporter returns an Exporter writing hands to w in format f (a format
// ParseFormat returns). Call Flush after the last hand.
func NewExporter(w io.Writer, f Format, opts Options) *Exporter {
	e := &Exporter{format: f, opts: opts, bw: bufio.NewWriterSize(w, 64<<10)}
	e.ps = pokerstars.NewWriter(e.bw)
	return e
}

// Summary returns what the export did so far.
func (e *Exporter) Summary() Summary { return e.sum }

// Flush writes what is buffered to the underlying writer.
func (e *Exporter) Flush() error {
	if e.err != nil {
		return e.err
	}
	if err := e.bw.Flush(); err != nil {
		e.err = fmt.Errorf("history: write: %w", err)
	}
	return e.err
}

// Write exports one stored hand, or counts it as skipped (see Summary).
// The only error is the underlying writer's (or an unknown format), after
// which every call returns it: a hand that cannot be exported is not an
// error.
func (e *Exporter) Write(s Stored) error {
	if e.err != nil {
		return e.err
	}
	tag, hero, ok := e.exportable(s.Hand)
	if !ok {
		return nil
	}
	var refused error
	switch e.format {
	case FormatPokerStars:
		err := e.ps.Write(PokerStars(s, tag, hero, e.opts.Location))
		if errors.Is(err, pokerstars.ErrHand) {
			refused = err
		} else if err != nil {
			e.err = err
		}
	case FormatPHH:
		refused = e.writePHH(s, tag, hero)
	default:
		e.err = fmt.Errorf("history: unknown format %d", int(e.format))
	}
	switch {
	case e.err != nil:
		return e.err
	case refused != nil:
		e.sum.Refused++
		if e.opts.Refused != nil {
			e.opts.Refused(s.Hand.ID, refused)
		}
		return nil
	}
	e.sum.Written++
	return nil
}

// exportable returns a hand's tag and hero, false (the hand counted as
// skipped) when it is not to be exported.
func (e *Exporter) exportable(h bot.HandRecord) (bot.HandTag, int, bool) {
	if err := Skip(h); err != nil {
		switch {
		case errors.Is(err, ErrBroken):
			e.sum.Broken++
		case errors.Is(err, ErrVoided):
			e.sum.Voided++
		default:
			e.sum.Playing++
		}
		return bot.HandTag{}, 0, false
	}
	tag, err := bot.ParseHandTag(h.Setup.Tag)
	if err != nil {
		tag = bot.HandTag{} // seats named "Seat N"; no player to find
	}
	hero, ok := Hero(tag, e.opts.Player)
	if !ok {
		e.sum.NotPlayer++
	}
	return tag, hero, ok
}

// writePHH writes one hand as a [table] of a .phhs file (a blank line
// between hands) and returns why PHH refused it, if it did; a failure of
// the underlying writer is e.err.
func (e *Exporter) writePHH(s Stored, tag bot.HandTag, hero int) error {
	rec, err := PHH(s, tag, hero, e.opts.Location)
	if err != nil {
		return err
	}
	e.buf.Reset()
	if e.sum.Written > 0 {
		e.buf.WriteByte('\n')
	}
	if err := phh.Write(&e.buf, rec); err != nil {
		return err // the buffer does not fail: PHH refused the hand
	}
	if _, err := e.bw.Write(e.buf.Bytes()); err != nil {
		e.err = fmt.Errorf("history: write: %w", err)
	}
	return nil
}
