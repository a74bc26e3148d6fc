package fieldmanager_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/flagvalue"
	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// dir returns the absolute path of a testdata directory (GOPATH entries
// must be absolute).
func dir(t *testing.T, rel string) string {
	t.Helper()
	abs, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func current(t *testing.T) string { return dir(t, "../../testdata") }
func legacy(t *testing.T) string  { return dir(t, "../../testdata/legacy") }

func TestBasic(t *testing.T) {
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/basic")
}

var _ = flagvalue.List{}

func TestPresent(t *testing.T) {
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/present")
}

func TestUnknown(t *testing.T) {
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/unknown")
}

func TestNearMiss(t *testing.T) {
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{}), "fieldmanager/nearmiss")
}

func TestLookalike(t *testing.T) {
	analysistest.Run(t, current(t), fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"}), "fieldmanager/lookalike")
}

func TestFixes(t *testing.T) {
	a := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	analysistest.RunWithSuggestedFixes(t, current(t), a,
		"fieldmanager/configured",
		"fieldmanager/reuse",
		"fieldmanager/reusetyped",
		"fieldmanager/shadow",
		"fieldmanager/imports",
	)
}
