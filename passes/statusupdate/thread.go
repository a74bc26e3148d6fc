package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// threadSnapshot fixes a status Update of v, an object parameter of the
// helper declared innermost on path, by threading the snapshot through:
// each caller copies the object right after it loads it and passes the
// copy in a new last parameter, and the helper patches from it.
//
//	func (r *R) markReady(ctx context.Context, w *api.Widget, base *api.Widget) error {
//		...
//		return r.Status().Patch(ctx, w, client.MergeFrom(base))
//
// A helper already handed such a copy (updateStatus(ctx, original, w),
// original := w.DeepCopy() right after the load in every caller, only read
// after) patches from it instead (fixes.Kept).
//
// This is the snapshot the fix takes where the object is loaded, so the
// patch carries every change made since, by the callers and the helper.
// A copy taken in the helper would miss the callers' changes, and a copy
// read from the cache just before the write would revert what another
// writer changed since the load; neither is offered.
//
// The helper must be one the package alone calls and that nothing else
// depends on the signature of: unexported, only ever called (not used as
// a value), not generic, not a method an interface of the package names
// (a variadic one takes the snapshot before its variadic parameter); it
// must not read into v or assign it. Every call must be
// a plain call (not deferred or started with go) passing a local variable
// that its function loaded on every path before the call. Otherwise nil.
func (c *checker) threadSnapshot(file *ast.File, w *reconcilepath.Write, path []ast.Node, v *types.Var) *analysis.SuggestedFix {
	decl := fixes.DeclOf(path)
	if decl == nil {
		return nil
	}
	call := w.Call
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || c.unpatchable(call, sel) != "" {
		return nil
	}
	th := c.newThreading()
	// A parameter that every caller already fills with a copy taken
	// after the load is the snapshot: patch from it, and change no
	// signature. Else the helper gains one.
	var edits []analysis.TextEdit
	msg := "%s copied where the callers of %s load the object"
	name := th.Kept(decl, v)
	if name != "" {
		msg = "%s, the copy the callers of %s take after the load"
	} else if status := th.KeptStatus(decl, v); status != "" {
		// The callers hand in a copy of the status only: the object
		// as loaded is v with it put back, copied right before the
		// write.
		if edits, name = c.statusPutBack(decl, path, v, status); edits == nil {
			return nil
		}
		msg = "%s, " + v.Name() + " with the status the callers of %s copy after the load put back"
	} else if edits, name = th.Param(decl, v); edits == nil {
		return nil
	}
	clientName, importEdits := fixes.AddImport(c.pass, file, call.Pos(), crmodel.ClientPath, "client")
	objArg := call.Args[1]
	edits = append(edits,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		analysis.TextEdit{Pos: objArg.Pos(), End: objArg.End(), NewText: []byte(types.ExprString(objArg) + ", " + clientName + ".MergeFrom(" + name + ")")},
	)
	edits = append(edits, importEdits...)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Patch the status with %s.MergeFrom(%s), "+msg, clientName, name, name, decl.Name.Name),
		TextEdits: fixes.UniqueEdits(edits),
	}
}

// newThreading starts a threaded fix (fixes.Threading) whose callers
// copy the object after its last load, or, where some paths load it
// again before the call, after the last statement that does so when no
// status change comes between (afterReloads: cloudnative-pg's reconciles
// that update a finalizer on some paths before they hand the object on).
func (c *checker) newThreading() *fixes.Threading {
	return &fixes.Threading{Pass: c.pass, Res: c.res, Names: c.snaps, LastLoad: c.threadedLoad, Explain: c.notLoaded, Synchronous: c.callbacks.synchronous}
}

// threadedLoad is the statement a threaded caller copies u after.
func (c *checker) threadedLoad(path []ast.Node, body *ast.BlockStmt, u *types.Var) ast.Stmt {
	load, _, reason := c.lastLoad(path, body, u)
	if load == nil && reason == fixes.LoadedAgain.Reason(u.Name()) {
		if _, _, reload, _ := c.afterReloads(path, body, u); reload != nil {
			return reload
		}
	}
	return load
}

// notLoaded says why a threaded caller has no statement to copy u after.
func (c *checker) notLoaded(path []ast.Node, body *ast.BlockStmt, u *types.Var) string {
	_, _, problem := c.loads.LastLoad(path, body, u)
	switch problem {
	case fixes.NotLoadedInLiteral:
		return u.Name() + " is not loaded in the function literal that makes the call"
	case fixes.LoadedAgain:
		// Why the snapshot cannot move past the reloads, when that
		// is the reason.
		_, _, _, why := c.afterReloads(path, body, u)
		return u.Name() + " is loaded or assigned again on some paths before the call" + why
	}
	return u.Name() + " is not loaded from the API server before the call"
}

// statusPutBack returns the edits that, right before the statement of
// decl that holds the write at the end of path, copy v and put back the
// status a parameter holds, the base of the patch, and the copy's name:
//
//	original := w.DeepCopy()
//	original.Status = *oldStatus
//	return r.Status().Patch(ctx, w, client.MergeFrom(original))
//
// nil when the statement is not in a block of decl or v has no DeepCopy.
func (c *checker) statusPutBack(decl *ast.FuncDecl, path []ast.Node, v *types.Var, status string) ([]analysis.TextEdit, string) {
	pass := c.pass
	dc := fixes.MethodSig(pass.Pkg, v.Type(), "DeepCopy")
	if dc == nil || dc.Params().Len() != 0 || dc.Results().Len() != 1 || !types.Identical(dc.Results().At(0).Type(), v.Type()) {
		return nil, ""
	}
	var stmt ast.Stmt
	for i := 0; i+1 < len(path); i++ {
		s, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			stmt = s
		}
		if stmt != nil {
			break
		}
	}
	if stmt == nil || stmt.Pos() < decl.Body.Pos() || stmt.End() > decl.Body.End() {
		return nil, ""
	}
	// Not base: conditions' guard of the same write may give the helper a
	// parameter of that name.
	name := fixes.FreeName(pass.Pkg, decl.Body, stmt.Pos(), "original", func(n string) bool { return n == "base" })
	indent := strings.Repeat("\t", pass.Fset.Position(stmt.Pos()).Column-1)
	text := name + " := " + v.Name() + ".DeepCopy()\n" + indent + name + ".Status = *" + status + "\n" + indent
	return []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(text)}}, name
}
