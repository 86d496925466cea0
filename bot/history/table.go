package history

import (
	"encoding/json"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/tourney"
)

// Table is what an export needs of a hand's table besides the hand.
type Table struct {
	// Name is the table's name ("nlhe 5/10", "Sunday 1000 2").
	Name string
	// MaxSeats is the table's size; 0 takes the players dealt in.
	MaxSeats int
	// Tournament is set for a tournament table.
	Tournament *Tournament
}

// Tournament is what a tournament hand's header needs.
type Tournament struct {
	// Number is the tournament's number (its stored id).
	Number int64
	// BuyIn is the entry in chips (prize and bounty parts) and Fee the
	// house's part.
	BuyIn, Fee int64
	// Levels is the blind structure: a hand's level is the first blind
	// level (breaks not counted) of its blinds.
	Levels []tourney.Level
}

// storedTable is the part of a stored table's config (the room's JSON) an
// export reads: the table's size.
type storedTable struct {
	Config struct {
		Seats int `json:"seats"`
	} `json:"config"`
}

// storedTourney is the part of a stored tournament's config an export
// reads: the buy-in and the structure.
type storedTourney struct {
	Config struct {
		BuyIn     tourney.BuyIn
		Structure struct{ Levels []tourney.Level }
	} `json:"config"`
}

// TableOf reads a stored table and, for a tournament table, its stored
// tournament (nil for a cash table). An error when a config is not the
// room's JSON.
func TableOf(t bot.TableRecord, tour *bot.TourneyRecord) (Table, error) {
	var st storedTable
	if t.Config != "" {
		if err := json.Unmarshal([]byte(t.Config), &st); err != nil {
			return Table{}, fmt.Errorf("table %d config: %w", t.ID, err)
		}
	}
	tb := Table{Name: t.Name, MaxSeats: st.Config.Seats}
	if tb.Name == "" {
		tb.Name = fmt.Sprintf("Table %d", t.ID)
	}
	if tour == nil {
		return tb, nil
	}
	var sto storedTourney
	if err := json.Unmarshal([]byte(tour.Config), &sto); err != nil {
		return Table{}, fmt.Errorf("tournament %d config: %w", tour.ID, err)
	}
	b := sto.Config.BuyIn
	tb.Tournament = &Tournament{Number: tour.ID, BuyIn: b.Prize + b.Bounty, Fee: b.Fee, Levels: sto.Config.Structure.Levels}
	return tb, nil
}

// level numbers the blind level of a tournament hand with these blinds
// and ante (posted by every player or by the big blind alone): the level
// of the structure with them (the room plays a level's blinds of at least
// one chip; no two levels have the same blinds and ante, while two may
// have the same blinds, the later one with an ante), else the first level
// with the blinds, else the last level below them, else 1.
func (t *Tournament) level(small, big, ante int64) int {
	n, below, blinds := 0, 0, 0
	for _, l := range t.Levels {
		if l.Break {
			continue
		}
		n++
		if max(l.SmallBlind, 1) == small && max(l.BigBlind, 1) == big {
			if l.Ante == ante {
				return n
			}
			if blinds == 0 {
				blinds = n
			}
		}
		if l.BigBlind <= big {
			below = n
		}
	}
	if blinds > 0 {
		return blinds
	}
	return max(below, 1)
}
