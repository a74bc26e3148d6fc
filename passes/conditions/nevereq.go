package conditions

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/statuslint/statuslint/internal/crmodel"
	"github.com/statuslint/statuslint/internal/fixes"
	"github.com/statuslint/statuslint/internal/ignore"
	"github.com/statuslint/statuslint/internal/reconcilepath"
)

// A comparison meant to skip a status write that changes nothing can
// itself be the reason the write goes out on every pass: DeepEqual of a
// status and a pointer to its copy (reflect.DeepEqual and
// equality.Semantic.DeepEqual compare types first) never holds, as in
//
//	oldStatus := cq.Status.DeepCopy()
//	...
//	if !equality.Semantic.DeepEqual(cq.Status, oldStatus) {
//		return r.client.Status().Update(ctx, cq)
//	}
//
// The pass reports such a comparison of a status (a value of a field named
// Status, or a pointer to one) wherever it is, whether or not a
// SetStatusCondition comes before it: whatever else the function changes,
// the guard decides nothing. The fix takes the value's address, where the
// copy is taken right after the object's load in the same function: then
// the working comparison still sees every change made since the load.
// Elsewhere (the object a parameter, the copy taken later) it would skip
// writes of changes made before the copy, which are sent today.

const neverEqualMsg = "%s compares %s with %s, which never holds, so the status is written on every reconcile: compare %s with %s"

// neverEqualDiagnostics returns the diagnostics of fn's comparisons of a
// status with a pointer to one, in production files or with tests in
// _test.go files.
func (c *checker) neverEqualDiagnostics(fn *ssa.Function, tests bool) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !crmodel.IsEqualityFunc(reconcilepath.CalleeFunc(call.Common())) || !neverEqual(call) {
				continue
			}
			if d, ok := c.neverEqualDiagnostic(call, tests); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// reportNeverEqual reports the comparisons of a status with a pointer to
// one in c's functions.
func (c *checker) reportNeverEqual(rep *ignore.Reporter, tests bool) {
	for _, fn := range c.funcs {
		for _, d := range c.neverEqualDiagnostics(fn, tests) {
			rep.Report(d)
		}
	}
}

func (c *checker) neverEqualDiagnostic(call *ssa.Call, tests bool) (analysis.Diagnostic, bool) {
	args := call.Common().Args
	x := args[len(args)-2].(*ssa.MakeInterface).X
	y := args[len(args)-1].(*ssa.MakeInterface).X
	// One side is a value of the other's pointer type: the mistake of a
	// missing & or *, not a comparison of unrelated things.
	val := x
	if p, ok := x.Type().Underlying().(*types.Pointer); ok && types.Identical(p.Elem(), y.Type()) {
		val = y
	} else if p, ok := y.Type().Underlying().(*types.Pointer); !ok || !types.Identical(p.Elem(), x.Type()) {
		return analysis.Diagnostic{}, false
	}
	if !isStatusValue(val) {
		return analysis.Diagnostic{}, false
	}
	syn := c.res.CallExpr(call.Pos())
	if syn == nil || len(syn.Args) < 2 {
		return analysis.Diagnostic{}, false
	}
	file := fixes.FileOf(c.pass, syn.Pos())
	if ignore.OutsideCheck(c.pass, file, tests) {
		return analysis.Diagnostic{}, false
	}
	valExpr, ptrExpr := syn.Args[len(syn.Args)-2], syn.Args[len(syn.Args)-1]
	if val == y {
		valExpr, ptrExpr = ptrExpr, valExpr
	}
	qual := func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		return p.Name()
	}
	name := "DeepEqual"
	if sel, ok := ast.Unparen(syn.Fun).(*ast.SelectorExpr); ok {
		name = types.ExprString(sel)
	}
	addr := "&" + types.ExprString(valExpr)
	d := analysis.Diagnostic{
		Pos: syn.Pos(), End: syn.End(),
		Message: fmt.Sprintf(neverEqualMsg, name, types.TypeString(val.Type(), qual), types.TypeString(types.NewPointer(val.Type()), qual), addr, types.ExprString(ptrExpr)),
	}
	if reason := c.copiedAtLoad(file, valExpr, ptrExpr); reason != "" {
		d.Message += " (no suggested fix: " + reason + ")"
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Compare " + addr + " with " + types.ExprString(ptrExpr),
			TextEdits: []analysis.TextEdit{{Pos: valExpr.Pos(), End: valExpr.Pos(), NewText: []byte("&")}},
		}}
	}
	return d, true
}

// copiedAtLoad says why making the comparison hold could drop a change, or
// "" when it cannot: the copy (ptrExpr, a variable) must be x.Status's
// DeepCopy taken right after the statement that loads x (or its error
// check), x a variable of the function, so that every change of the status
// since the load is in the comparison. A copy taken later, or of an object
// the caller loaded, leaves out what was changed before it, which the
// write, today sent on every pass, would no longer send.
func (c *checker) copiedAtLoad(file *ast.File, valExpr, ptrExpr ast.Expr) string {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(valExpr).(*ast.SelectorExpr)
	if !ok {
		return "the status is not a field of a variable"
	}
	x, _ := fixes.ObjectVar(info, sel.X)
	id, ok := ast.Unparen(ptrExpr).(*ast.Ident)
	if x == nil || !ok {
		return "the copy is not a variable"
	}
	cp, _ := info.Uses[id].(*types.Var)
	if cp == nil {
		return "the copy is not a variable"
	}
	path, _ := astutil.PathEnclosingInterval(file, cp.Pos(), cp.Pos())
	body, _ := fixes.EnclosingFunc(path)
	if body == nil || x.Pos() < body.Pos() || x.Pos() > body.End() {
		return x.Name() + " is loaded by the caller, whose changes before the copy would no longer be written"
	}
	var copyStmt ast.Stmt
	for _, n := range path {
		if s, ok := n.(*ast.AssignStmt); ok {
			copyStmt = s
			break
		}
	}
	if copyStmt == nil {
		return "the copy is not declared by an assignment"
	}
	cpath, _ := astutil.PathEnclosingInterval(file, copyStmt.Pos(), copyStmt.End())
	load, _, _ := fixes.LastLoad(info, fixes.GetInto(c.res.Model, info), cpath, body, x)
	if load == nil {
		return "the copy does not follow a load of " + x.Name()
	}
	after := load
	if check := fixes.ErrCheckAfter(info, body, load); check != nil {
		after = check
	}
	if fixes.StmtAfter(body, after) != copyStmt {
		return "the copy is not taken right after " + x.Name() + " is loaded, so changes made before it would no longer be written"
	}
	return ""
}

// isStatusValue reports whether v is read from a field named Status of an
// object (cq.Status).
func isStatusValue(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	st := crmodel.StructOf(fa.X.Type())
	return st != nil && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "Status"
}
