package console

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// A script saved by an editor that starts files with a byte order mark
// (Windows Notepad's UTF-8) had its first line answered
// `unknown command "\ufeff/newtable"`, and every line after it met no
// table. The mark is not part of the first line.
func TestAScriptStartingWithAByteOrderMarkPlaysItsFirstLine(t *testing.T) {
	room := &recordingRoom{}
	var out bytes.Buffer
	in := "\ufeff/newtable nlhe 1/2\r\nana: /join\r\n"
	c := &Console{In: strings.NewReader(in), Out: &out, Room: room, Sink: NewSink(&out, false), User: "you", Script: true}
	if err := c.Run(context.Background()); !errors.Is(err, io.EOF) {
		t.Fatalf("Run: %v", err)
	}
	if want := []string{"you /newtable nlhe 1/2", "ana /join"}; !slices.Equal(room.got, want) {
		t.Errorf("the room got %q, want %q\n%s", room.got, want, out.String())
	}
}
