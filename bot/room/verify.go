package room

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/engine"
)

// /verify <table> <hand>: a finished hand's provable deck checked again
// from the store (issue 24; the table's side is bot/table/fair.go). The
// deck and salt stored with the hand must hash to the commitment stored
// with it, the one the table showed before the deal, and the deck dealt
// from must be that deck mixed with the seeds. A hand still in play is
// refused: its deck and salt are secret until it ends.

// verifyCmd answers /verify in the chat where it was asked.
func (r *Room) verifyCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang string) (bot.Reply, error) {
	if len(cmd.Args) != 2 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "verify.usage")
	}
	id, err1 := strconv.ParseInt(strings.TrimPrefix(cmd.Args[0], "#"), 10, 64)
	n, err2 := strconv.Atoi(strings.TrimPrefix(cmd.Args[1], "#"))
	if err1 != nil || err2 != nil || id <= 0 || n <= 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "verify.usage")
	}
	ctx, cancel := context.WithTimeout(ctx, table.OpTimeout)
	defer cancel()
	t, err := r.verifiableTable(ctx, p, comm, cmd.Chat != "", id)
	if err != nil {
		if r.tableByID(id) == nil {
			if rec, ok := r.playedAtClosed(ctx, p, id, n); ok {
				return verifyReply(lang, "#"+strconv.FormatInt(id, 10), n, rec)
			}
		}
		return bot.Reply{}, err
	}
	rec, err := r.store.TableHand(ctx, id, n)
	if errors.Is(err, bot.ErrNotFound) {
		return bot.Reply{}, bot.Errorf(bot.ENotFound, "verify.no_hand", t.Label(), n)
	}
	if err != nil {
		return bot.Reply{}, err
	}
	return verifyReply(lang, t.Label(), n, rec)
}

// verifyReply checks hand n of the table labelled label, or says why not.
func verifyReply(lang, label string, n int, rec bot.HandRecord) (bot.Reply, error) {
	if err := verifiable(label, n, rec); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: verifyText(lang, label, n, rec)}, nil
}

// playedAtClosed is hand n of table id when the table is no longer open
// and p was dealt in it: a player may check the hands they played after
// their table closed (a tournament's last hands), and nobody else learns
// anything of a closed table.
func (r *Room) playedAtClosed(ctx context.Context, p bot.Player, id int64, n int) (bot.HandRecord, bool) {
	rec, err := r.store.TableHand(ctx, id, n)
	if err != nil {
		return bot.HandRecord{}, false
	}
	hs, err := bot.ParseHandTag(rec.Setup.Tag)
	return rec, err == nil && p.ID != 0 && slices.Contains(hs.Players, p.ID)
}

// verifiable refuses a hand with nothing to check: voided, still in play
// (its deck and salt are secret until it ends), or dealt before decks were
// committed.
func verifiable(label string, n int, rec bot.HandRecord) error {
	if rec.Voided != "" {
		return bot.Errorf(bot.EInvalid, "verify.voided", label, n, rec.Voided)
	}
	if rec.EndedAt.IsZero() {
		return bot.Errorf(bot.EInvalid, "verify.in_play", label, n)
	}
	if hs, err := bot.ParseHandTag(rec.Setup.Tag); err != nil || hs.Fair == nil {
		return bot.Errorf(bot.EInvalid, "verify.no_commit", label, n)
	}
	return nil
}

// verifiableTable is the open table id that the player may ask about: one
// of the chat's community, or, in a private chat, of a community they are
// a member of.
func (r *Room) verifiableTable(ctx context.Context, p bot.Player, comm bot.Community, inGroup bool, id int64) (*table.Table, error) {
	noSuch := bot.Errorf(bot.ENotFound, "table.no_such", "#"+strconv.FormatInt(id, 10))
	t := r.tableByID(id)
	if t == nil || (inGroup && t.Comm.ID != comm.ID) {
		return nil, noSuch
	}
	if !inGroup {
		ok, err := r.memberOf(ctx, p, t.Comm)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, noSuch
		}
	}
	return t, nil
}

// verifyText checks a verifiable hand's provable deck and tells the result:
// the commitment, the salt, the seeds, the cards shown with their proofs
// (a hand committed per card position; one committed to its whole text
// shows its deck) and whether they match.
func verifyText(lang, label string, n int, rec bot.HandRecord) string {
	hs, _ := bot.ParseHandTag(rec.Setup.Tag) // read by verifiable
	f := hs.Fair
	if f.Key == "" {
		return verifyWholeDeck(lang, label, n, rec, f)
	}
	lines := []string{bot.Text(lang, "verify.head_cards", label, n, f.Commitment, f.Salt)}
	if len(f.Seeds) > 0 {
		lines = append(lines, bot.Text(lang, "verify.seeds", strings.Join(f.Seeds, " · ")))
	}
	p, err := f.Provable(rec.Setup.Deck)
	if err != nil {
		return strings.Join(append(lines, bot.Text(lang, "verify.bad_reveal", err)), "\n")
	}
	shown := p.Reveal(f.Seeds, rec.Setup.Deck, engine.ShownCards(rec.Events))
	parts := make([]string, len(shown))
	for i, c := range shown {
		parts[i] = c.String()
	}
	var res string
	switch {
	case p.Commitment() != strings.ToLower(strings.TrimSpace(f.Commitment)):
		res = bot.Text(lang, "verify.bad_hash_cards", p.Commitment())
	case engine.FormatCards(p.Dealt(f.Seeds)) != engine.FormatCards(rec.Setup.Deck) ||
		rec.Setup.ReshuffleSeed != 0 && rec.Setup.ReshuffleSeed != p.ReshuffleSeed(f.Seeds):
		res = bot.Text(lang, "verify.bad_dealt")
	case engine.VerifyReveal(f.Commitment, p.Leaves(), f.Salt, f.Seeds, shown) != nil,
		engine.VerifyDealOrder(rec.Setup.Rules, len(rec.Setup.Seats), rec.Setup.Button, rec.Events, shown) != nil:
		res = bot.Text(lang, "verify.bad_dealt")
	default:
		res = bot.Text(lang, "verify.ok_cards")
	}
	// The verdict before the proofs: a platform cuts a long answer (six
	// Omaha hands shown) at its end.
	return strings.Join(append(lines, res, bot.Text(lang, "verify.shown", strings.Join(parts, " · "))), "\n")
}

// verifyWholeDeck checks a hand committed to its whole deck's text (dealt
// before the commitments per card position): its reveal is the deck.
func verifyWholeDeck(lang, label string, n int, rec bot.HandRecord, f *bot.FairTag) string {
	deck := f.CommittedDeck(rec.Setup.Deck)
	lines := []string{bot.Text(lang, "verify.head", label, n, f.Commitment, deck, f.Salt)}
	if len(f.Seeds) > 0 {
		lines = append(lines, bot.Text(lang, "verify.seeds", strings.Join(f.Seeds, " · ")))
	}
	err := engine.Verify(f.Commitment, deck, f.Salt, f.Seeds, rec.Setup.Deck)
	if p, perr := engine.ParseProvable(deck, f.Salt); err == nil && perr == nil && rec.Setup.ReshuffleSeed != 0 &&
		rec.Setup.ReshuffleSeed != p.ReshuffleSeed(f.Seeds) {
		err = engine.ErrDealtMismatch // a draw's discards dealt again by another shuffle than the reveal's
	}
	var res string
	switch {
	case err == nil:
		res = bot.Text(lang, "verify.ok")
	case errors.Is(err, engine.ErrCommitmentMismatch):
		p, _ := engine.ParseProvable(deck, f.Salt)
		res = bot.Text(lang, "verify.bad_hash", p.Commitment())
	case errors.Is(err, engine.ErrDealtMismatch):
		res = bot.Text(lang, "verify.bad_dealt")
	default:
		res = bot.Text(lang, "verify.bad_reveal", err)
	}
	return strings.Join(append(lines, res), "\n")
}
