package conditions_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/conditions"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reconcilepath.Pattern
	tests := false
	return conditions.New(&conditions.Config{}, reconcilepath.New(&roots, &tests))
}

// testdata returns the absolute path of a GOPATH-style tree of stubs and
// cases: testdata (current controller-runtime and apimachinery) or
// testdata/legacy.
func testdata(elem ...string) string {
	dir, err := filepath.Abs(filepath.Join(append([]string{"..", "..", "testdata"}, elem...)...))
	if err != nil {
		panic(err)
	}
	return dir
}

// TestFixes covers ignored results followed by writes in the same
// function; every fix is checked against a .golden file.
func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "conditions/basic")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"basic.go:114: basic.go:110 (*SubResourceReconciler).Reconcile calls (*SubResourceReconciler).setReady",
	})
}

// TestFixesGofmt applies the fixes without reformatting: the result must
// be gofmt-clean as it is.
func TestFixesGofmt(t *testing.T) {
	files := applyFixes(t, testdata(), []*analysis.Analyzer{newAnalyzer()}, "conditions/basic")
	checkGofmt(t, files)
	checkCompiles(t, testdata(), files)
}

// TestGuarded covers the guards that count (the bool directly, through a
// variable, accumulated, captured, returned or passed; DeepEqual of old and
// new; condition checks before setting) and the near misses.
func TestGuarded(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "conditions/guarded")
}

// TestHelpers covers objects followed through closures and same-package
// helpers, mutation-only helpers (also in the API package, which writes
// nothing), and flows too tangled for a fix.
func TestScaffoldLayout(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "conditions/scaffold")
}

func TestHelpers(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "conditions/helpers", "conditions/api")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"helpers.go:34: helpers.go:29 (*MutateReconciler).Reconcile calls markReady",
		"helpers.go:86: helpers.go:88 (*ClosureSetReconciler).Reconcile calls a function literal in (*ClosureSetReconciler).Reconcile",
		"helpers.go:183: helpers.go:178 (*GenericReconciler).Reconcile calls setWith",
	})
}

// TestMutations covers the status changed on the way to the write by
// other means than the conditions calls: the API type's methods, another
// package's functions, interface accessors, the clock, a condition removed
// and set again, in the function, its callers, callees and closures. What
// the pass cannot rule out is not reported; visible assignments are
// reported without a fix, which would drop them.
func TestMutations(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "conditions/mutations")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"reported.go:154: reported.go:147 (*TwiceReconciler).Reconcile calls (*TwiceReconciler).setReady",
	})
}

// TestMutationFixesCompile applies the comparison fixes (the snapshot, the
// equality import, the guard) without reformatting: gofmt-clean, and the
// package still compiles.
func TestMutationFixesCompile(t *testing.T) {
	files := applyFixes(t, testdata(), []*analysis.Analyzer{newAnalyzer()}, "conditions/mutations")
	checkGofmt(t, files)
	checkCompiles(t, testdata(), files)
}

// TestLegacy covers controller-runtime v0.6 and apimachinery before v0.29,
// where SetStatusCondition has no result: unconditional writes are
// reported, pointing to a comparison; there is no fix.
func TestLegacy(t *testing.T) {
	results := analysistest.Run(t, testdata("legacy"), newAnalyzer(), "conditions/legacy")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"legacy.go:92: legacy.go:67 (*WidgetReconciler).Reconcile calls (*WidgetReconciler).helper",
	})
}

// TestLegacyFixesCompile applies the fixes for apimachinery before v0.29,
// where SetStatusCondition has no result: the writes are guarded by a
// comparison of the status with a copy taken after the load. The result
// is gofmt-clean and compiles against the old stubs.
func TestLegacyFixesCompile(t *testing.T) {
	files := applyFixes(t, testdata("legacy"), []*analysis.Analyzer{newAnalyzer()}, "conditions/legacy")
	if len(files) == 0 {
		t.Fatal("no fix was applied")
	}
	checkGofmt(t, files)
	checkCompiles(t, testdata("legacy"), files)
	for name, got := range files {
		if !bytes.Contains(got, []byte(".Semantic.DeepEqual(")) {
			t.Errorf("%s: no comparison guard in the fixed file:\n%s", name, got)
		}
	}
}

// TestIgnored covers //statuslint:ignore directives naming the pass.
func TestIgnored(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "conditions/ignored")
}
