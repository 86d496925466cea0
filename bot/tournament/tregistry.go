package tournament

import (
	"sort"
	"sync"
	"sync/atomic"
)

// Registry is the room's tournaments by id, under a lock of their own: a
// director looks up another (its satellite's target, a flight's final)
// without the room's lock.
type Registry struct {
	mu sync.Mutex
	m  map[int64]*Director
	// LoadedEnded counts the tournaments over brought back by a command
	// (at most maxLoadedEnded at once).
	LoadedEnded atomic.Int64
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{m: map[int64]*Director{}} }

// Get returns the tournament id, nil when none is listed.
func (g *Registry) Get(id int64) *Director {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.m[id]
}

// Put lists a.
func (g *Registry) Put(a *Director) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.m[a.id] = a
}

// PutLoaded lists a tournament over brought back by a command, unless one
// was listed meanwhile: it returns the one listed and whether it is a.
func (g *Registry) PutLoaded(a *Director) (*Director, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if cur := g.m[a.id]; cur != nil {
		return cur, false
	}
	g.m[a.id] = a
	g.LoadedEnded.Add(1)
	return a, true
}

// retire takes a off the list (unless another took its place).
func (g *Registry) retire(a *Director) {
	g.mu.Lock()
	if g.m[a.id] == a {
		delete(g.m, a.id)
	}
	g.mu.Unlock()
	if a.Loaded {
		g.LoadedEnded.Add(-1)
	}
}

// All lists every tournament, by id.
func (g *Registry) All() []*Director {
	g.mu.Lock()
	out := make([]*Director, 0, len(g.m))
	for _, a := range g.m {
		out = append(out, a)
	}
	g.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// Of lists a community's tournaments (only those not over when open),
// oldest first.
func (g *Registry) Of(communityID int64, open bool) []*Director {
	var out []*Director
	for _, a := range g.All() {
		if a.Comm.ID == communityID && (!open || !a.IsOver()) {
			out = append(out, a)
		}
	}
	return out
}

// hasDependents reports whether a satellite has seats to give in the
// tournament id, or a flight qualifiers to send it.
func (g *Registry) hasDependents(id int64) bool {
	for _, s := range g.All() {
		if (s.target == id || s.finalID == id) && !s.SeatsSettled.Load() {
			return true
		}
	}
	return false
}

// Count is the number of tournaments listed.
func (g *Registry) Count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.m)
}
