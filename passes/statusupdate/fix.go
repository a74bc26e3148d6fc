package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reach"
)

// suggestFix turns w, a status Update, into a status merge patch from a
// snapshot taken right after the object was last loaded:
//
//	if err := r.Get(ctx, req.NamespacedName, &w); err != nil { ... }
//	base := w.DeepCopy()
//	...
//	err := r.Status().Patch(ctx, &w, client.MergeFrom(base))
//
// It returns nil and the reason when no fix is safe. The edits are a
// rename of Update, a rewrite of the object argument and an inserted line,
// so a fix of another pass on the same call (an appended option) composes.
//
// fresh is set when the object was last loaded, on every path, by a write
// of it (Create, Update, Patch): it then carries the resourceVersion the
// API server just returned, not a cached one, and there is nothing to
// report.
func suggestFix(pass *analysis.Pass, res *reach.Result, ol *objectLoads, file *ast.File, w *reach.Write, names *snapshotNames) (fix *analysis.SuggestedFix, reason string, fresh bool) {
	switch {
	case ignore.CgoProcessed(file):
		return nil, ignore.CgoReason, false
	case w.MethodValue:
		return nil, "the write goes through a method value", false
	case w.Deferred:
		return nil, "the write is deferred, far from where the object is loaded", false
	case w.Go:
		return nil, "the write runs in its own goroutine", false
	case w.Call == nil || len(w.Call.Args) < 2:
		return nil, "the call could not be located", false
	}
	info := pass.TypesInfo
	call := w.Call
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, "the call is not a method call", false
	}
	objArg := call.Args[1]
	v, addr := objectVar(info, objArg)
	if v == nil {
		return nil, "the object is not a local variable", false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, params := enclosingFunc(path)
	if body == nil {
		return nil, "the write is not inside a function body", false
	}
	load, loadCall, reason := lastLoad(ol, path, body, v)
	if load == nil {
		if params != nil && params.Pos() <= v.Pos() && v.Pos() < params.End() {
			reason = fmt.Sprintf("%s is a parameter, loaded by the caller; snapshot it there and patch with client.MergeFrom", v.Name())
		}
		return nil, reason, false
	}
	if !ol.isGet(loadCall) {
		return nil, "", true
	}

	// The patch must accept every option the Update had.
	patchOpt := patchOptionType(pass.Pkg, info.TypeOf(sel.X))
	if patchOpt == nil {
		return nil, "the status writer has no Patch method", false
	}
	for i, opt := range call.Args[2:] {
		t := info.TypeOf(opt)
		if call.Ellipsis.IsValid() && i == len(call.Args)-3 {
			if s, ok := t.Underlying().(*types.Slice); ok {
				t = s.Elem()
			}
		}
		if t == nil || !types.AssignableTo(t, patchOpt) {
			return nil, fmt.Sprintf("option %s is not a patch option", types.ExprString(opt)), false
		}
	}

	// Snapshot after the error check that follows the load, if any: a
	// copy of an object that failed to load is never used.
	if check := errCheckAfter(info, body, load); check != nil {
		load = check
	}
	clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
	baseName, copyStmt := snapshot(pass, res.Model, clientName, load, v, addr, body, names)
	if baseName == "" {
		return nil, copyStmt, false // copyStmt is the reason
	}

	edits := []analysis.TextEdit{
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		{Pos: objArg.Pos(), End: objArg.End(), NewText: []byte(types.ExprString(objArg) + ", " + clientName + ".MergeFrom(" + baseName + ")")},
	}
	if copyStmt != "" {
		indent := strings.Repeat("\t", pass.Fset.Position(load.Pos()).Column-1)
		edits = append(edits, analysis.TextEdit{Pos: load.End(), End: load.End(), NewText: []byte("\n" + indent + copyStmt)})
	}
	edits = append(edits, importEdits...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Patch the status with %s.MergeFrom(%s)", clientName, baseName),
		TextEdits: edits,
	}, "", false
}

// objectVar returns the variable an object argument names: obj or &obj.
func objectVar(info *types.Info, e ast.Expr) (v *types.Var, addr bool) {
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

// enclosingFunc returns the body and parameters of the innermost function
// on path.
func enclosingFunc(path []ast.Node) (*ast.BlockStmt, *ast.FieldList) {
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

// lastLoad finds the statement that last loads v before the write on every
// path: walking out from the write through the enclosing blocks of its
// function, the nearest earlier statement that loads v, provided no
// statement in between loads or assigns v on some paths only.
func lastLoad(ol *objectLoads, path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, string) {
	info := ol.info
	notLoaded := fmt.Sprintf("%s is not loaded from the API server earlier in this function", v.Name())
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			notLoaded = fmt.Sprintf("%s is not loaded in the function literal that writes it; snapshot it where it is loaded and patch with client.MergeFrom", v.Name())
			break
		} else if _, ok := n.(*ast.FuncDecl); ok {
			break
		}
	}
	var child ast.Node
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil, notLoaded
		}
		list := fixes.StmtList(n)
		if list != nil {
			idx := -1
			for i, s := range list {
				if s == child {
					idx = i
				}
			}
			for i := idx - 1; i >= 0; i-- {
				s := list[i]
				if declares(info, s, v) {
					return nil, nil, notLoaded
				}
				direct, other := loads(ol, s, v)
				if other {
					return nil, nil, fmt.Sprintf("%s is loaded or assigned again on some paths before the write", v.Name())
				}
				if direct != nil {
					return s, direct, ""
				}
			}
		}
		if n == body {
			return nil, nil, notLoaded
		}
		child = n
	}
	return nil, nil, notLoaded
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
func loads(ol *objectLoads, s ast.Stmt, v *types.Var) (direct *ast.CallExpr, other bool) {
	info := ol.info
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
			if returns(fixes.StmtList(n)) {
				return false
			}
		case *ast.CallExpr:
			if ol.loadsVar(n, v) {
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

// patchOptionType returns the option type of the Patch method of the
// writer's type.
func patchOptionType(pkg *types.Package, writer types.Type) types.Type {
	if writer == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(writer, true, pkg, "Patch")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if !sig.Variadic() || sig.Params().Len() == 0 {
		return nil
	}
	s, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if !ok {
		return nil
	}
	return s.Elem()
}

// snapshot returns the name of the copy of v to patch from and the
// statement that makes it, empty when the statement right after the load
// already makes one. On failure the name is empty and the second result
// is the reason.
func snapshot(pass *analysis.Pass, m *crmodel.Model, clientName string, load ast.Stmt, v *types.Var, addr bool, body *ast.BlockStmt, names *snapshotNames) (string, string) {
	info := pass.TypesInfo
	if next := stmtAfter(body, load); next != nil {
		if as, ok := next.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && len(c.Args) == 0 {
				if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "DeepCopy" {
					if u, _ := objectVar(info, s.X); u == v {
						if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
							return id.Name, ""
						}
					}
				}
			}
		}
	}

	copyExpr := ""
	objType := v.Type()
	if addr {
		objType = types.NewPointer(objType)
	}
	if dc := method(pass.Pkg, objType, "DeepCopy"); dc != nil && dc.Params().Len() == 0 && dc.Results().Len() == 1 &&
		types.Identical(dc.Results().At(0).Type(), objType) {
		copyExpr = v.Name() + ".DeepCopy()"
	} else if dco := method(pass.Pkg, objType, "DeepCopyObject"); dco != nil && dco.Results().Len() == 1 {
		mergeFrom, _ := m.Lookup("MergeFrom").(*types.Func)
		if mergeFrom == nil {
			return "", "client.MergeFrom is missing"
		}
		param := mergeFrom.Type().(*types.Signature).Params().At(0).Type()
		copyExpr = v.Name() + ".DeepCopyObject()"
		if !types.AssignableTo(dco.Results().At(0).Type(), param) {
			copyExpr += ".(" + clientName + ".Object)"
		}
	} else {
		return "", fmt.Sprintf("%s has no DeepCopy method", types.TypeString(objType, types.RelativeTo(pass.Pkg)))
	}

	if name, ok := names.byLoad[load]; ok {
		// Another write loaded at the same statement: the same edit,
		// which drivers merge.
		return name, name + " := " + copyExpr
	}
	name := fixes.FreeName(pass.Pkg, body, load.End(), "base", func(n string) bool { return names.inBody[body][n] })
	names.byLoad[load] = name
	if names.inBody[body] == nil {
		names.inBody[body] = make(map[string]bool)
	}
	names.inBody[body][name] = true
	return name, name + " := " + copyExpr
}

// snapshotNames remembers the names the package's fixes give their
// snapshots, so that two fixes in one function that snapshot after
// different loads declare different variables when applied together.
type snapshotNames struct {
	byLoad map[ast.Stmt]string
	inBody map[*ast.BlockStmt]map[string]bool
}

func newSnapshotNames() *snapshotNames {
	return &snapshotNames{byLoad: make(map[ast.Stmt]string), inBody: make(map[*ast.BlockStmt]map[string]bool)}
}

func method(pkg *types.Package, t types.Type, name string) *types.Signature {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	if fn, ok := obj.(*types.Func); ok {
		return fn.Type().(*types.Signature)
	}
	return nil
}

// stmtAfter returns the statement following s in its block within body.
func stmtAfter(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	var next ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		list := fixes.StmtList(n)
		for i, x := range list {
			if x == s && i+1 < len(list) {
				next = list[i+1]
			}
		}
		return next == nil
	})
	return next
}

// errCheckAfter returns the statement after load when it is the usual
// check of the error load assigned: if err != nil { ...; return ... }.
func errCheckAfter(info *types.Info, body *ast.BlockStmt, load ast.Stmt) ast.Stmt {
	as, ok := load.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	ifs, ok := stmtAfter(body, load).(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return nil
	}
	if _, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ok {
		return nil
	}
	assigned := make(map[types.Object]bool)
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil {
				assigned[obj] = true
			}
		}
	}
	uses := false
	ast.Inspect(ifs.Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && assigned[info.ObjectOf(id)] {
			uses = true
		}
		return !uses
	})
	if !uses {
		return nil
	}
	return ifs
}
