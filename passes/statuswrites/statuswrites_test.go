package statuswrites_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reach"
	"github.com/statuslint/statuslint/passes/statuswrites"
)

func newAnalyzer() *analysis.Analyzer {
	var roots reach.Pattern
	tests := false
	return statuswrites.New(&statuswrites.Config{}, reach.New(&roots, &tests))
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
	analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/basic")
}

// TestCrossPackage covers facts: the helper package records which
// argument's object each function writes, the reconciler's package adds
// them up.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdata(), newAnalyzer(), "statuswrites/helpers", "statuswrites/crosspkg")
}

// TestLegacy covers controller-runtime v0.6: Reconcile without a context,
// StatusWriter, and ObjectKeyFromObject returning an error.
func TestLegacy(t *testing.T) {
	analysistest.Run(t, testdata("legacy"), newAnalyzer(), "statuswrites/legacy")
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
			if pos.Line != 29 {
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
