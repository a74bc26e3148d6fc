package statusupdate_test

import (
	"bytes"
	"go/format"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/analyzer"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/fixtest"
	"github.com/statuslint/statuslint/internal/relatedtest"
)

// TestThreadedThroughParts is the kubebuilder shape of issue 34: a
// reconcile hands its object to reconcileParts, which sets three
// conditions through setCondition, each a status Update. reconcileParts
// gains the snapshot parameter and renews it after each call, which leaves
// the object as the API server returned it; no copy declares the
// parameter's name again.
func TestThreadedThroughParts(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/parts")
	relatedtest.Check(t, results, []string{
		"parts.go:44: parts.go:30 (*WidgetReconciler).Reconcile calls (*WidgetReconciler).reconcileParts",
		"parts.go:58: parts.go:30 (*WidgetReconciler).Reconcile calls (*WidgetReconciler).reconcileParts",
		"parts.go:58: parts.go:47 (*WidgetReconciler).reconcileParts calls (*WidgetReconciler).setCondition",
	})
}

// TestEveryFixCompiles applies every fix of every case that has a .golden
// file, in both stub trees, all together as statuslint -fix applies them
// (internal/fixtest: merged, a conflict fails), and checks that the result
// is the .golden files, gofmt-clean, and that the fixed packages compile.
// The sibling a caller's fix adds to another package is among them.
func TestEveryFixCompiles(t *testing.T) {
	// As statuslint -fix applies them: fixes across packages included.
	fixes.AllowAcrossPackages(true)
	t.Cleanup(func() { fixes.AllowAcrossPackages(false) })
	for _, tree := range [][]string{nil, {"legacy"}} {
		dir := testdata(tree...)
		pkgs, golden := fixtest.Goldens(t, dir, "statusupdate")
		if len(pkgs) == 0 {
			t.Fatalf("%s: no .golden files", dir)
		}
		if tree == nil {
			// Its one fix is in updaters, whose method its call runs
			// through an interface: the call stays, so it has no .golden.
			pkgs = append(pkgs, "statusupdate/throughiface")
		}
		files := fixtest.Run(t, dir, []*analysis.Analyzer{newAnalyzer(t, "")}, pkgs...)
		for _, name := range slices.Sorted(maps.Keys(files)) {
			got := files[name]
			if formatted, err := format.Source(got); err != nil || !bytes.Equal(formatted, got) {
				t.Errorf("%s: fixed file is not gofmt-clean (%v):\n%s", name, err, got)
			}
			want, ok := golden[name]
			if !ok {
				t.Errorf("%s: fixed, but has no .golden file", name)
			} else if !bytes.Equal(got, want) {
				t.Errorf("%s: the fixes applied together differ from its .golden:\n%s", name, got)
			}
		}
		for name := range golden {
			if _, ok := files[name]; !ok {
				t.Errorf("%s.golden: no fix applies to %s", name, name)
			}
		}
		fixtest.CheckCompiles(t, dir, files, pkgs...)
	}
}

// TestSuiteFixesCompile applies the fixes of every pass of the suite
// (fieldmanager's with a manager name, so it has fixes too) to the
// threaded cases (and traced, whose snapshot goes after a metadata
// Patch that fieldmanager gives an owner too), as statuslint -fix ./...
// does, and type-checks them.
func TestSuiteFixesCompile(t *testing.T) {
	cfg := &analyzer.Config{}
	cfg.FieldManager.Name = "widget-controller"
	as, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := []string{"statusupdate/parts", "statusupdate/threaded", "statusupdate/composedthreads", "statusupdate/exportedhelpers", "statusupdate/traced"}
	files := fixtest.Run(t, testdata(), as, pkgs...)
	if len(files) != len(pkgs) {
		t.Errorf("fixed %d files, want %d", len(files), len(pkgs))
	}
	for name, got := range files {
		// The packages have no owner of their own: fieldmanager's fixes
		// pass a constant they declare.
		if !bytes.Contains(got, []byte("Status().Patch(")) || !bytes.Contains(got, []byte(`const fieldOwner = client.FieldOwner("widget-controller")`)) {
			t.Errorf("%s: the fixes of both passes should be applied:\n%s", name, got)
		}
	}
	fixtest.CheckCompiles(t, testdata(), files, pkgs...)
}
