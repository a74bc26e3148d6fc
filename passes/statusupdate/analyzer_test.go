package statusupdate_test

import (
	"slices"
	"testing"

	"github.com/statuslint/statuslint/passes/reach"
	"github.com/statuslint/statuslint/passes/statusupdate"
)

// TestPackageAnalyzer checks what a driver taking analyzers one by one
// (nogo) relies on: the package-level Analyzer requires reach.Analyzer,
// the value whose flags it configures, and keeps its own flags.
func TestPackageAnalyzer(t *testing.T) {
	if !slices.Contains(statusupdate.Analyzer.Requires, reach.Analyzer) {
		t.Fatal("statusupdate.Analyzer does not require reach.Analyzer")
	}
	for _, f := range []string{"roots", "tests"} {
		if statusupdate.Analyzer.Flags.Lookup(f) == nil {
			t.Errorf("no -statusupdate.%s flag", f)
		}
	}
}
