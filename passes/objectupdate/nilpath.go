package objectupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/statuslint/statuslint/internal/fixes"
)

// A path that sets the object's variable to nil carries no object: an
// Update of nil panics before anything is written (the client reads the
// object's kind first), and a helper handed nil does the same or returns
// before its Update (one that gives its parameter another object is not
// followed: paramOrigin). So a branch that ends by dropping the object,
//
//	pod := &corev1.Pod{}
//	err := r.Get(ctx, key, pod)
//	if err != nil {
//		if !apierrors.IsNotFound(err) {
//			return err
//		}
//		pod = nil
//	}
//	...
//	if pod != nil {
//		return reconcileExisting(pod)
//	}
//
// does not make the object "loaded on some paths only": on every path
// that reaches the call with an object, it is the one the Get loaded, and
// what the branch did to it before dropping it never reaches the call.
// Whether a pod != nil check guards the call does not matter.

// loadPastNil is LastLoadOrCopy's answer for v, which some paths assign
// before the call at (LoadedAgain), when every such assignment is in a
// branch that drops the object (nilBranches): the Get that loads v on
// every other path, and the statements of those branches, for between to
// leave out. Walking back from the call through the statements before it
// in each enclosing list, nearest first, the first one that assigns v or
// loads into it outside those branches must load it with a Get in its
// own right (r.Get(...), err := r.Get(...), or in an if statement's init:
// if err := r.Get(...); err != nil { ...; pod = nil }); load is nil when
// it does anything else (another object, a Create, a copy), or v's
// declaration comes first.
func (c *checker) loadPastNil(path []ast.Node, body *ast.BlockStmt, at *ast.CallExpr, v *types.Var) (load ast.Stmt, loadCall *ast.CallExpr, dead []ast.Node) {
	if !isPointer(v.Type()) && !types.IsInterface(v.Type()) {
		return nil, nil, nil // a struct variable is never nil
	}
	dead = c.nilBranches(body, v, at)
	if len(dead) == 0 {
		return nil, nil, nil
	}
	fixes.WalkBack(path, body, func(_ ast.Node, s ast.Stmt) bool {
		if s == nil {
			return true
		}
		if within(s, v.Pos()) {
			return false // declared there: v is in scope after s only if s declares it
		}
		sets := c.setsIn(s, v, at, dead)
		if len(sets) == 0 {
			return true
		}
		if call, ok := sets[0].(*ast.CallExpr); ok && len(sets) == 1 && c.isGet(call) && loadsFirst(s, call) {
			load, loadCall = s, call
		}
		return false
	})
	if load == nil {
		return nil, nil, nil
	}
	return load, loadCall, dead
}

// loadsFirst reports whether call runs whenever s does, before the rest
// of it: s is a simple statement, or call is in an if statement's init or
// condition.
func loadsFirst(s ast.Stmt, call *ast.CallExpr) bool {
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
		return true
	case *ast.IfStmt:
		return (s.Init != nil && within(s.Init, call.Pos())) || within(s.Cond, call.Pos())
	}
	return false
}

// nilBranches returns the statements of the branches of body before the
// call at (not holding it, nor in a function literal) that end by
// dropping v's object: a statement list (a block, a case's body) with v =
// nil in it, after which nothing mentions v, before which nothing can jump
// out of the list (break, continue, goto, labels) or capture v in a
// function literal; only a return leaves it with the object, and a return
// does not reach the call.
func (c *checker) nilBranches(body *ast.BlockStmt, v *types.Var, at *ast.CallExpr) []ast.Node {
	var dead []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if n == nil || n == body || n.End() > at.Pos() {
			return true
		}
		list := fixes.StmtList(n)
		i := len(list) - 1
		for i >= 0 && !c.setsNil(list[i], v) {
			i--
		}
		if i < 0 || c.mentions(list[i+1:], v) || !c.fallsThrough(list[:i], v) {
			return true
		}
		if b, ok := n.(*ast.BlockStmt); ok {
			dead = append(dead, b)
		} else {
			for _, s := range list {
				dead = append(dead, s) // a case's body, not its expressions
			}
		}
		return false
	})
	return dead
}

// setsNil reports whether s is v = nil.
func (c *checker) setsNil(s ast.Stmt, v *types.Var) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	if u, _ := fixes.ObjectVar(c.info, as.Lhs[0]); u != v {
		return false
	}
	id, ok := ast.Unparen(as.Rhs[0]).(*ast.Ident)
	return ok && c.info.Uses[id] == types.Universe.Lookup("nil")
}

// mentions reports whether any of stmts uses v.
func (c *checker) mentions(stmts []ast.Stmt, v *types.Var) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.info.Uses[id] == v {
				found = true
			}
			return !found
		})
	}
	return found
}

// fallsThrough reports whether stmts, which run before v = nil in its
// list, can only go on to it or return: no branch statement or label
// (outside function literals, whose own do not leave the list) and no
// function literal that captures v (it may run once v holds the object
// somewhere else).
func (c *checker) fallsThrough(stmts []ast.Stmt, v *types.Var) bool {
	ok := true
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BranchStmt, *ast.LabeledStmt:
				ok = false
			case *ast.FuncLit:
				if c.mentions(n.Body.List, v) {
					ok = false
				}
				return false
			}
			return ok
		})
	}
	return ok
}

// setsIn returns what in s assigns v or loads into it, outside the dead
// statements, function literals and the blocks that return before the
// call at (they never reach it): assignments, range statements and calls
// that load (loadsInto).
func (c *checker) setsIn(s ast.Stmt, v *types.Var, at *ast.CallExpr, dead []ast.Node) []ast.Node {
	var sets []ast.Node
	ast.Inspect(s, func(n ast.Node) bool {
		if n == nil || slices.Contains(dead, n) {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if list := fixes.StmtList(n); len(list) > 0 && !within(n, at.Pos()) {
			if _, ok := list[len(list)-1].(*ast.ReturnStmt); ok {
				return false
			}
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if u, _ := fixes.ObjectVar(c.info, l); u == v {
					sets = append(sets, n)
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && c.info.Uses[id] == v {
					sets = append(sets, n)
				}
			}
		case *ast.CallExpr:
			if c.loadsInto(n, v) {
				sets = append(sets, n)
			}
		}
		return true
	})
	return sets
}
