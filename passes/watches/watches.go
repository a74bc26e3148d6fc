package watches

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "watches"

// Config is the pass's configuration. Its reconcile roots are the shared
// reachability analysis's.
type Config struct {
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reconcilepath.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     Name,
		Doc:      doc,
		URL:      "https://github.com/statuslint/statuslint/blob/main/docs/watches.md",
		Requires: []*analysis.Analyzer{r, ignore.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
		// StatusReads is exported for the functions of every package
		// that imports controller-runtime's client or reconcile package,
		// and for the package, so that a builder in one package knows
		// which kinds' status the code it calls reads.
		FactTypes: []analysis.Fact{(*StatusReads)(nil)},
	}
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep := ignore.New(pass, Name)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reconcilepath.Result)
	c := &checker{pass: pass, res: res, wakes: make(map[*reconcilepath.Write]bool)}
	// The fact first, from production code alone: what a package's tests
	// read says nothing of what its reconcilers need.
	c.exportFacts()
	if !importsBuilder(pass.Pkg) {
		return nil, nil // no builder started here: nothing to report
	}
	for _, file := range pass.Files {
		if ignore.SkipFile(pass, file, cfg.Tests) {
			continue
		}
		for _, ctl := range c.controllers(file) {
			for _, d := range c.check(ctl) {
				rep.Report(d)
			}
		}
	}
	return nil, nil
}

// checker holds the pass's state for a package.
type checker struct {
	pass *analysis.Pass
	res  *reconcilepath.Result // nil fields when the package has no SSA
	// fnReads and pkgReads are what the package's production functions
	// read, computed once (see funcReads and packageReads).
	fnReads  map[*types.Func]map[string]bool
	pkgReads map[string]bool
	// impls are the methods of the direct imports' types with a
	// StatusReads fact, by name (see addImplReads).
	impls map[string][]implementation
	// wakes are the writes reported as waking their reconcile: once,
	// however many controllers watch their kind with For.
	wakes map[*reconcilepath.Write]bool
}

// productionFuncs lists the declared functions of the production files
// written by hand, for the package-wide scan: generated code (deep copies,
// which copy every status) acts on nothing.
func (c *checker) productionFuncs() []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range c.pass.Files {
		if ignore.SkipFile(c.pass, f, false) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				out = append(out, fd)
			}
		}
	}
	return out
}

// importsBuilder reports whether pkg imports controller-runtime's builder
// package or its root package (ctrl.NewControllerManagedBy): a controller
// the pass reads starts with a call of one of them.
func importsBuilder(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if crmodel.IsPath(imp.Path(), builderPath) || crmodel.IsPath(imp.Path(), crmodel.RootPath) {
			return true
		}
	}
	return false
}
