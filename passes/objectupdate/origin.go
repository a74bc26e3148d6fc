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

// Where the object an Update sends (or a helper call hands over) came
// from: a Get into it, an item of a list loaded with List, or a copy
// (DeepCopy, DeepCopyInto) of one of those. Each is a load: what the
// Update sends is what the API server had there, plus what was done to it
// since, and to what it was copied from before the copy.

// origin is what an object expression holds at a call: the changes made to
// it since its load, and where the fix finds the loaded state to patch
// from.
type origin struct {
	eff objchange.Effect
	base
}

// base is where the fix finds the loaded object: an expression that still
// holds it at the Update (expr), or a copy of v to take right after the
// statement after (a Get's, after the check of its error) or where the
// block start starts; noFix says why there is none.
type base struct {
	expr  string
	after ast.Stmt
	get   bool // after is a Get: the copy goes after its error check
	start *ast.BlockStmt
	v     *types.Var
	addr  bool // the copy is of &v
	noFix string
	// changer names the caller that changes v, a parameter, after its
	// load: the copy belongs there, and no fix is offered.
	changer string
	// mayBeNil is set when some path sets v to nil before the call
	// (nilpath.go): a copy after an if statement that sets it, or where
	// a helper starts, may be of nil, and must be a typed DeepCopy.
	mayBeNil bool
}

// sourceOf is originOf, or, for a parameter of the function, what its
// callers hand over (paramOrigin).
func (c *checker) sourceOf(file *ast.File, path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, arg ast.Expr, depth int) (origin, bool) {
	if o, ok := c.originOf(file, path, body, at, arg, depth); ok {
		return o, true
	}
	return c.paramOrigin(path, body, at, arg)
}

// maxCopies bounds how many copies deep originOf follows (a copy of a
// copy of a loaded object).
const maxCopies = 2

// originOf returns what arg, an object expression used by the call at (an
// Update, the call of a helper, a DeepCopy), holds: ok is false when it is
// not an object loaded in this function (a parameter, a field, something
// made here), or was loaded again on some paths only. path runs from at
// outwards; body is the enclosing function's.
func (c *checker) originOf(file *ast.File, path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, arg ast.Expr, depth int) (origin, bool) {
	if list, ok := c.listItem(arg); ok && isIndex(arg) {
		// &pods.Items[i], handed over as it is.
		eff, _, ok := c.sinceList(path, body, at, list)
		return origin{eff: eff, base: base{noFix: "the object is an item of " + list.Name() + "; copy it before it is changed and patch from the copy"}}, ok
	}
	v, _ := fixes.ObjectVar(c.info, arg)
	if v == nil {
		return origin{}, false // a field or an expression: its load is not in sight
	}
	// A copy of v is of &v when v is a value (pod, handed over as &pod,
	// or copied from with pod.DeepCopy()).
	addr := !isPointer(v.Type())
	load, loadCall, problem := fixes.LastLoadOrCopy(c.info, c.loadsInto, path, body, v)
	var dead []ast.Node
	if problem == fixes.LoadedAgain {
		// Set to nil on some paths, which carry no object (nilpath.go).
		load, loadCall, dead = c.loadPastNil(path, body, at, v)
	}
	switch {
	case load != nil && c.isGet(loadCall):
		b := base{after: load, get: true, v: v, addr: addr, mayBeNil: len(dead) > 0}
		if ifs := fixes.IfInitOf(path, load); ifs != nil {
			// if err := r.Get(ctx, key, pod); err == nil { ... }: the
			// copy goes first in the branch that runs when it loaded.
			branch := loadedBranch(c.info, ifs, at)
			if branch == nil {
				return origin{}, false
			}
			b = base{start: branch, v: v, addr: addr}
		} else if _, ok := load.(*ast.IfStmt); ok && !c.region(body, loadCall.End(), load.End(), at, v, dead...).Unchanged() {
			// if err := r.Get(ctx, key, pod); ... { pod.Labels[k] = v }:
			// a copy after the if statement would hold the change.
			b.noFix = v.Name() + " is changed in the if statement that loads it; copy it there, right after the load, and patch from the copy"
		}
		// From the Get itself: what an if statement that loads it does
		// in its branches (those that do not return) counts.
		return origin{eff: c.between(body, loadCall.End(), at, v, dead...), base: b}, true
	case load != nil:
		if src := copyInto(c.info, loadCall, v); src != nil {
			return c.copied(file, path, body, at, v, addr, load, loadCall, src, depth)
		}
		if src, cc := copySource(c.info, loadCall); cc != nil {
			// v = loaded.DeepCopy() (or v := ...)
			return c.copied(file, path, body, at, v, addr, load, cc, src, depth)
		}
		return origin{}, false // last written: it holds the server's answer
	case problem == fixes.LoadedAgain && load == nil:
		// var primary *corev1.Pod, set in a loop over a list's items
		return c.pointerToItem(path, body, at, v)
	case problem != fixes.NotLoaded && problem != fixes.NotLoadedInLiteral:
		return origin{}, false
	case !within(body, v.Pos()):
		return origin{}, false // a parameter, or captured: its load is not here
	}
	// Not loaded since it was declared: by a copy, as a pointer to a
	// list's item, or as a range over a list's items.
	decl, rhs := c.declOf(body, v)
	switch {
	case decl == nil:
		return origin{}, false
	case rhs != nil:
		if src, cc := copySource(c.info, rhs); src != nil {
			return c.copied(file, path, body, at, v, addr, decl, cc, src, depth)
		}
		// pod := &pods.Items[i]
		list, ok := c.listItem(rhs)
		if !ok || !isIndex(rhs) || !inList(body, decl) {
			return origin{}, false
		}
		eff, load, ok := c.sinceList(path, body, at, list)
		if !ok {
			return origin{}, false
		}
		eff.Merge(c.between(body, decl.End(), at, v))
		return origin{eff: eff, base: base{after: decl, v: v, addr: addr, noFix: c.itemsChangedBefore(body, at, list, load.End(), decl, c.itemLoop(file, decl, list))}}, true
	}
	// for _, pod := range pods.Items { ... }
	rng, ok := decl.(*ast.RangeStmt)
	if !ok || !within(rng.Body, at.Pos()) {
		return origin{}, false
	}
	eff, noFix, ok := c.itemsOf(path, body, at, rng)
	if !ok {
		return origin{}, false
	}
	eff.Merge(c.between(body, rng.Body.Lbrace, at, v))
	return origin{eff: eff, base: base{start: rng.Body, v: v, addr: addr, noFix: noFix}}, true
}

// pointerToItem is the origin of v, a pointer declared without a value
// and set once, in a loop over a list's items, to the loop's variable
// (var primary *corev1.Pod; for _, pod := range pods.Items { if ... {
// primary = &pod; break } }), and used after the loop: that item, with
// what is done to it through either. The fix copies it right after the
// loop, where v may be nil, unless the loop itself changes the item (the
// copy would hold that change).
func (c *checker) pointerToItem(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, v *types.Var) (origin, bool) {
	set := setOnce(c.info, body, v)
	if set == nil {
		return origin{}, false
	}
	u, ok := ast.Unparen(set.Rhs[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return origin{}, false
	}
	item, _ := c.info.Uses[ident(u.X)].(*types.Var)
	decl, _ := c.declOf(body, item)
	rng, ok := decl.(*ast.RangeStmt)
	if item == nil || !ok || at.Pos() < rng.End() || !inList(body, rng) {
		return origin{}, false
	}
	eff, noFix, ok := c.itemsOf(path, body, at, rng)
	if !ok {
		return origin{}, false
	}
	eff.Merge(c.between(body, rng.Body.Lbrace, at, item))
	if noFix == "" && !c.region(body, rng.Body.Lbrace, rng.End(), at, item).Unchanged() {
		noFix = item.Name() + " is changed in the loop that finds it; copy it there and patch from the copy"
	}
	return origin{eff: eff, base: base{after: rng, v: v, noFix: noFix, mayBeNil: true}}, true
}

// itemsOf returns what is done to the items rng ranges over from their
// load with List to at (the call at itself left out), and why
// no fix can copy an item at the top of rng; ok is false when rng ranges
// over no list's items.
func (c *checker) itemsOf(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, rng *ast.RangeStmt) (eff objchange.Effect, noFix string, ok bool) {
	if isIndex(rng.X) {
		return eff, "", false
	}
	if eff, noFix, ok = c.itemsAt(path, body, at, rng.X, rng); ok {
		return eff, noFix, true
	}
	return c.paramItems(path, body, at, rng)
}

// itemsAt returns what is done to the items x holds (list.Items, or a
// local slice of copies of them: see appendedItems) from their load with
// List to at (the call at itself left out), and
// why no fix can copy one at taken (the changes before it would be in the
// copy); ok is false when x holds no list's items loaded in the function.
func (c *checker) itemsAt(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, x ast.Expr, taken ast.Node) (eff objchange.Effect, noFix string, ok bool) {
	list, ok := c.listItem(x)
	var slice *types.Var
	var appends []ast.Node
	if !ok {
		// ready, holding copies of a list's items the function appended
		// (the running Pods of a List).
		slice, list, appends, ok = c.appendedItems(body, x)
	}
	if !ok || isIndex(x) {
		return eff, "", false
	}
	eff, load, ok := c.sinceList(path, body, at, list)
	if !ok {
		return eff, "", false
	}
	noFix = c.itemsChangedBefore(body, at, list, load.End(), taken, taken)
	if slice != nil {
		// The copies share the items' maps and slices: what is done to
		// them (in other loops, in helpers handed the slice) is done to
		// the items too.
		eff.Merge(c.between(body, slice.Pos(), at, slice, appends...))
		if noFix == "" {
			noFix = c.itemsChangedBefore(body, at, slice, slice.Pos(), taken, taken, appends...)
		}
	}
	return eff, noFix, true
}

// itemLoop returns the loop over list's items (for i := range
// list.Items) that directly holds decl, which takes one of them (pvc :=
// &list.Items[i]): each of its passes takes another item, so what a pass
// does to its own item is not in a later pass's copy. Else decl.
func (c *checker) itemLoop(file *ast.File, decl ast.Stmt, list *types.Var) ast.Node {
	path, _ := astutil.PathEnclosingInterval(file, decl.Pos(), decl.End())
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if l, ok := c.listItem(n.X); ok && l == list && !isIndex(n.X) {
				return n
			}
			return decl
		case *ast.ForStmt, *ast.FuncLit, *ast.FuncDecl:
			return decl
		}
	}
	return decl
}

// itemsChangedBefore says why no fix can copy the item at taken (the range
// over the items, or the statement that takes a pointer to one) when the
// items are changed between their List (or the declaration of a slice of
// copies of them, or a helper's start), from, and taken, leaving out dead:
// a copy taken there already holds those changes, so a patch from it
// would not send them, though the Update does. When a loop that does not
// hold from holds loop (taken, or the loop over the items that holds it,
// whose passes each take another item), the rest of that loop runs before
// the next take and counts too. Empty when nothing changes them there.
func (c *checker) itemsChangedBefore(body *ast.BlockStmt, at *ast.CallExpr, list *types.Var, from token.Pos, taken, loop ast.Node, dead ...ast.Node) string {
	end := objchange.LoopEnd(body, from, loop.Pos(), loop.End())
	if end == loop.End() {
		end = taken.Pos() // in no such loop
	}
	if !c.region(body, from, end, at, list, dead...).Unchanged() {
		return "the items of " + list.Name() + " are changed after the List, before the item is taken; copy the list right after the List and patch from its item"
	}
	return ""
}

// loadedBranch returns the block of ifs, whose init loads the object into
// an error variable, that runs only when the load succeeded and holds the
// call at: the body under err == nil, the else under err != nil; nil
// otherwise.
func loadedBranch(info *types.Info, ifs *ast.IfStmt, at *ast.CallExpr) *ast.BlockStmt {
	as, ok := ifs.Init.(*ast.AssignStmt)
	cond, isBinary := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || !isBinary || (cond.Op != token.EQL && cond.Op != token.NEQ) {
		return nil
	}
	errVar, _ := fixes.ObjectVar(info, cond.X)
	if nilID, ok := ast.Unparen(cond.Y).(*ast.Ident); !ok || errVar == nil || info.Uses[nilID] != types.Universe.Lookup("nil") {
		return nil
	}
	if !fixes.AssignedErrors(info, as)[errVar] {
		return nil
	}
	branch := ifs.Body
	if cond.Op == token.NEQ {
		branch, _ = ifs.Else.(*ast.BlockStmt)
	}
	if branch == nil || !within(branch, at.Pos()) {
		return nil
	}
	return branch
}

// copied is the origin of v, made at the statement stmt by the call cc as
// a copy of src: what src held at the copy, and what was done to v since.
// The fix's base is src itself when it still holds the loaded object at
// the Update; otherwise a copy of v right after stmt when src was not
// changed before the copy; otherwise src's.
func (c *checker) copied(file *ast.File, path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, v *types.Var, addr bool, stmt ast.Stmt, cc *ast.CallExpr, src ast.Expr, depth int) (origin, bool) {
	if depth >= maxCopies {
		return origin{}, false
	}
	cpath, _ := astutil.PathEnclosingInterval(file, cc.Pos(), cc.End())
	from, ok := c.sourceOf(file, cpath, body, cc, src, depth+1)
	if !ok {
		return origin{}, false
	}
	o := origin{eff: from.eff}
	o.eff.Merge(c.between(body, stmt.End(), at, v))
	switch {
	case c.unchangedAt(file, path, body, at, src, from.base, depth):
		o.base = base{expr: exprOf(c.info, src)}
	case from.eff.Unchanged() && inList(body, stmt):
		o.base = base{after: stmt, v: v, addr: addr, mayBeNil: from.mayBeNil}
	default:
		o.base = from.base
	}
	return o, true
}

// unchangedAt reports whether src, a variable a copy was made from, still
// holds its loaded object at the call at, under the same name: the same
// load (b, where the copy found it) and nothing done to it since.
func (c *checker) unchangedAt(file *ast.File, path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, src ast.Expr, b base, depth int) bool {
	u, _ := fixes.ObjectVar(c.info, src)
	if u == nil || exprOf(c.info, src) == "" {
		return false
	}
	if scope := c.pass.Pkg.Scope().Innermost(at.Pos()); scope == nil {
		return false
	} else if _, obj := scope.LookupParent(u.Name(), at.Pos()); obj != u {
		return false
	}
	o, ok := c.sourceOf(file, path, body, at, src, depth+1)
	return ok && o.eff.Unchanged() && o.after == b.after && o.start == b.start && o.v == b.v
}

// sinceList returns what is done to the items of list from its load with
// List to at (the call at itself left out): what is done to any
// item counts as done to every one; ok is false when list is not last
// loaded with List on every path.
func (c *checker) sinceList(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, list *types.Var) (objchange.Effect, ast.Stmt, bool) {
	load, loadCall, _ := fixes.LastLoad(c.info, c.loadsInto, path, body, list)
	if load == nil || !c.isList(loadCall) {
		return objchange.Effect{}, nil, false
	}
	return c.between(body, load.End(), at, list), load, true
}

// loadsInto is LastLoad's loadsVar for this pass: a Get, Create, Update or
// Patch of v (fixes.GetInto), a List into it, or a DeepCopyInto it.
func (c *checker) loadsInto(call *ast.CallExpr, v *types.Var) bool {
	if obj := c.m.LoadedObject(c.info, call); obj != nil {
		u, _ := fixes.ObjectVar(c.info, obj)
		return u == v
	}
	if c.isList(call) {
		u, _ := fixes.ObjectVar(c.info, call.Args[1])
		return u == v
	}
	return copyInto(c.info, call, v) != nil
}

// isList reports whether call is controller-runtime's List.
func (c *checker) isList(call *ast.CallExpr) bool {
	fn, recv := crmodel.MethodCall(c.info, call)
	return len(call.Args) >= 2 && c.m.IsList(fn, recv)
}

// listItem reports whether e is an item of a local list: pods.Items[i] or
// &pods.Items[i], or the items themselves (pods.Items, ranged over).
func (c *checker) listItem(e ast.Expr) (*types.Var, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
		if _, ok := e.(*ast.IndexExpr); !ok {
			return nil, false
		}
	}
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ast.Unparen(ix.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Items" {
		return nil, false
	}
	if s := c.info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
		return nil, false
	}
	if _, ok := c.info.TypeOf(sel).Underlying().(*types.Slice); !ok {
		return nil, false
	}
	v, _ := fixes.ObjectVar(c.info, sel.X)
	return v, v != nil
}

// appendedItems returns the slice x is and the list whose items it holds
// when x is a local slice that body only declares empty (var
// s []T, s := make(...), s := []T{}) and assigns the appends of the values
// a range over the list's items binds (s = append(s, pod) in for _, pod :=
// range list.Items), which it returns: each element is then a copy of one
// of those items, whose maps and slices it shares. What else is done to
// the slice is the caller's to count (between).
func (c *checker) appendedItems(body *ast.BlockStmt, x ast.Expr) (slice, list *types.Var, appends []ast.Node, ok bool) {
	id, isIdent := ast.Unparen(x).(*ast.Ident)
	s, _ := c.info.Uses[ident(id)].(*types.Var)
	if !isIdent || s == nil || !within(body, s.Pos()) {
		return nil, nil, nil, false
	}
	if _, isSlice := s.Type().Underlying().(*types.Slice); !isSlice {
		return nil, nil, nil, false
	}
	ok = true
	walkStack(body, func(n ast.Node, stack []ast.Node) bool {
		x, isIdent := n.(*ast.Ident)
		if !ok || !isIdent || c.info.ObjectOf(x) != s || len(stack) == 0 {
			return ok
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.ValueSpec:
			ok = len(p.Values) == 0 // var s []T
		case *ast.AssignStmt:
			if !slices.Contains(p.Lhs, ast.Expr(x)) {
				break // s on the right: the areas question's
			}
			ok = len(p.Lhs) == 1 && len(p.Rhs) == 1
			if ok && p.Tok == token.DEFINE {
				ok = emptySlice(c.info, p.Rhs[0])
			} else if ok {
				var from *types.Var
				from, ok = c.appendOfItem(body, p.Rhs[0], s)
				ok = ok && (list == nil || list == from)
				list = from
				appends = append(appends, p)
			}
		}
		return ok
	})
	return s, list, appends, ok && list != nil
}

// appendOfItem returns the list whose item e, an append to s, appends:
// append(s, pod), pod bound by for _, pod := range list.Items.
func (c *checker) appendOfItem(body *ast.BlockStmt, e ast.Expr, s *types.Var) (*types.Var, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) != 2 {
		return nil, false
	}
	if b, ok := c.info.Uses[ident(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" || c.info.Uses[ident(call.Args[0])] != s {
		return nil, false
	}
	item, _ := c.info.Uses[ident(call.Args[1])].(*types.Var)
	if item == nil {
		return nil, false
	}
	rng, _ := c.declOf(body, item)
	r, ok := rng.(*ast.RangeStmt)
	if !ok || isIndex(r.X) {
		return nil, false
	}
	return c.listItem(r.X)
}

// emptySlice reports whether e makes an empty slice: make([]T, 0[, n]) or
// []T{}.
func emptySlice(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.CallExpr:
		b, ok := info.Uses[ident(e.Fun)].(*types.Builtin)
		if !ok || b.Name() != "make" || len(e.Args) < 2 {
			return false
		}
		tv, ok := info.Types[e.Args[1]]
		return ok && tv.Value != nil && tv.Value.String() == "0"
	}
	return false
}

// ident returns e as an identifier, or nil.
func ident(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// copyInto returns the object call copies into v (src in
// src.DeepCopyInto(v) or src.DeepCopyInto(&v)), or nil.
func copyInto(info *types.Info, call *ast.CallExpr, v *types.Var) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopyInto" || len(call.Args) != 1 {
		return nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	if u, _ := fixes.ObjectVar(info, call.Args[0]); u != v {
		return nil
	}
	return sel.X
}

// copySource returns, for rhs a copy of an object (src.DeepCopy(), or
// src.DeepCopyObject() asserted to a type), src and the copying call.
func copySource(info *types.Info, rhs ast.Expr) (ast.Expr, *ast.CallExpr) {
	rhs = ast.Unparen(rhs)
	name := "DeepCopy"
	if ta, ok := rhs.(*ast.TypeAssertExpr); ok && ta.Type != nil {
		rhs, name = ast.Unparen(ta.X), "DeepCopyObject"
	}
	call, ok := rhs.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return nil, nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil, nil
	}
	return sel.X, call
}

// declOf returns the statement of body that declares v and, when it gives
// it a value, the expression: v := e, var v = e, or a range statement
// (with no expression).
func (c *checker) declOf(body *ast.BlockStmt, v *types.Var) (ast.Stmt, ast.Expr) {
	var stmt ast.Stmt
	var rhs ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if stmt != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && c.info.Defs[id] == v {
					stmt, rhs = n, n.Rhs[i]
				}
			}
		case *ast.DeclStmt:
			gd, ok := n.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				return true
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, id := range vs.Names {
					if c.info.Defs[id] == v && len(vs.Values) == len(vs.Names) {
						stmt, rhs = n, vs.Values[i]
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok != token.DEFINE {
				return true
			}
			if id, ok := n.Value.(*ast.Ident); ok && c.info.Defs[id] == v {
				stmt = n
			}
		}
		return true
	})
	return stmt, rhs
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// exprOf returns the expression that hands the object src names to a
// patch as a pointer: its name, or &name for a value.
func exprOf(info *types.Info, src ast.Expr) string {
	u, _ := fixes.ObjectVar(info, src)
	if u == nil {
		return ""
	}
	if isPointer(u.Type()) {
		return u.Name()
	}
	if _, ok := u.Type().Underlying().(*types.Struct); ok {
		return "&" + u.Name()
	}
	return ""
}

// inList reports whether s is a statement of a block or clause of body
// (not an if statement's init), after which a statement can go.
func inList(body *ast.BlockStmt, s ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		for _, x := range fixes.StmtList(n) {
			if x == s {
				found = true
			}
		}
		return !found
	})
	return found
}

// isIndex reports whether e is an indexing, or its address: pods.Items[i],
// &pods.Items[i].
func isIndex(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	_, ok := e.(*ast.IndexExpr)
	return ok
}

// within reports whether pos is inside n.
func within(n ast.Node, pos token.Pos) bool {
	return n.Pos() <= pos && pos < n.End()
}

// setOnce returns the only assignment to lv when lv is a local of body
// declared without a value (var primary *corev1.Pod, set in the loop that
// finds it) that holds what the assignment gives it from there on, as :=
// would: its address is not taken, no function literal uses it, and it is
// not used before the assignment in a loop that holds the assignment but
// not the declaration (a next pass would see the value there). Nil
// otherwise.
func setOnce(info *types.Info, body *ast.BlockStmt, lv *types.Var) *ast.AssignStmt {
	var (
		decl *ast.ValueSpec
		set  *ast.AssignStmt
		uses []token.Pos
	)
	ok := true
	walkStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return info.Defs[id] == lv }) {
				decl = n
				ok = ok && len(n.Values) == 0
			}
		case *ast.Ident:
			if info.Uses[n] != lv {
				break
			}
			uses = append(uses, n.Pos())
			switch p := stack[len(stack)-1].(type) {
			case *ast.AssignStmt:
				if slices.Contains(p.Lhs, ast.Expr(n)) {
					ok = ok && set == nil && p.Tok == token.ASSIGN && len(p.Lhs) == 1 && len(p.Rhs) == 1
					set = p
				}
			case *ast.UnaryExpr:
				ok = ok && p.Op != token.AND
			}
			ok = ok && !inFuncLit(stack)
		}
		return ok
	})
	if !ok || decl == nil || set == nil {
		return nil
	}
	var loopHeld bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= set.Pos() && set.End() <= n.End() && (decl.Pos() < n.Pos() || decl.Pos() >= n.End()) {
				for _, u := range uses {
					loopHeld = loopHeld || n.Pos() <= u && u < set.Pos()
				}
			}
		}
		return !loopHeld
	})
	if loopHeld {
		return nil
	}
	return set
}

// inFuncLit reports whether the innermost node of stack is inside a
// function literal.
func inFuncLit(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// walkStack is ast.Inspect with the path from root to each node's parent.
func walkStack(root ast.Node, f func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !f(n, stack) {
			return false
		}
		stack = append(stack, n)
		return true
	})
}
