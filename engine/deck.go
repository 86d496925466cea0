package engine

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
)

// NewDeck returns an unshuffled deck, cards in increasing order then the
// jokers: 52 cards, or the stripped decks of seed 004 (R-CARD-7) — 40 cards
// (twos, threes and fours removed), 36 (fives removed too) or 32 (sixes
// removed too) — with 0, 1 or 2 jokers.
func NewDeck(size int, jokers int) ([]Card, error) {
	var lowest Rank
	switch size {
	case 52:
		lowest = Two
	case 40:
		lowest = Five
	case 36:
		lowest = Six
	case 32:
		lowest = Seven
	default:
		return nil, fmt.Errorf("engine: no %d-card deck (want 52, 40, 36 or 32)", size)
	}
	if jokers < 0 || jokers > 2 {
		return nil, fmt.Errorf("engine: %d jokers (want 0, 1 or 2)", jokers)
	}
	deck := make([]Card, 0, size+jokers)
	for c := NewCard(lowest, 0); c < 52; c++ {
		deck = append(deck, c)
	}
	for j := 0; j < jokers; j++ {
		deck = append(deck, Joker1+Card(j))
	}
	return deck, nil
}

// Shuffle shuffles cards in place by Fisher-Yates (R-CARD-1), drawing each
// index uniformly from the random bytes of r by rejection sampling: a byte
// (or, for more than 256 cards, four bytes) is redrawn while it falls in the
// incomplete last block, so no index is favoured (no modulo bias).
// Production passes crypto/rand.Reader; tests and replays a seeded reader
// (NewSeededReader). Shuffle reads r in blocks but never past the bytes it
// uses, so a recorded byte stream replays exactly.
//
// If r fails, Shuffle returns the error and cards holds a permutation of its
// input, partly shuffled: it must not be dealt from.
func Shuffle(cards []Card, r io.Reader) error {
	src := byteSource{r: r}
	for i := len(cards) - 1; i > 0; i-- {
		j, err := src.uniform(uint32(i+1), i)
		if err != nil {
			return fmt.Errorf("engine: shuffle: %w", err)
		}
		cards[i], cards[j] = cards[j], cards[i]
	}
	return nil
}

// ShuffledDeck returns a shuffled 52-card deck.
func ShuffledDeck(r io.Reader) ([]Card, error) {
	deck, _ := NewDeck(52, 0)
	if err := Shuffle(deck, r); err != nil {
		return nil, err
	}
	return deck, nil
}

// byteSource reads random bytes from r in blocks.
type byteSource struct {
	r   io.Reader
	buf [64]byte
	pos int
	n   int
}

// next returns k bytes. When it must read, it reads at most ahead bytes
// beyond the k (the least the caller will still use), so that it never
// consumes bytes the shuffle does not use.
func (s *byteSource) next(k, ahead int) ([]byte, error) {
	if s.n-s.pos < k {
		copy(s.buf[:], s.buf[s.pos:s.n])
		s.n -= s.pos
		s.pos = 0
		want := min(len(s.buf), k+ahead)
		if _, err := io.ReadFull(s.r, s.buf[s.n:want]); err != nil {
			return nil, err
		}
		s.n = want
	}
	b := s.buf[s.pos : s.pos+k]
	s.pos += k
	return b, nil
}

// uniform returns an integer uniformly distributed in [0, n), n >= 1;
// draws is the number of draws left, this one included.
func (s *byteSource) uniform(n uint32, draws int) (uint32, error) {
	if n <= 256 {
		limit := 256 - 256%n // accept x < limit: a whole number of blocks of n
		for {
			b, err := s.next(1, draws-1)
			if err != nil {
				return 0, err
			}
			if x := uint32(b[0]); x < limit {
				return x % n, nil
			}
		}
	}
	limit := uint64(1<<32) - uint64(1<<32)%uint64(n)
	for {
		b, err := s.next(4, draws-1)
		if err != nil {
			return 0, err
		}
		if x := uint64(binary.LittleEndian.Uint32(b)); x < limit {
			return uint32(x % uint64(n)), nil
		}
	}
}

// NewSeededReader returns a deterministic stream of pseudo-random bytes
// (ChaCha8 keyed by seed) for tests and replays. It is not for dealing real
// hands: production uses crypto/rand.Reader.
func NewSeededReader(seed uint64) io.Reader {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	return rand.NewChaCha8(key)
}
