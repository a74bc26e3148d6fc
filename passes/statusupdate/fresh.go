package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/reach"
)

// readFresh reports whether the object w updates was last loaded, on every
// path through the function (or function literal) making the write, by a
// Get through a reader that goes to the API server: the manager's API
// reader, or a client made by client.New without a cache. The object then
// carries the server's resourceVersion of a moment ago, not a cached one,
// which is what the finding claims.
func readFresh(pass *analysis.Pass, res *reach.Result, file *ast.File, w *reach.Write) bool {
	if w.Call == nil || len(w.Call.Args) < 2 || w.MethodValue || w.Deferred || w.Go || file == nil {
		return false
	}
	info := pass.TypesInfo
	v, _ := objectVar(info, w.Call.Args[1])
	if v == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, w.Call.Pos(), w.Call.End())
	body, _ := enclosingFunc(path)
	if body == nil {
		return false
	}
	_, load, _ := lastLoad(res.Model, info, path, body, v)
	if load == nil {
		return false
	}
	if fn, _ := crmodel.MethodCall(info, load); fn == nil || fn.Name() != "Get" {
		return false
	}
	t := &readerTrace{info: info, res: res, seen: make(map[ssa.Value]bool)}
	recv := getReceiver(w.Fn, load.Lparen)
	return recv != nil && t.uncached(recv, 0)
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

// readerTrace follows a reader value back to where it was made.
type readerTrace struct {
	info *types.Info
	res  *reach.Result
	seen map[ssa.Value]bool
}

// uncached reports whether every value v can hold reads from the API
// server. What the package cannot see (another package's stores to a
// field, an exported function's callers, options held in a variable)
// counts as cached: the finding stays.
func (t *readerTrace) uncached(v ssa.Value, depth int) bool {
	if depth > 12 || v == nil {
		return false
	}
	if t.seen[v] {
		return true // a cycle adds no other origin; the others decide
	}
	t.seen[v] = true
	all := func(vals []ssa.Value) bool {
		if len(vals) == 0 {
			return false
		}
		for _, x := range vals {
			if !t.uncached(x, depth+1) {
				return false
			}
		}
		return true
	}
	switch v := v.(type) {
	case *ssa.Call:
		c := v.Common()
		if c.IsInvoke() {
			return crmodel.IsManagerGetAPIReader(c.Method)
		}
		call := t.res.CallExpr(v.Pos())
		return call != nil && t.res.Model.IsUncachedClientConstructor(t.info, call)
	case *ssa.Extract:
		return v.Index == 0 && t.uncached(v.Tuple, depth+1)
	case *ssa.MakeInterface:
		return t.uncached(v.X, depth+1)
	case *ssa.ChangeInterface:
		return t.uncached(v.X, depth+1)
	case *ssa.ChangeType:
		return t.uncached(v.X, depth+1)
	case *ssa.TypeAssert:
		return t.uncached(v.X, depth+1)
	case *ssa.Phi:
		return all(v.Edges)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return all(t.res.StoredAt(v.X))
		}
	case *ssa.FreeVar:
		return all(t.res.Bindings(v))
	case *ssa.Parameter:
		if fn := v.Parent(); fn.Parent() == nil && fn.Object() != nil && !fn.Object().Exported() {
			return all(t.res.Arguments(v))
		}
	}
	return false
}
