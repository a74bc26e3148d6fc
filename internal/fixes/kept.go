package fixes

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/objchange"
)

// Kept returns the name of a parameter of decl that already carries the
// snapshot Param would add for v (issue 34, item 2): at every call, a
// copy of the object the call passes for v, taken right after the
// object's last load (original := w.DeepCopy() after the Get and its
// error checks), that neither the caller nor decl changes. A write of v
// in decl patches from it, and no signature changes. "" when no
// parameter does.
//
//	original := w.DeepCopy()
//	...
//	return r.updateStatus(ctx, original, w)
//
// decl must qualify as for Param (a helper only the package calls, that
// does not reload v), and every call must be a plain call.
func (th *Threading) Kept(decl *ast.FuncDecl, v *types.Var) string {
	return th.kept(decl, v, func(p *types.Var) bool { return types.Identical(p.Type(), v.Type()) }, "")
}

// KeptStatus returns the name of a parameter of decl that every call
// fills with a deep copy of the status of the object it passes for v,
// taken right after the object's last load (oldStatus :=
// w.Status.DeepCopy()), that neither the caller nor decl changes: the
// object as loaded is then v with that status put back. "" when none
// does, or v's status has no DeepCopy. The rules are Kept's.
func (th *Threading) KeptStatus(decl *ast.FuncDecl, v *types.Var) string {
	status := StatusCopyType(th.Pass.Pkg, v.Type())
	if status == nil {
		return ""
	}
	return th.kept(decl, v, func(p *types.Var) bool { return types.Identical(p.Type(), status) }, "Status")
}

// StatusCopyType returns the type of obj.Status.DeepCopy() for an object
// of type t (a pointer to a struct with a Status field whose DeepCopy
// returns a pointer to its type), or nil.
func StatusCopyType(pkg *types.Package, t types.Type) types.Type {
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	f, _, _ := types.LookupFieldOrMethod(ptr.Elem(), true, pkg, "Status")
	field, ok := f.(*types.Var)
	if !ok || !field.IsField() {
		return nil
	}
	want := types.NewPointer(field.Type())
	dc := MethodSig(pkg, want, "DeepCopy")
	if dc == nil || dc.Params().Len() != 0 || dc.Results().Len() != 1 || !types.Identical(dc.Results().At(0).Type(), want) {
		return nil
	}
	return want
}

// kept is Kept and KeptStatus: the first parameter of decl that match
// accepts and that every call fills with the deep copy of the object the
// call passes for v, or of its field (Status for KeptStatus), that the
// statement right after the object's last load takes (deepCopyAfter).
func (th *Threading) kept(decl *ast.FuncDecl, v *types.Var, match func(*types.Var) bool, field string) string {
	pass, res := th.Pass, th.Res
	info := pass.TypesInfo
	if decl.Body == nil {
		return ""
	}
	obj, _ := info.Defs[decl.Name].(*types.Func)
	fn := res.Func(decl)
	if obj == nil || fn == nil || obj.Exported() || fn.TypeParams().Len() > 0 || !OnlyCalled(pass, res, obj) || Reloads(res.Model, info, decl.Body, v) {
		return ""
	}
	sig := obj.Type().(*types.Signature)
	vIdx := ParamIndex(sig, v)
	callers := res.Callers(fn)
	if vIdx < 0 || sig.Variadic() || len(callers) == 0 {
		return ""
	}
	var calls []*ast.CallExpr
	for _, c := range callers {
		sc, ok := c.(*ssa.Call)
		if !ok || sc.Parent() == fn {
			return ""
		}
		call := res.CallExpr(sc.Pos())
		if call == nil || len(call.Args) != sig.Params().Len() {
			return ""
		}
		calls = append(calls, call)
	}
params:
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if i == vIdx || p.Name() == "" || p.Name() == "_" || !match(p) || !objchange.ParamUnchanged(res, fn, fn.Params[i+len(fn.Params)-sig.Params().Len()]) {
			continue
		}
		for _, call := range calls {
			site, _ := th.site(call, call.Args[vIdx])
			if site == nil || site.load == nil {
				continue params
			}
			load := site.load
			if check := ErrCheckAfter(info, site.body, load); check != nil {
				load = check
			}
			c := deepCopyAfter(info, site.body, load, site.u, field)
			id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
			if c == nil || !ok || info.Uses[id] != info.Defs[c] {
				continue params
			}
			cv, _ := info.Uses[id].(*types.Var)
			if cv == nil || !keptAsLoaded(info, res, site.body, cv, token.NoPos) {
				continue params
			}
		}
		return p.Name()
	}
	return ""
}
