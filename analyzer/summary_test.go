package analyzer_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
)

var update = flag.Bool("update", false, "rewrite the generated tables of passes in README.md and docs/README.md")

// The README and the docs index list the passes in a table generated from
// the analyzers (analyzer.SummaryTable), between these markers; -help
// lists them from the analyzers too. Regenerate with
//
//	go test ./analyzer -run TestPassTables -update
const (
	tableBegin = "<!-- passes: generated from the analyzers by `go test ./analyzer -run TestPassTables -update`; do not edit -->\n"
	tableEnd   = "<!-- end of passes -->\n"
)

// TestPassTables fails when a table of passes differs from what the
// analyzers say, and when a pass has no page.
func TestPassTables(t *testing.T) {
	for _, tc := range []struct{ file, docsDir string }{
		{"../README.md", "docs/"},
		{"../docs/README.md", ""},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		before, rest, ok := strings.Cut(text, tableBegin)
		if !ok {
			t.Errorf("%s: no line %q", tc.file, strings.TrimSpace(tableBegin))
			continue
		}
		_, after, ok := strings.Cut(rest, tableEnd)
		if !ok {
			t.Errorf("%s: no line %q after the table", tc.file, strings.TrimSpace(tableEnd))
			continue
		}
		want := before + tableBegin + analyzer.SummaryTable(tc.docsDir) + tableEnd + after
		if text == want {
			continue
		}
		if *update {
			if err := os.WriteFile(tc.file, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s: the table of passes is not the analyzers' (go test ./analyzer -run TestPassTables -update rewrites it); want:\n%s", tc.file, analyzer.SummaryTable(tc.docsDir))
	}
	for _, s := range analyzer.Summaries() {
		if _, err := os.Stat(filepath.Join("..", "docs", s.Name+".md")); err != nil {
			t.Errorf("pass %s has no page: %v", s.Name, err)
		}
		if !strings.HasSuffix(s.URL, "/docs/"+s.Name+".md") {
			t.Errorf("pass %s: URL %q is not its page in docs/", s.Name, s.URL)
		}
	}
}
