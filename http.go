package main

import (
	"context"
	"log/slog"
	"net/http"
	"runtime"
	"time"

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
func newMetrics(tc transferCounter) *prometheus.Registry {
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
