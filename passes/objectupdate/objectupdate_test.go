package objectupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reach"
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
	analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(), "objectupdate/basic")
}
