package engine

import (
	_ "embed"
	"encoding/binary"
)

//go:generate go run ./internal/gen -out eval_tables.bin

// eval_tables.bin is written by engine/internal/gen (see there for the layout
// and the method). The tests check every entry against the slow evaluator.
//
//go:embed eval_tables.bin
var tablesBin []byte

// rankMultipliers are the per-rank terms of a hand's rank key; they must equal
// the generator's.
var rankMultipliers = [NumRanks]uint32{0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000,
	0x41a013, 0x47802e, 0x479068, 0x48c0e4, 0x48f211, 0x494493}

const (
	// A card key holds the rank multiplier in its low 32 bits and adds one to
	// its suit's 4-bit counter at bit suitShift+4*suit.
	suitShift = 48
	// suitStart starts each suit counter at 3, so that a counter reaches 8
	// (its top bit, flushCheck) with five cards of the suit.
	suitStart  = uint64(0x3333) << suitShift
	flushCheck = uint64(0x8888) << suitShift

	rowShift   = 12
	rankSlots  = 1 << 17 // power of two >= the generator's slot count
	maxRows    = 1 << (25 - rowShift)
	rank5Slots = 1 << 14 // power of two >= the five-card slot count
	flushSlots = 1 << NumRanks
)

// evalTables holds the lookup tables of the evaluators.
type evalTables struct {
	// cardKey is the key of each card (0 for jokers and invalid cards).
	cardKey [256]uint64
	// cardRankBit is 1<<rank for each card, 0 for jokers and invalid cards.
	cardRankBit [256]uint16
	// rowOffset and rankValue: rankValue[(key + rowOffset[key>>rowShift]) % rankSlots]
	// is the value of a non-flush hand of 5..7 cards with rank key key.
	rowOffset [maxRows]uint32
	rankValue [rankSlots]HandValue
	// rank5Base and rank5Value: rank5Value[rank5Base[key>>rowShift] +
	// key%(1<<rowShift)] is the value of a non-flush five-card hand, from a
	// table small enough (about 40 KB) to stay in the fastest caches for
	// Omaha's sixty five-card hands.
	rank5Base  [maxRows]uint16
	rank5Value [rank5Slots]HandValue
	// flushValue is the best flush or straight flush of a 13-bit rank mask.
	flushValue [flushSlots]HandValue
	// omahaLowTab is the best Omaha eight-or-better low mask of board and hole
	// ace-low rank masks, index board<<8|hole.
	omahaLowTab [1 << 16]uint8
}

// tbl is the evaluators' tables, read-only after package initialisation.
var tbl evalTables

func init() { tbl.load(tablesBin) }

// load builds the card keys and decodes the generated tables from b.
func (tbl *evalTables) load(b []byte) {
	for c := Card(0); c < 52; c++ {
		tbl.cardKey[c] = uint64(rankMultipliers[c.Rank()]) | 1<<(suitShift+4*uint64(c.Suit()))
		tbl.cardRankBit[c] = 1 << c.Rank()
	}
	if len(b) < 16 || string(b[:4]) != "PRT2" {
		panic("engine: eval_tables.bin is damaged; run go generate ./engine")
	}
	u32 := binary.LittleEndian.Uint32
	bad := func() { panic("engine: eval_tables.bin does not match the evaluator; run go generate ./engine") }
	shift, rows, slots := u32(b[4:]), u32(b[8:]), u32(b[12:])
	if shift != rowShift || rows > maxRows || slots > rankSlots || len(b) < 16+4*int(rows)+4*int(slots)+8 {
		bad()
	}
	p := 16
	for i := range rows {
		tbl.rowOffset[i] = u32(b[p:])
		p += 4
	}
	for i := range slots {
		tbl.rankValue[i] = HandValue(u32(b[p:]))
		p += 4
	}
	rows5, slots5 := u32(b[p:]), u32(b[p+4:])
	p += 8
	if rows5 > maxRows || slots5 > rank5Slots-(1<<rowShift) ||
		len(b) != p+2*int(rows5)+4*int(slots5)+4*flushSlots+len(tbl.omahaLowTab) {
		bad()
	}
	for i := range rows5 {
		tbl.rank5Base[i] = binary.LittleEndian.Uint16(b[p:])
		p += 2
	}
	for i := range slots5 {
		tbl.rank5Value[i] = HandValue(u32(b[p:]))
		p += 4
	}
	for i := range tbl.flushValue {
		tbl.flushValue[i] = HandValue(u32(b[p:]))
		p += 4
	}
	copy(tbl.omahaLowTab[:], b[p:])
}
