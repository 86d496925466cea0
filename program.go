package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"golang.org/x/sync/errgroup"

	"github.com/pokerroom/pokerroom/adapters/console"
	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/cron"
	"github.com/pokerroom/pokerroom/store"
)

// part is one long-running piece of the program: the HTTP server, the
// console, later the room and the platform adapters. run returns when ctx is
// cancelled (nil, or ctx's error) or when the part fails; errStop asks the
// whole program to stop normally (the console's quit). close releases what
// the part holds, within its context's deadline.
type part struct {
	name  string
	run   func(ctx context.Context) error
	close func(ctx context.Context) error
}

// errStop, returned by a part, stops the program normally.
var errStop = errors.New("stop requested")

// closeTimeout bounds each part's close.
const closeTimeout = 5 * time.Second

// handPause is the pause between hands in a chat: time to read the
// summary.
const handPause = 2 * time.Second

// botDelay is how long practice opponents think in a chat (on average).
const botDelay = 1200 * time.Millisecond

// program is what `run` runs: the store and the parts, opened together,
// supervised together (the first part to fail, a stop request or Ctrl-C
// stops them all) and closed in reverse order.
type program struct {
	log   *slog.Logger
	store *store.Store
	room  *room.Room
	cron  *cron.Runner // the tournaments' schedules
	lease *roomLease   // given up after the room closes
	// stopLease stops the lease's renewals (before it is given up).
	stopLease func()
	parts     []part
}

// openProgram opens the database and builds the parts the configuration
// asks for. On error nothing stays open.
func openProgram(ctx context.Context, a *app) (*program, error) {
	s, err := openStore(ctx, a)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	p := &program{log: a.log, store: s}
	if p.lease, err = takeRoom(ctx, s, a.log); err != nil {
		p.Close()
		return nil, err
	}
	// Renewed from now on, through the room's start (its tables restored,
	// its chip audit), not from when the parts run.
	leaseLost, stopLease := p.lease.keepNow()
	p.stopLease = stopLease
	// The room's metrics count the platforms' outboxes too.
	metrics := bot.NewMetrics()
	outboxes, admins, threads := map[string]bot.Enqueuer{}, map[string]bot.Admins{}, map[string]bot.Threads{}
	spectators := map[string]bot.Spectators{}
	var sink *console.Sink
	if a.cfg.Console {
		sink = console.NewSink(a.stdout, isTerminal(a.stdout))
		outboxes[console.Platform], admins[console.Platform], spectators[console.Platform] = sink, console.Admins, console.Spectators
	}
	var tg *telegram.Adapter
	if a.cfg.TelegramToken != "" {
		tg, err = telegram.New(telegram.Config{Token: a.cfg.TelegramToken, Endpoint: a.cfg.TelegramAPIEndpoint,
			WebhookURL: a.cfg.TelegramWebhookURL, WebhookListen: a.cfg.TelegramWebhookListen,
			State: s, Clock: bot.SystemClock{}, Log: a.log, Metrics: metrics, DefaultLang: a.cfg.DefaultLang})
		if err != nil {
			p.Close()
			return nil, err
		}
		outboxes[telegram.Platform], admins[telegram.Platform], threads[telegram.Platform], spectators[telegram.Platform] = tg, tg, tg, tg
	}
	var dc *discord.Adapter
	if a.cfg.DiscordToken != "" {
		dc, err = discord.New(discord.Config{Token: a.cfg.DiscordToken, APIURL: a.cfg.DiscordAPIURL, Guilds: a.cfg.DiscordGuilds,
			ShardID: a.cfg.DiscordShardID, ShardCount: a.cfg.DiscordShardCount, AdminRole: a.cfg.DiscordAdminRole,
			DirectMessages: a.cfg.DiscordDMCards, State: s, Clock: bot.SystemClock{}, Log: a.log, Metrics: metrics,
			DefaultLang: a.cfg.DefaultLang})
		if err != nil {
			p.Close()
			return nil, err
		}
		outboxes[discord.Platform], admins[discord.Platform], threads[discord.Platform], spectators[discord.Platform] = dc, dc, dc, dc
	}
	p.cron = cron.NewRunner(bot.SystemClock{}, s, a.log)
	rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Log: a.log, HandPause: handPause, BotDelay: botDelay, Owners: a.cfg.Owners, DefaultLang: a.cfg.DefaultLang, GrantCap: a.cfg.GrantMax, GrantDayCap: a.cfg.GrantDayMax,
		CommandRate: a.cfg.CommandRate, CommandBurst: a.cfg.CommandBurst, Unlimited: []string{console.Platform}, Metrics: metrics, Location: a.cfg.Location,
		Outboxes: outboxes, Admins: admins, Spectators: spectators, Scheduler: cron.RoomScheduler{Runner: p.cron}, Threads: threads})
	if err != nil {
		p.Close()
		return nil, err
	}
	if err := rm.Start(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("start the room: %w", err)
	}
	p.room = rm
	if a.cfg.HTTPAddr != "" {
		hp, err := httpPart(a, s, rm.Metrics())
		if err != nil {
			p.Close()
			return nil, err
		}
		p.parts = append(p.parts, hp)
	}
	if tg != nil {
		p.parts = append(p.parts, part{name: "telegram", run: func(ctx context.Context) error { return tg.Run(ctx, rm) }})
	}
	if dc != nil {
		p.parts = append(p.parts, part{name: "discord", run: func(ctx context.Context) error { return dc.Run(ctx, rm) }})
	}
	if sink != nil {
		p.parts = append(p.parts, consolePart(a, s, rm, sink, len(p.parts) > 0))
	}
	p.parts = append(p.parts, part{name: "lease", run: leaseLost})
	return p, nil
}

// isTerminal reports whether w is a terminal (the console then redraws
// the table in place).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// httpPart serves /healthz and /metrics; it listens at once so that a busy
// port fails the start.
func httpPart(a *app, s *store.Store, m *bot.Metrics) (part, error) {
	ln, err := net.Listen("tcp", a.cfg.HTTPAddr)
	if err != nil {
		return part{}, fmt.Errorf("HTTP server: %w", err)
	}
	srv := &http.Server{
		Handler:           newHTTPHandler(s, newMetrics(s, m), a.log),
		ReadHeaderTimeout: 5 * time.Second,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	return part{
		name: "http",
		run: func(ctx context.Context) error {
			a.log.Info("serving /healthz and /metrics", "addr", ln.Addr().String())
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ln) }()
			select {
			case err := <-done:
				return err
			case <-ctx.Done():
				sctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
				defer cancel()
				return srv.Shutdown(sctx)
			}
		},
		close: func(context.Context) error {
			if err := srv.Close(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}, nil
}

// consolePart is the terminal console. At the end of its input it stops the
// program, unless other parts serve on (a container without stdin).
func consolePart(a *app, s *store.Store, rm *room.Room, sink *console.Sink, others bool) part {
	con := &console.Console{In: a.stdin, Out: a.stdout, Room: rm, Sink: sink, Welcome: console.Welcome(rm), Lang: console.RoomLang(rm),
		Status: storeStatus(s, a.cfg.TelegramToken != "", a.cfg.DiscordToken != "")}
	return part{name: "console", run: func(ctx context.Context) error {
		err := con.Run(ctx)
		switch {
		case err == nil:
			a.log.Info("console: quit")
			return errStop
		case errors.Is(err, io.EOF) && others:
			a.log.Info("console: end of input; still serving until interrupted")
			con.ServesOn(ctx)
			return nil
		case errors.Is(err, io.EOF):
			a.log.Info("console: end of input")
			return errStop
		case ctx.Err() != nil:
			return nil
		}
		return fmt.Errorf("console: %w", err)
	}}
}

// storeStatus is the console's status: s's database and schema version,
// and which platforms have a token.
func storeStatus(s *store.Store, telegram, discord bool) console.StatusFunc {
	return func(ctx context.Context) (console.Status, error) {
		v, err := s.SchemaVersion(ctx)
		if err != nil {
			return console.Status{}, err
		}
		loc := s.Location()
		return console.Status{Backend: string(loc.Backend), Database: loc.String(), SchemaVersion: v, Telegram: telegram, Discord: discord}, nil
	}
}

// Run runs every part until one fails, one asks to stop, or ctx is
// cancelled; it returns the first failure (nil for a normal stop).
func (p *program) Run(ctx context.Context) error {
	err := supervise(ctx, p.parts)
	if ctx.Err() != nil && err == nil {
		p.log.Info("interrupted")
	}
	return err
}

// supervise runs the parts together: the first to fail or to return
// errStop cancels the others, and supervise returns when all have returned,
// with the first failure.
func supervise(ctx context.Context, parts []part) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, pt := range parts {
		g.Go(func() error {
			if err := pt.run(gctx); err != nil && !errors.Is(err, context.Canceled) {
				if errors.Is(err, errStop) {
					return errStop
				}
				if strings.HasPrefix(err.Error(), pt.name+": ") {
					return err // it says whose it is already ("telegram: ...")
				}
				return fmt.Errorf("%s: %w", pt.name, err)
			}
			return nil
		})
	}
	err := g.Wait()
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// Close closes the parts in reverse order, each within closeTimeout, then
// the database, and returns every error met.
func (p *program) Close() error {
	var errs []error
	for i := len(p.parts) - 1; i >= 0; i-- {
		pt := p.parts[i]
		if pt.close == nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
		if err := pt.close(ctx); err != nil {
			errs = append(errs, fmt.Errorf("close %s: %w", pt.name, err))
		}
		cancel()
	}
	if p.cron != nil {
		p.cron.Stop() // no tournament is created while the room closes
	}
	if p.room != nil {
		p.room.Close()
	}
	if p.stopLease != nil {
		p.stopLease()
	}
	if p.lease != nil {
		p.lease.release()
	}
	if p.store != nil {
		if err := p.store.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close database: %w", err))
		} else {
			p.log.Info("closed database")
		}
	}
	return errors.Join(errs...)
}
