package console

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// The welcome says "/quit leaves"; "/quit now" was handed to the room,
// which answered "/quit is not a command here", though quit is the
// console's own. With or without its slash, quit with arguments is answered
// as the console's (it takes none) and leaves nothing to the room.
func TestQuitWithArgumentsIsTheConsoles(t *testing.T) {
	for _, line := range []string{"quit now", "/quit now", "/exit please"} {
		room := &recordingRoom{}
		var out bytes.Buffer
		c := &Console{In: strings.NewReader(line + "\n"), Out: &out, Room: room, Sink: NewSink(&out, false), User: "you"}
		if err := c.Run(context.Background()); !errors.Is(err, io.EOF) {
			t.Fatalf("%q: Run: %v", line, err)
		}
		if len(room.got) != 0 || !strings.Contains(out.String(), "takes no arguments") {
			t.Errorf("%q: the room got %q\n%s", line, room.got, out.String())
		}
	}
}
