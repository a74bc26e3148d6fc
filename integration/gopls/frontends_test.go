package gopls

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/integration/internal/differential"
)

// TestFrontendsGopls is gopls's part of the differential test of the
// front ends (integration/internal/differential): gopls check on every
// non-test .go file of a module, which loads the test variants too,
// reports what statuslint -test=false reports in those files (without
// the related information, which gopls check prints on lines of its own).
// gopls's own analyzers report nothing at warning severity on these
// modules, so every diagnostic it prints is compared: one of theirs would
// show up as gopls's alone. Its quick fixes are not compared here: gopls
// applies one a run, and TestGopls checks its statusupdate fix against
// statuslint -fix.
func TestFrontendsGopls(t *testing.T) {
	gopls := goplsBinary(t)
	differential.Test(t, []differential.Finder{{
		Frontend: "gopls check",
		Find: func(t *testing.T, dir string) []string {
			t.Helper()
			var files []string
			err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
					rel, _ := filepath.Rel(dir, path)
					files = append(files, filepath.ToSlash(rel))
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			diags, _ := goplsCheck(t, dir, gopls, files)
			var findings []string
			for _, d := range diags {
				findings = append(findings, d.Posn+": "+d.Message)
			}
			return findings
		},
	}}, nil)
}
