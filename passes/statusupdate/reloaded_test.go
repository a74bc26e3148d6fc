package statusupdate_test

import (
	"bytes"
	"go/format"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/fixtest"
	"github.com/statuslint/statuslint/internal/relatedtest"
)

// TestSnapshotAfterReloads covers writes that some paths load the object
// again before: fixed with a snapshot after the last reload when nothing
// from the Get to there can change the status; not fixed when something
// may, when the reload is in a loop, or when the object was last written
// (reported as ever).
func TestSnapshotAfterReloads(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testdata(), newAnalyzer(t, ""), "statusupdate/reloaded")
	// The reconcile paths, related information.
	relatedtest.Check(t, results, []string{
		"reloaded.go:81: reloaded.go:397 (*R).Reconcile calls (*R).Deferred",
		"reloaded.go:81: reloaded.go:77 (*R).Deferred calls a function literal in (*R).Deferred",
		"reloaded.go:106: reloaded.go:398 (*R).Reconcile calls (*R).Plain",
	})
}

// TestSnapshotAfterReloadsCompiles applies every fix of the case as
// statuslint's -fix does (two writes after one reload make the same
// edit, which merges into one line) and type-checks the package with the
// fixed file in place of the original.
func TestSnapshotAfterReloadsCompiles(t *testing.T) {
	dir := testdata()
	files := fixtest.Run(t, dir, []*analysis.Analyzer{newAnalyzer(t, "")}, "statusupdate/reloaded")
	if len(files) != 1 {
		t.Fatalf("fixed %d files, want 1", len(files))
	}
	for name, src := range files {
		if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
			t.Errorf("%s: fixed file is not gofmt-clean (%v):\n%s", name, err, src)
		}
		// Nine fixed writes in eight functions: Shared's two share one
		// copy.
		if n := bytes.Count(src, []byte("base := s.DeepCopy()")); n != 8 {
			t.Errorf("%s: %d snapshots, want 8", name, n)
		}
	}
	fixtest.CheckCompiles(t, dir, files, "statusupdate/reloaded")
}
