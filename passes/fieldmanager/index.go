package fieldmanager

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/statuslint/statuslint/internal/crmodel"
)

// value is one value assigned to a variable or struct field somewhere in
// the package.
type value struct {
	expr ast.Expr // nil when the value is not an expression (range variables)
	idx  int      // result index when expr is a multi-value call, else -1
	pos  token.Pos
	test bool // the assignment is in a _test.go file
}

// mutation is a change to a variable other than assigning it whole.
type mutation struct {
	field string // field selected by an assignment (v.FieldManager = ...); "" for opaque changes
	pos   token.Pos
	test  bool
}

// index records, once per package, every value assigned to each variable
// and struct field, every other change to a variable, and which variables
// are function parameters or results (whose values come from callers).
type index struct {
	values    map[*types.Var][]value
	mutations map[*types.Var][]mutation
	params    map[*types.Var]bool

	// paramOf maps the parameters of the package's declared functions and
	// methods (not receivers, results or parameters of function literals)
	// to their function and position, calls lists the calls of each of
	// those functions in the package, and escaped marks the functions used
	// other than by calling them (as values), whose calls cannot all be
	// seen.
	paramOf map[*types.Var]paramRef
	calls   map[*types.Func][]callSite
	escaped map[*types.Func]bool
}

// paramRef names parameter index of fn; manager is set when the writes
// go through the client of the manager the parameter holds.
type paramRef struct {
	fn      *types.Func
	index   int
	manager bool
}

// callSite is one call of a function of the package.
type callSite struct {
	call *ast.CallExpr
	test bool // in a _test.go file
}

func buildIndex(info *types.Info, m *crmodel.Model, files []*ast.File, isTest func(*ast.File) bool) *index {
	x := &index{
		values:    make(map[*types.Var][]value),
		mutations: make(map[*types.Var][]mutation),
		params:    make(map[*types.Var]bool),
		paramOf:   make(map[*types.Var]paramRef),
		calls:     make(map[*types.Func][]callSite),
		escaped:   make(map[*types.Func]bool),
	}
	varOf := func(id *ast.Ident) *types.Var {
		if id == nil || id.Name == "_" {
			return nil
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		v, _ := obj.(*types.Var)
		return v
	}
	for _, f := range files {
		test := isTest(f)
		addValue := func(v *types.Var, e ast.Expr, idx int, pos token.Pos) {
			if v != nil {
				v = v.Origin()
				x.values[v] = append(x.values[v], value{expr: e, idx: idx, pos: pos, test: test})
			}
		}
		mutate := func(e ast.Expr, field string, pos token.Pos) {
			if v := rootVar(info, e); v != nil {
				v = v.Origin()
				x.mutations[v] = append(x.mutations[v], mutation{field: field, pos: pos, test: test})
			}
		}
		// assign records e (result idx of a tuple, or -1) as a value of lhs.
		assign := func(lhs ast.Expr, e ast.Expr, idx int, pos token.Pos) {
			switch l := ast.Unparen(lhs).(type) {
			case *ast.Ident:
				addValue(varOf(l), e, idx, pos)
			case *ast.SelectorExpr:
				if s, ok := info.Selections[l]; ok && s.Kind() == types.FieldVal {
					if fv, ok := s.Obj().(*types.Var); ok {
						addValue(fv, e, idx, pos)
					}
					mutate(l.X, l.Sel.Name, pos)
				} else if v, ok := info.Uses[l.Sel].(*types.Var); ok {
					addValue(v, e, idx, pos) // pkg.Var = e
				}
			case *ast.IndexExpr, *ast.StarExpr:
				mutate(l, "", pos)
			}
		}
		params := func(ft *ast.FuncType, recv *ast.FieldList) {
			for _, fl := range []*ast.FieldList{recv, ft.TypeParams, ft.Params, ft.Results} {
				if fl == nil {
					continue
				}
				for _, fld := range fl.List {
					for _, name := range fld.Names {
						if v, ok := info.Defs[name].(*types.Var); ok {
							x.params[v] = true
						}
					}
				}
			}
		}
		// Arguments of client writes: handing &opts to the write itself
		// does not change opts.
		writeArgs := make(map[ast.Expr]bool)
		// Identifiers naming the function a call calls.
		callees := make(map[*ast.Ident]bool)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				params(n.Type, n.Recv)
				if fn, ok := info.Defs[n.Name].(*types.Func); ok && n.Type.Params != nil {
					i := 0
					for _, fld := range n.Type.Params.List {
						if len(fld.Names) == 0 {
							i++
							continue
						}
						for _, name := range fld.Names {
							if v, ok := info.Defs[name].(*types.Var); ok {
								x.paramOf[v] = paramRef{fn: fn, index: i}
							}
							i++
						}
					}
				}
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && !callees[n] {
					x.escaped[fn.Origin()] = true
				}
			case *ast.FuncLit:
				params(n.Type, nil)
			case *ast.AssignStmt:
				if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					for _, l := range n.Lhs {
						mutate(l, "", n.Pos())
					}
					break
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					for i, l := range n.Lhs {
						assign(l, n.Rhs[i], -1, n.Pos())
					}
				case len(n.Rhs) == 1:
					for i, l := range n.Lhs {
						assign(l, n.Rhs[0], i, n.Pos())
					}
				}
			case *ast.ValueSpec:
				switch {
				case len(n.Names) == len(n.Values):
					for i, id := range n.Names {
						addValue(varOf(id), n.Values[i], -1, n.Pos())
					}
				case len(n.Values) == 1:
					for i, id := range n.Names {
						addValue(varOf(id), n.Values[0], i, n.Pos())
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						assign(e, nil, -1, n.Pos())
					}
				}
			case *ast.IncDecStmt:
				mutate(n.X, "", n.Pos())
			case *ast.UnaryExpr:
				if n.Op == token.AND && !writeArgs[n] {
					mutate(n.X, "", n.Pos())
				}
			case *ast.CallExpr:
				// (*T).M(recv, args...) shifts the arguments: not a
				// call site, so M counts as escaped.
				if id := calleeIdent(n.Fun); id != nil && !isMethodExpr(info, n.Fun) {
					callees[id] = true
					if fn, ok := info.Uses[id].(*types.Func); ok {
						fn = fn.Origin()
						x.calls[fn] = append(x.calls[fn], callSite{call: n, test: test})
					}
				}
				if fn, recv := crmodel.MethodCall(info, n); fn != nil && isWriteName(fn.Name()) && m.ClassifyMethod(fn, recv) != crmodel.NotWrite {
					for _, a := range n.Args {
						writeArgs[a] = true
					}
					break
				}
				// A method called on an options variable may fill it in
				// (opts.ApplyOptions(...)); an options pointer handed to a
				// function may be filled in there.
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal && isOptionsLike(m, s.Recv()) {
						mutate(sel.X, "", n.Pos())
					}
				}
				for _, a := range n.Args {
					if tv, ok := info.Types[a]; ok && isOptionsLike(m, tv.Type) {
						if _, isPtr := types.Unalias(tv.Type).(*types.Pointer); isPtr {
							mutate(a, "", n.Pos())
						}
					}
				}
			case *ast.CompositeLit:
				tv, ok := info.Types[n]
				if !ok || tv.Type == nil {
					break
				}
				st, ok := tv.Type.Underlying().(*types.Struct)
				if !ok {
					break
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if fv, ok := info.Uses[id].(*types.Var); ok && fv.IsField() {
								addValue(fv, kv.Value, -1, kv.Pos())
							}
						}
					} else if i < st.NumFields() {
						addValue(st.Field(i), elt, -1, elt.Pos())
					}
				}
			}
			return true
		})
	}
	return x
}

// calleeIdent returns the identifier naming the function or method a call
// expression's Fun calls: f, pkg.F, x.M, f[T], or nil.
func calleeIdent(fun ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(fun).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			fun = x.X
		case *ast.IndexListExpr:
			fun = x.X
		default:
			return nil
		}
	}
}

func isMethodExpr(info *types.Info, fun ast.Expr) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodExpr
}

// isOptionsLike reports whether t is a type whose variables the pass
// follows for field-manager settings: write options and client.Options.
func isOptionsLike(m *crmodel.Model, t types.Type) bool {
	return m.IsWriteOptions(t) || m.IsClientOptions(t)
}

// rootVar returns the variable at the root of a selector, index or star
// chain (v in v.a.b, v[i], *v), or nil.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			return v
		case *ast.SelectorExpr:
			if s, ok := info.Selections[x]; ok && s.Kind() == types.FieldVal {
				e = x.X
				continue
			}
			return nil
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func isWriteName(name string) bool {
	switch name {
	case "Create", "Update", "Patch", "Apply", "Delete", "DeleteAllOf":
		return true
	}
	return false
}
