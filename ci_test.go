package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every fuzz target of the module has its short run in CI (.ci/run, step
// 9): a target added without one would only ever run its seeds.
func TestCIFuzzesEveryTarget(t *testing.T) {
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, w := range regexp.MustCompile(`\bFuzz[A-Za-z0-9]+\b`).FindAllString(string(ci), -1) {
		listed[w] = true
	}
	decl := regexp.MustCompile(`(?m)^func (Fuzz[A-Za-z0-9]+)\(f \*testing\.F\)`)
	found := 0
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			found++
			if !listed[m[1]] {
				t.Errorf("%s: %s has no run in .ci/run's step 9", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Fatalf("found %d fuzz targets: not the module's root?", found)
	}
}
