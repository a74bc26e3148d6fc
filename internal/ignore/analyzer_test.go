package ignore_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/ignore"
)

// TestAnalyzer checks the directive check's reports: no pass, no reason,
// unknown passes (each with the nearest name); a good directive and other
// words are left alone.
func TestAnalyzer(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, ignore.Analyzer, "directives/bad")
}
