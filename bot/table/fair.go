package table

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// A table's provable decks (issue 24, engine.Provable).
//
// The deck of hand n is shuffled and committed to (with a secret salt) as
// soon as it is the table's next hand: shown in the table message between
// hands and, while hand n-1 is played, as the next hand's commitment. Until
// hand n is dealt the players seated may add seeds to it (/seed): the cards
// are then dealt from the committed deck reshuffled by the salt and the
// seeds (engine.Provable.Dealt). The commitment is thus always shown before
// any seed is taken, and the seeds are known only after it: neither the
// operator nor the players could choose the cards alone. The hand's tag
// stores the commitment, the salt, the seeds, the secret key of the card
// positions' salts and (with seeds) the committed deck (bot.FairTag); the
// summary reveals the salt and seeds once the hand is over; /verify checks
// them again from the store and proves the cards shown, and only them
// (engine.Provable.Reveal).
//
// The next hand's committed deck and its seeds are kept in memory only: a
// restart commits anew (the same deck with a deck seed) and drops the
// seeds, which the next reveal then does not list. No salt or deck of a
// hand not yet over goes to a log, an error or a chat.

// fairDeck is the table's side of the provable decks.
type fairDeck struct {
	// hand is the hand dealt last (in play, or over).
	hand fairHand
	// next is the committed deck of hand nextNo, not yet dealt; seeds
	// the seeds added to it, in order.
	next   *engine.Provable
	nextNo int
	seeds  []fairSeed
	// nextCommitment is next's commitment, hashed once (every table
	// message shows it).
	nextCommitment string
}

// fairHand is a dealt hand's provable deck: its tag, its number, and, for
// a hand committed to its whole deck's text (before the commitments per
// card position), the text of that deck, which its reveal shows.
type fairHand struct {
	tag  *bot.FairTag
	no   int
	deck string
}

type fairSeed struct {
	player int64
	text   string
}

// Seed limits: a seed is short text, one per player and hand.
const (
	maxSeedRunes = 64
	maxSeeds     = 10
)

// fairOf is the provable deck stored with hand hr (tag hs).
func fairOf(hr bot.HandRecord, hs bot.HandTag) fairHand {
	if hs.Fair == nil {
		return fairHand{no: hs.Number}
	}
	if hs.Fair.Key != "" {
		return fairHand{tag: hs.Fair, no: hs.Number} // committed per card: the deck stays secret
	}
	return fairHand{tag: hs.Fair, no: hs.Number, deck: hs.Fair.CommittedDeck(hr.Setup.Deck)}
}

// pendingDeck is the committed deck of the table's next hand (handNo+1),
// shuffled and committed to when first asked for.
func (t *Table) pendingDeck() (*engine.Provable, error) {
	n := t.handNo + 1
	if t.fair.next != nil && t.fair.nextNo == n {
		return t.fair.next, nil
	}
	p, err := t.env.Shuffle(t.rules, t.ID, n)
	if err != nil {
		return nil, err
	}
	t.fair.next, t.fair.nextNo, t.fair.seeds, t.fair.nextCommitment = &p, n, nil, p.Commitment()
	return &p, nil
}

// dealDeck is the deck the next hand is dealt from: its committed deck
// mixed with the seeds added to it, and the seed that shuffles a draw's
// discards when the stub runs out (engine.Provable.ReshuffleSeed). The
// hand's tag takes the reveal (handTag) from t.fair.hand. The committed
// deck stays the next one until the hand is stored (handNo moves on): a
// start that fails deals it again.
func (t *Table) dealDeck() ([]engine.Card, uint64, error) {
	p, err := t.pendingDeck()
	if err != nil {
		return nil, 0, err
	}
	var seeds []string
	for _, s := range t.fair.seeds {
		seeds = append(seeds, s.text)
	}
	tag := &bot.FairTag{Commitment: t.fair.nextCommitment, Salt: p.SaltHex(), Seeds: seeds, Key: p.KeyHex()}
	if len(seeds) > 0 {
		tag.Committed = p.DeckText()
	}
	t.fair.hand = fairHand{tag: tag, no: t.handNo + 1}
	return p.Dealt(seeds), p.ReshuffleSeed(seeds), nil
}

// handFair is the provable deck of the hand in play (nil: none, or a hand
// stored before decks were committed).
func (t *Table) handFair() *bot.FairTag {
	if t.hand == nil || t.fair.hand.no != t.handNo {
		return nil
	}
	return t.fair.hand.tag
}

// fairScene fills the table message's commitments: the hand in play's,
// and the next hand's with the number of seeds added to it.
func (t *Table) fairScene(sc *tableScene) {
	if f := t.handFair(); f != nil {
		sc.Commitment = f.Commitment
	}
	if _, err := t.pendingDeck(); err != nil {
		t.Deps.Log.Error("shuffle the next hand's deck", "table", t.ID, "err", err)
		return
	}
	if t.hand == nil {
		sc.Commitment, sc.Seeds = t.fair.nextCommitment, len(t.fair.seeds)
		return
	}
	sc.Next, sc.Seeds = t.fair.nextCommitment, len(t.fair.seeds)
}

// addSeed takes a player's seed for the next hand (/seed <text>).
func (t *Table) addSeed(req Request) (bot.Reply, error) {
	text := strings.TrimSpace(strings.Join(req.Cmd.Args, " "))
	if text == "" || utf8.RuneCountInString(text) > maxSeedRunes || strings.ContainsFunc(text, unicode.IsControl) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "fair.seed_bad", maxSeedRunes)
	}
	if _, err := t.pendingDeck(); err != nil {
		t.Deps.Log.Error("shuffle the next hand's deck", "table", t.ID, "err", err)
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: err}
	}
	for _, s := range t.fair.seeds {
		if s.player == req.Player.ID {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "fair.seed_twice", t.fair.nextNo)
		}
	}
	if len(t.fair.seeds) >= maxSeeds {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "fair.seed_full", t.fair.nextNo)
	}
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, t.name(t.seatOf(req.Player.ID)))
	seed := name + ": " + text // who added it, as the reveal lists it
	t.fair.seeds = append(t.fair.seeds, fairSeed{player: req.Player.ID, text: seed})
	t.publishIdle() // the table message shows the seeds' count
	return bot.Reply{Text: tr(t.lang(), "fair.seed_added", seed, t.fair.nextNo, t.Label(), t.fair.nextCommitment)}, nil
}

// renderCommitments ends the table message with the deck commitments
// (fair.go): shown before the first card of the hand they are of.
func renderCommitments(r *bot.Rich, sc tableScene) {
	seeds := " · " + tr(sc.Lang, "fair.seeds", sc.Seeds)
	switch {
	case sc.Next != "": // a hand in play: its commitment, then the next hand's
		if sc.Commitment != "" {
			r.Add("", bot.M(tr(sc.Lang, "fair.commitment", sc.Commitment)))
		}
		r.Add("", bot.M(tr(sc.Lang, "fair.next", sc.Next)+seeds))
	case sc.Commitment != "": // between hands: the next hand's
		r.Add("", bot.M(tr(sc.Lang, "fair.commitment", sc.Commitment)+seeds))
	}
}

// renderReveal ends a finished hand's summary with its reveal: the salt,
// the seeds, and how to check them (/verify shows the shown cards' proofs:
// engine.Provable.Reveal). The deck itself is revealed only for a hand
// committed to its whole text (sc.Deck, a hand dealt before the
// commitments per card position); a hand committed per card keeps every
// card never shown (mucked, folded, the stub) secret.
func renderReveal(r *bot.Rich, sc summaryScene) {
	if sc.Fair == nil {
		return
	}
	if sc.Deck != "" {
		r.Add("", bot.M(tr(sc.Lang, "fair.reveal_deck", sc.Deck)))
	}
	r.Add("", bot.M(tr(sc.Lang, "fair.reveal_salt", sc.Fair.Salt, sc.Fair.Commitment)))
	if len(sc.Fair.Seeds) > 0 {
		r.Add("", bot.M(tr(sc.Lang, "fair.reveal_seeds", strings.Join(sc.Fair.Seeds, " · "))))
	}
	r.Add("", bot.M(tr(sc.Lang, "fair.reveal_verify", sc.Label, sc.HandNo)))
}
