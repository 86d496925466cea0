package room

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
