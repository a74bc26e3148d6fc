package conditions_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/relatedtest"
)

// TestSteadyState covers the writes that change nothing in the steady
// state (issue 29): a helper that sets a condition and writes, called from
// every branch of several sub-reconciles, some of which stamp the time or
// count, is reported for the branches that change nothing else; fields
// computed from the spec or copied from another object are steady. The
// clock (also through a function of the package or another package's
// Stamp), counters, appends to the field itself and random values are not.
func TestSteadyState(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "conditions/steady")
	relatedtest.Check(t, results, []string{
		"steady.go:88: steady.go:37 (*AppReconciler).Reconcile calls (*AppReconciler).reconcileDeployment",
		"steady.go:88: steady.go:66 (*AppReconciler).reconcileDeployment calls (*AppReconciler).updateCondition",
		// The calls on a steady path, among those that stamp, count or
		// follow a Create (line 62, the Create failed: not steady either).
		"steady.go:88: steady.go:53 (*AppReconciler).reconcileService calls (*AppReconciler).updateCondition here with nothing else changing the status: a path the steady state takes",
		"steady.go:88: steady.go:84 (*AppReconciler).reconcileDeployment calls (*AppReconciler).updateCondition here with nothing else changing the status: a path the steady state takes",
	})
}

// TestSteadyFixesCompile applies the steady-state fixes (the copy threaded
// from the caller's load into the helper, the comparison guard) without
// reformatting: gofmt-clean, and the package still compiles.
func TestSteadyFixesCompile(t *testing.T) {
	files := applyFixes(t, testdata(), []*analysis.Analyzer{newAnalyzer()}, "conditions/steady")
	if len(files) == 0 {
		t.Fatal("no fix was applied")
	}
	checkGofmt(t, files)
	checkCompiles(t, testdata(), files)
}
