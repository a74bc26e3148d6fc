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
	"github.com/statuslint/statuslint/internal/reconcilepath"
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
func (c *checker) suggestFix(file *ast.File, w *reconcilepath.Write) (fix *analysis.SuggestedFix, reason string, fresh bool) {
	switch {
	case ignore.CgoProcessed(file):
		return nil, ignore.CgoReason, false
	case w.MethodValue:
		return nil, "the write goes through a method value", false
	case w.Go:
		return nil, "the write runs in its own goroutine", false
	case w.Call == nil || len(w.Call.Args) < 2:
		return nil, "the call could not be located", false
	}
	pass, info := c.pass, c.pass.TypesInfo
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
	load, loadCall, reason := c.lastLoad(path, body, v)
	// late is set when the write may run after statements that follow its
	// own position in the function that loads the object: a deferred call,
	// or a function literal run later (deferred, by a conflict retry, or
	// by a function that calls it before it returns, maybe more than once).
	late := w.Deferred
	// until is where the write runs in the function that loads the
	// object, as far as its text tells: not for a late write, nor for one
	// in a function literal, which runs wherever the literal is called.
	until := call.Pos()
	if load == nil {
		retried := inConflictRetry(w.Fn)
		if outer, later := c.capturedAt(path, v, retried); outer != nil {
			// The literal uses the object its enclosing function loads:
			// snapshot there, where the literal is made.
			path, late, until = outer, later || retried, token.NoPos
			body, params = fixes.EnclosingFunc(path)
			load, loadCall, reason = c.lastLoad(path, body, v)
		}
	}
	// reload is set when the snapshot goes after the last statement that
	// loads the object again on some paths (see afterReloads).
	var reload ast.Stmt
	if load == nil && reason == fixes.LoadedAgain.Reason(v.Name()) {
		var why string
		load, loadCall, reload, why = c.afterReloads(path, body, v)
		reason += why
	}
	if load == nil {
		if params != nil && params.Pos() <= v.Pos() && v.Pos() < params.End() {
			reason = fmt.Sprintf("%s is a parameter, loaded by the caller; snapshot it there and patch with client.MergeFrom", v.Name())
			if fix := c.threadSnapshot(file, w, path, v); fix != nil {
				return fix, "", false
			}
			fix, why := c.siblingInPackage(w, path, v)
			if fix != nil {
				return fix, "", false
			}
			if why != "" {
				reason += " (" + why + ")"
			}
		}
		return nil, reason, false
	}
	if !c.loads.IsGet(loadCall) && !late {
		return nil, "", true
	}
	if late && c.loadedElsewhere(body, v, loadCall, load, reload) {
		// One snapshot after the load fits only if nothing reads into the
		// object again before the write runs, which for a late write is
		// anywhere in the function.
		return nil, fmt.Sprintf("%s is read again in the function before this runs; no one snapshot fits every path", v.Name()), false
	}

	if reason := fixes.Unpatchable(c.pass.TypesInfo, c.pass.Pkg, call, sel, "status writer"); reason != "" {
		return nil, reason, false
	}

	// Snapshot after the error check that follows the load, if any: a
	// copy of an object that failed to load is never used.
	if check := fixes.ErrCheckAfter(info, body, load); check != nil {
		load = check
	}
	if reload != nil {
		load = reload
	}
	clientName, importEdits := fixes.AddImport(pass, file, call.Pos(), crmodel.ClientPath, "client")
	// A copy the function already takes is reused when it is the object
	// as loaded up to the write.
	if late || w.Go {
		until = token.NoPos
	}
	baseName, copyStmt := c.snaps.Copy(pass, c.res, clientName, load, v, addr, body, until, "base")
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

// capturedAt returns the path, from the function literal outwards, of the
// literal innermost on path when it uses v from its enclosing function and
// runs where the snapshot of that function's load still holds: called
// where it is made (func(){...}(), late is then set for a defer), handed
// to a conflict retry (retried), or handed to a function that calls it
// only before it returns (callbacks.synchronous; late is set, since it
// may run more than once). A literal started with go, stored, or handed
// to anything else may run at any time, concurrently with changes to v:
// nil.
func (c *checker) capturedAt(path []ast.Node, v *types.Var, retried bool) (outer []ast.Node, late bool) {
	for i, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return nil, false
		case *ast.FuncLit:
			if n.Pos() <= v.Pos() && v.Pos() < n.End() {
				return nil, false // declared inside: the literal's own variable
			}
			if retried {
				return path[i+1:], false
			}
			if c.callbacks.synchronous(n, path[i:]) {
				return path[i+1:], true
			}
			if i+2 >= len(path) {
				return nil, false
			}
			call, ok := path[i+1].(*ast.CallExpr)
			if !ok || ast.Unparen(call.Fun) != n {
				return nil, false
			}
			switch path[i+2].(type) {
			case *ast.GoStmt:
				return nil, false
			case *ast.DeferStmt:
				return path[i+1:], true
			}
			return path[i+1:], false
		}
	}
	return nil, false
}
