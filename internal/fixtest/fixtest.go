// Package fixtest applies analyzers' suggested fixes in tests the way
// statuslint's own -fix does (internal/driver): each fix is sorted and
// merged, whole, into the edits accepted so far with textedit.Merge, and
// the result applied with textedit.Apply. Tests that check how the passes'
// fixes compose use it, so that they test the engine users run rather than
// a copy of it with its own idea of what overlaps.
//
// Unlike the driver, which leaves a conflicting fix out and applies the
// rest, a conflict here fails: in a test, two passes whose fixes conflict
// are a bug.
package fixtest

import (
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/textedit"
)

// Edits accumulates the fixes of several diagnostics, per file.
type Edits struct {
	byFile map[string][]textedit.Edit
	fixes  int
}

// Add merges fix, made against fset, into the edits accepted so far, or
// returns an error naming the file and the fix when it conflicts.
func (e *Edits) Add(fset *token.FileSet, fix analysis.SuggestedFix) error {
	if e.byFile == nil {
		e.byFile = make(map[string][]textedit.Edit)
	}
	byFile, err := textedit.FromAnalysis(fset, fix.TextEdits)
	if err != nil {
		return fmt.Errorf("fix %q: %v", fix.Message, err)
	}
	merged := make(map[string][]textedit.Edit)
	for name, edits := range byFile {
		m, ok := textedit.Merge(e.byFile[name], edits)
		if !ok {
			return fmt.Errorf("%s: fix %q conflicts with an earlier fix", name, fix.Message)
		}
		merged[name] = m
	}
	for name, edits := range merged {
		e.byFile[name] = edits
	}
	e.fixes++
	return nil
}

// AddAll adds every suggested fix of every diagnostic.
func (e *Edits) AddAll(fset *token.FileSet, diags []analysis.Diagnostic) error {
	for _, d := range diags {
		for _, fix := range d.SuggestedFixes {
			if err := e.Add(fset, fix); err != nil {
				return err
			}
		}
	}
	return nil
}

// Fixes is the number of fixes added.
func (e *Edits) Fixes() int { return e.fixes }

// Apply reads each edited file and returns its fixed contents, as the
// edits leave them: not reformatted, so that tests can check the fixes
// are gofmt-clean themselves.
func (e *Edits) Apply() (map[string][]byte, error) {
	names := make([]string, 0, len(e.byFile))
	for name := range e.byFile {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make(map[string][]byte)
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		fixed, err := textedit.Apply(src, e.byFile[name])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out[name] = fixed
	}
	return out, nil
}

// Run loads the packages matching patterns in the GOPATH tree dir (the
// layout analysistest uses), runs analyzers on them with x/tools' checker,
// applies every suggested fix of every root diagnostic and returns the
// fixed files. A load error, an analyzer error or a conflict fails t.
func Run(t testing.TB, dir string, analyzers []*analysis.Analyzer, patterns ...string) map[string][]byte {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("loading %s: %v", p.PkgPath, e)
		}
	}
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var edits Edits
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		if err := edits.AddAll(act.Package.Fset, act.Diagnostics); err != nil {
			t.Fatal(err)
		}
	}
	files, err := edits.Apply()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// CheckCompiles type-checks the packages matching patterns in the GOPATH
// tree dir with files (contents by file name, as Run returns them) in
// place of the files on disk, and fails t with each error: a fix that
// leaves a package unable to build is a bug even when it matches its
// .golden file.
func CheckCompiles(t testing.TB, dir string, files map[string][]byte, patterns ...string) {
	t.Helper()
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports,
		Dir:     dir,
		Env:     append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
		Overlay: files,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("fixed %s does not compile: %v", p.PkgPath, e)
		}
	}
}

// Goldens returns the .golden files of the GOPATH tree dir whose package
// path starts with prefix ("" for all): the packages that hold them, and
// their contents by the name of the file each stands for, the fixed
// version of it.
func Goldens(t testing.TB, dir, prefix string) (pkgs []string, golden map[string][]byte) {
	t.Helper()
	src := filepath.Join(dir, "src")
	golden = make(map[string][]byte)
	seen := make(map[string]bool)
	err := filepath.WalkDir(filepath.Join(src, filepath.FromSlash(prefix)), func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".go.golden") {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		golden[strings.TrimSuffix(name, ".golden")] = data
		rel, err := filepath.Rel(src, filepath.Dir(name))
		if err != nil {
			return err
		}
		if pkg := filepath.ToSlash(rel); !seen[pkg] {
			seen[pkg] = true
			pkgs = append(pkgs, pkg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(pkgs)
	return pkgs, golden
}
