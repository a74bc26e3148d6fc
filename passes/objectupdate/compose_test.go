package objectupdate_test

import (
	"bytes"
	"go/format"
	"os"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/reach"
	"github.com/statuslint/statuslint/passes/fieldmanager"
	"github.com/statuslint/statuslint/passes/statusupdate"
)

// quietT is an analysistest.Testing that logs instead of failing: the
// case's Updates carry no want comments, as two passes report them.
type quietT struct{ t *testing.T }

func (q quietT) Errorf(format string, args ...any) { q.t.Logf(format, args...) }

type edit struct {
	start, end int
	text       string
}

// TestComposesWithOtherFixes applies this pass's fix, fieldmanager's
// and statusupdate's to the same file, in the suite's order, merging edits
// as drivers do: identical edits coalesce, insertions at one point keep
// the first pass's first, any other overlap is a conflict.
func TestComposesWithOtherFixes(t *testing.T) {
	var results []*analysistest.Result
	cfg := &statusupdate.Config{}
	results = append(results, analysistest.Run(quietT{t}, testdata(), statusupdate.New(cfg, reach.New(&cfg.Roots, &cfg.Tests)), "objectupdate/compose")...)
	results = append(results, analysistest.Run(quietT{t}, testdata(), fieldmanager.New(&fieldmanager.Config{Name: "pods"}), "objectupdate/compose")...)
	results = append(results, analysistest.Run(quietT{t}, testdata(), newAnalyzer(), "objectupdate/compose")...)

	byFile := make(map[string][]edit)
	fixed := make(map[string]int)
	for _, res := range results {
		fset := res.Action.Package.Fset
		for _, d := range res.Action.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixed[res.Action.Analyzer.Name]++
				var edits []edit
				name := ""
				for _, te := range fix.TextEdits {
					tf := fset.File(te.Pos)
					name = tf.Name()
					edits = append(edits, edit{tf.Offset(te.Pos), tf.Offset(te.End), string(te.NewText)})
				}
				sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
				merged, ok := merge(byFile[name], edits)
				if !ok {
					t.Fatalf("%s: fix %q of %s conflicts with an earlier one", name, fix.Message, res.Action.Analyzer.Name)
				}
				byFile[name] = merged
			}
		}
	}
	if fixed["objectupdate"] != 3 || fixed["fieldmanager"] != 4 || fixed["statusupdate"] != 1 {
		t.Fatalf("fixes by pass: %v, want 3 of objectupdate, 4 of fieldmanager, 1 of statusupdate", fixed)
	}
	for name, edits := range byFile {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		last := 0
		for _, e := range edits {
			out.Write(src[last:e.start])
			out.WriteString(e.text)
			last = e.end
		}
		out.Write(src[last:])
		got := out.Bytes()
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

// merge merges two sorted edit lists.
func merge(x, y []edit) ([]edit, bool) {
	var out []edit
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		a, b := x[i], y[j]
		switch {
		case a == b:
			out = append(out, a)
			i++
			j++
		case a.end <= b.start:
			out = append(out, a)
			i++
		case b.end <= a.start:
			out = append(out, b)
			j++
		default:
			return nil, false
		}
	}
	out = append(out, x[i:]...)
	return append(out, y[j:]...), true
}
