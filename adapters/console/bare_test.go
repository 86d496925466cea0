package console

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// recordingRoom records the commands it is given and answers each "ok".
type recordingRoom struct{ got []string }

func (r *recordingRoom) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	r.got = append(r.got, cmd.User+" /"+strings.TrimSpace(cmd.Name+" "+strings.Join(cmd.Args, " ")))
	return bot.Reply{Text: "ok"}, nil
}

func (*recordingRoom) Settle(context.Context) error { return nil }

// A newcomer types "call" as the welcome says "/call": in the console a
// room command's name without its slash is that command (also after
// "ana:"), while the console's own words stay the console's and a word
// that is no command is still answered as unknown.
func TestARoomCommandWithoutItsSlashIsPlayed(t *testing.T) {
	room := &recordingRoom{}
	var out bytes.Buffer
	in := "call\nRAISE 40\nana: fold\njoin #2\nhelp\nfoo bar\nana: hello\n"
	c := &Console{In: strings.NewReader(in), Out: &out, Room: room, Sink: NewSink(&out, false), User: "you"}
	if err := c.Run(context.Background()); !errors.Is(err, io.EOF) {
		t.Fatalf("Run: %v", err)
	}
	want := []string{"you /call", "you /raise 40", "ana /fold", "you /join #2"}
	if !slices.Equal(room.got, want) {
		t.Errorf("the room got %q, want %q", room.got, want)
	}
	text := out.String()
	for _, w := range []string{"console commands:", `unknown command "foo"`, `unknown command "ana:"`} {
		if !strings.Contains(text, w) {
			t.Errorf("output lacks %q:\n%s", w, text)
		}
	}
}
