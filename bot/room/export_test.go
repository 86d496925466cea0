package room

import (
	"context"
	"sync"

	"github.com/pokerroom/pokerroom/bot/tournament"
)

// TourneysInMemory counts the tournaments with an actor.
func (r *Room) TourneysInMemory() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tourneys.Count()
}

// PlayersCached is the number of players the room keeps in memory.
func (r *Room) PlayersCached() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.players.Len()
}

// BucketsKept is the number of per-user command buckets kept.
func (r *Room) BucketsKept() int {
	if r.limits == nil {
		return 0
	}
	return r.limits.len()
}

// HoldTourneys keeps every tournament director busy until release is
// called: the reports their tables send meanwhile are taken in together,
// as a director does when two tables end a hand in the same instant.
func (r *Room) HoldTourneys(ctx context.Context) (release func()) {
	hold := make(chan struct{})
	var wg sync.WaitGroup
	for _, a := range r.tourneys.All() {
		started := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = a.Do(ctx, tournament.Request{Query: func() error {
				close(started)
				<-hold
				return nil
			}})
		}()
		<-started
	}
	return func() {
		close(hold)
		wg.Wait()
	}
}

// SettleTables lets every table actor take in what it has queued, not
// the directors.
func (r *Room) SettleTables(ctx context.Context) error {
	for _, id := range r.Tables() {
		if t := r.tableByID(id); t != nil {
			if err := t.SettleNow(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// MadeKept is the number of ids of tables and tournaments made that the
// room keeps for the read back of a failed write (Room.made).
func (r *Room) MadeKept() int {
	r.making.Lock()
	defer r.making.Unlock()
	return len(r.made)
}
