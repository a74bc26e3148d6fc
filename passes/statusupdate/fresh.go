package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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
	fresh, params := freshness(pass, res, file, w, nil)
	return fresh && len(params) == 0
}

// freshness reports whether w's object is fresh when it is written: last
// loaded on every path in the writing function by a write of it (Create,
// Update, Patch), or by a Get through an API-server reader. With via set,
// a reader that is one of via's parameters counts as such a reader on the
// condition that the caller passes one: params lists their indices.
func freshness(pass *analysis.Pass, res *reach.Result, file *ast.File, w *reach.Write, via *ssa.Function) (fresh bool, params []int) {
	if w.Call == nil || len(w.Call.Args) < 2 || w.MethodValue || w.Deferred || w.Go || file == nil {
		return false, nil
	}
	info := pass.TypesInfo
	v, _ := objectVar(info, w.Call.Args[1])
	if v == nil {
		return false, nil
	}
	path, _ := astutil.PathEnclosingInterval(file, w.Call.Pos(), w.Call.End())
	body, _ := enclosingFunc(path)
	if body == nil {
		return false, nil
	}
	_, load, _ := lastLoad(res.Model, info, path, body, v)
	if load == nil {
		return false, nil
	}
	fn, _ := crmodel.MethodCall(info, load)
	if fn == nil {
		return false, nil
	}
	if fn.Name() != "Get" {
		return true, nil // written just before: the server's answer
	}
	t := &readerTrace{info: info, res: res, seen: make(map[ssa.Value]bool), via: via}
	recv := getReceiver(w.Fn, load.Lparen)
	if recv == nil || !t.uncached(recv, 0) {
		return false, nil
	}
	return true, t.params
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
	// via is an exported function whose parameters count as uncached
	// readers, on the condition, recorded in params (indices), that its
	// callers pass such readers.
	via    *ssa.Function
	params []int
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
		if t.via != nil && v.Parent() == t.via {
			for i, p := range t.via.Params {
				if p == v && !slices.Contains(t.params, i) {
					t.params = append(t.params, i)
				}
			}
			return true
		}
		if fn := v.Parent(); fn.Parent() == nil && fn.Object() != nil && !fn.Object().Exported() {
			return all(t.res.Arguments(v))
		}
	}
	return false
}
