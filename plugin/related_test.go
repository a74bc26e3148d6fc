package plugin

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/relatedtest"
)

// TestRelatedFolded checks that the plugin's passes report a finding's
// reconcile path in its message and no related information, which
// golangci-lint would turn into issues of their own; and that the
// analyzers other passes require are the very ones they require, not
// copies that would run twice.
func TestRelatedFolded(t *testing.T) {
	lp, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := lp.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	listed := make(map[*analysis.Analyzer]bool)
	var statusupdate *analysis.Analyzer
	for _, a := range analyzers {
		listed[a] = true
		if a.Name == "statusupdate" {
			statusupdate = a
		}
	}
	for _, a := range analyzers {
		for _, r := range a.Requires {
			if r.Name != "" && !listed[r] && isListedName(analyzers, r.Name) {
				t.Errorf("%s requires a %s that is not the listed one: it would run twice", a.Name, r.Name)
			}
		}
	}
	if statusupdate == nil {
		t.Fatal("no statusupdate analyzer")
	}

	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(relatedtest.Quiet{}, dir, statusupdate, "statusupdate/basic")
	var folded int
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.Related) > 0 {
				t.Errorf("%v: related information left in: %v", r.Pass.Fset.Position(d.Pos), d.Related)
			}
			if strings.HasSuffix(d.Message, "instead [(*ParamReconciler).Reconcile calls (*ParamReconciler).refresh at line 169]") {
				folded++
			}
		}
	}
	if folded == 0 {
		t.Errorf("no finding carries its reconcile path in its message")
	}
}

func isListedName(analyzers []*analysis.Analyzer, name string) bool {
	for _, a := range analyzers {
		if a.Name == name {
			return true
		}
	}
	return false
}
