package tourney

import (
	"encoding/binary"
	"io"
	"math"
)

// Chips is an amount of play chips (tournament chips or the community's
// chips, as the context says).
type Chips = int64

// PlayerID identifies a person in the room; the caller chooses the format.
type PlayerID string

// Seat is a seat number, 1..N clockwise; 0 means no seat.
type Seat int

// Rand is the randomness the package consumes. A math/rand/v2 *rand.Rand
// satisfies it; [NewReaderRand] adapts an io.Reader such as crypto/rand.
type Rand interface {
	// IntN returns a uniform integer in [0, n); n > 0.
	IntN(n int) int
	// Float64 returns a uniform number in [0, 1).
	Float64() float64
}

// ReaderRand draws uniform numbers from the bytes of an io.Reader. Reading
// errors are kept: after the first one every draw returns 0 and Err reports
// it, so a caller using crypto/rand (which does not fail) may ignore it.
type ReaderRand struct {
	r   io.Reader
	err error
}

// NewReaderRand returns a Rand reading from r.
func NewReaderRand(r io.Reader) *ReaderRand { return &ReaderRand{r: r} }

// Err returns the first read error, if any.
func (x *ReaderRand) Err() error { return x.err }

func (x *ReaderRand) uint64() uint64 {
	if x.err != nil {
		return 0
	}
	var b [8]byte
	if _, err := io.ReadFull(x.r, b[:]); err != nil {
		x.err = err
		return 0
	}
	return binary.LittleEndian.Uint64(b[:])
}

// IntN returns a uniform integer in [0, n) by rejection sampling, so it has
// no modulo bias. It returns 0 when n <= 1.
func (x *ReaderRand) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	un := uint64(n)
	limit := math.MaxUint64 - math.MaxUint64%un
	for {
		v := x.uint64()
		if x.err != nil {
			return 0
		}
		if v < limit {
			return int(v % un)
		}
	}
}

// Float64 returns a uniform number in [0, 1) with 53 random bits.
func (x *ReaderRand) Float64() float64 {
	return float64(x.uint64()>>11) / (1 << 53)
}

// shuffle permutes n elements uniformly (Fisher-Yates) with rng.
func shuffle(rng Rand, n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		swap(i, j)
	}
}
