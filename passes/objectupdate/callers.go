package objectupdate

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
)

// An Update in a helper whose object is a parameter: what it sends is
// what the helper changes, plus what each caller changed between its own
// load and the call. The helper must be unexported and only called (never
// used as a value), so that every call is in sight; each call must hand
// over a local its function last loaded with Get. One level of callers is
// followed.

// fromCallers returns what the object parameter v of the function fnNode
// holds when call, an Update in it, sends it: the changes in the helper
// before the Update and in every caller since its load. caller names the
// first caller, for the message; it is empty when some call cannot be
// followed, and the finding is then ruled out.
func (c *checker) fromCallers(fnNode ast.Node, path []ast.Node, body *ast.BlockStmt, call *ast.CallExpr, v *types.Var) (objchange.Effect, string) {
	fd, ok := fnNode.(*ast.FuncDecl)
	if !ok || fd.Body != body {
		return objchange.Effect{}, ""
	}
	fn, _ := c.info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return objchange.Effect{}, ""
	}
	idx := paramIndex(c.info, fd, v)
	if idx < 0 {
		return objchange.Effect{}, ""
	}
	eff := c.Between(body, path, body.Lbrace, call, call.Args[1], v)
	if eff.Blocked != "" {
		return objchange.Effect{}, ""
	}
	calls, ok := c.callsOf(fn)
	if !ok || len(calls) == 0 {
		return objchange.Effect{}, ""
	}
	first := ""
	for _, site := range calls {
		if idx >= len(site.call.Args) {
			return objchange.Effect{}, ""
		}
		arg := site.call.Args[idx]
		u, _ := fixes.ObjectVar(c.info, arg)
		if u == nil {
			return objchange.Effect{}, ""
		}
		cpath, _ := astutil.PathEnclosingInterval(site.file, site.call.Pos(), site.call.End())
		cbody, _ := fixes.EnclosingFunc(cpath)
		if cbody == nil {
			return objchange.Effect{}, ""
		}
		load, loadCall, _ := fixes.LastLoad(c.info, fixes.GetInto(c.m, c.info), cpath, cbody, u)
		if load == nil || !c.isGet(loadCall) {
			return objchange.Effect{}, ""
		}
		e := c.Between(cbody, cpath, load.End(), site.call, arg, u)
		if e.Blocked != "" {
			return objchange.Effect{}, ""
		}
		eff.Merge(e)
		if first == "" {
			first = enclosingName(c.info, cpath)
		}
	}
	return eff, first
}

// site is a call of a helper.
type site struct {
	file *ast.File
	call *ast.CallExpr
}

// callsOf returns the package's calls of fn; ok is false when fn is also
// used otherwise (as a value), so that some calls may not be in sight.
func (c *checker) callsOf(fn *types.Func) ([]site, bool) {
	var out []site
	ok := true
	for _, f := range c.files {
		objchange.WalkStack(f, func(n ast.Node, stack []ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !isID || c.info.Uses[id] == nil || !sameFunc(c.info.Uses[id], fn) {
				return true
			}
			var fun ast.Node = id
			i := len(stack) - 1
			if i >= 0 {
				if sel, isSel := stack[i].(*ast.SelectorExpr); isSel && sel.Sel == id {
					fun = sel
					i--
				}
			}
			if i >= 0 {
				if call, isCall := stack[i].(*ast.CallExpr); isCall && call.Fun == fun {
					out = append(out, site{f, call})
					return true
				}
			}
			ok = false
			return true
		})
	}
	return out, ok
}

func sameFunc(obj types.Object, fn *types.Func) bool {
	f, ok := obj.(*types.Func)
	return ok && f.Origin() == fn.Origin()
}

// paramIndex returns the index of v among fd's parameters (the receiver
// not counted), or -1.
func paramIndex(info *types.Info, fd *ast.FuncDecl, v *types.Var) int {
	i := 0
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return i
			}
			i++
		}
	}
	return -1
}

// enclosingName names the function on path, for messages: (*R).Reconcile,
// or the function's name.
func enclosingName(info *types.Info, path []ast.Node) string {
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
					if named := crmodel.NamedOf(sig.Recv().Type()); named != nil {
						if _, ptr := types.Unalias(sig.Recv().Type()).(*types.Pointer); ptr {
							return "(*" + named.Obj().Name() + ")." + fn.Name()
						}
						return named.Obj().Name() + "." + fn.Name()
					}
				}
				return fn.Name()
			}
		}
	}
	return "the caller"
}
