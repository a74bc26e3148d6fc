// Package relatedtest renders the related information of analysistest's
// diagnostics for tests: analysistest checks messages against want
// comments but not related information, where the passes put the
// reconcile path of a finding.
package relatedtest

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// Lines returns one line per related entry of the diagnostics in
// results, "file.go:line: file.go:line message", the diagnostic's
// position first, then the entry's; in position order, files by base
// name. A file analysed twice, in its package and the package's test
// variant, is listed once.
func Lines(results []*analysistest.Result) []string {
	var out []string
	seen := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			at := r.Pass.Fset.Position(d.Pos)
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				l := fmt.Sprintf("%s:%d: %s:%d %s", filepath.Base(at.Filename), at.Line, filepath.Base(p.Filename), p.Line, rel.Message)
				if !seen[l] {
					seen[l] = true
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// Check fails t unless the related entries of the diagnostics in results
// that a want line names (by its "file.go:line: " prefix) are exactly the
// want lines for that diagnostic, in order. Diagnostics no want line
// names are not checked.
func Check(t *testing.T, results []*analysistest.Result, want []string) {
	t.Helper()
	named := make(map[string]bool)
	for _, w := range want {
		named[w[:strings.Index(w, ": ")]] = true
	}
	var got []string
	for _, l := range Lines(results) {
		if named[l[:strings.Index(l, ": ")]] {
			got = append(got, l)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("related information:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// Quiet is an analysistest.Testing that ignores errors, for rendering
// diagnostics whatever the want comments say.
type Quiet struct{}

func (Quiet) Errorf(string, ...any) {}
