package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

type fakeDB struct{ err error }

func (f fakeDB) Ping(context.Context) error { return f.err }
func (f fakeDB) TransferCount() uint64      { return 7 }

func get(t *testing.T, h http.Handler, method, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

func TestHealthz(t *testing.T) {
	quiet := slog.New(slog.DiscardHandler)
	for _, tc := range []struct {
		name   string
		db     fakeDB
		method string
		code   int
		body   string
	}{
		{"database answers", fakeDB{}, http.MethodGet, http.StatusOK, "ok\n"},
		{"database down", fakeDB{errors.New("connection refused")}, http.MethodGet, http.StatusServiceUnavailable, "database unavailable\n"},
		// The body never names the host, user or database of the error.
		{"database down, detailed error", fakeDB{errors.New(`failed to connect to host=db.internal user=pokerroom database=rooms: dial tcp 10.0.0.5:5432: connect: connection refused`)},
			http.MethodGet, http.StatusServiceUnavailable, "database unavailable\n"},
		{"HEAD is a GET without body", fakeDB{}, http.MethodHead, http.StatusOK, ""},
		{"POST is refused", fakeDB{}, http.MethodPost, http.StatusMethodNotAllowed, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHTTPHandler(tc.db, newMetrics(tc.db, nil), quiet)
			code, body := get(t, h, tc.method, "/healthz")
			if code != tc.code || (tc.body != "" && body != tc.body) {
				t.Errorf("%s /healthz = %d %q, want %d %q", tc.method, code, body, tc.code, tc.body)
			}
		})
	}
}

func TestMetrics(t *testing.T) {
	db := fakeDB{}
	m := bot.NewMetrics()
	m.Actions.Add(3)
	m.OpenTables.Add(2)
	m.ObserveLatency(3 * time.Millisecond)
	h := newHTTPHandler(db, newMetrics(db, m), slog.New(slog.DiscardHandler))
	code, body := get(t, h, http.MethodGet, "/metrics")
	if code != http.StatusOK {
		t.Fatalf("GET /metrics = %d", code)
	}
	for _, want := range []string{
		`pokerroom_build_info{goversion="go`,
		`version="dev"} 1`,
		"pokerroom_ledger_transfers_total 7",
		"go_goroutines ",
		"process_",
		"pokerroom_actions_total 3",
		"pokerroom_open_tables 2",
		`pokerroom_action_latency_seconds_bucket{le="0.005"} 1`,
		`pokerroom_action_latency_seconds_bucket{le="0.002"} 0`,
		"pokerroom_outbox_queued 0",
		"pokerroom_outbox_rate_limited_total 0",
		"pokerroom_outbox_delay_seconds_count 0",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if code, _ := get(t, h, http.MethodGet, "/nope"); code != http.StatusNotFound {
		t.Errorf("GET /nope = %d, want 404", code)
	}
}
