package reconcilepath

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/ssa"
)

// The imported package: a function, generic functions (one of a generic
// type), a variable, a constant and a type with a method.
const importedSrc = `package a

func F() int { return 1 }

func G[T any](t T) T { return t }

type Box[T any] struct{ V T }

func H[T any](b Box[T]) T { return b.V }

var V = 2

const C = 3

type T struct{ n int }

func (t *T) M() int { return t.n }
`

// TestImportedValues checks which members of an import buildSSA creates:
// the functions and variables the code names, not the types, methods and
// constants it uses. It then builds each package's SSA, which panics if a
// member the code needs is missing.
func TestImportedValues(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{"var t a.T; return t.M() + a.C", false},
		{"f := (*a.T).M; return f(&a.T{})", false},
		{"return a.F()", true},
		{"return a.G(1)", true},
		{"return a.G[int](1)", true},
		{"return a.H(a.Box[int]{V: 1})", true},
		{"return a.V", true},
		{"f := a.F; return f()", true},
		{"a.V = 4; return 0", true},
	} {
		t.Run(tc.body, func(t *testing.T) {
			fset := token.NewFileSet()
			// From export data, as the analysis drivers give imports:
			// its functions have no scopes.
			imported := exported(t, fset, check(t, fset, "a", importedSrc, nil))
			src := fmt.Sprintf("package b\n\nimport \"a\"\n\nfunc B() int { %s }\n", tc.body)
			info := &types.Info{
				Types:      make(map[ast.Expr]types.TypeAndValue),
				Defs:       make(map[*ast.Ident]types.Object),
				Uses:       make(map[*ast.Ident]types.Object),
				Implicits:  make(map[ast.Node]types.Object),
				Instances:  make(map[*ast.Ident]types.Instance),
				Scopes:     make(map[ast.Node]*types.Scope),
				Selections: make(map[*ast.SelectorExpr]*types.Selection),
			}
			f, pkg := parseCheck(t, fset, "b", src, info, imported)
			if got := len(importedValues(pkg, info)[imported]) > 0; got != tc.want {
				t.Errorf("importedValues names a: %v, want %v", got, tc.want)
			}
			ssaPkg := buildSSA(&analysis.Pass{Fset: fset, Pkg: pkg, Files: []*ast.File{f}, TypesInfo: info}, []*ast.File{f})
			fn, _ := ssaPkg.Members["B"].(*ssa.Function)
			if fn == nil || len(fn.Blocks) == 0 {
				t.Fatalf("B has no SSA body")
			}
		})
	}
}

func exported(t *testing.T, fset *token.FileSet, pkg *types.Package) *types.Package {
	t.Helper()
	var buf bytes.Buffer
	if err := gcexportdata.Write(&buf, fset, pkg); err != nil {
		t.Fatal(err)
	}
	imported, err := gcexportdata.Read(&buf, fset, make(map[string]*types.Package), pkg.Path())
	if err != nil {
		t.Fatal(err)
	}
	return imported
}

func check(t *testing.T, fset *token.FileSet, path, src string, imported *types.Package) *types.Package {
	_, pkg := parseCheck(t, fset, path, src, nil, imported)
	return pkg
}

func parseCheck(t *testing.T, fset *token.FileSet, path, src string, info *types.Info, imported *types.Package) (*ast.File, *types.Package) {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importerFunc(func(p string) (*types.Package, error) {
		if imported != nil && p == imported.Path() {
			return imported, nil
		}
		return importer.Default().Import(p)
	})}
	pkg, err := conf.Check(path, fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return f, pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
