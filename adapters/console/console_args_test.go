package console

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// The console's own commands with words after them are answered as
// themselves, never as unknown: "quit now" was answered "unknown command
// "quit"; try help", as if quit were no command (found by an outside
// review); "help me" lists them as help does.
func TestConsoleCommandsWithArgumentsAreKnown(t *testing.T) {
	for _, tc := range []struct {
		input, want string
		wantErr     error
	}{
		{"quit now\n", "quit takes no arguments: type quit to leave", io.EOF},
		{"exit please\n", "exit takes no arguments: type exit to leave", io.EOF},
		{"help me\n", "console commands:", io.EOF},
	} {
		out, err := run(t, tc.input, fixedStatus)
		if !errors.Is(err, tc.wantErr) {
			t.Errorf("%q: Run error = %v, want %v", tc.input, err, tc.wantErr)
		}
		if !strings.Contains(out, tc.want) || strings.Contains(out, "unknown command") {
			t.Errorf("%q answered:\n%s\nwant %q", tc.input, out, tc.want)
		}
	}
}
