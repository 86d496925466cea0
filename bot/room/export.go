package room

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history"
)

// /export: a player's own hands as a file, sent privately (issue 24). It
// reads the store only (through bot.HandExports), in the command's own
// goroutine, never in a table's actor.

const (
	// ExportDefault is how many hands /export gives without a number.
	ExportDefault = 100
	// ExportMax is the most hands one export holds.
	ExportMax = 1000
	// ExportMaxBytes bounds an export's file, under every platform's limit
	// for a bot's file (Discord's 25 MB, Telegram's 50 MB).
	ExportMaxBytes = 8 << 20
	// exportTimeout bounds the reading and writing of an export.
	exportTimeout = 8 * time.Second
)

// exportArgs are /export's arguments: how many hands, or today's, or a
// tournament's; and the format.
type exportArgs struct {
	n       int
	today   bool
	tourney int64
	format  history.Format
}

// parseExportArgs reads "[n|today|T<n>] [phh|pokerstars]" in any order.
func parseExportArgs(args []string) (exportArgs, error) {
	a := exportArgs{format: history.FormatPokerStars}
	usage := bot.Errorf(bot.EInvalid, "export.usage", ExportDefault, ExportMax)
	ranges, formats := 0, 0
	for _, arg := range args {
		low := strings.ToLower(arg)
		if f, err := history.ParseFormat(low); err == nil {
			a.format, formats = f, formats+1
			continue
		}
		ranges++
		if n, ok := bot.CutTourneyLabel(arg); ok {
			a.tourney = n
			continue
		}
		if low == "today" || low == "hoy" {
			a.today = true
			continue
		}
		n, err := strconv.Atoi(arg)
		if err != nil {
			return a, usage
		}
		if n < 1 || n > ExportMax {
			return a, bot.Errorf(bot.EInvalid, "export.range", arg, ExportMax)
		}
		a.n = n
	}
	if ranges > 1 || formats > 1 {
		return a, usage
	}
	return a, nil
}

// query is the store's query for the arguments: a day's or a
// tournament's hands are all or none (at most ExportMax).
func (a exportArgs) query(p bot.Player, comm bot.Community, now time.Time, loc *time.Location) bot.PlayerHandsQuery {
	q := bot.PlayerHandsQuery{PlayerID: p.ID, CommunityID: comm.ID, TourneyID: a.tourney, Limit: a.n}
	if q.Limit == 0 {
		q.Limit = ExportDefault
	}
	if a.today {
		y, m, d := now.In(loc).Date()
		q.Since = time.Date(y, m, d, 0, 0, 0, 0, loc)
	}
	if a.today || a.tourney != 0 {
		q.Limit, q.All = ExportMax, true
	}
	return q
}

// exportCmd is /export: the player's hands of the community (in private:
// of every community), written in the format and sent to them privately
// as a file.
func (r *Room) exportCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang, mine string) (bot.Reply, error) {
	a, err := parseExportArgs(cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	loc := r.cfg.Location
	if loc == nil {
		loc = time.UTC
	}
	ctx, cancel := context.WithTimeout(ctx, exportTimeout)
	defer cancel()
	data, sum, err := r.exportHands(ctx, a, a.query(p, comm, r.clock.Now(), loc), loc)
	if err != nil {
		return bot.Reply{}, err
	}
	n := sum.Written
	name := exportName(a, r.clock.Now().In(loc))
	caption := tr(mine, "export.caption", n, exportFormatName(a.format))
	if sum.Refused > 0 {
		key := "export.refused"
		if a.format == history.FormatPHH {
			key = "export.refused_phh" // why PHH refuses, and where the hands are
		}
		caption += " " + tr(mine, key, sum.Refused, exportFormatName(a.format))
	}
	ob := r.cfg.Outboxes[cmd.Platform]
	if ob == nil {
		return bot.Reply{}, fmt.Errorf("export: no outbox for %s", cmd.Platform)
	}
	// Origin: the chat asked from, where an adapter that cannot reach the
	// user privately says so (never a silent drop).
	err = ob.Enqueue(bot.Outgoing{To: bot.Destination{Platform: cmd.Platform, User: cmd.User}, Priority: bot.PriorityPrivate, Origin: cmd.Chat,
		Body: bot.View{Kind: bot.ViewFile, Text: caption, File: &bot.File{Name: name, Data: data, Lang: mine}}})
	if err != nil {
		return bot.Reply{}, err
	}
	if cmd.Chat != "" {
		return bot.Reply{Text: tr(lang, "export.private", p.DisplayName)}, nil
	}
	return bot.Reply{Text: tr(mine, "export.sent", n, name), Private: true}, nil
}

// exportHands writes the hands q selects and returns the file and the
// summary of what it wrote, or the answer to give instead.
func (r *Room) exportHands(ctx context.Context, a exportArgs, q bot.PlayerHandsQuery, loc *time.Location) ([]byte, history.Summary, error) {
	var none history.Summary
	var buf bytes.Buffer
	e := history.NewExporter(&buf, a.format, history.Options{Location: loc, Player: q.PlayerID, Refused: func(id int64, err error) {
		r.log.Info("export: hand not written", "hand", id, "why", err)
	}})
	tooLarge := false
	more, err := r.store.PlayerHands(ctx, q, func(h bot.ExportedHand) error {
		tb, err := history.TableOf(h.Table, h.Tourney)
		if err != nil {
			tb = history.Table{Name: h.Table.Name}
		}
		if err := e.Write(history.Stored{Hand: h.Hand, Table: tb}); err != nil {
			return err
		}
		if buf.Len() > ExportMaxBytes {
			tooLarge = true
			return errExportTooLarge
		}
		return nil
	})
	switch {
	case tooLarge || (more && q.All):
		return nil, none, bot.Errorf(bot.EInvalid, "export.too_many", ExportMax)
	case errors.Is(err, bot.ErrNotFound) && q.TourneyID != 0:
		return nil, none, bot.Errorf(bot.ENotFound, "export.no_tourney", q.TourneyID)
	case errors.Is(err, context.DeadlineExceeded):
		return nil, none, bot.Errorf(bot.EUnavailable, "export.slow")
	case err != nil:
		return nil, none, err
	}
	if err := e.Flush(); err != nil {
		return nil, none, err
	}
	if sum := e.Summary(); sum.Written == 0 && sum.Refused > 0 && a.format == history.FormatPHH {
		// Hands there are, but none PHH can hold: not "no hands".
		return nil, none, bot.Errorf(bot.ENotFound, "export.none_refused", sum.Refused)
	}
	if e.Summary().Written == 0 {
		return nil, none, bot.Errorf(bot.ENotFound, "export.none")
	}
	return buf.Bytes(), e.Summary(), nil
}

var errExportTooLarge = errors.New("export: the file is over its limit")

// exportName is the file's name: "hands-20261126-0556.txt",
// "hands-T3-20261126-0556.phhs".
func exportName(a exportArgs, now time.Time) string {
	ext := ".txt"
	if a.format == history.FormatPHH {
		ext = ".phhs"
	}
	what := "hands-"
	if a.tourney != 0 {
		what += fmt.Sprintf("T%d-", a.tourney)
	}
	return what + now.Format("20060102-1504") + ext
}

func exportFormatName(f history.Format) string {
	if f == history.FormatPHH {
		return "PHH"
	}
	return "PokerStars"
}

// PlayerHands is the storage's, its failures EUnavailable.
func (g guardedStore) PlayerHands(ctx context.Context, q bot.PlayerHandsQuery, fn func(bot.ExportedHand) error) (bool, error) {
	more, err := g.Storage.PlayerHands(ctx, q, fn)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, errExportTooLarge) {
		return more, err // the caller's own: not the storage's failure
	}
	return more, storageErr(err)
}
