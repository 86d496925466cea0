package room

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// Tournaments after a restart: rebuilt from their stored log, and the
// ones over brought back on demand for their results.

// restoreTourneys rebuilds every tournament not over from its log; their
// tables are restored with the other tables and linked here.
func (r *Room) restoreTourneys(ctx context.Context) error {
	recs, err := r.store.Tourneys(ctx, 0, true)
	if err != nil {
		return fmt.Errorf("tournaments: %w", err)
	}
	for _, rec := range recs {
		a, err := r.rebuildTourney(ctx, rec)
		if err != nil {
			if bot.ErrorCode(err) == bot.EUnavailable || ctx.Err() != nil {
				return err // the store cannot be read: nothing can start
			}
			// One tournament never stops the room: it stays out of play
			// (its account keeps its money, its tables wait), logged.
			r.log.Error("tournament not restored: it stays out of play until its record is repaired", "tourney", rec.ID, "err", err)
			r.metrics.Unrestored.Add(1)
			r.unrestored[rec.ID] = true
			continue
		}
		r.tourneys.Put(a)
	}
	return nil
}

// rebuildTourney makes a tournament's actor from its record and log.
func (r *Room) rebuildTourney(ctx context.Context, rec bot.TourneyRecord) (*tournament.Director, error) {
	var set tournament.Settings
	if err := json.Unmarshal([]byte(rec.Config), &set); err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	if _, err := tournament.DecodeSettings(rec.Config); err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	comm, err := r.tableCommunity(ctx, rec.CommunityID, table.Meta{Platform: set.Platform, Chat: set.Chat})
	if err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	house, err := r.houseOf(ctx, comm)
	if err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	a, err := r.newTourneyActor(rec, set, comm, house)
	if err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	if a.Account, err = r.store.OpenAccount(ctx, bot.AccountTournament, a.Ref(), 0); err != nil {
		return nil, err
	}
	if err := a.Replay(ctx); err != nil {
		return nil, fmt.Errorf("tournament %d: %w", rec.ID, err)
	}
	if !rec.EndedAt.IsZero() {
		a.SeatsSettled.Store(true) // its seats or qualifiers were given before it ended
	}
	return a, nil
}

// loadEnded brings back a tournament that is over (its actor retired
// after an hour, or not restored at start) for a command that names it:
// /standings T3, /tourney info T3. It retires again when left alone.
func (r *Room) loadEnded(ctx context.Context, comm bot.Community, id int64) (*tournament.Director, error) {
	recs, err := r.store.Tourneys(ctx, comm.ID, false)
	if err != nil {
		return nil, err
	}
	for _, rec := range recs {
		if rec.ID != id || rec.EndedAt.IsZero() {
			continue
		}
		if r.tourneys.LoadedEnded.Load() >= tournament.MaxLoadedEnded {
			return nil, bot.Errorf(bot.EBusy, bot.KeyBusy)
		}
		a, err := r.rebuildTourney(ctx, rec)
		if err != nil {
			return nil, err
		}
		a.Loaded = true
		cur, added := r.tourneys.PutLoaded(a)
		if !added { // loaded meanwhile
			return cur, nil
		}
		r.runTourney(a)
		return a, nil
	}
	return nil, nil
}
