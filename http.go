package main

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// pinger is what /healthz checks.
type pinger interface {
	Ping(ctx context.Context) error
}

// transferCounter is what the ledger metric reads.
type transferCounter interface {
	TransferCount() uint64
}

// healthTimeout bounds the database check of /healthz.
const healthTimeout = 3 * time.Second

// newMetrics returns a registry with the Go and process collectors, the
// build information and the ledger transfer counter.
func newMetrics(tc transferCounter, m *bot.Metrics) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "pokerroom_build_info",
			Help:        "Build information: always 1, labelled with the version and Go version.",
			ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
		}, func() float64 { return 1 }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "pokerroom_ledger_transfers_total",
			Help: "Ledger transfers committed since the process started.",
		}, func() float64 { return float64(tc.TransferCount()) }),
	)
	if m != nil {
		reg.MustRegister(roomCollector{m})
	}
	return reg
}

// newHTTPHandler serves /healthz (200 "ok" when the database answers, 503
// "database unavailable" otherwise, the detail in the log) and /metrics (Prometheus).
func newHTTPHandler(db pinger, reg prometheus.Gatherer, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := db.Ping(ctx); err != nil {
			log.Warn("health check failed", "err", err)
			w.WriteHeader(http.StatusServiceUnavailable)
			// A short reason only: the error names hosts, users and
			// databases, which the log keeps.
			w.Write([]byte("database unavailable\n"))
			return
		}
		w.Write([]byte("ok\n"))
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}))
	return mux
}

// roomCollector exposes the room's metrics: actions, hands, the latency
// histogram, messages queued and dropped, busy tables, open tables and
// group commits.
type roomCollector struct{ m *bot.Metrics }

var (
	descActions  = prometheus.NewDesc("pokerroom_actions_total", "Player actions committed.", nil, nil)
	descHands    = prometheus.NewDesc("pokerroom_hands_total", "Hands dealt.", nil, nil)
	descQueued   = prometheus.NewDesc("pokerroom_messages_queued_total", "Messages handed to an outbox.", nil, nil)
	descDropped  = prometheus.NewDesc("pokerroom_messages_dropped_total", "Messages an outbox refused because its queue was full.", nil, nil)
	descBusy     = prometheus.NewDesc("pokerroom_busy_total", "Commands refused because a table's inbox was full.", nil, nil)
	descSlowed   = prometheus.NewDesc("pokerroom_commands_limited_total", "Commands refused by their user's command limit (USER_COMMAND_RATE), answered \"slow down\" or ignored.", nil, nil)
	descTables   = prometheus.NewDesc("pokerroom_open_tables", "Cash tables running.", nil, nil)
	descBatches  = prometheus.NewDesc("pokerroom_commit_batches_total", "Group-commit transactions.", nil, nil)
	descBatched  = prometheus.NewDesc("pokerroom_commit_writes_total", "Table writes committed in them.", nil, nil)
	descLatency  = prometheus.NewDesc("pokerroom_action_latency_seconds", "Time from a command received to its events committed and its views queued.", nil, nil)
	descOutQueue = prometheus.NewDesc("pokerroom_outbox_queued", "Messages waiting in the outboxes.", nil, nil)
	descSent     = prometheus.NewDesc("pokerroom_outbox_sent_total", "Messages the outboxes delivered.", nil, nil)
	descLimited  = prometheus.NewDesc("pokerroom_outbox_rate_limited_total", "Platform 429 answers waited out.", nil, nil)
	descAudits   = prometheus.NewDesc("pokerroom_audits_total", "Chip audits run (at start and every few minutes).", nil, nil)
	descAuditBad = prometheus.NewDesc("pokerroom_audit_mismatches_total", "Mismatches the chip audits found: accounts not holding the chips they should.", nil, nil)
	descAuditErr = prometheus.NewDesc("pokerroom_audit_failures_total", "Chip audits that could not read the store.", nil, nil)
	descAdminLog = prometheus.NewDesc("pokerroom_admin_log_failures_total", "Admin actions done whose admin log entry could not be written.", nil, nil)
	descPaused   = prometheus.NewDesc("pokerroom_tables_paused", "Tables paused now because the database could not be read; they resume by themselves.", nil, nil)
	descPausedT  = prometheus.NewDesc("pokerroom_tourneys_paused", "Tournament directors paused now because the database could not be read; they resume by themselves.", nil, nil)
	descUnrest   = prometheus.NewDesc("pokerroom_tables_unrestored", "Tables left out of play at start because their stored record could not be used.", nil, nil)
	descDelay    = prometheus.NewDesc("pokerroom_outbox_delay_seconds", "From a message queued to it delivered; for an edited message, from the oldest state the chat had not seen.", nil, nil)
)

func (c roomCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descActions, descHands, descQueued, descDropped, descBusy, descSlowed, descTables, descBatches, descBatched, descLatency, descOutQueue, descLimited, descSent, descDelay, descAudits, descAuditBad, descAuditErr, descAdminLog, descPaused, descPausedT, descUnrest} {
		ch <- d
	}
}

func (c roomCollector) Collect(ch chan<- prometheus.Metric) {
	m := c.m
	counter := func(d *prometheus.Desc, v int64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v))
	}
	counter(descActions, m.Actions.Load())
	counter(descHands, m.Hands.Load())
	counter(descQueued, m.Queued.Load())
	counter(descDropped, m.Dropped.Load())
	counter(descBusy, m.Busy.Load())
	counter(descSlowed, m.Limited.Load())
	counter(descBatches, m.Batches.Load())
	counter(descBatched, m.Batched.Load())
	counter(descAudits, m.Audits.Load())
	counter(descAuditBad, m.AuditMismatches.Load())
	counter(descAuditErr, m.AuditFailures.Load())
	counter(descAdminLog, m.AdminLogFailures.Load())
	queued, sent, limited := m.OutboxStats()
	counter(descLimited, int64(limited))
	counter(descSent, int64(sent))
	ch <- prometheus.MustNewConstMetric(descTables, prometheus.GaugeValue, float64(m.OpenTables.Load()))
	ch <- prometheus.MustNewConstMetric(descOutQueue, prometheus.GaugeValue, float64(queued))
	ch <- prometheus.MustNewConstMetric(descPaused, prometheus.GaugeValue, float64(m.Paused.Load()))
	ch <- prometheus.MustNewConstMetric(descPausedT, prometheus.GaugeValue, float64(m.PausedTourneys.Load()))
	ch <- prometheus.MustNewConstMetric(descUnrest, prometheus.GaugeValue, float64(m.Unrestored.Load()))
	for d, l := range map[*prometheus.Desc]bot.LatencySummary{descLatency: m.Latency(), descDelay: m.OutboxDelays()} {
		buckets := map[float64]uint64{}
		for i, b := range l.Bounds {
			buckets[b.Seconds()] = uint64(l.Buckets[i])
		}
		ch <- prometheus.MustNewConstHistogram(d, uint64(l.Count), l.Sum.Seconds(), buckets)
	}
}
