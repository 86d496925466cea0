package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/store"
)

// A new database file in a directory where it cannot be created is the
// directory's fault, and Open says so: it said "cannot open FILE for
// reading and writing: check the file's owner and permissions", of a file
// that does not exist, sending the user to look for it.
func TestANewFileInADirectoryThatCannotTakeItNamesTheDirectory(t *testing.T) {
	var dirs []string
	if st, err := os.Stat("/proc/self"); err == nil && st.IsDir() {
		dirs = append(dirs, "/proc") // creates nothing, root included
	}
	if os.Getuid() != 0 {
		ro := filepath.Join(t.TempDir(), "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, ro)
	}
	if len(dirs) == 0 {
		t.Skip("no directory here refuses a new file to this user")
	}
	for _, dir := range dirs {
		path := filepath.Join(dir, "pokerroom-test.db")
		loc, err := store.ParseURL(path)
		if err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(context.Background(), loc, store.Options{})
		if err == nil {
			s.Close()
			t.Fatalf("%s: opened", path)
		}
		msg := err.Error()
		if !strings.Contains(msg, "cannot create "+path) || !strings.Contains(msg, "check the directory "+dir) || strings.Contains(msg, "the file's owner") {
			t.Errorf("%s: %s\nwant it to say the file cannot be created and to check the directory", path, msg)
		}
	}
}
