package conditions_test

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// edit is a text edit as byte offsets in one file.
type edit struct {
	start, end int
	text       string
}

// applyFixes runs analyzers on the packages matching pattern in the GOPATH
// tree dir and applies every suggested fix of every diagnostic of every
// analyzer, as a driver's -fix does: identical edits are merged, and any
// other overlap fails the test. It returns the fixed files' contents, as
// they are, not reformatted.
func applyFixes(t *testing.T, dir string, analyzers []*analysis.Analyzer, pattern string) map[string][]byte {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: dir,
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("loading %s: %v", pattern, e)
		}
	}
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	edits := make(map[string][]edit)
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					tf := act.Package.Fset.File(e.Pos)
					edits[tf.Name()] = append(edits[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)})
				}
			}
		}
	}
	out := make(map[string][]byte)
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fixed, err := apply(src, es)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = fixed
	}
	return out
}

func apply(src []byte, es []edit) ([]byte, error) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		return es[i].end < es[j].end
	})
	var uniq []edit
	for _, e := range es {
		if n := len(uniq); n > 0 && uniq[n-1] == e {
			continue
		}
		uniq = append(uniq, e)
	}
	var buf bytes.Buffer
	last := 0
	for i, e := range uniq {
		if e.start < last || (i > 0 && e.start == uniq[i-1].start && e.start == e.end && uniq[i-1].start == uniq[i-1].end) {
			return nil, fmt.Errorf("conflicting edits at offset %d: %q", e.start, e.text)
		}
		buf.Write(src[last:e.start])
		buf.WriteString(e.text)
		last = e.end
	}
	buf.Write(src[last:])
	return buf.Bytes(), nil
}

// checkGofmt fails the test when a fixed file is not exactly as gofmt
// would print it.
func checkGofmt(t *testing.T, files map[string][]byte) {
	t.Helper()
	if len(files) == 0 {
		t.Error("no fixes")
	}
	for name, src := range files {
		formatted, err := format.Source(src)
		if err != nil {
			t.Errorf("%s: fixed file does not parse: %v\n%s", name, err, src)
			continue
		}
		if !bytes.Equal(formatted, src) {
			t.Errorf("%s: fixed file is not gofmt-clean:\n%s", name, src)
		}
	}
}

// checkCompiles type-checks each fixed file as a package of its own next to
// the stubs in the GOPATH tree dir.
func checkCompiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	tmp := t.TempDir()
	for name, src := range files {
		pkgDir := filepath.Join(tmp, "src", "fixed", filepath.Base(filepath.Dir(name)))
		if err := os.MkdirAll(pkgDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkgDir, filepath.Base(name)), src, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports,
			Dir:  tmp,
			Env:  append(os.Environ(), "GOPATH="+tmp+string(os.PathListSeparator)+dir, "GO111MODULE=off", "GOWORK=off"),
		}
		pkgs, err := packages.Load(cfg, "fixed/"+filepath.Base(pkgDir))
		if err != nil {
			t.Fatal(err)
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				t.Errorf("fixed %s does not compile: %v", filepath.Base(name), e)
			}
		})
	}
}
