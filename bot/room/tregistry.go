package room

import (
	"sort"
	"sync"
	"sync/atomic"
)

// registry is the room's tournaments by id, under a lock of their own: a
// director looks up another (its satellite's target, a flight's final)
// without the room's lock.
type registry struct {
	mu sync.Mutex
	m  map[int64]*tourneyActor
	// loadedEnded counts the tournaments over brought back by a command
	// (at most maxLoadedEnded at once).
	loadedEnded atomic.Int64
}

func newRegistry() *registry { return &registry{m: map[int64]*tourneyActor{}} }

// get returns the tournament id, nil when none is listed.
func (g *registry) get(id int64) *tourneyActor {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.m[id]
}

// put lists a.
func (g *registry) put(a *tourneyActor) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.m[a.id] = a
}

// putLoaded lists a tournament over brought back by a command, unless one
// was listed meanwhile: it returns the one listed and whether it is a.
func (g *registry) putLoaded(a *tourneyActor) (*tourneyActor, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if cur := g.m[a.id]; cur != nil {
		return cur, false
	}
	g.m[a.id] = a
	g.loadedEnded.Add(1)
	return a, true
}

// retire takes a off the list (unless another took its place).
func (g *registry) retire(a *tourneyActor) {
	g.mu.Lock()
	if g.m[a.id] == a {
		delete(g.m, a.id)
	}
	g.mu.Unlock()
	if a.loaded {
		g.loadedEnded.Add(-1)
	}
}

// all lists every tournament, by id.
func (g *registry) all() []*tourneyActor {
	g.mu.Lock()
	out := make([]*tourneyActor, 0, len(g.m))
	for _, a := range g.m {
		out = append(out, a)
	}
	g.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// of lists a community's tournaments (only those not over when open),
// oldest first.
func (g *registry) of(communityID int64, open bool) []*tourneyActor {
	var out []*tourneyActor
	for _, a := range g.all() {
		if a.comm.ID == communityID && (!open || !a.isOver()) {
			out = append(out, a)
		}
	}
	return out
}

// hasDependents reports whether a satellite has seats to give in the
// tournament id, or a flight qualifiers to send it.
func (g *registry) hasDependents(id int64) bool {
	for _, s := range g.all() {
		if (s.target == id || s.finalID == id) && !s.seatsSettled.Load() {
			return true
		}
	}
	return false
}

// count is the number of tournaments listed.
func (g *registry) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.m)
}
