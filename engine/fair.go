package engine

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A provable deck: commit, deal, reveal.
//
// Before the first card of a hand the room shuffles the deck (Shuffle with
// crypto/rand), draws a secret salt and a secret key of SaltSize random
// bytes each, and shows the commitment: the SHA-256 of the hashes of the
// deck's positions, each of its card and a salt of its own drawn from the
// key, and of the salt (Preimage; fair_cards.go). After the hand the room
// reveals the salt and proves the cards that were shown, and only them
// (Reveal, VerifyReveal): the hands mucked and the stub stay secret.
//
// A hand committed before that (PerCard false) was committed to its whole
// deck's text, sha256("As Kd ... 7c" + " " + "<salt in hex>"), and its
// reveal is the whole deck (ParseProvable, Verify).
//
// Players may add seeds (any text) before the deal. The cards are then
// dealt from the committed deck reshuffled by a stream that depends on the
// secret salt and on every seed (Mix), so that the operator, who knew the
// deck when committing, could not have chosen the cards dealt without
// knowing the seeds, and the players, who did not know the salt, could not
// have chosen them either. Without seeds the committed deck is dealt as it
// is.
//
// The commitment proves that the deck was fixed before the deal and not
// changed after it. It does not prove that the shuffle was random: an
// operator could commit to a deck they chose; the players' seeds are what
// takes that choice away.

// SaltSize is the size of a hand's secret salt, in bytes.
const SaltSize = 16

// Provable is a hand's committed deck and salt, and, for a commitment per
// card position (PerCard, fair_cards.go), the secret key of the cards'
// salts.
type Provable struct {
	Deck []Card
	Salt [SaltSize]byte
	// Key is the secret each card position's salt is drawn from
	// (CardSalt); never revealed. PerCard: the commitment is over the
	// positions' hashes (Leaves), not over the deck's text.
	Key     [SaltSize]byte
	PerCard bool
}

// NewProvable commits to deck (already shuffled), position by position
// (PerCard), with a salt and a key drawn from r (crypto/rand.Reader in
// production).
func NewProvable(deck []Card, r io.Reader) (Provable, error) {
	p := Provable{Deck: append([]Card(nil), deck...), PerCard: true}
	if _, err := io.ReadFull(r, p.Salt[:]); err != nil {
		return Provable{}, fmt.Errorf("engine: provable deck: salt: %w", err)
	}
	if _, err := io.ReadFull(r, p.Key[:]); err != nil {
		return Provable{}, fmt.Errorf("engine: provable deck: key: %w", err)
	}
	return p, nil
}

// SaltHex is the salt in lower-case hex, as revealed.
func (p Provable) SaltHex() string { return hex.EncodeToString(p.Salt[:]) }

// DeckText is the deck as revealed: its cards, one space between.
func (p Provable) DeckText() string { return FormatCards(p.Deck) }

// Preimage is the text hashed for the commitment: the positions' hashes
// (LeavesText) for a commitment per card position, else (a hand committed
// before them) the deck's text; then a space and the salt in hex.
func (p Provable) Preimage() string {
	if p.PerCard {
		return p.LeavesText() + " " + p.SaltHex()
	}
	return p.DeckText() + " " + p.SaltHex()
}

// Commitment is the SHA-256 of the preimage, in lower-case hex: what the
// table shows before the deal.
func (p Provable) Commitment() string {
	if p.PerCard {
		return p.perCardCommitment()
	}
	sum := sha256.Sum256([]byte(p.Preimage()))
	return hex.EncodeToString(sum[:])
}

// Dealt is the deck the cards are dealt from: the committed deck when
// there are no seeds, else the committed deck reshuffled by Mix.
func (p Provable) Dealt(seeds []string) []Card {
	deck := append([]Card(nil), p.Deck...)
	if len(seeds) == 0 {
		return deck
	}
	// The stream never ends: the shuffle cannot fail.
	_ = Shuffle(deck, MixStream(p.Salt[:], seeds))
	return deck
}

// ReshuffleSeed is the seed that shuffles a five-card draw's discards
// when the stub runs out (Setup.ReshuffleSeed: seed 004 has them shuffled
// before they are dealt again): the first 8 bytes, big-endian, of
//
//	sha256("pokerroom-reshuffle-v1\n" + salt_hex + "\n" + seed_1 + "\n" + ... + seed_n + "\n")
//
// so that, like the mix, it is secret until the reveal and checkable
// after it; never 0 (which would deal the discards in the order thrown).
func (p Provable) ReshuffleSeed(seeds []string) uint64 {
	return max(binary.BigEndian.Uint64(seedKey("pokerroom-reshuffle-v1", p.Salt[:], seeds)), 1)
}

// seedKey is sha256(domain + "\n" + salt_hex + "\n" + seed_1 + "\n" + ...
// + seed_n + "\n"): what the mix and the reshuffle take from a hand's
// secret salt and its seeds, each under its own domain.
func seedKey(domain string, salt []byte, seeds []string) []byte {
	h := sha256.New()
	h.Write([]byte(domain + "\n" + hex.EncodeToString(salt) + "\n"))
	for _, s := range seeds {
		h.Write([]byte(s + "\n"))
	}
	return h.Sum(nil)
}

// MixStream is the byte stream that reshuffles a committed deck with the
// players' seeds: SHA-256 in counter mode keyed by
//
//	key = sha256("pokerroom-mix-v1\n" + salt_hex + "\n" + seed_1 + "\n" + ... + seed_n + "\n")
//	block_i = sha256(key || i as 8 bytes big-endian), i = 0, 1, 2, ...
//
// read by Shuffle (Fisher-Yates from the last card down, each index drawn
// from one byte by rejection sampling). Seeds are taken in the order given
// (the room gives them in the order they were added); a seed may not hold
// a newline.
func MixStream(salt []byte, seeds []string) io.Reader {
	return &hashStream{key: seedKey("pokerroom-mix-v1", salt, seeds)}
}

// hashStream is SHA-256 in counter mode.
type hashStream struct {
	key   []byte
	block [sha256.Size]byte
	pos   int
	ctr   uint64
	ready bool
}

func (s *hashStream) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		if !s.ready || s.pos == len(s.block) {
			var c [8]byte
			binary.BigEndian.PutUint64(c[:], s.ctr)
			s.block = sha256.Sum256(append(append([]byte(nil), s.key...), c[:]...))
			s.ctr++
			s.pos, s.ready = 0, true
		}
		k := copy(b[n:], s.block[s.pos:])
		s.pos += k
		n += k
	}
	return n, nil
}

// Errors of Verify.
var (
	ErrCommitmentMismatch = errors.New("engine: the revealed deck and salt do not hash to the commitment")
	ErrDealtMismatch      = errors.New("engine: the cards dealt are not the revealed deck mixed with the seeds")
)

// ParseProvable reads a revealed deck and salt (DeckText and SaltHex).
// Jokers ("Jk") read as the first joker, then the second.
func ParseProvable(deckText, saltHex string) (Provable, error) {
	var p Provable
	salt, err := hex.DecodeString(strings.TrimSpace(saltHex))
	if err != nil || len(salt) != SaltSize {
		return p, fmt.Errorf("engine: the salt must be %d bytes in hex (%d characters)", SaltSize, 2*SaltSize)
	}
	copy(p.Salt[:], salt)
	seen := CardSet(0)
	jokers := 0
	for _, tok := range strings.Fields(deckText) {
		c, err := ParseCard(tok)
		if err != nil {
			return p, fmt.Errorf("engine: the deck: %w", err)
		}
		if c.IsJoker() {
			c = Joker1 + Card(jokers)
			jokers++
			if jokers > 2 {
				return p, errors.New("engine: the deck has more than two jokers")
			}
		}
		if seen.Has(c) {
			return p, fmt.Errorf("engine: the deck has %s twice", c)
		}
		seen = seen.Add(c)
		p.Deck = append(p.Deck, c)
	}
	if len(p.Deck) < 2 {
		return p, errors.New("engine: the deck has fewer than two cards")
	}
	return p, nil
}

// Verify checks a revealed hand: that deck and salt hash to commitment,
// and, when dealt is not empty, that the cards dealt from the top of the
// deck (in the order they came off it) are those of the revealed deck
// mixed with the seeds.
func Verify(commitment, deckText, saltHex string, seeds []string, dealt []Card) error {
	p, err := ParseProvable(deckText, saltHex)
	if err != nil {
		return err
	}
	want := strings.ToLower(strings.TrimSpace(commitment))
	if subtle.ConstantTimeCompare([]byte(p.Commitment()), []byte(want)) != 1 {
		return ErrCommitmentMismatch
	}
	if len(dealt) == 0 {
		return nil
	}
	deck := p.Dealt(seeds)
	if len(dealt) > len(deck) {
		return ErrDealtMismatch
	}
	for i, c := range dealt {
		if deck[i] != c && !(deck[i].IsJoker() && c.IsJoker()) {
			return ErrDealtMismatch
		}
	}
	return nil
}
