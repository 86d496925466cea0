package bot

import (
	"context"
	"time"
)

// Step exposes one delivery step of the outbox to the tests of package
// bot_test, so that they drive it with a fake clock without goroutines.
func (o *Outbox) Step(ctx context.Context, onError func(Outgoing, error)) (bool, time.Duration, error) {
	return o.step(ctx, onError)
}

// TourneysInMemory counts the tournaments with an actor.
func (r *Room) TourneysInMemory() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.tourneys)
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

// Destinations is the number of destination queues the outbox keeps.
func (o *Outbox) Destinations() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.queues)
}
