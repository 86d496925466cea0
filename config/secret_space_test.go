package config

import (
	"bytes"
	"strings"
	"testing"
)

// A secret with white space around it (a stray space or line end pasted
// into .env) is refused saying so, still hidden: the error said only
// "invalid token (hidden, 18 characters)", and the token looked right to
// the admin who checked it (found by an outside review).
func TestSecretWithWhiteSpaceAroundItSaysSo(t *testing.T) {
	for _, tc := range []struct{ env, value string }{
		{"TELEGRAM_TOKEN", "123456:ABCdef_ghi "},
		{"TELEGRAM_TOKEN", "\n123456:ABCdef_ghi"},
		{"DISCORD_TOKEN", "abc.def.ghi\r\n"},
	} {
		_, _, err := Load("run", nil, env(map[string]string{tc.env: tc.value}), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "white space at its start or end") {
			t.Errorf("%s=%q: %v, want the white space named", tc.env, tc.value, err)
			continue
		}
		if strings.Contains(err.Error(), strings.TrimSpace(tc.value)) {
			t.Errorf("%s: the error shows the secret: %v", tc.env, err)
		}
	}
}
