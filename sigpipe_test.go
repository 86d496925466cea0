package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// `pokerroom console --script FILE | head -1`: the reader of the transcript
// goes away, and the next write to standard output killed the process with
// SIGPIPE (status 141), before it closed its database: the fresh database's
// temporary folder stayed behind at every such run (and run, killed so, left
// its room unclosed). The write fails instead and the command ends as usual,
// its temporary folder removed.
func TestAClosedOutputPipeDoesNotKillTheConsole(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGPIPE")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "pokerroom")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "console", "--seed", "42", "--script", "testdata/console/session.txt")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil { // head -1
		t.Fatal(err)
	}
	stdout.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the console did not end within 2 minutes of its reader leaving")
	}
	if ee, ok := err.(*exec.ExitError); ok && !ee.Exited() {
		t.Errorf("killed by a signal: %v", err)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("left in TMPDIR: %v", entries)
	}
}
