package bot

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// Metrics counts what the room does, for /metrics and the simulator. The
// latency histogram has buckets 5% apart from 1µs to about an hour, so that
// percentiles read from it are within 5%.
type Metrics struct {
	Actions atomic.Int64 // player actions committed
	Hands   atomic.Int64 // hands dealt
	Queued  atomic.Int64 // messages handed to an outbox
	Dropped atomic.Int64 // messages an outbox refused (full)
	Busy    atomic.Int64 // commands refused by a full table inbox
	// Limited: commands refused by their user's command limit (answered
	// "slow down" or silenced).
	Limited atomic.Int64
	Paused  atomic.Int64 // tables paused now (the store unreachable)
	// PausedTourneys: tournament directors paused now (a write failed and
	// the store could not be read to rebuild them).
	PausedTourneys atomic.Int64
	Unrestored     atomic.Int64 // tables whose record could not be read at start
	OpenTables     atomic.Int64
	Batches        atomic.Int64 // group-commit transactions
	Batched        atomic.Int64 // writes in them
	// Audits are chip audits run; AuditMismatches the mismatches they
	// found; AuditFailures those that could not read the store.
	Audits          atomic.Int64
	AuditMismatches atomic.Int64
	AuditFailures   atomic.Int64
	// AdminLogFailures are admin actions done whose admin log entry could
	// not be written.
	AdminLogFailures atomic.Int64

	mu       sync.Mutex
	outboxes []OutboxStats
	latency  Histogram
}

// OutboxStats is what Metrics reads of an outbox it watches (WatchOutbox);
// bot/outbox's Outbox implements it.
type OutboxStats interface {
	// Stats returns the messages delivered and the rate-limit answers met.
	Stats() (sent, rateLimited int)
	// Queued returns the number of messages waiting.
	Queued() int
	// DelayHistogram returns a copy of the delivery delays so far.
	DelayHistogram() Histogram
}

// Histogram counts durations in buckets 5% apart (its zero value is
// empty); its users lock around it.
type Histogram struct {
	buckets [latencyBuckets]int64
	count   int64
	sum     time.Duration
	max     time.Duration
}

// Observe counts d.
func (h *Histogram) Observe(d time.Duration) {
	h.buckets[bucketOf(d)]++
	h.count++
	h.sum += d
	h.max = max(h.max, d)
}

// Summary reads the percentiles and the coarse Prometheus buckets (1ms,
// 2ms, 5ms, ... 10s).
func (h *Histogram) Summary() LatencySummary {
	s := LatencySummary{Count: h.count, Sum: h.sum, Max: h.max}
	pct := func(q float64) time.Duration {
		if h.count == 0 {
			return 0
		}
		want := int64(math.Ceil(q * float64(h.count)))
		var c int64
		for b, n := range h.buckets {
			c += n
			if c >= want {
				return min(bucketUpper(b), h.max)
			}
		}
		return h.max
	}
	s.P50, s.P99 = pct(0.50), pct(0.99)
	for _, ms := range []float64{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000, 120000, 300000} {
		bound := time.Duration(ms * float64(time.Millisecond))
		var c int64
		for b, n := range h.buckets {
			if bucketUpper(b) <= bound {
				c += n
			}
		}
		s.Bounds = append(s.Bounds, bound)
		s.Buckets = append(s.Buckets, c)
	}
	return s
}

const (
	latencyBuckets = 450 // up to about an hour
	latencyGrowth  = 1.05
)

// NewMetrics returns zeroed metrics.
func NewMetrics() *Metrics { return &Metrics{} }

func bucketOf(d time.Duration) int {
	us := float64(d) / float64(time.Microsecond)
	if us <= 1 {
		return 0
	}
	b := int(math.Log(us)/math.Log(latencyGrowth)) + 1
	return min(b, latencyBuckets-1)
}

// bucketUpper is the upper bound of bucket b.
func bucketUpper(b int) time.Duration {
	return time.Duration(math.Pow(latencyGrowth, float64(b)) * float64(time.Microsecond))
}

// ObserveLatency records one command's time from receipt to its events
// committed and its views queued, as the room's Clock measures it.
func (m *Metrics) ObserveLatency(d time.Duration) {
	m.mu.Lock()
	m.latency.Observe(d)
	m.mu.Unlock()
}

// ObserveBatch counts one group-commit transaction of n writes.
func (m *Metrics) ObserveBatch(n int) {
	m.Batches.Add(1)
	m.Batched.Add(int64(n))
}

// Since is what h counted after earlier, a copy of it taken before: the
// durations observed in between. Its max is the upper bound of the
// highest bucket they fell in (the largest since is not kept).
func (h Histogram) Since(earlier Histogram) Histogram {
	var d Histogram
	for b := range h.buckets {
		if d.buckets[b] = h.buckets[b] - earlier.buckets[b]; d.buckets[b] > 0 {
			d.max = min(bucketUpper(b), h.max)
		}
	}
	d.count, d.sum = h.count-earlier.count, h.sum-earlier.sum
	return d
}

// LatencySummary is the latency histogram read at one moment.
type LatencySummary struct {
	Count         int64
	Sum           time.Duration
	P50, P99, Max time.Duration
	// Buckets are cumulative counts at the upper bounds Bounds.
	Bounds  []time.Duration
	Buckets []int64
}

// Latency returns the histogram's percentiles and buckets (the coarse
// Prometheus buckets: 1ms, 2ms, 5ms, ... 10s).
func (m *Metrics) Latency() LatencySummary {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.latency.Summary()
}

// LatencyHistogram returns a copy of the latency histogram (to read the
// latencies of a stretch of time with Since).
func (m *Metrics) LatencyHistogram() Histogram {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.latency
}

// WatchOutbox adds o to the outboxes that the methods OutboxStats and
// OutboxDelays sum.
func (m *Metrics) WatchOutbox(o OutboxStats) {
	m.mu.Lock()
	m.outboxes = append(m.outboxes, o)
	m.mu.Unlock()
}

// OutboxDelays merges the watched outboxes' delivery delays.
func (m *Metrics) OutboxDelays() LatencySummary {
	m.mu.Lock()
	obs := append([]OutboxStats(nil), m.outboxes...)
	m.mu.Unlock()
	var all Histogram
	for _, o := range obs {
		h := o.DelayHistogram()
		for b, n := range h.buckets {
			all.buckets[b] += n
		}
		all.count += h.count
		all.sum += h.sum
		all.max = max(all.max, h.max)
	}
	return all.Summary()
}

// OutboxStats sums the watched outboxes: messages waiting, sent, and
// platform 429s waited out.
func (m *Metrics) OutboxStats() (queued, sent, rateLimited int) {
	m.mu.Lock()
	obs := append([]OutboxStats(nil), m.outboxes...)
	m.mu.Unlock()
	for _, o := range obs {
		s, l := o.Stats()
		queued += o.Queued()
		sent += s
		rateLimited += l
	}
	return queued, sent, rateLimited
}
