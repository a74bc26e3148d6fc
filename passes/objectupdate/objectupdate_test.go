package objectupdate_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/fixtest"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/objectupdate"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reconcilepath.Pattern
	tests := false
	return objectupdate.New(&objectupdate.Config{}, reconcilepath.New(&roots, &tests))
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
	checkFixedCompiles(t, "objectupdate/basic")
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

// TestHelperCalledWithLoadedPods covers an Update in a helper (a function
// literal bound to a local, or a method) that the reconcile hands Pods from
// a Get and from a List's items (issue 28): the copy is taken where the
// helper starts when every call hands over an object as it was loaded, and
// no fix is offered when a caller changed it first; list items updated in
// the loop itself; and the shapes that keep the pass quiet.
func TestHelperCalledWithLoadedPods(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/listed")
	relatedtest.Check(t, results, []string{
		"listed.go:53: listed.go:67 (*RunnerReconciler).Reconcile calls a function literal in (*RunnerReconciler).Reconcile",
		"listed.go:162: listed.go:142 (*MethodReconciler).Reconcile calls (*MethodReconciler).adopt",
		"listed.go:175: listed.go:183 (*ChangedFirstReconciler).Reconcile calls a function literal in (*ChangedFirstReconciler).Reconcile",
	})
	checkFixedCompiles(t, "objectupdate/listed")
}

// TestCopiesOfLoadedObjects covers an Update of a DeepCopy (or
// DeepCopyInto) of an object loaded with Get, or of a List's item (issue
// 28): the patch's base is the loaded object when it is unchanged at the
// Update, else a copy of the new object where it is made, else a copy
// right after the load; and the shapes that keep the pass quiet.
func TestCopiesOfLoadedObjects(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/copies")
	checkFixedCompiles(t, "objectupdate/copies")
}

// TestNilPaths covers an object loaded with Get that some paths set to
// nil afterwards (dropped when not found): those paths carry no object,
// so it is reported as loaded, in the Update's function and through a
// helper's callers (a function literal called with the loaded Pod under
// pod != nil and with one loaded after a Create found it there, as
// kubernetes-sigs/agent-sandbox's reconcilePod does; a method called
// without a nil check). The copy goes after the load, or where the helper
// starts; none where the object may be nil and has no typed DeepCopy.
// Also what the if statement that loads the object does in its branches,
// and the shapes that keep the pass quiet: another object on some paths,
// a branch that can leave with the object before dropping it.
func TestNilPaths(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/nilpath")
	relatedtest.Check(t, results, []string{
		"nilpath.go:80: nilpath.go:36 (*SandboxReconciler).Reconcile calls (*SandboxReconciler).reconcilePod",
		"nilpath.go:80: nilpath.go:88 (*SandboxReconciler).reconcilePod calls a function literal in (*SandboxReconciler).reconcilePod",
		"nilpath.go:188: nilpath.go:127 (*NilReconciler).Reconcile calls (*NilReconciler).unguarded",
		"nilpath.go:188: nilpath.go:180 (*NilReconciler).unguarded calls (*NilReconciler).markSeen",
	})
	checkFixedCompiles(t, "objectupdate/nilpath")
}

// checkFixedCompiles applies every fix of the package as statuslint's -fix
// does and type-checks the package with the fixed files in place of the
// originals.
func checkFixedCompiles(t *testing.T, pattern string) {
	t.Helper()
	dir := testdata()
	files := fixtest.Run(t, dir, []*analysis.Analyzer{newAnalyzer()}, pattern)
	if len(files) == 0 {
		t.Fatalf("%s: no fixes", pattern)
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports,
		Dir:     dir,
		Env:     append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off"),
		Overlay: files,
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Errorf("%s: the fixed package does not compile", pattern)
	}
}
