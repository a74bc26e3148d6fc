package objectupdate_test

import (
	"bytes"
	"go/format"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/fixtest"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/passes/fieldmanager"
	"github.com/statuslint/statuslint/passes/statusupdate"
)

// quietT is an analysistest.Testing that logs instead of failing: the
// case's Updates carry no want comments, as two passes report them.
type quietT struct{ t *testing.T }

func (q quietT) Errorf(format string, args ...any) { q.t.Logf(format, args...) }

// TestComposesWithOtherFixes applies this pass's fix, fieldmanager's
// and statusupdate's to the same file, in the suite's order, merging edits
// as statuslint's -fix does (internal/fixtest): identical edits coalesce,
// insertions at one point keep the first pass's first, and a conflict
// fails.
func TestComposesWithOtherFixes(t *testing.T) {
	var results []*analysistest.Result
	cfg := &statusupdate.Config{}
	results = append(results, analysistest.Run(quietT{t}, testdata(), statusupdate.New(cfg, reconcilepath.New(&cfg.Roots, &cfg.Tests)), "objectupdate/compose")...)
	results = append(results, analysistest.Run(quietT{t}, testdata(), fieldmanager.New(&fieldmanager.Config{Name: "pods"}), "objectupdate/compose")...)
	results = append(results, analysistest.Run(quietT{t}, testdata(), newAnalyzer(), "objectupdate/compose")...)

	// Merged and applied by the engine statuslint's -fix uses.
	var edits fixtest.Edits
	fixed := make(map[string]int)
	for _, res := range results {
		for _, d := range res.Action.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixed[res.Action.Analyzer.Name]++
				if err := edits.Add(res.Action.Package.Fset, fix); err != nil {
					t.Fatalf("%s: %v", res.Action.Analyzer.Name, err)
				}
			}
		}
	}
	if fixed["objectupdate"] != 3 || fixed["fieldmanager"] != 4 || fixed["statusupdate"] != 1 {
		t.Fatalf("fixes by pass: %v, want 3 of objectupdate, 4 of fieldmanager, 1 of statusupdate", fixed)
	}
	files, err := edits.Apply()
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range files {
		formatted, err := format.Source(got)
		if err != nil {
			t.Fatalf("%s: fixed file does not parse: %v\n%s", name, err, got)
		}
		if !bytes.Equal(formatted, got) {
			t.Errorf("%s: fixed file is not gofmt-clean:\n%s", name, got)
		}
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: fixed file differs from its .golden:\n%s", name, got)
		}
	}
}
