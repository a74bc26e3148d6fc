package statuswrites

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crash"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/objchange"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// Name is the analyzer's name, as users enable, disable and configure it.
const Name = "statuswrites"

// Config is the pass's configuration. Its reconcile roots are the shared
// reachability analysis's (-statusupdate.roots).
type Config struct {
	// Tests also checks _test.go files.
	Tests bool `json:"tests"`
}

// New returns the pass configured by cfg, using the shared reachability
// analysis r (see reconcilepath.New).
func New(cfg *Config, r *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      Name,
		Doc:       doc,
		URL:       "https://github.com/statuslint/statuslint/blob/main/docs/statuswrites.md",
		Requires:  []*analysis.Analyzer{r, ignore.Analyzer},
		Run:       func(pass *analysis.Pass) (any, error) { return run(pass, cfg, r) },
		FactTypes: []analysis.Fact{(*WritesStatusOf)(nil), (*NamedAs)(nil)},
	}
	a.Flags.BoolVar(&cfg.Tests, "tests", cfg.Tests, "also check _test.go files")
	return a
}

// WritesStatusOf is the fact attached to an exported function that writes
// the status of an object its caller names, on a path that returns
// normally: so two calls of it in one reconcile are two writes.
type WritesStatusOf struct {
	Objects []WrittenObject
}

// WrittenObject is one object a function writes the status of.
type WrittenObject struct {
	Param int      // index of the argument naming it, the receiver first
	Path  string   // fields and loads taken from the argument
	Key   bool     // the object loaded (with Get) by the key the argument holds
	Count int      // 1, or 2 for two or more writes
	Name  string   // how messages name it
	Chain []string // display names, the function first, down to the write
	At    string   // file:line of the first write, file relative to its package
	// Guard lists the parameters of a condition check that decides every
	// write (see guard.go); empty when the writes are not so guarded.
	Guard []int
	// When lists what the function's results say on every path on which
	// it writes the object (see outcome.go); empty when they say nothing.
	When []Answer
}

func (*WritesStatusOf) AFact() {}

func (f *WritesStatusOf) String() string {
	var parts []string
	for _, o := range f.Objects {
		what := "argument " + strconv.Itoa(o.Param) + o.Path
		if o.Key {
			what = "the object loaded by the key in " + what
		}
		part := fmt.Sprintf("writes status of %s (%s) %d time(s): %s at %s", what, o.Name, o.Count, strings.Join(o.Chain, " → "), o.At)
		if len(o.Guard) > 0 {
			part += fmt.Sprintf(" unless the condition of arguments %v is there", o.Guard)
		}
		for _, a := range o.When {
			part += " " + a.String()
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}

type checker struct {
	pass       *analysis.Pass
	res        *reconcilepath.Result
	writes     map[ssa.Instruction]*reconcilepath.Write
	byPos      map[token.Pos]*reconcilepath.Write // for instances of generic functions
	deferAndGo map[token.Pos]*ast.CallExpr        // the calls of defer and go statements, by keyword
	infos      map[*ssa.Function]*fnInfo
	results    map[resultKey]*result
	byName     map[string][]*ssa.Function // methods of the package by name
	funcs      []*ssa.Function            // the functions written in res's files, in source order
	files      map[*ssa.Function]*ast.File
	guard      *crash.Guard // the panics recovered from, reported once
	// elemExprs are the expressions put in containers, by position: an
	// element of a composite literal (at its start, or at the colon of a
	// key: value pair), or the value assigned to a map entry (at the
	// entry's bracket).
	elemExprs map[token.Pos]ast.Expr
	// groups are the WaitGroups of the goroutines started (see joined.go).
	groups map[*ssa.Go]goGroup
	// named holds, for the package's functions, whether they return an
	// object named as an argument's (see patches.go); nil while one is
	// looked at.
	named map[*ssa.Function]*namedResult
	// follow tells what changes the status fields held, and escaped
	// which objects are kept where it cannot (see held.go).
	follow  *objchange.Follower[fieldChanges]
	escaped map[followedObject]bool
}

func run(pass *analysis.Pass, cfg *Config, r *analysis.Analyzer) (any, error) {
	rep := ignore.New(pass, Name)
	defer rep.Close()
	res, _ := pass.ResultOf[r].(*reconcilepath.Result)
	if res == nil || res.Model == nil || res.SSA == nil {
		return nil, nil
	}
	c := newChecker(pass, res)
	defer c.guard.Report()
	c.check(rep, false)
	for _, fn := range c.funcs {
		c.exportFact(fn, c.files[fn])
	}
	if cfg.Tests {
		// Test code, checked as code of its own: with the evidence of
		// the test files, for the functions in them only.
		if all := res.Tests(); all != res {
			t := newChecker(pass, all)
			t.guard = c.guard
			t.check(rep, true)
		}
	}
	return nil, nil
}

// newChecker indexes res, the Result of the production files or of every
// file, for the checks.
func newChecker(pass *analysis.Pass, res *reconcilepath.Result) *checker {
	c := &checker{
		pass:       pass,
		res:        res,
		guard:      crash.New(pass, Name),
		writes:     make(map[ssa.Instruction]*reconcilepath.Write),
		byPos:      make(map[token.Pos]*reconcilepath.Write),
		deferAndGo: make(map[token.Pos]*ast.CallExpr),
		elemExprs:  make(map[token.Pos]ast.Expr),
		infos:      make(map[*ssa.Function]*fnInfo),
		results:    make(map[resultKey]*result),
		groups:     make(map[*ssa.Go]goGroup),
		named:      make(map[*ssa.Function]*namedResult),
		escaped:    make(map[followedObject]bool),
	}
	for _, w := range res.Writes {
		// A write through a method value or in a goroutine cannot be
		// placed on a path; another package's writer is taken from this
		// pass's own fact, which says what it writes.
		if w.External != nil || w.MethodValue || w.Go || w.Object == nil || w.Node == nil {
			continue
		}
		switch w.Verb {
		case "Update", "Patch", "Apply":
			c.writes[w.Instr] = w
			c.byPos[w.Instr.Pos()] = w
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.DeferStmt:
				c.deferAndGo[n.Defer] = n.Call
			case *ast.GoStmt:
				c.deferAndGo[n.Go] = n.Call
			case *ast.CompositeLit:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						c.elemExprs[kv.Colon] = kv.Value
					} else {
						c.elemExprs[e.Pos()] = e
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
							c.elemExprs[ix.Lbrack] = n.Rhs[i]
						}
					}
				}
			}
			return true
		})
	}
	c.files = make(map[*ssa.Function]*ast.File)
	for _, sf := range res.SourceFuncs() {
		c.funcs = append(c.funcs, sf.Fn)
		c.files[sf.Fn] = sf.File
	}
	c.byName = make(map[string][]*ssa.Function)
	for _, fn := range c.funcs {
		if fn.Signature.Recv() != nil {
			c.byName[fn.Name()] = append(c.byName[fn.Name()], fn)
		}
	}
	return c
}

// check reports the findings of the functions a reconcile reaches: those
// in production files, or with tests set those in _test.go files.
func (c *checker) check(rep *ignore.Reporter, tests bool) {
	inReconcile := c.reachedWithoutGo(c.funcs)
	for _, fn := range c.funcs {
		file := c.files[fn]
		if !inReconcile[fn] || ignore.OutsideCheck(c.pass, file, tests) {
			continue
		}
		r, ok := c.safeAnalyze(fn)
		if !ok {
			continue
		}
		for _, f := range r.findings {
			c.report(rep, fn, f)
		}
	}
}

// safeAnalyze analyzes fn, recording a panic (a bug of this pass on code
// it did not foresee) for the one internal-error diagnostic of the package
// (see internal/crash); ok is false then, and fn's findings are missing.
func (c *checker) safeAnalyze(fn *ssa.Function) (r *result, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r, ok = nil, false
			c.guard.Record(fn.Pos(), "analysing "+reconcilepath.DisplayName(fn, c.pass.Pkg), p)
		}
	}()
	if panicHook != nil {
		panicHook(fn)
	}
	return c.analyze(fn), true
}

// panicHook, set only by tests, runs where a bug of the pass would panic,
// so that the tests can check how a panic is reported.
var panicHook func(fn *ssa.Function)

const advice = "collect the changes and write the status once, at the end of "

func (c *checker) report(rep *ignore.Reporter, fn *ssa.Function, f finding) {
	path := c.res.Path(fn)
	if len(path) == 0 || f.second.node == nil {
		return
	}
	// The reconcile path to fn, and the step from fn to the write when
	// it is in a helper, are related information.
	related := c.res.PathRelated(fn, c.pass.Pkg)
	if len(f.second.through) > 0 {
		related = append(related, analysis.RelatedInformation{
			Pos:     f.second.node.Pos(),
			End:     f.second.node.End(),
			Message: reconcilepath.DisplayName(fn, c.pass.Pkg) + " calls " + f.second.through[0].display(c.pass.Pkg),
		})
	}
	name := f.second.name
	d := analysis.Diagnostic{Pos: f.second.node.Pos(), End: f.second.node.End()}
	if f.dup && f.second.elem != nil {
		el := f.second.elem
		var at []string
		for _, p := range el.adds {
			at = append(at, c.shortPos(p, f.second.node.Pos()))
		}
		d.Message = fmt.Sprintf("status of %s written twice by the loop over %s in one reconcile (added at %s); %s: put each object in %s once, or %s%s",
			name, el.cont, strings.Join(at, " and "), why(el.copy), el.cont, advice, path[0])
		for i, p := range el.adds {
			msg := el.names[i] + " added to " + el.cont
			if i > 0 && el.names[i] == el.names[0] {
				msg += " again"
			} else if i > 0 {
				msg += ", the same object as " + el.names[0]
			}
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: msg})
		}
		d.Related = append(d.Related, related...)
		rep.Report(d)
		return
	}
	if f.first == nil || f.first.node == nil || f.first.node == f.second.node {
		d.Message = fmt.Sprintf("status of %s written again on each pass of a loop in one reconcile: %s%s",
			name, advice, path[0])
		d.Related = related
		rep.Report(d)
		return
	}
	through := ""
	if len(f.first.through) > 0 {
		through = " through " + f.first.through[0].display(c.pass.Pkg)
	}
	if f.first.elem != nil || f.second.elem != nil {
		// A loop's write of an object in its container is one of the
		// two, or both are.
		held := func(el *elemInfo) string { return " by the loop over " + el.cont + ", which holds it" }
		how := ""
		if el := f.second.elem; el != nil {
			how = held(el)
		}
		if el := f.first.elem; el != nil {
			through += held(el)
		}
		d.Message = fmt.Sprintf("status of %s written a second time in one reconcile%s (first write at %s%s); %s: %s%s",
			name, how, c.shortPos(f.first.node.Pos(), f.second.node.Pos()), through, why(copied(f.first, f.second)), advice, path[0])
	} else {
		d.Message = fmt.Sprintf("status of %s written a second time in one reconcile (first write at %s%s): %s%s",
			name, c.shortPos(f.first.node.Pos(), f.second.node.Pos()), through, advice, path[0])
	}
	d.Related = []analysis.RelatedInformation{{
		Pos:     f.first.node.Pos(),
		End:     f.first.node.End(),
		Message: "first write of the status of " + f.first.name + through,
	}}
	for _, el := range []*elemInfo{f.first.elem, f.second.elem} {
		if el != nil && len(el.adds) > 0 {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: el.adds[0], Message: el.names[0] + " added to " + el.cont})
		}
	}
	d.Related = append(d.Related, related...)
	rep.Report(d)
}

// why says what the second of two writes of one object costs: a round
// trip when it sends the pointer the first write updated, and, when it
// sends another copy, a copy the first write made stale (with Update, 409
// Conflict).
func why(copy bool) string {
	if copy {
		return "the second write sends a copy the first made stale"
	}
	return "the second write costs a round trip"
}

// copied reports whether two writes of one object send different values
// of it: a container's copy, or objects loaded apart.
func copied(a, b *event) bool {
	if (a.elem != nil && a.elem.copy) || (b.elem != nil && b.elem.copy) {
		return true
	}
	return a.raw.base == nil || a.raw != b.raw
}

// reachedWithoutGo returns the functions a reconcile root reaches through
// calls, defers and function values, but not through go statements: a
// goroutine started by a reconcile (a periodic health check) outlives it,
// and its writes over time are not writes in one reconcile. A goroutine
// the function waits for (see joined.go) is part of it, and followed.
func (c *checker) reachedWithoutGo(funcs []*ssa.Function) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	for _, fn := range funcs {
		if c.res.Reachable(fn) && len(c.res.Path(fn)) == 1 {
			seen[fn] = true
			queue = append(queue, fn)
		}
	}
	visit := func(f *ssa.Function) {
		if f != nil && c.local(f) && !seen[f] && c.res.Reachable(f) {
			seen[f] = true
			queue = append(queue, f)
		}
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if g, isGo := instr.(*ssa.Go); isGo && !c.waitedFor(fn, g) {
					continue
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					common := call.Common()
					callee, _, _ := c.calleeOf(call)
					visit(callee)
					if common.IsInvoke() {
						// The package's implementations, as reach resolves
						// them: any reachable function of the package
						// with the method's name.
						for _, f := range c.byName[common.Method.Name()] {
							visit(f)
						}
					}
				}
				for _, op := range instr.Operands(nil) {
					f, _ := funcValue(*op)
					visit(f)
				}
			}
		}
	}
	return seen
}

// display names a step as seen from pkg (nil: from anywhere, for a
// fact).
func (s step) display(pkg *types.Package) string {
	if s.fn != nil {
		return reconcilepath.DisplayName(s.fn, pkg)
	}
	return s.name
}

// shortPos is ":line" within the file of ref, "file.go:line" elsewhere.
func (c *checker) shortPos(pos, ref token.Pos) string {
	p, r := c.pass.Fset.Position(pos), c.pass.Fset.Position(ref)
	if p.Filename == r.Filename {
		return ":" + strconv.Itoa(p.Line)
	}
	return c.position(pos)
}

// position is "file.go:line", the file relative to its package directory.
func (c *checker) position(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// exportFact attaches what an exported function writes to it, for
// importers.
func (c *checker) exportFact(fn *ssa.Function, file *ast.File) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || !obj.Exported() || obj.Pkg() != c.pass.Pkg || fn.Parent() != nil || ignore.SkipFile(c.pass, file, false) {
		return
	}
	if decl, ok := fn.Syntax().(*ast.FuncDecl); ok && decl.Recv != nil && !isExportedRecv(decl) {
		return
	}
	// An object named as an argument's, returned: the NamedAs fact.
	if param, path, ok := c.returnsNamedAs(fn); ok {
		c.pass.ExportObjectFact(obj, &NamedAs{Param: param, Path: path})
	}
	r, ok := c.safeAnalyze(fn)
	if !ok {
		return
	}
	fact := &WritesStatusOf{}
	for _, id := range sortedIdents(r.summary) {
		p, ok := id.base.(*ssa.Parameter)
		if !ok {
			continue
		}
		idx := paramIndex(fn, p)
		if idx < 0 {
			continue
		}
		se := r.summary[id]
		o := WrittenObject{Param: idx, Path: id.sel, Key: id.key, Count: int(se.n), Name: se.name, At: se.at, Guard: c.guardParams(fn), When: se.when}
		for _, s := range se.through {
			o.Chain = append(o.Chain, s.display(nil))
		}
		fact.Objects = append(fact.Objects, o)
	}
	if len(fact.Objects) > 0 {
		c.pass.ExportObjectFact(obj, fact)
	}
}

// isExportedRecv reports whether a method's receiver type is exported,
// so that other packages can call the method.
func isExportedRecv(decl *ast.FuncDecl) bool {
	if decl.Recv == nil || len(decl.Recv.List) == 0 {
		return true
	}
	t := decl.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return false
		}
	}
}

// paramIndex returns the index of p among fn's parameters, or -1 when p
// is not one of them (a parameter of an enclosing function).
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	return slices.Index(fn.Params, p)
}

// sortedIdents orders a summary's objects, so that messages and facts do
// not depend on map order.
func sortedIdents(s summary) []ident {
	ids := make([]ident, 0, len(s))
	for id := range s {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := ids[i], ids[j]
		if a.base.Pos() != b.base.Pos() {
			return a.base.Pos() < b.base.Pos()
		}
		if a.base.Name() != b.base.Name() {
			return a.base.Name() < b.base.Name()
		}
		if a.sel != b.sel {
			return a.sel < b.sel
		}
		return !a.key && b.key
	})
	return ids
}
