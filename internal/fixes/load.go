package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// Where an object was last loaded: the fixes that snapshot an object right
// after its load (statusupdate's merge patch base, conditions' comparison
// copy) find that place the same way.

// ObjectVar returns the variable an object argument names: obj or &obj.
func ObjectVar(info *types.Info, e ast.Expr) (v *types.Var, addr bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e, addr = ast.Unparen(u.X), true
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, _ = info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return nil, false
	}
	return v, addr
}

// EnclosingFunc returns the body and parameters of the innermost function
// on path.
func EnclosingFunc(path []ast.Node) (*ast.BlockStmt, *ast.FieldList) {
	for _, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n.Body, n.Type.Params
		case *ast.FuncDecl:
			if n.Body == nil {
				return nil, nil
			}
			var params *ast.FieldList = n.Type.Params
			if n.Recv != nil {
				params = &ast.FieldList{Opening: n.Recv.Pos(), Closing: n.Type.Params.End()}
			}
			return n.Body, params
		}
	}
	return nil, nil
}

// LoadProblem says why LastLoad found no load.
type LoadProblem int

const (
	// Loaded: the load was found.
	Loaded LoadProblem = iota
	// NotLoaded: no statement of the function loads the variable.
	NotLoaded
	// NotLoadedInLiteral: the function literal that writes the variable
	// does not load it (its enclosing function may).
	NotLoadedInLiteral
	// LoadedAgain: some paths load or assign it again before the write.
	LoadedAgain
)

// Reason says the problem of the variable name, for messages.
func (p LoadProblem) Reason(name string) string {
	switch p {
	case NotLoaded:
		return name + " is not loaded from the API server earlier in this function"
	case NotLoadedInLiteral:
		return name + " is not loaded in the function literal that writes it"
	case LoadedAgain:
		return name + " is loaded or assigned again on some paths before the write"
	}
	return ""
}

// LastLoad finds the statement that last loads v before the write on every
// path: walking out from the write (path, from the write's node outwards)
// through the enclosing blocks of its function, the nearest earlier
// statement that loads v, provided no statement in between loads or
// assigns v on some paths only. loadsVar tells whether a call loads v: a
// Get into it, and whatever else the caller counts as a load.
func LastLoad(info *types.Info, loadsVar func(*ast.CallExpr, *types.Var) bool, path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, LoadProblem) {
	return lastLoad(info, loadsVar, func(call *ast.CallExpr) bool { return crmodel.IsTypedClientGet(info, call) }, nil, false, path, body, v)
}

// LastLoadOrCopy is LastLoad, with a deep copy of another object assigned
// to v (v = u.DeepCopy(), or v := u.DeepCopy()) ending the walk as v's
// load: call is then the DeepCopy, and the caller decides what the copy
// holds (objectupdate follows it to u's load). The init of an if statement
// whose body or else the write is in counts as a statement before it (if
// err := r.Get(ctx, key, pod); err == nil { ... }): the load returned may
// be such an init, after which no statement can go (see IfInitOf).
func LastLoadOrCopy(info *types.Info, loadsVar func(*ast.CallExpr, *types.Var) bool, path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, LoadProblem) {
	copyCall := func(s ast.Stmt, _ []ast.Node, _ *types.Var) *ast.CallExpr { return assignedCall(info, s, v, 1) }
	return lastLoad(info, loadsVar, func(call *ast.CallExpr) bool { return crmodel.IsTypedClientGet(info, call) }, copyCall, true, path, body, v)
}

// IfInitOf returns the if statement on path (from a node outwards) whose
// init is s, with the write path starts at in its body or else; nil when
// s is no such init.
func IfInitOf(path []ast.Node, s ast.Stmt) *ast.IfStmt {
	for _, n := range path {
		if ifs, ok := n.(*ast.IfStmt); ok && ifs.Init == s && s != nil && path[0].Pos() >= ifs.Body.Pos() {
			return ifs
		}
	}
	return nil
}

// lastLoad is LastLoad, readInto telling which calls return a loaded
// object (see assignedRead), and copied, when not nil, whether a deep copy
// of another object (v := u.DeepCopy(), s, at the node path starts with)
// is as loaded as u, by the call that loaded u; nil when it is not.
//
// With inits, an if statement's init counts as a statement before the
// write when the write is in its body or else (LastLoadOrCopy).
func lastLoad(info *types.Info, loadsVar func(*ast.CallExpr, *types.Var) bool, readInto func(*ast.CallExpr) bool, copied func(s ast.Stmt, path []ast.Node, u *types.Var) *ast.CallExpr, inits bool, path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, LoadProblem) {
	notLoaded := NotLoaded
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			notLoaded = NotLoadedInLiteral
			break
		} else if _, ok := n.(*ast.FuncDecl); ok {
			break
		}
	}
	var (
		stmt    ast.Stmt
		call    *ast.CallExpr
		problem = notLoaded
	)
	WalkBack(path, body, func(n ast.Node, s ast.Stmt) bool {
		if s == nil {
			ifs, ok := n.(*ast.IfStmt)
			if !inits || !ok || ifs.Init == nil || path[0].Pos() < ifs.Body.Pos() {
				return true
			}
			s = ifs.Init
		}
		if c := assignedRead(info, s, v, readInto); c != nil {
			stmt, call, problem = s, c, Loaded
			return false
		}
		if u := deepCopied(info, s, v); u != nil && copied != nil {
			at := append([]ast.Node{s}, path[slices.Index(path, n):]...)
			if c := copied(s, at, u); c != nil {
				stmt, call, problem = s, c, Loaded
			}
			return false
		}
		if declares(info, s, v) {
			return false
		}
		direct, other := loads(info, loadsVar, s, v)
		switch {
		case other:
			problem = LoadedAgain
			return false
		case direct != nil:
			stmt, call, problem = s, direct, Loaded
			return false
		}
		return true
	})
	return stmt, call, problem
}

// assignedRead returns the call when s assigns v the object a call returns
// that reads returns true for: a client-go typed client's Get
// (cluster, err := clientset.CephV1().CephClusters(ns).Get(ctx, name,
// metav1.GetOptions{})), a load straight from the API server
// (crmodel.IsTypedClientGet), or, with ObjectLoads, a helper that returns
// an object it has just read. nil otherwise.
func assignedRead(info *types.Info, s ast.Stmt, v *types.Var, reads func(*ast.CallExpr) bool) *ast.CallExpr {
	call := assignedCall(info, s, v, 2)
	if call == nil || !reads(call) {
		return nil
	}
	return call
}

// assignedCall returns the call when s assigns v, the first of lhs
// variables, the first result of one call: v, err := f(...) for lhs 2.
func assignedCall(info *types.Info, s ast.Stmt, v *types.Var, lhs int) *ast.CallExpr {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != lhs {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
		return nil
	}
	call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return call
}

// deepCopied returns u when s assigns v a deep copy of the object u
// (v := u.DeepCopy(), or v = u.DeepCopy()), nil otherwise.
func deepCopied(info *types.Info, s ast.Stmt, v *types.Var) *types.Var {
	call := assignedCall(info, s, v, 1)
	if call == nil || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopy" {
		return nil
	}
	if _, isMethod := info.Selections[sel]; !isMethod {
		return nil
	}
	u, _ := ObjectVar(info, sel.X)
	if u == nil || u == v {
		return nil
	}
	return u
}

// AssignedFrom returns u when s assigns v the object u, its address or a
// deep copy of it (v = u, v = &u, v = u.DeepCopy()), nil otherwise.
func AssignedFrom(info *types.Info, s ast.Stmt, v *types.Var) *types.Var {
	if u := deepCopied(info, s, v); u != nil {
		return u
	}
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); !ok || (info.Defs[id] != v && info.Uses[id] != v) {
		return nil
	}
	if u, _ := ObjectVar(info, as.Rhs[0]); u != v {
		return u
	}
	return nil
}

// WalkBack calls visit for what runs before path[0] in its function,
// walking out from it: each enclosing node (s nil), then the statements
// before the child in that node's list, nearest first. It stops when visit
// returns false, at a function literal or declaration, and after body's
// list. LastLoad, LastLoadBeforeReloads and objectupdate's walk past
// branches that drop the object walk this way.
func WalkBack(path []ast.Node, body *ast.BlockStmt, visit func(n ast.Node, s ast.Stmt) bool) {
	var child ast.Node
	for _, n := range path {
		if !visit(n, nil) {
			return
		}
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return
		}
		list := StmtList(n)
		for i := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child }) - 1; i >= 0; i-- {
			if !visit(n, list[i]) {
				return
			}
		}
		if n == body {
			return
		}
		child = n
	}
}

// GetInto returns the loadsVar of LastLoad that counts a controller-runtime
// read into v (Get, List) as its load.
func GetInto(m *crmodel.Model, info *types.Info) func(*ast.CallExpr, *types.Var) bool {
	return func(call *ast.CallExpr, v *types.Var) bool {
		if obj := m.LoadedObject(info, call); obj != nil {
			u, _ := ObjectVar(info, obj)
			return u == v
		}
		return false
	}
}

// declares reports whether s declares v.
func declares(info *types.Info, s ast.Stmt, v *types.Var) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Defs[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// loads returns the last call by which s loads v unconditionally (a call
// in a simple statement, or in an if statement's init or condition), and
// whether it loads or assigns v anywhere else in it.
func loads(info *types.Info, loadsVar func(*ast.CallExpr, *types.Var) bool, s ast.Stmt, v *types.Var) (direct *ast.CallExpr, other bool) {
	var top []ast.Node
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
		top = []ast.Node{s}
	case *ast.IfStmt:
		if s.Init != nil {
			top = append(top, s.Init)
		}
		top = append(top, s.Cond)
	}
	isTop := func(pos token.Pos) bool {
		for _, n := range top {
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		// A block that ends in a return does not reach the statements
		// after s: what it loads does not matter to them.
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if returns(StmtList(n)) {
				return false
			}
		case *ast.CallExpr:
			if loadsVar(n, v) {
				if isTop(n.Pos()) {
					direct = n
				} else {
					other = true
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.Uses[id] == v {
					other = true
				}
			}
		}
		return true
	})
	return direct, other
}

// returns reports whether a statement list ends in a return.
func returns(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok
}

// StmtAfter returns the statement following s in its block within body.
func StmtAfter(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	var next ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		list := StmtList(n)
		for i, x := range list {
			if x == s && i+1 < len(list) {
				next = list[i+1]
			}
		}
		return next == nil
	})
	return next
}

// ErrCheckAfter returns the last statement of the usual checks of the
// error load assigned that follow it: one or more of if err != nil {
// ...; return ... }, as in
//
//	err := r.Get(ctx, key, obj)
//	if apierrors.IsNotFound(err) {
//		return ctrl.Result{}, nil
//	}
//	if err != nil {
//		return ctrl.Result{}, err
//	}
//
// A copy taken after them is of an object that loaded.
func ErrCheckAfter(info *types.Info, body *ast.BlockStmt, load ast.Stmt) ast.Stmt {
	as, ok := load.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	// The errors it assigns: a check of the object itself (if w == nil,
	// if w.DeletionTimestamp != nil { ... }) is code of the function, which
	// may change or write the object, not a check that the load failed.
	assigned := AssignedErrors(info, as)
	var last ast.Stmt
	for s := ast.Stmt(as); ; {
		ifs, ok := StmtAfter(body, s).(*ast.IfStmt)
		if !ok || !returnsOn(info, ifs, assigned) {
			return last
		}
		last, s = ifs, ifs
	}
}

// AssignedErrors returns the variables of type error that as assigns (err
// in err := r.Get(...)).
func AssignedErrors(info *types.Info, as *ast.AssignStmt) map[types.Object]bool {
	assigned := make(map[types.Object]bool)
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil && crmodel.IsError(obj.Type()) {
				assigned[obj] = true
			}
		}
	}
	return assigned
}

// returnsOn reports whether ifs is a check of one of the variables in
// assigned that returns: if err != nil { ...; return ... }, with no init
// and no else.
func returnsOn(info *types.Info, ifs *ast.IfStmt, assigned map[types.Object]bool) bool {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	if _, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	uses := false
	ast.Inspect(ifs.Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && assigned[info.ObjectOf(id)] {
			uses = true
		}
		return !uses
	})
	return uses
}
