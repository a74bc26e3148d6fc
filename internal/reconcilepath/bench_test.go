package reconcilepath_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/reconcilepath"

	"github.com/statuslint/statuslint/internal/testmodule"
)

// The benchmarks of the reach analyzer run it, through a small harness,
// on one large generated package of n reconcilers: each with a deferred and
// a go closure, a method value, an interface of its own with an
// implementation (BenchmarkReachInterfaces only), a generic helper
// instance, a helper chain ending in a status Update and an exported status
// helper of the next reconciler (so that facts are exported and the
// may-call graph is connected), one file per reconciler. The package is
// written with the API stubs of testdata/src into a temporary GOPATH tree
// and loaded once with go/packages; only the analyzer's Run is timed.
// ns/reconciler stays flat as n grows where the analysis is linear.

// BenchmarkReach times reach's Run on packages of growing size, one file
// per reconciler.
func BenchmarkReach(b *testing.B) { benchReach(b, false) }

// BenchmarkReachInterfaces adds to every reconciler an interface of its
// own with one implementation, called in Reconcile: each interface call is
// resolved against every concrete type of the package.
func BenchmarkReachInterfaces(b *testing.B) { benchReach(b, true) }

func benchReach(b *testing.B, ifaces bool) {
	for _, n := range []int{25, 100, 400} {
		b.Run(fmt.Sprintf("reconcilers=%d", n), func(b *testing.B) {
			pkg := bigPackage(b, n, ifaces)
			a := reconcilepath.New(new(reconcilepath.Pattern), new(bool))
			var facts int
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				facts = 0
				pass := harness(a, pkg, &facts)
				res, err := a.Run(pass)
				if err != nil {
					b.Fatal(err)
				}
				if r := res.(*reconcilepath.Result); r.Model == nil || len(r.Writes) < n {
					b.Fatalf("%d writes, want at least %d", len(r.Writes), n)
				}
			}
			b.StopTimer()
			if facts < n {
				b.Fatalf("%d facts exported, want at least %d", facts, n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/reconciler")
		})
	}
}

// harness makes the analysis.Pass the drivers would: no imported facts,
// exported object facts counted.
func harness(a *analysis.Analyzer, pkg *packages.Package, facts *int) *analysis.Pass {
	return &analysis.Pass{
		Analyzer:          a,
		Fset:              pkg.Fset,
		Files:             pkg.Syntax,
		Pkg:               pkg.Types,
		TypesInfo:         pkg.TypesInfo,
		TypesSizes:        pkg.TypesSizes,
		ResultOf:          map[*analysis.Analyzer]any{},
		Report:            func(analysis.Diagnostic) {},
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportObjectFact:  func(types.Object, analysis.Fact) { *facts++ },
		ExportPackageFact: func(analysis.Fact) {},
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
		ReadFile:          os.ReadFile,
	}
}

var (
	gopathOnce sync.Once
	gopath     string
	gopathErr  error
	loadMu     sync.Mutex
	loaded     = map[string]*packages.Package{}
)

// bigPackage returns the loaded package of n reconcilers.
func bigPackage(b *testing.B, n int, ifaces bool) *packages.Package {
	b.Helper()
	gopathOnce.Do(func() {
		gopath, gopathErr = testmodule.SharedDir("reach-bench-")
		if gopathErr != nil {
			return
		}
		src := filepath.Join("..", "..", "testdata", "src")
		for _, root := range []string{"sigs.k8s.io", "k8s.io", "github.com"} {
			if gopathErr = testmodule.CopyDir(filepath.Join(src, root), filepath.Join(gopath, "src", root)); gopathErr != nil {
				return
			}
		}
	})
	if gopathErr != nil {
		b.Fatal(gopathErr)
	}
	loadMu.Lock()
	defer loadMu.Unlock()
	name := fmt.Sprintf("big%d", n)
	if ifaces {
		name += "i"
	}
	if pkg, ok := loaded[name]; ok {
		return pkg
	}
	dir := filepath.Join(gopath, "src", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for file, src := range bigSource(name, n, ifaces) {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedTypesSizes,
		Dir: dir,
		Env: append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		b.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		b.Fatalf("loading %s: %v", name, pkgs[0].Errors)
	}
	loaded[name] = pkgs[0]
	return pkgs[0]
}

// bigSource returns the files of a package of n reconcilers.
func bigSource(name string, n int, ifaces bool) map[string]string {
	const imports = `
import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)
`
	files := map[string]string{
		"generic.go": "package " + name + `

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateAll writes every object's status: a generic helper.
func UpdateAll[T client.Object](ctx context.Context, c client.Client, xs []T) error {
	for _, x := range xs {
		if err := c.Status().Update(ctx, x); err != nil {
			return err
		}
	}
	return nil
}
`,
	}
	for i := 0; i < n; i++ {
		var s strings.Builder
		s.WriteString("package " + name + "\n" + imports)
		steps, loop := "", ""
		if ifaces {
			steps = "\n\tsteps []stepper" + fmt.Sprint(i)
			loop = `
	for _, s := range r.steps {
		if err := s.step(ctx, &o); err != nil {
			return reconcile.Result{}, err
		}
	}`
			fmt.Fprintf(&s, `
type stepper%[1]d interface {
	step(ctx context.Context, o *Obj%[1]d) error
}

type impl%[1]d struct{ c client.Client }

func (s impl%[1]d) step(ctx context.Context, o *Obj%[1]d) error {
	o.Status.Ready = true
	return s.c.Status().Patch(ctx, o, client.MergeFrom(o))
}
`, i)
		}
		fmt.Fprintf(&s, `
type Obj%[1]d struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status struct {
		Ready      bool
		Conditions []metav1.Condition
	}
}

func (in *Obj%[1]d) DeepCopyObject() runtime.Object { c := *in; return &c }

type R%[1]d struct {
	client.Client%[3]s
}

func (r *R%[1]d) Reconcile(ctx context.Context, req reconcile.Request) (_ reconcile.Result, err error) {
	var o Obj%[1]d
	if err := r.Get(ctx, req.NamespacedName, &o); err != nil {
		return reconcile.Result{}, err
	}
	defer func() {
		if err != nil {
			_ = r.Status().Update(ctx, &o)
		}
	}()%[4]s
	u := r.Status().Update
	if o.Status.Ready {
		_ = u(ctx, &o)
	}
	go func() { _ = r.helper%[1]d(ctx, &o) }()
	if meta.SetStatusCondition(&o.Status.Conditions, metav1.Condition{Type: "Ready"}) {
		_ = r.Status().Patch(ctx, &o, client.MergeFrom(&o))
	}
	if err := UpdateAll(ctx, r.Client, []*Obj%[1]d{&o}); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, SetReady%[2]d(ctx, r.Client, &o)
}

func (r *R%[1]d) helper%[1]d(ctx context.Context, o *Obj%[1]d) error {
	return r.Status().Update(ctx, o)
}

// SetReady%[1]d writes the status through a chain of helpers.
func SetReady%[1]d(ctx context.Context, c client.Client, o client.Object) error {
	return chain%[1]dA(ctx, c, o)
}

func chain%[1]dA(ctx context.Context, c client.Client, o client.Object) error {
	return chain%[1]dB(ctx, c, o)
}

func chain%[1]dB(ctx context.Context, c client.Client, o client.Object) error {
	return c.Status().Update(ctx, o)
}
`, i, (i+1)%n, steps, loop)
		files[fmt.Sprintf("r%d.go", i)] = s.String()
	}
	return files
}

// factRecord mirrors the record x/tools' internal/facts gob-encodes for each
// fact in a package's vetx file.
type factRecord struct {
	PkgPath string
	Object  string
	Fact    analysis.Fact
}

func init() { gob.Register(new(reconcilepath.WritesStatus)) }

func sampleFacts(n int) []factRecord {
	out := make([]factRecord, n)
	for i := range out {
		out[i] = factRecord{
			PkgPath: "example.com/op/internal/status",
			Object:  fmt.Sprintf("SetReady%d", i),
			Fact: &reconcilepath.WritesStatus{
				Chain: []string{fmt.Sprintf("status.SetReady%d", i), "status.update", "(*status.Writer).Flush"},
				At:    fmt.Sprintf("status.go:%d", 40+i),
			},
		}
	}
	return out
}

// BenchmarkFactEncode times the gob encoding of a package's facts, the way
// a vetx file is written.
func BenchmarkFactEncode(b *testing.B) {
	for _, n := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("facts=%d", n), func(b *testing.B) {
			facts := sampleFacts(n)
			var size int
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var buf bytes.Buffer
				if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
					b.Fatal(err)
				}
				size = buf.Len()
			}
			b.ReportMetric(float64(size)/float64(n), "bytes/fact")
		})
	}
}

// BenchmarkFactDecode times reading them back, as each importer does.
func BenchmarkFactDecode(b *testing.B) {
	for _, n := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("facts=%d", n), func(b *testing.B) {
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(sampleFacts(n)); err != nil {
				b.Fatal(err)
			}
			data := buf.Bytes()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var out []factRecord
				if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&out); err != nil {
					b.Fatal(err)
				}
				if len(out) != n {
					b.Fatalf("decoded %d facts", len(out))
				}
			}
		})
	}
}

// TestMain removes the GOPATH the benchmarks share.
func TestMain(m *testing.M) { testmodule.Main(m) }
