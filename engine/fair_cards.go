package engine

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A commitment per card position: the reveal shows only the cards that
// were shown.
//
// Committing to the deck's whole text means revealing the whole deck to
// check it: the hands mucked and the stub too. Instead, as provably fair
// rooms do, each position i of the committed deck (0 the top) has a salt
// of its own, and a hash:
//
//	salt_i = the first 16 bytes, in hex, of sha256("pokerroom-card-v2\n" + key_hex + "\n" + i)
//	leaf_i = sha256(card_i + " " + salt_i)                  (in hex; the card as Card.String writes it)
//	commitment = sha256(leaf_0 + " " + leaf_1 + " " + ... + leaf_n-1 + " " + salt_hex)
//
// where key is a secret of the hand that is never revealed, and salt the
// hand's salt (the mix's, Dealt), revealed after the hand. After the hand
// the room reveals the salt, every leaf, and for each card shown (the
// boards, the hands shown down) its position in the deck dealt from, its
// position in the committed deck and its salt_i (Reveal): anyone hashes
// the leaves and the salt to the commitment, each shown card and its salt
// to its leaf, and checks that the position it was dealt from is its
// committed position moved by the seeds' mix (MixPositions). A card never
// shown keeps its salt secret: its leaf tells nothing about it.

const cardDomain = "pokerroom-card-v2"

// CardSalt is the salt of position i of the committed deck, in hex.
func (p Provable) CardSalt(i int) string {
	sum := sha256.Sum256([]byte(cardDomain + "\n" + hex.EncodeToString(p.Key[:]) + "\n" + strconv.Itoa(i)))
	return hex.EncodeToString(sum[:SaltSize])
}

// CardLeaf is the hash of a card and its position's salt, in hex.
func CardLeaf(c Card, saltHex string) string {
	sum := sha256.Sum256([]byte(c.String() + " " + saltHex))
	return hex.EncodeToString(sum[:])
}

// Leaves are the hashes of the committed deck's positions, in order.
func (p Provable) Leaves() []string {
	out := make([]string, len(p.Deck))
	for i, c := range p.Deck {
		out[i] = CardLeaf(c, p.CardSalt(i))
	}
	return out
}

// perCardCommitment is Commitment of a deck committed per position: the
// hash of LeavesText and the salt, computed as it goes, without building
// the leaves' texts (a table commits to a deck at every hand).
func (p Provable) perCardCommitment() string {
	var key [2 * SaltSize]byte
	hex.Encode(key[:], p.Key[:])
	var (
		buf  [64]byte
		salt [2 * SaltSize]byte
		leaf [2 * sha256.Size]byte
	)
	outer := sha256.New()
	for i, c := range p.Deck {
		b := append(buf[:0], cardDomain+"\n"...)
		b = append(b, key[:]...)
		b = append(b, '\n')
		sum := sha256.Sum256(strconv.AppendInt(b, int64(i), 10))
		hex.Encode(salt[:], sum[:SaltSize])
		b = append(append(buf[:0], c.String()...), ' ')
		sum = sha256.Sum256(append(b, salt[:]...))
		hex.Encode(leaf[:], sum[:])
		outer.Write(leaf[:])
		outer.Write([]byte{' '})
	}
	if len(p.Deck) == 0 {
		outer.Write([]byte{' '}) // LeavesText is empty, then its space
	}
	var s [2 * SaltSize]byte
	hex.Encode(s[:], p.Salt[:])
	outer.Write(s[:])
	var sum [sha256.Size]byte
	var out [2 * sha256.Size]byte
	hex.Encode(out[:], outer.Sum(sum[:0]))
	return string(out[:])
}

// LeavesText is Leaves, one space between.
func (p Provable) LeavesText() string { return strings.Join(p.Leaves(), " ") }

// KeyHex is the secret key of the cards' salts, in hex: stored with the
// hand, never shown.
func (p Provable) KeyHex() string { return hex.EncodeToString(p.Key[:]) }

// MixPositions is the mix as positions: the card dealt from position j of
// the deck dealt from (Dealt) is the card at position pos[j] of the
// committed deck. Without seeds it is the identity.
func MixPositions(salt []byte, seeds []string, n int) []int {
	idx := make([]Card, n)
	for i := range idx {
		idx[i] = Card(i)
	}
	if len(seeds) > 0 {
		_ = Shuffle(idx, MixStream(salt, seeds)) // the stream never ends
	}
	pos := make([]int, n)
	for j, c := range idx {
		pos[j] = int(c)
	}
	return pos
}

// RevealedCard is a shown card as the reveal proves it: dealt from
// position Dealt of the deck dealt from, at position Pos of the committed
// deck, whose salt is Salt.
type RevealedCard struct {
	Dealt, Pos int
	Card       Card
	Salt       string
}

// String is the card as the reveal writes it: "dealt>pos card salt".
func (r RevealedCard) String() string {
	return strconv.Itoa(r.Dealt) + ">" + strconv.Itoa(r.Pos) + " " + r.Card.String() + " " + r.Salt
}

// ParseRevealedCard reads RevealedCard.String.
func ParseRevealedCard(s string) (RevealedCard, error) {
	var r RevealedCard
	f := strings.Fields(s)
	if len(f) != 3 {
		return r, fmt.Errorf("engine: a revealed card is \"dealt>pos card salt\", not %q", s)
	}
	d, p, ok := strings.Cut(f[0], ">")
	var err1, err2, err3 error
	r.Dealt, err1 = strconv.Atoi(d)
	r.Pos, err2 = strconv.Atoi(p)
	r.Card, err3 = ParseCard(f[1])
	if !ok || err1 != nil || err2 != nil || err3 != nil {
		return r, fmt.Errorf("engine: a revealed card is \"dealt>pos card salt\", not %q", s)
	}
	r.Salt = f[2]
	return r, nil
}

// Reveal proves the cards shown: each card of shown (the boards and the
// hands shown down, in any order, repeats ignored) found in dealt (the
// deck dealt from, the setup's Deck), in the order dealt. A card not in
// dealt is left out.
func (p Provable) Reveal(seeds []string, dealt, shown []Card) []RevealedCard {
	pos := MixPositions(p.Salt[:], seeds, len(dealt))
	var out []RevealedCard
	seen := map[int]bool{}
	for _, c := range shown {
		for j, d := range dealt {
			if d == c && !seen[j] && j < len(pos) {
				seen[j] = true
				out = append(out, RevealedCard{Dealt: j, Pos: pos[j], Card: c, Salt: p.CardSalt(pos[j])})
				break
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Dealt < out[b].Dealt })
	return out
}

// ErrRevealMismatch: a revealed card is not its leaf, or not where the
// mix puts it.
var ErrRevealMismatch = errors.New("engine: a revealed card does not match its position's hash or the mix")

// VerifyReveal checks a reveal without the deck: that the leaves and the
// salt hash to commitment, and that each revealed card hashes with its
// salt to the leaf of its committed position, which the mix of salt and
// seeds moves to the position it was dealt from.
func VerifyReveal(commitment string, leaves []string, saltHex string, seeds []string, shown []RevealedCard) error {
	salt, err := hex.DecodeString(strings.TrimSpace(saltHex))
	if err != nil || len(salt) != SaltSize {
		return fmt.Errorf("engine: the salt must be %d bytes in hex (%d characters)", SaltSize, 2*SaltSize)
	}
	sum := sha256.Sum256([]byte(strings.Join(leaves, " ") + " " + hex.EncodeToString(salt)))
	want := strings.ToLower(strings.TrimSpace(commitment))
	if subtle.ConstantTimeCompare([]byte(hex.EncodeToString(sum[:])), []byte(want)) != 1 {
		return ErrCommitmentMismatch
	}
	pos := MixPositions(salt, seeds, len(leaves))
	for _, r := range shown {
		if r.Dealt < 0 || r.Dealt >= len(pos) || pos[r.Dealt] != r.Pos || CardLeaf(r.Card, r.Salt) != leaves[r.Pos] {
			return fmt.Errorf("%w: %s", ErrRevealMismatch, r)
		}
	}
	return nil
}

// ShownCards are the cards of events that everyone saw: the boards dealt
// and the hands shown down (not the hole cards dealt, the draws, the
// discards nor the hands mucked).
func ShownCards(events []Event) []Card {
	var out []Card
	for _, e := range events {
		if e.Kind == EvDealBoard || e.Kind == EvShow {
			out = append(out, e.Cards...)
		}
	}
	return out
}

// ParseProvableCards reads a committed deck, its salt and its key as
// stored (DeckText, SaltHex, KeyHex): a commitment per card position.
func ParseProvableCards(deckText, saltHex, keyHex string) (Provable, error) {
	p, err := ParseProvable(deckText, saltHex)
	if err != nil {
		return p, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(keyHex))
	if err != nil || len(key) != SaltSize {
		return p, fmt.Errorf("engine: the key must be %d bytes in hex (%d characters)", SaltSize, 2*SaltSize)
	}
	copy(p.Key[:], key)
	p.PerCard = true
	return p, nil
}

// ErrDealOrder: a revealed card was not dealt from the position the
// hand's deal order gives it.
var ErrDealOrder = errors.New("engine: a revealed card was not dealt where the hand's deal order puts it")

// VerifyDealOrder checks what VerifyReveal cannot: that each revealed
// card was dealt from the position of the deck dealt from where the hand's
// events put it in the engine's deal order (ArrangeDeck): the hole cards
// one at a time round the table from the left of the button, a card burnt
// before each street's cards, a second board of a run it twice once the
// first is complete, and in five-card draw a card burnt before the draw,
// then the players' new cards in turn from the left of the button. Without
// it a reveal proves the cards shown, but not that they came off the deck
// in order: a room could deal a board of its choosing and reveal where
// those cards sit. events may hide cards (NoCard: a hand nobody saw); the
// cards of a draw dealt again from the discards, once the stub ran out,
// have no position of their own and are not checked.
func VerifyDealOrder(cfg Config, nSeats, button int, events []Event, shown []RevealedCard) error {
	if nSeats < 2 || nSeats > MaxSeats {
		return fmt.Errorf("%w: %d seats", ErrDealOrder, nSeats)
	}
	hole, draws := make([][]Card, nSeats), make([][]Card, nSeats)
	var boards [2][]Card
	for _, e := range events {
		switch {
		case e.Kind == EvDealBoard && (e.Board == 0 || e.Board == 1):
			boards[e.Board] = append(boards[e.Board], e.Cards...)
		case e.Seat < 0 || e.Seat >= nSeats:
		case e.Kind == EvDealHole:
			hole[e.Seat] = append(hole[e.Seat], e.Cards...)
		case e.Kind == EvDrawCards:
			draws[e.Seat] = append(draws[e.Seat], e.Cards...)
		}
	}
	var laid [][]Card
	if len(boards[0]) > 0 {
		laid = append(laid, boards[0])
		if len(boards[1]) > 0 { // the second run shares the first's cards dealt before it
			common := max(len(boards[0])-len(boards[1]), 0)
			laid = append(laid, append(boards[0][:common:common], boards[1]...))
		}
	}
	again := redealtDraws(cfg, nSeats, button, draws)
	deck, err := ArrangeDeck(cfg, nSeats, button, hole, laid, draws)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrDealOrder, err)
	}
	for _, r := range shown {
		if again.Has(r.Card) {
			continue
		}
		if r.Dealt < 0 || r.Dealt >= len(deck) || deck[r.Dealt] != r.Card && !(deck[r.Dealt].IsJoker() && r.Card.IsJoker()) {
			return fmt.Errorf("%w: %s", ErrDealOrder, r)
		}
	}
	return nil
}

// redealtDraws cuts from draws (by seat) the cards a five-card draw dealt
// after the stub ran out (seed 004: the discards dealt again, and the
// stub's last card, kept till then), which no position of the deck holds,
// and returns them.
func redealtDraws(cfg Config, nSeats, button int, draws [][]Card) CardSet {
	var again CardSet
	if cfg.Game != Draw {
		return again
	}
	size := cfg.Draw.DeckSize
	if size == 0 {
		size = 52
	}
	room := size + cfg.Draw.Jokers - nSeats*cfg.Game.HoleCards() - 2 // the burn, and the stub's last card
	for k := 1; k <= nSeats; k++ {
		i := (button + k) % nSeats
		n := min(max(room, 0), len(draws[i]))
		for _, c := range draws[i][n:] {
			if c != NoCard {
				again = again.Add(c)
			}
		}
		draws[i] = draws[i][:n]
		room -= n
	}
	return again
}
