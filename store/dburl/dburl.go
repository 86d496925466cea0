// Package dburl parses pokerroom's database URLs (DATABASE_URL): a SQLite
// file, or a PostgreSQL URL. Standard library only, so that the
// configuration can validate the variable without importing the store.
// Nothing it returns for display, and no error, ever holds a password.
package dburl

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Backend names a database engine.
type Backend string

// Supported backends.
const (
	SQLite   Backend = "sqlite"
	Postgres Backend = "postgres"
)

// DefaultSQLiteFile is the database used when DATABASE_URL is empty.
const DefaultSQLiteFile = "pokerroom.db"

// AcceptedURLs describes the accepted forms of a database URL.
const AcceptedURLs = "a file path, file:..., sqlite:..., postgres://, postgresql://"

// Location is a parsed database URL.
type Location struct {
	Backend Backend
	// Path is the SQLite file ("" for PostgreSQL).
	Path string
	// dsn is what the driver gets; it may hold a password.
	dsn string
	// redacted is the URL with any password replaced.
	redacted string
}

// String returns the location without secrets: the SQLite path, or the
// PostgreSQL URL with its password replaced by "xxxxx".
func (l Location) String() string { return l.redacted }

var schemeRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]+):`)

// credentialsRE matches a user:password@ part: user information with a
// password, as in user:secret@host or //user:secret@host.
var credentialsRE = regexp.MustCompile(`:[^@]*@`)

// keywordDSNRE matches a libpq keyword/value connection string, which
// would otherwise pass for a SQLite file name.
var keywordDSNRE = regexp.MustCompile(`(^|\s)(host|hostaddr|port|dbname|user|password|passfile|sslmode|service|connect_timeout|application_name)\s*=`)

// Parse parses a database URL: empty (the SQLite file
// [DefaultSQLiteFile]), a file path, "file:PATH[?query]", "sqlite:PATH",
// "sqlite://PATH", or "postgres://..." / "postgresql://..." for PostgreSQL.
// Errors never contain a password.
func Parse(raw string) (Location, error) {
	if raw == "" {
		raw = DefaultSQLiteFile
	}
	if credentialsRE.MatchString(raw) && !strings.HasPrefix(strings.ToLower(raw), "postgres://") && !strings.HasPrefix(strings.ToLower(raw), "postgresql://") {
		// user:password@host... without (or with another) scheme: a
		// database URL, not a file name. Never echo it: it holds a password.
		scheme := ""
		if m := schemeRE.FindStringSubmatch(raw); m != nil && strings.Contains(raw, "://") {
			scheme = m[1]
		}
		if scheme != "" && !strings.EqualFold(scheme, "sqlite") && !strings.EqualFold(scheme, "file") {
			return Location{}, fmt.Errorf("unsupported scheme %q in %q (accepted: %s)", scheme, redactURL(raw), AcceptedURLs)
		}
		return Location{}, fmt.Errorf("%s looks like a database URL with credentials but without the postgres:// scheme (accepted: %s; write postgres://user:password@host:port/dbname)", redactURL(raw), AcceptedURLs)
	}
	m := schemeRE.FindStringSubmatch(raw)
	if m == nil {
		if keywordDSNRE.MatchString(raw) {
			// Not a file name: a libpq "host=... password=..." string. Do
			// not create a SQLite file named after it, nor show it.
			return Location{}, fmt.Errorf("a PostgreSQL keyword/value string (host=... user=...), not a URL (accepted: %s; write postgres://user:password@host:port/dbname)", AcceptedURLs)
		}
		return sqliteLocation(raw, raw)
	}
	switch scheme := strings.ToLower(m[1]); scheme {
	case "postgres", "postgresql":
		if _, err := url.Parse(raw); err != nil {
			return Location{}, fmt.Errorf("invalid PostgreSQL URL %q (accepted: postgres://user:password@host:port/dbname?sslmode=...)", redactURL(raw))
		}
		// Shown as redactURL shows it, not as the parsed URL: a # or ?
		// before the last @ puts what may be a password in its fragment
		// or query ("postgres://#:secret@h", found by FuzzParseURLNoSecret).
		return Location{Backend: Postgres, dsn: raw, redacted: redactURL(raw)}, nil
	case "sqlite":
		p := strings.TrimPrefix(raw[len(m[0]):], "//")
		return sqliteLocation(raw, p)
	case "file":
		return sqliteLocation(raw, raw)
	default:
		return Location{}, fmt.Errorf("unsupported scheme %q in %q (accepted: %s)", m[1], redactURL(raw), AcceptedURLs)
	}
}

func sqliteLocation(raw, p string) (Location, error) {
	var path, query string
	if rest, ok := strings.CutPrefix(p, "file:"); ok {
		path, query, _ = strings.Cut(rest, "?")
		if unescaped, err := url.PathUnescape(path); err == nil {
			path = unescaped
		}
	} else {
		if strings.ContainsAny(p, "?#") {
			return Location{}, fmt.Errorf("SQLite path %q contains '?' or '#' (accepted: %s; use file:PATH?query for URI parameters)", raw, AcceptedURLs)
		}
		path = p
	}
	if path == "" {
		return Location{}, fmt.Errorf("empty SQLite path in %q (accepted: %s)", raw, AcceptedURLs)
	}
	// The driver opens "file:" names as URIs; a plain path loses its query.
	// busy_timeout comes first: switching a new file to WAL takes a lock
	// that another process creating the same file may hold, and the
	// pragmas run in order. The store checkpoints the WAL on a connection
	// of its own (store/checkpoint.go); the writer's own checkpoint, which
	// stalls it, comes only past SQLiteBackstopPages, when that one has
	// fallen behind, and to let the log start again from its beginning.
	// Temporary files in memory: a statement that may fail halfway (a
	// multi-row INSERT with a unique index) keeps the pages it changes in
	// a statement journal, written to a file otherwise (6% of the group
	// commit's time in BenchmarkCommitTables).
	params := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=wal_autocheckpoint(" + strconv.Itoa(SQLiteBackstopPages) + ")&_pragma=temp_store(MEMORY)&_txlock=immediate"
	var dsn string
	if strings.HasPrefix(p, "file:") {
		dsn = "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + params
		if query != "" {
			dsn += "&" + query
		}
	} else {
		dsn = path + "?" + params
	}
	shown := path
	if abs, err := filepath.Abs(path); err == nil && path != ":memory:" {
		shown = abs
	}
	return Location{Backend: SQLite, Path: shown, dsn: dsn, redacted: shown}, nil
}

// SQLiteBackstopPages is the write-ahead log's length, in pages of 4 KB,
// past which the connection that commits checkpoints by itself (SQLite's
// wal_autocheckpoint; its default is 1,000).
const SQLiteBackstopPages = 2000

func redactURL(raw string) string {
	if at := strings.LastIndex(raw, "@"); at >= 0 {
		// Whatever is before the @ may be a password: keep only the
		// scheme.
		start := 0
		if i := strings.Index(raw, "://"); i >= 0 && i < at {
			start = i + 3
		} else if m := schemeRE.FindString(raw); m != "" && len(m) <= at {
			start = len(m)
		}
		// The parsed URL's redaction only when this last @ is the one
		// ending its user information: with another @, a ? or a # before
		// it, the parser may put the password in the path, the query or
		// the fragment ("//@h#u:secret@x", found by FuzzParseURLNoSecret).
		u, err := url.Parse(raw)
		if err == nil && u.User != nil && u.Opaque == "" && u.Host != "" && !strings.ContainsAny(raw[start:at], "@?#") {
			return redactParsed(u)
		}
		return raw[:start] + "xxxxx" + raw[at:]
	}
	u, err := url.Parse(raw)
	if err != nil {
		// Cannot tell where a password is: show only the scheme.
		if m := schemeRE.FindString(raw); m != "" {
			return m + "//(redacted)"
		}
		return "(redacted)"
	}
	return redactParsed(u)
}

func redactParsed(u *url.URL) string {
	c := *u
	if q := c.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		c.RawQuery = q.Encode()
	}
	return c.Redacted()
}

// DSN returns what the database driver gets. It may hold a password: never
// log or show it.
func (l Location) DSN() string { return l.dsn }
