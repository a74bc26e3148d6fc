package objectupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reach"
	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/objectupdate"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reach.Pattern
	tests := false
	return objectupdate.New(&objectupdate.Config{}, reach.New(&roots, &tests))
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

// TestFixes covers each metadata change the pass reports, on built-in
// kinds and a custom resource; every fix is checked against a .golden file.
func TestFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/basic")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"basic.go:130: basic.go:120 (*ConfigMapReconciler).Reconcile calls (*ConfigMapReconciler).mark",
		"basic.go:279: basic.go:274 (*HelperReconciler).Reconcile calls (*HelperReconciler).annotateAndUpdate",
	})
}

// TestSilent covers the Updates that are not reported: spec and other
// changes, changes that cannot be seen, finalizers, owner references of a
// custom resource, objects not loaded with Get in the function.
func TestSilent(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "objectupdate/silent")
}

// TestScaffoldLayout: the package's tests call the helper with a Pod of
// their own, and use it as a value; the finding stays in the test variant.
func TestScaffoldLayout(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "objectupdate/scaffold")
}

// TestLegacy covers controller-runtime v0.6: Reconcile without a context,
// runtime.Object arguments, and no StrategicMergeFrom for owner references.
func TestLegacy(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata("legacy"), newAnalyzer(), "objectupdate/legacy")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"legacy.go:53: legacy.go:33 (*PodReconciler).Reconcile calls (*PodReconciler).adopt",
	})
}

// TestIgnoreDirectives covers //statuslint:ignore for this pass: one that
// silences a finding, one left where nothing is reported.
func TestIgnoreDirectives(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "objectupdate/ignored")
}

// TestCrossPackage covers facts: the helpers package records what each
// exported function does to its parameters; the reconciler's package
// counts its calls as those changes.
func TestCrossPackage(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/helpers", "objectupdate/crosspkg")
}
