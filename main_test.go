package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// result is what one Main call did.
type result struct {
	code           int
	stdout, stderr string
}

func runMain(t *testing.T, ctx context.Context, env map[string]string, stdin io.Reader, args ...string) result {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr syncBuffer
	code := Main(ctx, args, func(k string) string { return env[k] }, stdin, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// tempDB returns an environment whose database is a new SQLite file.
func tempDB(t *testing.T) (map[string]string, string) {
	path := filepath.Join(t.TempDir(), "room.db")
	return map[string]string{"DATABASE_URL": path}, path
}

func TestInvalidConfigurationExitsTwoWithOneLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		env    map[string]string
		args   []string
		want   string // the variable named first on the line
		secret string // must not appear anywhere
	}{
		{"DATABASE_URL", map[string]string{"DATABASE_URL": "bogus://x"}, nil, `DATABASE_URL: unsupported scheme "bogus" in "bogus://x" (accepted: a file path, file:..., sqlite:..., postgres://, postgresql://)`, ""},
		{"DATABASE_URL password", map[string]string{"DATABASE_URL": "redis://:hunter2@x"}, nil, "DATABASE_URL: ", "hunter2"},
		{"TELEGRAM_TOKEN", map[string]string{"TELEGRAM_TOKEN": "hunter2!"}, nil, "TELEGRAM_TOKEN: invalid token (hidden, 8 characters)", "hunter2"},
		{"TELEGRAM_API_ENDPOINT", map[string]string{"TELEGRAM_API_ENDPOINT": "https://api.telegram.org/bot"}, nil, `TELEGRAM_API_ENDPOINT: invalid endpoint "https://api.telegram.org/bot"`, ""},
		{"TELEGRAM_WEBHOOK_URL", map[string]string{"TELEGRAM_WEBHOOK_URL": "::hunter2", "TELEGRAM_WEBHOOK_LISTEN": ":8443"}, nil, "TELEGRAM_WEBHOOK_URL: invalid URL (hidden", "hunter2"},
		{"TELEGRAM_WEBHOOK_LISTEN", map[string]string{"TELEGRAM_WEBHOOK_URL": "https://x/", "TELEGRAM_WEBHOOK_LISTEN": "x"}, nil, `TELEGRAM_WEBHOOK_LISTEN: invalid address "x"`, ""},
		{"DISCORD_TOKEN", map[string]string{"DISCORD_TOKEN": "Bot hunter2"}, nil, "DISCORD_TOKEN: invalid token (hidden", "hunter2"},
		{"DISCORD_API_URL", map[string]string{"DISCORD_API_URL": "nope"}, nil, `DISCORD_API_URL: invalid URL "nope"`, ""},
		{"HTTP_ADDR", map[string]string{"HTTP_ADDR": "localhost"}, nil, `HTTP_ADDR: invalid address "localhost"`, ""},
		{"LOG_LEVEL", map[string]string{"LOG_LEVEL": "trace"}, nil, `LOG_LEVEL: invalid level "trace"`, ""},
		{"LOG_FORMAT", map[string]string{"LOG_FORMAT": "logfmt"}, nil, `LOG_FORMAT: invalid format "logfmt"`, ""},
		{"DEFAULT_LANG", map[string]string{"DEFAULT_LANG": "de"}, nil, `DEFAULT_LANG: invalid language "de"`, ""},
		{"flag", nil, []string{"-default-lang", "pt"}, `DEFAULT_LANG (flag -default-lang): invalid language "pt"`, ""},
		{"flag of migrate", nil, []string{"migrate", "-http-addr=x"}, `HTTP_ADDR (flag -http-addr): invalid address "x"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, ok := tc.env["DATABASE_URL"]; !ok {
				if tc.env == nil {
					tc.env = map[string]string{}
				}
				tc.env["DATABASE_URL"] = filepath.Join(dir, "room.db")
			}
			r := runMain(t, context.Background(), tc.env, nil, tc.args...)
			if r.code != exitUsage {
				t.Errorf("exit status %d, want 2", r.code)
			}
			if want := "pokerroom: " + tc.want; !strings.HasPrefix(r.stderr, want) {
				t.Errorf("stderr\n  %q\nwant prefix\n  %q", r.stderr, want)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
				t.Errorf("stderr is not one line: %q", r.stderr)
			}
			if tc.secret != "" && strings.Contains(r.stderr+r.stdout, tc.secret) {
				t.Errorf("output shows the secret: %q", r.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("an invalid configuration still created %d files", len(entries))
			}
		})
	}
}

func TestRunWithoutEnvironmentUsesPokerroomDBInWorkingDir(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	r := runMain(t, context.Background(), nil, strings.NewReader("status\n"))
	if r.code != exitOK {
		t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
	}
	file := filepath.Join(dir, "pokerroom.db")
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	if !strings.Contains(r.stderr, `msg="opened database" backend=sqlite`) || !strings.Contains(r.stderr, "file="+file) {
		t.Errorf("log does not name the database file %s:\n%s", file, r.stderr)
	}
	if !strings.Contains(r.stdout, "database: sqlite "+file) || !strings.Contains(r.stdout, fmt.Sprintf("schema version: %d", store.LatestSchemaVersion())) {
		t.Errorf("status output:\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "end of input") || !strings.Contains(r.stderr, "closed database") {
		t.Errorf("log does not show a clean stop at EOF:\n%s", r.stderr)
	}
}

func TestRunAnswersConsoleCommands(t *testing.T) {
	env, _ := tempDB(t)
	r := runMain(t, context.Background(), env, strings.NewReader("help\nfoo\nquit\nstatus\n"))
	if r.code != exitOK {
		t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
	}
	for _, w := range []string{"status ", `unknown command "foo"; try help`} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "schema version") {
		t.Errorf("status after quit ran:\n%s", r.stdout)
	}
}

func TestRunStopsCleanlyWhenInterrupted(t *testing.T) {
	env, _ := tempDB(t)
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	stdout.notify("schema version")
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, nil, func(k string) string { return env[k] }, pr, &stdout, &stderr)
	}()
	if _, err := io.WriteString(pw, "status\n"); err != nil {
		t.Fatal(err)
	}
	<-stdout.seen // running and waiting for input, as after Ctrl-C at the prompt
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("exit status %d, want 0", code)
	}
	if s := stderr.String(); !strings.Contains(s, "interrupted") || !strings.Contains(s, "closed database") {
		t.Errorf("log does not show a clean stop:\n%s", s)
	}
}

func TestMigrateCreatesAndKeepsSchema(t *testing.T) {
	env, path := tempDB(t)
	for i, applied := range []string{fmt.Sprintf("migrations_applied=%d", store.LatestSchemaVersion()), "migrations_applied=0"} {
		r := runMain(t, context.Background(), env, nil, "migrate")
		if r.code != exitOK {
			t.Fatalf("migrate %d: exit status %d:\n%s", i+1, r.code, r.stderr)
		}
		if !strings.Contains(r.stderr, applied) || !strings.Contains(r.stderr, path) {
			t.Errorf("migrate %d log lacks %s and the path:\n%s", i+1, applied, r.stderr)
		}
	}
}

func TestSecretsNeverLogged(t *testing.T) {
	env, _ := tempDB(t)
	env["LOG_LEVEL"] = "debug"
	env["LOG_FORMAT"] = "json"
	env["TELEGRAM_TOKEN"] = "123456:hunter2"
	env["DISCORD_TOKEN"] = "hunter3"
	env["TELEGRAM_WEBHOOK_URL"] = "https://bot.example.org/hunter4"
	env["TELEGRAM_WEBHOOK_LISTEN"] = ":8443"
	r := runMain(t, context.Background(), env, nil, "migrate")
	if r.code != exitOK {
		t.Fatalf("exit status %d:\n%s", r.code, r.stderr)
	}
	sc := bufio.NewScanner(strings.NewReader(r.stderr))
	lines := 0
	for sc.Scan() {
		lines++
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Errorf("LOG_FORMAT=json line is not JSON: %q", sc.Text())
		}
	}
	if lines < 2 || !strings.Contains(r.stderr, `"telegram_token":"set"`) {
		t.Errorf("debug log lacks the configuration:\n%s", r.stderr)
	}
	for _, s := range []string{"hunter2", "hunter3", "hunter4"} {
		if strings.Contains(r.stderr+r.stdout, s) {
			t.Errorf("log shows secret %s:\n%s", s, r.stderr)
		}
	}
}

// TestPostgresPasswordNeverLogged runs migrate on PostgreSQL (when
// POKERROOM_TEST_POSTGRES is set) with a password in the URL.
func TestPostgresPasswordNeverLogged(t *testing.T) {
	u, err := url.Parse(storetest.PostgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), "hunter2") // trust authentication ignores it
	env := map[string]string{"DATABASE_URL": u.String(), "LOG_LEVEL": "debug"}
	r := runMain(t, context.Background(), env, nil, "migrate")
	if r.code != exitOK {
		t.Fatalf("exit status %d:\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "hunter2") || !strings.Contains(r.stderr, "backend=postgres") || !strings.Contains(r.stderr, "xxxxx") {
		t.Errorf("log:\n%s", r.stderr)
	}
}

func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"version", []string{"version"}, exitOK, "pokerroom dev go1.", ""},
		{"help", []string{"help"}, exitOK, "migrate ", ""},
		{"help run lists run's flags and variables", []string{"help", "run"}, exitOK, "DATABASE_URL", ""},
		{"help for an unknown command", []string{"help", "nope"}, exitUsage, "", `unknown command "nope"`},
		{"flag help", []string{"run", "-h"}, exitOK, "$DATABASE_URL", ""},
		{"unknown command", []string{"serve"}, exitUsage, "", `pokerroom: unknown command "serve" (accepted: run, console, sim, migrate, audit, adminlog, export, version, replay, healthcheck, help)`},
		{"unknown flag", []string{"-bogus"}, exitUsage, "", "pokerroom: flag provided but not defined: -bogus"},
		{"stray argument", []string{"migrate", "now"}, exitUsage, "", `pokerroom migrate: unexpected argument "now"`},
		{"healthcheck without HTTP_ADDR", []string{"healthcheck"}, exitUsage, "", "HTTP_ADDR is empty"},
		{"console on a bad --db", []string{"console", "--db", "bogus://x"}, exitUsage, "", `pokerroom console: --db: unsupported scheme "bogus"`},
		{"sim on a bad --db", []string{"sim", "--db", "bogus://x"}, exitUsage, "", `pokerroom sim: --db: unsupported scheme "bogus"`},
		{"sim on a database it cannot open", []string{"sim", "--db", "/nonexistent-dir/x.db"}, exitFail, "", "pokerroom sim: open database: "},
		{"sim at a rate not a number", []string{"sim", "--rate", "fast"}, exitUsage, "", `invalid value "fast" for flag -rate: "fast": want actions a second (0: no thinking) or a multiple of the baseline, as 3x`},
		{"sim at no multiple of the baseline", []string{"sim", "--rate", "0x"}, exitUsage, "", `invalid value "0x" for flag -rate: "0x": want a multiple of the baseline above 0, as 3x`},
		{"sim at a multiple of no baseline", []string{"sim", "--rate", "3x", "--baseline", "0"}, exitUsage, "", "pokerroom sim: --rate 3x offers a multiple of the baseline: give --baseline more than 0 transfers"},
		{"sim at a multiple of the baseline", []string{"sim", "--tables", "2", "--hands", "1", "--rate", "50x", "--baseline", "20", "--trials", "5"},
			exitOK, "offered load: ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, _ := tempDB(t)
			r := runMain(t, context.Background(), env, nil, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stdout, tc.stdout) || !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("exit %d stdout %q stderr %q; want %d, %q, %q", r.code, r.stdout, r.stderr, tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestHealthcheckCommand(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		code   int
	}{
		{"healthy", http.StatusOK, exitOK},
		{"unhealthy", http.StatusServiceUnavailable, exitFail},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/healthz" {
					http.NotFound(w, r)
					return
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, "body\n")
			}))
			defer srv.Close()
			_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
			env, _ := tempDB(t)
			env["HTTP_ADDR"] = ":" + port // an empty host means this machine
			r := runMain(t, context.Background(), env, nil, "healthcheck")
			if r.code != tc.code || !strings.Contains(r.stdout, "/healthz") {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d", r.code, r.stdout, r.stderr, tc.code)
			}
		})
	}
}

// syncBuffer is a goroutine-safe buffer that can signal when a string
// has been written.
type syncBuffer struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	want   string
	seen   chan struct{} // set before use, then only closed
	closed bool
}

func (b *syncBuffer) notify(want string) {
	b.want, b.seen = want, make(chan struct{})
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.buf.Write(p)
	if b.seen != nil && !b.closed && strings.Contains(b.buf.String(), b.want) {
		close(b.seen)
		b.closed = true
	}
	return n, err
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestMissingDatabaseDirectoryFailsWithReason(t *testing.T) {
	env := map[string]string{"DATABASE_URL": filepath.Join(t.TempDir(), "missing", "room.db")}
	r := runMain(t, context.Background(), env, nil, "migrate")
	if r.code != exitFail || !strings.Contains(r.stderr, "missing does not exist") {
		t.Errorf("exit %d, stderr %q; want 1 and the missing directory named", r.code, r.stderr)
	}
}

// `sim --tourney N` plays a sit-and-go of practice opponents through the
// whole room to a winner and reports its time and latency, and that the
// table rules were kept (issue 21: the dead button, balancing moves,
// table sizes, hand for hand).
func TestSimTourneyPlaysToAWinner(t *testing.T) {
	env, _ := tempDB(t)
	r := runMain(t, context.Background(), env, nil, "sim", "--tourney", "30", "--rate", "0", "--baseline", "0", "--trials", "20")
	if r.code != exitOK || !strings.Contains(r.stdout, "tournament played to a winner in") || !strings.Contains(r.stdout, "p99") {
		t.Fatalf("exit %d stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "table rules: ") || !strings.Contains(r.stdout, ": all kept") {
		t.Errorf("no table rules report: %q", r.stdout)
	}
	if r := runMain(t, context.Background(), env, nil, "sim", "--tourney", "1"); r.code != exitUsage {
		t.Fatalf("--tourney 1: exit %d, want %d", r.code, exitUsage)
	}
}

// Issue 19, finding 5: the console's welcome never stops the room from
// starting. A user at two console tables ("table.which[#1 #2]" and exit 1
// at every start before), and a console on a database whose tables are
// all in a Telegram group ("table.none" and exit 1 before).
func TestConsoleStartsAgainWhateverTheTablesAre(t *testing.T) {
	t.Run("seated at two tables", func(t *testing.T) {
		env, _ := tempDB(t)
		r := runMain(t, context.Background(), env, strings.NewReader("/newtable plo 1/2\n/join #2\nquit\n"))
		if r.code != exitOK {
			t.Fatalf("first start: exit status %d, stderr:\n%s", r.code, r.stderr)
		}
		for range 2 {
			r = runMain(t, context.Background(), env, strings.NewReader("/tables\nquit\n"))
			if r.code != exitOK {
				t.Fatalf("start again: exit status %d, stderr:\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, "You are at table #1") || strings.Contains(r.stdout, "table.which") {
				t.Fatalf("the welcome back is not said (or a raw key is):\n%s", r.stdout)
			}
		}
	})
	t.Run("every table in a Telegram group", func(t *testing.T) {
		env, path := tempDB(t)
		ctx := context.Background()
		loc, err := store.ParseURL(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(ctx, loc, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Admins: map[string]bot.Admins{"telegram": bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })}})
		if err != nil {
			t.Fatal(err)
		}
		if err := rm.Start(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := rm.Handle(ctx, bot.Command{Platform: "telegram", Chat: "-100", User: "7", UserName: "Ann", Name: "newtable", Args: []string{"nlhe", "1/2"}}); err != nil {
			t.Fatal(err)
		}
		rm.Close()
		s.Close()
		env["CONSOLE"] = "on"
		r := runMain(t, ctx, env, strings.NewReader("quit\n"))
		if r.code != exitOK {
			t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
		}
		if !strings.Contains(r.stdout, "three practice opponents") {
			t.Fatalf("the console did not open its own table:\n%s", r.stdout)
		}
	})
}
