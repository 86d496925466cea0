package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 22's measure of a readable house: no function over 120 lines and
// no file over 800 lines, generated code and tests aside. None is over
// since the split of bot; should one ever have to be, it is listed here
// with its size, which may then shrink, never grow.
var (
	longFunctions = map[string]int{}
	longFiles     = map[string]int{}
)

const (
	maxFunctionLines = 120
	maxFileLines     = 800
)

func TestFunctionsAndFilesStayShort(t *testing.T) {
	fset := token.NewFileSet()
	seenFn, seenFile := map[string]bool{}, map[string]bool{}
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// testdata, the benchmark module (its own go.mod), dot
			// directories.
			if path != "." && (d.Name() == "testdata" || d.Name() == "bench" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		files++
		path = filepath.ToSlash(path)
		if n := fset.File(f.Pos()).LineCount(); n > maxFileLines {
			seenFile[path] = true
			if limit, ok := longFiles[path]; !ok {
				t.Errorf("%s has %d lines (at most %d): split it by topic", path, n, maxFileLines)
			} else if n > limit {
				t.Errorf("%s grew to %d lines (listed at %d, at most %d for a new file)", path, n, limit, maxFileLines)
			}
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if n <= maxFunctionLines {
				continue
			}
			key := path + " " + funcName(fd)
			seenFn[key] = true
			if limit, ok := longFunctions[key]; !ok {
				t.Errorf("%s is %d lines (at most %d)", key, n, maxFunctionLines)
			} else if n > limit {
				t.Errorf("%s grew to %d lines (listed at %d)", key, n, limit)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("scanned %d files: not the module's root?", files)
	}
	for key := range longFunctions {
		if !seenFn[key] {
			t.Errorf("%s is listed as long but is %d lines or fewer (or gone): take it off the list", key, maxFunctionLines)
		}
	}
	for path := range longFiles {
		if !seenFile[path] {
			t.Errorf("%s is listed as long but is %d lines or fewer (or gone): take it off the list", path, maxFileLines)
		}
	}
}

// funcName is a function's name, with its receiver's type for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
