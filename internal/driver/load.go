package driver

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// metadataMode asks go list for the package graph and the compiler's
// export data, not for types: this driver decides itself which packages
// to type-check from source.
const metadataMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedExportFile |
	packages.NeedTypesSizes | packages.NeedModule

// A Loaded is the result of [Load] (or of [plan], whose packages are
// type-checked later): the packages named by the patterns and every
// package they were checked against.
type Loaded struct {
	// Roots are the packages the patterns matched (with their test
	// variants), type-checked from source, in go list's order.
	Roots []*packages.Package
	// Source is the number of packages type-checked from source (roots
	// included), Total the number of packages in the import graph.
	Source, Total int
	// Cached is the number of packages read from export data whose
	// facts come from the fact cache; they are in the roots' Imports
	// graph, without syntax.
	Cached int
	// ExportErrors are packages whose export data could not be read;
	// their importers are ill-typed.
	ExportErrors []*packages.Package
}

// LoadConfig says what to load.
type LoadConfig struct {
	Tests bool   // include test variants, as go vet does
	Dir   string // directory to run go list in ("" is the current one)
	// AllSource type-checks every package from source, as the x/tools
	// checker does; it exists to compare against the default.
	AllSource bool

	// cache, if not nil, holds the facts of dependencies that would be
	// type-checked from source: those it has are read from export data
	// instead (cache.go).
	cache *factCache
}

// Load loads the packages the patterns name.
//
// x/tools' checker type-checks every dependency from source as soon as
// an analyzer has facts, because facts are computed by running the
// analyzers on the dependencies. For an operator that is a thousand
// packages of client-go, k8s.io/api and the standard library, and nearly
// all that time is wasted: a package can export a statuslint fact only if
// it imports one of [reconcilepath.ImportsThatMatter] or a package that carries a
// fact (reach's mayMatter), so only the packages that import those,
// directly or through others, can carry one.
//
// Load therefore type-checks from source only the roots and the packages
// above them in that sense (and anything that imports a package
// type-checked from source, so that no package read from export data ever
// refers to one that was not), and reads the types of every other
// package from the compiler's export data, which go list has built
// (and cached) anyway. The returned packages' Imports hold only the
// packages type-checked from source: the others have no facts to give.
//
// Load type-checks every such package before it returns, for callers that
// want packages; the driver itself calls [plan] and leaves the
// type-checking to [loader.analyzer], package by package.
func Load(cfg LoadConfig, patterns ...string) (*Loaded, error) {
	ld, res, err := plan(cfg, patterns)
	if err != nil {
		return nil, err
	}
	// Type-check the source packages, each as soon as its source imports
	// are done, with at most GOMAXPROCS at a time.
	done := make(map[*node]chan struct{}, len(ld.nodes))
	for _, n := range ld.nodes {
		done[n] = make(chan struct{})
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, n := range ld.nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[n])
			for _, imp := range n.meta.Imports {
				if in := ld.nodes[imp]; in != nil {
					<-done[in]
				}
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			ld.check(n)
		}()
	}
	wg.Wait()
	res.ExportErrors = ld.exportErrors()
	return res, nil
}

// plan lists the packages the patterns name, decides which are
// type-checked from source, reads the cached ones from export data, and
// makes the result graph: the source packages' *types.Package and
// types.Info exist, empty, and [loader.check] fills them (Load for all at
// once, or [loader.analyzer] for each package in turn).
func plan(cfg LoadConfig, patterns []string) (*loader, *Loaded, error) {
	meta, err := packages.Load(&packages.Config{
		Mode:  metadataMode,
		Tests: cfg.Tests,
		Dir:   cfg.Dir,
	}, patterns...)
	if err != nil {
		return nil, nil, err
	}
	if len(meta) == 0 {
		return nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}

	ld := &loader{
		fset:      token.NewFileSet(),
		exports:   make(map[string]*types.Package),
		read:      make(map[*packages.Package]error),
		nodes:     make(map[*packages.Package]*node),
		byTypes:   make(map[*types.Package]*node),
		generated: make(map[string]bool),
	}
	order := postorder(meta)
	ld.order = order
	source := ld.sourceSet(meta, order, cfg.AllSource)
	var cached map[*packages.Package]bool
	if cfg.cache != nil {
		cached = cfg.cache.keys(meta, order, source)
	}
	for _, p := range order { // dependencies first: a cached package imports none type-checked from source
		if !source[p] {
			continue
		}
		n := &node{meta: p}
		ld.nodes[p] = n
		if cached[p] {
			n.cached = cfg.cache.entryOf[p]
			ld.readCached(n)
		} else {
			n.pkg = ld.newPackage(p)
			n.pkg.Types = types.NewPackage(p.PkgPath, p.Name)
			n.pkg.TypesInfo = &types.Info{
				Types:        make(map[ast.Expr]types.TypeAndValue),
				Defs:         make(map[*ast.Ident]types.Object),
				Uses:         make(map[*ast.Ident]types.Object),
				Implicits:    make(map[ast.Node]types.Object),
				Instances:    make(map[*ast.Ident]types.Instance),
				Scopes:       make(map[ast.Node]*types.Scope),
				Selections:   make(map[*ast.SelectorExpr]*types.Selection),
				FileVersions: make(map[*ast.File]string),
			}
		}
		ld.byTypes[n.pkg.Types] = n
	}

	// Wire the result graph through source packages only.
	for _, n := range ld.nodes {
		n.pkg.Imports = make(map[string]*packages.Package)
		for path, imp := range n.meta.Imports {
			if in := ld.nodes[imp]; in != nil {
				n.pkg.Imports[path] = in.pkg
			}
		}
	}
	if cfg.cache != nil {
		cfg.cache.attach(ld.nodes)
	}

	res := &Loaded{Source: len(ld.nodes) - len(cached), Cached: len(cached), Total: len(order)}
	if slices.ContainsFunc(order, func(p *packages.Package) bool { return p.PkgPath == "unsafe" }) {
		res.Total-- // types.Unsafe: neither source nor export data
	}
	for _, p := range meta {
		res.Roots = append(res.Roots, ld.nodes[p].pkg)
	}
	return ld, res, nil
}

// exportErrors returns the packages whose export data could not be read,
// each with the error added to its own, dependencies first.
func (ld *loader) exportErrors() []*packages.Package {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	var out []*packages.Package
	for _, p := range ld.order {
		if err := ld.read[p]; err != nil {
			e := *p
			e.Errors = append(slices.Clone(p.Errors), packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
			out = append(out, &e)
		}
	}
	return out
}

// isGenerated reports whether the file of that name, type-checked from
// source, is generated (ast.IsGenerated); -fix leaves such files alone.
// It is recorded when the file is parsed, as the syntax may be released
// before the fixes are applied.
func (ld *loader) isGenerated(filename string) bool {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	return ld.generated[filename]
}

type loader struct {
	fset  *token.FileSet
	order []*packages.Package // the whole graph, dependencies first

	// nodes and byTypes are written by plan only.
	nodes   map[*packages.Package]*node // packages type-checked from source or cached
	byTypes map[*types.Package]*node    // the same, by their result's types

	mu        sync.Mutex                  // guards what follows
	exports   map[string]*types.Package   // packages read from export data, by path
	read      map[*packages.Package]error // export data read, and how it went
	generated map[string]bool             // source files, by name: generated?
}

type node struct {
	meta *packages.Package // from go list
	pkg  *packages.Package // the result
	// cached is the package's fact cache entry if it is read from
	// export data and its facts from the cache.
	cached *cacheEntry
}

// postorder lists the import graph, dependencies before their importers.
func postorder(roots []*packages.Package) []*packages.Package {
	var order []*packages.Package
	seen := make(map[*packages.Package]bool)
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, imp := range sortedImports(p) {
			visit(imp)
		}
		order = append(order, p)
	}
	for _, r := range roots {
		visit(r)
	}
	return order
}

// sortedImports returns a package's imports in the order of their import
// paths, for deterministic walks.
func sortedImports(p *packages.Package) []*packages.Package {
	imps := make([]*packages.Package, 0, len(p.Imports))
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		imps = append(imps, p.Imports[path])
	}
	return imps
}

// sourceSet decides which packages are type-checked from source: the
// roots, every test variant (they share a path with the package they
// vary, so they cannot share the export-data map), packages without export
// data, packages that import one of [reconcilepath.ImportsThatMatter] or
// [crmodel.OptionsPaths] (a config package that builds a manager's
// options exports fieldmanager's ManagerOptions facts), and,
// closing upwards, every package that imports one of those.
func (ld *loader) sourceSet(roots, order []*packages.Package, all bool) map[*packages.Package]bool {
	source := make(map[*packages.Package]bool)
	for _, r := range roots {
		source[r] = true
	}
	for _, p := range order { // dependencies first, so one pass closes upwards
		if p.PkgPath == "unsafe" {
			continue
		}
		switch {
		case all, source[p], p.ExportFile == "", strings.Contains(p.ID, " ["):
			source[p] = true
			continue
		}
		for path, imp := range p.Imports {
			if source[imp] || reconcilepath.Matters(path) || reconcilepath.Matters(imp.PkgPath) || crmodel.IsOptionsPath(path) || crmodel.IsOptionsPath(imp.PkgPath) {
				source[p] = true
				break
			}
		}
	}
	return source
}

// check parses and type-checks one source package, as go/packages does,
// into the package plan made; its source imports must be checked. A
// package is ill-typed if it or anything it was checked against is.
func (ld *loader) check(n *node) {
	if n.cached != nil {
		return // read by plan
	}
	m := n.meta
	p := n.pkg

	appendError := func(err error) {
		switch err := err.(type) {
		case scanner.ErrorList:
			for _, e := range err {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case types.Error:
			p.TypeErrors = append(p.TypeErrors, err)
			p.Errors = append(p.Errors, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
		case *os.PathError:
			p.Errors = append(p.Errors, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}

	for _, file := range m.CompiledGoFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			appendError(err)
			continue
		}
		f, err := parser.ParseFile(ld.fset, file, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			appendError(err)
		}
		if f != nil {
			p.Syntax = append(p.Syntax, f)
			if ast.IsGenerated(f) {
				ld.mu.Lock()
				ld.generated[file] = true
				ld.mu.Unlock()
			}
		}
	}

	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := m.Imports[path]
			if imp == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			if in := ld.nodes[imp]; in != nil {
				return in.pkg.Types, nil // complete: waited for above
			}
			return ld.readExport(imp)
		}),
		Error: appendError,
		Sizes: p.TypesSizes,
	}
	if m.Module != nil && m.Module.GoVersion != "" {
		tc.GoVersion = "go" + m.Module.GoVersion
	}
	err := types.NewChecker(tc, ld.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		appendError(err)
	}
	p.IllTyped = len(p.Errors) > 0 || ld.importsIllTyped(m)
}

// importsIllTyped reports whether a package m was checked against is
// ill-typed, or had export data that could not be read.
func (ld *loader) importsIllTyped(m *packages.Package) bool {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	for _, imp := range m.Imports {
		if in := ld.nodes[imp]; in != nil {
			if in.pkg.IllTyped {
				return true
			}
		} else if ld.read[imp] != nil {
			return true
		}
	}
	return false
}

// newPackage returns the result package for m, with m's metadata and
// neither syntax nor types.
func (ld *loader) newPackage(m *packages.Package) *packages.Package {
	return &packages.Package{
		ID:              m.ID,
		Name:            m.Name,
		PkgPath:         m.PkgPath,
		Errors:          slices.Clone(m.Errors),
		GoFiles:         m.GoFiles,
		CompiledGoFiles: m.CompiledGoFiles,
		OtherFiles:      m.OtherFiles,
		EmbedFiles:      m.EmbedFiles,
		EmbedPatterns:   m.EmbedPatterns,
		IgnoredFiles:    m.IgnoredFiles,
		ExportFile:      m.ExportFile,
		Module:          m.Module,
		Fset:            ld.fset,
		TypesSizes:      sizes(m),
	}
}

// readCached makes the package of a cached node: its types from export
// data, and for syntax one empty file (see [cachedSyntax]).
func (ld *loader) readCached(n *node) {
	m := n.meta
	p := ld.newPackage(m)
	n.pkg = p
	tpkg, err := ld.readExport(m)
	if err != nil {
		// Reported with the export errors; its importers are ill-typed.
		p.Types = types.NewPackage(m.PkgPath, m.Name)
		p.IllTyped = true
		return
	}
	p.Types = tpkg
	p.Syntax = cachedSyntax(ld.fset, m.Name, n.cached.PkgPos)
	p.IllTyped = ld.importsIllTyped(m)
}

// readExport returns the types of a package read from its export data.
// All export data is read into one map, so that a type that two packages'
// export data mention is one type.
func (ld *loader) readExport(p *packages.Package) (*types.Package, error) {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	if err, done := ld.read[p]; done {
		if err != nil {
			return nil, err
		}
		return ld.exports[p.PkgPath], nil
	}
	tpkg, err := ld.readExportLocked(p)
	ld.read[p] = err
	return tpkg, err
}

func (ld *loader) readExportLocked(p *packages.Package) (*types.Package, error) {
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	tpkg, err := gcexportdata.Read(r, ld.fset, ld.exports, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	return tpkg, nil
}

// sizes returns the package's type sizes as go list reported them, or
// the gc compiler's for this machine when it did not say (the checker
// requires sizes).
func sizes(m *packages.Package) types.Sizes {
	if m.TypesSizes != nil {
		return m.TypesSizes
	}
	return types.SizesFor("gc", runtime.GOARCH)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// checkedFact is never exported: its type gives [loader.analyzer] facts,
// which is what makes the checker run it on a package's imports first.
type checkedFact struct{}

func (*checkedFact) AFact()         {}
func (*checkedFact) String() string { return "checked" }

// analyzer returns the analyzer that type-checks each source package of
// plan's graph, for a checker that runs every other analyzer after it
// (each requires it: see [releaser]).
//
// Load type-checks the whole graph before any analyzer runs, so the
// syntax and type information of every package are alive at once: on a
// module of 400 packages, most of the heap when the analysis starts,
// which the garbage collector marks again and again. Checked this way
// instead, a package is parsed and type-checked when the checker gets to
// it, after its imports, and the releaser drops its syntax and
// types.Info once every analyzer has run on it (what its importers need
// is its *types.Package, which stays): only the packages in flight hold
// theirs.
func (ld *loader) analyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "statuslintload",
		Doc:              "parses and type-checks the package (statuslint's standalone driver)",
		RunDespiteErrors: true,
		FactTypes:        []analysis.Fact{new(checkedFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			if n := ld.byTypes[pass.Pkg]; n != nil {
				ld.check(n)
			}
			return nil, nil
		},
	}
}
