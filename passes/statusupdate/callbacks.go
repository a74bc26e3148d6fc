package statusupdate

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// A function literal handed to a function is, as far as this package can
// tell, run at any time: stored, started in a goroutine, called after the
// call returns. Then no snapshot of an object it uses can be taken where
// the literal is made. Some functions only call what they are handed, and
// only before they return (kueue's Manager.WithPenaltyLocked, which calls
// it under a lock): for those the literal runs inside the call, as if its
// body were written there, and a write in it is fixed with a snapshot
// taken where the literal is made. CallsBeforeReturn says which of a
// function's parameters it treats so, for the packages that call it.

// CallsBeforeReturn is the fact attached to a function or method of the
// package whose function parameters Params (indices, the receiver not
// counted) it only calls, or hands on to functions that only call them,
// before it returns: never stores them, captures them in a literal,
// starts them in a goroutine or hands them anywhere else.
type CallsBeforeReturn struct {
	Params []int
}

func (*CallsBeforeReturn) AFact() {}

func (f *CallsBeforeReturn) String() string {
	return "calls parameters " + indices(f.Params) + " only before it returns"
}

// callbacks answers, for the functions of the package and, by their
// facts, of other packages, which function parameters they only call
// before they return.
type callbacks struct {
	pass *analysis.Pass
	res  *reconcilepath.Result
	memo map[*ssa.Function]map[int]bool // parameter index (receiver counted) → answer
}

func newCallbacks(pass *analysis.Pass, res *reconcilepath.Result) *callbacks {
	return &callbacks{pass: pass, res: res, memo: make(map[*ssa.Function]map[int]bool)}
}

// synchronous reports whether lit, innermost on path, runs only inside
// the call it is made for: called right where it is made (not deferred,
// not started with go), handed to client-go's conflict retry, or handed
// to a function that calls that parameter only before it returns.
func (cb *callbacks) synchronous(lit *ast.FuncLit, path []ast.Node) bool {
	if len(path) < 2 || path[0] != lit {
		return false
	}
	i := 1
	for i < len(path) {
		if _, ok := path[i].(*ast.ParenExpr); !ok {
			break
		}
		i++
	}
	if i >= len(path) {
		return false
	}
	call, ok := path[i].(*ast.CallExpr)
	if !ok {
		return false
	}
	if i+1 < len(path) {
		switch path[i+1].(type) {
		case *ast.GoStmt, *ast.DeferStmt:
			return false
		}
	}
	if ast.Unparen(call.Fun) == lit {
		return true
	}
	at := -1
	for j, a := range call.Args {
		if ast.Unparen(a) == lit {
			at = j
		}
	}
	callee, _ := typeutil.Callee(cb.pass.TypesInfo, call).(*types.Func)
	if at < 0 || callee == nil || call.Ellipsis.IsValid() {
		return false
	}
	if isRetryFunc(callee) {
		return true
	}
	sig := callee.Type().(*types.Signature)
	if sig.Variadic() && at >= sig.Params().Len()-1 {
		return false
	}
	if callee.Pkg() != cb.pass.Pkg {
		var fact CallsBeforeReturn
		if !cb.pass.ImportObjectFact(callee.Origin(), &fact) {
			return false
		}
		return slices.Contains(fact.Params, at)
	}
	fn := cb.res.SSA.Prog.FuncValue(callee.Origin())
	if fn == nil || fn.Pkg != cb.res.SSA {
		return false
	}
	if sig.Recv() != nil {
		at++ // the receiver is the SSA function's first parameter
	}
	return cb.callsOnly(fn, at, 0)
}

// callsOnly reports whether fn only calls its parameter idx (the receiver
// counted) before it returns, or hands it on to a function that does so.
func (cb *callbacks) callsOnly(fn *ssa.Function, idx, depth int) bool {
	if got, ok := cb.memo[fn][idx]; ok {
		return got
	}
	if cb.memo[fn] == nil {
		cb.memo[fn] = make(map[int]bool)
	}
	cb.memo[fn][idx] = false // in the making: a recursive hand-on is not followed
	ok := depth < 8 && idx < len(fn.Params) && fn.Blocks != nil && cb.onlyCalled(fn.Params[idx], depth)
	cb.memo[fn][idx] = ok
	return ok
}

func (cb *callbacks) onlyCalled(p *ssa.Parameter, depth int) bool {
	if _, ok := p.Type().Underlying().(*types.Signature); !ok {
		return false
	}
	refs := p.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
			continue
		case *ssa.Call, *ssa.Defer:
			// A deferred call runs before the function returns.
			common := r.(ssa.CallInstruction).Common()
			if common.Value == p {
				continue
			}
			if !cb.handedOn(common, p, depth) {
				return false
			}
		default:
			return false // stored, captured, started with go, converted
		}
	}
	return true
}

// handedOn reports whether the call hands p only to parameters of a static
// callee that only calls them before it returns.
func (cb *callbacks) handedOn(common *ssa.CallCommon, p *ssa.Parameter, depth int) bool {
	callee := common.StaticCallee()
	if callee == nil || common.IsInvoke() {
		return false
	}
	offset := 0
	if callee.Signature.Recv() != nil {
		offset = 1 // the receiver is among the arguments, but not in the fact
	}
	for i, a := range common.Args {
		if a != p {
			continue
		}
		if callee.Pkg == cb.res.SSA {
			if !cb.callsOnly(callee, i, depth+1) {
				return false
			}
			continue
		}
		obj, _ := callee.Object().(*types.Func)
		var fact CallsBeforeReturn
		if obj == nil || i < offset || !cb.pass.ImportObjectFact(obj, &fact) || !slices.Contains(fact.Params, i-offset) {
			return false
		}
	}
	return true
}

// export attaches a CallsBeforeReturn fact to every exported function,
// and exported method of an exported type, of the package (outside test
// files) that has such parameters: what other packages can call by name,
// and what their export data holds, so that the fact reads back the same
// from the driver's cache.
func (cb *callbacks) export() {
	for _, sf := range cb.res.SourceFuncs() {
		fn := sf.Fn
		if fn == nil || fn.Parent() != nil || fn.Synthetic != "" || ignore.IsTestFile(cb.pass.Fset, fn.Pos()) {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != cb.pass.Pkg || !obj.Exported() {
			continue
		}
		if recv := fn.Signature.Recv(); recv != nil && !exportedNamed(recv.Type()) {
			continue
		}
		offset := 0
		if fn.Signature.Recv() != nil {
			offset = 1
		}
		var params []int
		for i := offset; i < len(fn.Params); i++ {
			if _, isFunc := fn.Params[i].Type().Underlying().(*types.Signature); isFunc && cb.callsOnly(fn, i, 0) {
				params = append(params, i-offset)
			}
		}
		if len(params) > 0 {
			cb.pass.ExportObjectFact(obj, &CallsBeforeReturn{Params: params})
		}
	}
}
