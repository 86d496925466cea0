// Package dburl parses pokerroom's database URLs (DATABASE_URL): a SQLite
// file, or a PostgreSQL URL. Standard library only, so that the
// configuration can validate the variable without importing the store.
// Nothing it returns for display, and no error, ever holds a password.
package dburl

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
	if strings.TrimSpace(raw) != raw {
		// A stray space (an .env line): a SQLite file named with it
		// would be a new, empty room; a PostgreSQL database name with it
		// another database.
		shown := raw                        // a path as typed; anything that may hold a password, redacted
		if strings.ContainsAny(raw, "@=") { // user:password@, password=: nothing else holds one
			shown = redactURL(raw)
		}
		return Location{}, fmt.Errorf("white space at the start or end of %q (accepted: %s, without surrounding spaces)", shown, AcceptedURLs)
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
		u, err := url.Parse(raw)
		if err != nil {
			hint := ""
			if _, at := userSpan(raw); at >= 0 {
				// Most often a generated password holding a reserved character.
				hint = "; a user or password holding / ? # % @ : or a space must be percent-encoded: %2F %3F %23 %25 %40 %3A %20"
			}
			return Location{}, fmt.Errorf("invalid PostgreSQL URL %q (accepted: postgres://user:password@host:port/dbname?sslmode=...%s)", redactURL(raw), hint)
		}
		if err := checkPostgres(u); err != nil {
			// A value it shows may hold a password ("sslmode=password=x").
			err = Location{Backend: Postgres, dsn: raw}.Hide(err)
			return Location{}, fmt.Errorf("invalid PostgreSQL URL %q: %v", redactURL(raw), err)
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

// The values the PostgreSQL driver (pgx) accepts for its parameters.
var (
	sslModes     = []string{"disable", "allow", "prefer", "require", "verify-ca", "verify-full"}
	sessionAttrs = []string{"any", "read-write", "read-only", "primary", "standby", "prefer-standby"}
)

// checkPostgres refuses, before any connection, what the driver would
// refuse of a URL's ports and of the parameters whose values it checks
// (sslmode, connect_timeout, target_session_attrs): the configuration
// then names DATABASE_URL and what is accepted, and the driver's error,
// which quotes the URL, is never met.
func checkPostgres(u *url.URL) error {
	for _, h := range strings.Split(u.Host, ",") {
		i := strings.LastIndex(h, ":")
		if i < 0 || strings.HasSuffix(h, "]") { // no port, or an IPv6 address without one
			continue
		}
		p := h[i+1:]
		if p == "" {
			continue
		}
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("port %q is not a port number (accepted: 1 to 65535)", p)
		}
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return errors.New("its query is not name=value pairs joined by & (percent-encode a ; or a % in a value)")
	}
	if v, ok := q["sslmode"]; ok && !slices.Contains(sslModes, v[len(v)-1]) {
		return fmt.Errorf("sslmode=%s (accepted: %s)", v[len(v)-1], strings.Join(sslModes, ", "))
	}
	if v, ok := q["target_session_attrs"]; ok && !slices.Contains(sessionAttrs, v[len(v)-1]) {
		return fmt.Errorf("target_session_attrs=%s (accepted: %s)", v[len(v)-1], strings.Join(sessionAttrs, ", "))
	}
	if v, ok := q["connect_timeout"]; ok {
		if n, err := strconv.Atoi(v[len(v)-1]); err != nil || n < 0 {
			return fmt.Errorf("connect_timeout=%s (accepted: a whole number of seconds, 0 or more)", v[len(v)-1])
		}
	}
	return nil
}

func sqliteLocation(raw, p string) (Location, error) {
	if len(p) >= len("file:") && strings.EqualFold(p[:len("file:")], "file:") {
		p = "file:" + p[len("file:"):] // a scheme's case is not its meaning (FILE:room.db)
	}
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
	params, err := sqliteParams(query)
	if err != nil {
		return Location{}, fmt.Errorf("SQLite URL %q: %w", raw, err)
	}
	var dsn string
	if strings.HasPrefix(p, "file:") {
		dsn = "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + params
	} else {
		dsn = path + "?" + params
	}
	shown := path
	if abs, err := filepath.Abs(path); err == nil && path != ":memory:" {
		shown = abs
	}
	return Location{Backend: SQLite, Path: shown, dsn: dsn, redacted: shown}, nil
}

// sqlitePragmas are the pragmas every SQLite connection runs, in this
// order. busy_timeout comes first: switching a new file to WAL takes a
// lock that another process creating the same file may hold, and the
// pragmas run in order. The store checkpoints the WAL on a connection of
// its own (store/checkpoint.go); the writer's own checkpoint, which stalls
// it, comes only past SQLiteBackstopPages, when that one has fallen
// behind, and to let the log start again from its beginning. Temporary
// files in memory: a statement that may fail halfway (a multi-row INSERT
// with a unique index) keeps the pages it changes in a statement journal,
// written to a file otherwise (6% of the group commit's time in
// BenchmarkCommitTables). synchronous(NORMAL): a commit is safe from a
// crash of the process, and the file from corruption at a power failure;
// the last commits before a power failure may be lost unless the URL asks
// for synchronous(FULL).
var sqlitePragmas = []struct{ name, value string }{
	{"busy_timeout", "busy_timeout(10000)"},
	{"journal_mode", "journal_mode(WAL)"},
	{"foreign_keys", "foreign_keys(1)"},
	{"synchronous", "synchronous(NORMAL)"},
	{"wal_autocheckpoint", "wal_autocheckpoint(" + strconv.Itoa(SQLiteBackstopPages) + ")"},
	{"temp_store", "temp_store(MEMORY)"},
}

// sqliteFixed are what a URL may not change: the store needs them (the
// write-ahead log its checkpointer copies, the foreign keys that refuse a
// row without its parent, and write transactions that take the write lock
// at BEGIN, so that two never fail each other halfway).
var sqliteFixed = []string{"journal_mode", "foreign_keys", "_txlock"}

// sqliteParams is the driver's query for a SQLite file: sqlitePragmas,
// each replaced by the URL's own query's pragma of the same name (the
// driver runs its pragmas sorted, so that both would run in an order the
// spelling decides), then the rest of the URL's query.
func sqliteParams(query string) (string, error) {
	if _, err := url.ParseQuery(query); err != nil {
		return "", errors.New("its query is not name=value pairs joined by & (percent-encode a ; or a % in a value)")
	}
	query = dropOwnFixed(query)
	q, _ := url.ParseQuery(query)
	mine := map[string]string{} // pragma name -> how the URL spells it
	for _, v := range q["_pragma"] {
		mine[pragmaName(v)] = "_pragma=" + v
	}
	for key, name := range sqliteShorthands {
		if q.Has(key) {
			mine[name] = key
		}
	}
	if q.Has("_txlock") {
		mine["_txlock"] = "_txlock"
	}
	for _, k := range sqliteFixed {
		if spelt, ok := mine[k]; ok {
			return "", fmt.Errorf("it sets %s (%s), which pokerroom sets itself (the store needs write-ahead logging, foreign keys and immediate write transactions); a URL may set synchronous, busy_timeout, temp_store, wal_autocheckpoint or other pragmas", k, spelt)
		}
	}
	var b strings.Builder
	for _, p := range sqlitePragmas {
		if _, ok := mine[p.name]; !ok {
			b.WriteString("_pragma=" + p.value + "&")
		}
	}
	b.WriteString("_txlock=immediate")
	if query != "" {
		b.WriteString("&" + query)
	}
	return b.String(), nil
}

// dropOwnFixed takes out of a URL's query the settings of sqliteFixed
// that ask for pokerroom's own value (journal_mode WAL, foreign_keys on,
// _txlock=immediate: common SQLite advice, taken before those became
// fixed): pokerroom sets them itself. The rest of the query is left as it
// is written; another value of them is refused after (sqliteParams).
func dropOwnFixed(query string) string {
	if query == "" {
		return query
	}
	var kept []string
	for _, piece := range strings.Split(query, "&") {
		k, v, _ := strings.Cut(piece, "=")
		key, err1 := url.QueryUnescape(k)
		value, err2 := url.QueryUnescape(v)
		name := ""
		switch {
		case err1 != nil || err2 != nil:
		case key == "_pragma":
			name = pragmaName(value)
			value = pragmaValue(value)
		case key == "_txlock":
			name = key
		default:
			name = sqliteShorthands[key]
		}
		if !ownFixed(name, value) {
			kept = append(kept, piece)
		}
	}
	return strings.Join(kept, "&")
}

// ownFixed reports whether value is pokerroom's own for the fixed
// setting name (sqliteFixed).
func ownFixed(name, value string) bool {
	v := strings.ToLower(strings.Trim(strings.TrimSpace(value), "\"'`"))
	switch name {
	case "journal_mode":
		return v == "wal"
	case "foreign_keys":
		return v == "1" || v == "on" || v == "true" || v == "yes"
	case "_txlock":
		return v == "immediate"
	}
	return false
}

// pragmaValue is the value a _pragma value sets ("journal_mode(WAL)" and
// "journal_mode = WAL" set WAL); "" when it sets none.
func pragmaValue(v string) string {
	i := strings.IndexAny(v, "(=")
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v[i+1:]), ")"))
}

// sqliteShorthands are the driver's keys that set a pragma by themselves
// (modernc.org/sqlite, as mattn/go-sqlite3), by the pragma they set.
var sqliteShorthands = map[string]string{
	"_busy_timeout": "busy_timeout", "_timeout": "busy_timeout",
	"_journal_mode": "journal_mode", "_journal": "journal_mode",
	"_foreign_keys": "foreign_keys", "_fk": "foreign_keys",
	"_synchronous": "synchronous", "_sync": "synchronous",
}

// pragmaName is the name of the pragma a _pragma value runs ("PRAGMA " +
// v): lower case, without its schema ("main.journal_mode(WAL)" sets
// journal_mode) or its value.
func pragmaName(v string) string {
	name := strings.ToLower(strings.TrimSpace(v))
	if i := strings.IndexFunc(name, func(r rune) bool { return r == '(' || r == '=' || unicode.IsSpace(r) }); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return strings.Trim(name, "\"'`[]")
}

// SQLiteBackstopPages is the write-ahead log's length, in pages of 4 KB,
// past which the connection that commits checkpoints by itself (SQLite's
// wal_autocheckpoint; its default is 1,000).
const SQLiteBackstopPages = 2000

// userSpan is where raw's user information may stand: from after the
// scheme that begins the text (and its "//") to the last @, which ends
// it; at is -1 when raw has no @. A "://" further on may follow the
// password ("u:secret@://@"), so only a scheme at the start counts.
func userSpan(raw string) (start, at int) {
	at = strings.LastIndex(raw, "@")
	if at < 0 {
		return 0, -1
	}
	if m := schemeRE.FindString(raw); m != "" && len(m) <= at {
		start = len(m)
		if strings.HasPrefix(raw[start:], "//") && start+2 <= at {
			start += 2
		}
	}
	return start, at
}

func redactURL(raw string) string {
	if start, at := userSpan(raw); at >= 0 {
		// Whatever is before the @ may be a password: keep only the
		// scheme.
		// The parsed URL's redaction only when this last @ is the one
		// ending its user information: with another @, a ? or a # before
		// it, the parser may put the password in the path, the query or
		// the fragment ("//@h#u:secret@x", found by FuzzParseURLNoSecret).
		// Nor when the user information it read is not what stands before
		// this @ ("//@://0:secret@0", found by FuzzParseURLNoSecret: the
		// parser read an empty one, the password went to the path).
		u, err := url.Parse(raw)
		if err == nil && u.User != nil && u.Opaque == "" && u.Host != "" && !strings.ContainsAny(raw[start:at], "@?#") {
			read := u.User.Username()
			if pw, ok := u.User.Password(); ok {
				read += ":" + pw
			}
			if read == unescaped(raw[start:at]) {
				return redactParsed(u)
			}
		}
		return hideParams(raw[:start] + "xxxxx" + raw[at:])
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

// redactParsed is u with its password hidden, in its user information
// and in every query parameter that may be one: pair by pair as written,
// the value of any pair naming a password however it is encoded or
// joined (a query the parser would refuse, "a=1;password=x", hides it
// too). A fragment, which means nothing to the driver, is not shown.
func redactParsed(u *url.URL) string {
	c := *u
	c.RawQuery = hideParams(c.RawQuery)
	c.Fragment, c.RawFragment = "", ""
	return c.Redacted()
}

// hideParams is s (a query, or a URL the parser could not split where
// the password is) with every password parameter hidden: each
// &-separated piece naming a password, however encoded, has what follows
// its first = hidden.
func hideParams(s string) string {
	parts := strings.Split(s, "&")
	for i, p := range parts {
		if j := strings.IndexByte(p, '='); j >= 0 && indexFold(unescaped(p), "password") >= 0 {
			parts[i] = p[:j+1] + "xxxxx"
		}
	}
	return strings.Join(parts, "&")
}

// indexFold is the index of key (lower case ASCII) in s, ASCII letters
// matched in any case, byte by byte (strings.ToLower would move the
// indexes of invalid UTF-8); -1 when it is not there.
func indexFold(s, key string) int {
	for i := 0; i+len(key) <= len(s); i++ {
		j := 0
		for j < len(key) && (s[i+j] == key[j] || 'A' <= s[i+j] && s[i+j] <= 'Z' && s[i+j]+'a'-'A' == key[j]) {
			j++
		}
		if j == len(key) {
			return i
		}
	}
	return -1
}

// unescaped is s with each valid %XX escape decoded (an invalid one kept
// as written): a key that names a password however it is encoded reads
// as one, also in a query the parser would refuse.
func unescaped(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// DSN returns what the database driver gets. It may hold a password: never
// log or show it.
func (l Location) DSN() string { return l.dsn }

// Hide returns err with every password of l (a PostgreSQL URL's, in its
// user information or its password parameter, as written and decoded)
// replaced by "xxxxx" in its text where it stands as a value (hideWhole);
// err itself when its text holds none. The driver's errors may quote the URL they were given: pgx hides a
// user:password@ password, but not a ?password= one. The error returned
// still matches what err matches (errors.Is), without unwrapping to the
// text that held the password.
func (l Location) Hide(err error) error {
	if err == nil || l.Backend != Postgres {
		return err
	}
	msg := err.Error()
	shown := msg
	for _, s := range l.passwords() {
		shown = hideWhole(shown, s)
	}
	if shown == msg {
		return err
	}
	return &hiddenError{msg: shown, err: err}
}

// hideWhole is text with every occurrence of pw that stands as a value
// replaced by "xxxxx": one not glued to a letter or digit on either side,
// as a password stands in a URL ("u:pw@h", "password=pw&") or quoted.
// The same letters inside the words of a message ("a" in "failed") stay:
// a short password must not garble the message.
func hideWhole(text, pw string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, pw)
		if i < 0 {
			break
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+len(pw):])
		b.WriteString(text[:i])
		if wordRune(before) || wordRune(after) {
			b.WriteString(text[i : i+len(pw)])
		} else {
			b.WriteString("xxxxx")
		}
		text = text[i+len(pw):]
	}
	b.WriteString(text)
	return b.String()
}

// wordRune: a letter, digit or underscore (utf8.RuneError, the edge of
// the text, is none).
func wordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// passwords lists the passwords l's DSN holds, as written and decoded,
// longest first (a password that holds another is hidden whole).
func (l Location) passwords() []string {
	raw := l.dsn
	var out []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if start, at := userSpan(raw); at >= 0 {
		// What stands between the scheme and the last @ after the first
		// colon may be a password, however the URL parser reads it.
		if _, pw, ok := strings.Cut(raw[start:at], ":"); ok {
			add(pw)
			if d, err := url.PathUnescape(pw); err == nil {
				add(d)
			}
		}
	}
	if u, err := url.Parse(raw); err == nil {
		if pw, ok := u.User.Password(); ok {
			add(pw)
		}
		for _, kv := range strings.Split(u.RawQuery, "&") {
			// A pair naming a password however written ("password=",
			// "pass%77ord=", "a=1;password="): its value as written
			// (after the first =) and decoded.
			if indexFold(unescaped(kv), "password") < 0 {
				continue
			}
			var vals []string
			if _, v, ok := strings.Cut(kv, "="); ok {
				vals = append(vals, v)
			}
			if i := indexFold(kv, "password="); i >= 0 {
				vals = append(vals, kv[i+len("password="):])
			}
			for _, v := range vals { // as written, and decoded both ways (a + is a space to the query parser)
				add(v)
				add(unescaped(v))
				if d, err := url.QueryUnescape(v); err == nil {
					add(d)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// hiddenError is an error whose text had a password hidden (Hide).
type hiddenError struct {
	msg string
	err error
}

func (e *hiddenError) Error() string { return e.msg }

// Is matches what the original error matches; there is no Unwrap, which
// would hand out the text with the password.
func (e *hiddenError) Is(target error) bool { return errors.Is(e.err, target) }
