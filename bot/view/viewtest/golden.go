// Package viewtest writes views in every platform's form for golden
// files: the plain text (with the buttons' commands), Telegram HTML, a
// Discord embed (JSON) and a terminal's ANSI colours, one golden file each.
package viewtest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Golden collects views in every form.
type Golden struct {
	Plain, Telegram, Discord, ANSI strings.Builder
}

// Head starts a case in every form.
func (g *Golden) Head(h string) {
	for _, b := range []*strings.Builder{&g.Plain, &g.Telegram, &g.Discord, &g.ANSI} {
		fmt.Fprintf(b, "=== %s\n", h)
	}
}

// Add writes v in every form (its buttons' commands in the plain form
// when buttons is set).
func (g *Golden) Add(t testing.TB, v bot.View, buttons bool) {
	t.Helper()
	g.Plain.WriteString(v.Text + "\n")
	if buttons {
		for _, row := range v.Buttons {
			for _, b := range row {
				fmt.Fprintf(&g.Plain, "[%s: %s] ", b.Label, b.Command)
			}
			g.Plain.WriteString("\n")
		}
	}
	r := bot.RichOf(v)
	g.Telegram.WriteString(view.HTML(r, view.TelegramMax) + "\n")
	enc := json.NewEncoder(&g.Discord)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(view.DiscordEmbed(r)); err != nil {
		t.Fatal(err)
	}
	g.ANSI.WriteString(view.ANSI(r) + "\n")
}

// Check compares each form with its golden file, prefix + ".golden",
// ".telegram.golden", ".discord.golden" and ".ansi.golden"; update
// rewrites them (the test's -update flag, named in the message).
func (g *Golden) Check(t testing.TB, prefix string, update bool, rerun string) {
	t.Helper()
	for _, f := range []struct {
		path string
		got  string
	}{
		{prefix + ".golden", g.Plain.String()},
		{prefix + ".telegram.golden", g.Telegram.String()},
		{prefix + ".discord.golden", g.Discord.String()},
		{prefix + ".ansi.golden", g.ANSI.String()},
	} {
		if update {
			if err := os.WriteFile(f.path, []byte(f.got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatalf("%v (%s -update writes it)", err, rerun)
		}
		if f.got != string(want) {
			t.Errorf("views differ from %s (rerun %s -update and review the diff):\n%s", f.path, rerun, f.got)
		}
	}
}
