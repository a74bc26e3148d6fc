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
	composed(t, "conditions/composed")
}

// TestComposedThreadedFixes is the same for a helper that writes its
// object parameter: statusupdate and conditions both thread a copy from
// the caller's load, and must thread the same one, under one name, so
// that the helper patches from it only when the status differs.
func TestComposedThreadedFixes(t *testing.T) {
	files := composed(t, "conditions/threaded")
	for name, got := range files {
		if n := bytes.Count(got, []byte("base := ")); n != 1 {
			t.Errorf("%s: %d copies declared, want 1:\n%s", name, n, got)
		}
		if !bytes.Contains(got, []byte("DeepEqual(&base.Status, &app.Status)")) || !bytes.Contains(got, []byte("MergeFrom(base)")) {
			t.Errorf("%s: the guard and the patch are not from the one copy:\n%s", name, got)
		}
	}
}

func composed(t *testing.T, pkg string) map[string][]byte {
	t.Helper()
	cfg := &analyzer.Config{}
	cfg.FieldManager.Name = "widgets"
	as, err := analyzer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	files := applyFixes(t, testdata(), as, pkg)
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
	return files
}
