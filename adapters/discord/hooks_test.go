package discord

import "time"

// AgeInteraction makes the interaction the adapter remembers of user
// older than an interaction token lives (a test cannot wait 15 minutes):
// private notes can no longer be sent as its follow-ups. false: none is
// remembered (yet: it is noted once its answer is sent).
func (a *Adapter) AgeInteraction(user string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	l, ok := a.lastSeen.Lookup(user)
	if ok {
		l.at = l.at.Add(-time.Hour)
		a.lastSeen.Set(user, l)
	}
	return ok
}
