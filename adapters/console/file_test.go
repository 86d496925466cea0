package console

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// A file for a player is written in the sink's folder and the player is
// told where; a name already taken gets "-2", "-3"..., never overwriting
// the file there; a name that is not a plain file name is refused.
func TestSinkWritesFilesWithoutOverwriting(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hands.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := NewSink(&out, false)
	s.FileDir = dir
	file := func(name, data string) bot.Outgoing {
		return bot.Outgoing{To: bot.Destination{Platform: Platform, User: "ana"},
			Body: bot.View{Kind: bot.ViewFile, Text: "Your 2 hands (PokerStars), oldest first.", File: &bot.File{Name: name, Data: []byte(data)}}}
	}
	for _, tc := range []struct {
		name, file, data, wantLine, wantPath string
	}{
		{"a taken name", "hands.txt", "one", "[ana] wrote " + filepath.Join(dir, "hands-2.txt") + " (3 bytes): Your 2 hands", "hands-2.txt"},
		{"taken twice", "hands.txt", "two", "[ana] wrote " + filepath.Join(dir, "hands-3.txt"), "hands-3.txt"},
		{"a new name", "other.phhs", "three", "[ana] wrote " + filepath.Join(dir, "other.phhs"), "other.phhs"},
		{"a path", "../../etc/passwd", "x", "[ana] wrote " + filepath.Join(dir, "passwd"), "passwd"},
		{"a hidden name", ".profile", "x", `[ana] could not write the file ".profile": not a file name`, ""},
	} {
		out.Reset()
		if err := s.Enqueue(file(tc.file, tc.data)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), tc.wantLine) {
			t.Errorf("%s: printed %q, want %q...", tc.name, out.String(), tc.wantLine)
		}
		if tc.wantPath == "" {
			continue
		}
		if got, err := os.ReadFile(filepath.Join(dir, tc.wantPath)); err != nil || string(got) != tc.data {
			t.Errorf("%s: %s holds %q (%v), want %q", tc.name, tc.wantPath, got, err, tc.data)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "hands.txt")); string(got) != "mine" {
		t.Errorf("the file there first now holds %q", got)
	}
}

// The line that says where a file went speaks the language of the player
// it is for (bot.File.Lang: their /lang, else the chat's DEFAULT_LANG),
// as the caption the room wrote does; it was English only.
func TestSinkSaysWhereTheFileWentInThePlayersLanguage(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s := NewSink(&out, false)
	s.FileDir = dir
	for _, tc := range []struct{ lang, file, want string }{
		{bot.Spanish, "manos.txt", "[ana] escrito " + filepath.Join(dir, "manos.txt") + " (3 bytes): Tus 2 manos"},
		{bot.Spanish, ".oculto", `[ana] no se pudo escribir el archivo ".oculto": no es un nombre de archivo`},
		{bot.English, "hands.txt", "[ana] wrote " + filepath.Join(dir, "hands.txt") + " (3 bytes): Tus 2 manos"},
		{"", "hands2.txt", "[ana] wrote " + filepath.Join(dir, "hands2.txt")},
	} {
		out.Reset()
		m := bot.Outgoing{To: bot.Destination{Platform: Platform, User: "ana"},
			Body: bot.View{Kind: bot.ViewFile, Text: "Tus 2 manos (PokerStars).", File: &bot.File{Name: tc.file, Data: []byte("one"), Lang: tc.lang}}}
		if err := s.Enqueue(m); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), tc.want) {
			t.Errorf("%s %s: printed %q, want %q...", tc.lang, tc.file, out.String(), tc.want)
		}
	}
}
