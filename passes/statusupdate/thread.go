package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

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
	if !ok || fixes.Unpatchable(c.pass.TypesInfo, c.pass.Pkg, call, sel, "status writer") != "" {
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

// siblingInPackage is the fix of w, a status Update of v, a parameter of
// the helper that writes it, when the helper cannot gain a snapshot
// parameter (threadSnapshot): it is exported, or a test beside it calls
// it. The helper gets the sibling a caller in another package would add
// (siblings.of), beside it in this package, and every call of the helper
// in the package's production code calls the sibling with a copy taken
// after its own load. The helper stays as it was for the callers this
// pass does not see (tests, other packages, code outside the module). A
// deferred call takes the copy where it is deferred, provided nothing
// reads into the object again before the function returns.
//
// A caller that hands on its own object parameter, and cannot gain a
// snapshot parameter in turn because its signature must stay too (a test
// calls it, or a caller of it that must keep its own), gets a sibling as
// well, which calls the helper's; its callers move the same way, up to
// the loads (cloudnative-pg's waitForPrerequisites, called by its tests,
// hands the pooler to markInactiveAndWait, which hands it to
// setPoolerPhase, also called by the tests). The originals are left
// whole, each calling the originals below it, for the tests.
//
// It returns nil and why not when some call cannot take a copy, or there
// is no sibling.
func (c *checker) siblingInPackage(w *reconcilepath.Write, path []ast.Node, v *types.Var) (*analysis.SuggestedFix, string) {
	pass, res := c.pass, c.res
	decl := fixes.DeclOf(path)
	if decl == nil || res.Func(decl) != w.Fn {
		return nil, "" // in a literal of the helper
	}
	fn := w.Fn
	idx := fixes.ParamIndex(fn.Signature, v)
	if idx < 0 || len(res.Callers(fn)) == 0 {
		return nil, ""
	}
	s := c.siblings(true)
	sb := s.of(fn, idx, "", 0)
	switch {
	case sb.why != "":
		return nil, "no sibling: " + sb.why
	case sb.inPlace:
		return nil, ""
	}
	th := c.newThreading()
	var edits []analysis.TextEdit
	var made []string // the siblings, the helper's first
	moved := make(map[*ssa.Function]bool)
	// move makes fn's sibling sb part of the fix and every production
	// call of fn a call of sb with a copy: taken after the caller's
	// load, threaded through a caller that can gain a parameter, or
	// handed on by the caller's own sibling.
	var move func(fn *ssa.Function, idx int, sb *sibling, depth int) string
	move = func(fn *ssa.Function, idx int, sb *sibling, depth int) string {
		moved[fn] = true
		made = append(made, sb.name)
		edits = append(edits, sb.edits...)
		if len(sb.foreign) > 0 {
			// The sibling calls other packages' siblings, which only a
			// driver that applies every package's fixes together can add.
			if !fixes.AcrossPackages() {
				return fmt.Sprintf("statuslint -fix adds %s beside %s, with siblings in other packages", sb.name, fn.Name())
			}
			resolved, err := fixes.ResolveEdits(pass.Fset, sb.foreign)
			if err != nil {
				return err.Error()
			}
			edits = append(edits, resolved...)
		}
		sig := fn.Signature
		for _, site := range res.Callers(fn) {
			call := res.CallExpr(site.Common().Pos())
			if site.Common().IsInvoke() {
				return fmt.Sprintf("%s is called through an interface method at %s, which a sibling is not part of", fn.Name(), c.position(site.Pos()))
			}
			if call == nil || idx >= len(call.Args) || site.Parent() == fn {
				return fmt.Sprintf("%s is called in a way the fix cannot follow (a method value, a recursive call)", fn.Name())
			}
			at := c.position(call.Pos())
			switch site.(type) {
			case *ssa.Go:
				return fmt.Sprintf("the call at %s starts a goroutine", at)
			case *ssa.Defer:
				if why := c.deferredCopy(call, call.Args[idx]); why != "" {
					return fmt.Sprintf("the deferred call at %s: %s", at, why)
				}
			}
			fun := calleeName(call)
			if fun == nil {
				return fmt.Sprintf("%s is called at %s in a way the fix cannot rename", fn.Name(), at)
			}
			th.FailedAt, th.FailedWhy = token.NoPos, ""
			if callEdits := th.Arg(call, call.Args[idx], sig.Params().At(idx).Type()); callEdits != nil {
				edits = append(edits, analysis.TextEdit{Pos: fun.Pos(), End: fun.End(), NewText: []byte(sb.name)})
				edits = append(edits, callEdits...)
				continue
			}
			// The caller's sibling makes this call, renamed, itself.
			caller := site.Parent()
			u, addr := fixes.ObjectVar(pass.TypesInfo, call.Args[idx])
			up := -1
			if caller.Parent() == nil && u != nil && !addr && !res.IsRoot(caller) {
				up = fixes.ParamIndex(caller.Signature, u)
			}
			if up >= 0 && depth+1 >= maxSiblingDepth {
				return fmt.Sprintf("the object handed to %s at %s is %s's parameter, more than %d helpers from the write", fn.Name(), at, caller.Name(), maxSiblingDepth)
			}
			if up < 0 {
				return c.notCopied(th, call, fn.Name())
			}
			if moved[caller] {
				continue
			}
			if _, plain := site.(*ssa.Call); !plain {
				return fmt.Sprintf("the call at %s is deferred", at)
			}
			threadFailed, threadWhy := th.FailedAt, th.FailedWhy
			csb := s.of(caller, up, "", 0)
			switch {
			case csb.why != "" && threadFailed.IsValid() && threadFailed != call.Pos():
				// The caller could gain the parameter but for a call
				// further up: that call is the reason.
				return fmt.Sprintf("the object handed on at %s: %s", c.position(threadFailed), threadWhy)
			case csb.why != "":
				return fmt.Sprintf("at %s, %s hands on its own parameter and has no sibling: %s", at, caller.Name(), csb.why)
			case csb.inPlace:
				th.FailedAt, th.FailedWhy = threadFailed, threadWhy
				return c.notCopied(th, call, fn.Name())
			}
			if why := move(caller, up, csb, depth+1); why != "" {
				return why
			}
		}
		return ""
	}
	if why := move(fn, idx, sb, 0); why != "" {
		return nil, why
	}
	msg := fmt.Sprintf("Patch the status in %s, a copy of %s beside it, with a copy of the object its callers take after the load", sb.name, fn.Name())
	if len(made) > 1 {
		msg += fmt.Sprintf(" (and %s beside the callers that hand it on)", strings.Join(made[1:], ", "))
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: fixes.UniqueEdits(edits)}, ""
}

// notCopied says where and why th could not hand call, a call of the
// helper named helper ("" for none), a copy of the object it passes,
// from what th recorded (fixes.Threading.FailedAt and FailedWhy): at the
// call, or at a call further up that hands the object on.
func (c *checker) notCopied(th *fixes.Threading, call *ast.CallExpr, helper string) string {
	why := th.FailedWhy
	if why == "" {
		why = "the object is not loaded on every path before the call"
	}
	at := c.position(call.Pos())
	further := th.FailedAt.IsValid() && th.FailedAt != call.Pos()
	switch {
	case helper == "" && further:
		return fmt.Sprintf("at %s, %s", c.position(th.FailedAt), why)
	case helper == "":
		return fmt.Sprintf("at %s, %s", at, why)
	case further:
		return fmt.Sprintf("the object handed to %s at %s is handed on from further up, and at %s, %s", helper, at, c.position(th.FailedAt), why)
	}
	return fmt.Sprintf("the object handed to %s at %s: %s", helper, at, why)
}

// deferredCopy says why the deferred call cannot be handed a copy taken
// where it is deferred: the object it is handed is read into again, or
// assigned, somewhere in its function, and would be newer than the copy
// when the call runs. "" when it can.
func (c *checker) deferredCopy(call *ast.CallExpr, arg ast.Expr) string {
	u, _ := fixes.ObjectVar(c.pass.TypesInfo, arg)
	file := c.fileOf(call)
	if u == nil || file == nil {
		return "the object is not a local variable"
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	body, _ := fixes.EnclosingFunc(path)
	if body == nil {
		return "it is not in a function body"
	}
	load, loadCall, reason := c.lastLoad(path, body, u)
	if load == nil {
		return reason
	}
	if c.loadedElsewhere(body, u, loadCall, load, nil) {
		return fmt.Sprintf("%s is read again in the function before the call runs", u.Name())
	}
	return ""
}
