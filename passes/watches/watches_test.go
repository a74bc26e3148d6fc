package watches_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/passes/watches"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reconcilepath.Pattern
	tests := false
	return watches.New(&watches.Config{}, reconcilepath.New(&roots, &tests))
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

// TestOwned covers children that wake the owner for nothing, each with
// the predicate fix, and the watches left alone: a reconcile that reads
// the child's status (itself or through another package), a kind without
// generation semantics, a predicate or event filter, a builder handed
// elsewhere.
func TestOwned(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "watches/owned")
}

// TestImports: the fix adds the builder and predicate imports, under a
// free name where the file uses the package's own.
func TestImports(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "watches/imports")
}

// TestSelfWake covers reconcilers that write a changing value into their
// own status on every pass with no predicate on For, and the quiet ones.
func TestSelfWake(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "watches/selfwake")
}

// TestLegacy covers controller-runtime v0.6: runtime.Object watches,
// Reconcile without a context, and a predicate package without Or, where
// the child's finding says why it has no fix.
func TestLegacy(t *testing.T) {
	analysistest.Run(t, testdata("legacy"), newAnalyzer(), "watches/legacy")
}

// TestInterfaceImplementations: a reconcile that runs a step through an
// interface another package declares reads what the implementations in
// that package's imports read (kserve's HTTPRoute watch was reported
// although its ingress step reads the routes' status).
func TestInterfaceImplementations(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "watches/steps/route", "watches/steps", "watches/stepped")
}
