package fieldmanager_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/passes/fieldmanager"
)

// fakeStatusUpdate makes the edits the statusupdate pass makes to a
// Status().Update(ctx, obj, opts...) call: it renames Update to Patch and
// inserts client.MergeFrom(base) as the argument after obj, importing the
// client package with fixes.AddImport. It recognises calls by syntax: the
// test only needs its edits.
var fakeStatusUpdate = &analysis.Analyzer{
	Name: "fakestatusupdate",
	Doc:  "test double of statusupdate's fix",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) < 2 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Update" {
					return true
				}
				inner, ok := sel.X.(*ast.CallExpr)
				if !ok {
					return true
				}
				if isel, ok := inner.Fun.(*ast.SelectorExpr); !ok || isel.Sel.Name != "Status" {
					return true
				}
				name, edits := fixes.AddImport(pass, f, call.Rparen, "sigs.k8s.io/controller-runtime/pkg/client", "client")
				edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")})
				patch := name + ".MergeFrom(base)"
				if len(call.Args) > 2 {
					at := call.Args[2].Pos()
					edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(patch + ", ")})
				} else {
					at := call.Args[1].End()
					edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(", " + patch)})
				}
				pass.Report(analysis.Diagnostic{
					Pos: sel.Sel.Pos(), Message: "status Update",
					SuggestedFixes: []analysis.SuggestedFix{{Message: "Patch", TextEdits: edits}},
				})
				return true
			})
		}
		return nil, nil
	},
}

// quietT is an analysistest.Testing that logs instead of failing: the
// test double's diagnostics have no want comments.
type quietT struct{ t *testing.T }

func (q quietT) Errorf(format string, args ...any) { q.t.Logf(format, args...) }

type edit struct {
	start, end int
	text       string
}

// merge merges two sorted edit lists as analysis drivers do: identical
// edits coalesce, insertions at the same point keep x's first, and any
// other overlap is a conflict.
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

func TestComposesWithStatusUpdate(t *testing.T) {
	t.Parallel()
	dir := current(t)
	ours := fieldmanager.New(&fieldmanager.Config{Name: "widget-controller"})
	// Driver order: the suite lists statusupdate before fieldmanager.
	var results []*analysistest.Result
	results = append(results, analysistest.Run(quietT{t}, dir, fakeStatusUpdate, "fieldmanager/compose")...)
	results = append(results, analysistest.Run(t, dir, ours, "fieldmanager/compose")...)

	accumulated := make(map[string][]edit)
	for _, res := range results {
		fset := res.Action.Package.Fset
		for _, d := range res.Action.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				byFile := make(map[string][]edit)
				for _, te := range fix.TextEdits {
					tf := fset.File(te.Pos)
					byFile[tf.Name()] = append(byFile[tf.Name()], edit{tf.Offset(te.Pos), tf.Offset(te.End), string(te.NewText)})
				}
				for name, edits := range byFile {
					sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
					merged, ok := merge(accumulated[name], edits)
					if !ok {
						t.Fatalf("%s: fix %q of %s conflicts", name, fix.Message, res.Action.Analyzer.Name)
					}
					accumulated[name] = merged
				}
			}
		}
	}

	want := map[string]string{
		"noimport.go": `package compose

import (
	"context"

	"fieldmanager/api/v1alpha1"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func (r *R) noImport(ctx context.Context, w *v1alpha1.Widget) error {
	base := w.DeepCopy()
	w.Status.Ready = true
	_ = base
	return r.Status().Patch(ctx, w, client.MergeFrom(base), client.FieldOwner("widget-controller")) // want ` + "`status Update of \\*v1alpha1\\.Widget names no field manager`" + `
}
`,
		"types.go": "\tbase := w.DeepCopy()\n\tvar opt client.SubResourceUpdateOption = client.DryRunAll\n\t_ = base\n" +
			"\treturn r.Status().Patch(ctx, // want `status Update of \\*v1alpha1\\.Widget names no field manager`\n" +
			"\t\tw,\n\t\tclient.MergeFrom(base), opt,\n\t\tclient.FieldOwner(\"widget-controller\"),\n\t)\n",
	}
	if len(accumulated) != len(want) {
		t.Errorf("edited %d files, want %d", len(accumulated), len(want))
	}
	for name, edits := range accumulated {
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
		got := out.String()
		formatted, err := format.Source(out.Bytes())
		if err != nil {
			t.Fatalf("%s: fixed file does not parse: %v\n%s", name, err, got)
		}
		if string(formatted) != got {
			t.Errorf("%s: fixed file is not gofmt-clean:\n%s", name, got)
		}
		base := filepath.Base(name)
		w, ok := want[base]
		if !ok {
			t.Errorf("unexpected edits to %s", name)
			continue
		}
		if base == "noimport.go" && got != w || base == "types.go" && !strings.Contains(got, w) {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, w)
		}
	}
}
