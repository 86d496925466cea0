package platform

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
)

// Panics is a slog.Handler that keeps the panics LogPanic logged, for the
// adapters' fuzz targets: the adapters recover every panic, so a fuzz
// target finds them in the log, not as a crash. Other records are
// dropped.
type Panics struct {
	mu   sync.Mutex
	seen []string
}

// Enabled implements slog.Handler.
func (p *Panics) Enabled(context.Context, slog.Level) bool { return true }

// Handle implements slog.Handler: a record of a recovered panic is kept,
// with its attributes (the panic's text and stack).
func (p *Panics) Handle(_ context.Context, r slog.Record) error {
	if r.Message != PanicMessage {
		return nil
	}
	var b strings.Builder
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&b, "%s: %v\n", a.Key, a.Value)
		return true
	})
	p.mu.Lock()
	p.seen = append(p.seen, b.String())
	p.mu.Unlock()
	return nil
}

// WithAttrs implements slog.Handler (attributes are not kept).
func (p *Panics) WithAttrs([]slog.Attr) slog.Handler { return p }

// WithGroup implements slog.Handler.
func (p *Panics) WithGroup(string) slog.Handler { return p }

// Seen returns the panics logged so far, each with its stack.
func (p *Panics) Seen() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seen...)
}
