package dburl

import (
	"strings"
	"testing"
)

// A PostgreSQL password holding a character that a URL reserves (/, ?, #,
// %, a space: common in generated passwords) makes the URL unreadable; the
// refusal said only "invalid PostgreSQL URL ... (accepted: postgres://
// user:password@host...)", leaving the newcomer to guess. It says such a
// password must be percent-encoded, and how, without showing it.
func TestAnUnreadableURLWithCredentialsSaysToPercentEncode(t *testing.T) {
	for _, raw := range []string{
		"postgres://u:p/ss@127.0.0.1:5432/db",
		"postgres://u:p#ss@127.0.0.1:5432/db",
		"postgres://u:p?ss@127.0.0.1:5432/db",
		"postgres://u:p%ss@127.0.0.1:5432/db",
		"postgresql://u:pa ss@127.0.0.1:5432/db",
	} {
		_, err := Parse(raw)
		if err == nil {
			t.Errorf("%s: accepted", raw)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "percent-encoded") || !strings.Contains(msg, "%2F") {
			t.Errorf("%s: %s\nwant it to say how to percent-encode the password", raw, msg)
		}
		if strings.Contains(msg, "ss@") || strings.Contains(msg, "p/ss") {
			t.Errorf("%s: the message shows the password: %s", raw, msg)
		}
	}
}
