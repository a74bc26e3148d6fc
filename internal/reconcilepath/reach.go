// Package reach finds the controller-runtime status writes of a package and
// which of them a reconcile can reach, within the package (go/ssa) and
// across packages (object facts, the way printf marks its wrappers).
//
// It is an analyzer of its own so that the passes needing it share one SSA
// build per package, and it builds SSA only for packages that can matter:
// those that import controller-runtime's client or reconcile package, or
// import a package whose functions write status. Every other package costs
// a few map look-ups.
package reconcilepath

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// WritesStatus is the fact attached to a function that may reach a status
// Update: the chain of calls from it to the write, and where the write is.
type WritesStatus struct {
	Chain []string // display names, this function first
	At    string   // file:line of the write, file relative to its package
	// Pkg is the import path of the package holding the write: with At it
	// names the write, so that calls reaching it by different chains can be
	// told to reach the same one.
	Pkg string
	// WriterArg, when not 0, says the write goes through the writer the
	// function gets as its argument WriterArg-1 (its SSA parameters,
	// the receiver first), which the function's package cannot tell to
	// be the status writer: a call is a status write when its argument
	// there is one (status.Update(ctx, r.client.Status(), &mdb, ...), in
	// mongodb-kubernetes-operator, whose releases' StatusWriter is a
	// SubResourceWriter).
	WriterArg int
}

// WriteKey names the write a fact leads to, the same for every chain that
// ends there.
func (f *WritesStatus) WriteKey() string {
	return f.Pkg + " " + f.At
}

func (*WritesStatus) AFact() {}

func (f *WritesStatus) String() string {
	s := fmt.Sprintf("writes status: %s at %s", strings.Join(f.Chain, " → "), f.At)
	if f.WriterArg > 0 {
		s += fmt.Sprintf(" when argument %d is the status writer", f.WriterArg-1)
	}
	return s
}

// Constructs is the fact of an exported function whose first result, an
// interface, always holds a value of one type of its package (Pointer: a
// pointer to it) with a method that writes a status: a call through the
// interface the importer keeps it in runs that type's method, whose
// WritesStatus fact then names the write (gpu-operator's
// conditions.NewClusterPolicyUpdater, kept in a reconciler's field).
type Constructs struct {
	Type    string
	Pointer bool
}

func (*Constructs) AFact() {}

func (f *Constructs) String() string {
	if f.Pointer {
		return "constructs *" + f.Type
	}
	return "constructs " + f.Type
}

// hasWriters is the package fact of a package with WritesStatus facts, so
// that importers can tell cheaply whether they may matter.
type hasWriters struct{}

func (*hasWriters) AFact()         {}
func (*hasWriters) String() string { return "has status writers" }

// Write is one status write in the package: a call of a status writer
// method, or a call of another package's function carrying a WritesStatus fact.
type Write struct {
	Call  *ast.CallExpr       // the call; for a method value, the call made through it if known, else nil
	Node  ast.Node            // where to report: the call, or the method value expression
	Instr ssa.CallInstruction // the SSA call (in a synthetic wrapper for method values)
	Fn    *ssa.Function       // the function the write is written in
	Verb  string              // Create, Update, Patch or Apply
	// Object is the object argument of a direct write.
	Object ssa.Value
	// MethodValue is set when the write goes through a method value such as
	// u := r.Status().Update.
	MethodValue bool
	// Deferred and Go are set for defer and go statements.
	Deferred, Go bool
	// External is the callee's fact for a call into another package.
	External *WritesStatus
	// ExternalName is the display name of that callee.
	ExternalName string
	// ExternalFunc is the function whose fact External is: the callee, or
	// for a call through an interface, the method of the type that the
	// value's constructor made (Constructs).
	ExternalFunc *types.Func

	// made is the method value a write inside its wrapper is reported at.
	made *ssa.MakeClosure
	// writerArg is WritesStatus.WriterArg for a write through a writer
	// parameter whose subresource the package cannot tell: such a write
	// is not among Result.Writes, only a fact for the callers.
	writerArg int
}

// Result is what the reach analyzer hands to the passes.
type Result struct {
	// Index is where the package stores values and who calls what: the
	// value flow every pass traces with.
	*valueflow.Index
	// Model is nil when the package cannot contain a controller-runtime
	// write; then everything else is empty too.
	Model *crmodel.Model
	// SSA is the package's SSA form, or nil.
	SSA *ssa.Package
	// Writes are the package's status writes in source order.
	Writes []*Write
	// Files are the files the Result was built from: the package's files
	// other than _test.go files, or all of them for the Result Tests
	// returns. A pass gathering evidence from the syntax walks these, so
	// that test code decides nothing about production code.
	Files []*ast.File

	// withTests builds the Result of every file, _test.go files included
	// (see Tests); nil when the package has no test files.
	withTests func() *Result

	parent   map[*ssa.Function]*ssa.Function // BFS tree from the roots
	isRoot   map[*ssa.Function]bool
	funcOf   map[ast.Node]*ssa.Function
	source   []SourceFunc                            // the functions written in the package, in source order
	isSource map[*ssa.Function]bool                  // those of them with a body
	storesIn map[*ssa.Function][]*ssa.Store          // each function's stores, in block order
	callsIn  map[*ssa.Function][]ssa.CallInstruction // each function's calls, in block order
	calls    map[token.Pos]*ast.CallExpr             // by Lparen
	callees  map[*ssa.Function][]*ssa.Function

	selAt map[token.Pos]*ast.SelectorExpr // by the selected name's position

	// The value-origin index other passes trace with (program.go).
	instrAt map[token.Pos]ssa.CallInstruction // source calls by Lparen
	direct  map[*types.Func][]ssa.CallInstruction
	escapes map[*types.Func]bool
}

// WritesFrom returns the package's writes that a call of fn can reach:
// those in fn and in everything fn may call within the package, closures
// and the package's implementations of interfaces included.
func (r *Result) WritesFrom(fn *ssa.Function) []*Write {
	if r == nil || fn == nil {
		return nil
	}
	seen := r.ReachableFrom(fn)
	var out []*Write
	for _, w := range r.Writes {
		if seen[w.Fn] {
			out = append(out, w)
		}
	}
	return out
}

// ReachableFrom returns fn and every function of the package a call of fn
// can reach: what fn may call within the package, closures and the
// package's implementations of interfaces included.
func (r *Result) ReachableFrom(fn *ssa.Function) map[*ssa.Function]bool {
	if r == nil || fn == nil {
		return nil
	}
	seen := map[*ssa.Function]bool{fn: true}
	for queue := []*ssa.Function{fn}; len(queue) > 0; queue = queue[1:] {
		for _, c := range r.callees[queue[0]] {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return seen
}

// CallExpr returns the package's call expression whose left parenthesis
// is at lparen: the syntax of an ordinary SSA call.
func (r *Result) CallExpr(lparen token.Pos) *ast.CallExpr {
	if r == nil {
		return nil
	}
	return r.calls[lparen]
}

// Reachable reports whether fn can run inside a reconcile.
func (r *Result) Reachable(fn *ssa.Function) bool {
	if r == nil {
		return false
	}
	_, ok := r.parent[fn]
	return ok || r.isRoot[fn]
}

// IsRoot reports whether fn is a reconcile root: a Reconcile method, or a
// function the roots setting names. A root is called by the framework,
// not by the module's code.
func (r *Result) IsRoot(fn *ssa.Function) bool {
	return r != nil && r.isRoot[fn]
}

// Path returns the display names of the functions from a reconcile root to
// fn, root first, or nil when fn is not reachable.
func (r *Result) Path(fn *ssa.Function) []string {
	if !r.Reachable(fn) {
		return nil
	}
	var rev []string
	for f := fn; f != nil; f = r.parent[f] {
		if f.Synthetic == "" {
			rev = append(rev, DisplayName(f, f.Pkg.Pkg))
		}
		if r.isRoot[f] {
			break
		}
	}
	out := make([]string, len(rev))
	for i, s := range rev {
		out[len(rev)-1-i] = s
	}
	return out
}

// SourceFunc is a function written in the package, declared or literal,
// with the file it is in.
type SourceFunc struct {
	Fn   *ssa.Function
	File *ast.File
}

// SourceFuncs returns the package's declared functions and function
// literals that have SSA bodies, in source order (a literal after the
// function containing it): the list the passes walk, indexed once here.
// Generic functions appear once, as their origin.
func (r *Result) SourceFuncs() []SourceFunc {
	if r == nil {
		return nil
	}
	return r.source
}

// IsSource reports whether fn is one of SourceFuncs with a body: a
// function of the package whose body the passes can read (not a generic
// instance, a wrapper, or another package's function).
func (r *Result) IsSource(fn *ssa.Function) bool {
	return r != nil && r.isSource[fn]
}

// StoresIn returns fn's store instructions in block order, for a
// function of the package (one SourceFuncs lists, its instances and
// wrappers); the passes read them here rather than rescanning the SSA.
func (r *Result) StoresIn(fn *ssa.Function) []*ssa.Store {
	if r == nil {
		return nil
	}
	return r.storesIn[fn]
}

// CallsIn returns fn's call instructions (calls, defers, go statements)
// in block order, for a function of the package.
func (r *Result) CallsIn(fn *ssa.Function) []ssa.CallInstruction {
	if r == nil {
		return nil
	}
	return r.callsIn[fn]
}

// Func returns the SSA function of a *ast.FuncDecl or *ast.FuncLit.
func (r *Result) Func(n ast.Node) *ssa.Function {
	if r == nil {
		return nil
	}
	return r.funcOf[n]
}

// New returns the reachability analyzer. roots matches extra root
// functions by qualified name; tests makes roots in _test.go files count.
func New(roots *Pattern, tests *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "statuslintreach",
		Doc:        "find controller-runtime status writes and the reconcile paths that reach them (internal to statuslint)",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, roots, tests) },
		ResultType: reflect.TypeOf((*Result)(nil)),
		FactTypes:  []analysis.Fact{(*WritesStatus)(nil), (*hasWriters)(nil), (*Constructs)(nil)},
	}
}

// ImportsThatMatter are the import paths that make a package matter: one
// importing none of them, and no package with status writers, has no
// status write, no reconcile root and no fact. The vet-mode skip
// (internal/vetskip) decides from the same list.
var ImportsThatMatter = []string{crmodel.ClientPath, crmodel.ReconcilePath}

// Matters reports whether importing the package path (or a vendored copy
// of it) makes a package matter: it is one of [ImportsThatMatter]. The
// standalone driver's skip decides from it too.
func Matters(path string) bool {
	for _, m := range ImportsThatMatter {
		if crmodel.IsPath(path, m) {
			return true
		}
	}
	return false
}

// mayMatter is the cheap test that decides whether to build SSA at all.
func mayMatter(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if Matters(imp.Path()) || pass.ImportPackageFact(imp, new(hasWriters)) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass, roots *Pattern, tests *bool) (*Result, error) {
	res := &Result{}
	if !mayMatter(pass) {
		return res, nil
	}
	m := crmodel.Load(pass.Pkg)
	if m == nil {
		return res, nil
	}
	prod := ProductionFiles(pass)
	a := analyze(pass, m, prod, roots, false)
	a.exportFacts()
	a.res.buildTestsLater(pass, func() *Result {
		return analyze(pass, m, pass.Files, roots, tests != nil && *tests).res
	})
	return a.res, nil
}

// buildTestsLater makes Tests build the Result of every file with build,
// on first use, when r was built from some of them only.
func (r *Result) buildTestsLater(pass *analysis.Pass, build func() *Result) {
	if len(r.Files) < len(pass.Files) {
		r.withTests = sync.OnceValue(build)
	}
}

// analyze builds the Result of files, some or all of the package's: its
// SSA, index, writes and reconcile paths. Functions declared in _test.go
// files are roots only when tests is set (and only when files has them).
func analyze(pass *analysis.Pass, m *crmodel.Model, files []*ast.File, roots *Pattern, tests bool) *analyzer {
	res := &Result{Model: m, Files: files}
	res.SSA = buildSSA(pass, files)
	a := &analyzer{pass: pass, m: m, res: res, roots: roots, tests: tests}
	a.index()
	a.findWrites()
	a.reachFromRoots()
	return a
}

// ProductionFiles returns the package's files other than _test.go files.
// Code in them cannot refer to what test files declare, so SSA built from
// them alone is the production code, whole; what the tests store, call and
// declare is not in it.
func ProductionFiles(pass *analysis.Pass) []*ast.File {
	out := make([]*ast.File, 0, len(pass.Files))
	for _, f := range pass.Files {
		if !ignore.IsTestFile(pass.Fset, f.Pos()) {
			out = append(out, f)
		}
	}
	return out
}

// Tests returns the Result built from every file of the package, _test.go
// files included, for a pass that checks test code (its tests setting):
// evidence from test code counts there, for findings in test files only.
// Without test files it is r itself. It is built on first use.
func (r *Result) Tests() *Result {
	if r == nil || r.withTests == nil {
		return r
	}
	return r.withTests()
}

// buildSSA builds SSA for the package alone, with its direct imports as
// type-only packages, as the buildssa analyzer does; but only for packages
// that can matter, which buildssa cannot know. Members of indirect imports
// are created on demand, without bodies.
//
// The SSA builder needs a Package for every direct import (the package
// initializer calls theirs), and members only for the imported functions
// and variables the code names: methods of imported types are created on
// demand. Creating an import from its types allocates a Function for
// every method of every type it declares (thousands for
// k8s.io/api/core/v1 or meta/v1), which was most of this analyzer's cost
// on an operator's packages. So each direct import is created from a
// file that declares only the functions and variables the package names
// (importedValues), bodiless: each becomes the member it would have been,
// a function without blocks or a global. An import whose generic
// function the package calls is created from its types as before.
func buildSSA(pass *analysis.Pass, files []*ast.File) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
	info := infoOf(pass, files)
	if len(files) == 0 {
		files = []*ast.File{{Name: ast.NewIdent(pass.Pkg.Name())}}
	}
	used := importedValues(pass.Pkg, pass.TypesInfo)
	for _, p := range pass.Pkg.Imports() {
		if slices.ContainsFunc(used[p], isGeneric) {
			// The builder instantiates a generic function from its
			// declaration's scope, which only its types have.
			prog.CreatePackage(p, nil, nil, true)
			continue
		}
		file, info := declarations(p, used[p])
		prog.CreatePackage(p, []*ast.File{file}, info, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, info, false)
	pkg.Build()
	return pkg
}

// infoOf returns the types.Info to build SSA of files, some of the
// package's files, with. The package initializer is built from
// Info.InitOrder, which lists the package-level variables of every file:
// for the production files alone, the initializers in _test.go files
// (ginkgo's var _ = Describe(...)) are left out, on a copy, since the
// passes share pass.TypesInfo. A package of test files only (an external
// test package) gets a file with no declarations, so that the builder
// makes its members from the files (none) rather than from its scope.
func infoOf(pass *analysis.Pass, files []*ast.File) *types.Info {
	if len(files) == len(pass.Files) {
		return pass.TypesInfo
	}
	info := *pass.TypesInfo
	info.InitOrder = nil
	for _, init := range pass.TypesInfo.InitOrder {
		if inFiles(files, init.Rhs.Pos()) {
			info.InitOrder = append(info.InitOrder, init)
		}
	}
	return &info
}

// inFiles reports whether pos is in one of files.
func inFiles(files []*ast.File, pos token.Pos) bool {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

// importedValues returns, for each package other than pkg, the
// package-level functions and variables of it that info says the code
// refers to.
func importedValues(pkg *types.Package, info *types.Info) map[*types.Package][]types.Object {
	used := make(map[*types.Package][]types.Object)
	seen := make(map[types.Object]bool)
	for _, obj := range info.Uses {
		p := obj.Pkg()
		if p == nil || p == pkg {
			continue
		}
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			// Package-level only: methods, fields and parameters
			// are not in the scope.
			if !seen[obj] && p.Scope().Lookup(obj.Name()) == obj {
				seen[obj] = true
				used[p] = append(used[p], obj)
			}
		}
	}
	return used
}

func isGeneric(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	return ok && fn.Signature().TypeParams().Len() > 0
}

// declarations returns a file declaring objs, functions without bodies
// and variables without values, and the types.Info that ties its names to
// them, for ssa.CreatePackage.
func declarations(p *types.Package, objs []types.Object) (*ast.File, *types.Info) {
	file := &ast.File{Name: ast.NewIdent(p.Name())}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object, len(objs))}
	var vars []ast.Spec
	for _, obj := range objs {
		id := ast.NewIdent(obj.Name())
		info.Defs[id] = obj
		switch obj.(type) {
		case *types.Func:
			file.Decls = append(file.Decls, &ast.FuncDecl{Name: id, Type: &ast.FuncType{}})
		case *types.Var:
			vars = append(vars, &ast.ValueSpec{Names: []*ast.Ident{id}})
		}
	}
	if len(vars) > 0 {
		file.Decls = append(file.Decls, &ast.GenDecl{Tok: token.VAR, Specs: vars})
	}
	return file, info
}

type analyzer struct {
	pass  *analysis.Pass
	m     *crmodel.Model
	res   *Result
	roots *Pattern
	tests bool

	funcs    []*ssa.Function                   // every function with a body, in discovery order
	seen     map[*ssa.Function]bool            // membership of funcs
	callees  map[*ssa.Function][]*ssa.Function // may-call edges within the package
	stmtCall map[token.Pos]*ast.CallExpr       // defer and go statements, by keyword
	named    []*types.Named                    // concrete types declared in the package
	byMethod map[string][]*types.Named         // methodKey → concrete types T whose *T has such a method
	impls    map[*types.Func][]*ssa.Function   // interface method → the package's implementations
	fileOf   map[*ast.File]bool
	// writerImports caches importsWriters.
	writerImports *bool
	// writerParamWrites are the Updates through a writer parameter of an
	// exported function that the package cannot tell to be the status
	// writer (Write.writerArg).
	writerParamWrites []*Write

	// sound holds the edges made by at least one instruction outside a
	// branch taken only when a Get failed (see failedLoadBlocks): the
	// reconcile paths that messages name prefer them.
	sound map[*ssa.Function]map[*ssa.Function]bool
}

// index discovers the package's functions and what is stored where.
func (a *analyzer) index() {
	a.seen = make(map[*ssa.Function]bool)
	a.callees = make(map[*ssa.Function][]*ssa.Function)
	a.sound = make(map[*ssa.Function]map[*ssa.Function]bool)
	a.res.Index = valueflow.NewIndex()
	a.res.calls = make(map[token.Pos]*ast.CallExpr)
	a.stmtCall = make(map[token.Pos]*ast.CallExpr)
	a.impls = make(map[*types.Func][]*ssa.Function)
	a.res.selAt = make(map[token.Pos]*ast.SelectorExpr)
	a.res.instrAt = make(map[token.Pos]ssa.CallInstruction)
	a.res.direct = make(map[*types.Func][]ssa.CallInstruction)
	a.res.escapes = make(map[*types.Func]bool)
	a.res.funcOf = make(map[ast.Node]*ssa.Function)
	a.res.storesIn = make(map[*ssa.Function][]*ssa.Store)
	a.res.callsIn = make(map[*ssa.Function][]ssa.CallInstruction)
	a.res.callees = a.callees
	prog := a.res.SSA.Prog

	for _, f := range a.res.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				a.res.calls[n.Lparen] = n
			case *ast.SelectorExpr:
				a.res.selAt[n.Sel.Pos()] = n
			case *ast.DeferStmt:
				a.stmtCall[n.Defer] = n.Call
			case *ast.GoStmt:
				a.stmtCall[n.Go] = n.Call
			case *ast.FuncDecl:
				if obj, ok := a.pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil {
						a.add(fn)
					}
				}
			}
			return true
		})
	}
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		// A type declared in a file the Result is not built from (a
		// test's fake) implements none of the code's interfaces here.
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && inFiles(a.res.Files, tn.Pos()) {
			if n, ok := tn.Type().(*types.Named); ok && !types.IsInterface(n) && n.TypeParams().Len() == 0 {
				a.named = append(a.named, n)
			}
		}
	}
	// Package initialisers can start reconcilers too (reconcile.Func values
	// in package-level variables).
	if init := a.res.SSA.Func("init"); init != nil {
		a.add(init)
	}
	for i := 0; i < len(a.funcs); i++ {
		a.scan(a.funcs[i])
	}
	a.res.Done()
	// The function literals are known only now, from their parents' SSA.
	for _, f := range a.res.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				if fn := a.res.funcOf[n]; fn != nil {
					a.res.source = append(a.res.source, SourceFunc{Fn: fn, File: f})
					if fn.Blocks != nil {
						if a.res.isSource == nil {
							a.res.isSource = make(map[*ssa.Function]bool)
						}
						a.res.isSource[fn] = true
					}
				}
			}
			return true
		})
	}
}

func (a *analyzer) add(fn *ssa.Function) {
	if fn == nil || a.seen[fn] || fn.Blocks == nil {
		return
	}
	// Only this package's code: its own functions, their closures and
	// instances, and the wrappers SSA makes for them.
	if fn.Pkg != nil && fn.Pkg != a.res.SSA {
		return
	}
	if fn.Pkg == nil && fn.Synthetic == "" {
		return
	}
	a.seen[fn] = true
	a.funcs = append(a.funcs, fn)
	if syn := fn.Syntax(); syn != nil && fn.Synthetic == "" {
		switch syn.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if _, dup := a.res.funcOf[syn]; !dup || fn.Origin() == nil {
				a.res.funcOf[syn] = fn
			}
		}
	}
}

func (a *analyzer) edge(from, to *ssa.Function) {
	if to == nil {
		return
	}
	if o := to.Origin(); o != nil {
		// An instance runs its generic function's code: reaching it
		// reaches the writes recorded at the origin's positions.
		a.edge(from, o)
	}
	a.add(to)
	if a.seen[to] {
		a.callees[from] = append(a.callees[from], to)
	}
}

// scan records fn's outgoing edges, stores and closures.
func (a *analyzer) scan(fn *ssa.Function) {
	for _, anon := range fn.AnonFuncs {
		a.add(anon)
	}
	failed := a.failedLoadBlocks(fn)
	for _, b := range fn.Blocks {
		edge := func(from, to *ssa.Function) {
			a.edge(from, to)
			if !failed[b] {
				a.markSound(from, to)
			}
		}
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				a.res.AddStore(instr)
				a.res.storesIn[fn] = append(a.res.storesIn[fn], instr)
			case *ssa.MakeClosure:
				a.res.AddClosure(instr)
				if cl, ok := instr.Fn.(*ssa.Function); ok {
					edge(fn, cl)
				}
			}
			// Functions used as values may be called by whoever receives
			// them: count them as called.
			for _, op := range instr.Operands(nil) {
				if f, ok := (*op).(*ssa.Function); ok {
					edge(fn, f)
					a.res.indexFuncOperand(instr, op, f)
				}
			}
			if call, ok := instr.(ssa.CallInstruction); ok {
				a.res.callsIn[fn] = append(a.res.callsIn[fn], call)
				a.res.indexCall(fn, call)
				common := call.Common()
				if callee := common.StaticCallee(); callee != nil {
					a.res.AddCall(callee, call)
					if origin := callee.Origin(); origin != nil {
						// A call of a generic function calls an
						// instance of it: it is a call of the function
						// as declared too.
						a.res.AddCall(origin, call)
					}
					edge(fn, callee)
				} else if common.IsInvoke() {
					for _, impl := range a.implementations(common.Value.Type(), common.Method) {
						a.res.AddCall(impl, call)
						edge(fn, impl)
					}
				}
			}
		}
	}
}

// markSound records a sound edge, and its generic origin's.
func (a *analyzer) markSound(from, to *ssa.Function) {
	for to != nil {
		if a.sound[from] == nil {
			a.sound[from] = make(map[*ssa.Function]bool)
		}
		a.sound[from][to] = true
		to = to.Origin()
	}
}

// failedLoadBlocks returns the blocks of fn that run only when a Get
// failed: the branch of if err != nil (or the else of if err == nil) on the
// error a controller-runtime Get returned. A path through them is real but
// names the failure handling of an object that was not loaded; a message
// should name the path that loaded it when there is one.
func (a *analyzer) failedLoadBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	var out map[*ssa.BasicBlock]bool
	for _, d := range fn.Blocks {
		if len(d.Instrs) == 0 || len(d.Succs) != 2 {
			continue
		}
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
			continue
		}
		errv := cmp.X
		if isNilConst(errv) {
			errv = cmp.Y
		} else if !isNilConst(cmp.Y) {
			continue
		}
		if !a.isGetError(errv) {
			continue
		}
		branch := d.Succs[0]
		if cmp.Op == token.EQL {
			branch = d.Succs[1]
		}
		if len(branch.Preds) != 1 {
			continue
		}
		for _, b := range fn.Blocks {
			if branch.Dominates(b) {
				if out == nil {
					out = make(map[*ssa.BasicBlock]bool)
				}
				out[b] = true
			}
		}
	}
	return out
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// isGetError reports whether v is the error a Get returned.
func (a *analyzer) isGetError(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	common := call.Common()
	return a.m.IsGet(CalleeFunc(common), CallRecvType(common))
}

// implementations resolves an interface method call to the package's own
// concrete methods; calls on controller-runtime's own interfaces are
// writes or reads, never the package's code. Only the types that have a
// method of the called name and signature are tested, so the cost follows
// the number of candidates, not the product of interfaces and types: with
// a small interface per reconciler, all with a method of the same name,
// keying by name alone made each call test every reconciler's type.
func (a *analyzer) implementations(recv types.Type, method *types.Func) []*ssa.Function {
	if method == nil || method.Pkg() == nil || method.Pkg().Path() == crmodel.ClientPath {
		return nil
	}
	it, ok := recv.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	if fns, ok := a.impls[method]; ok {
		return fns
	}
	if a.byMethod == nil {
		a.indexMethods()
	}
	var fns []*ssa.Function
	prog := a.res.SSA.Prog
	for _, n := range a.byMethod[methodKey(method)] {
		for _, t := range []types.Type{n, types.NewPointer(n)} {
			if !types.Implements(t, it) {
				continue
			}
			if sel := prog.MethodSets.MethodSet(t).Lookup(method.Pkg(), method.Name()); sel != nil {
				if f := prog.MethodValue(sel); f != nil {
					fns = append(fns, f)
				}
			}
			break
		}
	}
	a.impls[method] = fns
	return fns
}

// indexMethods maps each method (name and signature) to the package's
// concrete types whose pointer method set (which includes the value
// methods) has it.
func (a *analyzer) indexMethods() {
	a.byMethod = make(map[string][]*types.Named)
	for _, n := range a.named {
		ms := a.res.SSA.Prog.MethodSets.MethodSet(types.NewPointer(n))
		for i := 0; i < ms.Len(); i++ {
			key := methodKey(ms.At(i).Obj().(*types.Func))
			a.byMethod[key] = append(a.byMethod[key], n)
		}
	}
}

// methodKey is a method's name and signature, receiver excluded, with
// package paths in full: a concrete method implements an interface method
// only if both are identical, and identical signatures print the same.
func methodKey(m *types.Func) string {
	return m.Name() + " " + types.TypeString(m.Type(), nil)
}
