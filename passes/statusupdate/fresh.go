package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
	"github.com/statuslint/statuslint/internal/valueflow"
)

// FreshThrough is the fact attached to an exported function all of whose
// reachable status Updates write an object loaded right before from the
// API server, on a condition on what its callers pass: uncached readers
// for the parameters Params, and objects fresh at the call (just written,
// or read uncached) for the parameters Objects (indices). With both empty,
// the writes are fresh whatever the callers pass.
type FreshThrough struct {
	Params  []int
	Objects []int
}

func (*FreshThrough) AFact() {}

func (f *FreshThrough) String() string {
	var conds []string
	if len(f.Params) > 0 {
		conds = append(conds, "parameters "+indices(f.Params)+" read uncached")
	}
	if len(f.Objects) > 0 {
		conds = append(conds, "the objects in parameters "+indices(f.Objects)+" are fresh")
	}
	if len(conds) == 0 {
		return "writes status fresh"
	}
	return "writes status fresh when " + strings.Join(conds, " and ")
}

// exportFreshness marks the package's exported functions whose status
// Updates are all fresh, or fresh given uncached readers or fresh objects
// for some of their parameters (a helper that reads the object again
// through a client it is handed, then writes it; a helper that writes the
// status of the object it is handed), including through calls of other
// packages' helpers with such facts.
func (c *checker) exportFreshness() {
	pass, res := c.pass, c.res
	for _, m := range res.SSA.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Signature.Recv() != nil || fn.TypeParams().Len() > 0 {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg {
			continue
		}
		if ignore.IsTestFile(pass.Fset, fn.Pos()) {
			continue // reach exports no fact for these either
		}
		var updates []*reconcilepath.Write
		for _, w := range res.WritesFrom(fn) {
			if w.Verb == "Update" {
				updates = append(updates, w)
			}
		}
		if len(updates) == 0 {
			continue
		}
		var cond freshCond
		fresh := true
		for _, w := range updates {
			var ok bool
			var wc freshCond
			if w.External != nil {
				ok, wc = c.freshCall(w, fn)
			} else {
				ok, wc = c.freshness(w, fn)
			}
			if !ok {
				fresh = false
				break
			}
			cond.add(wc)
		}
		if fresh {
			slices.Sort(cond.Readers)
			slices.Sort(cond.Objects)
			pass.ExportObjectFact(obj, &FreshThrough{Params: cond.Readers, Objects: cond.Objects})
		}
	}
}

// readFresh reports whether the object w updates is fresh when written
// (see freshness), whatever any caller in another package passes. Such an
// object carries the resourceVersion the API server gave a moment ago, not
// a cached one, which is what the finding claims.
func (c *checker) readFresh(w *reconcilepath.Write) bool {
	fresh, cond := c.freshness(w, nil)
	return fresh && cond.empty()
}

// freshCond is what a write in an exported function needs from the
// function's callers in other packages to be fresh: uncached readers for
// the parameters Readers, and objects fresh on entry for the parameters
// Objects (indices).
type freshCond struct {
	Readers, Objects []int
}

func (c freshCond) empty() bool { return len(c.Readers) == 0 && len(c.Objects) == 0 }

// add merges d into c.
func (c *freshCond) add(d freshCond) {
	for _, p := range d.Readers {
		if !slices.Contains(c.Readers, p) {
			c.Readers = append(c.Readers, p)
		}
	}
	for _, p := range d.Objects {
		if !slices.Contains(c.Objects, p) {
			c.Objects = append(c.Objects, p)
		}
	}
}

// freshness reports whether w's object is fresh when it is written: last
// loaded on every path in the writing function by a write of it (Create,
// Update, Patch, or a helper that leaves it written), or by a Get through
// an API-server reader, or, for a parameter the function neither reads
// into nor assigns, passed fresh by every call of the function. With via
// set (an exported function), a reader or an object that is one of via's
// parameters counts as uncached or fresh on the condition that callers
// pass one: cond lists their indices.
func (c *checker) freshness(w *reconcilepath.Write, via *ssa.Function) (fresh bool, cond freshCond) {
	if w.Call == nil || len(w.Call.Args) < 2 || w.MethodValue || w.Deferred || w.Go {
		return false, cond
	}
	return c.freshAt(w.Call, w.Call.Args[1], w.Fn, via, 0)
}

// maxCallerDepth bounds how many callers up an object parameter is
// followed.
const maxCallerDepth = 3

// freshAt reports whether the object obj, an argument of call in fn, is
// fresh there (see freshness).
func (c *checker) freshAt(call *ast.CallExpr, obj ast.Expr, fn *ssa.Function, via *ssa.Function, depth int) (fresh bool, cond freshCond) {
	file := c.fileOf(call)
	if file == nil || fn == nil {
		return false, cond
	}
	v, _ := fixes.ObjectVar(c.pass.TypesInfo, obj)
	if v == nil {
		return false, cond
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, _ := fixes.EnclosingFunc(path)
	if body == nil {
		return false, cond
	}
	_, load, _ := c.lastLoad(path, body, v)
	if load == nil {
		return c.freshFromCallers(path, v, via, depth)
	}
	if !c.loads.IsGet(load) {
		return true, cond // written just before: the server's answer
	}
	recv := getReceiver(fn, load.Lparen)
	var readers []int
	if recv == nil || !c.uncachedReader(recv, via, &readers) {
		return false, cond
	}
	cond.Readers = readers
	return true, cond
}

// freshFromCallers reports whether v, a parameter of the function declared
// innermost on path, is fresh on entry at every call in the package and
// stays so: the function never reads into v or assigns it, is unexported,
// and is only ever called (never used as a value), so the package's calls
// are all its calls. The write, updating the object, leaves it fresh: so
// does Create, Update or Patch of it, which the function may do. When the
// function is via, v is fresh on the condition that via's callers pass a
// fresh object.
func (c *checker) freshFromCallers(path []ast.Node, v *types.Var, via *ssa.Function, depth int) (fresh bool, cond freshCond) {
	pass, res := c.pass, c.res
	if depth >= maxCallerDepth {
		return false, cond
	}
	decl := fixes.DeclOf(path)
	if decl == nil || decl.Body == nil {
		return false, cond // in a literal, called by whoever holds it
	}
	info := pass.TypesInfo
	obj, _ := info.Defs[decl.Name].(*types.Func)
	fn := res.Func(decl)
	if obj == nil || fn == nil || fn.TypeParams().Len() > 0 {
		return false, cond
	}
	sig := obj.Type().(*types.Signature)
	idx := fixes.ParamIndex(sig, v)
	if idx < 0 || (sig.Variadic() && idx == sig.Params().Len()-1) || fixes.Reloads(res.Model, info, decl.Body, v) {
		return false, cond
	}
	if via != nil && fn == via {
		cond.Objects = []int{idx}
		return true, cond
	}
	if obj.Exported() || !fixes.OnlyCalled(pass, res, obj) {
		return false, cond
	}
	callers := res.Callers(fn)
	if len(callers) == 0 {
		return false, cond
	}
	for _, caller := range callers {
		sc, ok := caller.(*ssa.Call)
		if !ok {
			return false, freshCond{} // deferred or started with go: far from the load
		}
		call := res.CallExpr(sc.Pos())
		if call == nil || idx >= len(call.Args) {
			return false, freshCond{}
		}
		ok, d := c.freshAt(call, call.Args[idx], sc.Parent(), via, depth+1)
		if !ok {
			return false, freshCond{}
		}
		cond.add(d)
	}
	return true, cond
}

// freshCall reports whether w, a call of another package's function, writes
// only fresh objects: the callee has a FreshThrough fact, and the call
// passes uncached readers and fresh objects where the fact asks for them.
// With via set (an exported function of this package), via's own
// parameters count as such on the condition cond, as in freshness: a
// helper that hands its reader or object on to another package's helper.
func (c *checker) freshCall(w *reconcilepath.Write, via *ssa.Function) (fresh bool, cond freshCond) {
	common := w.Instr.Common()
	callee := common.StaticCallee()
	if callee == nil {
		return false, cond
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return false, cond
	}
	fact := new(FreshThrough)
	if !c.pass.ImportObjectFact(obj, fact) {
		return false, cond
	}
	var readers []int
	for _, p := range fact.Params {
		if p >= len(common.Args) || !c.uncachedReader(common.Args[p], via, &readers) {
			return false, cond
		}
	}
	cond.Readers = readers
	if len(fact.Objects) == 0 {
		return true, cond
	}
	// The objects are judged on the call as written, which a deferred or
	// go call, or one through a method value, is not at the load.
	call := w.Call
	if call == nil {
		call = c.res.CallExpr(common.Pos())
	}
	if call == nil || w.Deferred || w.Go || w.MethodValue {
		return false, freshCond{}
	}
	for _, p := range fact.Objects {
		if p >= len(call.Args) {
			return false, freshCond{}
		}
		fresh, pc := c.freshAt(call, call.Args[p], w.Fn, via, 0)
		if !fresh {
			return false, freshCond{}
		}
		cond.add(pc)
	}
	return true, cond
}

// getReceiver returns the receiver of fn's method call whose left
// parenthesis is at lparen.
func getReceiver(fn *ssa.Function, lparen token.Pos) ssa.Value {
	if fn == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Pos() != lparen {
				continue
			}
			c := call.Common()
			if c.IsInvoke() {
				return c.Value
			}
			if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(c.Args) > 0 {
				return c.Args[0]
			}
		}
	}
	return nil
}

// uncachedReader reports whether every value v can hold reads from the
// API server. What the package cannot see (another package's stores to a
// field, an exported function's callers, options held in a variable)
// counts as cached: the finding stays. via is an exported function whose
// parameters count as uncached readers, on the condition, recorded in
// params (indices), that its callers pass such readers.
func (c *checker) uncachedReader(v ssa.Value, via *ssa.Function, params *[]int) bool {
	origins, complete := c.res.Origins(v, valueflow.Rule{Step: func(x ssa.Value) valueflow.Step {
		switch x := x.(type) {
		case *ssa.Extract:
			if x.Index == 0 {
				return valueflow.Step{Kind: valueflow.Follow, Next: []ssa.Value{x.Tuple}}
			}
		case *ssa.TypeAssert:
			return valueflow.Step{Kind: valueflow.Follow, Next: []ssa.Value{x.X}}
		case *ssa.UnOp:
			// A field or variable other packages can set (the
			// reconciler's exported Client, set by main) holds what
			// they store too.
			if x.Op == token.MUL && valueflow.OthersStore(x.X) {
				return valueflow.Step{Kind: valueflow.Unseen}
			}
			return valueflow.Step{}
		case *ssa.Parameter:
			if via != nil && x.Parent() == via {
				if i := valueflow.ParamIndex(x); !slices.Contains(*params, i) {
					*params = append(*params, i)
				}
				return valueflow.Step{Kind: valueflow.Dropped}
			}
			if fn := x.Parent(); fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() {
				return valueflow.Step{Kind: valueflow.Unseen}
			}
			return valueflow.Step{}
		default:
			return valueflow.Step{}
		}
		return valueflow.Step{Kind: valueflow.IsOrigin}
	}})
	if !complete {
		return false
	}
	for _, o := range origins {
		call, ok := o.(*ssa.Call)
		if !ok {
			return false
		}
		if common := call.Common(); common.IsInvoke() {
			if !crmodel.IsManagerGetAPIReader(common.Method) {
				return false
			}
		} else if expr := c.res.CallExpr(call.Pos()); expr == nil || !c.res.Model.IsUncachedClientConstructor(c.pass.TypesInfo, expr) {
			return false
		}
	}
	return true
}
