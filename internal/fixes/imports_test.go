package fixes

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

const crClient = "sigs.k8s.io/controller-runtime/pkg/client"

// fakeImporter makes every import an empty package named after the last
// path element, so the files type-check well enough to have scopes.
type fakeImporter map[string]*types.Package

func (f fakeImporter) Import(path string) (*types.Package, error) {
	if p, ok := f[path]; ok {
		return p, nil
	}
	p := types.NewPackage(path, lastElem(path))
	p.MarkComplete()
	f[path] = p
	return p, nil
}

// load parses and type-checks src (ignoring type errors) and returns a
// pass over it, the file and the position of the comment /*HERE*/.
func load(t *testing.T, src string, withTypes bool) (*analysis.Pass, *ast.File, token.Pos) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:     map[ast.Expr]types.TypeAndValue{},
		Defs:      map[*ast.Ident]types.Object{},
		Uses:      map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{},
		Scopes:    map[ast.Node]*types.Scope{},
	}
	conf := types.Config{Importer: fakeImporter{}, Error: func(error) {}}
	pkg, _ := conf.Check("p", fset, []*ast.File{f}, info)
	if !withTypes {
		info = &types.Info{}
	}
	var pos token.Pos
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if c.Text == "/*HERE*/" {
				pos = c.Pos()
			}
		}
	}
	if !pos.IsValid() {
		t.Fatal("no /*HERE*/ in source")
	}
	return &analysis.Pass{Fset: fset, Pkg: pkg, TypesInfo: info, Files: []*ast.File{f}}, f, pos
}

func apply(t *testing.T, fset *token.FileSet, src string, edits []analysis.TextEdit) string {
	t.Helper()
	tf := fset.File(edits[0].Pos)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos > edits[j].Pos })
	out := src
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		out = out[:start] + string(e.NewText) + out[end:]
	}
	return out
}

func TestAddImport(t *testing.T) {
	for _, tc := range []struct {
		name      string
		src       string
		path, pkg string
		noTypes   bool
		want      string // name returned
		wantSrc   string // source after the edits; "" for no edits
	}{
		{
			name: "visible",
			src: `package p

import "sigs.k8s.io/controller-runtime/pkg/client"

func f() { _ = client.X /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "client",
		},
		{
			name: "visible under another name",
			src: `package p

import ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"

func f() { _ = ctrlclient.X /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "ctrlclient",
		},
		{
			name: "shadowed by a local variable",
			src: `package p

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f(ctx context.Context, client int) { _ = client /*HERE*/ }

var _ client.X
`,
			path: crClient, pkg: "client", want: "crclient",
			wantSrc: `package p

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func f(ctx context.Context, client int) { _ = client /*HERE*/ }

var _ client.X
`,
		},
		{
			name: "shadowed, crclient taken at package level",
			src: `package p

import "sigs.k8s.io/controller-runtime/pkg/client"

var crclient = 1

func f(client int) { _ = client /*HERE*/ }

var _ client.X
`,
			path: crClient, pkg: "client", want: "controllerruntimeclient",
			wantSrc: `package p

import "sigs.k8s.io/controller-runtime/pkg/client"
import controllerruntimeclient "sigs.k8s.io/controller-runtime/pkg/client"

var crclient = 1

func f(client int) { _ = client /*HERE*/ }

var _ client.X
`,
		},
		{
			name: "kubebuilder layout",
			src: `package p

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log"

	examplev1 "example.com/op/api/v1"
)

func f() { /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "client",
			wantSrc: `package p

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	examplev1 "example.com/op/api/v1"
)

func f() { /*HERE*/ }
`,
		},
		{
			name: "last in group, with a line comment",
			src: `package p

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime" // the manager
)

func f() { /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "client",
			wantSrc: `package p

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime" // the manager
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f() { /*HERE*/ }
`,
		},
		{
			name: "only standard imports",
			src: `package p

import (
	"context"
	"fmt"
)

func f() { /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "client",
			wantSrc: `package p

import (
	"context"
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f() { /*HERE*/ }
`,
		},
		{
			name: "standard path, only non-standard imports",
			src: `package p

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f() { /*HERE*/ }
`,
			path: "context", pkg: "context", want: "context",
			wantSrc: `package p

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f() { /*HERE*/ }
`,
		},
		{
			name: "no imports",
			src: `package p

func f() { /*HERE*/ }
`,
			path: crClient, pkg: "client", want: "client",
			wantSrc: `package p

import "sigs.k8s.io/controller-runtime/pkg/client"

func f() { /*HERE*/ }
`,
		},
		{
			name: "version-suffixed path",
			src: `package p

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f(v1 int) { /*HERE*/ }
`,
			path: "k8s.io/api/core/v1", pkg: "v1", want: "corev1",
			wantSrc: `package p

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func f(v1 int) { /*HERE*/ }
`,
		},
		{
			name: "no type information",
			src: `package p

import "context"

func f(ctx context.Context, client int) { /*HERE*/ }
`,
			noTypes: true,
			path:    crClient, pkg: "client", want: "crclient",
			wantSrc: `package p

import "context"
import crclient "sigs.k8s.io/controller-runtime/pkg/client"

func f(ctx context.Context, client int) { /*HERE*/ }
`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pass, f, pos := load(t, tc.src, !tc.noTypes)
			got, edits := AddImport(pass, f, pos, tc.path, tc.pkg)
			if got != tc.want {
				t.Errorf("name = %q, want %q", got, tc.want)
			}
			got2, edits2 := AddImport(pass, f, pos, tc.path, tc.pkg)
			if got2 != got || !reflect.DeepEqual(edits, edits2) {
				t.Errorf("second call differs: %q %v vs %q %v", got2, edits2, got, edits)
			}
			if tc.wantSrc == "" {
				if len(edits) != 0 {
					t.Fatalf("unexpected edits %v", edits)
				}
				return
			}
			if len(edits) != 1 || edits[0].Pos != edits[0].End {
				t.Fatalf("want one insertion, got %v", edits)
			}
			out := apply(t, pass.Fset, tc.src, edits)
			if out != tc.wantSrc {
				t.Errorf("got:\n%s\nwant:\n%s", out, tc.wantSrc)
			}
			formatted, err := format.Source([]byte(out))
			if err != nil {
				t.Fatal(err)
			}
			if string(formatted) != out {
				t.Errorf("not gofmt-clean:\n%s", formatted)
			}
		})
	}
}

func TestImportNames(t *testing.T) {
	for path, want := range map[string]string{
		crClient:             "client crclient controllerruntimeclient",
		"k8s.io/api/core/v1": "v1 corev1 apiv1",
		"context":            "context",
	} {
		got := strings.Join(ImportNames(path, ""), " ")
		if got != want {
			t.Errorf("ImportNames(%q) = %s, want %s", path, got, want)
		}
	}
}

func TestUsualImportName(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, src := range []string{
		`package p; import pulpv1 "example.com/apis/v1"`,
		`package p; import api "example.com/apis/v1"`,
		`package p; import pulpv1 "example.com/apis/v1"; import _ "example.com/other"`,
		`package p; import "example.com/apis/v1"`,
	} {
		f, err := parser.ParseFile(fset, "p.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	for path, want := range map[string]string{
		"example.com/apis/v1": "pulpv1", // two files against one
		"example.com/other":   "",       // a blank import names nothing
		"example.com/absent":  "",
	} {
		if got := UsualImportName(files, path); got != want {
			t.Errorf("UsualImportName(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestQualify(t *testing.T) {
	src := `package p

import "sigs.k8s.io/controller-runtime/pkg/client"

const Owner = "op"

func f(Owner int) { /*HERE*/ }

func g() { /*THERE*/ }

var _ client.X
`
	pass, f, pos := load(t, src, true)
	owner := pass.Pkg.Scope().Lookup("Owner")
	if _, _, ok := Qualify(pass, f, pos, owner); ok {
		t.Errorf("Qualify of shadowed Owner succeeded")
	}
	there := pos
	for _, cg := range f.Comments {
		if cg.List[0].Text == "/*THERE*/" {
			there = cg.Pos()
		}
	}
	if text, edits, ok := Qualify(pass, f, there, owner); !ok || text != "Owner" || len(edits) != 0 {
		t.Errorf("Qualify(Owner) = %q, %v, %v", text, edits, ok)
	}
	other := types.NewPackage(crClient, "client")
	fo := types.NewConst(token.NoPos, other, "Apply", types.Typ[types.String], nil)
	other.Scope().Insert(fo)
	if text, edits, ok := Qualify(pass, f, there, fo); !ok || text != "client.Apply" || len(edits) != 0 {
		t.Errorf("Qualify(client.Apply) = %q, %v, %v", text, edits, ok)
	}
}
