package phh

import (
	"io/fs"
	"os"
	"testing"
)

// loadCorpus reads every hand-history file of the corpus into memory.
func loadCorpus(b *testing.B) (names []string, data [][]byte) {
	dir := corpusDir(b)
	fsys := os.DirFS(dir)
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !IsHandFile(p) {
			return err
		}
		bs, err := fs.ReadFile(fsys, p)
		names, data = append(names, p), append(data, bs)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return names, data
}

// BenchmarkReplayCorpus parses and replays the whole corpus from memory, as
// the replay command does after reading the files; it reports hands per
// second (PokerKit replays about 1,000 per second; the target is 100 times
// that).
func BenchmarkReplayCorpus(b *testing.B) {
	names, data := loadCorpus(b)
	hands := 0
	b.ResetTimer()
	for b.Loop() {
		r := &Runner{}
		for i := range data {
			r.ReplayData(names[i], data[i])
		}
		hands += r.Summary.Hands
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkReplayParsed replays hands already parsed: the engine part alone.
func BenchmarkReplayParsed(b *testing.B) {
	names, data := loadCorpus(b)
	var all []*Hand
	for i := range data {
		hs, _ := ParseFile(names[i], data[i])
		all = append(all, hs...)
	}
	n := 0
	var rp Replayer
	b.ResetTimer()
	for b.Loop() {
		for _, h := range all {
			rp.Replay(h)
		}
		n += len(all)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkParseCorpus parses the whole corpus: the TOML part alone.
func BenchmarkParseCorpus(b *testing.B) {
	names, data := loadCorpus(b)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		for i := range data {
			hs, _ := ParseFile(names[i], data[i])
			n += len(hs)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}
