package bot

import "testing"

// The command menu lists only commands the room runs, marks exactly the
// admin ones, and fits Discord's and Telegram's description limits.
func TestCommandsMatchTheRoom(t *testing.T) {
	own := map[string]bool{"start": true, "help": true, "newtable": true, "tables": true, "wallet": true, "grant": true, "lang": true, "spectate": true,
		"adminlog": true, "ban": true, "unban": true, "audit": true, "tourney": true, "tourneys": true, "register": true, "unregister": true, "reenter": true, "deal": true, "league": true, "standings": true}
	seen := map[string]bool{}
	for _, c := range Commands() {
		if seen[c.Name] {
			t.Errorf("/%s listed twice", c.Name)
		}
		seen[c.Name] = true
		if !own[c.Name] && !tableCommands[c.Name] {
			t.Errorf("/%s is listed but the room does not run it", c.Name)
		}
		if want := adminCommands[c.Name] || operatorCommands[c.Name]; c.Admin != want {
			t.Errorf("/%s: Admin = %v, the room says %v", c.Name, c.Admin, want)
		}
		for _, lang := range []string{English, Spanish} {
			d := c.Description[lang]
			if d == "" || len([]rune(d)) > 100 {
				t.Errorf("/%s: %s description %q empty or over 100 characters", c.Name, lang, d)
			}
		}
	}
	for name := range adminCommands {
		if !seen[name] {
			t.Errorf("admin command /%s is missing from the menu", name)
		}
	}
}
