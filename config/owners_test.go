package config

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// A Telegram or Discord operator is named by the user's id, digits only:
// "telegram:@dave" or "discord:dave" was accepted and matched nobody, so
// the operator the admin meant had no powers and nothing said why. It is
// refused with exit status 2 like any bad setting (found by an outside
// review); the console's users keep their names.
func TestOwnerIDsOfTelegramAndDiscordAreUserIDs(t *testing.T) {
	for _, tc := range []struct {
		owners string
		bad    string // the operator refused, "" when accepted
	}{
		{"telegram:123,discord:456789012345678901,console:you", ""},
		{"telegram:@dave", "telegram:@dave"},
		{"telegram:123,discord:dave", "discord:dave"},
		{"telegram:-100123", "telegram:-100123"}, // a group's id, not a user's
		{"console:ana.b", ""},
	} {
		_, _, err := Load("run", nil, env(map[string]string{"OWNER_IDS": tc.owners}), &bytes.Buffer{})
		var e *Error
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("OWNER_IDS=%s: %v", tc.owners, err)
		case tc.bad != "" && (!errors.As(err, &e) || e.Var != "OWNER_IDS" || !strings.Contains(e.Msg, `"`+tc.bad+`"`) || !strings.Contains(e.Msg, "user id")):
			t.Errorf("OWNER_IDS=%s: error %v, want %q refused as not a user id", tc.owners, err, tc.bad)
		}
	}
}
