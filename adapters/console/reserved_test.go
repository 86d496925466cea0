package console

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// Every line the console prints names its audience: [group] the chat,
// [spectators] its spectators' chat, [console] and [script] the console's
// own lines, [ana] what only ana sees. A user named like one of them
// ("as group", "group: /cards") had their hole cards printed as
// "[group] Table #1, hand 1: your cards 4♥ 9♦", which reads as cards shown
// to the whole chat. Those names are refused as users, with why; the room
// never sees a command from them.
func TestAUserCannotTakeTheNameOfAnAudience(t *testing.T) {
	for _, name := range []string{"group", "spectators", "console", "script", "Group"} {
		t.Run(name, func(t *testing.T) {
			room := &recordingRoom{}
			var out bytes.Buffer
			in := "as " + name + "\n/cards\n" + name + ": /cards\n"
			c := &Console{In: strings.NewReader(in), Out: &out, Room: room, Sink: NewSink(&out, false), User: "you"}
			if err := c.Run(context.Background()); !errors.Is(err, io.EOF) {
				t.Fatalf("Run: %v", err)
			}
			for _, got := range room.got {
				if !strings.HasPrefix(got, "you ") {
					t.Errorf("the room got a command as %q", got)
				}
			}
			if n := strings.Count(out.String(), "the console's own name for"); n != 2 {
				t.Errorf("%d refusals naming the audience, want 2:\n%s", n, out.String())
			}
		})
	}
}
