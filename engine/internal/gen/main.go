// Command gen writes engine/eval_tables.bin, the lookup tables of the fast
// hand evaluators (run it with `go generate ./engine`).
//
// The tables follow the design of OMPEval (zekyll/OMPEval): a hand's key is
// the sum of per-card keys, whose low 32 bits add up a per-rank multiplier
// chosen so that every multiset of five to seven ranks has its own sum. A
// non-flush hand's value is found by a perfect hash of that sum (a row
// displacement table: slot = key + offset[key>>rowShift]); a flush hand's by
// the 13-bit mask of its suit's ranks.
//
// The program is self-contained (it does not import the engine, whose build
// needs its output); the engine's tests check every table entry it writes
// against the engine's own slow evaluator.
//
// File layout, little endian:
//
//	"PRT2"
//	u32 rowShift, u32 rows, u32 rankSlots
//	rows      x u32  row offsets of the five-to-seven-card table
//	rankSlots x u32  HandValue of the non-flush hand in each slot (0 = empty)
//	u32 rows5, u32 slots5
//	rows5     x u16  row bases of the five-card table
//	slots5    x u32  HandValue of the non-flush five-card hand in each slot
//	8192      x u32  HandValue of the best flush (or straight flush) of a rank mask
//	65536     x u8   Omaha eight-or-better low: index board<<8|hole (ace-low
//	                 8-bit rank masks), the best five-rank low mask or 0
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"log"
	"math/bits"
	"os"
	"sort"
)

// RankMultipliers are OMPEval's: all sums of up to seven of them (each used at
// most four times) differ. They must equal engine.rankMultipliers.
var rankMultipliers = [13]uint32{0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000,
	0x41a013, 0x47802e, 0x479068, 0x48c0e4, 0x48f211, 0x494493}

const (
	rowShift = 12
	natural  = 1 << 4
)

// Categories and strength classes, as in engine/handvalue.go.
const (
	catHigh, catPair, catTwoPair, catTrips, catStraight, catFlush, catFull, catQuads, catSF = 0, 1, 2, 3, 4, 5, 6, 7, 8
)

var strength = [9]uint32{0, 1, 2, 4, 5, 6, 7, 8, 9}

func value(cat int, ranks ...int) uint32 {
	v := strength[cat]<<28 | uint32(cat) | natural
	for i, r := range ranks {
		v |= uint32(r+1) << (8 + 4*(4-i))
	}
	return v
}

// straightTop returns the top rank of the best straight in a 13-bit rank
// mask, or -1.
func straightTop(m uint32) int {
	for top := 12; top >= 4; top-- {
		if m>>(top-4)&0x1f == 0x1f {
			return top
		}
	}
	if m&0x100f == 0x100f { // A-2-3-4-5
		return 3
	}
	return -1
}

// evalCounts returns the best non-flush hand of the rank counts (5..7 cards).
func evalCounts(cnt [13]int) uint32 {
	var mask uint32
	for r, c := range cnt {
		if c > 0 {
			mask |= 1 << r
		}
	}
	// ranksWith lists ranks having at least n cards, highest first, skipping excluded.
	ranksWith := func(n int, exclude ...int) []int {
		var out []int
	next:
		for r := 12; r >= 0; r-- {
			for _, e := range exclude {
				if r == e {
					continue next
				}
			}
			if cnt[r] >= n {
				out = append(out, r)
			}
		}
		return out
	}
	if q := ranksWith(4); len(q) > 0 {
		return value(catQuads, q[0], ranksWith(1, q[0])[0])
	}
	if t := ranksWith(3); len(t) > 0 {
		if p := ranksWith(2, t[0]); len(p) > 0 {
			return value(catFull, t[0], p[0])
		}
	}
	if top := straightTop(mask); top >= 0 {
		return value(catStraight, top)
	}
	if t := ranksWith(3); len(t) > 0 {
		k := ranksWith(1, t[0])
		return value(catTrips, t[0], k[0], k[1])
	}
	if p := ranksWith(2); len(p) >= 2 {
		return value(catTwoPair, p[0], p[1], ranksWith(1, p[0], p[1])[0])
	}
	if p := ranksWith(2); len(p) == 1 {
		k := ranksWith(1, p[0])
		return value(catPair, p[0], k[0], k[1], k[2])
	}
	k := ranksWith(1)
	return value(catHigh, k[0], k[1], k[2], k[3], k[4])
}

// evalFlush returns the best flush or straight flush of a rank mask with at
// least five ranks, or 0.
func evalFlush(m uint32) uint32 {
	if bits.OnesCount32(m) < 5 {
		return 0
	}
	if top := straightTop(m); top >= 0 {
		return value(catSF, top)
	}
	var rs []int
	for r := 12; r >= 0 && len(rs) < 5; r-- {
		if m&(1<<r) != 0 {
			rs = append(rs, r)
		}
	}
	return value(catFlush, rs...)
}

// omahaLow returns the best eight-or-better low mask from two ranks of hole
// mask h and three of board mask b (bit 0 = ace ... bit 7 = eight), or 0.
func omahaLow(h, b uint8) uint8 {
	best := 0x100
	for i := 0; i < 8; i++ {
		for j := i + 1; j < 8; j++ {
			if h>>i&1 == 0 || h>>j&1 == 0 {
				continue
			}
			for x := 0; x < 8; x++ {
				for y := x + 1; y < 8; y++ {
					for z := y + 1; z < 8; z++ {
						if b>>x&1 == 0 || b>>y&1 == 0 || b>>z&1 == 0 {
							continue
						}
						m := 1<<i | 1<<j | 1<<x | 1<<y | 1<<z
						if bits.OnesCount(uint(m)) == 5 && m < best {
							best = m
						}
					}
				}
			}
		}
	}
	if best == 0x100 {
		return 0
	}
	return uint8(best)
}

// forEachMultiset calls f with every multiset of lo..hi ranks, at most four
// of each, as counts.
func forEachMultiset(lo, hi int, f func(cnt [13]int)) {
	var cnt [13]int
	var rec func(r, n int)
	rec = func(r, n int) {
		if r == 13 {
			if n >= lo {
				f(cnt)
			}
			return
		}
		for c := 0; c <= 4 && n+c <= hi; c++ {
			cnt[r] = c
			rec(r+1, n+c)
		}
		cnt[r] = 0
	}
	rec(0, 0)
}

func rankKey(cnt [13]int) uint32 {
	var k uint32
	for i, c := range cnt {
		k += uint32(c) * rankMultipliers[i]
	}
	return k
}

// perfectHash builds a row displacement perfect hash of keys (slot = key +
// offsets[key>>rowShift], modulo 2^32): the densest rows are placed first,
// each at the lowest base where all its keys land on free slots. It returns
// the offsets and the table of values by slot (0 = empty).
func perfectHash(keys map[uint32]uint32) (offsets, table []uint32) {
	rowsMap := map[uint32][]uint32{}
	var maxKey uint32
	for k := range keys {
		rowsMap[k>>rowShift] = append(rowsMap[k>>rowShift], k)
		maxKey = max(maxKey, k)
	}
	type row struct {
		id   uint32
		keys []uint32
	}
	var rows []row
	for id, ks := range rowsMap {
		rows = append(rows, row{id, ks})
	}
	sort.Slice(rows, func(i, j int) bool {
		if len(rows[i].keys) != len(rows[j].keys) {
			return len(rows[i].keys) > len(rows[j].keys)
		}
		return rows[i].id < rows[j].id
	})
	offsets = make([]uint32, maxKey>>rowShift+1)
	used := make([]bool, 1<<20)
	var slots uint32
	for _, rw := range rows {
		for base := uint32(0); ; base++ {
			ok := true
			for _, k := range rw.keys {
				if used[base+k&(1<<rowShift-1)] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, k := range rw.keys {
				s := base + k&(1<<rowShift-1)
				used[s] = true
				slots = max(slots, s+1)
			}
			offsets[rw.id] = base - rw.id<<rowShift
			break
		}
	}
	table = make([]uint32, slots)
	for k, v := range keys {
		s := k + offsets[k>>rowShift]
		if table[s] != 0 {
			log.Fatal("perfect hash collision")
		}
		table[s] = v
	}
	return offsets, table
}

func main() {
	out := flag.String("out", "eval_tables.bin", "output file")
	flag.Parse()

	// Every multiset of 5..7 ranks, at most four of each.
	keys := map[uint32]uint32{}
	forEachMultiset(5, 7, func(cnt [13]int) {
		k := rankKey(cnt)
		if _, dup := keys[k]; dup {
			log.Fatalf("rank key %#x is not unique", k)
		}
		keys[k] = evalCounts(cnt)
	})

	offsets, table := perfectHash(keys)
	// The five-card keys alone, for Omaha, in a table small enough to stay in
	// the fastest caches: slot = base5[key>>rowShift] + key%(1<<rowShift).
	keys5 := map[uint32]uint32{}
	forEachMultiset(5, 5, func(cnt [13]int) {
		keys5[rankKey(cnt)] = evalCounts(cnt)
	})
	offsets5, table5 := perfectHash(keys5)
	base5 := make([]uint16, len(offsets5))
	for k := range keys5 {
		row := k >> rowShift
		base := offsets5[row] + row<<rowShift
		if base > 0xffff-(1<<rowShift) {
			log.Fatal("five-card table too large for 16-bit row bases")
		}
		base5[row] = uint16(base)
	}

	var buf bytes.Buffer
	buf.WriteString("PRT2")
	w := func(v any) {
		if err := binary.Write(&buf, binary.LittleEndian, v); err != nil {
			log.Fatal(err)
		}
	}
	w(uint32(rowShift))
	w(uint32(len(offsets)))
	w(uint32(len(table)))
	w(offsets)
	w(table)
	w(uint32(len(base5)))
	w(uint32(len(table5)))
	w(base5)
	w(table5)
	flush := make([]uint32, 8192)
	for m := range flush {
		flush[m] = evalFlush(uint32(m))
	}
	w(flush)
	low := make([]uint8, 65536)
	for i := range low {
		low[i] = omahaLow(uint8(i), uint8(i>>8))
	}
	w(low)
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d rank keys in %d slots, %d rows; %d five-card keys in %d slots, %d rows; %d bytes\n",
		len(keys), len(table), len(offsets), len(keys5), len(table5), len(base5), buf.Len())
}
