package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
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
	return th.kept(decl, v, func(p *types.Var) bool { return types.Identical(p.Type(), v.Type()) }, copiedAfter)
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
	return th.kept(decl, v, func(p *types.Var) bool { return types.Identical(p.Type(), status) }, statusCopiedAfter)
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

// statusCopiedAfter returns the identifier of the copy of u's status that
// the statement after load already takes (x := u.Status.DeepCopy()), or
// nil.
func statusCopiedAfter(info *types.Info, body *ast.BlockStmt, load ast.Stmt, u *types.Var) *ast.Ident {
	return deepCopyAfter(info, body, load, u, "Status")
}

// kept is Kept and KeptStatus: the first parameter of decl that match
// accepts and that every call fills with the copy copied finds right
// after the last load of the object the call passes for v.
func (th *Threading) kept(decl *ast.FuncDecl, v *types.Var, match func(*types.Var) bool, copied func(*types.Info, *ast.BlockStmt, ast.Stmt, *types.Var) *ast.Ident) string {
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
		if i == vIdx || p.Name() == "" || p.Name() == "_" || !match(p) || !readOnly(info, FileOf(pass, decl.Pos()), decl.Body, p, nil) {
			continue
		}
		// The copy is handed to the helper, by any of the calls.
		handed := make(map[ast.Expr]bool)
		for _, call := range calls {
			handed[call.Args[i]] = true
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
			c := copied(info, site.body, load, site.u)
			id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
			if c == nil || !ok || info.Uses[id] != info.Defs[c] {
				continue params
			}
			cv, _ := info.Uses[id].(*types.Var)
			if cv == nil || !readOnly(info, FileOf(pass, call.Pos()), site.body, cv, func(_ *ast.CallExpr, arg ast.Expr) bool { return handed[arg] }) {
				continue params
			}
		}
		return p.Name()
	}
	return ""
}

// readOnly reports whether body only reads x: never assigns it or through
// it, takes its address, hands it on (stored, returned, sent, passed to a
// function other than one that only reads it, or as an argument that
// handedOn accepts) or calls a method of it other than a DeepCopy or a
// getter. A local that a part of x is bound to (oldStatus :=
// original.Status, which shares x's pointers, slices and maps) counts as x
// and must be only read in turn. A copy that is only read stays the
// object as it was loaded.
func readOnly(info *types.Info, file *ast.File, body *ast.BlockStmt, x *types.Var, handedOn func(call *ast.CallExpr, arg ast.Expr) bool) bool {
	return readOnlyBefore(info, file, body, x, handedOn, token.NoPos)
}

// readOnlyBefore is readOnly for the uses of x before end (token.NoPos:
// all of them), and of the locals bound to it, wherever they are used.
func readOnlyBefore(info *types.Info, file *ast.File, body *ast.BlockStmt, x *types.Var, handedOn func(call *ast.CallExpr, arg ast.Expr) bool, end token.Pos) bool {
	if file == nil {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !ok || !isID || info.Uses[id] != x || end.IsValid() && id.Pos() >= end {
			return ok
		}
		path, _ := astutil.PathEnclosingInterval(file, id.Pos(), id.End())
		// Climb the selectors, indexes and parentheses rooted at x.
		i := 0
		for i+1 < len(path) {
			switch p := path[i+1].(type) {
			case *ast.SelectorExpr:
				if p.X != path[i] {
					break
				}
				i++
				continue
			case *ast.IndexExpr:
				if p.X != path[i] {
					break
				}
				i++
				continue
			case *ast.ParenExpr, *ast.StarExpr:
				i++
				continue
			}
			break
		}
		expr := path[i].(ast.Expr)
		if i+1 >= len(path) {
			return true
		}
		switch p := path[i+1].(type) {
		case *ast.AssignStmt:
			// Only _ = x, which keeps the copy used, and a new local
			// that is only read.
			ok = len(p.Lhs) == len(p.Rhs)
			for j, r := range p.Rhs {
				if r == expr {
					id, isID := p.Lhs[j].(*ast.Ident)
					ok = ok && isID && (id.Name == "_" || p.Tok == token.DEFINE && boundOnlyRead(info, file, body, id, handedOn))
				} else if j < len(p.Lhs) && p.Lhs[j] == expr {
					ok = false
				}
			}
			for _, l := range p.Lhs {
				if l == expr {
					ok = false
				}
			}
		case *ast.IncDecStmt, *ast.ReturnStmt, *ast.SendStmt, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ValueSpec:
			ok = false
		case *ast.RangeStmt:
			ok = p.X == expr
		case *ast.UnaryExpr:
			ok = p.Op != token.AND
		case *ast.CallExpr:
			if p.Fun == expr {
				// A method of x (or of a field of it).
				sel, isSel := expr.(*ast.SelectorExpr)
				ok = isSel && (strings.HasPrefix(sel.Sel.Name, "DeepCopy") || strings.HasPrefix(sel.Sel.Name, "Get"))
				break
			}
			ok = onlyReads(info, p) || (handedOn != nil && handedOn(p, expr))
		}
		return ok
	})
	return ok
}

// boundOnlyRead reports whether id, a local a := defines, is a new
// variable that body only reads (readOnly).
func boundOnlyRead(info *types.Info, file *ast.File, body *ast.BlockStmt, id *ast.Ident, handedOn func(call *ast.CallExpr, arg ast.Expr) bool) bool {
	v, _ := info.Defs[id].(*types.Var)
	return v != nil && readOnly(info, file, body, v, handedOn)
}

// onlyReads reports whether call reads its arguments without changing
// them: len or cap, a function of a package that only reads what it is
// handed (objchange.OnlyReads: reflect.DeepEqual, apimachinery's
// equality.Semantic, loggers, fmt), a comparison (conversion.Equalities'
// DeepEqual and DeepDerivative, go-cmp's Equal) or a patch made from a
// copy (controller-runtime's client.MergeFrom, MergeFromWithOptions,
// StrategicMergeFrom).
func onlyReads(info *types.Info, call *ast.CallExpr) bool {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	if id == nil {
		return false
	}
	if b, ok := info.Uses[id].(*types.Builtin); ok {
		return b.Name() == "len" || b.Name() == "cap"
	}
	fn, _ := info.Uses[id].(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if objchange.OnlyReads(fn) {
		return true // a logger's, a formatter's or a comparison's
	}
	switch crmodel.Unvendor(fn.Pkg().Path()) + "." + fn.Name() {
	case "github.com/google/go-cmp/cmp.Equal",
		"k8s.io/apimachinery/pkg/conversion.DeepEqual", "k8s.io/apimachinery/pkg/conversion.DeepDerivative",
		"k8s.io/apimachinery/third_party/forked/golang/reflect.DeepEqual",
		crmodel.ClientPath + ".MergeFrom", crmodel.ClientPath + ".MergeFromWithOptions", crmodel.ClientPath + ".StrategicMergeFrom":
		return true
	}
	return false
}
