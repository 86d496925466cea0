package console

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
)

// maxSameName is how many names writeFile tries for one file
// ("hands.txt", "hands-2.txt", ... "hands-100.txt") before it gives up.
const maxSameName = 100

// writeFile writes a view's file (bot.ViewFile: a player's export) in the
// sink's folder (FileDir, else the working directory), never over a file
// already there: a taken name gets "-2", "-3"... before its extension. It
// returns the line to show the player, in their language: "wrote <path>:
// <caption>".
func (s *Sink) writeFile(v bot.View) string {
	dir := s.FileDir
	if dir == "" {
		dir = "."
	}
	name := filepath.Base(v.File.Name)
	if name == "." || name == string(filepath.Separator) || strings.HasPrefix(name, ".") {
		return fileText(v.File.Lang, "file_name", v.File.Name)
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for n := 1; n <= maxSameName; n++ {
		try := name
		if n > 1 {
			try = fmt.Sprintf("%s-%d%s", stem, n, ext)
		}
		path := filepath.Join(dir, try)
		err := writeNew(path, v.File.Data)
		switch {
		case err == nil:
			return fileText(v.File.Lang, "file_wrote", path, len(v.File.Data), v.Text)
		case errors.Is(err, fs.ErrExist):
			continue
		default:
			return fileText(v.File.Lang, "file_failed", path, err)
		}
	}
	return fileText(v.File.Lang, "file_taken", filepath.Join(dir, name), maxSameName)
}

// fileText is the console's line key about a file in lang, the language
// of the player the file is for (bot.File.Lang).
func fileText(lang, key string, args ...any) string {
	s := texts[key][0]
	if lang == bot.Spanish {
		s = texts[key][1]
	}
	return fmt.Sprintf(s, args...)
}

// writeNew writes data to a new file at path; fs.ErrExist when there is
// one already. A file half written is removed.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
