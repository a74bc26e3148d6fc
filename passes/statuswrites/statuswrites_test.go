package statuswrites_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/relatedtest"
	"github.com/statuslint/statuslint/passes/statuswrites"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reconcilepath.Pattern
	tests := false
	return statuswrites.New(&statuswrites.Config{}, reconcilepath.New(&roots, &tests))
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

// TestBasic covers each way of writing twice, and the writes that are one
// per path.
func TestBasic(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/basic")
	// The first writes and the reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"basic.go:45: basic.go:41 first write of the status of w through (*Helper).setCondition",
		"basic.go:45: basic.go:45 (*Helper).Reconcile calls (*Helper).setCondition",
		"basic.go:63: basic.go:67 first write of the status of w",
		"basic.go:63: basic.go:63 (*Deferred).Reconcile calls a function literal in (*Deferred).Reconcile",
		"basic.go:238: basic.go:235 first write of the status of w",
		"basic.go:238: basic.go:238 (*ByKey).Reconcile calls (*ByKey).markReady",
		"basic.go:299: basic.go:293 first write of the status of w through a function literal in (*RetryTwice).Reconcile",
		"basic.go:299: basic.go:299 (*RetryTwice).Reconcile calls a function literal in (*RetryTwice).Reconcile",
		"basic.go:359: basic.go:365 first write of the status of w",
		"basic.go:359: basic.go:359 (*DeferOnErrorAndFail).Reconcile calls a function literal in (*DeferOnErrorAndFail).Reconcile",
		"conditional.go:39: conditional.go:33 first write of the status of w through setCondition",
		"conditional.go:39: conditional.go:39 (*Conditional).Reconcile calls setCondition",
		"locked.go:35: locked.go:31 first write of the status of w through (*Locked).ready",
		"locked.go:35: locked.go:35 (*Locked).Reconcile calls (*Locked).usage",
	})
}

// TestCrossPackage covers facts: the helper package records which
// argument's object each function writes, the reconciler's package adds
// them up.
func TestCrossPackage(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/helpers", "statuswrites/crosspkg")
	// The first writes and the reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"crosspkg.go:27: crosspkg.go:19 first write of the status of w through helpers.UpdateCondition",
		"crosspkg.go:27: crosspkg.go:27 (*R).Reconcile calls helpers.SetReady",
		"crosspkg.go:69: crosspkg.go:63 first write of the status of w through helpers.UpdateStatus",
		"crosspkg.go:69: crosspkg.go:69 (*Progress).Reconcile calls helpers.UpdateStatus",
	})
}

// TestLegacy covers controller-runtime v0.6: Reconcile without a context,
// StatusWriter, and ObjectKeyFromObject returning an error.
func TestLegacy(t *testing.T) {
	results := analysistest.Run(t, testdata("legacy"), newAnalyzer(), "statuswrites/legacy")
	// The first writes and the reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"legacy.go:40: legacy.go:37 first write of the status of w",
		"legacy.go:40: legacy.go:40 (*WidgetReconciler).Reconcile calls (*WidgetReconciler).refresh",
	})
}

// TestIgnoreDirectives covers //statuslint:ignore for this pass.
func TestIgnoreDirectives(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/ignored")
}

// TestRelated checks that the first write is attached to the finding, for
// gopls and golangci-lint to show.
func TestRelated(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/basic")
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if pos.Line != 29 || filepath.Base(pos.Filename) != "basic.go" {
				continue
			}
			found = true
			if len(d.Related) != 1 {
				t.Fatalf("finding at %v has %d related entries, want 1", pos, len(d.Related))
			}
			rel := d.Related[0]
			if got := r.Pass.Fset.Position(rel.Pos).Line; got != 24 || rel.Message != "first write of the status of w" {
				t.Errorf("related information at line %d: %q, want line 24: %q", got, rel.Message, "first write of the status of w")
			}
			if len(d.SuggestedFixes) != 0 {
				t.Errorf("finding at %v has a suggested fix; the cure is a refactor", pos)
			}
		}
	}
	if !found {
		t.Fatal("no finding at basic.go:29")
	}
}

// TestLists covers objects collected into a slice or a map that a loop
// writes: one object in it twice, or in it and written on its own, and
// the loops over different objects.
func TestLists(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/lists")
	// Where the object is put in the container, and the first write.
	relatedtest.Check(t, results, []string{
		"lists.go:29: lists.go:27 w added to toUpdate",
		"lists.go:29: lists.go:27 w added to toUpdate again",
		"lists.go:54: lists.go:47 w added to changed",
		"lists.go:54: lists.go:51 w added to changed again",
		"lists.go:69: lists.go:68 w added to the slice literal",
		"lists.go:69: lists.go:68 w added to the slice literal again",
		"lists.go:69: lists.go:69 (*SliceLiteral).Reconcile calls (*SliceLiteral).markReady",
		"lists.go:112: lists.go:111 a added to the slice literal",
		"lists.go:112: lists.go:111 b added to the slice literal, the same object as a",
		"lists.go:150: lists.go:146 first write of the status of w",
		"lists.go:150: lists.go:149 w added to the slice literal",
		"lists.go:168: lists.go:166 first write of the status of w by the loop over objs, which holds it",
		"lists.go:168: lists.go:164 w added to objs",
		"lists.go:168: lists.go:168 (*ListedThenWritten).Reconcile calls (*ListedThenWritten).setReady",
	})
}

// TestSpilled covers a Get's key that reaches it through a variable SSA
// keeps a parameter in: one a function literal captures (as passed to
// retry.RetryOnConflict), or a struct parameter whose field is the key;
// and the variables that are not the parameter (assigned again, or handed
// to a call that may change them).
func TestSpilled(t *testing.T) {
	results := analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/spilled")
	// The first writes and the reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"spilled.go:103: spilled.go:100 first write of the status of w through (*R).updateRetried",
		"spilled.go:103: spilled.go:103 (*Retried).Reconcile calls (*R).updateRetried",
		"spilled.go:139: spilled.go:138 first write of the status of w through (*Split).reconcile",
		"spilled.go:139: spilled.go:139 (*Split).Reconcile calls (*R).updateDirect",
	})
}
