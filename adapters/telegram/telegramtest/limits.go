// The sending limits: Telegram's figures and their burst tolerance, a
// test's own, a forced flood of 429s, and admit, which applies them.

package telegramtest

import (
	"fmt"
	"math"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
	"golang.org/x/time/rate"
)

// ChatBurstTolerance is how many messages over a chat's burst (the
// adapter's PerChatBurst) the fake lets through at once by default.
// Telegram documents one message a second in a chat and that it "may allow
// short bursts that go over this limit" (Bot FAQ); the adapter does not
// count on them, so its outbox is still held to its own rate. The
// tolerance also absorbs the jitter of requests on a loaded machine: a
// strict bucket would answer 429 to a message merely overtaken on the way
// by the one sent after it, and every 429 costs a whole second (Telegram's
// retry_after is whole seconds), at any Scale.
const ChatBurstTolerance = 2

// Limits returns the limits a new Server enforces: the adapter's,
// telegram.Limits, with ChatBurstTolerance more messages at once in a chat.
func Limits() bot.Limits {
	l := telegram.Limits
	l.PerChatBurst = max(l.PerChatBurst, 1) + ChatBurstTolerance
	return l
}

// SetLimits replaces the limits (in Telegram's time; default Limits()).
// They are read as the adapter's outbox reads them: a zero rate is no
// limit of that kind, PerGroupBurst defaults to PerGroupMin, and
// GlobalNewOnly leaves edits out of the global limit (Telegram documents
// the 30 a second for messages; whether edits count is not said).
func (s *Server) SetLimits(l bot.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l
	s.chatLim, s.groupLim = map[int64]*rate.Limiter{}, map[int64]*rate.Limiter{}
	s.global = rate.NewLimiter(l.Global, max(l.GlobalBurst, 1))
}

// Flood answers the next n message sends with 429 whatever the limits.
func (s *Server) Flood(n int) {
	s.mu.Lock()
	s.flood = n
	s.mu.Unlock()
}

// admit applies the sending limits to one message to chat; s.mu is held.
func (s *Server) admit(chat int64, edit bool) *apiError {
	now := s.now()
	if s.flood > 0 {
		s.flood--
		s.stats.RateLimited++
		return &apiError{code: 429, description: "Too Many Requests: retry after 1", retryAfter: 1}
	}
	var lims []*rate.Limiter
	if s.limits.Global > 0 && !(edit && s.limits.GlobalNewOnly) {
		lims = append(lims, s.global)
	}
	if s.limits.PerChat > 0 {
		l := s.chatLim[chat]
		if l == nil {
			l = rate.NewLimiter(s.limits.PerChat, max(s.limits.PerChatBurst, 1))
			s.chatLim[chat] = l
		}
		lims = append(lims, l)
	}
	if chat < 0 && s.limits.PerGroupMin > 0 {
		l := s.groupLim[chat]
		if l == nil {
			burst := s.limits.PerGroupBurst
			if burst <= 0 {
				burst = s.limits.PerGroupMin
			}
			l = rate.NewLimiter(rate.Limit(float64(s.limits.PerGroupMin)/60), burst)
			s.groupLim[chat] = l
		}
		lims = append(lims, l)
	}
	var wait time.Duration
	var rs []*rate.Reservation
	for _, l := range lims {
		r := l.ReserveN(now, 1)
		rs = append(rs, r)
		wait = max(wait, r.DelayFrom(now))
	}
	if wait > 0 {
		for _, r := range rs {
			r.CancelAt(now)
		}
		s.stats.RateLimited++
		real := time.Duration(float64(wait) / s.Scale)
		secs := int(math.Ceil(real.Seconds()))
		return &apiError{code: 429, description: fmt.Sprintf("Too Many Requests: retry after %d", max(secs, 1)), retryAfter: max(secs, 1)}
	}
	if chat < 0 {
		s.stats.ToGroups++
	} else {
		s.stats.ToUsers++
	}
	return nil
}
