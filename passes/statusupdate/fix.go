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
	v, addr := fixes.ObjectVar(info, objArg)
	if v == nil {
		return nil, "the object is not a local variable", false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, params := fixes.EnclosingFunc(path)
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
	if check := fixes.ErrCheckAfter(info, body, load); check != nil {
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
	if next := fixes.StmtAfter(body, load); next != nil {
		if as, ok := next.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && len(c.Args) == 0 {
				if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "DeepCopy" {
					if u, _ := fixes.ObjectVar(info, s.X); u == v {
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

// lastLoad is fixes.LastLoad with the pass's loads (Gets, and calls of the
// package's helpers that leave the object written) and its advice for a
// function literal.
func lastLoad(ol *objectLoads, path []ast.Node, body *ast.BlockStmt, v *types.Var) (ast.Stmt, *ast.CallExpr, string) {
	load, call, problem := fixes.LastLoad(ol.info, ol.loadsVar, path, body, v)
	reason := problem.Reason(v.Name())
	if problem == fixes.NotLoadedInLiteral {
		reason += "; snapshot it where it is loaded and patch with client.MergeFrom"
	}
	return load, call, reason
}
