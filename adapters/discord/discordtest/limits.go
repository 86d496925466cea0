// The rate limits: per-route buckets announced in X-RateLimit-* headers,
// 429s with retry_after, and the floods a test asks for.

package discordtest

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord"
)

// Flood answers the next n REST calls other than interaction callbacks
// with 429, retry_after d (scaled).
func (s *Server) Flood(n int, d time.Duration) {
	s.mu.Lock()
	s.flood, s.floodAfter = n, d
	s.mu.Unlock()
}

// FloodGlobal spends the bot's global rate limit for d (scaled): every
// REST call other than interaction callbacks and webhooks is answered 429
// with "global": true and X-RateLimit-Global (Discord, "Rate Limits": a
// global 429 carries Retry-After and no bucket's headers) until then.
func (s *Server) FloodGlobal(d time.Duration) {
	s.mu.Lock()
	s.globalUntil = time.Now().Add(time.Duration(float64(d) / s.scale))
	s.mu.Unlock()
}

// tooMany answers 429 with retry_after d (scaled).
func (s *Server) tooMany(w http.ResponseWriter, d time.Duration, global bool) {
	secs := d.Seconds() / s.scale
	w.Header().Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	w.Header().Set("X-RateLimit-Scope", "user")
	if global {
		w.Header().Set("X-RateLimit-Global", "true")
		w.Header().Set("X-RateLimit-Scope", "global")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": global})
}

// bucketLimit and bucketWindow are each route's bucket: the adapter's own
// figure for a channel, discord.Limits (a burst of PerChatBurst calls, one
// more every 1/PerChat seconds: 5 per 5 s), so that the fake holds the
// adapter to the figures it was built with, not to a copy of them.
var (
	bucketLimit  = discord.Limits.PerChatBurst
	bucketWindow = time.Duration(float64(discord.Limits.PerChatBurst) / float64(discord.Limits.PerChat) * float64(time.Second))
)

// take counts a call against a route's bucket (bucketLimit calls per
// bucketWindow, scaled) and announces the bucket in X-RateLimit-* headers;
// an overrun is a 429.
func (s *Server) take(w http.ResponseWriter, key string) bool {
	limit, per := bucketLimit, bucketWindow
	now := time.Now()
	window := time.Duration(float64(per) / s.scale)
	b := s.buckets[key]
	if b == nil || now.After(b.reset) {
		b = &bucket{remaining: limit, reset: now.Add(window)}
		s.buckets[key] = b
	}
	resetAfter := b.reset.Sub(now).Seconds()
	if b.remaining == 0 {
		s.stats.RateLimited++
		w.Header().Set("X-RateLimit-Bucket", key)
		s.tooMany(w, time.Duration(resetAfter*s.scale*float64(time.Second)), false)
		return false
	}
	b.remaining--
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(b.remaining))
	// Rounded up to the millisecond, and one more (discordgo truncates
	// the fraction): a client that waits for the time announced never
	// arrives before the bucket's own reset, however loaded the machine.
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat((math.Ceil(resetAfter*1000)+1)/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(math.Ceil(float64(b.reset.UnixNano())/1e6)/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", key)
	return true
}
