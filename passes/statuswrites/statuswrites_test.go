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
