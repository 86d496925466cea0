package room

import (
	"fmt"
	"slices"
)

// PoolEntries lists the entries of pool id as tests read them:
// "ana#1 active #3 98", "ben#2 waiting 100", sorted.
func (r *Room) PoolEntries(id int64) []string {
	p := r.poolByID(id)
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, e := range p.entries {
		switch e.state {
		case entryActive:
			out = append(out, fmt.Sprintf("%s#%d active #%d", e.player.DisplayName, e.n, e.table))
		case entryWaiting:
			out = append(out, fmt.Sprintf("%s#%d waiting %d", e.player.DisplayName, e.n, e.stack))
		default:
			out = append(out, fmt.Sprintf("%s#%d sitout %d", e.player.DisplayName, e.n, e.stack))
		}
	}
	slices.Sort(out)
	return out
}
