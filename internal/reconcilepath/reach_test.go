package reconcilepath_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// TestFacts checks that exported functions reaching a status Update carry
// the chain to it, and that others carry nothing.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	var roots reconcilepath.Pattern
	tests := false
	analysistest.Run(t, dir, reconcilepath.New(&roots, &tests), "statusupdate/helpers", "statusupdate/relay", "statusupdate/updaters", "statusupdate/writerhelper")
}
