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
	// listed: "dir target", from the step's lines "fuzz ./dir/ Target seconds".
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^fuzz \./(\S*?)/? (Fuzz[A-Za-z0-9]+) `).FindAllStringSubmatch(string(ci), -1) {
		listed[m[1]+" "+m[2]] = true
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
			if !listed[filepath.ToSlash(filepath.Dir(path))+" "+m[1]] {
				t.Errorf("%s: %s has no run in .ci/run's step 9 (fuzz ./%s/ %s SECONDS)", path, m[1], filepath.ToSlash(filepath.Dir(path)), m[1])
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
