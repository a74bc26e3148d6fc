package objectupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/objchange"
)

// An Update in a helper whose object is a parameter: what it sends is
// what the helper changes, plus what each caller changed between its own
// load and the call. The helper must be unexported and only called (never
// used as a value), or a function literal bound to a local variable that
// is only called, so that every call is in sight; each call must hand
// over an object its function loaded (a Get, a List's item, a copy of
// one: see originOf). One level of callers is followed.

// fromCallers returns what the object parameter v of the function fnNode
// holds when call (an Update in it, or a DeepCopy of it) uses it: the
// changes in the helper before the call (the call itself left out) and in every caller
// since its load. When no caller changes the object before the call, the
// helper's start holds it as loaded, and the fix copies it there;
// otherwise the base's changer names the first caller that changes it,
// for the message. ok is false when some call cannot be followed, and the
// finding is then ruled out.
func (c *checker) fromCallers(fnNode ast.Node, path []ast.Node, body *ast.BlockStmt, call *ast.CallExpr, v *types.Var, addr bool) (o origin, ok bool) {
	if c.inCallers {
		return origin{}, false // one level of callers
	}
	c.inCallers = true
	defer func() { c.inCallers = false }()
	calls, idx, ok := c.helperCalls(fnNode, path, body, v)
	if !ok {
		return origin{}, false
	}
	o = origin{eff: c.between(body, body.Lbrace, call, v)}
	if o.eff.Blocked != "" {
		return origin{}, false
	}
	changer, mayBeNil := "", false
	for _, site := range calls {
		cpath, cbody := site.path()
		if cbody == nil {
			return origin{}, false
		}
		from, ok := c.originOf(site.file, cpath, cbody, site.call, site.call.Args[idx], 0)
		if !ok || from.eff.Blocked != "" {
			return origin{}, false
		}
		o.eff.Merge(from.eff)
		mayBeNil = mayBeNil || from.mayBeNil
		if changer == "" && !from.eff.Unchanged() {
			changer = enclosingName(c.info, cpath)
		}
	}
	o.base = base{v: v, addr: addr, changer: changer, mayBeNil: mayBeNil}
	if changer == "" {
		// Every call hands over the object as loaded: so is the
		// parameter where the helper starts.
		o.start = body
	}
	return o, true
}

// helperCalls returns the calls of the function fnNode, whose body is
// body, and the index of its parameter v, when every call is in sight (see
// fromCallers) and hands over that parameter.
func (c *checker) helperCalls(fnNode ast.Node, path []ast.Node, body *ast.BlockStmt, v *types.Var) (calls []site, idx int, ok bool) {
	switch fn := fnNode.(type) {
	case *ast.FuncDecl:
		obj, _ := c.info.Defs[fn.Name].(*types.Func)
		if fn.Body != body || obj == nil || obj.Exported() {
			return nil, 0, false
		}
		idx = fixes.ParamIndex(obj.Type().(*types.Signature), v)
		calls, ok = c.callsOf(obj)
	case *ast.FuncLit:
		if fn.Body != body {
			return nil, 0, false
		}
		idx = fixes.ParamIndex(c.info.TypeOf(fn).(*types.Signature), v)
		calls, ok = c.callsOfLit(path, fn)
	}
	if !ok || idx < 0 || len(calls) == 0 {
		return nil, 0, false
	}
	for _, site := range calls {
		if idx >= len(site.call.Args) {
			return nil, 0, false
		}
	}
	return calls, idx, true
}

// paramItems is itemsOf for rng, a range over s, a slice parameter of the
// helper on path (for _, pod := range pods in dropLabels(pods
// []corev1.Pod)): every call of the helper must hand over the items of a
// list its caller loaded (list.Items, or a slice of copies of them), and
// what each caller does to them before the call counts, with what the
// helper does to them. One level of callers, as fromCallers.
func (c *checker) paramItems(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, rng *ast.RangeStmt) (eff objchange.Effect, noFix string, ok bool) {
	s, _ := c.info.Uses[ident(rng.X)].(*types.Var)
	if s == nil || within(body, s.Pos()) || c.inCallers {
		return eff, "", false
	}
	if _, isSlice := s.Type().Underlying().(*types.Slice); !isSlice {
		return eff, "", false
	}
	c.inCallers = true
	defer func() { c.inCallers = false }()
	calls, idx, ok := c.helperCalls(enclosingFunc(path), path, body, s)
	if !ok {
		return eff, "", false
	}
	eff = c.between(body, body.Lbrace, at, s)
	noFix = c.itemsChangedBefore(body, at, s, body.Lbrace, rng, rng)
	for _, site := range calls {
		cpath, cbody := site.path()
		if cbody == nil {
			return eff, "", false
		}
		from, why, ok := c.itemsAt(cpath, cbody, site.call, site.call.Args[idx], site.call)
		if !ok {
			return eff, "", false
		}
		eff.Merge(from)
		if noFix == "" {
			noFix = why
		}
	}
	return eff, noFix, true
}

// paramOrigin is originOf for src, a parameter of the function on path,
// used by the call at: what it holds there, from the helper's start and
// from its callers (fromCallers).
func (c *checker) paramOrigin(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, src ast.Expr) (origin, bool) {
	u, _ := fixes.ObjectVar(c.info, src)
	if u == nil || within(body, u.Pos()) {
		return origin{}, false
	}
	if _, _, problem := fixes.LastLoad(c.info, c.loadsInto, path, body, u); problem != fixes.NotLoaded && problem != fixes.NotLoadedInLiteral {
		return origin{}, false
	}
	return c.fromCallers(enclosingFunc(path), path, body, at, u, !isPointer(u.Type()))
}

// enclosingFunc returns the innermost function declaration or literal on
// path.
func enclosingFunc(path []ast.Node) ast.Node {
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return n
		}
	}
	return nil
}

// site is a call of a helper.
type site struct {
	file *ast.File
	call *ast.CallExpr
}

// path returns the nodes that enclose the call and the body of the
// function it is in; a nil body when it cannot be followed (a call in a
// goroutine or a deferred one runs away from its caller, which may change
// the object meanwhile).
func (s site) path() ([]ast.Node, *ast.BlockStmt) {
	cpath, _ := astutil.PathEnclosingInterval(s.file, s.call.Pos(), s.call.End())
	if len(cpath) < 2 {
		return nil, nil
	}
	switch cpath[1].(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return nil, nil
	}
	cbody, _ := fixes.EnclosingFunc(cpath)
	return cpath, cbody
}

// callsOf returns the package's calls of fn; ok is false when fn is also
// used otherwise (as a value), so that some calls may not be in sight.
func (c *checker) callsOf(fn *types.Func) ([]site, bool) {
	var out []site
	ok := true
	for _, f := range c.files {
		walkStack(f, func(n ast.Node, stack []ast.Node) bool {
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

// callsOfLit returns the calls of the function literal lit, which path
// holds: lit must be bound to a local variable (f := func(...) {...}, or
// var f = ...) used only to call it, in the function that declares it;
// ok is false otherwise, as some calls may not be in sight.
func (c *checker) callsOfLit(path []ast.Node, lit *ast.FuncLit) ([]site, bool) {
	i := slices.Index(path, ast.Node(lit))
	if i < 0 || i+1 >= len(path) {
		return nil, false
	}
	var fv *types.Var
	bind := func(names []ast.Expr, values []ast.Expr) {
		if len(names) != len(values) {
			return
		}
		for j, val := range values {
			if ast.Unparen(val) == lit {
				if id, ok := names[j].(*ast.Ident); ok {
					fv, _ = c.info.Defs[id].(*types.Var)
				}
			}
		}
	}
	switch p := path[i+1].(type) {
	case *ast.AssignStmt:
		if p.Tok == token.DEFINE {
			bind(p.Lhs, p.Rhs)
		}
	case *ast.ValueSpec:
		names := make([]ast.Expr, len(p.Names))
		for j, n := range p.Names {
			names[j] = n
		}
		bind(names, p.Values)
	}
	if fv == nil {
		return nil, false
	}
	outer, _ := fixes.EnclosingFunc(path[i+1:])
	file, _ := path[len(path)-1].(*ast.File)
	if outer == nil || file == nil {
		return nil, false
	}
	var out []site
	ok := true
	walkStack(outer, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || c.info.Uses[id] != fv {
			return true
		}
		if len(stack) > 0 {
			if call, isCall := stack[len(stack)-1].(*ast.CallExpr); isCall && ast.Unparen(call.Fun) == id {
				out = append(out, site{file, call})
				return true
			}
		}
		ok = false // assigned, or used as a value
		return true
	})
	return out, ok
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
