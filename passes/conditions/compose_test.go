package conditions_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
)

// TestComposedFixes applies the fixes of every statuslint pass, built by
// analyzer.New on one shared reachability analysis, to the same file: the
// conditions guard wraps the write statements that statusupdate turns into
// patches and fieldmanager gives an owner. The edits must not overlap, and
// the result must be gofmt-clean exactly as applied.
func TestComposedFixes(t *testing.T) {
	cfg := &analyzer.Config{}
	cfg.FieldManager.Name = "widgets"
	as, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	files := applyFixes(t, testdata(), as, "conditions/composed")
	checkGofmt(t, files)
	checkCompiles(t, testdata(), files)
	for name, got := range files {
		// CONDITIONS_DUMP=1 rewrites the golden files; the comparison
		// below still runs on what was written, so a rewrite that did not
		// land fails instead of passing unchecked.
		if os.Getenv("CONDITIONS_DUMP") != "" {
			if err := os.WriteFile(name+".golden", got, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote %s.golden", name)
		}
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: fixed file differs from %s.golden:\n%s", name, name, got)
		}
	}
}
