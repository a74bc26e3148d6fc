package statusupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reach"
	"github.com/statuslint/statuslint/passes/statusupdate"
)

func newAnalyzer(t *testing.T, roots string) *analysis.Analyzer {
	t.Helper()
	cfg := &statusupdate.Config{}
	if err := cfg.Roots.Set(roots); err != nil {
		t.Fatal(err)
	}
	return statusupdate.New(cfg, reach.New(&cfg.Roots, &cfg.Tests))
}

// testdata returns the absolute path of a GOPATH-style tree of stubs and
// cases: testdata (current controller-runtime) or testdata/legacy.
func testdata(elem ...string) string {
	dir, err := filepath.Abs(filepath.Join(append([]string{"..", "..", "testdata"}, elem...)...))
	if err != nil {
		panic(err)
	}
	return dir
}

// TestFixes covers the fixable writes; every fix is checked against a
// .golden file.
func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/basic", "statusupdate/shadow")
}

// TestPaths covers each way a reconcile reaches a write, and the writes
// that must not be reported.
func TestPaths(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/paths")
}

// TestCrossPackage covers facts: the helper package exports a fact, the
// reconciler's package reports at its call.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/crosspkg")
}

// TestRoots covers extra roots named by the roots setting.
func TestRoots(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, `^\(\*statusupdate/roots\.Loop\)\.Run$`), "statusupdate/roots")
}

func TestLegacy(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata("legacy"), newAnalyzer(t, ""), "statusupdate/legacy")
}

func TestBadRootsPattern(t *testing.T) {
	var p reach.Pattern
	if err := p.Set("(unclosed"); err == nil {
		t.Fatal("want an error for an invalid regular expression")
	}
}

// TestIgnoreDirectives covers //statuslint:ignore and
// //statuslint:file-ignore, and the directives that are reported themselves.
func TestIgnoreDirectives(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/ignored", "statusupdate/fileignored")
}

// TestCgo covers a package that uses cgo.
func TestCgo(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(t, ""), "statusupdate/cgo")
}
