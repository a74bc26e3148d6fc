package conditions_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/fixtest"
)

// applyFixes runs analyzers on the packages matching pattern in the GOPATH
// tree dir and applies every suggested fix, merged as statuslint's -fix
// merges them (see internal/fixtest); a conflict fails the test. It
// returns the fixed files' contents, as they are, not reformatted.
func applyFixes(t *testing.T, dir string, analyzers []*analysis.Analyzer, pattern string) map[string][]byte {
	t.Helper()
	return fixtest.Run(t, dir, analyzers, pattern)
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
