package crmodel_test

import (
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// The matcher benchmarks classify every method of the shapes a call can
// take: the client.Client interface, its subresource writer, a struct
// embedding client.Client (promoted methods) and a look-alike type with
// methods of the same names. ns/call is per ClassifyMethod (or
// WriterSource) call, the matchers run on every method call of every
// package that imports controller-runtime's client.

// call is a method and the static type of its receiver.
type call struct {
	fn   *types.Func
	recv types.Type
}

func setup(b testing.TB) (*crmodel.Model, []call) {
	b.Helper()
	m, _, look := loadStubs(b, "")
	var calls []call
	add := func(t types.Type) {
		ms := types.NewMethodSet(t)
		for i := 0; i < ms.Len(); i++ {
			if fn, ok := ms.At(i).Obj().(*types.Func); ok {
				calls = append(calls, call{fn, t})
			}
		}
	}
	for _, name := range []string{"Client", "SubResourceWriter", "StatusWriter", "Writer", "Reader"} {
		if obj := m.Lookup(name); obj != nil {
			add(obj.Type())
		}
	}
	add(types.NewPointer(look.Scope().Lookup("Wrapper").Type()))
	add(look.Scope().Lookup("Fake").Type())
	if len(calls) < 20 {
		b.Fatalf("only %d methods to classify", len(calls))
	}
	return m, calls
}

// loadStubs type-checks the controller-runtime and apimachinery stubs of
// testdata (legacy: "legacy" for the old releases' stubs) and a package
// "lookalike" beside them (current stubs only, else nil), with a wrapper
// embedding client.Client and a look-alike type with methods of the same
// names as the client's.
func loadStubs(b testing.TB, legacy string) (*crmodel.Model, map[string]*types.Package, *types.Package) {
	b.Helper()
	// Loading runs go list; the tests share one load per tree, as
	// type-checked packages are not changed by the model.
	stubsMu.Lock()
	defer stubsMu.Unlock()
	if s, ok := stubsCache[legacy]; ok {
		return s.m, s.byPath, s.look
	}
	m, byPath, look := loadStubsUncached(b, legacy)
	stubsCache[legacy] = stubs{m, byPath, look}
	return m, byPath, look
}

type stubs struct {
	m      *crmodel.Model
	byPath map[string]*types.Package
	look   *types.Package
}

var (
	stubsMu    sync.Mutex
	stubsCache = map[string]stubs{}
)

func loadStubsUncached(b testing.TB, legacy string) (*crmodel.Model, map[string]*types.Package, *types.Package) {
	b.Helper()
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata", legacy))
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
		Dir:  testdata,
		Env:  append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, crmodel.ClientPath, crmodel.ReconcilePath, crmodel.MetaPath)
	if err != nil {
		b.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			b.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		byPath[p.PkgPath] = p.Types
	})
	m := crmodel.FromPackages(byPath[crmodel.ClientPath], byPath[crmodel.ReconcilePath], byPath[crmodel.MetaPath])
	if m == nil {
		b.Fatal("no model from the stubs")
	}

	if legacy != "" {
		return m, byPath, nil // the look-alike is written against the current API
	}
	// A package with a wrapper and a look-alike, type-checked against the
	// stubs.
	const src = `package lookalike

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Wrapper struct{ client.Client }

type Fake struct{}

func (Fake) Status() Fake                                          { return Fake{} }
func (Fake) Update(ctx context.Context, obj client.Object) error { return nil }
func (Fake) Create(ctx context.Context, obj client.Object) error { return nil }
func (Fake) Patch(ctx context.Context, obj client.Object) error  { return nil }
func (Fake) Get(ctx context.Context, key string) error           { return nil }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "lookalike.go", src, 0)
	if err != nil {
		b.Fatal(err)
	}
	std := importer.Default()
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if p, ok := byPath[path]; ok {
			return p, nil
		}
		return std.Import(path)
	})}
	look, err := conf.Check("lookalike", fset, []*ast.File{f}, nil)
	if err != nil {
		b.Fatal(err)
	}

	return m, byPath, look
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func BenchmarkClassifyMethod(b *testing.B) {
	m, calls := setup(b)
	kinds := map[crmodel.Kind]int{}
	for _, c := range calls {
		kinds[m.ClassifyMethod(c.fn, c.recv)]++
	}
	if kinds[crmodel.ObjectWrite] == 0 || kinds[crmodel.SubResourceWrite] == 0 || kinds[crmodel.NotWrite] == 0 {
		b.Fatalf("classes %v: want writes, subresource writes and others", kinds)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, c := range calls {
			m.ClassifyMethod(c.fn, c.recv)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(calls)), "ns/call")
	b.ReportMetric(float64(len(calls)), "methods")
}

func BenchmarkWriterSource(b *testing.B) {
	m, calls := setup(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, c := range calls {
			m.WriterSource(c.fn, c.recv, func(int) constant.Value { return constant.MakeString("status") })
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(calls)), "ns/call")
}
