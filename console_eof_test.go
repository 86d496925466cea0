package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// With a platform token set and CONSOLE=on (`docker run -it` with
// TELEGRAM_TOKEN), the end of the console's input (Ctrl-D) leaves the
// console while the room goes on serving the platform. The console's own
// output said nothing of it (only the log, at info, which LOG_LEVEL=warn
// hides): after a greeting that says Ctrl-D leaves, the terminal just
// stayed. The console now says it is closed and the room serves on until
// interrupted.
func TestConsoleEndOfInputWhileServingAPlatformSaysSo(t *testing.T) {
	env, _ := tempDB(t)
	for k, v := range map[string]string{"CONSOLE": "on", "LOG_LEVEL": "warn", "TELEGRAM_TOKEN": "123456:ABCdefghijklmnopqrstuvwxyz0123456789",
		"TELEGRAM_API_ENDPOINT": "http://127.0.0.1:1/bot%s/%s"} {
		env[k] = v
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	r := runMain(t, ctx, env, strings.NewReader("status\n"))
	if ctx.Err() == nil {
		t.Fatalf("the room stopped at the end of the console's input while serving Telegram (exit %d):\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "[console] end of input") || !strings.Contains(r.stdout, "Ctrl-C") {
		t.Errorf("the console's output does not say it closed while the room serves on:\n%s", r.stdout)
	}
	if r.code != exitOK {
		t.Errorf("exit %d after the interrupt, want 0:\n%s", r.code, r.stderr)
	}
}
