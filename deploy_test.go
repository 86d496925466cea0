package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/config"
)

// composeOwn are the variables of deploy/.env.example that Compose itself
// consumes, and that the bot does not receive as such.
var composeOwn = map[string]string{
	"POSTGRES_DB":       "the db service's, and inside the bot's DATABASE_URL",
	"POSTGRES_USER":     "the db service's, and inside the bot's DATABASE_URL",
	"POSTGRES_PASSWORD": "the db service's, and inside the bot's DATABASE_URL only",
	"VERSION":           "the image's build argument and tag",
}

// composeSets are the bot's variables Compose sets itself rather than
// passing the value of .env on.
var composeSets = map[string]string{
	"DATABASE_URL":            "built from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB for the db service",
	"HTTP_ADDR":               "fixed at :8080, the port published on 127.0.0.1:8080",
	"TELEGRAM_WEBHOOK_LISTEN": "in .env, where the host publishes the webhook; the bot listens on :8443 when it is set",
}

// envExample returns the variables deploy/.env.example documents, set or
// commented out ("#NAME=value"), in order.
func envExample(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("deploy/.env.example")
	if err != nil {
		t.Fatal(err)
	}
	var vars []string
	for _, m := range regexp.MustCompile(`(?m)^#?([A-Z][A-Z0-9_]*)=`).FindAllStringSubmatch(string(data), -1) {
		vars = append(vars, m[1])
	}
	if len(vars) == 0 {
		t.Fatal("deploy/.env.example documents no variable")
	}
	return vars
}

// compose reads deploy/docker-compose.yml.
func compose(t *testing.T) *yamlNode {
	t.Helper()
	data, err := os.ReadFile("deploy/docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseYAML(string(data))
	if err != nil {
		t.Fatalf("deploy/docker-compose.yml: %v", err)
	}
	return doc
}

// botService returns the bot service, failing the test without one.
func botService(t *testing.T, doc *yamlNode) *yamlNode {
	t.Helper()
	bot := doc.path("services", "bot")
	if bot == nil {
		t.Fatal("deploy/docker-compose.yml has no services.bot")
	}
	return bot
}

// Every setting of package config is documented in deploy/.env.example.
func TestEnvExampleDocumentsEverySetting(t *testing.T) {
	documented := envExample(t)
	for _, v := range config.Vars {
		if !slices.Contains(documented, v.Env) {
			t.Errorf("deploy/.env.example does not document %s (%s)", v.Env, v.Usage)
		}
	}
}

// Every variable of deploy/.env.example reaches the bot with the value of
// .env (or is Compose's own, or set by Compose for a reason), and
// everything the Compose file reads is documented there.
func TestComposePassesEveryVariableToTheBot(t *testing.T) {
	documented := envExample(t)
	doc := compose(t)
	env := botService(t, doc).path("environment")
	if env == nil || env.fields == nil {
		t.Fatal("the bot service has no environment map")
	}
	referenced := doc.references()
	for _, v := range documented {
		if why, ok := composeOwn[v]; ok {
			if !slices.Contains(referenced, v) {
				t.Errorf("%s is documented as Compose's own (%s) but the Compose file never reads it", v, why)
			}
			continue
		}
		val := env.fields[v]
		if val == nil {
			t.Errorf("the bot does not receive %s: a value set in .env is silently dropped", v)
			continue
		}
		if _, ok := composeSets[v]; ok {
			continue
		}
		const probe = "probe-value"
		if got, err := interpolate(val.scalar, map[string]string{v: probe}); err != nil || got != probe {
			t.Errorf("the bot's %s is %q: with %s=%s in .env it gets %q (%v), not the value", v, val.scalar, v, probe, got, err)
		}
	}
	for _, k := range env.keys {
		if !slices.Contains(documented, k) {
			t.Errorf("the bot receives %s, which deploy/.env.example does not document", k)
		}
	}
	for _, v := range referenced {
		if !slices.Contains(documented, v) {
			t.Errorf("the Compose file reads ${%s}, which deploy/.env.example does not document", v)
		}
	}
}

// The Compose file gives the bot only what it needs: no env_file (which
// handed it POSTGRES_PASSWORD), the image's version as a build argument,
// the database URL built from the db service's settings.
func TestComposeGivesTheBotOnlyItsVariables(t *testing.T) {
	doc := compose(t)
	bot := botService(t, doc)
	if bot.path("env_file") != nil {
		t.Error("the bot reads the whole .env (POSTGRES_PASSWORD included) through env_file")
	}
	if bot.path("environment", "POSTGRES_PASSWORD") != nil {
		t.Error("the bot receives POSTGRES_PASSWORD")
	}
	if bot.path("build", "args", "VERSION") == nil {
		t.Error("the image's version is not a build argument")
	}
	if doc.path("name") != nil {
		t.Error("top-level name: needs Compose v2.3+; the file says it needs v2 and leaves the project name to the folder")
	}
	url := bot.path("environment", "DATABASE_URL")
	if url == nil {
		t.Fatal("the bot receives no DATABASE_URL")
	}
	got, err := interpolate(url.scalar, map[string]string{"POSTGRES_PASSWORD": "pw"})
	if want := "postgres://pokerroom:pw@db:5432/pokerroom?sslmode=disable"; err != nil || got != want {
		t.Errorf("DATABASE_URL with POSTGRES_PASSWORD=pw: %q (%v), want %q", got, err, want)
	}
}

// The Telegram webhook is published where TELEGRAM_WEBHOOK_LISTEN says,
// on the container port the bot listens on; without it nothing is
// published beyond a random port of 127.0.0.1 where nothing answers.
func TestComposePublishesTheWebhookPort(t *testing.T) {
	bot := botService(t, compose(t))
	ports := bot.path("ports")
	listen := bot.path("environment", "TELEGRAM_WEBHOOK_LISTEN")
	if ports == nil || listen == nil {
		t.Fatal("the bot has no ports or no TELEGRAM_WEBHOOK_LISTEN")
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		// publish is the port entry expected besides 127.0.0.1:8080:8080;
		// listen what the bot is given.
		publish, listen string
	}{
		{"long polling", map[string]string{}, "127.0.0.1::8443", ""},
		{"a proxy on this host", map[string]string{"TELEGRAM_WEBHOOK_URL": "https://poker.example.org/hook", "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1:8443"}, "127.0.0.1:8443:8443", ":8443"},
		{"every interface, another port", map[string]string{"TELEGRAM_WEBHOOK_URL": "https://poker.example.org/hook", "TELEGRAM_WEBHOOK_LISTEN": ":9443"}, ":9443:8443", ":8443"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, p := range ports.items {
				s, err := interpolate(p.scalar, tc.env)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, s)
			}
			if want := []string{"127.0.0.1:8080:8080", tc.publish}; !slices.Equal(got, want) {
				t.Errorf("ports %q, want %q", got, want)
			}
			l, err := interpolate(listen.scalar, tc.env)
			if err != nil || l != tc.listen {
				t.Errorf("the bot listens on %q (%v), want %q", l, err, tc.listen)
			}
			// The container port published is the one the bot listens on.
			if i := strings.LastIndex(tc.publish, ":"); l != "" && l != tc.publish[i:] {
				t.Errorf("the bot listens on %s but %s is published", l, tc.publish)
			}
		})
	}
}

// yamlNode is a node of the subset of YAML the Compose file is written
// in: block mappings, block sequences of scalars, and scalars (plain,
// quoted, or a flow sequence kept as its text).
type yamlNode struct {
	scalar string
	keys   []string // the mapping's keys, in order
	fields map[string]*yamlNode
	items  []*yamlNode
}

// path follows mapping keys; nil when one is missing.
func (n *yamlNode) path(keys ...string) *yamlNode {
	for _, k := range keys {
		if n == nil || n.fields == nil {
			return nil
		}
		n = n.fields[k]
	}
	return n
}

// references lists the variables interpolated anywhere below n, sorted,
// each once.
func (n *yamlNode) references() []string {
	var out []string
	var walk func(*yamlNode)
	walk = func(n *yamlNode) {
		for _, m := range varRefRE.FindAllStringSubmatch(strings.ReplaceAll(n.scalar, "$$", ""), -1) {
			out = append(out, m[1]+m[2])
		}
		for _, k := range n.keys {
			walk(n.fields[k])
		}
		for _, it := range n.items {
			walk(it)
		}
	}
	walk(n)
	slices.Sort(out)
	return slices.Compact(out)
}

var varRefRE = regexp.MustCompile(`\$(?:\{([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*))`)

type yamlLine struct {
	indent int
	text   string
	no     int
}

// parseYAML reads the subset of YAML of yamlNode; anything else (tabs,
// anchors, flow mappings, multi-line scalars) is an error naming the line.
func parseYAML(text string) (*yamlNode, error) {
	var lines []yamlLine
	for i, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.ContainsAny(l, "\t") || strings.ContainsAny(trimmed[:1], "&*{|>!") || strings.Contains(trimmed, "<<:") {
			return nil, fmt.Errorf("line %d: %q is beyond the YAML this test reads", i+1, l)
		}
		lines = append(lines, yamlLine{indent: len(l) - len(trimmed), text: stripComment(trimmed), no: i + 1})
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("empty document")
	}
	n, rest, err := parseBlock(lines, lines[0].indent)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("line %d: unexpected indentation", rest[0].no)
	}
	return n, err
}

// parseBlock reads the mapping or sequence at indent.
func parseBlock(lines []yamlLine, indent int) (*yamlNode, []yamlLine, error) {
	n := &yamlNode{}
	for len(lines) > 0 && lines[0].indent == indent {
		l := lines[0]
		lines = lines[1:]
		if item, ok := strings.CutPrefix(l.text, "- "); ok {
			if n.fields != nil {
				return nil, nil, fmt.Errorf("line %d: a sequence item in a mapping", l.no)
			}
			s, err := yamlScalar(item)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: %v", l.no, err)
			}
			n.items = append(n.items, &yamlNode{scalar: s})
			continue
		}
		key, val, ok := strings.Cut(l.text, ":")
		if !ok || n.items != nil || (val != "" && val[0] != ' ') {
			return nil, nil, fmt.Errorf("line %d: %q is not a key: value", l.no, l.text)
		}
		if n.fields == nil {
			n.fields = map[string]*yamlNode{}
		}
		if n.fields[key] != nil {
			return nil, nil, fmt.Errorf("line %d: %s twice", l.no, key)
		}
		child := &yamlNode{}
		if val = strings.TrimSpace(val); val != "" {
			s, err := yamlScalar(val)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: %v", l.no, err)
			}
			child.scalar = s
		} else if len(lines) > 0 && lines[0].indent > indent {
			var err error
			if child, lines, err = parseBlock(lines, lines[0].indent); err != nil {
				return nil, nil, err
			}
		}
		n.keys = append(n.keys, key)
		n.fields[key] = child
	}
	if len(lines) > 0 && lines[0].indent > indent {
		return nil, nil, fmt.Errorf("line %d: unexpected indentation", lines[0].no)
	}
	return n, lines, nil
}

// stripComment drops a " #" comment outside quotes.
func stripComment(s string) string {
	var quote rune
	for i, r := range s {
		switch {
		case quote != 0 && r == quote && (quote == '\'' || i == 0 || s[i-1] != '\\'):
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == '#' && i > 0 && s[i-1] == ' ':
			return strings.TrimRight(s[:i], " ")
		}
	}
	return s
}

// yamlScalar unquotes a scalar; a flow sequence is kept as its text.
func yamlScalar(s string) (string, error) {
	switch {
	case strings.ContainsAny(s[:1], "&*|>!{"):
		return "", fmt.Errorf("%s is beyond the YAML this test reads", s)
	case strings.HasPrefix(s, `"`):
		return strconv.Unquote(s)
	case strings.HasPrefix(s, "'"):
		if len(s) < 2 || !strings.HasSuffix(s, "'") {
			return "", fmt.Errorf("unterminated %s", s)
		}
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), nil
	}
	return s, nil
}

// interpolate applies Compose's interpolation with env as .env: $$,
// $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:+value},
// ${NAME+value}, ${NAME:?error}, ${NAME?error} (not nested).
func interpolate(s string, env map[string]string) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		s = s[i+1:]
		switch {
		case strings.HasPrefix(s, "$"):
			b.WriteByte('$')
			s = s[1:]
			continue
		case !strings.HasPrefix(s, "{"):
			m := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*`).FindString(s)
			b.WriteString(env[m])
			s = s[len(m):]
			continue
		}
		end := strings.IndexByte(s, '}')
		if end < 0 || strings.Contains(s[1:end], "$") {
			return "", fmt.Errorf("%q: unterminated or nested ${", s)
		}
		expr := s[1:end]
		s = s[end+1:]
		m := regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-+?])(.*))?$`).FindStringSubmatch(expr)
		if m == nil {
			return "", fmt.Errorf("${%s}: not a variable", expr)
		}
		val, set := env[m[1]]
		ok := set && (val != "" || !strings.HasPrefix(m[2], ":"))
		switch strings.TrimPrefix(m[2], ":") {
		case "":
			b.WriteString(val)
		case "-":
			if !ok {
				val = m[3]
			}
			b.WriteString(val)
		case "+":
			if ok {
				b.WriteString(m[3])
			}
		case "?":
			if !ok {
				return "", fmt.Errorf("%s: %s", m[1], m[3])
			}
			b.WriteString(val)
		}
	}
}

// The reader and the interpolation follow Compose on the forms the file
// uses, and refuse what they do not read.
func TestComposeSubsetReader(t *testing.T) {
	env := map[string]string{"SET": "v", "EMPTY": ""}
	for _, tc := range []struct{ in, want, err string }{
		{in: "${SET}/$SET/$$SET", want: "v/v/$SET"},
		{in: "${UNSET:-d} ${EMPTY:-d} ${EMPTY-d} ${SET:-d}", want: "d d  v"},
		{in: "${SET:+x} ${EMPTY:+x} ${EMPTY+x} ${UNSET+x}.", want: "x  x ."},
		{in: "${SET:?need it}", want: "v"},
		{in: "${EMPTY:?need it}", err: "EMPTY: need it"},
		{in: "${A:-${B}}", err: "nested"},
	} {
		got, err := interpolate(tc.in, env)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("interpolate(%q): %q, %v; want error %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("interpolate(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	doc, err := parseYAML("a:\n  b: \"x # y\" # comment\n  c:\n    - '1'\n    - 2\nd: [\"e\", \"f\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	if doc.path("a", "b").scalar != "x # y" || len(doc.path("a", "c").items) != 2 || doc.path("a", "c").items[0].scalar != "1" || doc.path("d").scalar != `["e", "f"]` {
		t.Errorf("parsed %+v", doc)
	}
	for _, bad := range []string{"a:\n\tb: 1\n", "a: &x 1\n", "a:\n  - 1\n  b: 2\n", "a: 1\na: 2\n", "a:\n    b: 1\n  c: 2\n", "a: |\n  x\n"} {
		if _, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q) accepted", bad)
		}
	}
}
