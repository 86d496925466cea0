package room

import (
	"context"
	"strconv"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The writes that make a cash table or a tournament run one at a time
// (r.making), and one that failed is read back: stored but reported
// failed, it would come back at the next start beside the one an admin
// told to try again makes.

// addTable stores a new cash table's record and returns its id.
func (r *Room) addTable(ctx context.Context, rec bot.TableRecord) (int64, error) {
	return r.addMade(ctx, "table", madeRecord{name: rec.Name, config: rec.Config, at: rec.CreatedAt},
		func() (int64, error) { return r.store.AddTable(ctx, rec) },
		func() ([]madeRecord, error) {
			recs, err := r.store.OpenTables(ctx, rec.CommunityID)
			out := make([]madeRecord, len(recs))
			for i, x := range recs {
				out[i] = madeRecord{id: x.ID, name: x.Name, config: x.Config, at: x.CreatedAt, running: r.tableByID(x.ID) != nil}
			}
			return out, err
		})
}

// addTourney stores a new tournament's record and returns its id.
func (r *Room) addTourney(ctx context.Context, rec bot.TourneyRecord) (int64, error) {
	return r.addMade(ctx, "tourney", madeRecord{name: rec.Name, config: rec.Config, at: rec.CreatedAt},
		func() (int64, error) { return r.store.AddTourney(ctx, rec) },
		func() ([]madeRecord, error) {
			recs, err := r.store.Tourneys(ctx, rec.CommunityID, true)
			out := make([]madeRecord, len(recs))
			for i, x := range recs {
				out[i] = madeRecord{id: x.ID, name: x.Name, config: x.Config, at: x.CreatedAt, running: r.tourneys.Get(x.ID) != nil}
			}
			return out, err
		})
}

// madeRecord is what a read back matches of a table's or a tournament's
// record: its name, config and creation time; running when an actor of
// the room runs it.
type madeRecord struct {
	id           int64
	name, config string
	at           time.Time
	running      bool
}

// addMade makes want (a record of kind "table" or "tourney") by add, one
// making write at a time. When add fails, the records list gives (the
// community's open tables, its tournaments not ended) are read back: one
// of want's name and config, made at want's time to the millisecond, that
// no actor runs and no other making write gave is the one add stored
// after all, and its id is taken; else add's error stands.
func (r *Room) addMade(ctx context.Context, kind string, want madeRecord, add func() (int64, error), list func() ([]madeRecord, error)) (int64, error) {
	r.making.Lock()
	defer r.making.Unlock()
	id, err := add()
	if err != nil {
		recs, rerr := list()
		if rerr != nil {
			return 0, err
		}
		found := false
		for _, x := range recs {
			d := x.at.Sub(want.at)
			if x.name == want.name && x.config == want.config && d < time.Millisecond && d > -time.Millisecond &&
				!x.running && !r.madeHere(kind+":"+strconv.FormatInt(x.id, 10)) {
				id, found = x.id, true
				break
			}
		}
		if !found {
			return 0, err
		}
	}
	r.madeNow(kind + ":" + strconv.FormatInt(id, 10))
	return id, nil
}

// madeNow notes an id a making write gave. r.making is held. An id noted
// more than madeKept ago is forgotten: its record, made then, is not of
// this millisecond, so no read back could take it (addMade).
func (r *Room) madeNow(key string) {
	now := r.clock.Now()
	if r.made == nil {
		r.made = map[string]time.Time{}
	}
	for k, at := range r.made {
		if now.Sub(at) > madeKept {
			delete(r.made, k)
		}
	}
	r.made[key] = now
}

// madeKept is how long madeNow keeps an id: far more than the millisecond
// a read back matches on.
const madeKept = time.Minute

// madeHere reports whether a making write of this room gave key's id.
// r.making is held.
func (r *Room) madeHere(key string) bool {
	_, ok := r.made[key]
	return ok
}
